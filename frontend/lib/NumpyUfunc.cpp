//===- NumpyUfunc.cpp - numpy's element-wise functions --------------------===//
//
// Binary and unary ufuncs on host arrays: operands are promoted (NpPromotion),
// broadcast, computed in the domain of the computation dtype (double for
// floats, wrapping 64-bit integer arithmetic for ints, as numpy's fixed-width
// loops) and stored with the result dtype's rounding. `out=` writes through
// views after a same_kind casting check, so in-place operators
// (`x[1:3] *= y`) alias safely.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/NumpyInternal.h"

#include <cmath>
#include <map>

namespace parax::frontend::npy {

Shape broadcastShapes(const std::vector<Shape> &shapes) {
  size_t rank = 0;
  for (auto &s : shapes)
    rank = std::max(rank, s.size());
  Shape r(rank, 1);
  for (auto &s : shapes)
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t &d = r[rank - s.size() + i];
      int64_t e = s[i];
      if (d == 1)
        d = e;
      else if (e != 1 && e != d) {
        std::string list;
        for (size_t k = 0; k < shapes.size(); ++k)
          list += (k ? " " : "") + shapeStr(shapes[k]);
        raise("ValueError",
              "operands could not be broadcast together with shapes " + list + " ");
      }
    }
  return r;
}

std::vector<int64_t> broadcastStrides(const NumpyArrayObj &a, const Shape &shape) {
  std::vector<int64_t> st(shape.size(), 0);
  size_t lead = shape.size() - a.shape.size();
  for (size_t i = 0; i < a.shape.size(); ++i)
    st[lead + i] = a.shape[i] == 1 ? 0 : a.strides[i];
  return st;
}

void forEachBroadcast(const Shape &shape, const std::vector<const NumpyArrayObj *> &xs,
                      const std::function<void(int64_t, const int64_t *)> &fn) {
  int64_t n = numElements(shape);
  if (n == 0)
    return;
  size_t k = xs.size();
  std::vector<std::vector<int64_t>> st(k);
  std::vector<int64_t> off(k);
  for (size_t j = 0; j < k; ++j) {
    st[j] = broadcastStrides(*xs[j], shape);
    off[j] = xs[j]->offset;
  }
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    fn(i, off.data());
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) {
        for (size_t j = 0; j < k; ++j)
          off[j] += st[j][d];
        break;
      }
      for (size_t j = 0; j < k; ++j)
        off[j] -= st[j][d] * (shape[d] - 1);
      idx[d] = 0;
    }
  }
}

Value asNp(Evaluator &ev, const Value &v) { return toNumpy(ev, v); }

namespace {

/// A Python scalar operand as a 0-d array of dtype `t`; numpy 2 rejects
/// Python ints out of range for an integer dtype.
Value weakOperand(Evaluator &ev, const Value &v, NpDType t) {
  if (!v.isNumber())
    return asNp(ev, v);
  if (v.isInt() && !v.isBool() && npKind(t) != NpKind::Float && t != NpDType::Bool)
  {
    Value r = toNumpy(ev, Value::list({v}), t); // range-checked
    arr(r).shape = {};
    arr(r).strides = {};
    return r;
  }
  Value r = makeNumpy(t, {});
  if (v.isFloat())
    arr(r).setF(0, v.asFloat());
  else
    arr(r).setI(0, v.asInt());
  return r;
}

enum class BinKind { Arith, TrueDiv, FloatOnly, Compare, Logical, Bitwise };

struct BinSpec {
  BinKind kind;
};

const std::map<std::string, BinKind> &binaryTable() {
  static const std::map<std::string, BinKind> t = {
      {"add", BinKind::Arith},           {"subtract", BinKind::Arith},
      {"multiply", BinKind::Arith},      {"floor_divide", BinKind::Arith},
      {"remainder", BinKind::Arith},     {"mod", BinKind::Arith},
      {"fmod", BinKind::Arith},          {"power", BinKind::Arith},
      {"maximum", BinKind::Arith},       {"minimum", BinKind::Arith},
      {"fmax", BinKind::Arith},          {"fmin", BinKind::Arith},
      {"true_divide", BinKind::TrueDiv}, {"divide", BinKind::TrueDiv},
      {"arctan2", BinKind::FloatOnly},   {"hypot", BinKind::FloatOnly},
      {"logaddexp", BinKind::FloatOnly}, {"logaddexp2", BinKind::FloatOnly},
      {"copysign", BinKind::FloatOnly},  {"float_power", BinKind::FloatOnly},
      {"equal", BinKind::Compare},       {"not_equal", BinKind::Compare},
      {"less", BinKind::Compare},        {"less_equal", BinKind::Compare},
      {"greater", BinKind::Compare},     {"greater_equal", BinKind::Compare},
      {"logical_and", BinKind::Logical}, {"logical_or", BinKind::Logical},
      {"logical_xor", BinKind::Logical}, {"bitwise_and", BinKind::Bitwise},
      {"bitwise_or", BinKind::Bitwise},  {"bitwise_xor", BinKind::Bitwise},
      {"left_shift", BinKind::Bitwise},  {"right_shift", BinKind::Bitwise}};
  return t;
}

double pyMod(double a, double b) {
  if (b == 0)
    return NAN;
  double m = std::fmod(a, b);
  if (m != 0 && ((m < 0) != (b < 0)))
    m += b;
  return m;
}

double floatBin(const std::string &n, double a, double b) {
  if (n == "add") return a + b;
  if (n == "subtract") return a - b;
  if (n == "multiply") return a * b;
  if (n == "true_divide" || n == "divide") return a / b;
  if (n == "floor_divide") {
    if (b == 0)
      return a / b;
    double m = pyMod(a, b);
    double q = (a - m) / b;
    if (q != 0) {
      double f = std::floor(q);
      if (q - f > 0.5)
        f += 1;
      return f;
    }
    return std::copysign(0.0, a / b);
  }
  if (n == "remainder" || n == "mod") return pyMod(a, b);
  if (n == "fmod") return std::fmod(a, b);
  if (n == "power" || n == "float_power") return std::pow(a, b);
  if (n == "maximum") return std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b);
  if (n == "minimum") return std::isnan(a) || std::isnan(b) ? NAN : std::min(a, b);
  if (n == "fmax") return std::fmax(a, b);
  if (n == "fmin") return std::fmin(a, b);
  if (n == "arctan2") return std::atan2(a, b);
  if (n == "hypot") return std::hypot(a, b);
  if (n == "copysign") return std::copysign(a, b);
  if (n == "logaddexp") {
    if (a == b)
      return a + std::log(2.0);
    double m = std::max(a, b);
    return m + std::log1p(std::exp(-std::fabs(a - b)));
  }
  if (n == "logaddexp2") {
    if (a == b)
      return a + 1;
    double m = std::max(a, b);
    return m + std::log2(1 + std::exp2(-std::fabs(a - b)));
  }
  return NAN;
}

int64_t intBin(const std::string &n, int64_t a, int64_t b) {
  uint64_t ua = uint64_t(a), ub = uint64_t(b);
  if (n == "add") return int64_t(ua + ub);
  if (n == "subtract") return int64_t(ua - ub);
  if (n == "multiply") return int64_t(ua * ub);
  if (n == "floor_divide") {
    if (b == 0)
      return 0;
    if (b == -1)
      return int64_t(0 - ua);
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
      --q;
    return q;
  }
  if (n == "remainder" || n == "mod") {
    if (b == 0 || b == -1)
      return 0;
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return r;
  }
  if (n == "fmod") return b == 0 || b == -1 ? 0 : a % b;
  if (n == "power") {
    if (b < 0)
      raise("ValueError", "Integers to negative integer powers are not allowed.");
    uint64_t r = 1, base = ua;
    for (uint64_t e = ub; e; e >>= 1) {
      if (e & 1)
        r *= base;
      base *= base;
    }
    return int64_t(r);
  }
  if (n == "maximum" || n == "fmax") return std::max(a, b);
  if (n == "minimum" || n == "fmin") return std::min(a, b);
  if (n == "bitwise_and") return a & b;
  if (n == "bitwise_or") return a | b;
  if (n == "bitwise_xor") return a ^ b;
  if (n == "left_shift") return b >= 64 || b < 0 ? 0 : int64_t(ua << b);
  if (n == "right_shift") return b >= 64 || b < 0 ? (a < 0 ? -1 : 0) : a >> b;
  return 0;
}

uint64_t uintBin(const std::string &n, uint64_t a, uint64_t b) {
  if (n == "add") return a + b;
  if (n == "subtract") return a - b;
  if (n == "multiply") return a * b;
  if (n == "floor_divide") return b == 0 ? 0 : a / b;
  if (n == "remainder" || n == "mod" || n == "fmod") return b == 0 ? 0 : a % b;
  if (n == "power") {
    uint64_t r = 1, base = a;
    for (uint64_t e = b; e; e >>= 1) {
      if (e & 1)
        r *= base;
      base *= base;
    }
    return r;
  }
  if (n == "maximum" || n == "fmax") return std::max(a, b);
  if (n == "minimum" || n == "fmin") return std::min(a, b);
  if (n == "bitwise_and") return a & b;
  if (n == "bitwise_or") return a | b;
  if (n == "bitwise_xor") return a ^ b;
  if (n == "left_shift") return b >= 64 ? 0 : a << b;
  if (n == "right_shift") return b >= 64 ? 0 : a >> b;
  return 0;
}

bool compareOp(const std::string &n, int c) { // c: -1, 0, 1; 2 = unordered
  if (n == "equal") return c == 0;
  if (n == "not_equal") return c != 0;
  if (c == 2) return false;
  if (n == "less") return c < 0;
  if (n == "less_equal") return c <= 0;
  if (n == "greater") return c > 0;
  return c >= 0;
}

[[noreturn]] void noLoop(const std::string &name, NpDType a, NpDType b) {
  raise("TypeError", "ufunc '" + name + "' not supported for the input types, and the inputs "
                     "could not be safely coerced to any supported types according to the "
                     "casting rule ''safe''");
  (void)a;
  (void)b;
}

} // namespace

bool isBinaryUfunc(const std::string &name) { return binaryTable().count(name) != 0; }

Value storeOut(Evaluator &ev, const Value &out, const Value &result, const std::string &ufunc) {
  NumpyArrayObj *o = asNumpy(out);
  if (!o)
    raise("TypeError", "return arrays must be of ArrayType");
  NumpyArrayObj &r = arr(result);
  if (!canCastSameKind(r.dtype, o->dtype))
    raise("TypeError", "Cannot cast ufunc '" + ufunc + "' output from dtype('" +
                           npDTypeName(r.dtype) + "') to dtype('" + npDTypeName(o->dtype) +
                           "') with casting rule 'same_kind'");
  npAssign(ev, *o, result);
  return out;
}

Value binaryUfunc(Evaluator &ev, const std::string &name, const Value &a0, const Value &b0,
                  const Value *out, std::optional<NpDType> dtype) {
  auto it = binaryTable().find(name);
  if (it == binaryTable().end())
    raise("TypeError", "unknown ufunc " + name);
  BinKind kind = it->second;
  Value av = a0.isNumber() ? a0 : asNp(ev, a0), bv = b0.isNumber() ? b0 : asNp(ev, b0);
  if ((!av.isNumber() && arr(av).dtype == NpDType::Str) ||
      (!bv.isNumber() && arr(bv).dtype == NpDType::Str)) {
    if (kind == BinKind::Compare && !av.isNumber() && !bv.isNumber()) {
      NumpyArrayObj &x = arr(av), &y = arr(bv);
      if (x.dtype == NpDType::Str && y.dtype == NpDType::Str) {
        Shape shape = broadcastShapes({x.shape, y.shape});
        Value r = makeNumpy(NpDType::Bool, shape);
        NumpyArrayObj &ro = arr(r);
        forEachBroadcast(shape, {&x, &y}, [&](int64_t i, const int64_t *o) {
          int c = x.store->strs[size_t(o[0])].compare(y.store->strs[size_t(o[1])]);
          ro.setI(i, compareOp(name, c < 0 ? -1 : c > 0 ? 1 : 0));
        });
        return out ? storeOut(ev, *out, r, name) : npScalarize(r);
      }
    }
    raise("TypeError", "ufunc '" + name + "' did not contain a loop with signature matching types");
  }
  NpDType ct = dtype ? *dtype : resultType({av, bv});
  NpDType rt = ct;
  switch (kind) {
  case BinKind::Arith:
    if (ct == NpDType::Bool) {
      if (name == "subtract")
        raise("TypeError", "numpy boolean subtract, the `-` operator, is not supported, use the "
                           "bitwise_xor, the `^` operator, or the logical_xor function instead.");
      if (name == "power" || name == "floor_divide" || name == "remainder" || name == "mod" ||
          name == "fmod")
        ct = rt = NpDType::I8;
    }
    break;
  case BinKind::TrueDiv:
  case BinKind::FloatOnly:
    ct = rt = floatFor(ct);
    if (kind == BinKind::TrueDiv && npKind(resultType({av, bv})) != NpKind::Float)
      ct = rt = NpDType::F64;
    if (name == "float_power")
      ct = rt = NpDType::F64;
    break;
  case BinKind::Compare:
  case BinKind::Logical:
    rt = NpDType::Bool;
    break;
  case BinKind::Bitwise:
    if (npKind(ct) == NpKind::Float)
      noLoop(name, ct, ct);
    break;
  }
  Value A = weakOperand(ev, av, ct), B = weakOperand(ev, bv, ct);
  NumpyArrayObj &x = arr(A), &y = arr(B);
  Shape shape = broadcastShapes({x.shape, y.shape});
  Value r = makeNumpy(rt, shape);
  NumpyArrayObj &ro = arr(r);
  Domain d = domainOf(ct);
  if (kind == BinKind::Logical) {
    forEachBroadcast(shape, {&x, &y}, [&](int64_t i, const int64_t *o) {
      bool p = x.getB(o[0]), q = y.getB(o[1]);
      ro.setI(i, name == "logical_and" ? (p && q) : name == "logical_or" ? (p || q) : (p != q));
    });
  } else if (kind == BinKind::Compare) {
    forEachBroadcast(shape, {&x, &y}, [&](int64_t i, const int64_t *o) {
      int c;
      if (d == Domain::Float) {
        double p = x.getF(o[0]), q = y.getF(o[1]);
        c = std::isnan(p) || std::isnan(q) ? 2 : p < q ? -1 : p > q ? 1 : 0;
      } else if (d == Domain::UInt) {
        uint64_t p = x.getU(o[0]), q = y.getU(o[1]);
        c = p < q ? -1 : p > q ? 1 : 0;
      } else {
        // Mixed signed/unsigned 64-bit compares by value (numpy does).
        if (npKind(x.dtype) == NpKind::UInt || npKind(y.dtype) == NpKind::UInt) {
          double p = x.getF(o[0]), q = y.getF(o[1]);
          c = p < q ? -1 : p > q ? 1 : 0;
        } else {
          int64_t p = x.getI(o[0]), q = y.getI(o[1]);
          c = p < q ? -1 : p > q ? 1 : 0;
        }
      }
      ro.setI(i, compareOp(name, c));
    });
  } else if (d == Domain::Float) {
    forEachBroadcast(shape, {&x, &y}, [&](int64_t i, const int64_t *o) {
      ro.setF(i, floatBin(name, x.getF(o[0]), y.getF(o[1])));
    });
  } else if (d == Domain::UInt) {
    forEachBroadcast(shape, {&x, &y}, [&](int64_t i, const int64_t *o) {
      ro.setU(i, uintBin(name, x.getU(o[0]), y.getU(o[1])));
    });
  } else if (d == Domain::Bool) {
    forEachBroadcast(shape, {&x, &y}, [&](int64_t i, const int64_t *o) {
      bool p = x.getB(o[0]), q = y.getB(o[1]);
      bool v = name == "add" || name == "bitwise_or" || name == "maximum" || name == "fmax"
                   ? (p || q)
               : name == "multiply" || name == "bitwise_and" || name == "minimum" ||
                       name == "fmin"
                   ? (p && q)
               : name == "bitwise_xor" ? (p != q)
                                       : bool(intBin(name, p, q));
      ro.setI(i, v);
    });
  } else {
    // Fixed-width ints: compute in 64 bits and wrap on store.
    forEachBroadcast(shape, {&x, &y}, [&](int64_t i, const int64_t *o) {
      ro.setI(i, intBin(name, x.getI(o[0]), y.getI(o[1])));
    });
  }
  if (out)
    return storeOut(ev, *out, r, name);
  return npScalarize(r);
}

namespace {
enum class UnKind { Float, Keep, Bool, Int };
const std::map<std::string, UnKind> &unaryTable() {
  static const std::map<std::string, UnKind> t = {
      {"negative", UnKind::Keep},   {"positive", UnKind::Keep},  {"absolute", UnKind::Keep},
      {"abs", UnKind::Keep},        {"fabs", UnKind::Float},     {"sign", UnKind::Keep},
      {"square", UnKind::Keep},     {"floor", UnKind::Keep},     {"ceil", UnKind::Keep},
      {"trunc", UnKind::Keep},      {"fix", UnKind::Keep},       {"rint", UnKind::Float},
      {"sqrt", UnKind::Float},      {"cbrt", UnKind::Float},     {"exp", UnKind::Float},
      {"exp2", UnKind::Float},      {"expm1", UnKind::Float},    {"log", UnKind::Float},
      {"log2", UnKind::Float},      {"log10", UnKind::Float},    {"log1p", UnKind::Float},
      {"sin", UnKind::Float},       {"cos", UnKind::Float},      {"tan", UnKind::Float},
      {"arcsin", UnKind::Float},    {"arccos", UnKind::Float},   {"arctan", UnKind::Float},
      {"sinh", UnKind::Float},      {"cosh", UnKind::Float},     {"tanh", UnKind::Float},
      {"arcsinh", UnKind::Float},   {"arccosh", UnKind::Float},  {"arctanh", UnKind::Float},
      {"deg2rad", UnKind::Float},   {"rad2deg", UnKind::Float},  {"degrees", UnKind::Float},
      {"radians", UnKind::Float},   {"reciprocal", UnKind::Keep}, {"isnan", UnKind::Bool},
      {"isinf", UnKind::Bool},      {"isfinite", UnKind::Bool},  {"signbit", UnKind::Bool},
      {"logical_not", UnKind::Bool}, {"invert", UnKind::Int},    {"bitwise_not", UnKind::Int},
      {"bitwise_invert", UnKind::Int}, {"isposinf", UnKind::Bool}, {"isneginf", UnKind::Bool}};
  return t;
}

double floatUn(const std::string &n, double x) {
  if (n == "negative") return -x;
  if (n == "positive") return x;
  if (n == "absolute" || n == "abs" || n == "fabs") return std::fabs(x);
  if (n == "sign") return std::isnan(x) ? NAN : x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
  if (n == "square") return x * x;
  if (n == "floor") return std::floor(x);
  if (n == "ceil") return std::ceil(x);
  if (n == "trunc" || n == "fix") return std::trunc(x);
  if (n == "rint") return std::nearbyint(x);
  if (n == "sqrt") return std::sqrt(x);
  if (n == "cbrt") return std::cbrt(x);
  if (n == "exp") return std::exp(x);
  if (n == "exp2") return std::exp2(x);
  if (n == "expm1") return std::expm1(x);
  if (n == "log") return std::log(x);
  if (n == "log2") return std::log2(x);
  if (n == "log10") return std::log10(x);
  if (n == "log1p") return std::log1p(x);
  if (n == "sin") return std::sin(x);
  if (n == "cos") return std::cos(x);
  if (n == "tan") return std::tan(x);
  if (n == "arcsin") return std::asin(x);
  if (n == "arccos") return std::acos(x);
  if (n == "arctan") return std::atan(x);
  if (n == "sinh") return std::sinh(x);
  if (n == "cosh") return std::cosh(x);
  if (n == "tanh") return std::tanh(x);
  if (n == "arcsinh") return std::asinh(x);
  if (n == "arccosh") return std::acosh(x);
  if (n == "arctanh") return std::atanh(x);
  if (n == "deg2rad" || n == "radians") return x * (M_PI / 180.0);
  if (n == "rad2deg" || n == "degrees") return x * (180.0 / M_PI);
  if (n == "reciprocal") return 1.0 / x;
  return NAN;
}
} // namespace

bool isUnaryUfunc(const std::string &name) { return unaryTable().count(name) != 0; }

Value unaryUfunc(Evaluator &ev, const std::string &name, const Value &a0, const Value *out) {
  auto it = unaryTable().find(name);
  if (it == unaryTable().end())
    raise("TypeError", "unknown ufunc " + name);
  Value av = asNp(ev, a0);
  NumpyArrayObj &x = arr(av);
  if (x.dtype == NpDType::Str)
    raise("TypeError", "ufunc '" + name + "' did not contain a loop with signature matching types");
  NpDType t = x.dtype, rt = t;
  UnKind k = it->second;
  switch (k) {
  case UnKind::Float: rt = floatFor(t); break;
  case UnKind::Bool: rt = NpDType::Bool; break;
  case UnKind::Int:
    if (npKind(t) == NpKind::Float)
      noLoop(name, t, t);
    break;
  case UnKind::Keep:
    if (t == NpDType::Bool) {
      if (name == "negative")
        raise("TypeError", "The numpy boolean negative, the `-` operator, is not supported, use "
                           "the `~` operator or the logical_not function instead.");
      if (name == "square" || name == "reciprocal" || name == "sign")
        rt = NpDType::I8;
    }
    break;
  }
  Value r = makeNumpy(rt, x.shape);
  NumpyArrayObj &ro = arr(r);
  std::vector<int64_t> offs = x.offsets();
  Domain d = domainOf(npKind(rt) == NpKind::Float ? rt : t);
  for (size_t i = 0; i < offs.size(); ++i) {
    int64_t o = offs[i], j = int64_t(i);
    if (k == UnKind::Bool) {
      if (name == "logical_not") {
        ro.setI(j, !x.getB(o));
        continue;
      }
      if (npKind(t) != NpKind::Float) {
        ro.setI(j, name == "isfinite" ? 1 : name == "signbit" ? x.getI(o) < 0 && npKind(t) == NpKind::Int : 0);
        continue;
      }
      double v = x.getF(o);
      bool b = name == "isnan"      ? std::isnan(v)
               : name == "isinf"    ? std::isinf(v)
               : name == "isfinite" ? std::isfinite(v)
               : name == "isposinf" ? std::isinf(v) && v > 0
               : name == "isneginf" ? std::isinf(v) && v < 0
                                    : std::signbit(v);
      ro.setI(j, b);
      continue;
    }
    if (d == Domain::Float) {
      ro.setF(j, floatUn(name, x.getF(o)));
    } else if (d == Domain::Bool) {
      bool v = x.getB(o);
      ro.setI(j, name == "invert" || name == "bitwise_not" || name == "bitwise_invert" ? !v : v);
    } else if (d == Domain::UInt) {
      uint64_t v = x.getU(o);
      uint64_t res = name == "negative"                     ? 0 - v
                     : name == "square"                     ? v * v
                     : name == "sign"                       ? (v > 0)
                     : name == "invert" || name == "bitwise_not" || name == "bitwise_invert" ? ~v
                     : name == "reciprocal"                 ? (v == 0 ? 0 : 1 / v)
                                                            : v;
      ro.setU(j, res);
    } else {
      int64_t v = x.getI(o);
      uint64_t u = uint64_t(v);
      int64_t res = name == "negative"                 ? int64_t(0 - u)
                    : name == "absolute" || name == "abs" ? (v < 0 ? int64_t(0 - u) : v)
                    : name == "square"                 ? int64_t(u * u)
                    : name == "sign"                   ? (v > 0) - (v < 0)
                    : name == "invert" || name == "bitwise_not" || name == "bitwise_invert" ? ~v
                    : name == "reciprocal"             ? (v == 0 ? INT64_MIN : 1 / v)
                                                       : v;
      ro.setI(j, res);
    }
  }
  if (out)
    return storeOut(ev, *out, r, name);
  return npScalarize(r);
}

} // namespace parax::frontend::npy
