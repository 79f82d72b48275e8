//===- NpRandomCommon.cpp - numpy.random's shared pieces ------------------===//
//
// Argument decoding, result arrays and the algorithms RandomState and
// Generator share (shuffle, permutation, choice's cdf and weighted
// sampling without replacement, bounded integers).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/NpRandom.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NumpyArray.h"
#include "frontend/machine/Builtins.h"
#include "ir/HostMemory.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace parax::frontend::nprandom {

namespace {
/// numpy's default dtypes: draws are float64 and int64 arrays.
constexpr DType kFloat64 = DType::F64;
constexpr DType kInt64 = DType::I64;

DType intDTypeFor(const std::string &name) {
  if (name == "int64" || name == "int32")
    return name == "int64" ? kInt64 : DType::I32;
  if (name == "int16")
    return DType::I16;
  if (name == "int8")
    return DType::I8;
  if (name == "uint64")
    return DType::U64;
  if (name == "uint32")
    return DType::U32;
  if (name == "uint16")
    return DType::U16;
  if (name == "uint8")
    return DType::U8;
  if (name == "bool")
    return DType::Bool;
  return kInt64;
}

/// Probing an argument's protocol (__index__, tolist, float()) may fail
/// with these; anything else (an interrupt, MemoryError) propagates.
void rethrowUnlessTypeError(const ParaxError &e) {
  const std::string &k = e.diag().kind;
  if (k != "AttributeError" && k != "TypeError" && k != "ValueError")
    throw e;
}

void flatten(Evaluator &ev, const Value &v, Shape &shape, size_t depth,
             std::vector<double> &out, const std::string &what) {
  if (v.isNumber()) {
    if (depth != shape.size())
      raise("ValueError", what + ": setting an array element with a sequence. The requested "
                                 "array has an inhomogeneous shape");
    out.push_back(v.asFloat());
    return;
  }
  if (!v.isSequence() && !v.isStr()) {
    // A scalar of another number type (numpy's float64(...)).
    Value f;
    try {
      f = ev.call(ev.builtin("float"), {v}, ev.currentLoc());
    } catch (const ParaxError &e) {
      rethrowUnlessTypeError(e);
      raise("TypeError", what + " must be a number or an array of numbers, not " + typeName(v));
    }
    flatten(ev, f, shape, depth, out, what);
    return;
  }
  if (v.isSequence()) {
    const std::vector<Value> &items = v.elements();
    if (depth == shape.size())
      shape.push_back(int64_t(items.size()));
    else if (depth > shape.size() || shape[depth] != int64_t(items.size()))
      raise("ValueError", what + ": setting an array element with a sequence. The requested "
                                 "array has an inhomogeneous shape");
    for (const Value &x : items)
      flatten(ev, x, shape, depth + 1, out, what);
    return;
  }
  raise("TypeError", what + " must be a number or an array of numbers, not " + typeName(v));
}
} // namespace

std::vector<uint32_t> clockEntropy() {
  using namespace std::chrono;
  static uint64_t calls = 0;
  uint64_t t = uint64_t(high_resolution_clock::now().time_since_epoch().count());
  uint64_t s = uint64_t(system_clock::now().time_since_epoch().count()) ^ (++calls * 0x9e3779b97f4a7c15ULL);
  return {uint32_t(t), uint32_t(t >> 32), uint32_t(s), uint32_t(s >> 32)};
}

std::optional<int64_t> integerScalar(Evaluator &ev, const Value &v) {
  if (v.isInt() || v.isBool())
    return v.asInt();
  if (v.isArray()) {
    const Array &a = v.asArray();
    if (a.rank() == 0 && (isInteger(a.dtype()) || a.dtype() == DType::Bool))
      return a.getInt(0);
    return std::nullopt;
  }
  if (v.isNumber() || v.isStr() || v.isSequence() || v.isNone() || v.isDict() || v.isTracer())
    return std::nullopt;
  // Another array type's integer scalar (it has __index__).
  try {
    Value index = ev.getAttr(v, "__index__", ev.currentLoc());
    Value r = ev.call(index, std::vector<Value>{});
    if (r.isInt())
      return r.asInt();
  } catch (const ParaxError &e) {
    rethrowUnlessTypeError(e);
  }
  return std::nullopt;
}

std::optional<Shape> sizeArg(Evaluator &ev, const Value &v) {
  if (v.isNone())
    return std::nullopt;
  Shape s;
  if (v.isSequence()) {
    for (const Value &d : v.elements())
      s.push_back(ev.toIndex(d, "size"));
  } else {
    s.push_back(ev.toIndex(v, "size"));
  }
  int64_t n = 1;
  for (int64_t d : s) {
    if (d < 0)
      raise("ValueError", "negative dimensions are not allowed");
    if (d != 0 && n > INT64_MAX / 16 / d)
      raise("MemoryError", "Unable to allocate an array with shape " + ev.repr(v),
            "draw fewer values");
    n *= d;
  }
  requireDraws(n);
  return s;
}

void requireDraws(int64_t n) {
  // The draws and the array they become, checked before any is drawn.
  HostMemory::require(n * 16, "numpy.random's draws");
}

NumbersArg numbersArg(Evaluator &ev, const Value &v, const std::string &what) {
  NumbersArg r;
  if (v.isNumber()) {
    r.values.push_back(v.asFloat());
    return r;
  }
  if (v.isArray()) {
    const Array &a = v.asArray();
    r.shape = a.shape();
    r.values.resize(size_t(a.size()));
    for (int64_t i = 0; i < a.size(); ++i)
      r.values[size_t(i)] = a.getDouble(i);
    return r;
  }
  if (v.isTracer())
    raise("TracerArrayConversionError",
          "The numpy.ndarray conversion method __array__() was called on a traced array",
          "numpy.random draws on the host; use jax.random inside traced functions");
  Value list = v;
  if (!v.isSequence()) {
    // Any other array type converts through its tolist().
    Value tolist;
    try {
      tolist = ev.getAttr(v, "tolist", ev.currentLoc());
    } catch (const ParaxError &e) {
      rethrowUnlessTypeError(e);
      raise("TypeError", what + " must be a number or an array of numbers, not " + typeName(v));
    }
    list = ev.call(tolist, std::vector<Value>{});
  }
  if (list.isNumber()) {
    r.values.push_back(list.asFloat());
    return r;
  }
  flatten(ev, list, r.shape, 0, r.values, what);
  return r;
}

std::string dtypeArgName(Evaluator &ev, const Value &v, const std::string &dflt) {
  if (v.isNone())
    return dflt;
  if (v.isDType())
    return std::string(dtypeName(v.asDType()));
  std::string s = v.isStr() ? v.asStr() : ev.repr(v);
  static const std::pair<const char *, const char *> names[] = {
      {"float64", "float64"}, {"float32", "float32"}, {"uint64", "uint64"},
      {"uint32", "uint32"},   {"uint16", "uint16"},   {"uint8", "uint8"},
      {"int64", "int64"},     {"int32", "int32"},     {"int16", "int16"},
      {"int8", "int8"},       {"bool", "bool"},       {"'float'", "float64"},
      {"'int'", "int64"},     {"double", "float64"},  {"single", "float32"}};
  for (auto &[key, name] : names)
    if (s.find(key) != std::string::npos)
      return name;
  if (s == "float" || s == "f8" || s == "d")
    return "float64";
  if (s == "int" || s == "i8" || s == "l")
    return "int64";
  if (s == "f4" || s == "f")
    return "float32";
  if (s == "i4")
    return "int32";
  raise("TypeError", "data type " + (v.isStr() ? "'" + s + "'" : s) + " not understood");
}

int64_t numElements(const Shape &s) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return n;
}

Shape broadcastShape(const std::vector<Shape> &shapes, const std::optional<Shape> &size) {
  Shape out;
  for (const Shape &s : shapes) {
    if (s.size() > out.size())
      out.insert(out.begin(), s.size() - out.size(), 1);
    for (size_t k = 0; k < s.size(); ++k) {
      int64_t &o = out[out.size() - s.size() + k];
      int64_t d = s[k];
      if (o == 1)
        o = d;
      else if (d != 1 && d != o)
        raise("ValueError", "shape mismatch: objects cannot be broadcast to a single shape");
    }
  }
  if (!size)
    return out;
  // The parameters must broadcast to size= itself.
  const Shape &sz = *size;
  bool ok = out.size() <= sz.size();
  for (size_t k = 0; ok && k < out.size(); ++k) {
    int64_t d = out[out.size() - 1 - k], t = sz[sz.size() - 1 - k];
    ok = d == 1 || d == t;
  }
  if (!ok)
    raise("ValueError", "shape mismatch: objects cannot be broadcast to a single shape.  "
                        "Mismatch is between arg 0 and arg 1.");
  return sz;
}

int64_t broadcastIndex(const Shape &param, const Shape &out, int64_t i) {
  int64_t idx = 0, stride = 1;
  for (size_t k = 0; k < param.size(); ++k) {
    size_t pk = param.size() - 1 - k, ok = out.size() - 1 - k;
    int64_t coord = (i / [&] {
                      int64_t s = 1;
                      for (size_t m = ok + 1; m < out.size(); ++m)
                        s *= out[m];
                      return s;
                    }()) % out[ok];
    if (param[pk] != 1)
      idx += coord * stride;
    stride *= param[pk];
  }
  return idx;
}

Value floatResult(const std::optional<Shape> &shape, const std::vector<double> &v) {
  if (!shape)
    return Value::floating(v.at(0));
  Array a = Array::allocate(kFloat64, *shape);
  for (size_t i = 0; i < v.size(); ++i)
    a.setDouble(int64_t(i), v[i]);
  return wrapNumpyArray(std::move(a));
}

Value float32Result(const std::optional<Shape> &shape, const std::vector<double> &v) {
  if (!shape)
    return Value::floating(v.at(0));
  Array a = Array::allocate(DType::F32, *shape);
  for (size_t i = 0; i < v.size(); ++i)
    a.setDouble(int64_t(i), v[i]);
  return wrapNumpyArray(std::move(a));
}

Value intResult(const std::optional<Shape> &shape, const std::vector<int64_t> &v,
                const std::string &dtype) {
  if (!shape)
    return dtype == "bool" ? Value::boolean(v.at(0) != 0) : Value::integer(v.at(0));
  Array a = Array::allocate(intDTypeFor(dtype), *shape);
  for (size_t i = 0; i < v.size(); ++i)
    a.setInt(int64_t(i), v[i]);
  return wrapNumpyArray(std::move(a));
}

//===----------------------------------------------------------------------===//
// Shuffling
//===----------------------------------------------------------------------===//
void shuffleInPlace(Evaluator &ev, rng::BitSource &bits, const Value &x, Loc loc) {
  if (x.isList()) {
    auto &items = x.elements();
    for (int64_t i = int64_t(items.size()) - 1; i >= 1; --i) {
      int64_t j = int64_t(rng::randomInterval(bits, uint64_t(i)));
      std::swap(items[size_t(i)], items[size_t(j)]);
    }
    return;
  }
  if (x.isArray()) {
    // Rows of the first axis swap in the array's own buffer.
    const Array &a = x.asArray();
    if (a.rank() == 0)
      raise("TypeError", "object of type 'numpy.ndarray' has no len()",
            "shuffle needs an array with at least one dimension");
    int64_t n = a.shape()[0];
    if (n == 0)
      return;
    int64_t rowBytes = a.byteSize() / n;
    auto *data = static_cast<uint8_t *>(const_cast<void *>(a.raw()));
    std::vector<uint8_t> tmp(static_cast<size_t>(rowBytes));
    for (int64_t i = n - 1; i >= 1; --i) {
      int64_t j = int64_t(rng::randomInterval(bits, uint64_t(i)));
      if (i == j)
        continue;
      std::copy_n(data + j * rowBytes, rowBytes, tmp.data());
      std::copy_n(data + i * rowBytes, rowBytes, data + j * rowBytes);
      std::copy_n(tmp.data(), rowBytes, data + i * rowBytes);
    }
    return;
  }
  if (x.isTuple() || x.isStr() || x.isNumber() || x.isNone())
    raise("TypeError", "'" + typeName(x) + "' object does not support item assignment",
          "shuffle works in place on a list or a numpy array; use permutation for a copy");
  // Any other mutable sequence (numpy's own array type): swap rows through
  // indexing, copying one row first as numpy's buffer does.
  int64_t n = ev.toIndex(ev.call(ev.builtin("len"), {x}, loc), "len");
  Value setitem = ev.getAttr(x, "__setitem__", loc);
  Value npMod = ev.importModule("numpy", loc);
  Value copyFn = ev.getAttr(npMod, "array", loc);
  for (int64_t i = n - 1; i >= 1; --i) {
    int64_t j = int64_t(rng::randomInterval(bits, uint64_t(i)));
    if (i == j)
      continue;
    Value xj = ev.call(copyFn, {ev.getItem(x, Value::integer(j), loc)}, loc);
    ev.call(setitem, {Value::integer(j), ev.getItem(x, Value::integer(i), loc)}, loc);
    ev.call(setitem, {Value::integer(i), xj}, loc);
  }
}

Value permutation(Evaluator &ev, rng::BitSource &bits, const Value &x, Loc loc) {
  if (x.isInt() || x.isBool()) {
    int64_t n = x.asInt();
    if (n < 0)
      raise("ValueError", "negative dimensions are not allowed");
    requireDraws(n);
    std::vector<int64_t> idx(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
      idx[size_t(i)] = i;
    for (int64_t i = n - 1; i >= 1; --i)
      std::swap(idx[size_t(i)], idx[size_t(rng::randomInterval(bits, uint64_t(i)))]);
    return intResult(Shape{n}, idx);
  }
  if (x.isArray()) {
    Value copy = Value::array(x.asArray().copy());
    if (copy.asArray().rank() == 0)
      raise("IndexError", "x must be an integer or at least 1-dimensional");
    shuffleInPlace(ev, bits, copy, loc);
    return wrapNumpyArray(copy.asArray());
  }
  // Any other array-like: numpy.array(x), then shuffle that copy.
  Value npMod = ev.importModule("numpy", loc);
  Value arr = ev.call(ev.getAttr(npMod, "array", loc), {x}, loc);
  if (arr.isArray()) {
    if (arr.asArray().rank() == 0)
      raise("IndexError", "x must be an integer or at least 1-dimensional");
    arr = Value::array(arr.asArray().copy());
  }
  shuffleInPlace(ev, bits, arr, loc);
  return arr;
}

//===----------------------------------------------------------------------===//
// choice
//===----------------------------------------------------------------------===//
int64_t populationSize(Evaluator &ev, const Value &a, const std::optional<Shape> &size,
                       bool legacy, bool &isInt) {
  int64_t samples = size ? numElements(*size) : 1;
  std::optional<int64_t> asInt = integerScalar(ev, a);
  isInt = asInt.has_value() || (a.isArray() && a.asArray().rank() == 0);
  if (isInt) {
    if (a.isArray() && isFloat(a.asArray().dtype()))
      raise("ValueError", legacy ? "a must be 1-dimensional or an integer"
                                 : "a must be a sequence or an integer, not <class 'numpy.ndarray'>");
    int64_t n = *asInt;
    if (n <= 0 && samples != 0)
      raise("ValueError", legacy ? "a must be greater than 0 unless no samples are taken"
                                 : "a must be a positive integer unless no samples are taken");
    return n;
  }
  if (a.isFloat())
    raise("ValueError", legacy ? "a must be 1-dimensional or an integer"
                               : "a must be a sequence or an integer, not <class 'float'>");
  int64_t n;
  if (a.isArray()) {
    if (legacy && a.asArray().rank() != 1)
      raise("ValueError", "a must be 1-dimensional",
            "RandomState.choice draws from a 1-d population; Generator.choice takes rows");
    n = a.asArray().shape()[0];
  } else {
    n = ev.toIndex(ev.call(ev.builtin("len"), {a}, ev.currentLoc()), "len");
  }
  if (n == 0 && samples != 0)
    raise("ValueError", legacy ? "'a' cannot be empty unless no samples are taken"
                               : "a cannot be empty unless no samples are taken",
          "choice needs a non-empty population (or size=0)");
  return n;
}

std::vector<double> choiceCdf(Evaluator &ev, const Value &pv, int64_t popSize, bool legacy) {
  NumbersArg p = numbersArg(ev, pv, "p");
  if (p.shape.size() != 1)
    raise("ValueError", legacy ? "'p' must be 1-dimensional" : "p must be 1-dimensional");
  if (int64_t(p.values.size()) != popSize)
    raise("ValueError", legacy ? "'a' and 'p' must have same size" : "a and p must have same size");
  // numpy's compensated sum for the check.
  double sum = 0, comp = 0;
  for (double x : p.values) {
    double y = x - comp, t = sum + y;
    comp = (t - sum) - y;
    sum = t;
  }
  if (std::isnan(sum))
    raise("ValueError", legacy ? "probabilities contain NaN" : "Probabilities contain NaN");
  for (double x : p.values)
    if (x < 0)
      raise("ValueError", legacy ? "probabilities are not non-negative"
                                 : "Probabilities are not non-negative");
  double atol = std::sqrt(std::numeric_limits<double>::epsilon());
  // numpy loosens the check to the precision of a float array's dtype.
  if (pv.isArray() && isFloat(pv.asArray().dtype()) && pv.asArray().dtype() != DType::F64)
    atol = std::max(atol, std::sqrt(pv.asArray().dtype() == DType::F32 ? 1.1920929e-07
                                                                       : 0.0009765625));
  if (std::fabs(sum - 1.0) > atol)
    raise("ValueError", legacy ? "probabilities do not sum to 1"
                               : "Probabilities do not sum to 1. See Notes section of "
                                 "docstring for more information.",
          "p sums to " + std::to_string(sum) + "; divide it by its sum");
  std::vector<double> cdf(p.values.size());
  double acc = 0;
  for (size_t i = 0; i < cdf.size(); ++i)
    cdf[i] = acc += p.values[i];
  double last = cdf.back();
  for (double &c : cdf)
    c /= last;
  return cdf;
}

int64_t searchRight(const std::vector<double> &cdf, double u) {
  return int64_t(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin());
}

std::vector<int64_t> choiceNoReplaceWeighted(
    Evaluator &ev, const Value &pv, int64_t popSize, int64_t size, bool legacy,
    const std::function<std::vector<double>(int64_t)> &uniforms) {
  std::vector<double> p = numbersArg(ev, pv, "p").values;
  (void)choiceCdf(ev, pv, popSize, legacy); // numpy's checks of p
  int64_t nonzero = 0;
  for (double x : p)
    nonzero += x > 0;
  if (nonzero < size)
    raise("ValueError", "Fewer non-zero entries in p than size");
  std::vector<int64_t> found;
  while (int64_t(found.size()) < size) {
    std::vector<double> x = uniforms(size - int64_t(found.size()));
    for (int64_t f : found)
      p[size_t(f)] = 0;
    std::vector<double> cdf(p.size());
    double acc = 0;
    for (size_t i = 0; i < p.size(); ++i)
      cdf[i] = acc += p[i];
    double last = cdf.back();
    for (double &c : cdf)
      c /= last;
    // The distinct draws, in the order they first appear.
    std::vector<int64_t> fresh;
    for (double u : x) {
      int64_t k = searchRight(cdf, u);
      if (std::find(fresh.begin(), fresh.end(), k) == fresh.end())
        fresh.push_back(k);
    }
    found.insert(found.end(), fresh.begin(), fresh.end());
  }
  return found;
}

Value takeFromPopulation(Evaluator &ev, const Value &a, const std::optional<Shape> &shape,
                         const std::vector<int64_t> &idx, Loc loc) {
  Value npMod = ev.importModule("numpy", loc);
  Value arr = a.isArrayValue() ? a : ev.call(ev.getAttr(npMod, "array", loc), {a}, loc);
  if (!shape)
    return ev.getItem(arr, Value::integer(idx.at(0)), loc);
  return ev.getItem(arr, intResult(shape, idx), loc);
}

//===----------------------------------------------------------------------===//
// Bounded integers
//===----------------------------------------------------------------------===//
IntDType intDTypeInfo(const std::string &name) {
  if (name == "int64")
    return {name, 64, true, INT64_MIN, INT64_MAX};
  if (name == "int32")
    return {name, 32, true, INT32_MIN, INT32_MAX};
  if (name == "int16")
    return {name, 16, true, INT16_MIN, INT16_MAX};
  if (name == "int8")
    return {name, 8, true, INT8_MIN, INT8_MAX};
  if (name == "uint64")
    return {name, 64, false, 0, INT64_MAX};
  if (name == "uint32")
    return {name, 32, false, 0, int64_t(UINT32_MAX)};
  if (name == "uint16")
    return {name, 16, false, 0, UINT16_MAX};
  if (name == "uint8")
    return {name, 8, false, 0, UINT8_MAX};
  if (name == "bool")
    return {name, 1, false, 0, 1};
  raise("TypeError", "Unsupported dtype dtype('" + name + "') for randint");
}

Value boundedIntegers(Evaluator &ev, rng::BitSource &bits, const Value &lowV, const Value &highV,
                      const Value &sizeV, const std::string &dtype, bool closed, bool masked) {
  IntDType dt = intDTypeInfo(dtype);
  Value lowArg = lowV, highArg = highV;
  if (highArg.isNone()) {
    highArg = lowArg;
    lowArg = Value::integer(0);
  }
  NumbersArg low = numbersArg(ev, lowArg, "low"), high = numbersArg(ev, highArg, "high");
  std::optional<Shape> size = sizeArg(ev, sizeV);
  bool scalarParams = low.isScalar() && high.isScalar();
  Shape outShape = broadcastShape({low.shape, high.shape}, size);
  std::optional<Shape> resultShape = size || !scalarParams ? std::optional<Shape>(outShape)
                                                           : std::nullopt;
  int64_t n = resultShape ? numElements(outShape) : 1;
  std::vector<int64_t> out(static_cast<size_t>(n));
  rng::SmallDrawBuffer buf;
  // The bounds, checked as numpy does (high exclusive unless closed).
  auto bounds = [&](int64_t l, int64_t h) {
    if (l < dt.min)
      raise("ValueError", "low is out of bounds for " + dt.name,
            "pick a wider dtype= or a smaller range");
    if (closed ? h > dt.max : h - 1 > dt.max)
      raise("ValueError", "high is out of bounds for " + dt.name,
            "pick a wider dtype= or a smaller range");
    if (!closed)
      h -= 1;
    if (l > h)
      raise("ValueError", closed ? "low > high" : "low >= high",
            closed ? "the range [low, high] is empty: high must be at least low"
                   : "the range [low, high) is empty: high must exceed low (high is excluded)");
    return std::pair<int64_t, uint64_t>(l, uint64_t(h) - uint64_t(l));
  };
  // Python ints keep all 64 bits; other numbers go through double.
  auto asBound = [](const Value &v, const NumbersArg &a, size_t i) -> int64_t {
    if (v.isInt() || v.isBool())
      return v.asInt();
    double d = a.values[i];
    if (!std::isfinite(d))
      raise("ValueError", "cannot convert float NaN or infinity to integer");
    return int64_t(d);
  };
  if (scalarParams) {
    auto [off, range] = bounds(asBound(lowArg, low, 0), asBound(highArg, high, 0));
    for (int64_t i = 0; i < n; ++i)
      out[size_t(i)] = int64_t(uint64_t(off) + rng::boundedUint(bits, range, dt.width, masked, buf));
  } else {
    for (int64_t i = 0; i < n; ++i) {
      auto [off, range] =
          bounds(asBound(lowArg, low, size_t(broadcastIndex(low.shape, outShape, i))),
                 asBound(highArg, high, size_t(broadcastIndex(high.shape, outShape, i))));
      out[size_t(i)] = int64_t(uint64_t(off) + rng::boundedUint(bits, range, dt.width, masked, buf));
    }
  }
  return intResult(resultShape, out, dtype);
}

} // namespace parax::frontend::nprandom

namespace parax::frontend::nprandom {

namespace {
template <typename T, typename Make>
Value drawWith(Evaluator &ev, const std::vector<DistParam> &params, const Value &sizeV,
               const std::function<T(const double *)> &draw, Make make) {
  std::vector<NumbersArg> args;
  std::vector<Shape> shapes;
  bool allScalar = true;
  for (const DistParam &p : params) {
    args.push_back(numbersArg(ev, p.value, p.name));
    if (p.check)
      for (double x : args.back().values)
        p.check(x);
    shapes.push_back(args.back().shape);
    allScalar &= args.back().isScalar();
  }
  std::optional<Shape> size = sizeArg(ev, sizeV);
  Shape out = broadcastShape(shapes, size);
  std::optional<Shape> resultShape =
      size || !allScalar ? std::optional<Shape>(out) : std::nullopt;
  int64_t n = resultShape ? numElements(out) : 1;
  std::vector<T> values(static_cast<size_t>(n));
  std::vector<double> at(params.size());
  for (int64_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < args.size(); ++k)
      at[k] = args[k].isScalar() ? args[k].values[0]
                                 : args[k].values[size_t(broadcastIndex(args[k].shape, out, i))];
    values[size_t(i)] = draw(at.data());
  }
  return make(resultShape, values);
}
} // namespace

Value drawContinuous(Evaluator &ev, const std::vector<DistParam> &params, const Value &size,
                     const std::function<double(const double *)> &draw) {
  return drawWith<double>(ev, params, size, draw,
                          [](auto &s, auto &v) { return floatResult(s, v); });
}

Value drawDiscrete(Evaluator &ev, const std::vector<DistParam> &params, const Value &size,
                   const std::function<int64_t(const double *)> &draw) {
  return drawWith<int64_t>(ev, params, size, draw,
                           [](auto &s, auto &v) { return intResult(s, v); });
}

} // namespace parax::frontend::nprandom

namespace parax::frontend::nprandom {

namespace {
std::function<void(double)> atLeast0(const char *what) {
  return [what](double x) {
    if (x < 0 || std::isnan(x))
      raise("ValueError", std::string(what) + " < 0");
  };
}
std::function<void(double)> above0(const char *what) {
  return [what](double x) {
    if (!(x > 0))
      raise("ValueError", std::string(what) + " <= 0");
  };
}
} // namespace

bool isSharedDistribution(const std::string &name) {
  return name == "gamma" || name == "standard_gamma" || name == "beta" || name == "chisquare" ||
         name == "laplace" || name == "gumbel" || name == "logistic" || name == "pareto" ||
         name == "weibull" || name == "power" || name == "rayleigh" ||
         name == "standard_cauchy" || name == "triangular";
}

Value sharedDistribution(Evaluator &ev, const std::string &name, CallArgs &a,
                         rng::BitSource &bits, rng::BasicDraws &d, bool legacy) {
  if (name == "standard_gamma") {
    bindArgs(a, {"shape", "size", "dtype", "out"}, 1, name);
    return drawContinuous(ev, {{a.args[0], "shape", atLeast0("shape")}},
                          argOr(a, 1, "size", Value::none()),
                          [&](const double *p) { return rng::standardGamma(d, p[0]); });
  }
  if (name == "gamma") {
    bindArgs(a, {"shape", "scale", "size"}, 1, name);
    return drawContinuous(
        ev, {{a.args[0], "shape", atLeast0("shape")},
             {argOr(a, 1, "scale", Value::floating(1.0)), "scale", atLeast0("scale")}},
        argOr(a, 2, "size", Value::none()),
        [&](const double *p) { return p[1] * rng::standardGamma(d, p[0]); });
  }
  if (name == "beta") {
    bindArgs(a, {"a", "b", "size"}, 2, name);
    return drawContinuous(ev, {{a.args[0], "a", above0("a")}, {a.args[1], "b", above0("b")}},
                          argOr(a, 2, "size", Value::none()),
                          [&](const double *p) { return rng::beta(d, p[0], p[1], legacy); });
  }
  if (name == "chisquare") {
    bindArgs(a, {"df", "size"}, 1, name);
    return drawContinuous(ev, {{a.args[0], "df", above0("df")}},
                          argOr(a, 1, "size", Value::none()),
                          [&](const double *p) { return 2.0 * rng::standardGamma(d, p[0] / 2.0); });
  }
  if (name == "pareto" || name == "weibull" || name == "power") {
    bindArgs(a, {"a", "size"}, 1, name);
    auto check = name == "weibull" ? atLeast0("a") : above0("a");
    return drawContinuous(ev, {{a.args[0], "a", check}}, argOr(a, 1, "size", Value::none()),
                          [&, name](const double *p) {
                            if (name == "weibull" && p[0] == 0.0)
                              return 0.0; // numpy returns before drawing
                            double e = d.exponential();
                            if (name == "pareto")
                              return legacy ? std::exp(e / p[0]) - 1 : std::expm1(e / p[0]);
                            if (name == "weibull")
                              return std::pow(e, 1. / p[0]);
                            return std::pow(legacy ? 1 - std::exp(-e) : -std::expm1(-e), 1. / p[0]);
                          });
  }
  if (name == "rayleigh") {
    bindArgs(a, {"scale", "size"}, 0, name);
    return drawContinuous(
        ev, {{argOr(a, 0, "scale", Value::floating(1.0)), "scale", atLeast0("scale")}},
        argOr(a, 1, "size", Value::none()), [&](const double *p) {
          return legacy ? p[0] * std::sqrt(-2.0 * std::log1p(-bits.nextDouble()))
                        : p[0] * std::sqrt(2.0 * d.exponential());
        });
  }
  if (name == "standard_cauchy") {
    bindArgs(a, {"size"}, 0, name);
    return drawContinuous(ev, {}, argOr(a, 0, "size", Value::none()), [&](const double *) {
      double num = d.normal();
      return num / d.normal();
    });
  }
  if (name == "triangular") {
    bindArgs(a, {"left", "mode", "right", "size"}, 3, name);
    NumbersArg l = numbersArg(ev, a.args[0], "left"), m = numbersArg(ev, a.args[1], "mode"),
               r = numbersArg(ev, a.args[2], "right");
    for (size_t i = 0; i < l.values.size() && i < m.values.size() && i < r.values.size(); ++i) {
      if (l.values[i] > m.values[i])
        raise("ValueError", "left > mode");
      if (m.values[i] > r.values[i])
        raise("ValueError", "mode > right");
      if (l.values[i] == r.values[i])
        raise("ValueError", "left == right");
    }
    return drawContinuous(ev, {{a.args[0], "left", nullptr}, {a.args[1], "mode", nullptr},
                               {a.args[2], "right", nullptr}},
                          argOr(a, 3, "size", Value::none()), [&](const double *p) {
                            double base = p[2] - p[0], leftbase = p[1] - p[0];
                            double ratio = leftbase / base;
                            double leftprod = leftbase * base, rightprod = (p[2] - p[1]) * base;
                            double u = bits.nextDouble();
                            return u <= ratio ? p[0] + std::sqrt(u * leftprod)
                                              : p[2] - std::sqrt((1.0 - u) * rightprod);
                          });
  }
  // laplace, gumbel, logistic(loc=0.0, scale=1.0, size=None)
  bindArgs(a, {"loc", "scale", "size"}, 0, name);
  auto f = name == "laplace" ? rng::laplace : name == "gumbel" ? rng::gumbel : rng::logistic;
  return drawContinuous(
      ev, {{argOr(a, 0, "loc", Value::floating(0.0)), "loc", nullptr},
           {argOr(a, 1, "scale", Value::floating(1.0)), "scale", atLeast0("scale")}},
      argOr(a, 2, "size", Value::none()),
      [&](const double *p) { return f(bits, p[0], p[1]); });
}

} // namespace parax::frontend::nprandom
