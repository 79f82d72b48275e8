//===- Attributes.cpp - attributes, methods and subscripts ----------------===//
//
// `obj.name` and `obj[index]` for the built-in value kinds: the methods of
// str, list, tuple and dict bound from their tables (BuiltinMethods.h),
// dtype attributes, and delegation to native objects (modules, jit
// objects) and to the array library.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/machine/BuiltinMethods.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/FastArithmetic.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Hashing.h"
#include "frontend/machine/ObjectBuiltins.h"
#include "frontend/machine/Sets.h"
#include "frontend/machine/Placeholder.h"
#include "frontend/lib/EmbeddedPython.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/format/FormatSpec.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"

#include <algorithm>
#include <cmath>

namespace parax::frontend {

namespace {
Value method(const std::string &name, BuiltinFunction::Impl impl) {
  return makeBuiltin(name, std::move(impl));
}

[[noreturn]] void noAttribute(const Value &obj, const std::string &name,
                              const std::vector<std::string> &known) {
  std::string close = closestName(name, known);
  raise("AttributeError",
        "'" + typeName(obj) + "' object has no attribute '" + name + "'",
        close.empty() ? "" : "did you mean '" + close + "'?");
}

/// `(2.5).__round__(1)`, `[1].__len__()`, `'a'.__add__('b')`: a builtin
/// value's dunder is its type's stand-in member (BuiltinSubclass) bound to it.
bool builtinDunder(Evaluator &ev, const Value &obj, const std::string &name, Value &out) {
  if (name.size() < 5 || name[0] != '_' || name[1] != '_')
    return false;
  Value member;
  if (!builtinTypeMember(ev, obj.isBool() ? "int" : typeName(obj), name, member))
    return false;
  out = bindClassAttr(ev, member, obj, Value());
  return true;
}
} // namespace

Value Evaluator::getAttr(const Value &obj, const std::string &name, Loc loc) {
  switch (obj.kind()) {
  case Value::Kind::Native: {
    auto *n = static_cast<NativeObject *>(obj.objectPtr().get());
    Value out;
    if (n->getAttr(*this, name, out))
      return out;
    if (auto *m = dynamic_cast<ModuleObject *>(n)) {
      if (loadHalfFor(*m) && m->getAttr(*this, name, out))
        return out;
      // JAX's submodules import on first use; other JAX names parax lacks
      // are placeholders that fail where they are used.
      if (isJaxModuleName(m->name()) && !name.empty() && name[0] != '_') {
        std::string sub = m->name() + "." + name;
        if (embeddedPythonSource(sub) || isKnownJaxModule(sub))
          return importModule(sub, loc);
        if (isJaxApiName(m->name(), name))
          return makePlaceholder(sub);
      }
      raise("AttributeError",
            "module '" + m->name() + "' has no attribute '" + name + "'",
            unknownNameHint(m->name(), name, m->attrNames(), "parax does not provide it"));
    }
    noAttribute(obj, name, n->attrNames());
  }
  case Value::Kind::Array:
  case Value::Kind::Tracer: {
    Value out;
    if (jnp::arrayAttr(*this, obj, name, out))
      return out;
    noAttribute(obj, name, jnp::arrayAttrNames());
  }
  case Value::Kind::Str:
  case Value::Kind::List:
  case Value::Kind::Tuple:
  case Value::Kind::Dict:
    if (const BuiltinMethod *m = findBuiltinMethod(obj.kind(), name))
      return bindBuiltinMethod(*m, obj);
    if (Value d; builtinDunder(*this, obj, name, d))
      return d;
    noAttribute(obj, name, builtinMethodNames(obj.kind()));
  case Value::Kind::DType:
    // (jnp.float32.__name__: the value stands for the scalar type too.)
    if (name == "name" || name == "__name__")
      return Value::str(std::string(dtypeName(obj.asDType())));
    if (name == "itemsize")
      return Value::integer(dtypeSize(obj.asDType()));
    if (name == "dtype")
      return Value::dtype(obj.asDType());
    if (name == "kind") {
      DType t = obj.asDType();
      return Value::str(t == DType::Bool ? "b" : isFloat(t) ? "f" : isSigned(t) ? "i" : "u");
    }
    noAttribute(obj, name, {"name", "itemsize", "kind", "__name__"});
  case Value::Kind::Function: {
    FunctionObj &fn = obj.asFunction();
    for (auto &kv : fn.attrs)
      if (kv.first == name)
        return kv.second;
    if (name == "__name__")
      return Value::str(fn.name);
    if (name == "__qualname__")
      return Value::str(fn.qualname.empty() ? fn.name : fn.qualname);
    if (name == "__module__")
      return Value::str("__main__");
    if (name == "__doc__") {
      // The docstring: a def whose first statement is a string literal.
      if (fn.body && !fn.body->empty())
        if (auto *st = dyn_cast<ExprStmt>(fn.body->front().get()))
          if (auto *c = dyn_cast<ConstantExpr>(st->value.get());
              c && c->type == ConstantExpr::Type::Str)
            return Value::str(c->strValue);
      return Value::none();
    }
    if (name == "__dict__") {
      // A snapshot of the attributes set on it (functools.wraps copies
      // them); the slots CPython keeps outside __dict__ are left out.
      Value d = Value::dict();
      for (auto &kv : fn.attrs)
        if (kv.first != "__name__" && kv.first != "__qualname__" && kv.first != "__doc__" &&
            kv.first != "__module__")
          d.asDict().set(Value::str(kv.first), kv.second);
      return d;
    }
    noAttribute(obj, name, {"__name__", "__qualname__", "__doc__", "__module__"});
  }
  case Value::Kind::Float:
    if (name == "real")
      return obj;
    if (name == "imag")
      return Value::floating(0);
    if (name == "is_integer")
      return method("float.is_integer", [obj](Evaluator &, CallArgs &) {
        double d = obj.asFloat();
        return Value::boolean(std::isfinite(d) && d == std::floor(d));
      });
    if (name == "conjugate")
      return method("float.conjugate", [obj](Evaluator &, CallArgs &) { return obj; });
    if (Value d; builtinDunder(*this, obj, name, d))
      return d;
    noAttribute(obj, name, {"real", "imag", "is_integer", "conjugate"});
  case Value::Kind::Int:
  case Value::Kind::Bool:
  case Value::Kind::BigInt: {
    Value m = intMethod(*this, obj, name);
    if (!m.isNone())
      return m;
    if (Value d; builtinDunder(*this, obj, name, d))
      return d;
    noAttribute(obj, name, {"real", "imag", "numerator", "denominator", "bit_length",
                            "bit_count", "conjugate", "as_integer_ratio"});
  }
  case Value::Kind::Set:
  case Value::Kind::FrozenSet: {
    Value m = setMethod(*this, obj, name);
    if (!m.isNone())
      return m;
    if (Value d; builtinDunder(*this, obj, name, d))
      return d;
    noAttribute(obj, name, setMethodNames(obj.is(Value::Kind::FrozenSet)));
  }
  case Value::Kind::Slice: {
    auto *s = obj.as<SliceObj>();
    if (name == "start")
      return s->lower;
    if (name == "stop")
      return s->upper;
    if (name == "step")
      return s->step;
    if (name == "indices") {
      Value self = obj;
      return method("slice.indices", [self](Evaluator &ev, CallArgs &a) {
        expectArgs(a, 1, 1, "indices");
        return sliceIndicesTuple(ev, *self.as<SliceObj>(), a.args[0]);
      });
    }
    noAttribute(obj, name, {"start", "stop", "step", "indices"});
  }
  case Value::Kind::Range: {
    auto *r = obj.as<RangeObj>();
    if (name == "start")
      return Value::integer(r->start);
    if (name == "stop")
      return Value::integer(r->stop);
    if (name == "step")
      return Value::integer(r->step);
    if (name == "index" || name == "count") {
      // Arithmetic, not a scan: a range may be huge.
      RangeObj range = *r;
      bool index = name == "index";
      return method("range." + name, [range, index](Evaluator &ev, CallArgs &a) {
        if (a.args.size() != 1)
          raise("TypeError", std::string(index ? "index" : "count") +
                                 "() takes exactly one argument");
        const Value &v = a.args[0];
        bool in = false;
        int64_t k = 0;
        if (v.isInt() || v.isBool() || (v.isFloat() && v.asFloat() == std::floor(v.asFloat()))) {
          int64_t x = v.isFloat() ? int64_t(v.asFloat()) : v.asInt();
          k = (x - range.start) / range.step;
          in = (x - range.start) % range.step == 0 && k >= 0 && k < range.length();
        }
        if (index) {
          if (!in)
            raise("ValueError", ev.repr(v) + " is not in range");
          return Value::integer(k);
        }
        return Value::integer(in ? 1 : 0);
      });
    }
    noAttribute(obj, name, {"start", "stop", "step", "index", "count"});
  }
  default:
    noAttribute(obj, name, {});
  }
}

namespace {
/// Python slice indices for a sequence of length n.
void sliceIndices(Evaluator &ev, const SliceObj &s, int64_t n, int64_t &start,
                  int64_t &stop, int64_t &step) {
  step = s.step.isNone() ? 1 : ev.toIndex(s.step, "slice indices");
  if (step == 0)
    raise("ValueError", "slice step cannot be zero");
  auto clampIdx = [&](const Value &v, int64_t dflt, bool isStart) {
    if (v.isNone())
      return dflt;
    if (v.isBigInt()) // beyond any length: clamps to an end
      return bigOf(v).isNegative() ? (step > 0 ? int64_t(0) : int64_t(-1))
                                   : (step > 0 ? n : n - 1);
    int64_t i = ev.toIndex(v, "slice indices");
    if (i < 0)
      i += n;
    if (step > 0)
      return std::clamp<int64_t>(i, 0, n);
    return std::clamp<int64_t>(i, -1, n - 1);
  };
  start = clampIdx(s.lower, step > 0 ? 0 : n - 1, true);
  stop = clampIdx(s.upper, step > 0 ? n : -1, false);
}
} // namespace

Value Evaluator::getItem(const Value &obj, const Value &index, Loc loc) {
  // xs[i] on a list or tuple with an int in range: the common case, first.
  if (const Value *item = sequenceItem(obj, index))
    return *item;
  // (Special methods are only on Native values: instances, classes.)
  if (Value r; obj.kind() == Value::Kind::Native && callSpecial(*this, obj, "__getitem__", {index}, r))
    return r;
  // C[...] on a class: __class_getitem__ (typing's generic aliases).
  if (ClassObj *c = asClass(obj))
    if (const Value *cg = c->lookup("__class_getitem__"))
      return call(*cg, {obj, index}, loc);
  switch (obj.kind()) {
  case Value::Kind::Tuple:
  case Value::Kind::List:
  case Value::Kind::Str:
  case Value::Kind::Range: {
    bool isStr = obj.isStr();
    // A str is indexed by code points: `starts` holds each one's byte
    // offset (empty for ASCII, where they are the byte indices).
    std::vector<size_t> starts;
    int64_t n;
    if (obj.is(Value::Kind::Range)) {
      n = obj.as<RangeObj>()->length();
    } else if (isStr) {
      const std::string &s = obj.asStr();
      if (std::any_of(s.begin(), s.end(), [](char c) { return c & 0x80; }))
        for (size_t i = 0; i < s.size(); ++i)
          if ((static_cast<unsigned char>(s[i]) & 0xc0) != 0x80)
            starts.push_back(i);
      n = starts.empty() ? int64_t(s.size()) : int64_t(starts.size());
    } else {
      n = int64_t(obj.elements().size());
    }
    auto codePoint = [&](int64_t i) {
      const std::string &s = obj.asStr();
      if (starts.empty())
        return std::string_view(s).substr(size_t(i), 1);
      size_t b = starts[size_t(i)];
      size_t e = size_t(i) + 1 < starts.size() ? starts[size_t(i) + 1] : s.size();
      return std::string_view(s).substr(b, e - b);
    };
    auto item = [&](int64_t i) -> Value {
      if (obj.is(Value::Kind::Range))
        return Value::integer(obj.as<RangeObj>()->at(i));
      return isStr ? Value::str(std::string(codePoint(i))) : obj.elements()[size_t(i)];
    };
    if (index.is(Value::Kind::Slice)) {
      int64_t start, stop, step;
      sliceIndices(*this, *index.as<SliceObj>(), n, start, stop, step);
      if (isStr) {
        std::string s;
        for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
          s += codePoint(i);
        return Value::str(std::move(s));
      }
      std::vector<Value> out;
      for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
        out.push_back(item(i));
      return obj.isTuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
    }
    std::string what = std::string(isStr ? "string" : obj.isTuple() ? "tuple" : obj.isList() ? "list" : "range") + " indices";
    if (!(index.isInt() || index.isBool() || index.isBigInt() || index.isArrayValue() ||
          classOfInstance(index)))
      raise("TypeError", what + " must be integers or slices, not " + typeName(index));
    int64_t i = toIndex(index, what);
    if (i < 0)
      i += n;
    if (i < 0 || i >= n)
      raise("IndexError", std::string(isStr ? "string" : obj.isTuple() ? "tuple" : obj.isList() ? "list" : "range") +
                              " index out of range");
    return item(i);
  }
  case Value::Kind::Dict: {
    pyHash(*this, index); // unhashable keys raise TypeError, as in Python
    Value *v = obj.asDict().find(index);
    if (!v)
      raiseKeyError(*this, index);
    return *v;
  }
  case Value::Kind::Array:
  case Value::Kind::Tracer:
    return jnp::getItem(*this, obj, index);
  case Value::Kind::Native: {
    Value out;
    auto *n = obj.asNative();
    if (n->getAttr(*this, "__getitem__", out))
      return call(out, {index}, loc);
    break;
  }
  case Value::Kind::DType:
    break;
  default:
    break;
  }
  raise("TypeError", "'" + typeName(obj) + "' object is not subscriptable");
}

} // namespace parax::frontend
