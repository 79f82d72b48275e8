//===- IndexingRules.cpp - jvp/vjp of dynamic slices, take and scatter ----===//
//
// Linear in the array operands (indices are never differentiated): a
// gather's transpose is a scatter-add at the same (clamped) indices, a
// dynamic slice's is a dynamic update of zeros, and a scatter's update
// cotangent is the gather of the cotangent at the indices it wrote.
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

Vals scatterJvp(OpCtx &c, const Vals &t) {
  const std::string &mode = c.op.attrs().getString("mode");
  if (mode != "set" && mode != "add")
    raise("NotImplementedError", "Differentiation rule for scatter with mode '" + mode +
                                     "' not implemented");
  return {same(c, {instantiate(c.ev, t[0], operandType(c, 0)), c.in[1],
                   instantiate(c.ev, t[2], operandType(c, 2))})};
}
Vals scatterVjp(OpCtx &c, const Vals &ct) {
  const std::string &mode = c.op.attrs().getString("mode");
  int64_t axis = c.op.attrs().getInt("axis");
  if (mode != "set" && mode != "add")
    raise("NotImplementedError", "Differentiation rule for scatter with mode '" + mode +
                                     "' not implemented");
  const TensorType &xt = operandType(c, 0), &ut = operandType(c, 2);
  int64_t n = xt.shape[size_t(axis)];
  Value gu;
  if (n > 0) {
    Value taken = prims::take(c.ev, ct[0], clampedIndices(c.ev, c.in[1], n), axis);
    gu = prims::select(c.ev, inRange(c.ev, c.in[1], n, ut, axis), taken, zerosOf(c.ev, ut));
  } else {
    gu = zerosOf(c.ev, ut);
  }
  // "set" overwrites: the old values at the written places get nothing.
  Value gx = mode == "set" ? prims::scatter(c.ev, ct[0], c.in[1], zerosOf(c.ev, ut), axis, "set")
                           : ct[0];
  return {gx, Value(), gu};
}

} // namespace

void registerIndexingRules(RuleTable &t) {
  t[OpKind::DynamicSlice] = {dynSliceJvp, dynSliceVjp};
  t[OpKind::DynamicUpdateSlice] = {dusJvp, dusVjp};
  t[OpKind::Take] = {takeJvp, takeVjp};
  t[OpKind::Scatter] = {scatterJvp, scatterVjp};
}

} // namespace parax::frontend::ad
