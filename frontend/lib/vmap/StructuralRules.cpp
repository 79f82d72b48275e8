//===- StructuralRules.cpp - vmap of shape, indexing, reduction and dot ops ===//
//
// Each rule moves the batch dimension of its batched operands to the front
// and runs the op with its dimension attributes shifted past it, so the
// result is batched at 0. (Indexing ops with batched indices: IndexingRules.)
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/vmap/Batching.h"

#include "frontend/lib/Prims.h"
#include "frontend/machine/Evaluator.h"

namespace parax::frontend::vmap {

using ir::OpKind;

namespace {

std::vector<int64_t> shifted(const std::vector<int64_t> &dims, int64_t by = 1) {
  std::vector<int64_t> r;
  for (int64_t d : dims)
    r.push_back(d + by);
  return r;
}
std::vector<int64_t> ints(BatchCtx &c, const char *name) { return c.op.attrs().getInts(name); }
Value front(BatchCtx &c, size_t i) { return materialize(c.ev, c.in[i], c.axis.size); }
BVals one(Value v) { return {BVal{std::move(v), 0}}; }
Shape batchedShape(BatchCtx &c) {
  Shape s = c.op.result(0)->type().shape;
  s.insert(s.begin(), c.axis.size);
  return s;
}

BVals reshapeRule(BatchCtx &c) { return one(prims::reshape(c.ev, front(c, 0), batchedShape(c))); }

BVals broadcastRule(BatchCtx &c) {
  std::vector<int64_t> dims{0};
  for (int64_t d : ints(c, "dims"))
    dims.push_back(d + 1);
  return one(prims::broadcastInDim(c.ev, front(c, 0), batchedShape(c), dims));
}

BVals transposeRule(BatchCtx &c) {
  std::vector<int64_t> perm{0};
  for (int64_t p : ints(c, "perm"))
    perm.push_back(p + 1);
  return one(prims::transpose(c.ev, front(c, 0), perm));
}

BVals revRule(BatchCtx &c) { return one(prims::rev(c.ev, front(c, 0), shifted(ints(c, "dims")))); }

BVals sliceRule(BatchCtx &c) {
  auto start = ints(c, "start"), limit = ints(c, "limit"), stride = ints(c, "stride");
  start.insert(start.begin(), 0);
  limit.insert(limit.begin(), c.axis.size);
  stride.insert(stride.begin(), 1);
  return one(prims::slice(c.ev, front(c, 0), start, limit, stride));
}

BVals concatenateRule(BatchCtx &c) {
  Vals xs;
  for (size_t i = 0; i < c.in.size(); ++i)
    xs.push_back(front(c, i));
  return one(prims::concatenate(c.ev, xs, c.op.attrs().getInt("axis") + 1));
}

BVals padRule(BatchCtx &c) {
  auto low = ints(c, "low"), high = ints(c, "high");
  low.insert(low.begin(), 0);
  high.insert(high.begin(), 0);
  Value x = front(c, 0);
  if (!c.in[1].batched())
    return one(prims::pad(c.ev, x, c.in[1].v, low, high));
  // A padding value per lane: pad with zero, then select each lane's value
  // outside the interior (a mask padded the same way).
  TensorType xt = prims::typeOf(x);
  Value padded =
      prims::pad(c.ev, x, prims::full(c.ev, {}, Value::integer(0), xt.dtype, xt.weak), low, high);
  Value inside = prims::pad(c.ev, prims::full(c.ev, prims::shapeOf(x), Value::boolean(true), DType::Bool),
                            prims::full(c.ev, {}, Value::boolean(false), DType::Bool), low, high);
  Value lanes = prims::broadcastInDim(c.ev, toFront(c.ev, c.in[1]), prims::shapeOf(padded), {0});
  return one(prims::select(c.ev, inside, padded, lanes));
}

BVals reduceRule(BatchCtx &c) {
  return one(prims::reduce(c.ev, c.op.kind(), front(c, 0), shifted(ints(c, "axes"))));
}

BVals argReduceRule(BatchCtx &c) {
  return one(prims::argReduce(c.ev, c.op.kind(), front(c, 0), c.op.attrs().getInt("axis") + 1));
}

BVals cumulativeRule(BatchCtx &c) {
  return one(prims::cumulative(c.ev, c.op.kind(), front(c, 0), c.op.attrs().getInt("axis") + 1,
                               c.op.attrs().getInt("reverse") != 0));
}

/// dot_general: both batched -> one more batch dimension (the result's
/// first); one batched -> a free dimension of that side, which lands after
/// the batch dimensions (lhs) or after lhs's free dimensions (rhs).
BVals dotRule(BatchCtx &c) {
  auto lb = ints(c, "lhs_batch"), rb = ints(c, "rhs_batch");
  auto lc = ints(c, "lhs_contract"), rc = ints(c, "rhs_contract");
  const BVal &l = c.in[0], &r = c.in[1];
  if (l.batched() && r.batched()) {
    std::vector<int64_t> nlb{0}, nrb{0};
    for (int64_t d : lb)
      nlb.push_back(d + 1);
    for (int64_t d : rb)
      nrb.push_back(d + 1);
    return one(prims::dotGeneral(c.ev, toFront(c.ev, l), toFront(c.ev, r), nlb, nrb,
                                 shifted(lc), shifted(rc)));
  }
  if (l.batched()) {
    Value out = prims::dotGeneral(c.ev, toFront(c.ev, l), r.v, shifted(lb), rb, shifted(lc), rc);
    return {BVal{out, int64_t(lb.size())}};
  }
  Value out = prims::dotGeneral(c.ev, l.v, toFront(c.ev, r), lb, shifted(rb), lc, shifted(rc));
  int64_t lhsFree = prims::typeOf(l.v).rank() - int64_t(lb.size()) - int64_t(lc.size());
  return {BVal{out, int64_t(lb.size()) + lhsFree}};
}

} // namespace

void registerStructuralRules(RuleTable &t) {
  t[OpKind::Reshape] = reshapeRule;
  t[OpKind::BroadcastInDim] = broadcastRule;
  t[OpKind::Transpose] = transposeRule;
  t[OpKind::Rev] = revRule;
  t[OpKind::Slice] = sliceRule;
  t[OpKind::Concatenate] = concatenateRule;
  t[OpKind::Pad] = padRule;
  for (OpKind k : {OpKind::ReduceSum, OpKind::ReduceProd, OpKind::ReduceMax, OpKind::ReduceMin,
                   OpKind::ReduceAnd, OpKind::ReduceOr})
    t[k] = reduceRule;
  t[OpKind::ArgMax] = argReduceRule;
  t[OpKind::ArgMin] = argReduceRule;
  for (OpKind k : {OpKind::CumSum, OpKind::CumProd, OpKind::CumMax, OpKind::CumMin})
    t[k] = cumulativeRule;
  t[OpKind::DotGeneral] = dotRule;
}

} // namespace parax::frontend::vmap
