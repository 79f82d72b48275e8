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

} // namespace

void registerReductionRules(RuleTable &t) {
  t[OpKind::ReduceSum] = {reduceJvp, sumVjp};
  t[OpKind::ReduceProd] = {prodJvp, prodVjp};
  t[OpKind::ReduceMax] = {chooserJvp, chooserVjp};
  t[OpKind::ReduceMin] = {chooserJvp, chooserVjp};
  t[OpKind::CumSum] = {cumsumJvp, cumsumVjp};
  t[OpKind::CumProd] = {cumprodJvp, cumprodVjp};
  for (OpKind k : {OpKind::ReduceAnd, OpKind::ReduceOr, OpKind::ArgMax, OpKind::ArgMin})
    t[k].nonDifferentiable = true;
}

} // namespace parax::frontend::ad
