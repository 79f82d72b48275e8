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

/// The product of all the other elements of each reduced group, for
/// reduce_prod's rules: exclusive products from the left times those from
/// the right, so it is exact where elements are zero (no division by x, as
/// JAX's rule). The reduced axes are moved in front and flattened.
Value othersProduct(OpCtx &c) {
  Evaluator &ev = c.ev;
  const TensorType &t = operandType(c, 0);
  std::vector<int64_t> axes = c.op.attrs().getInts("axes");
  std::vector<int64_t> perm = axes, kept = keptDims(t.rank(), axes);
  perm.insert(perm.end(), kept.begin(), kept.end());
  std::vector<int64_t> inv(perm.size());
  for (size_t i = 0; i < perm.size(); ++i)
    inv[size_t(perm[i])] = int64_t(i);
  Shape moved;
  for (int64_t d : perm)
    moved.push_back(t.shape[size_t(d)]);
  int64_t n = 1;
  for (int64_t d : axes)
    n *= t.shape[size_t(d)];
  if (n == 0)
    return zerosOf(ev, t);
  Shape flat{n};
  for (int64_t d : kept)
    flat.push_back(t.shape[size_t(d)]);
  Value x = prims::reshape(ev, prims::transpose(ev, c.in[0], perm), flat);
  Shape one = flat;
  one[0] = 1;
  Value ones = prims::full(ev, one, Value::floating(1.0), t.dtype, t.weak);
  std::vector<int64_t> st(flat.size(), 0), lim = flat, step(flat.size(), 1);
  Value left = prims::cumulative(ev, OpKind::CumProd, x, 0, false);
  Value right = prims::cumulative(ev, OpKind::CumProd, x, 0, true);
  lim[0] = n - 1;
  Value leftEx = prims::concatenate(ev, {ones, prims::slice(ev, left, st, lim, step)}, 0);
  st[0] = 1;
  lim[0] = n;
  Value rightEx = prims::concatenate(ev, {prims::slice(ev, right, st, lim, step), ones}, 0);
  Value others = prims::reshape(ev, mul(ev, leftEx, rightEx), moved);
  return prims::transpose(ev, others, inv);
}
Vals prodJvp(OpCtx &c, const Vals &t) {
  return {bind1(c.ev, OpKind::ReduceSum, {mul(c.ev, t[0], othersProduct(c))}, c.op.attrs(),
                c.op.result(0)->type())};
}
Vals prodVjp(OpCtx &c, const Vals &ct) {
  return {mul(c.ev, expand(c, ct[0]), othersProduct(c))};
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

/// The layout half: the op's axis moved in front, in forward order.
ChooserScan scanLayout(OpCtx &c) {
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
  Value x = toFront(c.ev, c.in[0], s);
  TensorType ft = prims::typeOf(x);
  s.rest = ft;
  s.rest.shape.erase(s.rest.shape.begin());
  return s;
}

ChooserScan chooserScan(OpCtx &c) {
  ChooserScan s = scanLayout(c);
  if (s.n == 0)
    return s;
  Value x = toFront(c.ev, c.in[0], s), y = toFront(c.ev, c.out[0], s);
  TensorType ft = prims::typeOf(x);
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

/// v[1:] followed by zeros along axis 0 (the next element's value).
Value shiftedNext(Evaluator &ev, const Value &v) {
  Shape sh = prims::shapeOf(v);
  std::vector<int64_t> st(sh.size(), 0), lim = sh, one(sh.size(), 1);
  st[0] = 1;
  Shape hs = sh;
  hs[0] = 1;
  TensorType t = prims::typeOf(v);
  return prims::concatenate(ev, {prims::slice(ev, v, st, lim, one), zerosOf(ev, TensorType{t.dtype, hs, t.weak})}, 0);
}

/// ones followed by v[:-1] along axis 0 (the previous element's value).
Value shiftedPrev(Evaluator &ev, const Value &v) {
  Shape sh = prims::shapeOf(v);
  std::vector<int64_t> st(sh.size(), 0), lim = sh, one(sh.size(), 1);
  lim[0] = sh[0] - 1;
  Shape hs = sh;
  hs[0] = 1;
  TensorType t = prims::typeOf(v);
  return prims::concatenate(ev, {prims::full(ev, hs, Value::floating(1.0), t.dtype, t.weak),
                                 prims::slice(ev, v, st, lim, one)}, 0);
}

/// cumprod y_i = y_{i-1} x_i, differentiated without dividing by x (exact
/// at zeros, as JAX's rule): the tangent obeys t_y[i] = x_i t_y[i-1] +
/// y_{i-1} t_x[i], and the cotangent g[k] = y_{k-1} r[k] with r[k] = ct[k]
/// + x_{k+1} r[k+1]: linear scans along the axis.
Vals cumprodJvp(OpCtx &c, const Vals &t) {
  ChooserScan s = scanLayout(c);
  if (s.n == 0)
    return {t[0]};
  Value x = toFront(c.ev, c.in[0], s), y = toFront(c.ev, c.out[0], s);
  Value u = mul(c.ev, shiftedPrev(c.ev, y), toFront(c.ev, instantiate(c.ev, t[0], operandType(c, 0)), s));
  return {fromFront(c.ev, linearScan(c.ev, s, x, u, false), s)};
}
Vals cumprodVjp(OpCtx &c, const Vals &ct) {
  ChooserScan s = scanLayout(c);
  if (s.n == 0)
    return {ct[0]};
  Value x = toFront(c.ev, c.in[0], s), y = toFront(c.ev, c.out[0], s);
  Value r = linearScan(c.ev, s, shiftedNext(c.ev, x), toFront(c.ev, ct[0], s), true);
  return {fromFront(c.ev, mul(c.ev, shiftedPrev(c.ev, y), r), s)};
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
