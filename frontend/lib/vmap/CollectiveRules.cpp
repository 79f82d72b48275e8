//===- CollectiveRules.cpp - vmap of collectives and axis_index -----------===//
//
// A collective over the vmapped axis name (vmap(..., axis_name='i')) works
// across the batch dimension: psum is a sum over it, axis_index is an iota
// along it, all_gather hands every example the whole stack, ppermute moves
// examples between positions. A collective over another axis (an enclosing
// pmap's) runs on the batched operand unchanged, elementwise over examples.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/vmap/Batching.h"

#include "frontend/lib/Prims.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"

namespace parax::frontend::vmap {

using ir::OpKind;

namespace {

bool overOwnAxis(BatchCtx &c) {
  return !c.axis.name.empty() && c.op.attrs().getString("axis_name") == c.axis.name;
}

/// Another axis: the op on the stacked operand, batch dimension in front.
BVals passThrough(BatchCtx &c) {
  Value x = toFront(c.ev, c.in[0]);
  if (c.op.kind() == OpKind::AllGather) {
    // The gathered device axis lands at `axis` of each example: one further
    // right behind the batch dimension.
    ir::Attrs attrs = c.op.attrs();
    attrs.set("axis", c.op.attrs().getInt("axis") + 1);
    TensorType t = c.op.result(0)->type();
    t.shape.insert(t.shape.begin(), c.axis.size);
    return {BVal{bind1(c.ev, c.op.kind(), {x}, attrs, t), 0}};
  }
  TensorType t = prims::typeOf(x);
  return {BVal{bind1(c.ev, c.op.kind(), {x}, c.op.attrs(), t), 0}};
}

BVals reduction(BatchCtx &c) {
  if (!overOwnAxis(c))
    return passThrough(c);
  const BVal &b = c.in[0];
  if (!b.batched()) {
    if (c.op.kind() != OpKind::Psum)
      return {BVal{b.v, -1}}; // max/min of equal values
    Value n = prims::full(c.ev, {}, Value::integer(c.axis.size), prims::dtypeOf(b.v));
    return {BVal{prims::binary(c.ev, OpKind::Mul, b.v, prims::broadcastTo(c.ev, n, prims::shapeOf(b.v))), -1}};
  }
  OpKind k = c.op.kind() == OpKind::Psum   ? OpKind::ReduceSum
             : c.op.kind() == OpKind::Pmax ? OpKind::ReduceMax
                                           : OpKind::ReduceMin;
  return {BVal{prims::reduce(c.ev, k, b.v, {b.bdim}), -1}};
}

BVals axisIndex(BatchCtx &c) {
  if (!overOwnAxis(c))
    return {}; // no operands: never reached unbatched; keep the generic path
  return {BVal{prims::iota(c.ev, DType::I32, {c.axis.size}, 0), 0}};
}

BVals allGather(BatchCtx &c) {
  if (!overOwnAxis(c))
    return passThrough(c);
  int64_t axis = c.op.attrs().getInt("axis");
  bool tiled = c.op.attrs().getInt("tiled") != 0;
  // Every example sees the stack with the examples along `axis`.
  Value stacked = moveBatchDim(c.ev, c.in[0], axis, c.axis.size);
  if (tiled)
    stacked = prims::reshape(c.ev, stacked, c.op.result(0)->type().shape);
  return {BVal{stacked, -1}};
}

BVals ppermute(BatchCtx &c) {
  if (!overOwnAxis(c))
    return passThrough(c);
  const auto &flat = c.op.attrs().getInts("perm");
  int64_t n = c.axis.size;
  std::vector<int64_t> source(size_t(n), -1);
  for (size_t i = 0; i + 1 < flat.size(); i += 2)
    source[size_t(flat[i + 1])] = flat[i];
  // Lane d takes lane source[d]'s value (one take along the batch); a lane
  // that is no destination gets zeros, as JAX.
  Array from = Array::allocate(DType::I32, {n});
  Array hit = Array::allocate(DType::Bool, {n});
  bool all = true;
  for (int64_t d = 0; d < n; ++d) {
    from.setInt(d, std::max<int64_t>(source[size_t(d)], 0));
    hit.setInt(d, source[size_t(d)] >= 0);
    all &= source[size_t(d)] >= 0;
  }
  Value x = materialize(c.ev, c.in[0], n);
  Value moved = prims::take(c.ev, x, Value::array(from), 0);
  if (all)
    return {BVal{moved, 0}};
  TensorType t = prims::typeOf(moved);
  Value zeros = prims::full(c.ev, t.shape, Value::integer(0), t.dtype, t.weak);
  Value lanes = broadcastLanes(c.ev, Value::array(hit), t.shape);
  return {BVal{prims::select(c.ev, lanes, moved, zeros), 0}};
}

} // namespace

void registerCollectiveRules(RuleTable &t) {
  t[OpKind::Psum] = reduction;
  t[OpKind::Pmax] = reduction;
  t[OpKind::Pmin] = reduction;
  t[OpKind::AxisIndex] = axisIndex;
  t[OpKind::AllGather] = allGather;
  t[OpKind::Ppermute] = ppermute;
}

} // namespace parax::frontend::vmap
