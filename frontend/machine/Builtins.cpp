//===- Builtins.cpp - Python built-in functions, str and repr -------------===//
//
// The builtins of LANGUAGE.md §2 (print, len, range, enumerate, zip, min,
// max, sum, abs, round, sorted, int, float, bool, str, tuple, list, dict,
// isinstance, ...) and the str()/repr() of every value kind, which decide
// what `print` shows: arrays print as numpy does, Python containers print
// their elements' reprs.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Classes.h"
#include "frontend/machine/Iterators.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/DictMethods.h"
#include "frontend/machine/Hashing.h"
#include "frontend/machine/ObjectBuiltins.h"
#include "frontend/machine/Sets.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/format/FormatSpec.h"
#include "frontend/format/NumpyFormat.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/SysModule.h"
#include "frontend/lib/sharding/Sharding.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace parax::frontend {

//===----------------------------------------------------------------------===//
// str / repr
//===----------------------------------------------------------------------===//
std::string pyStrRepr(const std::string &s) {
  bool hasSingle = s.find('\'') != std::string::npos;
  bool hasDouble = s.find('"') != std::string::npos;
  char q = (hasSingle && !hasDouble) ? '"' : '\'';
  std::string out(1, q);
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x80) {
      // A non-printable code point (C1 controls, non-space separators,
      // format characters) is escaped, as str.isprintable decides.
      size_t n = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
      char32_t cp = n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : n == 4 ? (c & 0x07) : c;
      for (size_t k = 1; k < n && i + k < s.size(); ++k)
        cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3F);
      bool hidden = (cp >= 0x80 && cp <= 0xA0) || cp == 0xAD || cp == 0x1680 ||
                    cp == 0x180E || (cp >= 0x2000 && cp <= 0x200F) ||
                    (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F) ||
                    cp == 0x3000 || cp == 0xFEFF || (cp >= 0xD800 && cp <= 0xDFFF) ||
                    (cp >= 0xE000 && cp <= 0xF8FF) || cp == 0xFFF9 || cp == 0xFFFA ||
                    cp == 0xFFFB;
      if (hidden && n > 1) {
        char buf[12];
        std::snprintf(buf, sizeof buf, cp < 0x100 ? "\\x%02x" : "\\u%04x", unsigned(cp));
        out += buf;
      } else {
        out.append(s, i, n);
      }
      i += n - 1;
      continue;
    }
    switch (c) {
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    default:
      if (c == (unsigned char)q) {
        out += '\\';
        out += char(c);
      } else if (c < 0x20 || c == 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        out += buf;
      } else {
        out += char(c);
      }
    }
  }
  return out + q;
}

std::string Evaluator::repr(const Value &v) {
  checkStack("while getting the repr of an object");
  switch (v.kind()) {
  case Value::Kind::Str:
    return pyStrRepr(v.asStr());
  case Value::Kind::Tuple: {
    auto &el = v.elements();
    std::string s = "(";
    for (size_t i = 0; i < el.size(); ++i)
      s += (i ? ", " : "") + repr(el[i]);
    return s + (el.size() == 1 ? ",)" : ")");
  }
  case Value::Kind::List: {
    std::string s = "[";
    auto &el = v.elements();
    for (size_t i = 0; i < el.size(); ++i)
      s += (i ? ", " : "") + repr(el[i]);
    return s + "]";
  }
  case Value::Kind::Dict: {
    std::string s = "{";
    bool first = true;
    for (auto &kv : v.asDict().items()) {
      s += (first ? "" : ", ") + repr(kv.first) + ": " + repr(kv.second);
      first = false;
    }
    return s + "}";
  }
  case Value::Kind::Array:
    return arrayToRepr(v.asArray());
  case Value::Kind::DType:
    if (v.dtypeIsClass())
      return "<class 'jax.numpy." + std::string(dtypeName(v.asDType())) + "'>";
    return "dtype('" + std::string(dtypeName(v.asDType())) + "')";
  case Value::Kind::Set:
  case Value::Kind::FrozenSet:
    return setRepr(*this, v);
  case Value::Kind::Slice: {
    auto *s = v.as<SliceObj>();
    return "slice(" + repr(s->lower) + ", " + repr(s->upper) + ", " +
           repr(s->step) + ")";
  }
  case Value::Kind::Native: {
    Value r;
    if (callSpecial(*this, v, "__repr__", {}, r)) {
      if (!r.isStr())
        raise("TypeError", "__repr__ returned non-string (type " + typeName(r) + ")");
      return r.asStr();
    }
    return v.asNative()->repr();
  }
  default:
    return str(v);
  }
}

std::string Evaluator::str(const Value &v) {
  checkStack("while getting the str of an object");
  switch (v.kind()) {
  case Value::Kind::None: return "None";
  case Value::Kind::Bool: return v.asBool() ? "True" : "False";
  case Value::Kind::Int: return std::to_string(v.asInt());
  case Value::Kind::BigInt: return intToString(v);
  case Value::Kind::Float: return pythonFloatRepr(v.asFloat());
  case Value::Kind::DType:
    if (v.dtypeIsClass())
      return repr(v);
    return std::string(dtypeName(v.asDType()));
  case Value::Kind::Ellipsis: return "Ellipsis";
  case Value::Kind::Str: return v.asStr();
  case Value::Kind::Array: return arrayToStr(v.asArray());
  case Value::Kind::Tracer:
    if (abstractOrigin(v)) // parax check: printing it would invent its data
      stopCheck(*this, v);
    return "JitTracer(" + v.asTracer().type().str(true) + ")";
  case Value::Kind::Function: {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", (void *)v.objectPtr().get());
    return "<function " + v.asFunction().name + " at " + buf + ">";
  }
  case Value::Kind::Native: {
    Value r;
    if (callSpecial(*this, v, "__str__", {}, r)) {
      if (!r.isStr())
        raise("TypeError", "__str__ returned non-string (type " + typeName(r) + ")");
      return r.asStr();
    }
    if (classOfInstance(v))
      return repr(v);
    return v.asNative()->str();
  }
  case Value::Kind::Range: {
    auto *r = v.as<RangeObj>();
    return "range(" + std::to_string(r->start) + ", " + std::to_string(r->stop) +
           (r->step != 1 ? ", " + std::to_string(r->step) : "") + ")";
  }
  default:
    return repr(v);
  }
}

std::string formatValue(Evaluator &ev, const Value &v, const std::string &spec,
                        char conversion) {
  if (abstractOrigin(v)) // parax check: formatting it would invent its data
    stopCheck(ev, v);
  if (conversion == 'r' || conversion == 'a')
    return applyFormatSpec({ev.repr(v)}, spec);
  if (conversion == 's')
    return applyFormatSpec({ev.str(v)}, spec);
  switch (v.kind()) {
  case Value::Kind::Bool: return applyFormatSpec({v.asBool()}, spec);
  case Value::Kind::Int: return applyFormatSpec({v.asInt()}, spec);
  case Value::Kind::BigInt:
    if (spec.empty())
      return intToString(v);
    return formatBigInt(bigOf(v), spec);
  case Value::Kind::Float: return applyFormatSpec({v.asFloat()}, spec);
  case Value::Kind::Str: return applyFormatSpec({v.asStr()}, spec);
  case Value::Kind::Array: {
    // A 0-d array formats its scalar widened to a Python number (JAX:
    // f"{jnp.float32(0.1)}" is '0.10000000149011612'); n-d arrays format
    // as str() and take no spec.
    const Array &a = v.asArray();
    if (a.rank() != 0) {
      if (!spec.empty())
        raise("TypeError", "unsupported format string passed to "
                           "numpy.ndarray.__format__");
      return arrayToStr(a);
    }
    if (a.dtype() == DType::Bool)
      return applyFormatSpec({a.getDouble(0) != 0}, spec);
    if (isFloat(a.dtype()))
      return applyFormatSpec({a.getDouble(0)}, spec);
    return applyFormatSpec({a.getInt(0)}, spec);
  }
  default:
    if (Value r; classOfInstance(v) && callSpecial(ev, v, "__format__", {Value::str(spec)}, r) &&
                 r.isStr())
      return r.asStr();
    if (!spec.empty())
      raise("TypeError", "unsupported format string passed to " + typeName(v) +
                             ".__format__");
    return ev.str(v);
  }
}

//===----------------------------------------------------------------------===//
// Type objects (int, float, ... as values usable in isinstance)
//===----------------------------------------------------------------------===//
TypeObject::TypeObject(std::string name, Predicate isInstance,
                       BuiltinFunction::Impl ctor)
    : name_(std::move(name)), isInstance_(std::move(isInstance)),
      ctor_(std::move(ctor)) {}

std::string TypeObject::repr() const { return "<class '" + name_ + "'>"; }

Value TypeObject::call(Evaluator &ev, CallArgs &args) {
  if (!ctor_)
    raise("TypeError", "cannot create '" + name_ + "' instances");
  return ctor_(ev, args);
}

bool TypeObject::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  if (name == "__name__") {
    out = Value::str(name_.substr(name_.rfind('.') + 1));
    return true;
  }
  // dict.__init__, dict.__getitem__, int.__new__ ...: the dunders a
  // subclass's methods call explicitly (machine/BuiltinSubclass.h).
  if (builtinTypeMember(ev, name_, name, out))
    return true;
  if (name_ == "dict" && name == "fromkeys") { // a classmethod
    out = makeBuiltin("dict.fromkeys", dictFromKeys);
    return true;
  }
  if (name_ == "int" && name == "from_bytes") { // a classmethod
    out = makeBuiltin("int.from_bytes", intFromBytes);
    return true;
  }
  // str.upper, list.append, dict.get ...: the method of the first argument,
  // as an unbound method of a built-in type is. Only names starting with a
  // letter: dunders of built-in types are not methods here.
  static const std::map<std::string, std::vector<const char *>> methods = {
      {"str", {"upper", "lower", "strip", "lstrip", "rstrip", "split", "join", "replace",
               "startswith", "endswith", "find", "format", "title", "capitalize", "count",
               "isdigit", "isalpha", "splitlines", "zfill", "center", "ljust", "rjust",
               "rsplit", "rfind", "index", "rindex", "partition", "rpartition", "expandtabs",
               "casefold", "swapcase", "removeprefix", "removesuffix", "isupper", "islower",
               "istitle", "isalnum", "isnumeric", "isdecimal", "isascii", "isspace",
               "isidentifier", "isprintable", "maketrans", "translate", "format_map"}},
      {"list", {"append", "extend", "pop", "insert", "index", "count", "copy", "sort",
                "reverse", "remove", "clear"}},
      {"dict", {"get", "keys", "values", "items", "pop", "update", "copy", "setdefault",
                "popitem", "clear"}},
      {"tuple", {"index", "count"}}};
  auto it = methods.find(name_);
  if (it == methods.end() ||
      std::find(it->second.begin(), it->second.end(), name) == it->second.end())
    return false;
  std::string type = name_;
  out = makeBuiltin(type + "." + name, [type, name](Evaluator &ev, CallArgs &a) {
    if (a.args.empty() || frontend::typeName(unwrapBuiltin(a.args[0])) != type)
      raise("TypeError", "descriptor '" + name + "' for '" + type + "' objects needs a '" +
                             type + "' argument");
    CallArgs rest = a;
    rest.args.erase(rest.args.begin());
    return ev.call(ev.getAttr(unwrapBuiltin(a.args[0]), name, a.loc), rest);
  });
  return true;
}

Value makeType(std::string name, TypeObject::Predicate pred,
               BuiltinFunction::Impl ctor) {
  return Value::object(Value::Kind::Native,
                       std::make_shared<TypeObject>(std::move(name),
                                                    std::move(pred),
                                                    std::move(ctor)));
}

//===----------------------------------------------------------------------===//
// Sorting and min/max
//===----------------------------------------------------------------------===//
void sortValues(Evaluator &ev, std::vector<Value> &items, const Value &key,
                bool reverse) {
  std::vector<Value> keys;
  for (auto &v : items)
    keys.push_back(key.isNone() ? v : ev.call(key, {v}));
  std::vector<size_t> idx(items.size());
  for (size_t i = 0; i < idx.size(); ++i)
    idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
    const Value &x = reverse ? keys[b] : keys[a];
    const Value &y = reverse ? keys[a] : keys[b];
    return ev.truthy(ev.compare(CmpOpKind::Lt, x, y, {}));
  });
  std::vector<Value> out;
  for (size_t i : idx)
    out.push_back(items[i]);
  items = std::move(out);
}

namespace {
Value minMax(Evaluator &ev, CallArgs &a, bool isMax) {
  const char *name = isMax ? "max" : "min";
  std::vector<Value> items;
  if (a.args.size() == 1)
    items = ev.iterate(a.args[0], a.loc);
  else
    items = a.args;
  const Value *key = nullptr, *dflt = nullptr;
  for (auto &kw : a.kwargs) {
    if (kw.first == "key")
      key = &kw.second;
    else if (kw.first == "default")
      dflt = &kw.second;
    else
      raise("TypeError", std::string(name) + "() got an unexpected keyword argument '" +
                             kw.first + "'");
  }
  if (items.empty()) {
    if (dflt)
      return *dflt;
    raise("ValueError", std::string(name) + "() iterable argument is empty");
  }
  Value best = items[0];
  Value bestKey = key && !key->isNone() ? ev.call(*key, {best}) : best;
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = key && !key->isNone() ? ev.call(*key, {items[i]}) : items[i];
    bool better;
    try {
      better = ev.truthy(ev.compare(isMax ? CmpOpKind::Gt : CmpOpKind::Lt, k,
                                    bestKey, a.loc));
    } catch (ParaxError &e) {
      if (e.diag().kind == "TracerBoolConversionError")
        e.diag().hint = std::string("Python's ") + name +
                        "() compares with `if`; on arrays use jnp." +
                        (isMax ? "maximum(a, b)" : "minimum(a, b)") +
                        " or jnp." + name + "(x)";
      throw;
    }
    if (better) {
      best = items[i];
      bestKey = k;
    }
  }
  return best;
}

double roundHalfEven(double x) {
  double r = std::nearbyint(x); // default rounding mode is to-nearest-even
  return r;
}
} // namespace

//===----------------------------------------------------------------------===//
// Installation
//===----------------------------------------------------------------------===//
namespace {
} // namespace

void installBuiltins(Evaluator &ev, NameMap<Value> &b) {
  auto def = [&](const std::string &name, BuiltinFunction::Impl impl) {
    b[name] = makeBuiltin(name, std::move(impl));
  };
  installClassBuiltins(ev, b);
  installBytesBuiltins(ev, b);
  installIteratorBuiltins(ev, b);
  installSetBuiltins(ev, b);
  installNumberBuiltins(ev, b);
  installObjectBuiltins(ev, b);

  def("print", [](Evaluator &ev, CallArgs &a) {
    // An eager shard_map body prints per-device values after it ran.
    if (sharding::capturePrint(a))
      return Value::none();
    std::string sep = " ", end = "\n";
    Value file;
    for (auto &kw : a.kwargs) {
      if (kw.first == "sep" && !kw.second.isNone())
        sep = ev.str(kw.second);
      else if (kw.first == "end" && !kw.second.isNone())
        end = ev.str(kw.second);
      else if (kw.first == "file")
        file = kw.second;
      else if (kw.first != "flush" && kw.first != "sep" && kw.first != "end")
        raise("TypeError", "'" + kw.first + "' is an invalid keyword argument for print()");
    }
    // Written piece by piece (args, seps, end) as CPython writes them.
    std::vector<std::string> pieces;
    for (size_t i = 0; i < a.args.size(); ++i) {
      if (i)
        pieces.push_back(sep);
      pieces.push_back(ev.str(a.args[i]));
    }
    pieces.push_back(end);
    printTo(ev, file, pieces); // sys.stdout, or file= (frontend/lib/SysModule.h)
    return Value::none();
  });
  // open() is io.open (frontend/lib/python/io.py): files under --allow-read
  // and --allow-write only (frontend/lib/SandboxedFiles.h).
  def("open", [](Evaluator &ev, CallArgs &a) {
    return ev.call(ev.getAttr(ev.importModule("io", a.loc), "open", a.loc), a);
  });
  def("repr", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "repr() takes exactly one argument");
    return Value::str(ev.repr(a.args[0]));
  });
  def("format", [](Evaluator &ev, CallArgs &a) {
    if (a.args.empty() || a.args.size() > 2)
      raise("TypeError", "format() takes 1 or 2 arguments");
    std::string spec = a.args.size() > 1 ? ev.str(a.args[1]) : "";
    return Value::str(formatValue(ev, a.args[0], spec, 0));
  });
  def("len", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "len() takes exactly one argument (" +
                             std::to_string(a.args.size()) + " given)");
    const Value &v = a.args[0];
    if (Value r; callSpecial(ev, v, "__len__", {}, r)) {
      if (!r.isInt() || r.asInt() < 0)
        raise(r.isInt() ? "ValueError" : "TypeError",
              r.isInt() ? "__len__() should return >= 0"
                        : "'" + typeName(r) + "' object cannot be interpreted as an integer");
      return r;
    }
    switch (v.kind()) {
    case Value::Kind::Str: { // code points: every byte but continuation bytes
      const std::string &s = v.asStr();
      return Value::integer(std::count_if(s.begin(), s.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xc0) != 0x80;
      }));
    }
    case Value::Kind::Tuple:
    case Value::Kind::List: return Value::integer(int64_t(v.elements().size()));
    case Value::Kind::Dict: return Value::integer(int64_t(v.asDict().items().size()));
    case Value::Kind::Set:
    case Value::Kind::FrozenSet: return Value::integer(int64_t(asSet(v).size()));
    case Value::Kind::Range: return Value::integer(v.as<RangeObj>()->length());
    case Value::Kind::Array:
    case Value::Kind::Tracer: {
      TensorType t = abstractType(v);
      if (t.rank() == 0)
        raise("TypeError", "len() of unsized object");
      return Value::integer(t.shape[0]);
    }
    default:
      raise("TypeError", "object of type '" + typeName(v) + "' has no len()");
    }
  });
  def("range", [](Evaluator &ev, CallArgs &a) {
    if (a.args.empty() || a.args.size() > 3)
      raise("TypeError", "range expected at most 3 arguments, got " +
                             std::to_string(a.args.size()));
    for (auto &v : a.args)
      if (v.isFloat())
        raise("TypeError", "'float' object cannot be interpreted as an integer");
    auto r = std::make_shared<RangeObj>();
    std::vector<int64_t> n;
    for (auto &v : a.args)
      n.push_back(ev.toIndex(v, "range() arguments"));
    r->start = n.size() > 1 ? n[0] : 0;
    r->stop = n.size() > 1 ? n[1] : n[0];
    r->step = n.size() > 2 ? n[2] : 1;
    if (r->step == 0)
      raise("ValueError", "range() arg 3 must not be zero");
    return Value::object(Value::Kind::Range, r);
  });
  // enumerate, zip, map, filter, reversed: lazy iterators (Iterators.cpp).
  def("min", [](Evaluator &ev, CallArgs &a) { return minMax(ev, a, false); });
  def("max", [](Evaluator &ev, CallArgs &a) { return minMax(ev, a, true); });
  def("sum", [](Evaluator &ev, CallArgs &a) {
    if (a.args.empty())
      raise("TypeError", "sum() takes at least 1 positional argument (0 given)");
    Value acc = Value::integer(0);
    if (const Value *s = a.get(1, "start"))
      acc = *s;
    ItemCursor items(ev, a.args[0], a.loc);
    for (Value v; items.next(v);)
      acc = ev.binary(BinOpKind::Add, acc, v, a.loc);
    return acc;
  });
  def("any", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "any() takes exactly one argument");
    ItemCursor items(ev, a.args[0], a.loc);
    for (Value v; items.next(v);)
      if (ev.truthy(v))
        return Value::boolean(true);
    return Value::boolean(false);
  });
  def("all", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "all() takes exactly one argument");
    ItemCursor items(ev, a.args[0], a.loc);
    for (Value v; items.next(v);)
      if (!ev.truthy(v))
        return Value::boolean(false);
    return Value::boolean(true);
  });
  def("abs", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "abs() takes exactly one argument");
    const Value &v = a.args[0];
    if (Value r; callSpecial(ev, v, "__abs__", {}, r))
      return r;
    if (v.isArrayValue())
      return jnp::callByName(ev, "abs", {v});
    if (v.isFloat())
      return Value::floating(std::fabs(v.asFloat()));
    if (v.isInt() && v.asInt() >= 0)
      return v;
    if (v.isInt() || v.isBool() || v.isBigInt()) {
      BigInt b = toBigInt(v);
      return intValue(b.isNegative() ? -b : b);
    }
    raise("TypeError", "bad operand type for abs(): '" + typeName(v) + "'");
  });
  def("round", [](Evaluator &ev, CallArgs &a) {
    if (a.args.empty() || a.args.size() > 2)
      raise("TypeError", "round() takes 1 or 2 arguments");
    const Value &v = a.args[0];
    const Value *nd = a.get(1, "ndigits");
    if (v.isArrayValue()) {
      std::vector<Value> args{v};
      if (nd && !nd->isNone())
        args.push_back(*nd);
      return jnp::callByName(ev, "round", args);
    }
    if (classOfInstance(v)) {
      Value r;
      bool has = nd && !nd->isNone() ? callSpecial(ev, v, "__round__", {*nd}, r)
                                     : callSpecial(ev, v, "__round__", {}, r);
      if (has)
        return r;
    }
    if (v.isInt() || v.isBool() || v.isBigInt()) {
      if (!nd || nd->isNone())
        return intValue(toBigInt(v));
      int64_t n = ev.toIndex(*nd, "ndigits");
      if (n >= 0)
        return intValue(toBigInt(v));
      return roundIntToTens(v, -n);
    }
    if (!v.isFloat())
      raise("TypeError", "type " + typeName(v) + " doesn't define __round__ method");
    double x = v.asFloat();
    if (!nd || nd->isNone()) {
      if (!std::isfinite(x))
        raise(std::isnan(x) ? "ValueError" : "OverflowError",
              std::isnan(x) ? "cannot convert float NaN to integer"
                            : "cannot convert float infinity to integer");
      return intFromDouble(roundHalfEven(x));
    }
    int64_t n = ev.toIndex(*nd, "ndigits");
    // Python rounds the exact decimal value; printing with %.*f does that.
    if (n >= 0 && n < 300) {
      char buf[512];
      std::snprintf(buf, sizeof buf, "%.*f", int(n), x);
      return Value::floating(std::strtod(buf, nullptr));
    }
    double p = std::pow(10.0, double(-n));
    return Value::floating(roundHalfEven(x / p) * p);
  });
  def("divmod", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 2)
      raise("TypeError", "divmod expected 2 arguments");
    return Value::tuple({ev.binary(BinOpKind::FloorDiv, a.args[0], a.args[1], a.loc),
                         ev.binary(BinOpKind::Mod, a.args[0], a.args[1], a.loc)});
  });
  def("sorted", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "sorted expected 1 argument, got " + std::to_string(a.args.size()));
    auto items = ev.iterate(a.args[0], a.loc);
    const Value *key = nullptr, *rev = nullptr;
    for (auto &kw : a.kwargs) {
      if (kw.first == "key")
        key = &kw.second;
      else if (kw.first == "reverse")
        rev = &kw.second;
      else
        raise("TypeError", "sort() got an unexpected keyword argument '" + kw.first + "'");
    }
    sortValues(ev, items, key ? *key : Value::none(), rev && ev.truthy(*rev));
    return Value::list(std::move(items));
  });
  def("hasattr", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 2 || !a.args[1].isStr())
      raise("TypeError", "hasattr expected an object and an attribute name");
    try {
      ev.getAttr(a.args[0], a.args[1].asStr(), a.loc);
      return Value::boolean(true);
    } catch (ParaxError &e) {
      if (e.diag().kind != "AttributeError")
        throw;
      return Value::boolean(false);
    }
  });
  def("getattr", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() < 2 || a.args.size() > 3 || !a.args[1].isStr())
      raise("TypeError", "getattr expected an object, a name and a default");
    try {
      return ev.getAttr(a.args[0], a.args[1].asStr(), a.loc);
    } catch (ParaxError &e) {
      if (e.diag().kind != "AttributeError" || a.args.size() < 3)
        throw;
      return a.args[2];
    }
  });
  def("hash", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "hash");
    return Value::integer(pyHash(ev, a.args[0]));
  });
  def("setattr", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "setattr");
    if (!a.args[1].isStr())
      raise("TypeError", "attribute name must be string, not '" + typeName(a.args[1]) + "'");
    ev.setAttribute(a.args[0], a.args[1].asStr(), a.args[2]);
    return Value();
  });
  def("callable", [](Evaluator &, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "callable() takes exactly one argument");
    return Value::boolean(a.args[0].isCallableKind());
  });
  def("isinstance", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 2)
      raise("TypeError", "isinstance expected 2 arguments, got " +
                             std::to_string(a.args.size()));
    std::vector<Value> types = a.args[1].isTuple() ? a.args[1].elements()
                                                   : std::vector<Value>{a.args[1]};
    for (const Value &t : types) {
      if (ClassObj *c = asClass(t)) {
        // type(C).__instancecheck__ (abc's registered virtual subclasses).
        if (c->metaclass && c->metaclass->lookup("__instancecheck__")) {
          Value r;
          callSpecial(ev, t, "__instancecheck__", {a.args[0]}, r);
          if (ev.truthy(r))
            return Value::boolean(true);
          continue;
        }
        ClassObj *vc = classOfInstance(a.args[0]);
        if ((vc && vc->isSubclassOf(c)) || (c->name() == "object" && c->bases().empty()))
          return Value::boolean(true);
        continue;
      }
      auto *to = t.kind() == Value::Kind::Native ? t.as<TypeObject>() : nullptr;
      if (!to)
        raise("TypeError", "isinstance() arg 2 must be a type, a tuple of types, or a union");
      if (to->isInstance(a.args[0]) || to->isInstance(unwrapBuiltin(a.args[0])))
        return Value::boolean(true);
      // A namedtuple is a tuple.
      if (ClassObj *vc = classOfInstance(a.args[0]);
          vc && !vc->tupleFields.empty() && to->repr() == "<class 'tuple'>")
        return Value::boolean(true);
    }
    return Value::boolean(false);
  });

  // Types: callable constructors that also work with isinstance.
  b["int"] = makeType(
      "int", [](const Value &v) { return v.isInt() || v.isBool() || v.isBigInt(); },
      [](Evaluator &ev, CallArgs &a) -> Value {
        if (a.args.empty())
          return Value::integer(0);
        const Value &v = a.args[0];
        const Value *baseArg = a.get(1, "base");
        if (baseArg || v.isStr()) {
          if (!v.isStr())
            raise("TypeError", "int() can't convert non-string with explicit base");
          int64_t base = baseArg ? ev.toIndex(*baseArg, "base") : 10;
          return parseIntText(v.asStr(), base);
        }
        if (v.isInt() || v.isBool())
          return Value::integer(v.asInt());
        if (v.isBigInt())
          return v;
        if (v.isFloat())
          return intFromDouble(v.asFloat());
        if (Value r; callSpecial(ev, v, "__int__", {}, r) || callSpecial(ev, v, "__index__", {}, r))
          return r;
        if (v.isArray()) {
          const Array &arr = v.asArray();
          if (arr.size() != 1 || arr.rank() != 0)
            raise("TypeError", "Only scalar arrays can be converted to Python scalars; got arr.ndim=" +
                                   std::to_string(arr.rank()));
          return Value::integer(arr.getInt(0));
        }
        if (v.isTracer())
          concretizationError(
              ev, "ConcretizationTypeError",
              "Abstract tracer value encountered where concrete value is expected: traced array with shape " +
                  v.asTracer().type().str() +
                  "\nThe problem arose with the `int` function. If trying to convert the data type of a value, try using `x.astype(int)` or `jnp.array(x, int)` instead.",
              v, "use x.astype(jnp.int32) to convert inside traced code, or mark the argument static");
        raise("TypeError", "int() argument must be a string, a bytes-like object or a real number, not '" +
                               typeName(v) + "'");
      });
  b["float"] = makeType(
      "float", [](const Value &v) { return v.isFloat(); },
      [](Evaluator &ev, CallArgs &a) -> Value {
        if (a.args.empty())
          return Value::floating(0);
        const Value &v = a.args[0];
        if (v.isNumber())
          return Value::floating(v.asFloat());
        if (v.isBigInt())
          return Value::floating(intToDouble(v));
        if (Value r; callSpecial(ev, v, "__float__", {}, r))
          return r;
        if (v.isStr()) {
          std::string s = v.asStr();
          std::string t;
          for (char c : s)
            if (!isspace((unsigned char)c))
              t += char(tolower((unsigned char)c));
          if (t == "inf" || t == "+inf" || t == "infinity")
            return Value::floating(INFINITY);
          if (t == "-inf" || t == "-infinity")
            return Value::floating(-INFINITY);
          if (t == "nan" || t == "+nan" || t == "-nan")
            return Value::floating(NAN);
          char *end = nullptr;
          double d = std::strtod(t.c_str(), &end);
          if (t.empty() || *end)
            raise("ValueError", "could not convert string to float: " + pyStrRepr(s));
          return Value::floating(d);
        }
        if (v.isArray()) {
          const Array &arr = v.asArray();
          if (arr.rank() != 0)
            raise("TypeError", "Only scalar arrays can be converted to Python scalars; got arr.ndim=" +
                                   std::to_string(arr.rank()));
          return Value::floating(arr.getDouble(0));
        }
        if (v.isTracer())
          concretizationError(
              ev, "ConcretizationTypeError",
              "Abstract tracer value encountered where concrete value is expected: traced array with shape " +
                  v.asTracer().type().str() +
                  "\nThe problem arose with the `float` function. If trying to convert the data type of a value, try using `x.astype(float)` or `jnp.array(x, float)` instead.",
              v, "use x.astype(jnp.float32) inside traced code");
        raise("TypeError", "float() argument must be a string or a real number, not '" +
                               typeName(v) + "'");
      });
  b["bool"] = makeType(
      "bool", [](const Value &v) { return v.isBool(); },
      [](Evaluator &ev, CallArgs &a) -> Value {
        if (a.args.empty())
          return Value::boolean(false);
        return Value::boolean(ev.truthy(a.args[0]));
      });
  b["str"] = makeType(
      "str", [](const Value &v) { return v.isStr(); },
      [](Evaluator &ev, CallArgs &a) -> Value {
        if (a.args.empty())
          return Value::str("");
        const Value *enc = a.get(1, "encoding"), *err = a.get(2, "errors");
        if ((enc || err) && isBytesValue(a.args[0])) // str(b, 'utf-8') decodes
          return Value::str(decodeBytesValue(a.args[0], enc && enc->isStr() ? enc->asStr() : "utf-8",
                                             err && err->isStr() ? err->asStr() : "strict"));
        if (enc || err)
          raise("TypeError", "decoding to str: need a bytes-like object, " + typeName(a.args[0]) +
                                 " found");
        return Value::str(ev.str(a.args[0]));
      });
  b["tuple"] = makeType(
      "tuple", [](const Value &v) { return v.isTuple(); },
      [](Evaluator &ev, CallArgs &a) -> Value {
        if (a.args.empty())
          return Value::tuple({});
        return Value::tuple(ev.iterate(a.args[0], a.loc));
      });
  b["list"] = makeType(
      "list", [](const Value &v) { return v.isList(); },
      [](Evaluator &ev, CallArgs &a) -> Value {
        if (a.args.empty())
          return Value::list({});
        return Value::list(ev.iterate(a.args[0], a.loc));
      });
  b["dict"] = makeType(
      "dict", [](const Value &v) { return v.isDict(); },
      [](Evaluator &ev, CallArgs &a) -> Value {
        Value d = Value::dict();
        if (!a.args.empty()) {
          if (Value m = mappingItems(ev, a.args[0], a.loc); m.isDict()) {
            d.asDict().assign(m.asDict().items());
          } else {
            for (const Value &kv : ev.iterate(a.args[0], a.loc)) {
              auto pair = ev.iterate(kv, a.loc);
              if (pair.size() != 2)
                raise("ValueError", "dictionary update sequence element has length " +
                                        std::to_string(pair.size()) + "; 2 is required");
              d.asDict().set(pair[0], pair[1]);
            }
          }
        }
        for (auto &kw : a.kwargs)
          d.asDict().set(Value::str(kw.first), kw.second);
        return d;
      });
  // `type` is itself a type: isinstance(ValueError, type) is True.
  b["type"] = makeType("type", [](const Value &v) {
    return (v.kind() == Value::Kind::Native && v.as<TypeObject>()) ||
           (v.isDType() && v.dtypeIsClass());
  }, [](Evaluator &ev, CallArgs &a) -> Value {
    if (a.args.size() != 1)
      raise("TypeError", "type() takes 1 argument in parax");
    if (auto *inst = a.args[0].kind() == Value::Kind::Native ? asInstance(a.args[0])
                                                             : nullptr)
      return inst->classValue();
    if (asClass(a.args[0]))
      return ev.builtin("type");
    if (ExceptionValue *e = asException(a.args[0]))
      return Value::object(Value::Kind::Native, e->type());
    std::string tn = typeName(a.args[0]);
    // The built-in types are singletons, so type(x) == float works.
    Value t = ev.builtin(tn);
    if (!t.isNone())
      return t;
    return makeType(tn, [tn](const Value &v) { return typeName(v) == tn; }, nullptr);
  });
}

} // namespace parax::frontend
