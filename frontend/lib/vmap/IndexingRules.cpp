//===- IndexingRules.cpp - vmap of take, scatter and dynamic slices -------===//
//
// parax's gathers index one axis (take/scatter) or take a window
// (dynamic_slice/dynamic_update_slice). With batched indices, each lane
// indexes its own example: the batch dimension is folded into the indexed
// axis (x [..., B, n, ...] -> [..., B*n, ...]) and lane b's indices are
// offset by b*n, so one take or scatter serves every lane (JAX adds a batch
// dimension to the gather's dimension numbers instead). A batched window
// start becomes the take of start + iota(size) along that axis; a batched
// window update selects, per lane, the update gathered into place.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/vmap/Batching.h"

#include "frontend/lib/Prims.h"
#include "frontend/machine/Evaluator.h"

namespace parax::frontend::vmap {

using ir::OpKind;

namespace {

Value fullLike(Evaluator &ev, const Value &like, int64_t v) {
  return prims::full(ev, prims::shapeOf(like), Value::integer(v), prims::dtypeOf(like));
}

Value bin(Evaluator &ev, OpKind k, const Value &a, const Value &b) {
  return prims::binary(ev, k, a, b);
}

/// Indices as a signed integer type wide enough for `extent` (the folded
/// axis): i32 unless that overflows.
Value indexOperand(Evaluator &ev, const Value &idx, int64_t extent) {
  DType want = extent < (int64_t(1) << 31) - 1 ? DType::I32 : DType::I64;
  DType have = prims::dtypeOf(idx);
  if (have == DType::I64 || have == want)
    return idx;
  return prims::convert(ev, idx, want);
}

/// Negative indices wrap once (take's and scatter's convention).
Value wrapNegative(Evaluator &ev, const Value &i, int64_t n) {
  Value neg = prims::compare(ev, OpKind::Lt, i, fullLike(ev, i, 0));
  return prims::select(ev, neg, bin(ev, OpKind::Add, i, fullLike(ev, i, n)), i);
}

Value clampTo(Evaluator &ev, const Value &i, int64_t lo, int64_t hi) {
  return bin(ev, OpKind::Min, bin(ev, OpKind::Max, i, fullLike(ev, i, lo)), fullLike(ev, i, hi));
}

/// x batched at 0 ([B, d0.., n, ...]) with the batch folded into axis
/// `axis` of an example: [d0.., B*n, ...].
Value foldBatch(Evaluator &ev, const Value &xf, int64_t axis) {
  Shape s = prims::shapeOf(xf);
  int64_t r = int64_t(s.size());
  Value x = xf;
  if (axis > 0) {
    std::vector<int64_t> perm;
    for (int64_t d = 1; d <= axis; ++d)
      perm.push_back(d);
    perm.push_back(0);
    for (int64_t d = axis + 1; d < r; ++d)
      perm.push_back(d);
    x = prims::transpose(ev, xf, perm);
  }
  Shape folded(s.begin() + 1, s.end());
  folded[size_t(axis)] = prims::extentMul(s[0], s[size_t(axis) + 1]);
  return prims::reshape(ev, x, folded);
}

/// Lane b's offset b * n, shaped like `idx` (batched at 0).
Value laneOffsets(Evaluator &ev, const Value &idx, int64_t n) {
  Value lane = prims::iota(ev, prims::dtypeOf(idx), prims::shapeOf(idx), 0);
  return bin(ev, OpKind::Mul, lane, fullLike(ev, idx, n));
}

/// take(x, idx, axis) per lane, for any batchedness of x and idx;
/// `inRange`: the indices are known to lie in [0, n) already.
BVal takeLanes(Evaluator &ev, const BVal &x, const BVal &idx, int64_t axis, int64_t size,
               bool inRange = false) {
  if (!idx.batched()) {
    if (!x.batched())
      return BVal{prims::take(ev, x.v, idx.v, axis), -1};
    return BVal{prims::take(ev, toFront(ev, x), idx.v, axis + 1), 0};
  }
  if (!x.batched()) // every lane indexes the same array: the batch rides on idx
    return BVal{prims::take(ev, x.v, idx.v, axis), axis + idx.bdim};
  Value xf = toFront(ev, x);
  int64_t n = prims::shapeOf(xf)[size_t(axis) + 1];
  Value i = indexOperand(ev, toFront(ev, idx), prims::extentMul(size, n));
  if (!inRange)
    i = clampTo(ev, wrapNegative(ev, i, n), 0, n - 1);
  i = bin(ev, OpKind::Add, i, laneOffsets(ev, i, n));
  return BVal{prims::take(ev, foldBatch(ev, xf, axis), i, axis), axis};
}

std::vector<int64_t> ints(BatchCtx &c, const char *name) { return c.op.attrs().getInts(name); }

bool anyBatchedFrom(BatchCtx &c, size_t first) {
  for (size_t i = first; i < c.in.size(); ++i)
    if (c.in[i].batched())
      return true;
  return false;
}

BVals takeRule(BatchCtx &c) {
  return {takeLanes(c.ev, c.in[0], c.in[1], c.op.attrs().getInt("axis"), c.axis.size)};
}

BVals scatterRule(BatchCtx &c) {
  Evaluator &ev = c.ev;
  int64_t axis = c.op.attrs().getInt("axis"), size = c.axis.size;
  std::string mode = c.op.attrs().getString("mode");
  Value xf = materialize(ev, c.in[0], size), uf = materialize(ev, c.in[2], size);
  const BVal &idx = c.in[1];
  if (!idx.batched())
    return {BVal{prims::scatter(ev, xf, idx.v, uf, axis + 1, mode), 0}};
  Shape xs = prims::shapeOf(xf);
  int64_t n = xs[size_t(axis) + 1], folded = prims::extentMul(size, n);
  // Lane b's index i goes to b*n + i; one out of range stays out of range
  // of the folded axis (scatter drops it).
  Value i = wrapNegative(ev, indexOperand(ev, toFront(ev, idx), folded + 1), n);
  Value inRange = prims::binary(ev, OpKind::And,
                                prims::compare(ev, OpKind::Ge, i, fullLike(ev, i, 0)),
                                prims::compare(ev, OpKind::Lt, i, fullLike(ev, i, n)));
  i = prims::select(ev, inRange, bin(ev, OpKind::Add, i, laneOffsets(ev, i, n)),
                    fullLike(ev, i, folded));
  // updates [B, d0.., I..., rest] -> [d0.., B, I..., rest].
  Value u = uf;
  if (axis > 0) {
    int64_t r = prims::typeOf(uf).rank();
    std::vector<int64_t> perm;
    for (int64_t d = 1; d <= axis; ++d)
      perm.push_back(d);
    perm.push_back(0);
    for (int64_t d = axis + 1; d < r; ++d)
      perm.push_back(d);
    u = prims::transpose(ev, uf, perm);
  }
  Value out = prims::scatter(ev, foldBatch(ev, xf, axis), i, u, axis, mode);
  Shape unfolded(xs.begin() + 1, xs.end());
  unfolded[size_t(axis)] = n;
  unfolded.insert(unfolded.begin() + axis, size);
  return {BVal{prims::reshape(ev, out, unfolded), axis}};
}

/// A window start as dynamic_slice clamps it: wrapped once, then into
/// [0, n - window].
Value clampStart(Evaluator &ev, const Value &s, int64_t n, int64_t window) {
  return clampTo(ev, wrapNegative(ev, s, n), 0, n - window);
}

BVals dynamicSliceRule(BatchCtx &c) {
  Evaluator &ev = c.ev;
  int64_t size = c.axis.size;
  auto sizes = ints(c, "sizes");
  if (!anyBatchedFrom(c, 1)) {
    Vals starts{Value::integer(0)};
    for (size_t i = 1; i < c.in.size(); ++i)
      starts.push_back(c.in[i].v);
    sizes.insert(sizes.begin(), size);
    return {BVal{prims::dynamicSlice(ev, materialize(ev, c.in[0], size), starts, sizes), 0}};
  }
  const BVal &x = c.in[0];
  Shape shape = x.batched() ? prims::shapeOf(toFront(ev, x)) : prims::shapeOf(x.v);
  if (x.batched())
    shape.erase(shape.begin());
  size_t rank = shape.size();
  // The unbatched starts in one dynamic_slice (full extent along the others).
  Vals starts;
  std::vector<int64_t> window;
  bool narrows = false;
  for (size_t d = 0; d < rank; ++d) {
    bool lane = c.in[d + 1].batched();
    starts.push_back(lane ? Value::integer(0) : c.in[d + 1].v);
    window.push_back(lane ? shape[d] : sizes[d]);
    narrows |= !lane && sizes[d] != shape[d];
  }
  BVal cur = x;
  if (narrows) {
    Value xv = x.batched() ? toFront(ev, x) : x.v;
    if (x.batched()) {
      starts.insert(starts.begin(), Value::integer(0));
      window.insert(window.begin(), size);
    }
    cur = BVal{prims::dynamicSlice(ev, xv, starts, window), x.batched() ? 0 : -1};
  }
  // Each batched start: gather start + iota(size) along that axis, per lane.
  for (size_t d = 0; d < rank; ++d) {
    if (!c.in[d + 1].batched())
      continue;
    Value s = clampStart(ev, indexOperand(ev, toFront(ev, c.in[d + 1]), 0), shape[d], sizes[d]);
    Shape is{size, sizes[d]};
    Value idx = bin(ev, OpKind::Add, prims::broadcastInDim(ev, s, is, {0}),
                    prims::iota(ev, prims::dtypeOf(s), is, 1));
    cur = takeLanes(ev, cur, BVal{idx, 0}, int64_t(d), size, /*inRange=*/true);
  }
  return {cur};
}

BVals dynamicUpdateSliceRule(BatchCtx &c) {
  Evaluator &ev = c.ev;
  int64_t size = c.axis.size;
  Value xf = materialize(ev, c.in[0], size), uf = materialize(ev, c.in[1], size);
  if (!anyBatchedFrom(c, 2)) {
    Vals starts{Value::integer(0)};
    for (size_t i = 2; i < c.in.size(); ++i)
      starts.push_back(c.in[i].v);
    return {BVal{prims::dynamicUpdateSlice(ev, xf, uf, starts), 0}};
  }
  // Per lane: the update moved into place along every windowed axis (a
  // take of j - start, clamped), and a mask of the window.
  Shape xs = prims::shapeOf(xf), us = prims::shapeOf(uf);
  Value placed = uf, mask;
  for (size_t d = 0; d + 1 < xs.size(); ++d) {
    int64_t n = xs[d + 1], w = us[d + 1];
    if (n == w)
      continue; // the window is the whole axis: its start clamps to 0
    const BVal &st = c.in[d + 2];
    Shape is = st.batched() ? Shape{size, n} : Shape{n};
    Value s = clampStart(ev, indexOperand(ev, st.batched() ? toFront(ev, st) : st.v, 0), n, w);
    if (st.batched())
      s = prims::broadcastInDim(ev, s, is, {0});
    else
      s = prims::broadcastInDim(ev, s, is, {});
    Value rel = bin(ev, OpKind::Sub, prims::iota(ev, prims::dtypeOf(s), is, int64_t(is.size()) - 1), s);
    BVal moved = takeLanes(ev, BVal{placed, 0}, BVal{rel, st.batched() ? 0 : -1}, int64_t(d), size);
    placed = toFront(ev, moved);
    Value in = prims::binary(ev, OpKind::And, prims::compare(ev, OpKind::Ge, rel, fullLike(ev, rel, 0)),
                             prims::compare(ev, OpKind::Lt, rel, fullLike(ev, rel, w)));
    std::vector<int64_t> dims = st.batched() ? std::vector<int64_t>{0, int64_t(d) + 1}
                                             : std::vector<int64_t>{int64_t(d) + 1};
    Shape ms = xs;
    Value m = prims::broadcastInDim(ev, in, ms, dims);
    mask = mask.isNone() ? m : prims::binary(ev, OpKind::And, mask, m);
  }
  if (mask.isNone())
    return {BVal{placed, 0}};
  return {BVal{prims::select(ev, mask, placed, xf), 0}};
}

} // namespace

void registerIndexingRules(RuleTable &t) {
  t[OpKind::Take] = takeRule;
  t[OpKind::Scatter] = scatterRule;
  t[OpKind::DynamicSlice] = dynamicSliceRule;
  t[OpKind::DynamicUpdateSlice] = dynamicUpdateSliceRule;
}

} // namespace parax::frontend::vmap
