//===- ElementwiseRules.cpp - jvp/vjp of the elementwise ops --------------===//
//
// A differentiable unary op is its derivative f'(x, y) (y = f(x)): the jvp
// is t * f', the vjp ct * f' (elementwise derivatives are self-adjoint). A
// binary op is its two partials. Linear ops (neg, add, sub, select,
// convert) have direct rules that keep zeros symbolic.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/autodiff/RuleUtil.h"

#include <cmath>

namespace parax::frontend::ad {

namespace {

using Deriv = Value (*)(Evaluator &ev, const Value &x, const Value &y);

template <Deriv D> Vals unaryJvp(OpCtx &c, const Vals &t) {
  return {mul(c.ev, t[0], D(c.ev, c.in[0], c.out[0]))};
}
template <Deriv D> Vals unaryVjp(OpCtx &c, const Vals &ct) {
  return {mul(c.ev, ct[0], D(c.ev, c.in[0], c.out[0]))};
}

Value sq(Evaluator &ev, const Value &x) { return mul(ev, x, x); }
Value rsqrt(Evaluator &ev, const Value &x) { return prims::unary(ev, OpKind::Rsqrt, x); }

/// 1 for x >= 0 (zero included), -1 otherwise: JAX's select(x >= 0, t, -t).
Value dAbs(Evaluator &ev, const Value &x, const Value &) {
  return prims::select(ev, prims::compare(ev, OpKind::Ge, x, constLike(ev, x, 0.0)),
                       constLike(ev, x, 1.0), constLike(ev, x, -1.0));
}
Value dExp(Evaluator &, const Value &, const Value &y) { return y; }
Value dExp2(Evaluator &ev, const Value &, const Value &y) {
  return mul(ev, y, constLike(ev, y, std::log(2.0)));
}
Value dLog(Evaluator &ev, const Value &x, const Value &) {
  return div(ev, constLike(ev, x, 1.0), x);
}
Value dLog1p(Evaluator &ev, const Value &x, const Value &) {
  return div(ev, constLike(ev, x, 1.0), add(ev, x, constLike(ev, x, 1.0)));
}
Value dExpm1(Evaluator &ev, const Value &, const Value &y) {
  return add(ev, y, constLike(ev, y, 1.0));
}
Value dSqrt(Evaluator &ev, const Value &, const Value &y) {
  return div(ev, constLike(ev, y, 0.5), y);
}
Value dRsqrt(Evaluator &ev, const Value &x, const Value &y) {
  return mul(ev, constLike(ev, y, -0.5), div(ev, y, x));
}
Value dCbrt(Evaluator &ev, const Value &, const Value &y) {
  return div(ev, constLike(ev, y, 1.0 / 3.0), sq(ev, y));
}
Value dSin(Evaluator &ev, const Value &x, const Value &) {
  return prims::unary(ev, OpKind::Cos, x);
}
Value dCos(Evaluator &ev, const Value &x, const Value &) {
  return neg(ev, prims::unary(ev, OpKind::Sin, x));
}
Value dTan(Evaluator &ev, const Value &, const Value &y) {
  return add(ev, constLike(ev, y, 1.0), sq(ev, y));
}
Value dAsin(Evaluator &ev, const Value &x, const Value &) {
  return rsqrt(ev, sub(ev, constLike(ev, x, 1.0), sq(ev, x)));
}
Value dAcos(Evaluator &ev, const Value &x, const Value &) {
  return neg(ev, rsqrt(ev, sub(ev, constLike(ev, x, 1.0), sq(ev, x))));
}
Value dAtan(Evaluator &ev, const Value &x, const Value &) {
  return div(ev, constLike(ev, x, 1.0), add(ev, constLike(ev, x, 1.0), sq(ev, x)));
}
Value dSinh(Evaluator &ev, const Value &x, const Value &) {
  return prims::unary(ev, OpKind::Cosh, x);
}
Value dCosh(Evaluator &ev, const Value &x, const Value &) {
  return prims::unary(ev, OpKind::Sinh, x);
}
Value dTanh(Evaluator &ev, const Value &, const Value &y) {
  return sub(ev, constLike(ev, y, 1.0), sq(ev, y));
}
Value dAsinh(Evaluator &ev, const Value &x, const Value &) {
  return rsqrt(ev, add(ev, sq(ev, x), constLike(ev, x, 1.0)));
}
Value dAcosh(Evaluator &ev, const Value &x, const Value &) {
  return rsqrt(ev, sub(ev, sq(ev, x), constLike(ev, x, 1.0)));
}
Value dAtanh(Evaluator &ev, const Value &x, const Value &) {
  return div(ev, constLike(ev, x, 1.0), sub(ev, constLike(ev, x, 1.0), sq(ev, x)));
}
Value dLogistic(Evaluator &ev, const Value &, const Value &y) {
  return mul(ev, y, sub(ev, constLike(ev, y, 1.0), y));
}
Value dErf(Evaluator &ev, const Value &x, const Value &) {
  return mul(ev, constLike(ev, x, 2.0 / std::sqrt(M_PI)),
             prims::unary(ev, OpKind::Exp, neg(ev, sq(ev, x))));
}
Value dErfInv(Evaluator &ev, const Value &, const Value &y) {
  return mul(ev, constLike(ev, y, std::sqrt(M_PI) / 2.0),
             prims::unary(ev, OpKind::Exp, sq(ev, y)));
}

// --- Linear unary / conversions ---------------------------------------------
Vals negJvp(OpCtx &c, const Vals &t) { return {neg(c.ev, t[0])}; }
Vals negVjp(OpCtx &c, const Vals &ct) { return {neg(c.ev, ct[0])}; }

bool stopsGradient(const ir::Operation &op) { return op.attrs().has("stop_gradient"); }

Vals convertJvp(OpCtx &c, const Vals &t) {
  if (stopsGradient(c.op) || !differentiable(operandType(c, 0)))
    return {Value()};
  const TensorType &r = c.op.result(0)->type();
  return {prims::convert(c.ev, t[0], r.dtype, r.weak)};
}
Vals convertVjp(OpCtx &c, const Vals &ct) {
  if (stopsGradient(c.op) || !differentiable(c.op.result(0)->type()))
    return {Value()};
  const TensorType &t = operandType(c, 0);
  return {prims::convert(c.ev, ct[0], t.dtype, t.weak)};
}

// --- Binary -------------------------------------------------------------------
Vals addJvp(OpCtx &c, const Vals &t) { return {addAny(c.ev, t[0], t[1])}; }
Vals addVjp(OpCtx &, const Vals &ct) { return {ct[0], ct[0]}; }
Vals subJvp(OpCtx &c, const Vals &t) {
  if (t[1].isNone())
    return {t[0]};
  return {t[0].isNone() ? neg(c.ev, t[1]) : sub(c.ev, t[0], t[1])};
}
Vals subVjp(OpCtx &c, const Vals &ct) { return {ct[0], neg(c.ev, ct[0])}; }

/// Partial derivatives of a binary op at (a, b) with result y.
using Partials = std::pair<Value, Value> (*)(Evaluator &ev, const Value &a, const Value &b,
                                             const Value &y, bool needA, bool needB);

template <Partials P> Vals binaryJvp(OpCtx &c, const Vals &t) {
  auto [da, db] = P(c.ev, c.in[0], c.in[1], c.out[0], !t[0].isNone(), !t[1].isNone());
  return {addAny(c.ev, mulAny(c.ev, t[0], da), mulAny(c.ev, t[1], db))};
}
template <Partials P> Vals binaryVjp(OpCtx &c, const Vals &ct) {
  bool a = differentiable(operandType(c, 0)), b = differentiable(operandType(c, 1));
  auto [da, db] = P(c.ev, c.in[0], c.in[1], c.out[0], a, b);
  return {a ? mul(c.ev, ct[0], da) : Value(), b ? mul(c.ev, ct[0], db) : Value()};
}

std::pair<Value, Value> pMul(Evaluator &, const Value &a, const Value &b, const Value &,
                             bool, bool) {
  return {b, a};
}
std::pair<Value, Value> pDiv(Evaluator &ev, const Value &a, const Value &b, const Value &y,
                             bool needA, bool needB) {
  Value da = needA ? div(ev, constLike(ev, a, 1.0), b) : Value();
  Value db = needB ? neg(ev, div(ev, y, b)) : Value();
  return {da, db};
}
/// x - trunc(x / y) * y: d/dx = 1, d/dy = -trunc(x / y).
std::pair<Value, Value> pRem(Evaluator &ev, const Value &a, const Value &b, const Value &,
                             bool, bool needB) {
  Value db;
  if (needB) {
    Value q = div(ev, a, b);
    Value tr = mul(ev, prims::unary(ev, OpKind::Sign, q),
                   prims::unary(ev, OpKind::Floor, prims::unary(ev, OpKind::Abs, q)));
    db = neg(ev, tr);
  }
  return {constLike(ev, a, 1.0), db};
}
/// x - floor(x / y) * y (Python %): d/dy = -floor(x / y).
std::pair<Value, Value> pMod(Evaluator &ev, const Value &a, const Value &b, const Value &,
                             bool, bool needB) {
  Value db = needB ? neg(ev, prims::unary(ev, OpKind::Floor, div(ev, a, b))) : Value();
  return {constLike(ev, a, 1.0), db};
}
/// d/dx x^y = y x^(y-1) (0 where y == 0); d/dy = log(x) x^y (0 where x == 0).
std::pair<Value, Value> pPow(Evaluator &ev, const Value &a, const Value &b, const Value &y,
                             bool needA, bool needB) {
  Value da, db;
  if (needA) {
    Value p = prims::binary(ev, OpKind::Pow, a, sub(ev, b, constLike(ev, b, 1.0)));
    Value zero = constLike(ev, b, 0.0);
    da = prims::select(ev, prims::compare(ev, OpKind::Eq, b, zero), zero, mul(ev, b, p));
  }
  if (needB) {
    Value zero = constLike(ev, a, 0.0);
    Value safe = prims::select(ev, prims::compare(ev, OpKind::Eq, a, zero),
                               constLike(ev, a, 1.0), a);
    db = mul(ev, prims::unary(ev, OpKind::Log, safe), y);
  }
  return {da, db};
}
/// JAX's balanced rule for max/min: ties split the derivative in half.
std::pair<Value, Value> pMaxMin(Evaluator &ev, const Value &a, const Value &b, const Value &y,
                                bool, bool) {
  auto share = [&](const Value &x, const Value &other) {
    Value one = constLike(ev, x, 1.0), half = constLike(ev, x, 0.5), zero = constLike(ev, x, 0.0);
    Value w = prims::select(ev, prims::compare(ev, OpKind::Eq, other, y), half, one);
    return prims::select(ev, prims::compare(ev, OpKind::Eq, x, y), w, zero);
  };
  return {share(a, b), share(b, a)};
}
std::pair<Value, Value> pAtan2(Evaluator &ev, const Value &a, const Value &b, const Value &,
                               bool, bool) {
  Value den = add(ev, sq(ev, a), sq(ev, b));
  return {div(ev, b, den), neg(ev, div(ev, a, den))};
}

// --- select(p, a, b) ------------------------------------------------------------
Vals selectJvp(OpCtx &c, const Vals &t) {
  if (t[1].isNone() && t[2].isNone())
    return {Value()};
  const TensorType &rt = c.op.result(0)->type();
  return {prims::select(c.ev, c.in[0], instantiate(c.ev, t[1], rt), instantiate(c.ev, t[2], rt))};
}
Vals selectVjp(OpCtx &c, const Vals &ct) {
  Value zero = zerosOf(c.ev, operandType(c, 1));
  return {Value(), prims::select(c.ev, c.in[0], ct[0], zero),
          prims::select(c.ev, c.in[0], zero, ct[0])};
}

} // namespace

void registerElementwiseRules(RuleTable &t) {
#define UNARY(K, D) t[OpKind::K].jvp = unaryJvp<D>, t[OpKind::K].vjp = unaryVjp<D>
  UNARY(Abs, dAbs);
  UNARY(Exp, dExp);
  UNARY(Exp2, dExp2);
  UNARY(Log, dLog);
  UNARY(Log1p, dLog1p);
  UNARY(Expm1, dExpm1);
  UNARY(Sqrt, dSqrt);
  UNARY(Rsqrt, dRsqrt);
  UNARY(Cbrt, dCbrt);
  UNARY(Sin, dSin);
  UNARY(Cos, dCos);
  UNARY(Tan, dTan);
  UNARY(Asin, dAsin);
  UNARY(Acos, dAcos);
  UNARY(Atan, dAtan);
  UNARY(Sinh, dSinh);
  UNARY(Cosh, dCosh);
  UNARY(Tanh, dTanh);
  UNARY(Asinh, dAsinh);
  UNARY(Acosh, dAcosh);
  UNARY(Atanh, dAtanh);
  UNARY(Logistic, dLogistic);
  UNARY(Erf, dErf);
  UNARY(ErfInv, dErfInv);
#undef UNARY
#define BINARY(K, P) t[OpKind::K].jvp = binaryJvp<P>, t[OpKind::K].vjp = binaryVjp<P>
  BINARY(Mul, pMul);
  BINARY(Div, pDiv);
  BINARY(Rem, pRem);
  BINARY(Mod, pMod);
  BINARY(Pow, pPow);
  BINARY(Max, pMaxMin);
  BINARY(Min, pMaxMin);
  BINARY(Atan2, pAtan2);
#undef BINARY
  t[OpKind::Neg] = {negJvp, negVjp};
  t[OpKind::Add] = {addJvp, addVjp};
  t[OpKind::Sub] = {subJvp, subVjp};
  t[OpKind::Convert] = {convertJvp, convertVjp};
  t[OpKind::Select] = {selectJvp, selectVjp};
  // Piecewise constant or not real-valued: zero derivative, as in JAX.
  for (OpKind k : {OpKind::Sign, OpKind::Floor, OpKind::Ceil, OpKind::Round, OpKind::Not,
                   OpKind::IsFinite, OpKind::BitcastConvert, OpKind::FloorDiv, OpKind::And,
                   OpKind::Or, OpKind::Xor, OpKind::ShiftLeft, OpKind::ShiftRightLogical,
                   OpKind::ShiftRightArithmetic, OpKind::Eq, OpKind::Ne, OpKind::Lt,
                   OpKind::Le, OpKind::Gt, OpKind::Ge, OpKind::Constant, OpKind::Iota,
                   OpKind::Threefry2x32, OpKind::DebugPrint, OpKind::DebugBreakpoint})
    t[k].nonDifferentiable = true;
}

} // namespace parax::frontend::ad
