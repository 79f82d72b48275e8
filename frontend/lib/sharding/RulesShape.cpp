//===- RulesShape.cpp - shape ops move, keep or drop dimension splits ------===//
//
// broadcast_in_dim and transpose move each split with its dimension;
// reshape keeps a split where the dimension survives or is the major part
// of a single merge or split whose new dimensions the axes divide in order
// (else JAX's ShardingTypeError asking for out_sharding); slicing, padding
// and dynamic slices keep a split where the new size still divides evenly;
// concatenate and dynamic_update_slice need their operands split alike.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Rules.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"


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
  // JAX's _reshape_sharding_rule: size-1 dims come and go freely; otherwise
  // exactly one dimension may split into several or several merge into one,
  // the split axes (major first) dividing the new dimensions in order.
  const Shape &a = in.operandTypes[0].shape;
  const Shape &b = in.resultTypes[0].shape;
  const Dims &d = in.operands[0];
  Dims r = unsplit(int64_t(b.size()));
  bool anySplit = false;
  for (const auto &axes : d)
    anySplit |= !axes.empty();
  if (!anySplit)
    return {r};
  auto fail = [&]() {
    std::string sizes = "(";
    for (size_t k = 0; k < b.size(); ++k)
      sizes += (k ? ", " : "") + std::to_string(b[k]);
    sizes += b.size() == 1 ? ",)" : ")";
    shardingError("This reshape is not supported. Please specify the sharding of the output "
                  "via the `out_sharding` argument of jax.lax.reshape. Got operand type: " +
                  in.mesh.withDims(d)->typeText(in.operandTypes[0], false) +
                  ", new sizes: " + sizes);
  };
  // The non-1 dims of both sides (a split size-1 dim is no split at all).
  std::vector<size_t> ai, bj;
  for (size_t k = 0; k < a.size(); ++k)
    if (a[k] != 1)
      ai.push_back(k);
  for (size_t k = 0; k < b.size(); ++k)
    if (b[k] != 1)
      bj.push_back(k);
  // Segments of equal element count over the non-1 dims.
  struct Seg { size_t i0, i1, j0, j1; };
  std::vector<Seg> segs;
  size_t i = 0, j = 0;
  while (i < ai.size() && j < bj.size()) {
    size_t i2 = i + 1, j2 = j + 1;
    int64_t pa = a[ai[i]], pb = b[bj[j]];
    while (pa != pb) {
      if (pa < pb && i2 < ai.size())
        pa *= a[ai[i2++]];
      else if (pb < pa && j2 < bj.size())
        pb *= b[bj[j2++]];
      else
        fail();
    }
    segs.push_back({i, i2, j, j2});
    i = i2;
    j = j2;
  }
  int nontrivial = 0;
  for (const Seg &g : segs)
    nontrivial += g.i1 - g.i0 != 1 || g.j1 - g.j0 != 1;
  if (nontrivial > 1)
    fail();
  for (const Seg &g : segs) {
    // The axes splitting this segment, major first (a gap before a split
    // dim of a merge is not expressible).
    std::vector<std::string> axes;
    bool gap = false;
    for (size_t k = g.i0; k < g.i1; ++k) {
      const auto &ax = d[ai[k]];
      if (ax.empty()) {
        gap = true;
        continue;
      }
      if (gap && !axes.empty())
        fail();
      if (gap && axes.empty() && k > g.i0)
        fail();
      axes.insert(axes.end(), ax.begin(), ax.end());
    }
    if (g.i1 - g.i0 == 1 && g.j1 - g.j0 == 1) {
      r[bj[g.j0]] = d[ai[g.i0]];
      continue;
    }
    if (g.i1 - g.i0 > 1 && g.j1 - g.j0 > 1)
      fail();
    // Hand the axes to the new dims in order, each taking axes while it is
    // still larger than one piece (JAX's split_partitions).
    size_t next = 0;
    for (size_t k = g.j0; k < g.j1; ++k) {
      int64_t o = b[bj[k]];
      while (o > 1 && next < axes.size()) {
        int64_t n = in.mesh.axisSize(axes[next]);
        if (o % n != 0)
          fail();
        o /= n;
        r[bj[k]].push_back(axes[next++]);
      }
    }
    if (next != axes.size())
      fail();
  }
  return {r};
}

/// slice, pad and dynamic_slice (JAX's _get_sharding_for_varying_out_shape): a
/// split dimension keeps its split when its new size still divides evenly;
/// otherwise JAX has no rule yet and says so.
std::vector<Dims> slicing(const RuleInput &in) {
  const TensorType &out = in.resultTypes[0];
  const TensorType &t = in.operandTypes[0];
  const Dims &d = in.operands[0];
  const char *name = in.kind == ir::OpKind::DynamicSlice ? "dynamic_slice"
                     : in.kind == ir::OpKind::Pad        ? "padding"
                                                         : "slicing";
  if (in.eager && in.kind != ir::OpKind::Pad) {
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

/// The operands on the mesh must be split alike (JAX's
/// _concatenate_sharding_rule); the result is split as they are, the
/// concatenated dimension included.
std::string operandShardings(const RuleInput &in) {
  std::string ss;
  for (size_t i = 0; i < in.operandTypes.size(); ++i)
    ss += (i ? ", " : "") + shortType(in.operandTypes[i], in.operands[i]);
  return ss;
}

std::vector<Dims> concatenate(const RuleInput &in) {
  const Dims *first = nullptr;
  for (size_t i = 0; i < in.operands.size(); ++i) {
    if (!in.isOnMesh(i))
      continue;
    if (!first)
      first = &in.operands[i];
    else if (in.operands[i] != *first)
      shardingError("All operands should have the same sharding. Got shardings " +
                    operandShardings(in));
  }
  if (!first)
    return {unsplit(in.resultTypes[0].rank())};
  // The concatenated dimension stays split only where the pieces still
  // divide it (a pad of a split dimension, written as a concatenate, is
  // JAX's padding rule).
  int64_t axis = in.attrs.getInt("axis");
  const auto &axes = (*first)[size_t(axis)];
  int64_t n = 1;
  for (const std::string &a : axes)
    n *= in.mesh.axisSize(a);
  int64_t size = in.resultTypes[0].shape[size_t(axis)];
  if (n > 1 && size % n != 0)
    shardingError("concatenate on sharded dims where out dim (" + std::to_string(size) +
                  ") is not divisible by mesh axes (" + std::to_string(n) +
                  ") is not implemented. Got operand types: " + operandShardings(in));
  return {*first};
}

/// dynamic_update_slice: the update is split as the operand (JAX compares
/// the two shardings whole).
std::vector<Dims> dynamicUpdateSlice(const RuleInput &in) {
  if (in.operands[0] != in.operands[1])
    shardingError("dynamic_update_slice operand sharding must be equal to update sharding, "
                  "got operand sharding " + shortType(in.operandTypes[0], in.operands[0]) +
                  " and update sharding " + shortType(in.operandTypes[1], in.operands[1]) + ".");
  return {in.operands[0]};
}
} // namespace

namespace {
/// Sharding-in-types (and its errors) is Explicit axes' only.
bool anyExplicit(const Sharding &s) {
  for (bool e : s.explicitAxis)
    if (e)
      return true;
  return false;
}
} // namespace

Value alongLastKeepingSplits(Evaluator &ev, const Value &x, const std::string &what,
                             const std::function<Value(const Value &)> &f) {
  ShardingPtr s = anySharded() ? shardingOf(x) : nullptr;
  if (!s)
    return f(x);
  TensorType t = abstractType(x);
  Dims d = s->dims;
  d.resize(size_t(t.rank()));
  if (!d.empty() && !d.back().empty() && !anyExplicit(*s))
    return f(withSharding(ev, x, nullptr));
  if (!d.empty() && !d.back().empty())
    shardingError("Arguments to " + what + " must be unsharded over the sorting dimension. "
                  "Got arg sharding=" + s->typeText(t, false));
  return withSharding(ev, f(withSharding(ev, x, nullptr)), s->withDims(d));
}

void checkGatherDims(const Value &x, const std::vector<size_t> &indexed, const Shape &indexShape) {
  ShardingPtr s = anySharded() ? shardingOf(x) : nullptr;
  if (!s)
    return;
  TensorType t = abstractType(x);
  Dims d = s->dims;
  d.resize(size_t(t.rank()));
  bool split = false;
  for (size_t k : indexed)
    split |= k < d.size() && !d[k].empty();
  if (!split || !anyExplicit(*s))
    return;
  std::string shape;
  for (int64_t n : indexShape)
    shape += std::to_string(n) + ",";
  shape += std::to_string(indexed.size());
  shardingError("Use `.at[...].get(out_sharding=)` to provide output PartitionSpec for the "
                "gather indexing as out sharding could not be resolved unambiguously (or would "
                "require collectives on inputs). Got operand=ShapedArray(" +
                s->typeText(t, false) + "), indices=ShapedArray(int32[" + shape + "])");
}

Value takeKeepingSplits(Evaluator &ev, const Value &x, int64_t axis, const Shape &indexShape,
                        const std::function<Value(const Value &)> &f) {
  ShardingPtr s = anySharded() ? shardingOf(x) : nullptr;
  if (!s)
    return f(x);
  checkGatherDims(x, {size_t(axis)}, indexShape);
  Dims d = s->dims;
  d.resize(size_t(abstractType(x).rank()));
  if (!d[size_t(axis)].empty()) // Auto axes: no error, an unsplit result
    return f(withSharding(ev, x, nullptr));
  Dims r(d.begin(), d.begin() + axis);
  for (size_t i = 0; i < indexShape.size(); ++i)
    r.emplace_back();
  r.insert(r.end(), d.begin() + axis + 1, d.end());
  return withSharding(ev, f(withSharding(ev, x, nullptr)), s->withDims(r));
}

bool scatterKeepsSplits(const Value &x, const std::vector<size_t> &indexed) {
  ShardingPtr s = anySharded() ? shardingOf(x) : nullptr;
  if (!s)
    return false;
  TensorType t = abstractType(x);
  Dims d = s->dims;
  d.resize(size_t(t.rank()));
  for (size_t k : indexed)
    if (k < d.size() && !d[k].empty() && !anyExplicit(*s))
      return false;
  for (size_t k : indexed)
    if (k < d.size() && !d[k].empty())
      shardingError("Use `.at[...].set/add/mul/...(out_sharding=)` to provide output "
                    "PartitionSpec for the scatter update as out sharding could not be "
                    "resolved unambiguously (or would require collectives on inputs). Got "
                    "operand=ShapedArray(" + s->typeText(t, false) + ")");
  return !s->replicated();
}

Value withSplitsOf(Evaluator &ev, const Value &x, const Value &v) {
  ShardingPtr s = shardingOf(x);
  return s ? withSharding(ev, v, s) : v;
}

Value withoutSplits(Evaluator &ev, const Value &x) { return withSharding(ev, x, nullptr); }

void registerShapeRules() {
  registerRule(ir::OpKind::BroadcastInDim, broadcastInDim);
  registerRule(ir::OpKind::Transpose, transpose);
  registerRule(ir::OpKind::Reshape, reshape);
  registerRule(ir::OpKind::Rev, sameAsFirst);
  registerRule(ir::OpKind::DynamicUpdateSlice, dynamicUpdateSlice);
  registerRule(ir::OpKind::Slice, slicing);
  registerRule(ir::OpKind::Pad, slicing);
  registerRule(ir::OpKind::DynamicSlice, slicing);
  registerRule(ir::OpKind::Concatenate, concatenate);
  registerRule(ir::OpKind::Take, take);
}

} // namespace parax::frontend::sharding
