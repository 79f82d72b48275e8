//===- ReductionRules.cpp - jvp/vjp of reductions and cumulative ops ------===//
#include "frontend/lib/autodiff/RuleUtil.h"

namespace parax::frontend::ad {

namespace {

/// Dims of the operand that a reduction over `axes` keeps.
std::vector<int64_t> keptDims(int64_t rank, const std::vector<int64_t> &axes) {
  std::vector<int64_t> r;
  for (int64_t d = 0; d < rank; ++d)
    if (std::find(axes.begin(), axes.end(), d) == axes.end())
      r.push_back(d);
  return r;
}

/// A reduced value broadcast back over the reduced axes.
Value expand(OpCtx &c, const Value &v) {
  const TensorType &t = operandType(c, 0);
  return prims::broadcastInDim(c.ev, v, t.shape, keptDims(t.rank(), c.op.attrs().getInts("axes")));
}

Vals reduceJvp(OpCtx &c, const Vals &t) { return {same(c, {t[0]})}; }
Vals sumVjp(OpCtx &c, const Vals &ct) { return {expand(c, ct[0])}; }

/// d prod = prod * sum(t / x) (as JAX's rule for inputs without zeros).
Vals prodJvp(OpCtx &c, const Vals &t) {
  Value s = bind1(c.ev, OpKind::ReduceSum, {div(c.ev, t[0], c.in[0])}, c.op.attrs(),
                  c.op.result(0)->type());
  return {mul(c.ev, c.out[0], s)};
}
Vals prodVjp(OpCtx &c, const Vals &ct) {
  return {div(c.ev, expand(c, mul(c.ev, ct[0], c.out[0])), c.in[0])};
}

/// max/min: the derivative is shared equally by the elements that attain
/// the extreme (JAX's _reduce_chooser_jvp_rule).
Value chooserMask(OpCtx &c) {
  Value hit = prims::compare(c.ev, OpKind::Eq, c.in[0], expand(c, c.out[0]));
  const TensorType &t = operandType(c, 0);
  return prims::convert(c.ev, hit, t.dtype, t.weak);
}
Vals chooserJvp(OpCtx &c, const Vals &t) {
  Value mask = chooserMask(c);
  ir::Attrs attrs = c.op.attrs();
  const TensorType &rt = c.op.result(0)->type();
  Value num = bind1(c.ev, OpKind::ReduceSum, {mul(c.ev, t[0], mask)}, attrs, rt);
  Value cnt = bind1(c.ev, OpKind::ReduceSum, {mask}, attrs, rt);
  return {div(c.ev, num, cnt)};
}
Vals chooserVjp(OpCtx &c, const Vals &ct) {
  Value mask = chooserMask(c);
  const TensorType &rt = c.op.result(0)->type();
  Value cnt = bind1(c.ev, OpKind::ReduceSum, {mask}, c.op.attrs(), rt);
  return {mul(c.ev, expand(c, div(c.ev, ct[0], cnt)), mask)};
}

Vals cumsumJvp(OpCtx &c, const Vals &t) { return {same(c, {t[0]})}; }
Vals cumsumVjp(OpCtx &c, const Vals &ct) {
  return {prims::cumulative(c.ev, OpKind::CumSum, ct[0], c.op.attrs().getInt("axis"),
                            !c.op.attrs().getInt("reverse"))};
}
/// y_i = prod_{j<=i} x_j: dy_i = y_i * cumsum(t / x)_i (inputs without zeros).
Vals cumprodJvp(OpCtx &c, const Vals &t) {
  Value q = prims::cumulative(c.ev, OpKind::CumSum, div(c.ev, t[0], c.in[0]),
                              c.op.attrs().getInt("axis"), c.op.attrs().getInt("reverse"));
  return {mul(c.ev, c.out[0], q)};
}
Vals cumprodVjp(OpCtx &c, const Vals &ct) {
  Value s = prims::cumulative(c.ev, OpKind::CumSum, mul(c.ev, ct[0], c.out[0]),
                              c.op.attrs().getInt("axis"), !c.op.attrs().getInt("reverse"));
  return {div(c.ev, s, c.in[0])};
}

/// cummax/cummin: y_i = max(y_{i-1}, x_i), differentiated with max's
/// balanced rule (ties share), so the tangent obeys the linear recurrence
/// t_y[i] = wp[i] * t_y[i-1] + wx[i] * t_x[i]: a scan along the axis (moved
/// to the front; a reverse op is flipped to run forwards).
struct ChooserScan {
  std::vector<int64_t> perm, inv;
  bool reverse;
  Value wp, wx; ///< Weights, axis first, in forward order.
  TensorType rest;
  int64_t n;
};

Value toFront(Evaluator &ev, const Value &v, const ChooserScan &s) {
  Value r = prims::transpose(ev, v, s.perm);
  return s.reverse ? prims::rev(ev, r, {0}) : r;
}
Value fromFront(Evaluator &ev, const Value &v, const ChooserScan &s) {
  Value r = s.reverse ? prims::rev(ev, v, {0}) : v;
  return prims::transpose(ev, r, s.inv);
}

/// [first; rest[1:]] along axis 0.
Value withFirst(Evaluator &ev, const Value &first, const Value &all) {
  Shape sh = prims::shapeOf(all);
  std::vector<int64_t> st(sh.size(), 0), lim = sh, one(sh.size(), 1);
  st[0] = 1;
  return prims::concatenate(ev, {first, prims::slice(ev, all, st, lim, one)}, 0);
}

ChooserScan chooserScan(OpCtx &c) {
  ChooserScan s;
  const TensorType &t = operandType(c, 0);
  int64_t axis = c.op.attrs().getInt("axis");
  s.reverse = c.op.attrs().getInt("reverse") != 0;
  s.perm.push_back(axis);
  for (int64_t d = 0; d < t.rank(); ++d)
    if (d != axis)
      s.perm.push_back(d);
  s.inv.resize(s.perm.size());
  for (size_t i = 0; i < s.perm.size(); ++i)
    s.inv[size_t(s.perm[i])] = int64_t(i);
  s.n = t.shape[size_t(axis)];
  Value x = toFront(c.ev, c.in[0], s), y = toFront(c.ev, c.out[0], s);
  TensorType ft = prims::typeOf(x);
  s.rest = ft;
  s.rest.shape.erase(s.rest.shape.begin());
  if (s.n == 0)
    return s;
  Shape sh = ft.shape;
  std::vector<int64_t> st(sh.size(), 0), lim = sh, one(sh.size(), 1);
  lim[0] = 1;
  Value head = prims::slice(c.ev, y, st, lim, one);
  lim[0] = sh[0] - 1;
  Value prev = prims::concatenate(c.ev, {head, prims::slice(c.ev, y, st, lim, one)}, 0);
  auto share = [&](const Value &a, const Value &b) {
    Value one1 = constLike(c.ev, a, 1.0), half = constLike(c.ev, a, 0.5), zero = constLike(c.ev, a, 0.0);
    Value w = prims::select(c.ev, prims::compare(c.ev, OpKind::Eq, b, y), half, one1);
    return prims::select(c.ev, prims::compare(c.ev, OpKind::Eq, a, y), w, zero);
  };
  Shape hs = sh;
  hs[0] = 1;
  TensorType ht{ft.dtype, hs, ft.weak};
  s.wp = withFirst(c.ev, zerosOf(c.ev, ht), share(prev, x));
  s.wx = withFirst(c.ev, prims::full(c.ev, hs, Value::floating(1.0), ft.dtype, ft.weak), share(x, prev));
  return s;
}

/// carry' = a * carry + b over axis 0 (reverse: from the end).
Value linearScan(Evaluator &ev, const ChooserScan &s, const Value &a, const Value &b, bool reverse) {
  RegionSpec spec;
  spec.argTypes = {s.rest, s.rest, s.rest};
  spec.body = [&ev](const Vals &args) {
    Value c = add(ev, mul(ev, args[1], args[0]), args[2]);
    return Vals{c, c};
  };
  TensorType stackedT = s.rest;
  stackedT.shape.insert(stackedT.shape.begin(), s.n);
  Vals r = emitRegionOp(ev, OpKind::Scan, {zerosOf(ev, s.rest), a, b},
                        ir::Attrs{{"length", s.n}, {"reverse", int64_t(reverse)}, {"num_carry", int64_t(1)}},
                        {spec}, {s.rest, stackedT});
  return r[1];
}

Vals cumChooserJvp(OpCtx &c, const Vals &t) {
  ChooserScan s = chooserScan(c);
  if (s.n == 0)
    return {t[0]};
  Value u = mul(c.ev, s.wx, toFront(c.ev, instantiate(c.ev, t[0], operandType(c, 0)), s));
  return {fromFront(c.ev, linearScan(c.ev, s, s.wp, u, false), s)};
}
Vals cumChooserVjp(OpCtx &c, const Vals &ct) {
  ChooserScan s = chooserScan(c);
  if (s.n == 0)
    return {ct[0]};
  // g[i] = ct[i] + wp[i+1] * g[i+1]; ct_x = wx * g.
  Shape sh = prims::shapeOf(s.wp);
  std::vector<int64_t> st(sh.size(), 0), lim = sh, one(sh.size(), 1);
  st[0] = 1;
  Shape hs = sh;
  hs[0] = 1;
  Value next = prims::concatenate(
      c.ev, {prims::slice(c.ev, s.wp, st, lim, one), zerosOf(c.ev, TensorType{prims::dtypeOf(s.wp), hs, prims::typeOf(s.wp).weak})}, 0);
  Value g = linearScan(c.ev, s, next, toFront(c.ev, ct[0], s), true);
  return {fromFront(c.ev, mul(c.ev, s.wx, g), s)};
}

} // namespace

void registerReductionRules(RuleTable &t) {
  t[OpKind::ReduceSum] = {reduceJvp, sumVjp};
  t[OpKind::ReduceProd] = {prodJvp, prodVjp};
  t[OpKind::ReduceMax] = {chooserJvp, chooserVjp};
  t[OpKind::ReduceMin] = {chooserJvp, chooserVjp};
  t[OpKind::CumSum] = {cumsumJvp, cumsumVjp};
  t[OpKind::CumProd] = {cumprodJvp, cumprodVjp};
  t[OpKind::CumMax] = {cumChooserJvp, cumChooserVjp};
  t[OpKind::CumMin] = {cumChooserJvp, cumChooserVjp};
  for (OpKind k : {OpKind::ReduceAnd, OpKind::ReduceOr, OpKind::ArgMax, OpKind::ArgMin})
    t[k].nonDifferentiable = true;
}

} // namespace parax::frontend::ad
