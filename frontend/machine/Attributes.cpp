//===- Attributes.cpp - attributes, methods and subscripts ----------------===//
//
// `obj.name` and `obj[index]` for the built-in value kinds: the methods of
// str, list, tuple and dict, dtype attributes, and delegation to native
// objects (modules, jit objects) and to the array library.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/DictMethods.h"
#include "frontend/machine/Hashing.h"
#include "frontend/machine/ObjectBuiltins.h"
#include "frontend/machine/Sets.h"
#include "frontend/machine/StrMethods.h"
#include "frontend/machine/Placeholder.h"
#include "frontend/lib/EmbeddedPython.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/StrSearch.h"
#include "frontend/format/FormatSpec.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"

#include <algorithm>
#include <cmath>

namespace parax::frontend {

std::string formatValue(Evaluator &ev, const Value &v, const std::string &spec,
                        char conversion);
void sortValues(Evaluator &ev, std::vector<Value> &items, const Value &key,
                bool reverse);

namespace {
Value method(const std::string &name, BuiltinFunction::Impl impl) {
  return makeBuiltin(name, std::move(impl));
}

void expectArgs(CallArgs &a, size_t lo, size_t hi, const std::string &name) {
  if (a.args.size() < lo || a.args.size() > hi) {
    std::string want = lo == hi ? std::to_string(lo)
                                : std::to_string(lo) + " to " + std::to_string(hi);
    raise("TypeError", name + "() takes " + want + " argument" +
                           (hi == 1 ? "" : "s") + " (" +
                           std::to_string(a.args.size()) + " given)");
  }
}

std::string strFormat(Evaluator &ev, const std::string &tmpl, CallArgs &a) {
  std::string out;
  size_t autoIndex = 0;
  bool usedAuto = false, usedManual = false;
  for (const FormatField &f : parseFormatTemplate(tmpl)) {
    out += f.literalBefore;
    if (!f.hasField)
      continue;
    // Split off .attr / [key] suffixes.
    size_t cut = f.name.find_first_of(".[");
    std::string head = f.name.substr(0, cut);
    Value v;
    if (head.empty()) {
      if (usedManual)
        raise("ValueError", "cannot switch from manual field specification to "
                            "automatic field numbering");
      usedAuto = true;
      if (autoIndex >= a.args.size())
        raise("IndexError", "Replacement index " + std::to_string(autoIndex) +
                                " out of range for positional args tuple");
      v = a.args[autoIndex++];
    } else if (std::all_of(head.begin(), head.end(), ::isdigit)) {
      if (usedAuto)
        raise("ValueError", "cannot switch from automatic field numbering to "
                            "manual field specification");
      usedManual = true;
      size_t i = std::stoul(head);
      if (i >= a.args.size())
        raise("IndexError", "Replacement index " + head +
                                " out of range for positional args tuple");
      v = a.args[i];
    } else {
      const Value *kv = nullptr;
      for (auto &kw : a.kwargs)
        if (kw.first == head)
          kv = &kw.second;
      if (!kv)
        raise("KeyError", "'" + head + "'");
      v = *kv;
    }
    while (cut != std::string::npos && cut < f.name.size()) {
      if (f.name[cut] == '.') {
        size_t next = f.name.find_first_of(".[", cut + 1);
        v = ev.getAttr(v, f.name.substr(cut + 1, next - cut - 1), a.loc);
        cut = next;
      } else {
        size_t close = f.name.find(']', cut);
        std::string key = f.name.substr(cut + 1, close - cut - 1);
        Value k = (!key.empty() && std::all_of(key.begin(), key.end(), ::isdigit))
                      ? Value::integer(std::stoll(key))
                      : Value::str(key);
        v = ev.getItem(v, k, a.loc);
        cut = close == std::string::npos ? close : close + 1;
      }
    }
    // A spec may itself contain fields ("{x:{w}}").
    std::string spec = f.spec;
    if (spec.find('{') != std::string::npos)
      spec = strFormat(ev, spec, a);
    out += formatValue(ev, v, spec, f.conversion);
  }
  return out;
}

Value strMethod(Evaluator &ev, const Value &self, const std::string &name) {
  const std::string s = self.asStr();
  auto strArg = [](CallArgs &a, size_t i, const std::string &fn) {
    if (i >= a.args.size() || !a.args[i].isStr())
      raise("TypeError", fn + "() argument must be str");
    return a.args[i].asStr();
  };
  // find/rfind/index/count with bounds, partition, splitlines ... (StrSearch.cpp)
  if (Value m = strSearchMethod(ev, s, name); !m.isNone())
    return m;
  if (name == "format")
    return method("str.format", [s](Evaluator &ev, CallArgs &a) {
      return Value::str(strFormat(ev, s, a));
    });
  if (name == "join")
    return method("str.join", [s](Evaluator &ev, CallArgs &a) {
      expectArgs(a, 1, 1, "join");
      std::vector<Value> items = ev.iterate(a.args[0], a.loc);
      // Sized (and checked against the budget) before it is built.
      int64_t total = 0;
      for (size_t i = 0; i < items.size(); ++i) {
        items[i] = unwrapBuiltin(items[i]); // a str subclass joins as its str
        if (!items[i].isStr())
          raise("TypeError", "sequence item " + std::to_string(i) +
                                 ": expected str instance, " +
                                 typeName(items[i]) + " found");
        int64_t add = int64_t(items[i].asStr().size()) +
                      (i ? int64_t(s.size()) : 0);
        total = total > INT64_MAX - add ? INT64_MAX : total + add;
      }
      requireStrBytes(total);
      std::string out;
      out.reserve(size_t(total));
      for (size_t i = 0; i < items.size(); ++i) {
        if (i)
          out += s;
        out += items[i].asStr();
      }
      return Value::str(std::move(out));
    });
  if (name == "upper" || name == "lower")
    return method("str." + name, [s, name](Evaluator &, CallArgs &) {
      std::string r = s;
      for (char &c : r)
        c = name == "upper" ? char(toupper((unsigned char)c))
                            : char(tolower((unsigned char)c));
      return Value::str(r);
    });
  if (name == "strip" || name == "lstrip" || name == "rstrip")
    return method("str." + name, [s, name](Evaluator &, CallArgs &a) {
      std::string chars = " \t\n\r\f\v";
      if (!a.args.empty() && a.args[0].isStr())
        chars = a.args[0].asStr();
      size_t b = 0, e = s.size();
      if (name != "rstrip")
        while (b < e && chars.find(s[b]) != std::string::npos)
          ++b;
      if (name != "lstrip")
        while (e > b && chars.find(s[e - 1]) != std::string::npos)
          --e;
      return Value::str(s.substr(b, e - b));
    });
  if (name == "replace")
    return method("str.replace", [s, strArg](Evaluator &, CallArgs &a) {
      expectArgs(a, 2, 2, "replace");
      std::string from = strArg(a, 0, "replace"), to = strArg(a, 1, "replace");
      if (from.empty())
        return Value::str(s);
      if (to.size() > from.size()) { // the result grows: size it first
        int64_t count = 0;
        for (size_t p = s.find(from); p != std::string::npos;
             p = s.find(from, p + from.size()))
          ++count;
        int64_t growth = int64_t(to.size() - from.size());
        requireStrBytes(count > (INT64_MAX - int64_t(s.size())) / growth
                            ? INT64_MAX
                            : int64_t(s.size()) + count * growth);
      }
      std::string r;
      size_t start = 0, pos;
      while ((pos = s.find(from, start)) != std::string::npos) {
        r.append(s, start, pos - start);
        r += to;
        start = pos + from.size();
      }
      r.append(s, start, std::string::npos);
      return Value::str(std::move(r));
    });
  if (name == "ljust" || name == "rjust" || name == "center" || name == "zfill")
    return method("str." + name, [s, name](Evaluator &ev, CallArgs &a) {
      expectArgs(a, 1, 2, name);
      int64_t w = ev.toIndex(a.args[0], name);
      std::string fill = a.args.size() > 1 ? a.args[1].asStr() : " ";
      int64_t len = int64_t(displayWidth(s));
      if (w <= len)
        return Value::str(s);
      int64_t pad = w - len;
      auto rep = [&](int64_t n) {
        std::string r;
        for (int64_t i = 0; i < n; ++i)
          r += fill;
        return r;
      };
      if (name == "ljust")
        return Value::str(s + rep(pad));
      if (name == "rjust")
        return Value::str(rep(pad) + s);
      if (name == "zfill") {
        if (!s.empty() && (s[0] == '-' || s[0] == '+'))
          return Value::str(s.substr(0, 1) + std::string(size_t(pad), '0') + s.substr(1));
        return Value::str(std::string(size_t(pad), '0') + s);
      }
      int64_t left = pad / 2 + (pad & w & 1);
      return Value::str(rep(left) + s + rep(pad - left));
    });
  if (name == "isdigit" || name == "isalpha" || name == "isspace")
    return method("str." + name, [s, name](Evaluator &, CallArgs &) {
      if (s.empty())
        return Value::boolean(false);
      for (unsigned char c : s) {
        bool ok = name == "isdigit" ? isdigit(c) : name == "isalpha" ? isalpha(c) : isspace(c);
        if (!ok)
          return Value::boolean(false);
      }
      return Value::boolean(true);
    });
  return Value::none();
}

Value listMethod(const Value &self, const std::string &name) {
  Value selfCopy = self;
  if (name == "append")
    return method("list.append", [selfCopy](Evaluator &, CallArgs &a) {
      expectArgs(a, 1, 1, "append");
      growList(selfCopy, 1);
      selfCopy.elements().push_back(a.args[0]);
      return Value::none();
    });
  if (name == "extend")
    return method("list.extend", [selfCopy](Evaluator &ev, CallArgs &a) {
      expectArgs(a, 1, 1, "extend");
      auto items = ev.iterate(a.args[0], a.loc);
      growList(selfCopy, items.size());
      auto &el = selfCopy.elements();
      el.insert(el.end(), items.begin(), items.end());
      return Value::none();
    });
  if (name == "pop")
    return method("list.pop", [selfCopy](Evaluator &ev, CallArgs &a) {
      auto &el = selfCopy.elements();
      if (el.empty())
        raise("IndexError", "pop from empty list");
      int64_t i = a.args.empty() ? int64_t(el.size()) - 1 : ev.toIndex(a.args[0], "pop index");
      if (i < 0)
        i += int64_t(el.size());
      if (i < 0 || i >= int64_t(el.size()))
        raise("IndexError", "pop index out of range");
      Value v = el[size_t(i)];
      el.erase(el.begin() + i);
      return v;
    });
  if (name == "insert")
    return method("list.insert", [selfCopy](Evaluator &ev, CallArgs &a) {
      expectArgs(a, 2, 2, "insert");
      auto &el = selfCopy.elements();
      int64_t n = int64_t(el.size());
      int64_t i = ev.toIndex(a.args[0], "insert index");
      if (i < 0)
        i = std::max<int64_t>(0, i + n);
      i = std::min(i, n);
      growList(selfCopy, 1);
      el.insert(el.begin() + i, a.args[1]);
      return Value::none();
    });
  if (name == "reverse")
    return method("list.reverse", [selfCopy](Evaluator &, CallArgs &) {
      std::reverse(selfCopy.elements().begin(), selfCopy.elements().end());
      return Value::none();
    });
  if (name == "copy")
    return method("list.copy", [selfCopy](Evaluator &, CallArgs &) {
      return Value::list(selfCopy.elements());
    });
  if (name == "clear")
    return method("list.clear", [selfCopy](Evaluator &, CallArgs &) {
      selfCopy.elements().clear();
      return Value::none();
    });
  if (name == "remove")
    return method("list.remove", [selfCopy](Evaluator &ev, CallArgs &a) {
      expectArgs(a, 1, 1, "remove");
      auto &el = selfCopy.elements();
      for (size_t i = 0; i < el.size(); ++i)
        if (ev.truthy(ev.equals(el[i], a.args[0], a.loc))) {
          el.erase(el.begin() + long(i));
          return Value::none();
        }
      raise("ValueError", "list.remove(x): x not in list");
    });
  if (name == "sort")
    return method("list.sort", [selfCopy](Evaluator &ev, CallArgs &a) {
      const Value *key = a.get(99, "key");
      const Value *rev = a.get(99, "reverse");
      sortValues(ev, selfCopy.elements(), key ? *key : Value::none(),
                 rev && ev.truthy(*rev));
      return Value::none();
    });
  return Value::none();
}

Value seqCommonMethod(const Value &self, const std::string &name) {
  Value selfCopy = self;
  std::string tn = self.isTuple() ? "tuple" : "list";
  if (name == "index")
    return method(tn + ".index", [selfCopy, tn](Evaluator &ev, CallArgs &a) {
      expectArgs(a, 1, 1, "index");
      auto &el = selfCopy.elements();
      for (size_t i = 0; i < el.size(); ++i)
        if (ev.truthy(ev.equals(el[i], a.args[0], a.loc)))
          return Value::integer(int64_t(i));
      raise("ValueError", ev.repr(a.args[0]) + " is not in " + tn);
    });
  if (name == "count")
    return method(tn + ".count", [selfCopy](Evaluator &ev, CallArgs &a) {
      expectArgs(a, 1, 1, "count");
      int64_t n = 0;
      for (auto &v : selfCopy.elements())
        n += ev.truthy(ev.equals(v, a.args[0], a.loc));
      return Value::integer(n);
    });
  return Value::none();
}

Value dictMethod(const Value &self, const std::string &name) {
  Value d = self;
  if (name == "keys" || name == "values" || name == "items")
    return method("dict." + name, [d, name](Evaluator &ev, CallArgs &a) {
      expectArgs(a, 0, 0, name);
      return makeDictView(ev, d, name);
    });
  if (name == "get")
    return method("dict.get", [d](Evaluator &, CallArgs &a) {
      expectArgs(a, 1, 2, "get");
      Value *v = d.asDict().find(a.args[0]);
      return v ? *v : (a.args.size() > 1 ? a.args[1] : Value::none());
    });
  if (name == "pop")
    return method("dict.pop", [d](Evaluator &ev, CallArgs &a) {
      expectArgs(a, 1, 2, "pop");
      Value *v = d.asDict().find(a.args[0]);
      if (!v) {
        if (a.args.size() > 1)
          return a.args[1];
        raiseKeyError(ev, a.args[0]);
      }
      Value r = *v;
      d.asDict().erase(a.args[0]);
      return r;
    });
  if (name == "update")
    return method("dict.update", [d](Evaluator &, CallArgs &a) {
      if (!a.args.empty()) {
        if (!a.args[0].isDict())
          raise("TypeError", "dict.update() argument must be a dict");
        for (auto &kv : a.args[0].asDict().items())
          d.asDict().set(kv.first, kv.second);
      }
      for (auto &kw : a.kwargs)
        d.asDict().set(Value::str(kw.first), kw.second);
      return Value::none();
    });
  if (name == "setdefault")
    return method("dict.setdefault", [d](Evaluator &, CallArgs &a) {
      expectArgs(a, 1, 2, "setdefault");
      Value *v = d.asDict().find(a.args[0]);
      if (v)
        return *v;
      Value dflt = a.args.size() > 1 ? a.args[1] : Value::none();
      d.asDict().set(a.args[0], dflt);
      return dflt;
    });
  if (name == "copy")
    return method("dict.copy", [d](Evaluator &, CallArgs &) {
      Value r = Value::dict();
      r.asDict().assign(d.asDict().items());
      return r;
    });
  return Value::none();
}

[[noreturn]] void noAttribute(const Value &obj, const std::string &name,
                              const std::vector<std::string> &known) {
  std::string close = closestName(name, known);
  raise("AttributeError",
        "'" + typeName(obj) + "' object has no attribute '" + name + "'",
        close.empty() ? "" : "did you mean '" + close + "'?");
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
  case Value::Kind::Str: {
    if (name == "encode")
      return method("str.encode", [obj](Evaluator &ev, CallArgs &a) {
        return strEncode(ev, obj.asStr(), a);
      });
    Value m = moreStrMethod(*this, obj, name);
    if (m.isNone())
      m = strMethod(*this, obj, name);
    if (!m.isNone())
      return m;
    std::vector<std::string> names = moreStrMethodNames();
    for (const char *n : {"format", "join", "upper", "lower", "strip", "lstrip", "rstrip",
                          "replace", "ljust", "rjust", "center", "zfill", "isdigit",
                          "isalpha", "isspace"})
      names.push_back(n);
    noAttribute(obj, name, names);
  }
  case Value::Kind::List: {
    Value m = listMethod(obj, name);
    if (m.isNone())
      m = seqCommonMethod(obj, name);
    if (!m.isNone())
      return m;
    noAttribute(obj, name, {"append", "extend", "pop", "insert", "index", "count"});
  }
  case Value::Kind::Tuple: {
    Value m = seqCommonMethod(obj, name);
    if (!m.isNone())
      return m;
    noAttribute(obj, name, {"index", "count"});
  }
  case Value::Kind::Dict: {
    Value m = moreDictMethod(*this, obj, name);
    if (m.isNone())
      m = dictMethod(obj, name);
    if (!m.isNone())
      return m;
    noAttribute(obj, name, {"keys", "values", "items", "get", "pop", "update", "setdefault",
                            "copy", "popitem", "clear", "fromkeys"});
  }
  case Value::Kind::DType:
    if (name == "name")
      return Value::str(std::string(dtypeName(obj.asDType())));
    if (name == "itemsize")
      return Value::integer(dtypeSize(obj.asDType()));
    if (name == "dtype")
      return Value::dtype(obj.asDType());
    if (name == "kind") {
      DType t = obj.asDType();
      return Value::str(t == DType::Bool ? "b" : isFloat(t) ? "f" : isSigned(t) ? "i" : "u");
    }
    noAttribute(obj, name, {"name", "itemsize", "kind"});
  case Value::Kind::Function: {
    FunctionObj &fn = obj.asFunction();
    for (auto &kv : fn.attrs)
      if (kv.first == name)
        return kv.second;
    if (name == "__name__" || name == "__qualname__")
      return Value::str(fn.name);
    if (name == "__module__")
      return Value::str("__main__");
    if (name == "__doc__")
      return Value::none();
    noAttribute(obj, name, {"__name__"});
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
    noAttribute(obj, name, {"real", "imag", "is_integer"});
  case Value::Kind::Int:
  case Value::Kind::Bool:
  case Value::Kind::BigInt: {
    Value m = intMethod(*this, obj, name);
    if (!m.isNone())
      return m;
    noAttribute(obj, name, {"real", "imag", "numerator", "denominator", "bit_length",
                            "bit_count", "conjugate", "as_integer_ratio"});
  }
  case Value::Kind::Set:
  case Value::Kind::FrozenSet: {
    Value m = setMethod(*this, obj, name);
    if (!m.isNone())
      return m;
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
  if ((obj.isList() || obj.isTuple()) && index.isInt()) {
    const auto &elts = obj.elements();
    int64_t i = index.asInt(), n = int64_t(elts.size());
    if (i < 0)
      i += n;
    if (i >= 0 && i < n)
      return elts[size_t(i)];
  }
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
