//===- Prims.cpp - typed primitive constructors ---------------------------===//
#include "frontend/lib/Prims.h"
#include "frontend/lib/sharding/Sharding.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Promotion.h"
#include "frontend/tracing/Trace.h"
#include "ir/Diagnostics.h"

#include <algorithm>

namespace parax::frontend::prims {

using ir::Attrs;

TensorType typeOf(const Value &v) { return abstractType(v); }
Shape shapeOf(const Value &v) { return abstractType(v).shape; }
DType dtypeOf(const Value &v) { return abstractType(v).dtype; }

int64_t normalizeAxis(int64_t axis, int64_t rank, const std::string &what) {
  if (axis < -rank || axis >= rank)
    raise("ValueError", what + " " + std::to_string(axis) +
                            " is out of bounds for array of dimension " +
                            std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

namespace {
[[noreturn]] void extentOverflow(int64_t a, int64_t b, const char *op) {
  raise("ValueError",
        "array is too big: a dimension of " + std::to_string(a) + " " + op + " " +
            std::to_string(b) + " elements does not fit in 64 bits, and one array "
            "may span at most 2^62 bytes (4 EiB)",
        "a dimension is far larger than intended: check how the shape was computed");
}
} // namespace

int64_t extentMul(int64_t a, int64_t b) {
  if (auto r = checkedMul(a, b))
    return *r;
  if (a < 0 || b < 0)
    raise("ValueError", "negative dimensions are not allowed");
  extentOverflow(a, b, "*");
}

int64_t extentAdd(int64_t a, int64_t b) {
  if (auto r = checkedAdd(a, b))
    return *r;
  if (a < 0 || b < 0)
    raise("ValueError", "negative dimensions are not allowed");
  extentOverflow(a, b, "+");
}

/// Raises JAX's OverflowError when a Python int does not fit `dt`.
void checkIntFits(const Value &v, DType dt, const char *form) {
  if (!v.isInt() || !isInteger(dt))
    return;
  int64_t i = v.asInt();
  int64_t lo = 0, hi = 0;
  switch (dt) {
  case DType::I8: lo = INT8_MIN, hi = INT8_MAX; break;
  case DType::I16: lo = INT16_MIN, hi = INT16_MAX; break;
  case DType::I32: lo = INT32_MIN, hi = INT32_MAX; break;
  case DType::U8: hi = UINT8_MAX; break;
  case DType::U16: hi = UINT16_MAX; break;
  case DType::U32: hi = UINT32_MAX; break;
  case DType::U64:
    if (i < 0)
      raise("OverflowError", "Python int " + std::to_string(i) + " too large to convert to uint64");
    return;
  default: return;
  }
  if (i < lo || i > hi) {
    if (std::string(form) == "array")
      raise("OverflowError", "Python integer " + std::to_string(i) + " out of bounds for " +
                                 std::string(dtypeName(dt)));
    raise("OverflowError", "Python int " + std::to_string(i) + " too large to convert to " +
                               std::string(dtypeName(dt)));
  }
}

Value scalarAs(const Value &v, DType dt, bool weak) {
  if (!v.isNumber())
    return v;
  // A Python int first becomes an int32 (uint32 for a uint32 target; their
  // 64-bit forms with x64), which must fit; narrower targets then wrap, as
  // JAX does (uint8 + 300 == 44).
  if (isInteger(dt)) {
    DType first = x64Enabled() ? (dt == DType::U64 ? DType::U64 : DType::I64)
                               : (dt == DType::U32 ? DType::U32 : DType::I32);
    checkIntFits(v, first, "scalar");
  }
  if (v.isFloat() || isFloat(dt))
    return Value::array(Array::scalar(dt, v.asFloat(), weak));
  return Value::array(Array::scalarInt(dt, v.asInt(), weak));
}

Value unary(Evaluator &ev, OpKind k, const Value &x) {
  TensorType t = typeOf(x);
  if (k == OpKind::IsFinite) {
    t.dtype = DType::Bool;
    t.weak = false;
  }
  return bind1(ev, k, {x}, {}, t);
}

Value binary(Evaluator &ev, OpKind k, const Value &a, const Value &b) {
  TensorType ta = typeOf(a), tb = typeOf(b);
  PARAX_ASSERT(ta.sameIgnoringWeak(tb))
      << ir::mnemonic(k) << " " << ta.str() << " vs " << tb.str();
  TensorType r = ta;
  r.weak = ta.weak && tb.weak;
  return bind1(ev, k, {a, b}, {}, r);
}

Value compare(Evaluator &ev, OpKind k, const Value &a, const Value &b) {
  TensorType ta = typeOf(a), tb = typeOf(b);
  PARAX_ASSERT(ta.sameIgnoringWeak(tb)) << ta.str() << " vs " << tb.str();
  // As in JAX, a comparison of two weak operands is itself weak.
  return bind1(ev, k, {a, b}, {}, TensorType{DType::Bool, ta.shape, ta.weak && tb.weak});
}

Value select(Evaluator &ev, const Value &pred, const Value &a, const Value &b) {
  TensorType ta = typeOf(a), tb = typeOf(b);
  PARAX_ASSERT(ta.sameIgnoringWeak(tb) && typeOf(pred).shape == ta.shape)
      << "select";
  TensorType r = ta;
  r.weak = ta.weak && tb.weak;
  return bind1(ev, OpKind::Select, {pred, a, b}, {}, r);
}

Value convert(Evaluator &ev, const Value &x, DType dt, bool weak) {
  TensorType t = typeOf(x);
  if (t.dtype == dt && t.weak == weak)
    return x;
  if (x.isNumber()) {
    Value r = scalarAs(x, dt, weak);
    // Keeps a number derived from jax.process_index() marked (Value.h).
    return x.processVarying() ? r.markProcessVarying() : r;
  }
  if (t.dtype == dt && !ev.currentTrace()) {
    // Only the weak flag changes: no data movement.
    if (x.isArray())
      return Value::array(x.asArray().withWeak(weak));
  }
  return bind1(ev, OpKind::Convert, {x}, {}, TensorType{dt, t.shape, weak});
}

Value bitcastConvert(Evaluator &ev, const Value &x, DType dt) {
  TensorType t = typeOf(x);
  return bind1(ev, OpKind::BitcastConvert, {x}, {},
               TensorType{dt, t.shape, false});
}

Value broadcastInDim(Evaluator &ev, const Value &x, const Shape &shape,
                     const std::vector<int64_t> &dims) {
  TensorType t = typeOf(x);
  if (t.shape == shape)
    return x;
  return bind1(ev, OpKind::BroadcastInDim, {x}, Attrs{{"dims", dims}},
               TensorType{t.dtype, shape, t.weak});
}

Value broadcastTo(Evaluator &ev, const Value &x, const Shape &shape) {
  Shape s = shapeOf(x);
  if (s == shape)
    return x;
  if (s.size() > shape.size())
    raise("ValueError", "cannot broadcast " + shapeToPython(s) + " to " +
                            shapeToPython(shape));
  std::vector<int64_t> dims;
  size_t off = shape.size() - s.size();
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != 1 && s[i] != shape[off + i])
      raise("ValueError", "Incompatible shapes for broadcasting: " +
                              shapeToPython(s) + " and requested shape " +
                              shapeToPython(shape));
    dims.push_back(int64_t(off + i));
  }
  return broadcastInDim(ev, x, shape, dims);
}

Value reshape(Evaluator &ev, const Value &x, const Shape &shape) {
  TensorType t = typeOf(x);
  if (t.shape == shape)
    return x;
  PARAX_ASSERT(numElements(shape) == t.numElements()) << "reshape count";
  // A sharded array's reshape goes through bind, whose rule splits the result.
  if (x.isArray() && !ev.currentTrace() && !sharding::shardingOf(x))
    return Value::array(x.asArray().reshaped(shape));
  return bind1(ev, OpKind::Reshape, {x}, {}, TensorType{t.dtype, shape, t.weak});
}

Value transpose(Evaluator &ev, const Value &x, const std::vector<int64_t> &perm) {
  TensorType t = typeOf(x);
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i)
    identity &= perm[i] == int64_t(i);
  if (identity)
    return x;
  Shape s;
  for (int64_t p : perm)
    s.push_back(t.shape[size_t(p)]);
  return bind1(ev, OpKind::Transpose, {x}, Attrs{{"perm", perm}},
               TensorType{t.dtype, s, t.weak});
}

Value rev(Evaluator &ev, const Value &x, const std::vector<int64_t> &dims) {
  if (dims.empty())
    return x;
  return bind1(ev, OpKind::Rev, {x}, Attrs{{"dims", dims}}, typeOf(x));
}

Value slice(Evaluator &ev, const Value &x, const std::vector<int64_t> &start,
            const std::vector<int64_t> &limit,
            const std::vector<int64_t> &stride) {
  TensorType t = typeOf(x);
  Shape s;
  bool identity = true;
  for (size_t i = 0; i < start.size(); ++i) {
    int64_t n = std::max<int64_t>(0, (limit[i] - start[i] + stride[i] - 1) / stride[i]);
    s.push_back(n);
    identity &= start[i] == 0 && limit[i] == t.shape[i] && stride[i] == 1;
  }
  if (identity)
    return x;
  return bind1(ev, OpKind::Slice, {x},
               Attrs{{"start", start}, {"limit", limit}, {"stride", stride}},
               TensorType{t.dtype, s, t.weak});
}

Value concatenate(Evaluator &ev, const std::vector<Value> &xs, int64_t axis) {
  PARAX_ASSERT(!xs.empty()) << "concatenate of nothing";
  if (xs.size() == 1)
    return xs[0];
  TensorType t = typeOf(xs[0]);
  bool weak = true;
  int64_t total = 0;
  for (auto &x : xs) {
    TensorType u = typeOf(x);
    total = extentAdd(total, u.shape[size_t(axis)]);
    weak &= u.weak;
  }
  Shape s = t.shape;
  s[size_t(axis)] = total;
  return bind1(ev, OpKind::Concatenate, xs, Attrs{{"axis", axis}},
               TensorType{t.dtype, s, weak});
}

Value pad(Evaluator &ev, const Value &x, const Value &padValue,
          const std::vector<int64_t> &low, const std::vector<int64_t> &high) {
  TensorType t = typeOf(x);
  Shape s = t.shape;
  // Padding may be negative (it crops); the result may not.
  for (size_t i = 0; i < s.size(); ++i) {
    int64_t grown;
    if (__builtin_add_overflow(s[i], low[i], &grown) ||
        __builtin_add_overflow(grown, high[i], &grown))
      extentOverflow(s[i], low[i] > high[i] ? low[i] : high[i], "+");
    s[i] = grown;
  }
  return bind1(ev, OpKind::Pad, {x, padValue}, Attrs{{"low", low}, {"high", high}},
               TensorType{t.dtype, s, t.weak});
}

namespace {
std::vector<Value> indexOperands(Evaluator &ev, const std::vector<Value> &starts) {
  std::vector<Value> r;
  for (const Value &s : starts) {
    TensorType t = typeOf(s);
    PARAX_ASSERT(t.rank() == 0) << "index must be a scalar";
    r.push_back(convert(ev, s, DType::I32, false));
  }
  return r;
}
} // namespace

Value dynamicSlice(Evaluator &ev, const Value &x, const std::vector<Value> &starts,
                   const std::vector<int64_t> &sizes) {
  TensorType t = typeOf(x);
  std::vector<Value> ops{x};
  for (Value &v : indexOperands(ev, starts))
    ops.push_back(v);
  return bind1(ev, OpKind::DynamicSlice, ops, Attrs{{"sizes", sizes}},
               TensorType{t.dtype, sizes, t.weak});
}

Value dynamicUpdateSlice(Evaluator &ev, const Value &x, const Value &update,
                         const std::vector<Value> &starts) {
  TensorType t = typeOf(x);
  std::vector<Value> ops{x, update};
  for (Value &v : indexOperands(ev, starts))
    ops.push_back(v);
  return bind1(ev, OpKind::DynamicUpdateSlice, ops, {}, t);
}

Value take(Evaluator &ev, const Value &x, const Value &indices, int64_t axis) {
  TensorType t = typeOf(x), ti = typeOf(indices);
  Shape s(t.shape.begin(), t.shape.begin() + axis);
  s.insert(s.end(), ti.shape.begin(), ti.shape.end());
  s.insert(s.end(), t.shape.begin() + axis + 1, t.shape.end());
  return bind1(ev, OpKind::Take, {x, indices}, Attrs{{"axis", axis}},
               TensorType{t.dtype, s, t.weak});
}

Value scatter(Evaluator &ev, const Value &x, const Value &indices,
              const Value &updates, int64_t axis, const std::string &mode) {
  return bind1(ev, OpKind::Scatter, {x, indices, updates},
               Attrs{{"axis", axis}, {"mode", mode}}, typeOf(x));
}

Value reduce(Evaluator &ev, OpKind k, const Value &x,
             const std::vector<int64_t> &axes) {
  TensorType t = typeOf(x);
  if (axes.empty())
    return x;
  Shape s;
  for (int64_t i = 0; i < t.rank(); ++i)
    if (!std::binary_search(axes.begin(), axes.end(), i))
      s.push_back(t.shape[size_t(i)]);
  return bind1(ev, k, {x}, Attrs{{"axes", axes}}, TensorType{t.dtype, s, t.weak});
}

Value argReduce(Evaluator &ev, OpKind k, const Value &x, int64_t axis) {
  TensorType t = typeOf(x);
  Shape s = t.shape;
  s.erase(s.begin() + axis);
  return bind1(ev, k, {x}, Attrs{{"axis", axis}}, TensorType{defaultInt(), s, false});
}

Value cumulative(Evaluator &ev, OpKind k, const Value &x, int64_t axis,
                 bool reverse) {
  return bind1(ev, k, {x}, Attrs{{"axis", axis}, {"reverse", int64_t(reverse)}},
               typeOf(x));
}

Value dotGeneral(Evaluator &ev, const Value &a, const Value &b,
                 const std::vector<int64_t> &lb, const std::vector<int64_t> &rb,
                 const std::vector<int64_t> &lc, const std::vector<int64_t> &rc) {
  TensorType ta = typeOf(a), tb = typeOf(b);
  Shape s;
  for (int64_t d : lb)
    s.push_back(ta.shape[size_t(d)]);
  auto isIn = [](const std::vector<int64_t> &v, int64_t d) {
    return std::find(v.begin(), v.end(), d) != v.end();
  };
  for (int64_t d = 0; d < ta.rank(); ++d)
    if (!isIn(lb, d) && !isIn(lc, d))
      s.push_back(ta.shape[size_t(d)]);
  for (int64_t d = 0; d < tb.rank(); ++d)
    if (!isIn(rb, d) && !isIn(rc, d))
      s.push_back(tb.shape[size_t(d)]);
  return bind1(ev, OpKind::DotGeneral, {a, b},
               Attrs{{"lhs_batch", lb}, {"rhs_batch", rb},
                     {"lhs_contract", lc}, {"rhs_contract", rc}},
               TensorType{ta.dtype, s, ta.weak && tb.weak});
}

Value iota(Evaluator &ev, DType dt, const Shape &shape, int64_t dimension) {
  return bind1(ev, OpKind::Iota, {}, Attrs{{"dimension", dimension}},
               TensorType{dt, shape, false});
}

Value full(Evaluator &ev, const Shape &shape, const Value &fill, DType dt,
           bool weak) {
  Value f = fill;
  if (f.isNumber())
    f = scalarAs(f, dt, weak);
  else
    f = convert(ev, f, dt, weak);
  if (shape.empty())
    return f;
  return broadcastInDim(ev, f, shape, {});
}

std::pair<Value, Value> threefry2x32(Evaluator &ev, const Value &k0,
                                     const Value &k1, const Value &x0,
                                     const Value &x1) {
  TensorType t = typeOf(x0);
  t.weak = false;
  auto r = bind(ev, OpKind::Threefry2x32, {k0, k1, x0, x1}, {}, {t, t});
  return {r[0], r[1]};
}

} // namespace parax::frontend::prims
