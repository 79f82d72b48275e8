//===- JnpCreation.cpp - array creation -----------------------------------===//
//
// jnp.array/asarray (nested Python sequences -> one array, dtype inferred
// with JAX's rules), zeros/ones/full/empty and their *_like forms, arange
// (as JAX: iota in the working dtype, scaled and shifted), linspace, eye.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/lib/NumpyArray.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Prims.h"

#include <cmath>
#include <cstdio>

namespace parax::frontend::jnp {

using ir::OpKind;

std::optional<DType> dtypeArg(Evaluator &ev, const Value &v) {
  // JAX canonicalises every requested dtype: with x64 disabled float64,
  // int64 and uint64 become their 32-bit forms.
  if (auto d = requestedDType(ev, v))
    return canonical(*d);
  return std::nullopt;
}

std::optional<DType> requestedDType(Evaluator &ev, const Value &v) {
  if (v.isNone())
    return std::nullopt;
  if (v.isDType())
    return v.asDType();
  if (v.isStr()) {
    if (auto d = parseDType(v.asStr()))
      return *d;
    raise("TypeError", "data type " + pyStrRepr(v.asStr()) + " not understood");
  }
  if (auto d = numpyTypeAsJaxDType(v)) // np.float32, np.dtype('int64')
    return d;
  if (v.kind() == Value::Kind::Native) {
    // The Python types int/float/bool used as dtypes.
    std::string r = v.asNative()->repr();
    if (r == "<class 'int'>")
      return DType::I64;
    if (r == "<class 'float'>")
      return DType::F64;
    if (r == "<class 'bool'>")
      return DType::Bool;
  }
  raise("TypeError", "Cannot interpret '" + ev.repr(v) + "' as a data type");
}

Shape shapeArg(Evaluator &ev, const Value &shapeValue, const std::string &fn) {
  const Value &v = unwrapBuiltin(shapeValue);
  Shape s;
  auto dim = [&](const Value &d) {
    if (abstractOrigin(d)) // parax check: the real run has this value
      stopCheck(ev, d);
    if (d.isTracer())
      raise("TypeError",
            "Shapes must be 1D sequences of concrete values of integer type, "
            "got (JitTracer(" + d.asTracer().type().str(true) + "),).",
            "a shape must be known when tracing; pass it as a static argument "
            "(static_argnums) or use x.shape");
    if (d.isFloat())
      raise("TypeError", "'float' object cannot be interpreted as an integer");
    int64_t n = ev.toIndex(d, fn + " shape");
    if (n < 0)
      raise("ValueError", "negative dimensions are not allowed");
    return n;
  };
  if (v.isSequence()) {
    for (const Value &d : v.elements())
      s.push_back(dim(d));
  } else {
    s.push_back(dim(v));
  }
  checkArraySize(std::nullopt, s);
  return s;
}

namespace {
/// numpy's NPY_MAXDIMS: deeper nested lists are not arrays.
constexpr size_t kMaxArrayRank = 64;

/// Collects the leaves and the nested shape of a Python sequence.
void flattenNested(Evaluator &ev, const Value &item, size_t depth, Shape &shape,
                   std::vector<Value> &leaves, bool &hasTracer) {
  checkStack();
  const Value &v = unwrapBuiltin(item); // a list/tuple/float subclass is its value
  if (v.isSequence()) {
    if (depth == kMaxArrayRank)
      raise("ValueError", "setting an array element with a sequence. The "
                          "requested array would exceed the maximum number of "
                          "dimension of " + std::to_string(kMaxArrayRank) + ".");
    int64_t n = int64_t(v.elements().size());
    if (shape.size() <= depth)
      shape.push_back(n);
    else if (shape[depth] != n)
      raise("ValueError", "setting an array element with a sequence. The "
                          "requested array has an inhomogeneous shape after " +
                              std::to_string(depth) + " dimensions.");
    for (const Value &e : v.elements())
      flattenNested(ev, e, depth + 1, shape, leaves, hasTracer);
    return;
  }
  if (v.isBigInt())
    raiseIntTooLargeForJax(v);
  if (!v.isArrayLike())
    raise("TypeError", "Value " + ev.repr(v) + " with type " + typeName(v) +
                           " is not a valid JAX type");
  hasTracer |= v.isTracer();
  leaves.push_back(v);
}
} // namespace

Value asarray(Evaluator &ev, const Value &obj, std::optional<DType> dtype) {
  const Value &v = unwrapBuiltin(obj);
  if (v.isArrayValue())
    return dtype ? prims::convert(ev, v, *dtype, false) : v;
  if (v.isNumber()) {
    WeakDType t = weakDTypeOf(v);
    if (dtype) {
      prims::checkIntFits(v, *dtype, "array");
      return prims::scalarAs(v, *dtype, false);
    }
    return prims::scalarAs(v, t.dtype, t.weak);
  }
  if (v.isBigInt())
    raiseIntTooLargeForJax(v);
  if (!v.isSequence())
    raise("TypeError", "Value " + (v.isStr() ? pyStrRepr(v.asStr()) : ev.repr(v)) +
                           " with type " + typeName(v) +
                           " is not a valid JAX type");
  Shape outer;
  std::vector<Value> leaves;
  bool hasTracer = false;
  flattenNested(ev, v, 0, outer, leaves, hasTracer);
  // Leaves may themselves be arrays: they must agree in shape.
  Shape inner;
  bool first = true;
  std::vector<WeakDType> types;
  for (const Value &l : leaves) {
    TensorType t = prims::typeOf(l);
    if (first)
      inner = t.shape;
    else if (t.shape != inner)
      raise("ValueError", "All input arrays must have the same shape.");
    first = false;
    types.push_back({t.dtype, t.weak});
  }
  if (outer.size() > 0 && outer.back() == 0 && leaves.empty())
    inner = {};
  WeakDType r = types.empty() ? WeakDType{defaultFloat(), false} : resultType(types);
  DType dt = dtype ? *dtype : r.dtype;
  Shape full = outer;
  full.insert(full.end(), inner.begin(), inner.end());
  if (!hasTracer && !ev.currentTrace()) {
    // Fast path: fill one host buffer.
    Array out = Array::allocate(dt, full);
    int64_t per = numElements(inner);
    for (size_t i = 0; i < leaves.size(); ++i) {
      const Value &l = leaves[i];
      prims::checkIntFits(l, dt, "array");
      if (l.isNumber()) {
        if (l.isFloat() || isFloat(dt))
          out.setDouble(int64_t(i), l.asFloat());
        else
          out.setInt(int64_t(i), l.asInt());
        continue;
      }
      const Array &a = l.asArray();
      for (int64_t k = 0; k < per; ++k) {
        if (isFloat(a.dtype()) || isFloat(dt))
          out.setDouble(int64_t(i) * per + k, a.getDouble(k));
        else
          out.setInt(int64_t(i) * per + k, a.getInt(k));
      }
    }
    return Value::array(out);
  }
  // Under a trace: convert each leaf, add a leading unit axis, concatenate.
  std::vector<Value> parts;
  Shape one = {1};
  one.insert(one.end(), inner.begin(), inner.end());
  for (const Value &l : leaves)
    parts.push_back(prims::reshape(ev, prims::convert(ev, l, dt, false), one));
  Value cat = parts.empty() ? prims::full(ev, full, Value::integer(0), dt)
                            : prims::concatenate(ev, parts, 0);
  return prims::reshape(ev, cat, full);
}

namespace {
Value fullImpl(Evaluator &ev, const Shape &shape, const Value &fill,
               std::optional<DType> dtype) {
  if (fill.isArrayValue()) {
    TensorType t = prims::typeOf(fill);
    DType dt = dtype ? *dtype : t.dtype;
    Value f = prims::convert(ev, fill, dt, dtype ? false : t.weak);
    return prims::broadcastTo(ev, f, shape);
  }
  if (!fill.isNumber())
    raise("TypeError", "fill_value must be a number or array, not " + typeName(fill));
  WeakDType t = weakDTypeOf(fill);
  return prims::full(ev, shape, fill, dtype ? *dtype : t.dtype,
                     dtype ? false : t.weak);
}

Value likeImpl(Evaluator &ev, CallArgs &a, const char *fn, Value fill) {
  if (a.args.empty())
    raise("TypeError", std::string(fn) + "() missing required argument 'a'");
  TensorType t = prims::typeOf(asarray(ev, a.args[0], std::nullopt));
  // full_like(a, fill_value, dtype=None, shape=None); the others have no fill.
  size_t dtypePos = 1;
  if (fill.isNone()) {
    fill = argRequired(a, 1, "fill_value", fn);
    dtypePos = 2;
  }
  std::optional<DType> dt = dtypeArg(ev, argOr(a, dtypePos, "dtype"));
  Shape shape = t.shape;
  Value sv = argOr(a, dtypePos + 1, "shape");
  if (!sv.isNone())
    shape = shapeArg(ev, sv, fn);
  bool weak = !dt && t.weak;
  if (fill.isArrayValue())
    return prims::broadcastTo(ev, prims::convert(ev, fill, dt ? *dt : t.dtype, weak), shape);
  return prims::full(ev, shape, fill, dt ? *dt : t.dtype, weak);
}

/// The length of jnp.arange from its (double) ceil((stop - start) / step):
/// NaN, infinite or beyond the array limit is numpy's ValueError, not an
/// out-of-range double-to-int conversion.
int64_t arangeLength(double span) {
  if (std::isnan(span))
    raise("ValueError", "arange: cannot compute length");
  if (span <= 0)
    return 0;
  if (span >= double(kMaxArrayBytes)) {
    char n[64];
    std::snprintf(n, sizeof n, "%.3g", span);
    raise("ValueError", std::string("Maximum allowed size exceeded: jnp.arange would have ") +
                            n + " elements",
          "an arange of more than 2^62 elements cannot exist; check its bounds and step");
  }
  return int64_t(span);
}

double concreteScalar(Evaluator &ev, const Value &v, const std::string &what) {
  if (v.isTracer())
    concretizationError(ev, "ConcretizationTypeError",
                        "Abstract tracer value encountered where concrete value "
                        "is expected: traced array with shape " +
                            v.asTracer().type().str() + "\n" + what,
                        v, "jnp.arange needs concrete bounds; pass them as static arguments");
  if (v.isArray()) {
    if (v.asArray().rank() != 0)
      raise("ValueError", "jax.numpy.arange: arguments must be scalars");
    return v.asArray().getDouble(0);
  }
  return v.asFloat();
}
} // namespace

void registerJnpCreation(Evaluator &ev, ModuleObject &m) {
  auto arrayFn = [](Evaluator &ev, CallArgs &a) {
    if (a.args.empty())
      raise("TypeError", "array() missing required argument 'object'");
    std::optional<DType> dt = dtypeArg(ev, argOr(a, 1, "dtype"));
    return asarray(ev, a.args[0], dt);
  };
  m.def("array", arrayFn);
  m.def("asarray", arrayFn);
  auto filled = [](double v) {
    return [v](Evaluator &ev, CallArgs &a) {
      if (a.args.empty() && !a.has(0, "shape"))
        raise("TypeError", "missing required argument 'shape'");
      Shape s = shapeArg(ev, argRequired(a, 0, "shape", "zeros"), "zeros");
      std::optional<DType> dt = dtypeArg(ev, argOr(a, 1, "dtype"));
      return prims::full(ev, s, Value::floating(v), dt ? *dt : defaultFloat());
    };
  };
  m.def("zeros", filled(0));
  m.def("empty", filled(0));
  m.def("ones", filled(1));
  m.def("full", [](Evaluator &ev, CallArgs &a) {
    Shape s = shapeArg(ev, argRequired(a, 0, "shape", "full"), "full");
    Value fill = argRequired(a, 1, "fill_value", "full");
    return fullImpl(ev, s, fill, dtypeArg(ev, argOr(a, 2, "dtype")));
  });
  m.def("zeros_like", [](Evaluator &ev, CallArgs &a) {
    return likeImpl(ev, a, "zeros_like", Value::integer(0));
  });
  m.def("empty_like", [](Evaluator &ev, CallArgs &a) {
    return likeImpl(ev, a, "empty_like", Value::integer(0));
  });
  m.def("ones_like", [](Evaluator &ev, CallArgs &a) {
    return likeImpl(ev, a, "ones_like", Value::integer(1));
  });
  m.def("full_like", [](Evaluator &ev, CallArgs &a) {
    return likeImpl(ev, a, "full_like", Value::none());
  });
  m.def("arange", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 0, 4, "arange");
    Value start = argRequired(a, 0, "start", "arange");
    Value stop = argOr(a, 1, "stop"), step = argOr(a, 2, "step");
    std::optional<DType> dt = dtypeArg(ev, argOr(a, 3, "dtype"));
    std::string startName = stop.isNone() && step.isNone() ? "stop" : "start";
    double s0 = concreteScalar(ev, start, "It arose in the jnp.arange argument '" + startName + "'");
    double s1 = stop.isNone() ? 0 : concreteScalar(ev, stop, "It arose in the jnp.arange argument 'stop'");
    double st = step.isNone() ? 1 : concreteScalar(ev, step, "It arose in the jnp.arange argument 'step'");
    if (!dt) {
      std::vector<WeakDType> ts{weakDTypeOf(start.isArray() ? start : start)};
      if (!stop.isNone())
        ts.push_back(weakDTypeOf(stop));
      if (!step.isNone())
        ts.push_back(weakDTypeOf(step));
      dt = resultType(ts).dtype;
    }
    if (stop.isNone()) {
      s1 = s0;
      s0 = 0;
    }
    if (!step.isNone()) {
      if (st == 0)
        raise("ZeroDivisionError", "division by zero");
      DType work = (*dt == DType::F16 || *dt == DType::BF16) ? DType::F32 : *dt;
      int64_t size = arangeLength(std::ceil((s1 - s0) / st));
      Value io = prims::iota(ev, work, {size}, 0);
      Value stepV = prims::full(ev, {size}, step, work);
      Value startV = prims::full(ev, {size}, stop.isNone() ? Value::integer(0) : start, work);
      Value r = prims::binary(ev, OpKind::Add, startV,
                              prims::binary(ev, OpKind::Mul, stepV, io));
      return prims::convert(ev, r, *dt);
    }
    if (s0 == 0) {
      int64_t size = arangeLength(std::ceil(s1));
      return prims::iota(ev, *dt, {size}, 0);
    }
    int64_t size = arangeLength(std::ceil(s1 - s0));
    Value io = prims::iota(ev, *dt, {size}, 0);
    return prims::binary(ev, OpKind::Add, prims::full(ev, {size}, start, *dt), io);
  });
  m.def("linspace", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 6, "linspace");
    // Traced (scalar) endpoints are allowed, as in JAX (linspace is then
    // differentiable in them); concrete ones are used as exact constants.
    auto endpointOf = [&](const Value &v) {
      if (v.isTracer() && v.asTracer().type().rank() != 0)
        raise("NotImplementedError", "jnp.linspace with traced non-scalar endpoints",
              "pass scalar start/stop");
      return v.isTracer() ? 0.0 : concreteScalar(ev, v, "It arose in jnp.linspace");
    };
    double start = endpointOf(a.args[0]);
    double stop = endpointOf(a.args[1]);
    int64_t num = ev.toIndex(argOr(a, 2, "num", Value::integer(50)), "num");
    bool endpoint = ev.truthy(argOr(a, 3, "endpoint", Value::boolean(true)));
    bool retstep = ev.truthy(argOr(a, 4, "retstep", Value::boolean(false)));
    std::optional<DType> dt = dtypeArg(ev, argOr(a, 5, "dtype"));
    DType out = dt ? *dt
                   : toInexact(resultType({weakDTypeOf(a.args[0]), weakDTypeOf(a.args[1])})).dtype;
    if (num < 0)
      raise("ValueError", "Number of samples, " + std::to_string(num) +
                              ", must be non-negative.");
    // JAX: start * (1 - t) + stop * t with t = iota / div, in the inexact
    // computation dtype, the endpoint appended exactly; integer dtypes floor.
    // XLA rewrites the division by the constant div as a multiplication by
    // its reciprocal r and reassociates stop * (iota * r) as iota * (stop * r);
    // the same rounding steps are taken here (they show in float16).
    DType comp = isFloat(out) ? out : defaultFloat();
    auto c = [&](double v, const Shape &sh) {
      return prims::full(ev, sh, Value::floating(v), comp);
    };
    // An endpoint broadcast to `sh`: a constant, or the traced value.
    auto at = [&](const Value &arg, double v, const Shape &sh) {
      if (!arg.isTracer())
        return c(v, sh);
      return prims::broadcastTo(ev, prims::convert(ev, arg, comp), sh);
    };
    Value s0 = at(a.args[0], start, {}), s1 = at(a.args[1], stop, {});
    int64_t div = endpoint ? num - 1 : num;
    Value delta, r;
    if (num > 1) {
      Value recip = prims::binary(ev, OpKind::Div, c(1.0, {}), c(double(div), {}));
      delta = prims::binary(ev, OpKind::Mul, prims::binary(ev, OpKind::Sub, s1, s0), recip);
      Shape sh{div};
      Value io = prims::iota(ev, comp, sh, 0);
      Value t = prims::binary(ev, OpKind::Mul, io, prims::broadcastTo(ev, recip, sh));
      Value stopR = prims::binary(ev, OpKind::Mul, s1, recip);
      r = prims::binary(
          ev, OpKind::Add,
          prims::binary(ev, OpKind::Mul, at(a.args[0], start, sh),
                        prims::binary(ev, OpKind::Sub, c(1.0, sh), t)),
          prims::binary(ev, OpKind::Mul, io, prims::broadcastTo(ev, stopR, sh)));
      if (endpoint)
        r = prims::concatenate(ev, {r, at(a.args[1], stop, {1})}, 0);
    } else if (num == 1) {
      delta = endpoint ? c(NAN, {}) : prims::binary(ev, OpKind::Sub, s1, s0);
      r = at(a.args[0], start, {1});
    } else {
      delta = c(NAN, {});
      r = c(0.0, {0});
    }
    if (!isFloat(out))
      r = prims::unary(ev, OpKind::Floor, r);
    r = prims::convert(ev, r, out);
    if (retstep)
      return Value::tuple({r, delta});
    return r;
  });
  m.def("eye", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 4, "eye");
    int64_t n = ev.toIndex(a.args[0], "N");
    Value mv = argOr(a, 1, "M");
    int64_t mcols = mv.isNone() ? n : ev.toIndex(mv, "M");
    int64_t k = ev.toIndex(argOr(a, 2, "k", Value::integer(0)), "k");
    std::optional<DType> dt = dtypeArg(ev, argOr(a, 3, "dtype"));
    Value rows = prims::iota(ev, DType::I32, {n, mcols}, 0);
    Value cols = prims::iota(ev, DType::I32, {n, mcols}, 1);
    Value shifted = prims::binary(ev, OpKind::Add, rows,
                                  prims::full(ev, {n, mcols}, Value::integer(k), DType::I32));
    Value eq = prims::compare(ev, OpKind::Eq, shifted, cols);
    return prims::convert(ev, eq, dt ? *dt : defaultFloat());
  });
  m.def("identity", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "identity");
    std::vector<Value> args{a.args[0]};
    CallArgs b;
    b.args = {a.args[0], Value::none(), Value::integer(0), argOr(a, 1, "dtype")};
    b.loc = a.loc;
    Value eye;
    auto *mod = ev.importModule("jax.numpy", a.loc).as<ModuleObject>();
    mod->getAttr(ev, "eye", eye);
    return ev.call(eye, b);
  });
}

} // namespace parax::frontend::jnp
