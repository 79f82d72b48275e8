//===- Random.cpp - jax.random (threefry) ---------------------------------===//
//
// jax.random, bit-exact with JAX 0.10.2 on the CPU. Keys, the raw bit stream
// and the sorting network live in RandomBits.cpp; this file holds the
// samplers, each a step-by-step transcription of jax/_src/random/core.py:
//
// - Keys are uint32[2] arrays (k0, k1); a batch of keys is uint32[..., 2].
//   Counters are partitionable (the default `jax_threefry_partitionable`):
//   element i of a draw hashes the 64-bit counter (0, i), so a sample does
//   not depend on how the output is laid out or sharded.
// - bits -> float (uniform): keep the top nmant bits of a draw (bf16, with 7
//   mantissa bits, draws only 8 bits), OR in the exponent of 1.0 to get a
//   float in [1, 2), bitcast, subtract 1, then scale to
//   max(minval, u * (maxval - minval) + minval), all in the target dtype.
// - normal is sqrt(2) * erf_inv(uniform(nextafter(-1, 0), 1)); randint
//   combines two 32-bit draws (from split(key)) modulo the span; bernoulli
//   compares a uniform with p; permutation sorts by fresh 32-bit keys
//   (ceil(3 ln n / ln(2^32 - 1)) rounds); choice uses randint, permutation,
//   an inverse-CDF search (p, replace) or the Gumbel top-k trick.
//
// jax.random.key(seed) makes a typed key (dtype key<fry>, shape ()) that JAX
// prints as "Array((), dtype=key<fry>) overlaying:\n[0 0]". parax represents
// it as the same uint32[2] array that PRNGKey returns (so it prints as
// [0 0], has shape (2,), and split(key(0), 5) has shape (5, 2)); samples,
// splits and key_data are identical.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Evaluator.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Modules.h"
#include "frontend/lib/Prims.h"

#include <cmath>
#include <limits>

namespace parax::frontend::random {

using ir::OpKind;

// Defined in RandomBits.cpp.
Value bin(Evaluator &ev, OpKind k, Value a, Value b);
Value constInt(DType dt, int64_t v);
Value checkKey(Evaluator &ev, const Value &key, const std::string &fn,
               bool allowBatched);
Value seedKey(Evaluator &ev, const Value &seed, const std::string &fn);
Value splitKey(Evaluator &ev, const Value &key, const Shape &shape);
Value keyRow(Evaluator &ev, const Value &keys, int64_t i);
Value foldIn(Evaluator &ev, const Value &key, const Value &data);
Value randomBits(Evaluator &ev, const Value &key, int width,
                 const Shape &shape);
Value sortKeyVal(Evaluator &ev, Value keys, Value vals, int64_t axis);
Value fmaF32(Evaluator &ev, const Value &a, const Value &b, const Value &c);
Value nextToward(Evaluator &ev, const Value &x, bool up);

namespace {

Value constF(DType dt, double v) { return Value::array(Array::scalar(dt, v)); }

/// finfo(dt).nmant for the float dtypes.
int mantissaBits(DType dt) {
  return dt == DType::F64 ? 52 : dt == DType::F32 ? 23 : dt == DType::F16 ? 10 : 7;
}

std::string name(DType dt) { return std::string(dtypeName(dt)); }

/// _check_shape: parameter shapes must broadcast to exactly `shape`.
void checkShape(const std::string &fn, const Shape &shape,
                std::vector<Shape> params) {
  if (params.empty())
    return;
  params.insert(params.begin(), shape);
  Shape r = jnp::broadcastShapes(params);
  if (r != shape)
    raise("ValueError",
          fn +
              " parameter shapes must be broadcast-compatible with shape "
              "argument, and the result of broadcasting the shapes must "
              "equal the shape argument, but got result " +
              shapeToPython(r) + " for shape argument " + shapeToPython(shape) +
              ".");
}

/// A float dtype argument (None -> float32); `what` describes the check.
DType floatDType(Evaluator &ev, const Value &v, const std::string &fn,
                 const std::string &what = "a float dtype") {
  DType dt = jnp::dtypeArg(ev, v).value_or(defaultFloat());
  if (!isFloat(dt))
    raise("ValueError", "dtype argument to `" + fn + "` must be " + what +
                            ", got " + name(dt));
  return dt;
}

Value keyArg(Evaluator &ev, CallArgs &a, const std::string &fn,
             bool allowBatched = false) {
  return checkKey(ev, argRequired(a, 0, "key", fn), fn, allowBatched);
}

Shape shapeOr(Evaluator &ev, const Value &v, const std::string &fn) {
  return v.isNone() ? Shape{} : jnp::shapeArg(ev, v, fn);
}

/// Integer range of an integer dtype.
std::pair<int64_t, int64_t> intRange(DType dt) {
  int64_t bits = dtypeSize(dt) * 8;
  // 64-bit types: the int64 range (uint64 bounds past INT64_MAX are not
  // representable here; they clip at INT64_MAX).
  if (bits == 64)
    return {isUnsigned(dt) ? 0 : std::numeric_limits<int64_t>::min(),
            std::numeric_limits<int64_t>::max()};
  if (isUnsigned(dt))
    return {0, (int64_t(1) << bits) - 1};
  return {-(int64_t(1) << (bits - 1)), (int64_t(1) << (bits - 1)) - 1};
}

Value clip(Evaluator &ev, const Value &x, const Value &lo, const Value &hi) {
  return bin(ev, OpKind::Min, bin(ev, OpKind::Max, x, lo), hi);
}

/// _uniform: floats in [minval, maxval) of dtype `dt` (see the banner).
Value uniform(Evaluator &ev, const Value &key, const Shape &shape, DType dt,
              Value minval, Value maxval) {
  minval = jnp::asarray(ev, minval, std::nullopt);
  maxval = jnp::asarray(ev, maxval, std::nullopt);
  // XLA contracts u * (maxval - minval) + minval into an FMA on the CPU. It
  // rounds like the plain ops when the product is exact (a power-of-two
  // span, as in normal and the default range) or minval is 0.
  bool plain = dt != DType::F32;
  if (!plain && minval.isArray() && maxval.isArray() &&
      prims::shapeOf(minval).empty() && prims::shapeOf(maxval).empty()) {
    float lo = float(minval.asArray().getDouble(0));
    float width = float(maxval.asArray().getDouble(0)) - lo;
    int e;
    plain = lo == 0 || width == 0 || std::fabs(std::frexp(width, &e)) == 0.5f;
  }
  minval = prims::convert(ev, minval, dt);
  maxval = prims::convert(ev, maxval, dt);
  for (const Value &m : {minval, maxval}) {
    Shape ms = prims::shapeOf(m);
    bool ok = ms.size() <= shape.size();
    for (size_t i = 0; ok && i < ms.size(); ++i)
      ok = ms[i] == 1 || ms[i] == shape[shape.size() - ms.size() + i];
    if (!ok)
      raise("TypeError", "mul got incompatible shapes for broadcasting: " +
                             shapeToPython(shape) + ", " + shapeToPython(ms) +
                             ".");
  }
  int nbits = int(dtypeSize(dt) * 8), nmant = mantissaBits(dt);
  int rngBits = nmant < 8 ? 8 : nbits;
  DType uintDt = nbits == 64 ? DType::U64 : nbits == 32 ? DType::U32 : DType::U16;
  Value bits = prims::convert(ev, randomBits(ev, key, rngBits, shape), uintDt);
  int64_t one = nbits == 64   ? 0x3FF0000000000000ll
                : nbits == 32 ? 0x3F800000
                : dt == DType::F16 ? 0x3C00
                                   : 0x3F80;
  Value floatBits = bin(ev, OpKind::Or,
                        bin(ev, OpKind::ShiftRightLogical, bits,
                            constInt(uintDt, rngBits - nmant)),
                        constInt(uintDt, one));
  Value floats = bin(ev, OpKind::Sub, prims::bitcastConvert(ev, floatBits, dt),
                     constF(dt, 1.0));
  Value lo = prims::broadcastTo(ev, minval, shape);
  Value span =
      prims::broadcastTo(ev, bin(ev, OpKind::Sub, maxval, minval), shape);
  Value scaled =
      !plain ? fmaF32(ev, floats, span, lo)
             : bin(ev, OpKind::Add, bin(ev, OpKind::Mul, floats, span), lo);
  return bin(ev, OpKind::Max, lo, scaled);
}

/// _normal_real: sqrt(2) * erf_inv(u), u uniform in (-1, 1).
Value normal(Evaluator &ev, const Value &key, const Shape &shape, DType dt) {
  // nextafter(-1, 0) in dt.
  double lo = -(1.0 - std::ldexp(1.0, -(mantissaBits(dt) + 1)));
  Value u = uniform(ev, key, shape, dt, constF(dt, lo), constF(dt, 1.0));
  return bin(ev, OpKind::Mul, constF(dt, M_SQRT2),
             prims::unary(ev, OpKind::ErfInv, u));
}

/// Rounds `v` to the nearest value of dtype `dt`.
double roundTo(DType dt, double v) { return Array::scalar(dt, v).getDouble(0); }

/// erf(x / sqrt(2)) as JAX computes it: in a compiled computation a
/// constant x is folded by XLA (glibc erff of the quotient); otherwise XLA
/// rewrites the division as x * (1 / sqrt(2)) and runs its erf kernel.
Value erfScaled(Evaluator &ev, const Value &x, DType dt) {
  double sqrt2 = roundTo(dt, M_SQRT2);
  if (ev.currentTrace() && !x.isTracer()) {
    Array in = jnp::asarray(ev, x, std::nullopt).asArray().astype(dt);
    Array out = Array::allocate(dt, in.shape());
    for (int64_t i = 0; i < in.size(); ++i) {
      float q = float(roundTo(dt, float(in.getDouble(i)) / float(sqrt2)));
      out.setDouble(i, std::erf(q));
    }
    return Value::array(out);
  }
  Value v = prims::convert(ev, jnp::asarray(ev, x, std::nullopt), dt);
  return prims::unary(
      ev, OpKind::Erf,
      bin(ev, OpKind::Mul, v, constF(dt, roundTo(dt, 1.0 / sqrt2))));
}

Value truncatedNormal(Evaluator &ev, const Value &key, const Value &lo,
                      const Value &hi, std::optional<Shape> shape, DType dt) {
  Value lower = prims::convert(ev, jnp::asarray(ev, lo, std::nullopt), dt);
  Value upper = prims::convert(ev, jnp::asarray(ev, hi, std::nullopt), dt);
  Shape ls = prims::shapeOf(lower), us = prims::shapeOf(upper);
  if (!shape)
    shape = jnp::broadcastShapes({ls, us});
  else
    checkShape("truncated_normal", *shape, {ls, us});
  Value u = uniform(ev, key, *shape, dt, erfScaled(ev, lo, dt),
                    erfScaled(ev, hi, dt));
  Value out = bin(ev, OpKind::Mul, constF(dt, M_SQRT2),
                  prims::unary(ev, OpKind::ErfInv, u));
  return clip(ev, out, nextToward(ev, lower, true),
              nextToward(ev, upper, false));
}

/// _convert_and_clip_integer: clamps to dt's range, then converts.
Value convertClip(Evaluator &ev, const Value &v, DType dt) {
  DType vt = prims::dtypeOf(v);
  auto [dlo, dhi] = intRange(dt);
  auto [vlo, vhi] = intRange(vt);
  Value c = clip(ev, v, constInt(vt, std::max(dlo, vlo)),
                 constInt(vt, std::min(dhi, vhi)));
  return prims::convert(ev, c, dt);
}

/// _randint for 32-bit `dt`: two draws combined modulo the span.
Value randint32(Evaluator &ev, const Value &key, const Shape &shape,
                Value minval, Value maxval, DType dt) {
  for (Value *m : {&minval, &maxval}) {
    *m = jnp::asarray(ev, *m, std::nullopt);
    if (!isInteger(prims::dtypeOf(*m)))
      *m = prims::convert(ev, *m, defaultInt());
  }
  checkShape("randint", shape,
             {prims::shapeOf(minval), prims::shapeOf(maxval)});
  DType mt = prims::dtypeOf(maxval);
  Value outOfRange =
      bin(ev, OpKind::Gt, maxval,
          constInt(mt, std::min(intRange(dt).second, intRange(mt).second)));
  outOfRange = prims::broadcastTo(ev, outOfRange, shape);
  minval = prims::broadcastTo(ev, convertClip(ev, minval, dt), shape);
  maxval = prims::broadcastTo(ev, convertClip(ev, maxval, dt), shape);
  Value keys = splitKey(ev, key, {2});
  // 32- or 64-bit draws, as wide as dt.
  int nbits = int(dtypeSize(dt) * 8);
  Value higher = randomBits(ev, keyRow(ev, keys, 0), nbits, shape);
  Value lower = randomBits(ev, keyRow(ev, keys, 1), nbits, shape);
  DType ut = nbits == 64 ? DType::U64 : DType::U32;
  Value span = prims::convert(ev, bin(ev, OpKind::Sub, maxval, minval), ut);
  Value one = prims::full(ev, shape, Value::integer(1), ut);
  span = prims::select(ev, bin(ev, OpKind::Le, maxval, minval), one, span);
  span = prims::select(
      ev, bin(ev, OpKind::And, outOfRange, bin(ev, OpKind::Gt, maxval, minval)),
      bin(ev, OpKind::Add, span, one), span);
  Value mult = bin(ev, OpKind::Rem, constInt(ut, int64_t(1) << (nbits / 2)), span);
  mult = bin(ev, OpKind::Rem, bin(ev, OpKind::Mul, mult, mult), span);
  Value off =
      bin(ev, OpKind::Add,
          bin(ev, OpKind::Mul, bin(ev, OpKind::Rem, higher, span), mult),
          bin(ev, OpKind::Rem, lower, span));
  off = bin(ev, OpKind::Rem, off, span);
  return bin(ev, OpKind::Add, minval, prims::convert(ev, off, dt));
}

/// randint: 8/16-bit dtypes sample in int32 with clipped bounds.
Value randint(Evaluator &ev, const Value &key, const Shape &shape, Value minval,
              Value maxval, DType dt) {
  if (!isInteger(dt))
    raise("TypeError", "randint only accepts integer dtypes, got " + name(dt));
  if (dtypeSize(dt) >= 4)
    return randint32(ev, key, shape, minval, maxval, dt);
  auto [lo, hi] = intRange(dt);
  auto toI32 = [&](const Value &v, int64_t top) {
    Value x = prims::convert(ev, jnp::asarray(ev, v, std::nullopt), DType::I32);
    return clip(ev, x, constInt(DType::I32, lo), constInt(DType::I32, top));
  };
  Value r = randint32(ev, key, shape, toI32(minval, hi), toI32(maxval, hi + 1),
                      DType::I32);
  return prims::convert(ev, r, dt);
}

/// _shuffle: `rounds` stable sorts of x along `axis` by fresh 32-bit keys.
Value shuffle(Evaluator &ev, Value key, Value x, int64_t axis) {
  Shape s = prims::shapeOf(x);
  double size = double(std::max<int64_t>(1, numElements(s)));
  int rounds = int(std::ceil(3 * std::log(size) / std::log(4294967295.0)));
  for (int i = 0; i < rounds; ++i) {
    Value keys = splitKey(ev, key, {2});
    key = keyRow(ev, keys, 0);
    Value sortKeys = randomBits(ev, keyRow(ev, keys, 1), 32, s);
    x = sortKeyVal(ev, sortKeys, x, axis);
  }
  return x;
}

Value arange(Evaluator &ev, int64_t n) {
  return prims::iota(ev, defaultInt(), {std::max<int64_t>(n, 0)}, 0);
}

Value permutation(Evaluator &ev, const Value &key, const Value &x, int64_t axis,
                  bool independent) {
  if (!x.isArrayLike())
    raise("TypeError", "permutation requires ndarray or scalar arguments, "
                       "got <class '" +
                           typeName(x) + "'> at position 0.");
  int64_t rank = prims::typeOf(x).rank();
  axis = prims::normalizeAxis(axis, std::max<int64_t>(rank, 1));
  if (rank == 0) {
    if (!isInteger(prims::dtypeOf(x)) || x.isBool())
      raise("TypeError", "x must be an integer or at least 1-dimensional");
    return shuffle(ev, key, arange(ev, ev.toIndex(x, "permutation")), 0);
  }
  if (independent || rank == 1)
    return shuffle(ev, key, x, axis);
  Value ind = shuffle(ev, key, arange(ev, prims::shapeOf(x)[size_t(axis)]), 0);
  return prims::take(ev, x, ind, axis);
}

/// _gumbel for modes "low" (default) and "high".
Value gumbel(Evaluator &ev, const Value &key, const Shape &shape, DType dt,
             const std::string &mode) {
  int nmant = mantissaBits(dt);
  double tiny = std::ldexp(1.0, dt == DType::F64 ? -1022 : dt == DType::F16 ? -14 : -126);
  auto negLog = [&](const Value &v) {
    return prims::unary(ev, OpKind::Neg, prims::unary(ev, OpKind::Log, v));
  };
  if (mode == "low")
    return negLog(
        prims::unary(ev, OpKind::Neg,
                     prims::unary(ev, OpKind::Log,
                                  uniform(ev, key, shape, dt, constF(dt, tiny),
                                          constF(dt, 1.0)))));
  if (mode != "high")
    raise("NotImplementedError",
          "jax.random.gumbel mode '" + mode + "' is not supported by parax");
  Shape s2 = shape;
  s2.insert(s2.begin(), 2);
  Value u = uniform(ev, key, s2, dt, constF(dt, 0.0), constF(dt, 1.0));
  Value high = jnp::getItem(ev, u, Value::integer(0));
  Value low = jnp::getItem(ev, u, Value::integer(1));
  Value alt =
      bin(ev, OpKind::Add,
          bin(ev, OpKind::Add, high,
              bin(ev, OpKind::Mul, constF(dt, std::ldexp(1.0, -nmant)), low)),
          constF(dt, tiny));
  Value x =
      prims::select(ev, bin(ev, OpKind::Ge, high, constF(dt, 0.5)), high, alt);
  return negLog(prims::unary(
      ev, OpKind::Neg,
      prims::unary(ev, OpKind::Log1p, prims::unary(ev, OpKind::Neg, x))));
}

Value choice(Evaluator &ev, const Value &key, const Value &a,
             const Value &shapeV, bool replace, const Value &p, int64_t axis,
             const std::string &mode) {
  if (!shapeV.isSequence())
    raise("TypeError", "shape argument of jax.random.choice must be a "
                       "sequence, got " +
                           ev.str(shapeV));
  Shape shape = jnp::shapeArg(ev, shapeV, "choice");
  if (!a.isArrayLike())
    raise("TypeError", "choice requires ndarray or scalar arguments, got "
                       "<class '" +
                           typeName(a) + "'> at position 0.");
  Value arr = jnp::asarray(ev, a, std::nullopt);
  Shape as = prims::shapeOf(arr);
  int64_t nInputs;
  if (as.empty()) {
    nInputs = ev.toIndex(a, "choice");
  } else {
    axis = prims::normalizeAxis(axis, int64_t(as.size()));
    nInputs = as[size_t(axis)];
  }
  int64_t nDraws = numElements(shape);
  Shape outShape = shape;
  if (!as.empty()) {
    outShape.assign(as.begin(), as.begin() + axis);
    outShape.insert(outShape.end(), shape.begin(), shape.end());
    outShape.insert(outShape.end(), as.begin() + axis + 1, as.end());
  }
  if (nDraws == 0)
    return prims::full(ev, shape, Value::integer(0), prims::dtypeOf(arr));
  if (nInputs <= 0)
    raise("ValueError", "a must be greater than 0 unless no samples are taken");
  if (!replace && nDraws > nInputs)
    raise("ValueError", "Cannot take a larger sample (size " +
                            std::to_string(nDraws) +
                            ") than population (size " +
                            std::to_string(nInputs) + ") when 'replace=False'");
  Value ind;
  if (p.isNone() && !replace) {
    // permutation(...)[:nDraws] along axis: the same as taking the first
    // nDraws entries of the shuffled index.
    ind = shuffle(ev, key, arange(ev, nInputs), 0);
    ind = prims::slice(ev, ind, {0}, {nDraws}, {1});
  } else if (p.isNone()) {
    ind = randint(ev, key, shape, Value::integer(0), Value::integer(nInputs),
                  defaultInt());
  } else {
    Value pa = jnp::promoteAndBroadcast(ev, {jnp::asarray(ev, p, std::nullopt)},
                                        true)[0];
    DType pt = prims::dtypeOf(pa);
    if (prims::shapeOf(pa) != Shape{nInputs})
      raise("ValueError", "p must be None or a 1D vector with the same size "
                          "as a.shape[axis]. p has shape " +
                              shapeToPython(prims::shapeOf(pa)) +
                              " and a.shape[axis] is " +
                              std::to_string(nInputs) + ".");
    if (replace) {
      Value cum = prims::cumulative(ev, OpKind::CumSum, pa, 0, false);
      Value total = prims::reshape(
          ev, prims::slice(ev, cum, {nInputs - 1}, {nInputs}, {1}), {});
      Value u = uniform(ev, key, shape, pt, constF(pt, 0.0), constF(pt, 1.0));
      Value r =
          bin(ev, OpKind::Mul, total, bin(ev, OpKind::Sub, constF(pt, 1.0), u));
      // searchsorted(cum, r, side='left') = #{i : cum[i] < r}.
      Shape rs = shape;
      rs.push_back(1);
      Value below = bin(ev, OpKind::Lt, cum, prims::reshape(ev, r, rs));
      ind = prims::reduce(ev, OpKind::ReduceSum,
                          prims::convert(ev, below, DType::I32),
                          {int64_t(shape.size())});
    } else {
      // Gumbel top-k: the nDraws largest g, ties to the lower index.
      Value g = bin(ev, OpKind::Add, gumbel(ev, key, {nInputs}, pt, mode),
                    prims::unary(ev, OpKind::Log, pa));
      ind = sortKeyVal(ev, prims::unary(ev, OpKind::Neg, g),
                       arange(ev, nInputs), 0);
      ind = prims::slice(ev, ind, {0}, {nDraws}, {1});
    }
  }
  Value result = as.empty() ? ind : prims::take(ev, arr, ind, axis);
  return prims::reshape(ev, result, outShape);
}

void registerSamplers(Evaluator &ev, ModuleObject &m) {
  m.def("uniform", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 5, "uniform");
    Value key = keyArg(ev, a, "uniform");
    Shape shape = shapeOr(ev, argOr(a, 1, "shape"), "uniform");
    DType dt = floatDType(ev, argOr(a, 2, "dtype"), "uniform");
    return uniform(ev, key, shape, dt,
                   argOr(a, 3, "minval", Value::floating(0)),
                   argOr(a, 4, "maxval", Value::floating(1)));
  });
  m.def("normal", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 3, "normal");
    Value key = keyArg(ev, a, "normal");
    Shape shape = shapeOr(ev, argOr(a, 1, "shape"), "normal");
    return normal(ev, key, shape,
                  floatDType(ev, argOr(a, 2, "dtype"), "normal",
                             "a float or complex dtype"));
  });
  m.def("truncated_normal", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 5, "truncated_normal");
    Value key = keyArg(ev, a, "truncated_normal");
    Value shapeV = argOr(a, 3, "shape");
    std::optional<Shape> shape;
    if (!shapeV.isNone())
      shape = jnp::shapeArg(ev, shapeV, "truncated_normal");
    DType dt = floatDType(ev, argOr(a, 4, "dtype"), "truncated_normal");
    return truncatedNormal(ev, key, a.args[1], a.args[2], shape, dt);
  });
  m.def("randint", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 5, "randint");
    Value key = keyArg(ev, a, "randint");
    Shape shape =
        jnp::shapeArg(ev, argRequired(a, 1, "shape", "randint"), "randint");
    Value lo = argRequired(a, 2, "minval", "randint");
    Value hi = argRequired(a, 3, "maxval", "randint");
    DType dt = jnp::dtypeArg(ev, argOr(a, 4, "dtype")).value_or(defaultInt());
    return randint(ev, key, shape, lo, hi, dt);
  });
  m.def("bernoulli", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 4, "bernoulli");
    Value modeV = argOr(a, 3, "mode", Value::str("low"));
    std::string mode = modeV.isStr() ? modeV.asStr() : ev.repr(modeV);
    if (mode != "low" && mode != "high")
      raise("ValueError",
            "got mode=" + ev.repr(modeV) + ", expected 'high' or 'low'");
    Value key = keyArg(ev, a, "bernoulli");
    Value p =
        jnp::asarray(ev, argOr(a, 1, "p", Value::floating(0.5)), std::nullopt);
    DType dt = prims::dtypeOf(p);
    if (!isFloat(dt))
      raise("TypeError", "bernoulli probability `p` must have a floating "
                         "dtype, got " +
                             name(dt) + ".");
    Value shapeV = argOr(a, 2, "shape");
    Shape shape = prims::shapeOf(p);
    if (!shapeV.isNone()) {
      shape = jnp::shapeArg(ev, shapeV, "bernoulli");
      checkShape("bernoulli", shape, {prims::shapeOf(p)});
    }
    p = prims::convert(ev, p, dt);
    if (mode == "low")
      return bin(ev, OpKind::Lt,
                 uniform(ev, key, shape, dt, constF(dt, 0), constF(dt, 1)), p);
    Shape s2 = shape;
    s2.insert(s2.begin(), 2);
    Value u = uniform(ev, key, s2, dt, constF(dt, 0), constF(dt, 1));
    Value u1 = jnp::getItem(ev, u, Value::integer(0));
    Value u2 = bin(ev, OpKind::Mul, jnp::getItem(ev, u, Value::integer(1)),
                   constF(dt, std::ldexp(1.0, -mantissaBits(dt))));
    return bin(ev, OpKind::Lt, u2, bin(ev, OpKind::Sub, p, u1));
  });
  m.def("permutation", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 4, "permutation");
    Value key = keyArg(ev, a, "permutation");
    int64_t axis = ev.toIndex(argOr(a, 2, "axis", Value::integer(0)), "axis");
    bool indep = ev.truthy(argOr(a, 3, "independent", Value::boolean(false)));
    return permutation(ev, key, argRequired(a, 1, "x", "permutation"), axis,
                       indep);
  });
  m.def("choice", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 7, "choice");
    Value key = keyArg(ev, a, "choice");
    Value modeV = argOr(a, 6, "mode");
    return choice(ev, key, argRequired(a, 1, "a", "choice"),
                  argOr(a, 2, "shape", Value::tuple({})),
                  ev.truthy(argOr(a, 3, "replace", Value::boolean(true))),
                  argOr(a, 4, "p"),
                  ev.toIndex(argOr(a, 5, "axis", Value::integer(0)), "axis"),
                  modeV.isNone() ? "low" : ev.str(modeV));
  });
  m.def("gumbel", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 4, "gumbel");
    Value key = keyArg(ev, a, "gumbel");
    Shape shape = shapeOr(ev, argOr(a, 1, "shape"), "gumbel");
    DType dt = floatDType(ev, argOr(a, 2, "dtype"), "gumbel");
    Value modeV = argOr(a, 3, "mode");
    return gumbel(ev, key, shape, dt, modeV.isNone() ? "low" : ev.str(modeV));
  });
  m.def("exponential", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 3, "exponential");
    Value key = keyArg(ev, a, "exponential");
    Shape shape = shapeOr(ev, argOr(a, 1, "shape"), "exponential");
    DType dt = floatDType(ev, argOr(a, 2, "dtype"), "exponential");
    Value u = uniform(ev, key, shape, dt, constF(dt, 0), constF(dt, 1));
    return prims::unary(
        ev, OpKind::Neg,
        prims::unary(ev, OpKind::Log1p, prims::unary(ev, OpKind::Neg, u)));
  });
}

void registerKeys(Evaluator &ev, ModuleObject &m) {
  auto seed = [](const char *fn) {
    return [fn](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 1, fn);
      expectKeywords(a, {"impl", "dtype"}, fn);
      return seedKey(ev, a.args[0], fn);
    };
  };
  m.def("PRNGKey", seed("PRNGKey"));
  m.def("key", seed("key"));
  m.def("split", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "split");
    Value key = keyArg(ev, a, "split");
    Value num = argOr(a, 1, "num", Value::integer(2));
    return splitKey(ev, key, jnp::shapeArg(ev, num, "split"));
  });
  m.def("fold_in", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "fold_in");
    Value key = keyArg(ev, a, "fold_in");
    Value data = a.args[1];
    if (data.isArrayValue() && prims::typeOf(data).rank() > 0)
      raise("TypeError", "fold_in accepts a scalar, but was given an array "
                         "ofshape " +
                             shapeToPython(prims::shapeOf(data)) +
                             " != (). Use jax.vmap for batching.");
    if (data.isInt() && (data.asInt() < 0 || data.asInt() > 0xFFFFFFFFll))
      raise("OverflowError", "Python integer " + std::to_string(data.asInt()) +
                                 " out of bounds for uint32");
    return foldIn(ev, key, jnp::asarray(ev, data, DType::U32));
  });
  m.def("bits", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 3, "bits");
    Value key = keyArg(ev, a, "bits");
    Shape shape = shapeOr(ev, argOr(a, 1, "shape"), "bits");
    DType dt = jnp::dtypeArg(ev, argOr(a, 2, "dtype")).value_or(defaultUInt());
    if (!isUnsigned(dt))
      raise("ValueError", "dtype argument to `bits` must be an unsigned int "
                          "dtype, got " +
                              name(dt));
    return randomBits(ev, key, int(dtypeSize(dt) * 8), shape);
  });
  auto data = [](const char *fn) {
    return [fn](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 1, fn);
      return checkKey(ev, a.args[0], fn, true);
    };
  };
  m.def("key_data", data("key_data"));
  m.def("wrap_key_data", data("wrap_key_data"));
  m.def("clone", data("clone"));
}

} // namespace
} // namespace parax::frontend::random

namespace parax::frontend {
void installRandomModule(Evaluator &ev, ModuleObject &m) {
  random::registerKeys(ev, m);
  random::registerSamplers(ev, m);
}
} // namespace parax::frontend
