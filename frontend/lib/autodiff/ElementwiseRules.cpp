//===- ElementwiseRules.cpp - jvp/vjp of the elementwise ops --------------===//
//
// A differentiable unary op is its tangent rule g -> T(g, x, y) (y = f(x)),
// written in the order of operations of JAX's jvp rule (lax.py) so that
// float32 results round the same: mostly g * f'(x, y) or g / h(x). The vjp
// is the same rule on the cotangent (elementwise derivatives are
// self-adjoint) except where JAX's jvp is a longer linear expression (tanh,
// exp2, erf, erf_inv, atanh): there the vjp evaluates its transpose, as
// JAX's grad does. A binary op is its two partials. Linear ops (neg, add,
// sub, select, convert) have direct rules that keep zeros symbolic.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/autodiff/RuleUtil.h"

#include <cmath>

namespace parax::frontend::ad {

namespace {

/// The tangent (vjp false) or cotangent (vjp true) image of `g`.
using Tangent = Value (*)(Evaluator &ev, const Value &g, const Value &x, const Value &y,
                          bool vjp);

template <Tangent T> Vals unaryJvp(OpCtx &c, const Vals &t) {
  return {T(c.ev, t[0], c.in[0], c.out[0], false)};
}
template <Tangent T> Vals unaryVjp(OpCtx &c, const Vals &ct) {
  return {T(c.ev, ct[0], c.in[0], c.out[0], true)};
}

Value sq(Evaluator &ev, const Value &x) { return mul(ev, x, x); }
Value rsqrt(Evaluator &ev, const Value &x) { return prims::unary(ev, OpKind::Rsqrt, x); }
Value one(Evaluator &ev, const Value &like) { return constLike(ev, like, 1.0); }
Value recip(Evaluator &ev, const Value &x) { return div(ev, one(ev, x), x); }

/// 1 for x >= 0 (zero included), -1 otherwise: JAX's select(x >= 0, t, -t).
Value tAbs(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return mul(ev, g, prims::select(ev, prims::compare(ev, OpKind::Ge, x, constLike(ev, x, 0.0)),
                                  one(ev, x), constLike(ev, x, -1.0)));
}
Value tExp(Evaluator &ev, const Value &g, const Value &, const Value &y, bool) {
  return mul(ev, g, y);
}
/// log(2) * (g * y); transposed (ct * log(2)) * y.
Value tExp2(Evaluator &ev, const Value &g, const Value &, const Value &y, bool vjp) {
  Value ln2 = constLike(ev, y, std::log(2.0));
  return vjp ? mul(ev, mul(ev, g, ln2), y) : mul(ev, ln2, mul(ev, g, y));
}
Value tLog(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return div(ev, g, x);
}
Value tLog1p(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return div(ev, g, add(ev, x, one(ev, x)));
}
Value tExpm1(Evaluator &ev, const Value &g, const Value &, const Value &y, bool) {
  return mul(ev, g, add(ev, y, one(ev, y)));
}
Value tSqrt(Evaluator &ev, const Value &g, const Value &, const Value &y, bool) {
  return mul(ev, g, div(ev, constLike(ev, y, 0.5), y));
}
Value tRsqrt(Evaluator &ev, const Value &g, const Value &x, const Value &y, bool) {
  return mul(ev, g, mul(ev, constLike(ev, y, -0.5), div(ev, y, x)));
}
/// g * (1/3 * y^-2), y^-2 as integer_pow computes it: 1 / (y * y).
Value tCbrt(Evaluator &ev, const Value &g, const Value &, const Value &y, bool) {
  return mul(ev, g, mul(ev, constLike(ev, y, 1.0 / 3.0), recip(ev, sq(ev, y))));
}
Value tSin(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return mul(ev, g, prims::unary(ev, OpKind::Cos, x));
}
Value tCos(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return mul(ev, g, neg(ev, prims::unary(ev, OpKind::Sin, x)));
}
Value tTan(Evaluator &ev, const Value &g, const Value &, const Value &y, bool) {
  return mul(ev, g, add(ev, one(ev, y), sq(ev, y)));
}
Value tAsin(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return mul(ev, g, rsqrt(ev, sub(ev, one(ev, x), sq(ev, x))));
}
Value tAcos(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return mul(ev, g, neg(ev, rsqrt(ev, sub(ev, one(ev, x), sq(ev, x)))));
}
Value tAtan(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return div(ev, g, add(ev, one(ev, x), sq(ev, x)));
}
Value tSinh(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return mul(ev, g, prims::unary(ev, OpKind::Cosh, x));
}
Value tCosh(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return mul(ev, g, prims::unary(ev, OpKind::Sinh, x));
}
/// (g + g * y) * (1 - y); transposed u + u * y with u = ct * (1 - y).
Value tTanh(Evaluator &ev, const Value &g, const Value &, const Value &y, bool vjp) {
  Value oneMinusY = sub(ev, one(ev, y), y);
  if (vjp) {
    Value u = mul(ev, g, oneMinusY);
    return add(ev, u, mul(ev, u, y));
  }
  return mul(ev, add(ev, g, mul(ev, g, y)), oneMinusY);
}
Value tAsinh(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return mul(ev, g, rsqrt(ev, add(ev, sq(ev, x), one(ev, x))));
}
Value tAcosh(Evaluator &ev, const Value &g, const Value &x, const Value &, bool) {
  return mul(ev, g, rsqrt(ev, sub(ev, sq(ev, x), one(ev, x))));
}
/// 1/(1 + x) * (g / (1 - x)); transposed (ct * 1/(1 + x)) / (1 - x).
Value tAtanh(Evaluator &ev, const Value &g, const Value &x, const Value &, bool vjp) {
  Value r = recip(ev, add(ev, one(ev, x), x));
  Value oneMinusX = sub(ev, one(ev, x), x);
  return vjp ? div(ev, mul(ev, g, r), oneMinusX) : mul(ev, r, div(ev, g, oneMinusX));
}
Value tLogistic(Evaluator &ev, const Value &g, const Value &, const Value &y, bool) {
  return mul(ev, g, mul(ev, y, sub(ev, one(ev, y), y)));
}
/// c * (g * e): c a constant, e elementwise; transposed (ct * c) * e.
Value scaledTangent(Evaluator &ev, double c, const Value &g, const Value &e, bool vjp) {
  Value k = constLike(ev, e, c);
  return vjp ? mul(ev, mul(ev, g, k), e) : mul(ev, k, mul(ev, g, e));
}
Value tErf(Evaluator &ev, const Value &g, const Value &x, const Value &, bool vjp) {
  return scaledTangent(ev, 2.0 / std::sqrt(M_PI), g,
                       prims::unary(ev, OpKind::Exp, neg(ev, sq(ev, x))), vjp);
}
Value tErfInv(Evaluator &ev, const Value &g, const Value &, const Value &y, bool vjp) {
  return scaledTangent(ev, std::sqrt(M_PI) / 2.0, g, prims::unary(ev, OpKind::Exp, sq(ev, y)),
                       vjp);
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
  UNARY(Abs, tAbs);
  UNARY(Exp, tExp);
  UNARY(Exp2, tExp2);
  UNARY(Log, tLog);
  UNARY(Log1p, tLog1p);
  UNARY(Expm1, tExpm1);
  UNARY(Sqrt, tSqrt);
  UNARY(Rsqrt, tRsqrt);
  UNARY(Cbrt, tCbrt);
  UNARY(Sin, tSin);
  UNARY(Cos, tCos);
  UNARY(Tan, tTan);
  UNARY(Asin, tAsin);
  UNARY(Acos, tAcos);
  UNARY(Atan, tAtan);
  UNARY(Sinh, tSinh);
  UNARY(Cosh, tCosh);
  UNARY(Tanh, tTanh);
  UNARY(Asinh, tAsinh);
  UNARY(Acosh, tAcosh);
  UNARY(Atanh, tAtanh);
  UNARY(Logistic, tLogistic);
  UNARY(Erf, tErf);
  UNARY(ErfInv, tErfInv);
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
