//===- ShapeOpRules.cpp - jvp/vjp of reshape, broadcast, slicing, padding -===//
//
// All of these are linear in their array operands: the jvp applies the op
// to the tangents, the vjp is the op's transpose (broadcast <-> sum,
// slice <-> pad, concatenate <-> slices, transpose <-> inverse permutation).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/autodiff/RuleUtil.h"

#include <algorithm>
#include <numeric>

namespace parax::frontend::ad {

namespace {

/// The op on the tangent of operand 0 (other operands unchanged).
Vals linearJvp(OpCtx &c, const Vals &t) {
  Vals ins = c.in;
  ins[0] = t[0];
  return {same(c, ins)};
}

Vals reshapeVjp(OpCtx &c, const Vals &ct) {
  return {prims::reshape(c.ev, ct[0], operandType(c, 0).shape)};
}

/// The sum that undoes broadcast_in_dim: over the new dims and over the
/// operand's size-1 dims that were stretched.
Value unbroadcast(Evaluator &ev, const Value &ct, const TensorType &operand,
                  const std::vector<int64_t> &dims) {
  Shape rs = prims::shapeOf(ct);
  std::vector<bool> summed(rs.size(), true);
  for (size_t i = 0; i < dims.size(); ++i)
    if (!(operand.shape[i] == 1 && rs[size_t(dims[i])] != 1))
      summed[size_t(dims[i])] = false;
  std::vector<int64_t> axes;
  for (size_t d = 0; d < rs.size(); ++d)
    if (summed[d])
      axes.push_back(int64_t(d));
  Value r = prims::reduce(ev, OpKind::ReduceSum, ct, axes);
  // The kept dims come out in result order; put them in operand order.
  std::vector<size_t> kept;
  for (size_t i = 0; i < dims.size(); ++i)
    if (!summed[size_t(dims[i])])
      kept.push_back(i);
  std::vector<size_t> byResult = kept;
  std::sort(byResult.begin(), byResult.end(),
            [&](size_t a, size_t b) { return dims[a] < dims[b]; });
  if (byResult != kept) {
    std::vector<int64_t> perm;
    for (size_t i : kept)
      perm.push_back(int64_t(std::find(byResult.begin(), byResult.end(), i) - byResult.begin()));
    r = prims::transpose(ev, r, perm);
  }
  return prims::reshape(ev, r, operand.shape);
}

Vals broadcastVjp(OpCtx &c, const Vals &ct) {
  return {unbroadcast(c.ev, ct[0], operandType(c, 0), c.op.attrs().getInts("dims"))};
}

Vals transposeVjp(OpCtx &c, const Vals &ct) {
  const auto &perm = c.op.attrs().getInts("perm");
  std::vector<int64_t> inv(perm.size());
  for (size_t i = 0; i < perm.size(); ++i)
    inv[size_t(perm[i])] = int64_t(i);
  return {prims::transpose(c.ev, ct[0], inv)};
}

Vals revVjp(OpCtx &c, const Vals &ct) {
  return {prims::rev(c.ev, ct[0], c.op.attrs().getInts("dims"))};
}

Vals sliceVjp(OpCtx &c, const Vals &ct) {
  const TensorType &t = operandType(c, 0);
  const auto &start = c.op.attrs().getInts("start");
  const auto &stride = c.op.attrs().getInts("stride");
  Value g = ct[0];
  Shape gs = prims::shapeOf(g);
  if (parax::numElements(gs) == 0)
    return {zerosOf(c.ev, t)};
  Value zero = zerosOf(c.ev, TensorType{t.dtype, {}, t.weak});
  // Spread strided elements apart: [.., n, ..] -> [.., n, s, ..] -> [.., n*s, ..],
  // keeping (n-1)*s+1 of them.
  for (size_t d = 0; d < gs.size(); ++d) {
    int64_t s = stride[d];
    if (s == 1)
      continue;
    Shape cur = prims::shapeOf(g);
    Shape expanded = cur;
    expanded.insert(expanded.begin() + long(d) + 1, 1);
    g = prims::reshape(c.ev, g, expanded);
    std::vector<int64_t> lo(expanded.size(), 0), hi(expanded.size(), 0);
    hi[d + 1] = s - 1;
    g = prims::pad(c.ev, g, zero, lo, hi);
    Shape merged = cur;
    merged[d] = cur[d] * s;
    g = prims::reshape(c.ev, g, merged);
    std::vector<int64_t> st(merged.size(), 0), lim = merged, one(merged.size(), 1);
    lim[d] = (cur[d] - 1) * s + 1;
    g = prims::slice(c.ev, g, st, lim, one);
  }
  Shape now = prims::shapeOf(g);
  std::vector<int64_t> lo, hi;
  for (size_t d = 0; d < now.size(); ++d) {
    lo.push_back(start[d]);
    hi.push_back(t.shape[d] - start[d] - now[d]);
  }
  return {prims::pad(c.ev, g, zero, lo, hi)};
}

Vals concatJvp(OpCtx &c, const Vals &t) {
  Vals parts;
  for (size_t i = 0; i < t.size(); ++i)
    parts.push_back(instantiate(c.ev, t[i], operandType(c, unsigned(i))));
  return {same(c, parts)};
}
Vals concatVjp(OpCtx &c, const Vals &ct) {
  int64_t axis = c.op.attrs().getInt("axis");
  Shape s = prims::shapeOf(ct[0]);
  Vals r;
  int64_t off = 0;
  for (unsigned i = 0; i < c.op.numOperands(); ++i) {
    const TensorType &t = operandType(c, i);
    std::vector<int64_t> st(s.size(), 0), lim = s, one(s.size(), 1);
    st[size_t(axis)] = off;
    lim[size_t(axis)] = off + t.shape[size_t(axis)];
    off = lim[size_t(axis)];
    r.push_back(differentiable(t) ? prims::slice(c.ev, ct[0], st, lim, one) : Value());
  }
  return r;
}

Vals padJvp(OpCtx &c, const Vals &t) {
  if (t[0].isNone() && t[1].isNone())
    return {Value()};
  return {same(c, {instantiate(c.ev, t[0], operandType(c, 0)),
                   instantiate(c.ev, t[1], operandType(c, 1))})};
}
Vals padVjp(OpCtx &c, const Vals &ct) {
  // The transpose crops what was padded and pads back what was cropped
  // (negative padding); the IR's pad takes non-negative amounts only.
  const std::vector<int64_t> &lo = c.op.attrs().getInts("low"), &hi = c.op.attrs().getInts("high");
  Shape cs = prims::shapeOf(ct[0]);
  std::vector<int64_t> st, lim, one(cs.size(), 1), plo, phi;
  for (size_t d = 0; d < cs.size(); ++d) {
    st.push_back(std::max<int64_t>(lo[d], 0));
    lim.push_back(cs[d] - std::max<int64_t>(hi[d], 0));
    plo.push_back(std::max<int64_t>(-lo[d], 0));
    phi.push_back(std::max<int64_t>(-hi[d], 0));
  }
  Value zero = zerosOf(c.ev, operandType(c, 1));
  Value gx = prims::pad(c.ev, prims::slice(c.ev, ct[0], st, lim, one), zero, plo, phi);
  std::vector<int64_t> all(size_t(prims::typeOf(ct[0]).rank()));
  std::iota(all.begin(), all.end(), 0);
  std::vector<int64_t> allx(size_t(operandType(c, 0).rank()));
  std::iota(allx.begin(), allx.end(), 0);
  Value gp = sub(c.ev, prims::reduce(c.ev, OpKind::ReduceSum, ct[0], all),
                 prims::reduce(c.ev, OpKind::ReduceSum, gx, allx));
  return {gx, castTo(c.ev, gp, operandType(c, 1))};
}

} // namespace

void registerShapeOpRules(RuleTable &t) {
  t[OpKind::Reshape] = {linearJvp, reshapeVjp};
  t[OpKind::BroadcastInDim] = {linearJvp, broadcastVjp};
  t[OpKind::Transpose] = {linearJvp, transposeVjp};
  t[OpKind::Rev] = {linearJvp, revVjp};
  t[OpKind::Slice] = {linearJvp, sliceVjp};
  t[OpKind::Concatenate] = {concatJvp, concatVjp};
  t[OpKind::Pad] = {padJvp, padVjp};
}

} // namespace parax::frontend::ad
