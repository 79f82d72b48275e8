//===- RulesShape.cpp - shape ops move, keep or drop dimension splits ------===//
//
// broadcast_in_dim and transpose move each split with its dimension;
// reshape keeps a split where the dimension survives or is the major part
// of a merge/split whose first result dimension the split still divides
// (else JAX's ShardingTypeError asking for out_sharding); slicing, padding
// and dynamic slices keep the splits of the dimensions they do not resize;
// concatenate keeps the operands' common split.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Rules.h"


namespace parax::frontend::sharding {

namespace {
std::vector<Dims> broadcastInDim(const RuleInput &in) {
  const auto &dims = in.attrs.getInts("dims");
  const TensorType &out = in.resultTypes[0];
  Dims r = unsplit(out.rank());
  for (size_t i = 0; i < dims.size() && i < in.operands[0].size(); ++i)
    if (in.operandTypes[0].shape[i] == out.shape[size_t(dims[i])])
      r[size_t(dims[i])] = in.operands[0][i];
  return {r};
}

std::vector<Dims> transpose(const RuleInput &in) {
  const auto &perm = in.attrs.getInts("perm");
  Dims r;
  for (int64_t p : perm)
    r.push_back(in.operands[0][size_t(p)]);
  return {r};
}

std::vector<Dims> reshape(const RuleInput &in) {
  const Shape &a = in.operandTypes[0].shape;
  const Shape &b = in.resultTypes[0].shape;
  const Dims &d = in.operands[0];
  Dims r = unsplit(int64_t(b.size()));
  // Walk both shapes in segments of equal element count.
  size_t i = 0, j = 0;
  auto fail = [&]() {
    std::string sizes = "(";
    for (size_t k = 0; k < b.size(); ++k)
      sizes += (k ? ", " : "") + std::to_string(b[k]);
    sizes += b.size() == 1 ? ",)" : ")";
    shardingError("This reshape is not supported. Please specify the sharding of the output "
                  "via the `out_sharding` argument of jax.lax.reshape. Got operand type: " +
                  in.mesh.withDims(d)->typeText(in.operandTypes[0]) + ", new sizes: " + sizes);
  };
  while (i < a.size() || j < b.size()) {
    size_t i2 = i, j2 = j;
    int64_t pa = i2 < a.size() ? a[i2++] : 1, pb = j2 < b.size() ? b[j2++] : 1;
    while (pa != pb) {
      if (pa < pb && i2 < a.size())
        pa *= a[i2++];
      else if (j2 < b.size())
        pb *= b[j2++];
      else
        break;
    }
    // Size-1 dims join the segment they follow; splits on them are none.
    bool split = false;
    for (size_t k = i; k < i2; ++k)
      if (in.mesh.withDims(d)->splits(k) > 1)
        split = true;
    if (split) {
      size_t first = i;
      while (first < i2 && a[first] == 1)
        ++first;
      for (size_t k = first + 1; k < i2; ++k)
        if (!d[k].empty())
          fail();
      int64_t n = in.mesh.withDims(d)->splits(first);
      size_t target = j;
      while (target < j2 && b[target] == 1)
        ++target;
      if (target >= j2 || b[target] % n != 0)
        fail();
      r[target] = d[first];
    }
    i = i2;
    j = j2;
  }
  return {r};
}

/// Slices, pads and dynamic slices: a dimension keeps its split if its size
/// does not change.
std::vector<Dims> keepUnresized(const RuleInput &in) {
  const TensorType &out = in.resultTypes[0];
  Dims r = unsplit(out.rank());
  const TensorType &t = in.operandTypes[0];
  for (int64_t k = 0; k < out.rank() && k < t.rank(); ++k)
    if (t.shape[size_t(k)] == out.shape[size_t(k)])
      r[size_t(k)] = in.operands[0][size_t(k)];
  return {r};
}

/// slice and dynamic_slice (JAX's _get_sharding_for_varying_out_shape): a
/// split dimension keeps its split when its new size still divides evenly;
/// otherwise JAX has no rule yet and says so.
std::vector<Dims> slicing(const RuleInput &in) {
  const TensorType &out = in.resultTypes[0];
  const TensorType &t = in.operandTypes[0];
  const Dims &d = in.operands[0];
  const char *name = in.kind == ir::OpKind::DynamicSlice ? "dynamic_slice" : "slicing";
  if (in.eager) {
    // JAX indexes a concrete array with a gather, whose rule takes no split
    // indexed dimension at all.
    bool splitCut = false;
    int64_t k = 0;
    Shape idx;
    const std::vector<int64_t> *stride =
        in.attrs.has("stride") ? &in.attrs.getInts("stride") : nullptr;
    for (int64_t j = 0; j < out.rank() && j < t.rank(); ++j) {
      bool cut = t.shape[size_t(j)] != out.shape[size_t(j)];
      splitCut |= cut && !d[size_t(j)].empty();
      k += cut;
      if (stride && (*stride)[size_t(j)] != 1)
        idx.push_back(out.shape[size_t(j)]);
    }
    if (splitCut) {
      idx.push_back(k);
      std::string shape;
      for (size_t i = 0; i < idx.size(); ++i)
        shape += (i ? "," : "") + std::to_string(idx[i]);
      Sharding full;
      full.dims = d;
      for (const auto &axes : d)
        for (const std::string &a : axes) {
          full.axisNames.push_back(a);
          full.axisSizes.push_back(in.mesh.axisSize(a));
          full.explicitAxis.push_back(true);
        }
      shardingError("Use `.at[...].get(out_sharding=)` to provide output PartitionSpec for the "
                    "gather indexing as out sharding could not be resolved unambiguously (or "
                    "would require collectives on inputs). Got operand=ShapedArray(" +
                    full.typeText(t, false) + "), indices=ShapedArray(int32[" + shape + "])");
    }
  }
  for (int64_t k = 0; k < out.rank() && k < t.rank(); ++k) {
    const auto &axes = d[size_t(k)];
    if (axes.empty() || t.shape[size_t(k)] == out.shape[size_t(k)])
      continue;
    int64_t n = 1;
    for (const std::string &a : axes)
      n *= in.mesh.axisSize(a);
    if (out.shape[size_t(k)] % n == 0)
      continue;
    std::string spec;
    if (axes.size() == 1)
      spec = axes[0];
    else {
      spec = "(";
      for (size_t i = 0; i < axes.size(); ++i)
        spec += (i ? ", '" : "'") + axes[i] + "'";
      spec += ")";
    }
    std::string shape = "(";
    for (size_t i = 0; i < out.shape.size(); ++i)
      shape += (i ? ", " : "") + std::to_string(out.shape[i]);
    shape += out.shape.size() == 1 ? ",)" : ")";
    shardingError(std::string(name) + " on sharded dims where out dim (" +
                  std::to_string(out.shape[size_t(k)]) + ") is not divisible by mesh axes (" +
                  std::to_string(n) + ") with spec (" + spec +
                  ") is not implemented. Got input type=" + shortType(t, d) +
                  " and output shape=" + shape);
  }
  return {d};
}

/// take (a gather along one axis): the other dims keep their splits, the
/// gathered one is whole. (JAX's x[idx] on a split dim is a gather error;
/// parax's library gathers internally too -- sort, take_along_axis -- so
/// the rule does not raise.)
std::vector<Dims> take(const RuleInput &in) {
  const TensorType &idx = in.operandTypes[1];
  const Dims &d = in.operands[0];
  int64_t axis = in.attrs.getInt("axis");
  Dims r(d.begin(), d.begin() + axis);
  for (int64_t i = 0; i < idx.rank(); ++i)
    r.emplace_back();
  r.insert(r.end(), d.begin() + axis + 1, d.end());
  return {r};
}

std::vector<Dims> sameAsFirst(const RuleInput &in) { return {in.operands[0]}; }

std::vector<Dims> concatenate(const RuleInput &in) {
  const TensorType &out = in.resultTypes[0];
  Dims r = unsplit(out.rank());
  for (int64_t k = 0; k < out.rank(); ++k) {
    bool same = true;
    for (const Dims &d : in.operands)
      same &= d[size_t(k)] == in.operands[0][size_t(k)];
    if (same)
      r[size_t(k)] = in.operands[0][size_t(k)];
  }
  return {r};
}
} // namespace

void registerShapeRules() {
  registerRule(ir::OpKind::BroadcastInDim, broadcastInDim);
  registerRule(ir::OpKind::Transpose, transpose);
  registerRule(ir::OpKind::Reshape, reshape);
  registerRule(ir::OpKind::Rev, sameAsFirst);
  registerRule(ir::OpKind::DynamicUpdateSlice, sameAsFirst);
  registerRule(ir::OpKind::Slice, slicing);
  registerRule(ir::OpKind::Pad, keepUnresized);
  registerRule(ir::OpKind::DynamicSlice, slicing);
  registerRule(ir::OpKind::Concatenate, concatenate);
  registerRule(ir::OpKind::Take, take);
}

} // namespace parax::frontend::sharding
