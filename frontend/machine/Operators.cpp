//===- Operators.cpp - Python operators on values -------------------------===//
//
// Python's arithmetic, comparison, truth and iteration rules for the value
// kinds of the subset. Anything involving an array (concrete or traced) is
// handed to the jax.numpy implementation (lib/Jnp.h), which applies JAX's
// promotion rules and builds or runs the primitive.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/DictMethods.h"
#include "frontend/machine/Sets.h"
#include "frontend/machine/Iterators.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/FastArithmetic.h"
#include "frontend/machine/Hashing.h"
#include "frontend/machine/Placeholder.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/NumpyArray.h"

#include <cmath>
#include <limits>

namespace parax::frontend {

std::optional<Value> floatBinary(BinOpKind op, double x, double y) {
  switch (op) {
  case BinOpKind::Add: return Value::floating(x + y);
  case BinOpKind::Sub: return Value::floating(x - y);
  case BinOpKind::Mul: return Value::floating(x * y);
  case BinOpKind::Div:
    if (y == 0)
      raise("ZeroDivisionError", "float division by zero");
    return Value::floating(x / y);
  case BinOpKind::FloorDiv:
    if (y == 0)
      raise("ZeroDivisionError", "float floor division by zero");
    return Value::floating(std::floor(x / y));
  case BinOpKind::Mod: {
    if (y == 0)
      raise("ZeroDivisionError", "float modulo");
    double r = std::fmod(x, y);
    if (r != 0 && ((r < 0) != (y < 0)))
      r += y;
    return Value::floating(r);
  }
  case BinOpKind::Pow:
    if (x == 0 && y < 0)
      raise("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    if (double r = std::pow(x, y); std::isinf(r) && std::isfinite(x) && std::isfinite(y))
      raise("OverflowError", "(34, 'Numerical result out of range')"); // as CPython
    else
      return Value::floating(r);
  default:
    return std::nullopt;
  }
}

namespace {
[[noreturn]] void unsupported(const char *sym, const Value &a, const Value &b) {
  requireNotPlaceholder(a);
  requireNotPlaceholder(b);
  raise("TypeError", std::string("unsupported operand type(s) for ") + sym +
                         ": '" + typeName(a) + "' and '" + typeName(b) + "'");
}

/// x OP y in int64 for + - *; false when the result does not fit (the
/// caller then computes it as a BigInt: Python ints do not overflow).
bool checkedMul(int64_t a, int64_t b, int64_t &r) { return !__builtin_mul_overflow(a, b, &r); }
bool checkedAdd(int64_t a, int64_t b, int64_t &r) { return !__builtin_add_overflow(a, b, &r); }
bool checkedSub(int64_t a, int64_t b, int64_t &r) { return !__builtin_sub_overflow(a, b, &r); }

int64_t floorDiv(int64_t a, int64_t b) {
  if (b == 0)
    raise("ZeroDivisionError", "integer division or modulo by zero");
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}
int64_t floorMod(int64_t a, int64_t b) {
  if (b == 0)
    raise("ZeroDivisionError", "integer modulo by zero"); // CPython 3.11's wording
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

Value sequenceRepeat(const Value &seq, int64_t n) {
  int64_t len = seq.isStr() ? int64_t(seq.asStr().size()) : int64_t(seq.elements().size());
  if (n <= 0 || len == 0)
    return seq.isStr() ? Value::str("") : seq.isTuple() ? Value::tuple({}) : Value::list({});
  // The budget is checked before the result is built.
  int64_t total = n > INT64_MAX / len ? INT64_MAX : n * len;
  if (seq.isStr()) {
    requireStrBytes(total);
    std::string s;
    s.reserve(size_t(total));
    for (int64_t i = 0; i < n; ++i)
      s += seq.asStr();
    return Value::str(std::move(s));
  }
  requireSequence(total);
  std::vector<Value> out;
  out.reserve(size_t(total));
  for (int64_t i = 0; i < n; ++i)
    out.insert(out.end(), seq.elements().begin(), seq.elements().end());
  return seq.isTuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
}

/// Python numeric binary op on bool/int/float.
Value numericBinary(BinOpKind op, const Value &a, const Value &b) {
  bool isF = a.isFloat() || b.isFloat();
  if (!isF) {
    int64_t x = a.asInt(), y = b.asInt();
    switch (op) {
    case BinOpKind::Add: {
      int64_t r;
      return checkedAdd(x, y, r) ? Value::integer(r) : bigBinary(op, a, b);
    }
    case BinOpKind::Sub: {
      int64_t r;
      return checkedSub(x, y, r) ? Value::integer(r) : bigBinary(op, a, b);
    }
    case BinOpKind::Mul: {
      int64_t r;
      return checkedMul(x, y, r) ? Value::integer(r) : bigBinary(op, a, b);
    }
    case BinOpKind::Div:
      if (y == 0)
        raise("ZeroDivisionError", "division by zero");
      return Value::floating(double(x) / double(y));
    case BinOpKind::FloorDiv:
      if (x == INT64_MIN && y == -1)
        return bigBinary(op, a, b);
      return Value::integer(floorDiv(x, y));
    case BinOpKind::Mod:
      if (y == -1)
        return Value::integer(0);
      return Value::integer(floorMod(x, y));
    case BinOpKind::Pow: {
      if (y < 0) {
        if (x == 0)
          raise("ZeroDivisionError",
                "0.0 cannot be raised to a negative power");
        return Value::floating(std::pow(double(x), double(y)));
      }
      int64_t r = 1, base = x;
      while (y) {
        if ((y & 1) && !checkedMul(r, base, r))
          return bigBinary(op, a, b);
        y >>= 1;
        if (y && !checkedMul(base, base, base))
          return bigBinary(op, a, b);
      }
      return Value::integer(r);
    }
    case BinOpKind::BitAnd:
      if (a.isBool() && b.isBool())
        return Value::boolean(a.asBool() && b.asBool());
      return Value::integer(x & y);
    case BinOpKind::BitOr:
      if (a.isBool() && b.isBool())
        return Value::boolean(a.asBool() || b.asBool());
      return Value::integer(x | y);
    case BinOpKind::BitXor:
      if (a.isBool() && b.isBool())
        return Value::boolean(a.asBool() != b.asBool());
      return Value::integer(x ^ y);
    case BinOpKind::LShift:
      if (y < 0)
        raise("ValueError", "negative shift count");
      // x << y fits int64 iff |x| < 2^(63 - y) (1 << 62 does; -1 << 63,
      // which also would, is refused with the rest of y >= 63).
      if (x != 0 && (y >= 63 || ((x < 0 ? 0 - uint64_t(x) : uint64_t(x)) >> (63 - y)) != 0))
        return bigBinary(op, a, b);
      return Value::integer(x << y);
    case BinOpKind::RShift:
      if (y < 0)
        raise("ValueError", "negative shift count");
      return Value::integer(y >= 63 ? (x < 0 ? -1 : 0) : x >> y);
    case BinOpKind::MatMul:
      unsupported("@", a, b);
    }
  }
  if (std::optional<Value> r = floatBinary(op, a.asFloat(), b.asFloat()))
    return *r;
  static const char *syms[] = {"+", "-", "*", "/", "//", "%", "**", "@",
                               "&", "|", "^", "<<", ">>"};
  unsupported(syms[int(op)], a, b);
}
} // namespace

namespace {
const char *const kBinaryDunders[] = {"add", "sub",    "mul", "truediv", "floordiv",
                                      "mod", "pow",    "matmul", "and",  "or",
                                      "xor", "lshift", "rshift"};
} // namespace

const char *inplaceDunder(BinOpKind op) {
  static std::string names[13];
  std::string &n = names[int(op)];
  if (n.empty())
    n = std::string("__i") + kBinaryDunders[int(op)] + "__";
  return n.c_str();
}

/// a OP b when either is an instance: a.__op__(b), then b.__rop__(a).
static bool instanceBinary(Evaluator &ev, BinOpKind op, const Value &a, const Value &b,
                           Value &out) {
  std::string name = kBinaryDunders[int(op)];
  if (callSpecial(ev, a, ("__" + name + "__").c_str(), {b}, out) &&
      !out.identical(notImplemented()))
    return true;
  if (callSpecial(ev, b, ("__r" + name + "__").c_str(), {a}, out) &&
      !out.identical(notImplemented()))
    return true;
  return false;
}

/// A copy of a Python number without the process-varying mark, so the
/// operators below compute as usual and mark the result once.
static Value unmarked(const Value &v) {
  if (v.isBool())
    return Value::boolean(v.asBool());
  if (v.isInt())
    return Value::integer(v.asInt());
  return Value::floating(v.asFloat());
}
static bool processVaryingNumbers(const Value &a, const Value &b) {
  return (a.processVarying() || b.processVarying()) && a.isNumber() && b.isNumber();
}

Value Evaluator::binary(BinOpKind op, const Value &a, const Value &b, Loc loc) {
  // Plain Python numbers first: what every loop counter and float formula is.
  if (a.isNumber() && b.isNumber() && !a.processVarying() && !b.processVarying())
    return numericBinary(op, a, b);
  // A number derived from jax.process_index() stays process-varying.
  if (processVaryingNumbers(a, b)) {
    Value r = binary(op, unmarked(a), unmarked(b), loc);
    return r.isNumber() ? r.markProcessVarying() : r;
  }
  if (classOfInstance(a) || classOfInstance(b)) {
    Value out;
    if (instanceBinary(*this, op, a, b, out))
      return out;
  }
  if ((a.isArrayValue() && b.isArrayLike()) ||
      (b.isArrayValue() && a.isArrayLike()))
    return jnp::binary(*this, op, a, b);
  if (a.isNumber() && b.isNumber())
    return numericBinary(op, a, b);
  if (a.isBigInt() || b.isBigInt()) {
    if ((a.isNumber() || a.isBigInt()) && (b.isNumber() || b.isBigInt()))
      return bigBinary(op, a, b);
    if (a.isArrayValue() || b.isArrayValue())
      raiseIntTooLargeForJax(a.isBigInt() ? a : b);
    if (op == BinOpKind::Mul && (a.isStr() || a.isSequence() || b.isStr() || b.isSequence())) {
      if (toBigInt(a.isBigInt() ? a : b).isNegative())
        return sequenceRepeat(a.isBigInt() ? b : a, 0);
      raise("OverflowError", "cannot fit 'int' into an index-sized integer");
    }
  }
  if (a.isAnySet() || b.isAnySet()) {
    Value out;
    if (setBinary(*this, op, a, b, out))
      return out;
  }
  if (a.isDict() && b.isDict()) {
    Value out;
    if (dictBinary(*this, op, a, b, out))
      return out;
  }
  if (op == BinOpKind::Add) {
    if (a.isStr() && b.isStr()) {
      requireStrBytes(int64_t(a.asStr().size() + b.asStr().size()));
      return Value::str(a.asStr() + b.asStr());
    }
    if ((a.isTuple() && b.isTuple()) || (a.isList() && b.isList())) {
      requireSequence(int64_t(a.elements().size() + b.elements().size()));
      std::vector<Value> out;
      out.reserve(a.elements().size() + b.elements().size());
      out.insert(out.end(), a.elements().begin(), a.elements().end());
      out.insert(out.end(), b.elements().begin(), b.elements().end());
      return a.isTuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
    }
  }
  if (op == BinOpKind::Mul) {
    if ((a.isStr() || a.isSequence()) && (b.isInt() || b.isBool()))
      return sequenceRepeat(a, std::max<int64_t>(0, b.asInt()));
    if ((b.isStr() || b.isSequence()) && (a.isInt() || a.isBool()))
      return sequenceRepeat(b, std::max<int64_t>(0, a.asInt()));
  }
  if (op == BinOpKind::Mod && a.isStr())
    return percentFormat(*this, a.asStr(), b);
  static const char *syms[] = {"+", "-", "*", "/", "//", "%", "**", "@",
                               "&", "|", "^", "<<", ">>"};
  unsupported(syms[int(op)], a, b);
}

Value Evaluator::unary(UnaryOpKind op, const Value &a, Loc loc) {
  if (a.processVarying() && a.isNumber()) {
    Value r = unary(op, unmarked(a), loc);
    return r.isNumber() ? r.markProcessVarying() : r;
  }
  if (op == UnaryOpKind::Not) {
    if (a.isArrayValue() && a.isTracer()) {
      // `not x` needs a Python bool: the same error as `if x:`.
      truthy(a);
    }
    return Value::boolean(!truthy(a));
  }
  if (a.isArrayValue())
    return jnp::unary(*this, op, a);
  if (classOfInstance(a)) {
    static const char *names[] = {"__neg__", "__pos__", "__not__", "__invert__"};
    Value out;
    if (callSpecial(*this, a, names[int(op)], {}, out))
      return out;
  }
  switch (op) {
  case UnaryOpKind::Neg:
    if (a.isFloat())
      return Value::floating(-a.asFloat());
    if ((a.isInt() && a.asInt() != INT64_MIN) || a.isBool())
      return Value::integer(-a.asInt());
    if (a.isInt() || a.isBigInt())
      return intValue(-toBigInt(a));
    break;
  case UnaryOpKind::Pos:
    if (a.isFloat() || a.isBigInt())
      return a;
    if (a.isInt() || a.isBool())
      return Value::integer(a.asInt());
    break;
  case UnaryOpKind::Invert:
    if (a.isInt() || a.isBool())
      return Value::integer(~a.asInt());
    if (a.isBigInt())
      return intValue(~bigOf(a));
    break;
  default:
    break;
  }
  static const char *syms[] = {"-", "+", "not ", "~"};
  raise("TypeError", std::string("bad operand type for unary ") + syms[int(op)] +
                         ": '" + typeName(a) + "'");
}

namespace {
bool pyEquals(Evaluator &ev, const Value &a, const Value &b);
bool sameObject(const Value &a, const Value &b);

/// Three-way comparison of Python values for ordering (<, <=, ...).
int order(Evaluator &ev, const Value &a, const Value &b, const char *sym) {
  checkStack("in comparison");
  if ((a.isBigInt() || b.isBigInt()) && (a.isNumber() || a.isBigInt()) &&
      (b.isNumber() || b.isBigInt())) {
    bool unordered;
    return compareBigNumbers(a, b, unordered);
  }
  if (a.isNumber() && b.isNumber()) {
    if (a.isFloat() != b.isFloat() && std::llabs((a.isFloat() ? b : a).asInt()) > (int64_t(1) << 53)) {
      bool unordered; // an int beyond 2^53 compares exactly, not rounded
      return compareBigNumbers(a, b, unordered);
    }
    if (a.isFloat() || b.isFloat()) {
      double x = a.asFloat(), y = b.asFloat();
      return x < y ? -1 : x > y ? 1 : 0; // NaN handled by caller
    }
    int64_t x = a.asInt(), y = b.asInt();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (a.isStr() && b.isStr())
    return a.asStr().compare(b.asStr()) < 0 ? -1 : a.asStr() == b.asStr() ? 0 : 1;
  if ((a.isTuple() && b.isTuple()) || (a.isList() && b.isList())) {
    auto &x = a.elements(), &y = b.elements();
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      // The first unequal pair decides (Python's ==, guarded like order()).
      if (sameObject(x[i], y[i]) || pyEquals(ev, x[i], y[i]))
        continue;
      return order(ev, x[i], y[i], sym);
    }
    return x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
  }
  raise("TypeError", std::string("'") + sym + "' not supported between instances of '" +
                         typeName(a) + "' and '" + typeName(b) + "'");
}

/// a == b for instances: a.__eq__(b), b.__eq__(a), then identity.
static bool instanceEquals(Evaluator &ev, const Value &a, const Value &b) {
  Value r;
  if (callSpecial(ev, a, "__eq__", {b}, r) && !r.identical(notImplemented()))
    return ev.truthy(r);
  if (callSpecial(ev, b, "__eq__", {a}, r) && !r.identical(notImplemented()))
    return ev.truthy(r);
  return a.identical(b);
}

bool sameObject(const Value &a, const Value &b) {
  return a.objectPtr() && a.objectPtr() == b.objectPtr();
}

bool pyEquals(Evaluator &ev, const Value &a, const Value &b) {
  checkStack("in comparison");
  if (auto r = numpyDTypeEquals(a, b)) // jnp.float32 == np.float32
    return *r;
  if (classOfInstance(a) || classOfInstance(b))
    return instanceEquals(ev, a, b);
  if (a.isBigInt() || b.isBigInt()) {
    if (!(a.isNumber() || a.isBigInt()) || !(b.isNumber() || b.isBigInt()))
      return false;
    bool unordered;
    return compareBigNumbers(a, b, unordered) == 0 && !unordered;
  }
  if (a.isAnySet() && b.isAnySet())
    return setsEqual(ev, a, b);
  if (a.isNumber() && b.isNumber()) {
    if (a.isFloat() != b.isFloat() && std::llabs((a.isFloat() ? b : a).asInt()) > (int64_t(1) << 53)) {
      bool unordered; // an int beyond 2^53 compares exactly, not rounded
      return compareBigNumbers(a, b, unordered) == 0 && !unordered;
    }
    if (a.isFloat() || b.isFloat())
      return a.asFloat() == b.asFloat();
    return a.asInt() == b.asInt();
  }
  if (a.isDType() && b.isDType())
    return a.asDType() == b.asDType();
  if (a.isDType() && b.isStr()) {
    auto d = parseDType(b.asStr());
    return d && *d == a.asDType();
  }
  if (b.isDType() && a.isStr())
    return pyEquals(ev, b, a);
  if (a.kind() == Value::Kind::Native && b.kind() == Value::Kind::Native) {
    bool eq;
    if (a.asNative()->equalsNative(*b.asNative(), eq))
      return eq;
  }
  if (a.kind() != b.kind())
    return false;
  switch (a.kind()) {
  case Value::Kind::Str:
    return a.asStr() == b.asStr();
  case Value::Kind::Tuple:
  case Value::Kind::List: {
    auto &x = a.elements(), &y = b.elements();
    if (x.size() != y.size())
      return false;
    // Elements compare as PyObject_RichCompareBool does: the same object
    // is equal to itself (x == x for a deep list is then no recursion).
    for (size_t i = 0; i < x.size(); ++i)
      if (!sameObject(x[i], y[i]) && !ev.truthy(ev.equals(x[i], y[i], {})))
        return false;
    return true;
  }
  case Value::Kind::Dict: {
    auto &x = a.asDict().items(), &y = b.asDict().items();
    if (x.size() != y.size())
      return false;
    for (auto &kv : x) {
      Value *o = b.asDict().find(kv.first);
      if (!o || (!sameObject(kv.second, *o) && !ev.truthy(ev.equals(kv.second, *o, {}))))
        return false;
    }
    return true;
  }
  case Value::Kind::Slice: {
    auto *x = a.as<SliceObj>(), *y = b.as<SliceObj>();
    return pyEquals(ev, x->lower, y->lower) && pyEquals(ev, x->upper, y->upper) &&
           pyEquals(ev, x->step, y->step);
  }
  case Value::Kind::Range: {
    auto *r = a.as<RangeObj>(), *s = b.as<RangeObj>();
    return r->length() == s->length() &&
           (r->length() == 0 || (r->start == s->start &&
                                 (r->length() == 1 || r->step == s->step)));
  }
  default:
    return a.identical(b);
  }
}
} // namespace

Value Evaluator::equals(const Value &a, const Value &b, Loc loc) {
  if (processVaryingNumbers(a, b))
    return equals(unmarked(a), unmarked(b), loc).markProcessVarying();
  if ((a.isArrayValue() && b.isArrayLike()) ||
      (b.isArrayValue() && a.isArrayLike()))
    return jnp::compare(*this, CmpOpKind::Eq, a, b);
  return Value::boolean(pyEquals(*this, a, b));
}

Value Evaluator::compare(CmpOpKind op, const Value &a, const Value &b, Loc loc) {
  switch (op) {
  case CmpOpKind::Is:
    return Value::boolean(a.identical(b) ||
                          (a.isDType() && b.isDType() &&
                           a.asDType() == b.asDType()));
  case CmpOpKind::IsNot:
    return Value::boolean(!a.identical(b));
  case CmpOpKind::In:
    return Value::boolean(contains(b, a, loc));
  case CmpOpKind::NotIn:
    return Value::boolean(!contains(b, a, loc));
  default:
    break;
  }
  // Two ints or two floats (not jax.process_index()-derived): compared at once.
  if (bool r; fastCompare(op, a, b, r))
    return Value::boolean(r);
  if (processVaryingNumbers(a, b))
    return compare(op, unmarked(a), unmarked(b), loc).markProcessVarying();
  if (classOfInstance(a) || classOfInstance(b)) {
    // Rich comparisons with their reflections (a < b tries b > a).
    static const std::map<CmpOpKind, std::pair<const char *, const char *>> names = {
        {CmpOpKind::Eq, {"__eq__", "__eq__"}}, {CmpOpKind::NotEq, {"__ne__", "__ne__"}},
        {CmpOpKind::Lt, {"__lt__", "__gt__"}}, {CmpOpKind::LtE, {"__le__", "__ge__"}},
        {CmpOpKind::Gt, {"__gt__", "__lt__"}}, {CmpOpKind::GtE, {"__ge__", "__le__"}}};
    auto [fwd, rev] = names.at(op);
    Value r;
    if (callSpecial(*this, a, fwd, {b}, r) && !r.identical(notImplemented()))
      return r;
    if (callSpecial(*this, b, rev, {a}, r) && !r.identical(notImplemented()))
      return r;
    if (op == CmpOpKind::Eq || op == CmpOpKind::NotEq) {
      bool eq = instanceEquals(*this, a, b);
      return Value::boolean(op == CmpOpKind::Eq ? eq : !eq);
    }
    raise("TypeError", std::string("'") + cmpOpSymbol(op) + "' not supported between instances of '" +
                           typeName(a) + "' and '" + typeName(b) + "'");
  }
  if ((a.isArrayValue() && b.isArrayLike()) ||
      (b.isArrayValue() && a.isArrayLike()))
    return jnp::compare(*this, op, a, b);
  if (op == CmpOpKind::Eq)
    return Value::boolean(pyEquals(*this, a, b));
  if (op == CmpOpKind::NotEq)
    return Value::boolean(!pyEquals(*this, a, b));
  if (Value r; setCompare(*this, op, a, b, r))
    return r;
  if ((a.isFloat() && std::isnan(a.asFloat())) ||
      (b.isFloat() && std::isnan(b.asFloat())))
    return Value::boolean(false);
  int c = order(*this, a, b, cmpOpSymbol(op));
  switch (op) {
  case CmpOpKind::Lt: return Value::boolean(c < 0);
  case CmpOpKind::LtE: return Value::boolean(c <= 0);
  case CmpOpKind::Gt: return Value::boolean(c > 0);
  case CmpOpKind::GtE: return Value::boolean(c >= 0);
  default: return Value::boolean(false);
  }
}

bool Evaluator::contains(const Value &container, const Value &item, Loc loc) {
  if (Value r; container.kind() == Value::Kind::Native &&
                callSpecial(*this, container, "__contains__", {item}, r))
    return truthy(r);
  if (container.isStr()) {
    if (!item.isStr())
      raise("TypeError", "'in <string>' requires string as left operand, not " +
                             typeName(item));
    return container.asStr().find(item.asStr()) != std::string::npos;
  }
  if (container.isDict()) {
    if (!item.isStr() && !item.isNumber() && !item.isNone())
      pyHash(*this, item); // `[1] in d` raises TypeError, as in Python
    return container.asDict().find(item) != nullptr;
  }
  if (container.isAnySet())
    return asSet(container).contains(*this, item);
  if (container.is(Value::Kind::Range) && (item.isInt() || item.isBool())) {
    auto *r = container.as<RangeObj>();
    int64_t v = item.asInt();
    if (r->step > 0 ? (v < r->start || v >= r->stop) : (v > r->start || v <= r->stop))
      return false;
    return (v - r->start) % r->step == 0;
  }
  if (container.isArrayValue())
    return truthy(jnp::reduceAny(*this, equals(container, item, loc)));
  // Item by item: `x in gen` stops at the first match, as in Python.
  ItemCursor items(*this, container, loc);
  for (Value v; items.next(v);)
    if (truthy(equals(v, item, loc)))
      return true;
  return false;
}

bool Evaluator::truthy(const Value &v) {
  switch (v.kind()) {
  case Value::Kind::None: return false;
  case Value::Kind::Bool: return v.asBool();
  case Value::Kind::Int: return v.asInt() != 0;
  case Value::Kind::Float: return v.asFloat() != 0;
  case Value::Kind::Str: return !v.asStr().empty();
  case Value::Kind::Tuple:
  case Value::Kind::List: return !v.elements().empty();
  case Value::Kind::Dict: return !v.asDict().items().empty();
  case Value::Kind::Set:
  case Value::Kind::FrozenSet: return asSet(v).size() != 0;
  case Value::Kind::BigInt: return true; // never zero
  case Value::Kind::Range: return v.as<RangeObj>()->length() != 0;
  case Value::Kind::Native:
    if (classOfInstance(v)) {
      Value r;
      if (callSpecial(*this, v, "__bool__", {}, r))
        return truthy(r);
      if (callSpecial(*this, v, "__len__", {}, r))
        return truthy(r);
    }
    return true;
  case Value::Kind::Array: {
    const Array &a = v.asArray();
    if (a.size() > 1)
      raise("ValueError", "The truth value of an array with more than one "
                          "element is ambiguous. Use a.any() or a.all()");
    if (a.size() == 0)
      raise("ValueError", "The truth value of an empty array is ambiguous. "
                          "Use `array.size > 0` to check that an array is not empty.");
    return a.getDouble(0) != 0;
  }
  case Value::Kind::Tracer: {
    const TensorType &t = v.asTracer().type();
    if (t.numElements() > 1)
      raise("ValueError", "The truth value of an array with more than one "
                          "element is ambiguous. Use a.any() or a.all()");
    std::string hint =
        "a Python `if` on a traced value cannot be traced; branch with "
        "lax.cond(pred, true_fun, false_fun, operand), select values with "
        "jnp.where(pred, x, y), or mark the argument static (static_argnums)";
    if (const ir::Operation *ai = axisIndexSource(v.asTracer().value)) {
      // The pmap debugging guide's example: `if lax.axis_index(...) == 0:`.
      std::string axis = ai->attrs().getString("axis_name");
      hint = "the condition depends on lax.axis_index('" + axis +
             "'), which differs between devices, so Python cannot pick one "
             "branch at trace time. Branch on every device at run time "
             "instead:\n    lax.cond(lax.axis_index('" + axis +
             "') == 0, lambda v: jax.debug.print(\"{}\", v), lambda v: None, x)"
             "\nand keep collectives such as lax.psum outside the branch";
    }
    concretizationError(
        *this, "TracerBoolConversionError",
        "Attempted boolean conversion of traced array with shape " + t.str() +
            ".",
        v, hint);
  }
  default:
    return true;
  }
}

std::vector<Value> Evaluator::iterate(const Value &v, Loc loc) {
  return drainIterable(*this, v, loc);
}

int64_t Evaluator::toIndex(const Value &v, const std::string &what) {
  if (v.isInt() || v.isBool())
    return v.asInt();
  if (v.isBigInt())
    raise("IndexError", "cannot fit 'int' into an index-sized integer");
  if (Value r; classOfInstance(v) && callSpecial(*this, v, "__index__", {}, r) && r.isInt())
    return r.asInt();
  if (v.isArray()) {
    const Array &a = v.asArray();
    if (a.rank() == 0 && (isInteger(a.dtype()) || a.dtype() == DType::Bool))
      return a.getInt(0);
    raise("TypeError", "Only integer scalar arrays can be converted to a "
                       "scalar index.");
  }
  if (v.isTracer()) {
    const TensorType &t = v.asTracer().type();
    if (t.rank() != 0 || !(isInteger(t.dtype) || t.dtype == DType::Bool))
      raise("TypeError", "Only integer scalar arrays can be converted to a "
                         "scalar index.");
    concretizationError(
        *this, "TracerIntegerConversionError",
        "The __index__() method was called on traced array with shape " +
            t.str() + ".",
        v,
        "a traced value cannot be used as a Python int (" + what +
            "); use lax.fori_loop for loop bounds, lax.dynamic_slice or "
            "x[i] on arrays, or mark the argument static (static_argnums)");
  }
  raise("TypeError", what + " must be integers or slices, not " + typeName(v));
}

} // namespace parax::frontend
