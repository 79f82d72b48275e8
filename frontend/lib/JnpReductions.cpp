//===- JnpReductions.cpp - sum, mean, max, argmax, cumsum ... -------------===//
//
// Reductions with numpy's `axis` (None, int, tuple, negative) and
// `keepdims`, and JAX's dtype rules: sum/prod of bool and small ints give
// int32 (unsigned: uint32), mean of ints gives float32, max/min keep the
// dtype, argmax/argmin give int32 over the flattened array by default.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Prims.h"

#include <algorithm>
#include <cmath>

namespace parax::frontend::jnp {

using ir::OpKind;

std::vector<int64_t> axesArg(Evaluator &ev, const Value *axis, int64_t rank) {
  std::vector<int64_t> axes;
  if (!axis || axis->isNone()) {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
    return axes;
  }
  std::vector<Value> items = axis->isSequence() ? axis->elements()
                                                : std::vector<Value>{*axis};
  for (const Value &v : items) {
    if (v.isTracer())
      concretizationError(ev, "ConcretizationTypeError",
                          "Abstract tracer value encountered where concrete "
                          "value is expected: traced array with shape " +
                              v.asTracer().type().str() +
                              "\naxis argument to a reduction.",
                          v, "axis must be a static Python int");
    int64_t a = prims::normalizeAxis(ev.toIndex(v, "axis"), rank);
    if (std::find(axes.begin(), axes.end(), a) != axes.end())
      raise("ValueError", "duplicate value in 'axis'");
    axes.push_back(a);
  }
  std::sort(axes.begin(), axes.end());
  return axes;
}

namespace {
/// Re-inserts reduced axes as size-1 dims.
Value keepDims(Evaluator &ev, const Value &r, const Shape &inShape,
               const std::vector<int64_t> &axes) {
  Shape s = inShape;
  for (int64_t a : axes)
    s[size_t(a)] = 1;
  return prims::reshape(ev, r, s);
}

/// The accumulation dtype of sum/prod: integers narrower than the default
/// int (int32, int64 with x64) and bool widen to it (unsigned to uint).
DType sumDType(DType t) {
  if (t == DType::Bool || (isSigned(t) && dtypeSize(t) < dtypeSize(defaultInt())))
    return defaultInt();
  if (isUnsigned(t) && dtypeSize(t) < dtypeSize(defaultUInt()))
    return defaultUInt();
  return t;
}

struct ReduceArgs {
  Value x;
  std::vector<int64_t> axes;
  bool keepdims = false;
  std::optional<DType> dtype;
  Value where;
  Value initial;
  bool promoteIntegers = true;
};

/// `where=` as a boolean mask of x's shape.
Value whereMask(Evaluator &ev, const ReduceArgs &r) {
  Value w = prims::convert(ev, asarray(ev, r.where, std::nullopt), DType::Bool);
  return prims::broadcastTo(ev, w, prims::typeOf(r.x).shape);
}

ReduceArgs parseReduce(Evaluator &ev, CallArgs &a, const char *fn,
                       bool hasDtype) {
  expectPositional(a, 1, hasDtype ? 4 : 3, fn);
  ReduceArgs r;
  r.x = asarray(ev, a.args[0], std::nullopt);
  int64_t rank = prims::typeOf(r.x).rank();
  const Value *axis = a.get(1, "axis");
  r.axes = axesArg(ev, axis, rank);
  if (hasDtype) {
    r.dtype = dtypeArg(ev, argOr(a, 2, "dtype"));
    r.keepdims = ev.truthy(argOr(a, 4, "keepdims", Value::boolean(false)));
  } else {
    r.keepdims = ev.truthy(argOr(a, 2, "keepdims", Value::boolean(false)));
  }
  if (const Value *out = a.get(99, "out"))
    if (!out->isNone())
      raise("NotImplementedError", std::string("The 'out' argument to jnp.") +
                                       fn + " is not supported.");
  r.where = argOr(a, 99, "where");
  r.initial = argOr(a, 99, "initial");
  if (hasDtype)
    r.promoteIntegers = ev.truthy(argOr(a, 99, "promote_integers", Value::boolean(true)));
  return r;
}

Value finish(Evaluator &ev, const ReduceArgs &r, Value v) {
  if (r.keepdims)
    return keepDims(ev, v, prims::shapeOf(r.x), r.axes);
  return v;
}

Value sumLike(Evaluator &ev, CallArgs &a, OpKind k, const char *fn) {
  ReduceArgs r = parseReduce(ev, a, fn, true);
  TensorType t = prims::typeOf(r.x);
  // promote_integers=False keeps narrow integers; bools still sum as int32.
  DType dt = r.dtype                ? *r.dtype
             : r.promoteIntegers     ? sumDType(t.dtype)
             : t.dtype == DType::Bool ? defaultInt()
                                      : t.dtype;
  Value x = prims::convert(ev, r.x, dt, r.dtype ? false : t.weak);
  if (!r.where.isNone()) {
    Value w = whereMask(ev, r);
    Value ident = prims::full(ev, t.shape, Value::integer(k == OpKind::ReduceSum ? 0 : 1), dt);
    x = prims::select(ev, w, x, ident);
  }
  Value v = prims::reduce(ev, k, x, r.axes);
  if (!r.initial.isNone())
    v = prims::binary(ev, k == OpKind::ReduceSum ? OpKind::Add : OpKind::Mul, v,
                      prims::full(ev, prims::shapeOf(v), r.initial, dt));
  return finish(ev, r, v);
}

Value maxLike(Evaluator &ev, CallArgs &a, bool isMax) {
  const char *fn = isMax ? "max" : "min";
  ReduceArgs r = parseReduce(ev, a, fn, false);
  TensorType t = prims::typeOf(r.x);
  Value x = r.x;
  bool empty = false;
  for (int64_t ax : r.axes)
    empty |= t.shape[size_t(ax)] == 0;
  if (empty && r.initial.isNone())
    raise("ValueError", std::string("zero-size array to reduction operation ") +
                            fn + " which has no identity");
  if (!r.where.isNone()) {
    if (r.initial.isNone())
      raise("ValueError", std::string("reduction operation ") + fn +
                              " does not have an identity, so to use a where mask one has to "
                              "specify 'initial'",
            "pass initial=, e.g. initial=-jnp.inf for max");
    // Masked elements take the initial value, which the result includes anyway.
    x = prims::select(ev, whereMask(ev, r), x,
                      prims::full(ev, t.shape, r.initial, t.dtype, t.weak));
  }
  Value v = prims::reduce(ev, isMax ? OpKind::ReduceMax : OpKind::ReduceMin, x, r.axes);
  if (!r.initial.isNone())
    v = prims::binary(ev, isMax ? OpKind::Max : OpKind::Min, v,
                      prims::full(ev, prims::shapeOf(v), r.initial, t.dtype, t.weak));
  return finish(ev, r, v);
}

Value boolReduce(Evaluator &ev, CallArgs &a, bool isAll) {
  ReduceArgs r = parseReduce(ev, a, isAll ? "all" : "any", false);
  Value x = prims::convert(ev, r.x, DType::Bool);
  if (!r.where.isNone())
    x = prims::select(ev, whereMask(ev, r), x,
                      prims::full(ev, prims::typeOf(x).shape, Value::boolean(isAll), DType::Bool));
  Value v = prims::reduce(ev, isAll ? OpKind::ReduceAnd : OpKind::ReduceOr, x, r.axes);
  return finish(ev, r, v);
}

/// s / n as JAX computes it: jnp.mean and jnp.var are jitted in JAX, so
/// XLA turns the division by the constant count into a multiplication by
/// its reciprocal (computed in the element type).
Value divideByCount(Evaluator &ev, const Value &s, double n, DType comp, bool weak) {
  // XLA multiplies by the reciprocal, computed in the computation dtype.
  double recip = comp == DType::F64 ? 1.0 / n : double(1.0f / float(n));
  return prims::binary(ev, OpKind::Mul, s,
                       prims::full(ev, prims::shapeOf(s), Value::floating(recip), comp, weak));
}

Value countOf(Evaluator &ev, const Shape &s, const std::vector<int64_t> &axes) {
  int64_t n = 1;
  for (int64_t ax : axes)
    n *= s[size_t(ax)];
  return Value::integer(n);
}

Value mean(Evaluator &ev, CallArgs &a) {
  ReduceArgs r = parseReduce(ev, a, "mean", true);
  TensorType t = prims::typeOf(r.x);
  WeakDType out = r.dtype ? WeakDType{*r.dtype, false}
                          : toInexact(WeakDType{t.dtype, t.weak});
  // Accumulate 16-bit floats in float32 (JAX's _upcast_f16).
  DType comp = (out.dtype == DType::F16 || out.dtype == DType::BF16) ? DType::F32 : out.dtype;
  Value x = prims::convert(ev, r.x, comp, out.weak);
  if (!r.where.isNone()) {
    // The count is the mask's sum (a value, not a constant): divide by it.
    Value w = whereMask(ev, r);
    Value zero = prims::full(ev, t.shape, Value::integer(0), comp, out.weak);
    Value s = prims::reduce(ev, OpKind::ReduceSum, prims::select(ev, w, x, zero), r.axes);
    Value n = prims::reduce(ev, OpKind::ReduceSum, prims::convert(ev, w, comp, out.weak), r.axes);
    Value v = prims::convert(ev, prims::binary(ev, OpKind::Div, s, n), out.dtype, out.weak);
    return finish(ev, r, v);
  }
  Value s = prims::reduce(ev, OpKind::ReduceSum, x, r.axes);
  double n = double(countOf(ev, t.shape, r.axes).asInt());
  Value v = prims::convert(ev, divideByCount(ev, s, n, comp, out.weak), out.dtype, out.weak);
  return finish(ev, r, v);
}

Value variance(Evaluator &ev, CallArgs &a, bool isStd) {
  const char *fn = isStd ? "std" : "var";
  expectPositional(a, 1, 4, fn);
  Value x = asarray(ev, a.args[0], std::nullopt);
  TensorType t = prims::typeOf(x);
  std::vector<int64_t> axes = axesArg(ev, a.get(1, "axis"), t.rank());
  int64_t ddof = ev.toIndex(argOr(a, 99, "ddof", Value::integer(0)), "ddof");
  bool keep = ev.truthy(argOr(a, 99, "keepdims", Value::boolean(false)));
  WeakDType out = toInexact(WeakDType{t.dtype, t.weak});
  DType comp = (out.dtype == DType::F16 || out.dtype == DType::BF16) ? DType::F32 : out.dtype;
  Value xc = prims::convert(ev, x, comp, out.weak);
  int64_t n = countOf(ev, t.shape, axes).asInt();
  Value s = prims::reduce(ev, OpKind::ReduceSum, xc, axes);
  Value mu = divideByCount(ev, s, double(n), comp, out.weak);
  Value muB = prims::broadcastTo(ev, keepDims(ev, mu, t.shape, axes), t.shape);
  Value d = prims::binary(ev, OpKind::Sub, xc, muB);
  Value sq = prims::reduce(ev, OpKind::ReduceSum, prims::binary(ev, OpKind::Mul, d, d), axes);
  Value v = n - ddof > 0
                ? divideByCount(ev, sq, double(n - ddof), comp, out.weak)
                : prims::full(ev, prims::shapeOf(sq), Value::floating(NAN), comp, out.weak);
  if (isStd)
    v = prims::unary(ev, OpKind::Sqrt, v);
  v = prims::convert(ev, v, out.dtype, out.weak);
  return keep ? keepDims(ev, v, t.shape, axes) : v;
}

Value argMinMax(Evaluator &ev, CallArgs &a, bool isMax) {
  const char *fn = isMax ? "argmax" : "argmin";
  expectPositional(a, 1, 3, fn);
  Value x = asarray(ev, a.args[0], std::nullopt);
  TensorType t = prims::typeOf(x);
  const Value *axis = a.get(1, "axis");
  bool keep = ev.truthy(argOr(a, 99, "keepdims", Value::boolean(false)));
  OpKind k = isMax ? OpKind::ArgMax : OpKind::ArgMin;
  if (!axis || axis->isNone()) {
    if (t.numElements() == 0)
      raise("ValueError", std::string("attempt to get ") + fn + " of an empty sequence");
    Value flat = prims::reshape(ev, x, {t.numElements()});
    Value r = prims::argReduce(ev, k, flat, 0);
    if (keep)
      r = prims::reshape(ev, r, Shape(size_t(t.rank()), 1));
    return r;
  }
  int64_t ax = prims::normalizeAxis(ev.toIndex(*axis, "axis"), t.rank());
  if (t.shape[size_t(ax)] == 0)
    raise("ValueError", std::string("attempt to get ") + fn + " of an empty sequence");
  Value r = prims::argReduce(ev, k, x, ax);
  return keep ? keepDims(ev, r, t.shape, {ax}) : r;
}

Value cumulative(Evaluator &ev, CallArgs &a, OpKind k, const char *fn) {
  expectPositional(a, 1, 3, fn);
  Value x = asarray(ev, a.args[0], std::nullopt);
  TensorType t = prims::typeOf(x);
  const Value *axis = a.get(1, "axis");
  std::optional<DType> dt = dtypeArg(ev, argOr(a, 2, "dtype"));
  // Only bool widens (to the default int); other integers keep their dtype
  // and wrap.
  DType target = dt ? *dt : (t.dtype == DType::Bool ? defaultInt() : t.dtype);
  x = prims::convert(ev, x, target, dt ? false : t.weak);
  int64_t ax;
  if (!axis || axis->isNone()) {
    x = prims::reshape(ev, x, {t.numElements()});
    ax = 0;
  } else {
    ax = prims::normalizeAxis(ev.toIndex(*axis, "axis"), t.rank());
  }
  return prims::cumulative(ev, k, x, ax, false);
}
} // namespace

Value reduceAny(Evaluator &ev, const Value &x) {
  Value b = prims::convert(ev, x, DType::Bool);
  return prims::reduce(ev, OpKind::ReduceOr, b, axesArg(ev, nullptr, prims::typeOf(b).rank()));
}

void registerJnpReductions(Evaluator &ev, ModuleObject &m) {
  m.def("sum", [](Evaluator &ev, CallArgs &a) { return sumLike(ev, a, OpKind::ReduceSum, "sum"); });
  m.def("prod", [](Evaluator &ev, CallArgs &a) { return sumLike(ev, a, OpKind::ReduceProd, "prod"); });
  m.def("max", [](Evaluator &ev, CallArgs &a) { return maxLike(ev, a, true); });
  m.def("amax", [](Evaluator &ev, CallArgs &a) { return maxLike(ev, a, true); });
  m.def("min", [](Evaluator &ev, CallArgs &a) { return maxLike(ev, a, false); });
  m.def("amin", [](Evaluator &ev, CallArgs &a) { return maxLike(ev, a, false); });
  m.def("all", [](Evaluator &ev, CallArgs &a) { return boolReduce(ev, a, true); });
  m.def("any", [](Evaluator &ev, CallArgs &a) { return boolReduce(ev, a, false); });
  m.def("mean", [](Evaluator &ev, CallArgs &a) { return mean(ev, a); });
  m.def("var", [](Evaluator &ev, CallArgs &a) { return variance(ev, a, false); });
  m.def("std", [](Evaluator &ev, CallArgs &a) { return variance(ev, a, true); });
  m.def("argmax", [](Evaluator &ev, CallArgs &a) { return argMinMax(ev, a, true); });
  m.def("argmin", [](Evaluator &ev, CallArgs &a) { return argMinMax(ev, a, false); });
  m.def("cumsum", [](Evaluator &ev, CallArgs &a) { return cumulative(ev, a, OpKind::CumSum, "cumsum"); });
  m.def("cumprod", [](Evaluator &ev, CallArgs &a) { return cumulative(ev, a, OpKind::CumProd, "cumprod"); });
  m.def("count_nonzero", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "count_nonzero");
    Value x = asarray(ev, a.args[0], std::nullopt);
    Value nz = prims::convert(ev, prims::convert(ev, x, DType::Bool), defaultInt());
    return prims::reduce(ev, OpKind::ReduceSum, nz,
                         axesArg(ev, a.get(1, "axis"), prims::typeOf(x).rank()));
  });
}

} // namespace parax::frontend::jnp
