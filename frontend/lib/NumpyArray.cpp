//===- NumpyArray.cpp - numpy's host array object -------------------------===//
//
// The ndarray object: typed element access over a strided buffer, views,
// the classes (numpy.ndarray, the scalar types numpy.float64 ... under
// numpy.generic) and the dunder methods the evaluator's protocols call,
// dtype objects, and the conversions between numpy and JAX arrays (as JAX
// does them with x64 off: float64 -> float32, int64 -> int32).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/NumpyArray.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NumpyInternal.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/format/FormatSpec.h"
#include "frontend/tracing/Trace.h"
#include "ir/Half.h"
#include "ir/StackGuard.h"
#include "frontend/format/NumpyFormat.h"

#include <cmath>
#include <cstring>

namespace parax::frontend {

using namespace npy;

//===----------------------------------------------------------------------===//
// Elements
//===----------------------------------------------------------------------===//
int64_t NumpyArrayObj::size() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

bool NumpyArrayObj::contiguous() const {
  int64_t expect = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    if (shape[i] != 1 && strides[i] != expect)
      return false;
    expect *= shape[i];
  }
  return true;
}

std::vector<int64_t> NumpyArrayObj::offsets() const {
  std::vector<int64_t> out;
  int64_t n = size();
  out.reserve(static_cast<size_t>(n));
  if (n == 0)
    return out;
  if (contiguous()) {
    for (int64_t i = 0; i < n; ++i)
      out.push_back(offset + i);
    return out;
  }
  std::vector<int64_t> idx(shape.size(), 0);
  int64_t off = offset;
  for (int64_t k = 0; k < n; ++k) {
    out.push_back(off);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) {
        off += strides[d];
        break;
      }
      off -= strides[d] * (shape[d] - 1);
      idx[d] = 0;
    }
  }
  return out;
}

namespace {
template <typename T> T *ptr(const NpStorage &s) { return static_cast<T *>(s.buf->data()); }
} // namespace

double NumpyArrayObj::getF(int64_t o) const {
  const NpStorage &s = *store;
  switch (dtype) {
  case NpDType::Bool: return ptr<uint8_t>(s)[o] ? 1.0 : 0.0;
  case NpDType::I8: return ptr<int8_t>(s)[o];
  case NpDType::I16: return ptr<int16_t>(s)[o];
  case NpDType::I32: return ptr<int32_t>(s)[o];
  case NpDType::I64: return double(ptr<int64_t>(s)[o]);
  case NpDType::U8: return ptr<uint8_t>(s)[o];
  case NpDType::U16: return ptr<uint16_t>(s)[o];
  case NpDType::U32: return ptr<uint32_t>(s)[o];
  case NpDType::U64: return double(ptr<uint64_t>(s)[o]);
  case NpDType::F16: return halfToFloat(ptr<uint16_t>(s)[o]);
  case NpDType::F32: return ptr<float>(s)[o];
  case NpDType::F64: return ptr<double>(s)[o];
  case NpDType::Str: raise("TypeError", "cannot use a string array as a number");
  }
  return 0;
}

namespace {
int64_t floatToInt64(double d) {
  // numpy's unsafe cast of out-of-range floats is undefined; parax picks
  // INT64_MIN as x86 does.
  if (std::isnan(d) || d >= 9.2233720368547758e18 || d < -9.2233720368547758e18)
    return INT64_MIN;
  return int64_t(d);
}
uint64_t floatToUInt64(double d) {
  if (std::isnan(d))
    return uint64_t(INT64_MIN);
  if (d < 0)
    return uint64_t(floatToInt64(d));
  if (d >= 1.8446744073709552e19)
    return uint64_t(INT64_MIN);
  return uint64_t(d);
}
} // namespace

int64_t NumpyArrayObj::getI(int64_t o) const {
  const NpStorage &s = *store;
  switch (dtype) {
  case NpDType::Bool: return ptr<uint8_t>(s)[o] ? 1 : 0;
  case NpDType::I8: return ptr<int8_t>(s)[o];
  case NpDType::I16: return ptr<int16_t>(s)[o];
  case NpDType::I32: return ptr<int32_t>(s)[o];
  case NpDType::I64: return ptr<int64_t>(s)[o];
  case NpDType::U8: return ptr<uint8_t>(s)[o];
  case NpDType::U16: return ptr<uint16_t>(s)[o];
  case NpDType::U32: return ptr<uint32_t>(s)[o];
  case NpDType::U64: return int64_t(ptr<uint64_t>(s)[o]);
  default: return floatToInt64(getF(o));
  }
}

uint64_t NumpyArrayObj::getU(int64_t o) const {
  if (npKind(dtype) == NpKind::Float)
    return floatToUInt64(getF(o));
  return uint64_t(getI(o));
}

bool NumpyArrayObj::getB(int64_t o) const {
  if (dtype == NpDType::Str)
    return !store->strs[size_t(o)].empty();
  if (npKind(dtype) == NpKind::Float)
    return getF(o) != 0;
  return getI(o) != 0;
}

void NumpyArrayObj::setF(int64_t o, double v) {
  NpStorage &s = *store;
  switch (dtype) {
  case NpDType::F16: ptr<uint16_t>(s)[o] = floatToHalf(float(v)); return;
  case NpDType::F32: ptr<float>(s)[o] = float(v); return;
  case NpDType::F64: ptr<double>(s)[o] = v; return;
  case NpDType::Bool: ptr<uint8_t>(s)[o] = v != 0; return;
  case NpDType::U64: setU(o, floatToUInt64(v)); return;
  case NpDType::U8: case NpDType::U16: case NpDType::U32:
    // float -> small unsigned goes through int64 (numpy on x86: -1.0 -> 255)
    setI(o, floatToInt64(v));
    return;
  case NpDType::Str: s.strs[size_t(o)] = pythonFloatRepr(v); return;
  default: setI(o, floatToInt64(v)); return;
  }
}

void NumpyArrayObj::setI(int64_t o, int64_t v) {
  NpStorage &s = *store;
  switch (dtype) {
  case NpDType::Bool: ptr<uint8_t>(s)[o] = v != 0; return;
  case NpDType::I8: ptr<int8_t>(s)[o] = int8_t(v); return;
  case NpDType::I16: ptr<int16_t>(s)[o] = int16_t(v); return;
  case NpDType::I32: ptr<int32_t>(s)[o] = int32_t(v); return;
  case NpDType::I64: ptr<int64_t>(s)[o] = v; return;
  case NpDType::U8: ptr<uint8_t>(s)[o] = uint8_t(v); return;
  case NpDType::U16: ptr<uint16_t>(s)[o] = uint16_t(v); return;
  case NpDType::U32: ptr<uint32_t>(s)[o] = uint32_t(v); return;
  case NpDType::U64: ptr<uint64_t>(s)[o] = uint64_t(v); return;
  case NpDType::Str: s.strs[size_t(o)] = std::to_string(v); return;
  default: setF(o, double(v)); return;
  }
}

void NumpyArrayObj::setU(int64_t o, uint64_t v) {
  if (dtype == NpDType::U64) {
    ptr<uint64_t>(*store)[o] = v;
    return;
  }
  if (npKind(dtype) == NpKind::Float) {
    setF(o, double(v));
    return;
  }
  setI(o, int64_t(v));
}

void NumpyArrayObj::setFrom(int64_t o, const NumpyArrayObj &src, int64_t so) {
  if (dtype == NpDType::Str) {
    if (src.dtype == NpDType::Str)
      store->strs[size_t(o)] = src.store->strs[size_t(so)].substr(0, size_t(strLen));
    else
      store->strs[size_t(o)] = npScalarStr(src).substr(0, size_t(strLen));
    return;
  }
  switch (npKind(src.dtype)) {
  case NpKind::Float: setF(o, src.getF(so)); return;
  case NpKind::UInt: setU(o, src.getU(so)); return;
  case NpKind::Str: {
    const std::string &t = src.store->strs[size_t(so)];
    char *end = nullptr;
    double d = std::strtod(t.c_str(), &end);
    if (t.empty() || *end)
      raise("ValueError", "could not convert string to float: " + pyStrRepr(t));
    if (npKind(dtype) == NpKind::Float)
      setF(o, d);
    else
      setI(o, int64_t(d));
    return;
  }
  default: setI(o, src.getI(so)); return;
  }
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//
NumpyArrayObj *asNumpy(const Value &v) {
  if (v.kind() != Value::Kind::Native)
    return nullptr;
  return v.as<NumpyArrayObj>();
}

namespace npy {
NumpyArrayObj &arr(const Value &v) { return *asNumpy(v); }

std::vector<int64_t> cStrides(const Shape &s) {
  std::vector<int64_t> st(s.size(), 1);
  for (size_t i = s.size(); i-- > 1;)
    st[i - 1] = st[i] * s[i];
  return st;
}

std::string shapeStr(const Shape &s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i)
    r += (i ? ", " : "") + std::to_string(s[i]);
  if (s.size() == 1)
    r += ",";
  return r + ")";
}
} // namespace npy

Value makeNumpy(NpDType dt, const Shape &shape, bool scalar) {
  for (int64_t d : shape)
    if (d < 0)
      raise("ValueError", "negative dimensions are not allowed");
  auto o = std::make_shared<NumpyArrayObj>(scalar ? npScalarClass(dt) : npArrayClass());
  o->dtype = dt;
  o->shape = shape;
  o->strides = cStrides(shape);
  o->scalar = scalar;
  o->writeable = !scalar;
  o->store = std::make_shared<NpStorage>();
  int64_t n = o->size();
  auto bytes = checkedMul(n, dt == NpDType::Str ? 32 : npItemSize(dt));
  if (!bytes || *bytes > kMaxArrayBytes)
    raise("ValueError", "array is too big; `arr.size * arr.dtype.itemsize` is larger than the "
                        "maximum possible size.");
  if (dt == NpDType::Str) {
    o->store->strCharge.update(n * 32, "a numpy string array");
    o->store->buf = Buffer::allocate(0);
    o->store->strs.assign(static_cast<size_t>(n), std::string());
  } else {
    o->store->buf = Buffer::allocate(static_cast<size_t>(std::max<int64_t>(n, 1) * npItemSize(dt)));
  }
  return Value::object(Value::Kind::Native, o);
}

Value makeView(const Value &base, Shape shape, std::vector<int64_t> strides, int64_t offset) {
  NumpyArrayObj &b = arr(base);
  auto o = std::make_shared<NumpyArrayObj>(npArrayClass());
  o->store = b.store;
  o->dtype = b.dtype;
  o->strLen = b.strLen;
  o->shape = std::move(shape);
  o->strides = std::move(strides);
  o->offset = offset;
  o->writeable = b.writeable && !b.scalar;
  o->ownsData = false;
  o->baseArray = b.ownsData ? base : b.baseArray;
  return Value::object(Value::Kind::Native, o);
}

Value wrapNumpyArray(Array a) {
  NpDType dt = jaxToNpDType(a.dtype());
  Value v = makeNumpy(dt, a.shape());
  NumpyArrayObj &o = arr(v);
  int64_t n = a.size();
  std::string name(dtypeName(a.dtype()));
  if (npItemSize(dt) == dtypeSize(a.dtype()) && name == npDTypeName(dt)) {
    if (n)
      std::memcpy(o.store->buf->data(), a.raw(), size_t(n * npItemSize(dt)));
  } else {
    for (int64_t i = 0; i < n; ++i)
      o.setF(i, a.getDouble(i));
  }
  return v;
}

Value numpyToJax(const Value &v) {
  NumpyArrayObj &o = arr(v);
  DType dt = npToJaxDType(o.dtype);
  Array out = Array::allocate(dt, o.shape);
  std::vector<int64_t> offs = o.offsets();
  bool isF = npKind(o.dtype) == NpKind::Float;
  for (size_t i = 0; i < offs.size(); ++i) {
    if (isF)
      out.setDouble(int64_t(i), o.getF(offs[i]));
    else
      out.setInt(int64_t(i), o.getI(offs[i]));
  }
  return Value::array(std::move(out));
}

namespace {
/// Nested containers deeper than numpy's 64 dimensions hold no array that
/// jnp could take: they are left for jnp to reject (no deep recursion).
constexpr int kMaxArgDepth = 64;

Value argsToJax(const Value &v, int depth);
} // namespace

Value numpyArgsToJax(const Value &v) { return argsToJax(v, 0); }

namespace {
Value argsToJax(const Value &v, int depth) {
  if (isNumpyArray(v))
    return numpyToJax(v);
  if (depth > kMaxArgDepth)
    return v;
  if (v.isDict()) {
    bool any = false;
    for (auto &kv : v.asDict().items())
      any |= isNumpyArray(kv.second);
    if (!any)
      return v;
    Value d = Value::dict();
    for (auto &kv : v.asDict().items())
      d.asDict().set(kv.first, argsToJax(kv.second, depth + 1));
    return d;
  }
  if (v.isSequence()) {
    bool any = false;
    for (const Value &e : v.elements())
      any |= isNumpyArray(e) || e.isSequence();
    if (!any)
      return v;
    std::vector<Value> out;
    for (const Value &e : v.elements())
      out.push_back(argsToJax(e, depth + 1));
    return v.isTuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
  }
  return v;
}
} // namespace

Value numpyScalarAsPython(const Value &v) {
  NumpyArrayObj *a = asNumpy(v);
  if (!a || !a->scalar || a->dtype == NpDType::Str)
    return v;
  return pyValueAt(*a, a->offset);
}

void numpyLeavesToJax(std::vector<Value> &leaves) {
  for (Value &l : leaves)
    if (isNumpyArray(l))
      l = numpyToJax(l);
}

Value npAstype(const Value &x, NpDType dt) {
  NumpyArrayObj &a = arr(x);
  Value r = makeNumpy(dt, a.shape);
  NumpyArrayObj &o = arr(r);
  if (dt == NpDType::Str)
    o.strLen = a.dtype == NpDType::Str ? a.strLen : 32;
  std::vector<int64_t> offs = a.offsets();
  for (size_t i = 0; i < offs.size(); ++i)
    o.setFrom(int64_t(i), a, offs[i]);
  if (dt == NpDType::Str && a.dtype != NpDType::Str) {
    int64_t m = 1;
    for (auto &s : o.store->strs)
      m = std::max<int64_t>(m, int64_t(s.size()));
    o.strLen = m;
  }
  return r;
}

Value npScalarize(const Value &x) {
  NumpyArrayObj &a = arr(x);
  if (a.rank() != 0 || a.scalar)
    return x;
  Value r = makeNumpy(a.dtype, {}, true);
  arr(r).strLen = a.strLen;
  arr(r).setFrom(0, a, a.offset);
  return r;
}

namespace npy {
Value contiguousCopy(const Value &x) {
  NumpyArrayObj &a = arr(x);
  Value r = makeNumpy(a.dtype, a.shape);
  NumpyArrayObj &o = arr(r);
  o.strLen = a.strLen;
  std::vector<int64_t> offs = a.offsets();
  if (a.dtype == NpDType::Str) {
    for (size_t i = 0; i < offs.size(); ++i)
      o.store->strs[i] = a.store->strs[size_t(offs[i])];
    return r;
  }
  int64_t is = npItemSize(a.dtype);
  auto *src = static_cast<const char *>(a.store->buf->data());
  auto *dst = static_cast<char *>(o.store->buf->data());
  for (size_t i = 0; i < offs.size(); ++i)
    std::memcpy(dst + int64_t(i) * is, src + offs[i] * is, size_t(is));
  return r;
}

Value scalarAt(const NumpyArrayObj &a, int64_t off) {
  Value r = makeNumpy(a.dtype, {}, true);
  arr(r).strLen = a.strLen;
  arr(r).setFrom(0, a, off);
  return r;
}

Value pyValueAt(const NumpyArrayObj &a, int64_t off) {
  switch (npKind(a.dtype)) {
  case NpKind::Bool: return Value::boolean(a.getB(off));
  case NpKind::Int: return Value::integer(a.getI(off));
  case NpKind::UInt: return Value::integer(int64_t(a.getU(off)));
  case NpKind::Float: return Value::floating(a.getF(off));
  default: return Value::str(a.store->strs[size_t(off)]);
  }
}
} // namespace npy

//===----------------------------------------------------------------------===//
// Conversion from Python values
//===----------------------------------------------------------------------===//
namespace {
struct Leaf {
  Value v; ///< Python number/str, or a numpy array (maybe 0-d)
};

void discover(Evaluator &ev, const Value &item, size_t depth, Shape &shape, bool &shapeSet,
              std::vector<Value> &leaves) {
  checkStack("in numpy.array");
  const Value &v = unwrapBuiltin(item); // a list/tuple/float subclass is its value
  if (depth > 64)
    raise("ValueError", "setting an array element with a sequence. The requested array would "
                        "exceed the maximum number of dimension of 64.");
  if (v.isSequence()) {
    const auto &el = v.elements();
    if (!shapeSet || depth < shape.size()) {
      if (depth == shape.size() && !shapeSet)
        shape.push_back(int64_t(el.size()));
      else if (depth < shape.size() && shape[depth] != int64_t(el.size()))
        raise("ValueError",
              "setting an array element with a sequence. The requested array has an "
              "inhomogeneous shape after " + std::to_string(depth) +
                  " dimensions. The detected shape was " +
                  shapeStr(Shape(shape.begin(), shape.begin() + long(depth))) +
                  " + inhomogeneous part.");
    } else {
      raise("ValueError", "setting an array element with a sequence. The requested array has "
                          "an inhomogeneous shape after " + std::to_string(depth) +
                              " dimensions. The detected shape was " + shapeStr(shape) +
                              " + inhomogeneous part.");
    }
    if (el.empty())
      shapeSet = true;
    for (const Value &e : el)
      discover(ev, e, depth + 1, shape, shapeSet, leaves);
    return;
  }
  Value leaf = v;
  if (v.isArray())
    leaf = wrapNumpyArray(v.asArray());
  if (v.isTracer())
    concretizationError(ev, "TracerArrayConversionError",
                        "The numpy.ndarray conversion method __array__() was called on traced "
                        "array with shape " + v.asTracer().type().str() + ".",
                        v, "use jax.numpy inside traced functions");
  Shape inner;
  if (NumpyArrayObj *a = asNumpy(leaf))
    inner = a->shape;
  else if (!v.isNumber() && !v.isStr())
    raise("TypeError", "numpy.array: cannot convert a value of type '" + typeName(v) +
                           "' to an array element");
  if (!shapeSet) {
    if (depth < shape.size())
      raise("ValueError", "setting an array element with a sequence. The requested array has "
                          "an inhomogeneous shape after " + std::to_string(depth) +
                              " dimensions.");
    shape.insert(shape.end(), inner.begin(), inner.end());
    shapeSet = true;
  } else if (shape.size() != depth + inner.size() ||
             !std::equal(inner.begin(), inner.end(), shape.begin() + long(depth))) {
    raise("ValueError", "setting an array element with a sequence. The requested array has an "
                        "inhomogeneous shape after " + std::to_string(depth) +
                            " dimensions. The detected shape was " +
                            shapeStr(Shape(shape.begin(), shape.begin() + long(depth))) +
                            " + inhomogeneous part.");
  }
  leaves.push_back(leaf);
}
} // namespace

Value toNumpy(Evaluator &ev, const Value &v, std::optional<NpDType> dtype, bool copy) {
  if (NumpyArrayObj *a = asNumpy(v)) {
    if (dtype && *dtype != a->dtype)
      return npAstype(v, *dtype);
    if (copy || a->scalar) {
      Value c = contiguousCopy(v);
      return c;
    }
    return v;
  }
  if (v.isArray()) {
    Value r = wrapNumpyArray(v.asArray());
    return dtype ? npAstype(r, *dtype) : r;
  }
  if (v.isTracer())
    concretizationError(ev, "TracerArrayConversionError",
                        "The numpy.ndarray conversion method __array__() was called on traced "
                        "array with shape " + v.asTracer().type().str() + ".",
                        v, "use jax.numpy inside traced functions");
  // np.array(jax.devices()).reshape(2, 2): a grid of Device objects (numpy's
  // object arrays hold no numbers), for Mesh.
  {
    Value first = v;
    while (first.isSequence() && !first.elements().empty()) {
      Value inner = first.elements()[0]; // a copy: assigning from first's own storage frees it
      first = inner;
    }
    auto *dev = first.asNative();
    if (dev && dev->typeName() == "Device" && v.isSequence())
      return ev.call(ev.getAttr(ev.importModule("jax.sharding", {}), "_DeviceGrid", {}),
                     std::vector<Value>{v}, Loc{});
  }
  Shape shape;
  bool shapeSet = false;
  std::vector<Value> leaves;
  discover(ev, v, 0, shape, shapeSet, leaves);
  // Dtype discovery: Python scalars count at their default types here.
  std::optional<NpDType> dt;
  int64_t maxStr = 0;
  bool anyStr = false;
  for (const Value &l : leaves) {
    NpDType t;
    if (l.isStr()) {
      anyStr = true;
      maxStr = std::max<int64_t>(maxStr, int64_t(l.asStr().size()));
      continue;
    }
    if (NumpyArrayObj *a = asNumpy(l)) {
      t = a->dtype;
      if (t == NpDType::Str) {
        anyStr = true;
        maxStr = std::max(maxStr, a->strLen);
        continue;
      }
    } else
      t = pyScalarDType(l);
    dt = dt ? promote(*dt, t) : t;
  }
  NpDType outT = dtype ? *dtype : anyStr ? NpDType::Str : dt ? *dt : NpDType::F64;
  Value r = makeNumpy(outT, shape);
  NumpyArrayObj &o = arr(r);
  if (outT == NpDType::Str) {
    o.strLen = std::max<int64_t>(maxStr, 1);
    if (dt && !dtype)
      o.strLen = std::max<int64_t>(o.strLen, 32);
  }
  int64_t pos = 0;
  for (const Value &l : leaves) {
    if (NumpyArrayObj *a = asNumpy(l)) {
      for (int64_t off : a->offsets())
        o.setFrom(pos++, *a, off);
    } else if (l.isStr()) {
      if (outT == NpDType::Str)
        o.store->strs[size_t(pos++)] = l.asStr();
      else {
        Value s = makeNumpy(NpDType::Str, {}, true);
        arr(s).store->strs[0] = l.asStr();
        o.setFrom(pos++, arr(s), 0);
      }
    } else if (l.isFloat()) {
      o.setF(pos++, l.asFloat());
    } else {
      if (outT != NpDType::Str && npKind(outT) != NpKind::Float && npKind(outT) != NpKind::Bool &&
          l.isInt()) {
        // numpy 2 rejects out-of-range Python ints for an explicit dtype.
        int64_t x = l.asInt();
        bool fits = true;
        switch (outT) {
        case NpDType::I8: fits = x >= -128 && x <= 127; break;
        case NpDType::I16: fits = x >= -32768 && x <= 32767; break;
        case NpDType::I32: fits = x >= INT32_MIN && x <= INT32_MAX; break;
        case NpDType::U8: fits = x >= 0 && x <= 255; break;
        case NpDType::U16: fits = x >= 0 && x <= 65535; break;
        case NpDType::U32: fits = x >= 0 && x <= int64_t(UINT32_MAX); break;
        case NpDType::U64: fits = x >= 0; break;
        default: break;
        }
        if (!fits)
          raise("OverflowError", "Python integer " + std::to_string(x) +
                                     " out of bounds for " + npDTypeName(outT));
      }
      o.setI(pos++, l.asInt());
    }
  }
  return r;
}

//===----------------------------------------------------------------------===//
// dtype arguments and dtype objects
//===----------------------------------------------------------------------===//
namespace {
/// numpy.float64 and friends: calling one makes a scalar (or an array of
/// that dtype from a sequence).
class NpTypeClass : public ClassObj {
public:
  NpTypeClass(std::string name, std::vector<std::shared_ptr<ClassObj>> bases,
              std::optional<NpDType> dt)
      : ClassObj(std::move(name), "numpy", std::move(bases)), dt(dt) {}
  Value call(Evaluator &ev, CallArgs &a) override {
    if (!dt)
      raise("TypeError", "cannot create '" + qualifiedName() + "' instances");
    if (a.args.empty())
      return npScalarize(makeZero());
    Value r = toNumpy(ev, a.args[0].isStr() && *dt != NpDType::Str
                              ? toNumpy(ev, a.args[0])
                              : a.args[0],
                      *dt, true);
    return npScalarize(r);
  }
  Value makeZero() {
    Value r = makeNumpy(*dt, {});
    if (*dt != NpDType::Str)
      arr(r).setI(0, 0);
    return r;
  }
  std::optional<NpDType> dt;
};

/// numpy.dtype('float64'): prints as float64, repr dtype('float64').
class NpDTypeObj : public InstanceObj {
public:
  NpDTypeObj(std::shared_ptr<ClassObj> c, NpDType t, int64_t len)
      : InstanceObj(std::move(c)), t(t), len(len) {}
  std::string name() const {
    return t == NpDType::Str ? "<U" + std::to_string(len) : npDTypeName(t);
  }
  std::string repr() const override { return "dtype('" + name() + "')"; }
  std::string str() const override { return name(); }
  bool getAttr(Evaluator &ev, const std::string &n, Value &out) override {
    if (n == "name") {
      out = Value::str(t == NpDType::Str ? "str" + std::to_string(len * 32) : npDTypeName(t));
      return true;
    }
    if (n == "itemsize") {
      out = Value::integer(t == NpDType::Str ? 4 * len : npItemSize(t));
      return true;
    }
    if (n == "kind") {
      const char *k[] = {"b", "i", "u", "f", "U"};
      out = Value::str(k[int(npKind(t))]);
      return true;
    }
    if (n == "type") {
      out = Value::object(Value::Kind::Native, npScalarClass(t));
      return true;
    }
    if (n == "char") {
      static const char *c[] = {"?", "b", "h", "i", "l", "B", "H", "I", "L", "e", "f", "d", "U"};
      out = Value::str(c[int(t)]);
      return true;
    }
    if (n == "str") {
      static const char *c[] = {"|b1", "|i1", "<i2", "<i4", "<i8", "|u1", "<u2",
                                "<u4", "<u8", "<f2", "<f4", "<f8", "<U"};
      out = Value::str(std::string(c[int(t)]) + (t == NpDType::Str ? std::to_string(len) : ""));
      return true;
    }
    return InstanceObj::getAttr(ev, n, out);
  }
  NpDType t;
  int64_t len;
};

std::shared_ptr<ClassObj> &dtypeClass() {
  static std::shared_ptr<ClassObj> c;
  return c;
}
} // namespace

Value npDTypeValue(NpDType t, int64_t strLen) {
  return Value::object(Value::Kind::Native,
                       std::make_shared<NpDTypeObj>(dtypeClass(), t, strLen));
}

std::optional<NpDType> npDTypeArg(Evaluator &ev, const Value &v) {
  if (v.isNone())
    return std::nullopt;
  if (v.isDType())
    return jaxToNpDType(v.asDType());
  if (v.isStr()) {
    if (auto d = parseNpDType(v.asStr()))
      return d;
    raise("TypeError", "data type " + pyStrRepr(v.asStr()) + " not understood");
  }
  if (v.kind() == Value::Kind::Native) {
    if (auto *c = v.as<NpTypeClass>())
      if (c->dt)
        return c->dt;
    if (auto *d = v.as<NpDTypeObj>())
      return d->t;
    std::string r = v.asNative()->repr();
    if (r == "<class 'int'>")
      return NpDType::I64;
    if (r == "<class 'float'>")
      return NpDType::F64;
    if (r == "<class 'bool'>")
      return NpDType::Bool;
    if (r == "<class 'str'>")
      return NpDType::Str;
  }
  raise("TypeError", "Cannot interpret '" + ev.repr(v) + "' as a data type");
}

std::optional<DType> numpyTypeAsJaxDType(const Value &v) {
  if (v.kind() != Value::Kind::Native)
    return std::nullopt;
  if (auto *c = v.as<NpTypeClass>())
    if (c->dt)
      return npToJaxDType(*c->dt);
  if (auto *d = v.as<NpDTypeObj>())
    return npToJaxDType(d->t);
  return std::nullopt;
}

namespace {
/// The numpy dtype a value names, if it names one (for ==).
std::optional<NpDType> dtypeNamed(const Value &v, bool allowStr) {
  if (v.isDType())
    return jaxToNpDType(v.asDType());
  if (v.isStr() && allowStr)
    return parseNpDType(v.asStr());
  if (v.kind() == Value::Kind::Native) {
    if (auto *c = v.as<NpTypeClass>())
      return c->dt;
    if (auto *d = v.as<NpDTypeObj>())
      return d->t;
    std::string r = v.asNative()->repr();
    if (r == "<class 'int'>")
      return NpDType::I64;
    if (r == "<class 'float'>")
      return NpDType::F64;
    if (r == "<class 'bool'>")
      return NpDType::Bool;
  }
  return std::nullopt;
}
} // namespace

std::optional<bool> numpyDTypeEquals(const Value &a, const Value &b) {
  bool aNp = a.kind() == Value::Kind::Native && (a.as<NpTypeClass>() || a.as<NpDTypeObj>());
  bool bNp = b.kind() == Value::Kind::Native && (b.as<NpTypeClass>() || b.as<NpDTypeObj>());
  if (!aNp && !bNp)
    return std::nullopt;
  // Two numpy scalar types are equal only when they are the same class; a
  // dtype object (or jnp.float32) equals whatever names its dtype.
  auto isClass = [](const Value &v) {
    return v.kind() == Value::Kind::Native && v.as<NpTypeClass>();
  };
  if (isClass(a) && isClass(b))
    return a.objectPtr() && a.objectPtr() == b.objectPtr();
  auto x = dtypeNamed(a, !a.as<NpTypeClass>()), y = dtypeNamed(b, !b.as<NpTypeClass>());
  if (!x || !y)
    return false;
  if (a.isDType() || b.isDType()) // a JAX dtype names its own (32-bit) type
    return npDTypeName(*x) == npDTypeName(*y);
  return *x == *y;
}

//===----------------------------------------------------------------------===//
// Classes and dunder methods
//===----------------------------------------------------------------------===//
namespace {
struct NpClasses {
  std::shared_ptr<ClassObj> base, ndarray, generic, number, integer, signedint, unsignedint,
      inexact, floating, boolean;
  std::shared_ptr<ClassObj> scalars[kNumNpDTypes];
};

bool isJaxOperand(const Value &v) { return v.isArrayValue(); }

/// Operands numpy's operators accept.
bool npOperand(const Value &v) {
  return isNumpyArray(v) || v.isNumber() || v.isSequence();
}

Value binaryDunder(Evaluator &ev, const std::string &ufunc, const Value &self, const Value &other,
                   bool reflected, BinOpKind op) {
  if (isJaxOperand(other)) {
    // numpy + jax is a jax Array (jax defers numpy's operators).
    Value j = numpyToJax(self);
    return reflected ? ev.binary(op, other, j, ev.currentLoc())
                     : ev.binary(op, j, other, ev.currentLoc());
  }
  if (!npOperand(other))
    return notImplemented();
  return reflected ? binaryUfunc(ev, ufunc, other, self) : binaryUfunc(ev, ufunc, self, other);
}

const std::pair<BinOpKind, const char *> kBinaryOps[] = {
    {BinOpKind::Add, "add"},          {BinOpKind::Sub, "subtract"},
    {BinOpKind::Mul, "multiply"},     {BinOpKind::Div, "true_divide"},
    {BinOpKind::FloorDiv, "floor_divide"}, {BinOpKind::Mod, "remainder"},
    {BinOpKind::Pow, "power"},        {BinOpKind::MatMul, "matmul"},
    {BinOpKind::BitAnd, "bitwise_and"}, {BinOpKind::BitOr, "bitwise_or"},
    {BinOpKind::BitXor, "bitwise_xor"}, {BinOpKind::LShift, "left_shift"},
    {BinOpKind::RShift, "right_shift"}};
const char *const kDunderNames[] = {"add", "sub", "mul", "truediv", "floordiv", "mod", "pow",
                                    "matmul", "and", "or", "xor", "lshift", "rshift"};

Value callUfuncByName(Evaluator &ev, const std::string &u, const Value &a, const Value &b,
                      const Value *out) {
  if (u == "matmul")
    return out ? storeOut(ev, *out, callNp(ev, "matmul", {a, b}), "matmul")
               : callNp(ev, "matmul", {a, b});
  return binaryUfunc(ev, u, a, b, out);
}

void installDunders(ClassObj &c) {
  for (size_t k = 0; k < 13; ++k) {
    BinOpKind op = kBinaryOps[k].first;
    std::string u = kBinaryOps[k].second, d = kDunderNames[k];
    c.setAttr("__" + d + "__", nativeMethod("__" + d + "__", [u, op](Evaluator &ev, CallArgs &a) {
                if (u == "matmul" && !isJaxOperand(a.args[1]))
                  return npOperand(a.args[1]) ? callNp(ev, "matmul", {a.args[0], a.args[1]})
                                              : notImplemented();
                return binaryDunder(ev, u, a.args[0], a.args[1], false, op);
              }));
    c.setAttr("__r" + d + "__", nativeMethod("__r" + d + "__", [u, op](Evaluator &ev, CallArgs &a) {
                if (u == "matmul" && !isJaxOperand(a.args[1]))
                  return npOperand(a.args[1]) ? callNp(ev, "matmul", {a.args[1], a.args[0]})
                                              : notImplemented();
                return binaryDunder(ev, u, a.args[0], a.args[1], true, op);
              }));
    c.setAttr("__i" + d + "__", nativeMethod("__i" + d + "__", [u, op](Evaluator &ev, CallArgs &a) {
                NumpyArrayObj &self = arr(a.args[0]);
                const Value &other = a.args[1];
                if (self.scalar || isJaxOperand(other))
                  return binaryDunder(ev, u, a.args[0], other, false, op);
                if (!npOperand(other))
                  return notImplemented();
                // In place: the result is cast back into self (same_kind).
                return callUfuncByName(ev, u, a.args[0], other, &a.args[0]);
              }));
  }
  const std::pair<const char *, const char *> cmps[] = {
      {"__eq__", "equal"}, {"__ne__", "not_equal"}, {"__lt__", "less"},
      {"__le__", "less_equal"}, {"__gt__", "greater"}, {"__ge__", "greater_equal"}};
  static const std::string reflectedCmp[] = {"equal", "not_equal", "greater", "greater_equal",
                                             "less", "less_equal"};
  int k = 0;
  for (auto &[d, u] : cmps) {
    std::string uf = u, rev = reflectedCmp[k++];
    c.setAttr(d, nativeMethod(d, [uf, rev](Evaluator &ev, CallArgs &a) -> Value {
                const Value &other = a.args[1];
                if (isJaxOperand(other)) {
                  Value j = numpyToJax(a.args[0]);
                  static const std::pair<const char *, CmpOpKind> ops[] = {
                      {"equal", CmpOpKind::Eq},   {"not_equal", CmpOpKind::NotEq},
                      {"less", CmpOpKind::Lt},    {"less_equal", CmpOpKind::LtE},
                      {"greater", CmpOpKind::Gt}, {"greater_equal", CmpOpKind::GtE}};
                  for (auto &[n, op] : ops)
                    if (uf == n)
                      return ev.compare(op, j, other, ev.currentLoc());
                }
                if (!npOperand(other) && !other.isStr()) {
                  if (uf == "equal" || uf == "not_equal") {
                    NumpyArrayObj &s = arr(a.args[0]);
                    if (s.scalar || s.rank() == 0)
                      return Value::boolean(uf == "not_equal");
                    Value r = makeNumpy(NpDType::Bool, s.shape);
                    for (int64_t i = 0; i < s.size(); ++i)
                      arr(r).setI(i, uf == "not_equal");
                    return r;
                  }
                  return notImplemented();
                }
                return binaryUfunc(ev, uf, a.args[0], other);
              }));
  }
  auto unaryM = [&](const char *d, const char *u) {
    std::string uf = u;
    c.setAttr(d, nativeMethod(d, [uf](Evaluator &ev, CallArgs &a) {
                return unaryUfunc(ev, uf, a.args[0]);
              }));
  };
  unaryM("__neg__", "negative");
  unaryM("__pos__", "positive");
  unaryM("__invert__", "invert");
  unaryM("__abs__", "absolute");
  c.setAttr("__str__", nativeMethod("__str__", [](Evaluator &, CallArgs &a) {
              return Value::str(arr(a.args[0]).str());
            }));
  c.setAttr("__repr__", nativeMethod("__repr__", [](Evaluator &, CallArgs &a) {
              return Value::str(arr(a.args[0]).repr());
            }));
  c.setAttr("__getitem__", nativeMethod("__getitem__", [](Evaluator &ev, CallArgs &a) {
              return npGetItem(ev, a.args[0], a.args[1]);
            }));
  c.setAttr("__setitem__", nativeMethod("__setitem__", [](Evaluator &ev, CallArgs &a) {
              npSetItem(ev, a.args[0], a.args[1], a.args[2]);
              return Value::none();
            }));
  c.setAttr("__len__", nativeMethod("__len__", [](Evaluator &, CallArgs &a) {
              NumpyArrayObj &s = arr(a.args[0]);
              if (s.rank() == 0)
                raise("TypeError", s.scalar ? "object of type '" + npDTypeName(s.dtype) +
                                                  "' has no len()"
                                            : "len() of unsized object");
              return Value::integer(s.shape[0]);
            }));
  c.setAttr("__iter__", nativeMethod("__iter__", [](Evaluator &ev, CallArgs &a) {
              NumpyArrayObj &s = arr(a.args[0]);
              if (s.rank() == 0)
                raise("TypeError", "iteration over a 0-d array");
              std::vector<Value> items;
              for (int64_t i = 0; i < s.shape[0]; ++i)
                items.push_back(npGetItem(ev, a.args[0], Value::integer(i)));
              return Value::list(std::move(items));
            }));
  c.setAttr("__contains__", nativeMethod("__contains__", [](Evaluator &ev, CallArgs &a) {
              Value eq = binaryUfunc(ev, "equal", a.args[0], a.args[1]);
              return Value::boolean(ev.truthy(callNp(ev, "any", {eq})));
            }));
  c.setAttr("__bool__", nativeMethod("__bool__", [](Evaluator &, CallArgs &a) {
              NumpyArrayObj &s = arr(a.args[0]);
              if (s.size() != 1)
                raise("ValueError", s.size() == 0
                                        ? "The truth value of an empty array is ambiguous. Use "
                                          "`array.size > 0` to check that an array is not empty."
                                        : "The truth value of an array with more than one "
                                          "element is ambiguous. Use a.any() or a.all()",
                      "use a.any() or a.all() to reduce the array to one truth value");
              return Value::boolean(s.getB(s.offsets()[0]));
            }));
  // float(a) / int(a): numpy 2.4 takes only 0-d arrays and scalars.
  auto onlyElement = [](NumpyArrayObj &s) {
    if (s.rank() != 0)
      raise("TypeError", "only 0-dimensional arrays can be converted to Python scalars");
    if (s.dtype == NpDType::Str)
      raise("TypeError", "cannot convert a string array to a number");
    return s.offsets()[0];
  };
  c.setAttr("__float__", nativeMethod("__float__", [onlyElement](Evaluator &, CallArgs &a) {
              NumpyArrayObj &s = arr(a.args[0]);
              return Value::floating(s.getF(onlyElement(s)));
            }));
  c.setAttr("__int__", nativeMethod("__int__", [onlyElement](Evaluator &, CallArgs &a) {
              NumpyArrayObj &s = arr(a.args[0]);
              int64_t o = onlyElement(s);
              if (npKind(s.dtype) == NpKind::Float) {
                double d = s.getF(o);
                if (std::isnan(d))
                  raise("ValueError", "cannot convert float NaN to integer");
                if (std::isinf(d))
                  raise("OverflowError", "cannot convert float infinity to integer");
              }
              return Value::integer(s.getI(o));
            }));
  c.setAttr("__index__", nativeMethod("__index__", [](Evaluator &, CallArgs &a) {
              NumpyArrayObj &s = arr(a.args[0]);
              if (s.rank() != 0 || npKind(s.dtype) == NpKind::Float || s.dtype == NpDType::Str)
                raise("TypeError", "only integer scalar arrays can be converted to a scalar index");
              return Value::integer(s.getI(s.offset));
            }));
  c.setAttr("__round__", nativeMethod("__round__", [](Evaluator &ev, CallArgs &a) {
              Value nd = a.args.size() > 1 ? a.args[1] : Value::none();
              NumpyArrayObj &s = arr(a.args[0]);
              if (nd.isNone() && s.rank() == 0) {
                double d = std::nearbyint(s.getF(s.offset));
                return Value::integer(int64_t(d));
              }
              return callNp(ev, "round", {a.args[0], nd.isNone() ? Value::integer(0) : nd});
            }));
  c.setAttr("__format__", nativeMethod("__format__", [](Evaluator &ev, CallArgs &a) {
              NumpyArrayObj &s = arr(a.args[0]);
              std::string spec = a.args.size() > 1 && a.args[1].isStr() ? a.args[1].asStr() : "";
              if (s.rank() != 0) {
                if (!spec.empty())
                  raise("TypeError", "unsupported format string passed to numpy.ndarray.__format__");
                return Value::str(npArrayStr(s));
              }
              if (spec.empty())
                return Value::str(s.scalar ? npScalarStr(s) : npArrayStr(s));
              Value py = pyValueAt(s, s.offset);
              return Value::str(formatValue(ev, py, spec, 0));
            }));
  c.setAttr("__hash__", nativeMethod("__hash__", [](Evaluator &, CallArgs &a) {
              NumpyArrayObj &s = arr(a.args[0]);
              if (!s.scalar)
                raise("TypeError", "unhashable type: 'numpy.ndarray'");
              if (npKind(s.dtype) == NpKind::Float) {
                double d = s.getF(s.offset);
                if (d == std::floor(d) && std::fabs(d) < 9e18)
                  return Value::integer(int64_t(d));
                int64_t h;
                std::memcpy(&h, &d, 8);
                return Value::integer(h);
              }
              return Value::integer(s.getI(s.offset));
            }));
  c.setAttr("__copy__", nativeMethod("__copy__", [](Evaluator &, CallArgs &a) {
              return contiguousCopy(a.args[0]);
            }));
  c.setAttr("__deepcopy__", nativeMethod("__deepcopy__", [](Evaluator &, CallArgs &a) {
              return contiguousCopy(a.args[0]);
            }));
}

NpClasses &classes() {
  static NpClasses *c = [] {
    auto *k = new NpClasses;
    auto mk = [](const std::string &name, std::vector<std::shared_ptr<ClassObj>> bases,
                 std::optional<NpDType> dt) {
      auto c = std::make_shared<NpTypeClass>(name, std::move(bases), dt);
      c->linearize();
      return std::static_pointer_cast<ClassObj>(c);
    };
    k->base = std::make_shared<ClassObj>("_array_base", "numpy", std::vector<std::shared_ptr<ClassObj>>{});
    k->base->linearize();
    installDunders(*k->base);
    k->ndarray = mk("ndarray", {k->base}, std::nullopt);
    k->generic = mk("generic", {k->base}, std::nullopt);
    k->number = mk("number", {k->generic}, std::nullopt);
    k->integer = mk("integer", {k->number}, std::nullopt);
    k->signedint = mk("signedinteger", {k->integer}, std::nullopt);
    k->unsignedint = mk("unsignedinteger", {k->integer}, std::nullopt);
    k->inexact = mk("inexact", {k->number}, std::nullopt);
    k->floating = mk("floating", {k->inexact}, std::nullopt);
    for (int i = 0; i < kNumNpDTypes; ++i) {
      NpDType t = NpDType(i);
      std::shared_ptr<ClassObj> parent;
      switch (npKind(t)) {
      case NpKind::Bool: parent = k->generic; break;
      case NpKind::Int: parent = k->signedint; break;
      case NpKind::UInt: parent = k->unsignedint; break;
      case NpKind::Float: parent = k->floating; break;
      case NpKind::Str: parent = k->generic; break;
      }
      std::string name = t == NpDType::Bool ? "bool" : t == NpDType::Str ? "str_" : npDTypeName(t);
      k->scalars[i] = mk(name, {parent}, t);
    }
    dtypeClass() = std::make_shared<ClassObj>("dtype", "numpy", std::vector<std::shared_ptr<ClassObj>>{});
    dtypeClass()->linearize();
    dtypeClass()->setAttr("__eq__", nativeMethod("__eq__", [](Evaluator &, CallArgs &a) {
                            auto r = numpyDTypeEquals(a.args[0], a.args[1]);
                            return Value::boolean(r && *r);
                          }));
    dtypeClass()->setAttr("__ne__", nativeMethod("__ne__", [](Evaluator &, CallArgs &a) {
                            auto r = numpyDTypeEquals(a.args[0], a.args[1]);
                            return Value::boolean(!(r && *r));
                          }));
    dtypeClass()->setAttr("__str__", nativeMethod("__str__", [](Evaluator &, CallArgs &a) {
                            return Value::str(a.args[0].as<NpDTypeObj>()->str());
                          }));
    dtypeClass()->setAttr("__repr__", nativeMethod("__repr__", [](Evaluator &, CallArgs &a) {
                            return Value::str(a.args[0].as<NpDTypeObj>()->repr());
                          }));
    dtypeClass()->setAttr("__hash__", nativeMethod("__hash__", [](Evaluator &, CallArgs &a) {
                            return Value::integer(int64_t(a.args[0].as<NpDTypeObj>()->t) + 1000);
                          }));
    return k;
  }();
  return *c;
}
} // namespace

std::shared_ptr<ClassObj> npArrayClass() { return classes().ndarray; }
std::shared_ptr<ClassObj> npScalarClass(NpDType t) { return classes().scalars[int(t)]; }

/// The abstract scalar classes, for the module (np.floating ...).
std::vector<std::pair<std::string, std::shared_ptr<ClassObj>>> npAbstractClasses() {
  NpClasses &k = classes();
  return {{"generic", k.generic},           {"number", k.number},
          {"integer", k.integer},           {"signedinteger", k.signedint},
          {"unsignedinteger", k.unsignedint}, {"inexact", k.inexact},
          {"floating", k.floating},         {"ndarray", k.ndarray},
          {"dtype", dtypeClass()}};
}

std::string NumpyArrayObj::repr() const {
  return scalar ? npScalarRepr(*this) : npArrayRepr(*this);
}
std::string NumpyArrayObj::str() const { return scalar ? npScalarStr(*this) : npArrayStr(*this); }

namespace {
/// arr.flags: writeable (settable to False), c_contiguous, owndata.
class NpFlagsObj : public NativeObject {
public:
  explicit NpFlagsObj(Value a) : a_(std::move(a)) {}
  std::string typeName() const override { return "flagsobj"; }
  std::string repr() const override {
    NumpyArrayObj &s = arr(a_);
    auto b = [](bool x) { return x ? "True" : "False"; };
    return std::string("  C_CONTIGUOUS : ") + b(s.contiguous()) + "\n  F_CONTIGUOUS : " +
           b(s.rank() <= 1 && s.contiguous()) + "\n  OWNDATA : " + b(s.ownsData) +
           "\n  WRITEABLE : " + b(s.writeable) + "\n  ALIGNED : True\n  WRITEBACKIFCOPY : False";
  }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override {
    NumpyArrayObj &s = arr(a_);
    if (name == "writeable") {
      out = Value::boolean(s.writeable);
      return true;
    }
    if (name == "c_contiguous" || name == "contiguous") {
      out = Value::boolean(s.contiguous());
      return true;
    }
    if (name == "owndata") {
      out = Value::boolean(s.ownsData);
      return true;
    }
    return false;
  }
  Value a_;
};
} // namespace

bool NumpyArrayObj::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  Value self = selfValue();
  if (name == "shape") {
    std::vector<Value> d;
    for (int64_t x : shape)
      d.push_back(Value::integer(x));
    out = Value::tuple(std::move(d));
    return true;
  }
  if (name == "dtype") {
    out = npDTypeValue(dtype, strLen);
    return true;
  }
  if (name == "ndim") {
    out = Value::integer(rank());
    return true;
  }
  if (name == "size") {
    out = Value::integer(size());
    return true;
  }
  if (name == "itemsize") {
    out = Value::integer(dtype == NpDType::Str ? 4 * strLen : npItemSize(dtype));
    return true;
  }
  if (name == "nbytes") {
    out = Value::integer(size() * (dtype == NpDType::Str ? 4 * strLen : npItemSize(dtype)));
    return true;
  }
  if (name == "strides") {
    std::vector<Value> d;
    for (int64_t x : strides)
      d.push_back(Value::integer(x * npItemSize(dtype)));
    out = Value::tuple(std::move(d));
    return true;
  }
  if (name == "flags") {
    out = Value::object(Value::Kind::Native, std::make_shared<NpFlagsObj>(self));
    return true;
  }
  if (name == "base") {
    out = baseArray;
    return true;
  }
  if (name == "T") {
    out = callNp(ev, "transpose", {self});
    return true;
  }
  if (name == "real") {
    out = scalar ? self : makeView(self, shape, strides, offset);
    return true;
  }
  if (name == "imag") {
    out = callNp(ev, "zeros_like", {self});
    return true;
  }
  if (arrayMethod(ev, self, name, out))
    return true;
  return InstanceObj::getAttr(ev, name, out);
}

std::vector<std::string> NumpyArrayObj::attrNames() const {
  return {"shape", "dtype", "ndim", "size", "T", "flags", "reshape", "sum", "mean", "astype",
          "copy", "tolist", "item", "flatten", "ravel", "transpose", "max", "min", "fill"};
}

} // namespace parax::frontend
