//===- IndexingRules.cpp - jvp/vjp of dynamic slices, take and scatter ----===//
//
// Indices are never differentiated. A gather's transpose is a scatter-add
// at the same (clamped) indices, a dynamic slice's is a dynamic update of
// zeros, and an additive scatter's update cotangent is the gather of the
// cotangent at the indices it wrote. The set/mul/min/max scatters are not
// linear; their rules hold for repeated indices too (the winning write of
// a set, the product of the other factors of a mul, ties of min/max shared).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/autodiff/RuleUtil.h"

namespace parax::frontend::ad {

namespace {

Vals starts(const Vals &in, size_t from) { return Vals(in.begin() + long(from), in.end()); }

Vals dynSliceJvp(OpCtx &c, const Vals &t) {
  Vals ins = c.in;
  ins[0] = t[0];
  return {same(c, ins)};
}
Vals dynSliceVjp(OpCtx &c, const Vals &ct) {
  return {prims::dynamicUpdateSlice(c.ev, zerosOf(c.ev, operandType(c, 0)), ct[0],
                                    starts(c.in, 1))};
}

Vals dusJvp(OpCtx &c, const Vals &t) {
  if (t[0].isNone() && t[1].isNone())
    return {Value()};
  Vals ins = c.in;
  ins[0] = instantiate(c.ev, t[0], operandType(c, 0));
  ins[1] = instantiate(c.ev, t[1], operandType(c, 1));
  return {same(c, ins)};
}
Vals dusVjp(OpCtx &c, const Vals &ct) {
  Vals st = starts(c.in, 2);
  const TensorType &ut = operandType(c, 1);
  Value gx = prims::dynamicUpdateSlice(c.ev, ct[0], zerosOf(c.ev, ut), st);
  Value gu = prims::dynamicSlice(c.ev, ct[0], st, ut.shape);
  return {gx, gu};
}

/// Indices wrapped once and clamped to [0, n) (what take reads).
Value clampedIndices(Evaluator &ev, const Value &idx, int64_t n) {
  TensorType it = prims::typeOf(idx);
  auto k = [&](int64_t v) { return prims::full(ev, it.shape, Value::integer(v), it.dtype, it.weak); };
  Value w = prims::select(ev, prims::compare(ev, OpKind::Lt, idx, k(0)),
                          prims::binary(ev, OpKind::Add, idx, k(n)), idx);
  w = prims::binary(ev, OpKind::Max, w, k(0));
  return prims::binary(ev, OpKind::Min, w, k(n - 1));
}

/// 1 where an index (wrapped once) is in [0, n), broadcast to `shape`
/// (dims [axis, axis + index rank)).
Value inRange(Evaluator &ev, const Value &idx, int64_t n, const TensorType &like, int64_t axis) {
  TensorType it = prims::typeOf(idx);
  auto k = [&](int64_t v) { return prims::full(ev, it.shape, Value::integer(v), it.dtype, it.weak); };
  Value w = prims::select(ev, prims::compare(ev, OpKind::Lt, idx, k(0)),
                          prims::binary(ev, OpKind::Add, idx, k(n)), idx);
  Value ok = prims::binary(ev, OpKind::And, prims::compare(ev, OpKind::Ge, w, k(0)),
                           prims::compare(ev, OpKind::Lt, w, k(n)));
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < it.rank(); ++d)
    dims.push_back(axis + d);
  return prims::broadcastInDim(ev, ok, like.shape, dims);
}

Vals takeJvp(OpCtx &c, const Vals &t) { return {same(c, {t[0], c.in[1]})}; }
Vals takeVjp(OpCtx &c, const Vals &ct) {
  int64_t axis = c.op.attrs().getInt("axis");
  const TensorType &xt = operandType(c, 0);
  int64_t n = xt.shape[size_t(axis)];
  if (n == 0)
    return {zerosOf(c.ev, xt), Value()};
  Value idx = clampedIndices(c.ev, c.in[1], n);
  return {prims::scatter(c.ev, zerosOf(c.ev, xt), idx, ct[0], axis, "add"), Value()};
}

/// What a scatter's rules share: the (clamped) indices, which updates land
/// inside x, and a way to read a per-position value of x's shape back at
/// every update (the update's "own" position).
struct ScatterParts {
  int64_t axis = 0, n = 0;
  Value idx;    ///< Clamped indices (valid for take).
  Value inside; ///< bool, updates' shape: the update is written.
};

ScatterParts scatterParts(OpCtx &c) {
  ScatterParts p;
  p.axis = c.op.attrs().getInt("axis");
  p.n = operandType(c, 0).shape[size_t(p.axis)];
  if (p.n > 0) {
    p.idx = clampedIndices(c.ev, c.in[1], p.n);
    p.inside = inRange(c.ev, c.in[1], p.n, operandType(c, 2), p.axis);
  }
  return p;
}

/// v (x's shape) read at each update's position; zero for dropped updates.
Value atUpdates(OpCtx &c, const ScatterParts &p, const Value &v) {
  const TensorType &ut = operandType(c, 2);
  if (p.n == 0)
    return zerosOf(c.ev, ut);
  return prims::select(c.ev, p.inside, prims::take(c.ev, v, p.idx, p.axis), zerosOf(c.ev, ut));
}

/// Sum of per-update values into x's shape (dropped updates add nothing).
Value sumIntoX(OpCtx &c, const ScatterParts &p, const Value &u) {
  return prims::scatter(c.ev, zerosOf(c.ev, operandType(c, 0)), c.in[1], u, p.axis, "add");
}

Value asFloat(OpCtx &c, const Value &b, const TensorType &like) {
  return prims::convert(c.ev, b, like.dtype, like.weak);
}

/// "set" with repeated indices keeps one write per position: 1.0 for the
/// updates that won (the one whose id the scatter of ids left behind).
Value winners(OpCtx &c, const ScatterParts &p) {
  const TensorType &xt = operandType(c, 0), &ut = operandType(c, 2);
  if (p.n == 0)
    return zerosOf(c.ev, ut);
  Value ids = prims::iota(c.ev, DType::I32, {ut.numElements()}, 0);
  ids = prims::reshape(c.ev, ids, ut.shape);
  Value none = prims::full(c.ev, xt.shape, Value::integer(-1), DType::I32);
  Value left = prims::scatter(c.ev, none, c.in[1], ids, p.axis, "set");
  Value won = prims::compare(c.ev, OpKind::Eq, prims::take(c.ev, left, p.idx, p.axis), ids);
  return asFloat(c, prims::binary(c.ev, OpKind::And, won, p.inside), ut);
}

/// mul: out = x * M with M[p] = prod of the updates at p. d out / d u_k =
/// x[p] * (product of the other updates at p), computed without dividing
/// by u_k (so exact where updates are zero): with Z[p] the number of zero
/// updates at p and P[p] the product of the nonzero ones, the others'
/// product is P/u_k when Z = 0, P when u_k is the only zero, else 0.
struct MulParts {
  Value m;      ///< x's shape: product of all updates at each position.
  Value others; ///< updates' shape: product of the other updates there.
};

MulParts mulParts(OpCtx &c, const ScatterParts &p) {
  const TensorType &xt = operandType(c, 0), &ut = operandType(c, 2);
  const Value &u = c.in[2];
  MulParts r;
  Value ones = prims::full(c.ev, xt.shape, Value::floating(1.0), xt.dtype, xt.weak);
  r.m = prims::scatter(c.ev, ones, c.in[1], u, p.axis, "mul");
  Value zero = constLike(c.ev, u, 0.0), one = constLike(c.ev, u, 1.0);
  Value isZero = prims::compare(c.ev, OpKind::Eq, u, zero);
  Value nonzeroProd = prims::scatter(c.ev, ones, c.in[1], prims::select(c.ev, isZero, one, u),
                                     p.axis, "mul");
  Value zeros = sumIntoX(c, p, asFloat(c, isZero, ut));
  Value pAt = atUpdates(c, p, nonzeroProd), zAt = atUpdates(c, p, zeros);
  Value safeU = prims::select(c.ev, isZero, one, u);
  Value ifNoZero = div(c.ev, pAt, safeU);
  Value eq0 = prims::compare(c.ev, OpKind::Eq, zAt, zero);
  Value eq1 = prims::compare(c.ev, OpKind::Eq, zAt, one);
  r.others = prims::select(c.ev, isZero, prims::select(c.ev, eq1, pAt, zero),
                           prims::select(c.ev, eq0, ifNoZero, zero));
  return r;
}

/// min/max: out[p] is attained by x[p] and/or some updates; the derivative
/// is shared equally among the ones that attain it (as JAX's rule).
struct ChooserParts {
  Value hitX;  ///< x's shape: 1.0 where x attains the result.
  Value hitU;  ///< updates' shape: 1.0 for the updates that attain it.
  Value count; ///< x's shape: how many attain it (>= 1).
};

ChooserParts chooserParts(OpCtx &c, const ScatterParts &p) {
  const TensorType &xt = operandType(c, 0), &ut = operandType(c, 2);
  ChooserParts r;
  r.hitX = asFloat(c, prims::compare(c.ev, OpKind::Eq, c.in[0], c.out[0]), xt);
  if (p.n == 0) {
    r.hitU = zerosOf(c.ev, ut);
    r.count = r.hitX;
    return r;
  }
  Value outAt = prims::take(c.ev, c.out[0], p.idx, p.axis);
  r.hitU = asFloat(c, prims::binary(c.ev, OpKind::And, p.inside,
                                    prims::compare(c.ev, OpKind::Eq, c.in[2], outAt)), ut);
  r.count = add(c.ev, r.hitX, sumIntoX(c, p, r.hitU));
  // A NaN result is attained by nobody: keep the division finite.
  Value one = constLike(c.ev, r.count, 1.0);
  r.count = prims::binary(c.ev, OpKind::Max, r.count, one);
  return r;
}

Vals scatterJvp(OpCtx &c, const Vals &t) {
  const std::string &mode = c.op.attrs().getString("mode");
  const TensorType &xt = operandType(c, 0), &ut = operandType(c, 2);
  ScatterParts p = scatterParts(c);
  if (mode == "add")
    return {same(c, {instantiate(c.ev, t[0], xt), c.in[1], instantiate(c.ev, t[2], ut)})};
  if (mode == "set") {
    Value tu = t[2].isNone() ? Value() : mul(c.ev, t[2], winners(c, p));
    return {same(c, {instantiate(c.ev, t[0], xt), c.in[1], instantiate(c.ev, tu, ut)})};
  }
  if (mode == "mul") {
    MulParts m = mulParts(c, p);
    Value r = mulAny(c.ev, t[0], m.m);
    if (!t[2].isNone())
      r = addAny(c.ev, r, mul(c.ev, c.in[0], sumIntoX(c, p, mul(c.ev, t[2], m.others))));
    return {r};
  }
  if (mode == "min" || mode == "max") {
    ChooserParts ch = chooserParts(c, p);
    Value num = mulAny(c.ev, t[0], ch.hitX);
    if (!t[2].isNone())
      num = addAny(c.ev, num, sumIntoX(c, p, mul(c.ev, t[2], ch.hitU)));
    return {num.isNone() ? Value() : div(c.ev, num, ch.count)};
  }
  raise("NotImplementedError", "Differentiation rule for scatter with mode '" + mode +
                                   "' not implemented");
}

Vals scatterVjp(OpCtx &c, const Vals &ct) {
  const std::string &mode = c.op.attrs().getString("mode");
  const TensorType &xt = operandType(c, 0), &ut = operandType(c, 2);
  ScatterParts p = scatterParts(c);
  if (mode == "add")
    return {ct[0], Value(), atUpdates(c, p, ct[0])};
  if (mode == "set") {
    // Overwritten values of x get nothing; each written place's cotangent
    // goes to the update that won it.
    Value gx = prims::scatter(c.ev, ct[0], c.in[1], zerosOf(c.ev, ut), p.axis, "set");
    return {gx, Value(), mul(c.ev, atUpdates(c, p, ct[0]), winners(c, p))};
  }
  if (mode == "mul") {
    MulParts m = mulParts(c, p);
    Value gu = mul(c.ev, atUpdates(c, p, mul(c.ev, ct[0], c.in[0])), m.others);
    return {mul(c.ev, ct[0], m.m), Value(), gu};
  }
  if (mode == "min" || mode == "max") {
    ChooserParts ch = chooserParts(c, p);
    Value share = div(c.ev, ct[0], ch.count);
    return {mul(c.ev, share, ch.hitX), Value(), mul(c.ev, atUpdates(c, p, share), ch.hitU)};
  }
  (void)xt;
  raise("NotImplementedError", "Differentiation rule for scatter with mode '" + mode +
                                   "' not implemented");
}

} // namespace

void registerIndexingRules(RuleTable &t) {
  t[OpKind::DynamicSlice] = {dynSliceJvp, dynSliceVjp};
  t[OpKind::DynamicUpdateSlice] = {dusJvp, dusVjp};
  t[OpKind::Take] = {takeJvp, takeVjp};
  t[OpKind::Scatter] = {scatterJvp, scatterVjp};
}

} // namespace parax::frontend::ad
