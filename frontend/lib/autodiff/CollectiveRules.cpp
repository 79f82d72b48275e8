//===- CollectiveRules.cpp - jvp/vjp of the collectives inside pmap -------===//
//
// As JAX defines them: psum is its own transpose (the cotangent of every
// device's input is the sum of all devices' output cotangents), all_gather's
// transpose is psum_scatter (psum, then this device's slice), ppermute's is
// ppermute by the inverse permutation. pmax/pmin are not differentiable in
// JAX (NotImplementedError), and so not here.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/autodiff/RuleUtil.h"

namespace parax::frontend::ad {

namespace {

Value psumOf(OpCtx &c, const Value &v) {
  ir::Attrs attrs{{"axis_name", c.op.attrs().getString("axis_name")}};
  if (c.op.attrs().has("groups")) { // a psum over some axes of a shard_map mesh
    attrs.set("groups", c.op.attrs().getInts("groups"));
    attrs.set("group_size", c.op.attrs().getInt("group_size"));
  }
  return bind1(c.ev, OpKind::Psum, {v}, attrs, prims::typeOf(v));
}

Vals linearJvp(OpCtx &c, const Vals &t) { return {same(c, {t[0]})}; }
Vals psumVjp(OpCtx &c, const Vals &ct) { return {psumOf(c, ct[0])}; }

/// 1 on the devices whose value is the extreme, over their count.
Value chooserShare(OpCtx &c) {
  const TensorType &t = operandType(c, 0);
  Value hit = prims::convert(c.ev, prims::compare(c.ev, OpKind::Eq, c.in[0], c.out[0]), t.dtype,
                             t.weak);
  return div(c.ev, hit, psumOf(c, hit));
}
Vals chooserJvp(OpCtx &c, const Vals &t) { return {psumOf(c, mul(c.ev, t[0], chooserShare(c)))}; }
Vals chooserVjp(OpCtx &c, const Vals &ct) { return {mul(c.ev, psumOf(c, ct[0]), chooserShare(c))}; }

/// psum_scatter: the sum over devices, this device's part of it.
Vals allGatherVjp(OpCtx &c, const Vals &ct) {
  const ir::Attrs &a = c.op.attrs();
  int64_t axis = a.getInt("axis");
  bool tiled = a.getInt("tiled") != 0;
  const TensorType &xt = operandType(c, 0);
  Value total = psumOf(c, ct[0]);
  Value idx = bind1(c.ev, OpKind::AxisIndex, {}, ir::Attrs{{"axis_name", a.getString("axis_name")}},
                    TensorType{DType::I32, {}, false});
  if (a.has("groups")) {
    // Over some axes of a mesh: the device's place in its group.
    const auto &groups = a.getInts("groups");
    int64_t gs = a.getInt("group_size");
    Array place = Array::allocate(DType::I32, {int64_t(groups.size())});
    for (size_t k = 0; k < groups.size(); ++k)
      place.setInt(groups[k], int64_t(k) % gs);
    idx = prims::reshape(c.ev, prims::dynamicSlice(c.ev, Value::array(place), {idx}, {1}), {});
  }
  TensorType gt = prims::typeOf(total);
  Vals starts;
  Shape sizes = gt.shape;
  for (int64_t d = 0; d < gt.rank(); ++d)
    starts.push_back(prims::full(c.ev, {}, Value::integer(0), DType::I32));
  if (tiled) {
    int64_t chunk = xt.shape[size_t(axis)];
    starts[size_t(axis)] = prims::binary(c.ev, OpKind::Mul, idx,
                                         prims::full(c.ev, {}, Value::integer(chunk), DType::I32));
    sizes[size_t(axis)] = chunk;
    return {prims::dynamicSlice(c.ev, total, starts, sizes)};
  }
  starts[size_t(axis)] = idx;
  sizes[size_t(axis)] = 1;
  return {prims::reshape(c.ev, prims::dynamicSlice(c.ev, total, starts, sizes), xt.shape)};
}

Vals ppermuteVjp(OpCtx &c, const Vals &ct) {
  std::vector<int64_t> perm = c.op.attrs().getInts("perm");
  for (size_t i = 0; i + 1 < perm.size(); i += 2)
    std::swap(perm[i], perm[i + 1]);
  ir::Attrs attrs = c.op.attrs();
  attrs.set("perm", perm);
  return {bind1(c.ev, OpKind::Ppermute, {ct[0]}, attrs, prims::typeOf(ct[0]))};
}

} // namespace

void registerCollectiveRules(RuleTable &t) {
  t[OpKind::Psum] = {linearJvp, psumVjp};
  // pmax/pmin: JAX defines no derivative (NotImplementedError); the
  // selection rules below are kept for when it does.
  (void)chooserJvp;
  (void)chooserVjp;
  t[OpKind::AllGather] = {linearJvp, allGatherVjp};
  t[OpKind::Ppermute] = {linearJvp, ppermuteVjp};
  t[OpKind::AxisIndex].nonDifferentiable = true;
}

} // namespace parax::frontend::ad
