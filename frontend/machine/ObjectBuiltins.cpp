//===- ObjectBuiltins.cpp - slice, id, delattr, ascii, dir ----------------===//
//
// Builtins about objects in general: the slice type (slice(1, 5, 2),
// s.indices(n)), id(), delattr(), ascii() and dir().
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/ObjectBuiltins.h"

#include <algorithm>
#include <set>

namespace parax::frontend {

namespace {
/// A slice bound as a BigInt (None stays None): __index__ rules.
BigInt sliceBound(Evaluator &ev, const Value &v) {
  if (isPyInt(v))
    return toBigInt(v);
  if (Value r; callSpecial(ev, v, "__index__", {}, r) && isPyInt(r))
    return toBigInt(r);
  raise("TypeError", "slice indices must be integers or None or have an __index__ method");
}
} // namespace

Value sliceIndicesTuple(Evaluator &ev, const SliceObj &s, const Value &length) {
  if (!isPyInt(length))
    raise("TypeError", "'" + typeName(length) + "' object cannot be interpreted as an integer");
  BigInt n = toBigInt(length);
  if (n.isNegative())
    raise("ValueError", "length should not be negative");
  BigInt step = s.step.isNone() ? BigInt(1) : sliceBound(ev, s.step);
  if (step.isZero())
    raise("ValueError", "slice step cannot be zero");
  bool back = step.isNegative();
  BigInt lower = back ? BigInt(-1) : BigInt(0), upper = back ? n - BigInt(1) : n;
  auto clamp = [&](const Value &v, const BigInt &dflt) {
    if (v.isNone())
      return dflt;
    BigInt i = sliceBound(ev, v);
    if (i.isNegative()) {
      i = i + n;
      if (BigInt::compare(i, lower) < 0)
        i = lower;
    } else if (BigInt::compare(i, upper) > 0) {
      i = upper;
    }
    return i;
  };
  BigInt start = clamp(s.lower, back ? upper : lower);
  BigInt stop = clamp(s.upper, back ? lower : upper);
  return Value::tuple({intValue(start), intValue(stop), intValue(step)});
}

void installObjectBuiltins(Evaluator &, NameMap<Value> &b) {
  auto def = [&](const std::string &name, BuiltinFunction::Impl impl) {
    b[name] = makeBuiltin(name, std::move(impl));
  };
  b["slice"] = makeType(
      "slice", [](const Value &v) { return v.is(Value::Kind::Slice); },
      [](Evaluator &, CallArgs &a) -> Value {
        if (!a.kwargs.empty())
          raise("TypeError", "slice() takes no keyword arguments");
        if (a.args.empty() || a.args.size() > 3)
          raise("TypeError", a.args.empty() ? "slice expected at least 1 argument, got 0"
                                            : "slice expected at most 3 arguments, got " +
                                                  std::to_string(a.args.size()));
        auto sl = std::make_shared<SliceObj>();
        if (a.args.size() == 1) {
          sl->upper = a.args[0];
        } else {
          sl->lower = a.args[0];
          sl->upper = a.args[1];
          if (a.args.size() == 3)
            sl->step = a.args[2];
        }
        return Value::object(Value::Kind::Slice, sl);
      });
  def("id", [](Evaluator &, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "id() takes exactly one argument (" + std::to_string(a.args.size()) +
                             " given)");
    const Value &v = a.args[0];
    if (v.objectPtr())
      return Value::integer(int64_t(reinterpret_cast<uintptr_t>(v.objectPtr().get())));
    // Inline values: equal values are the same object, as CPython's cached
    // small ints, True, False and None are.
    return Value::integer(int64_t(std::hash<std::string>()(typeName(v) + ":" +
                                                           std::to_string(v.asInt())) >> 1));
  });
  def("delattr", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 2)
      raise("TypeError", "delattr expected 2 arguments, got " + std::to_string(a.args.size()));
    if (!a.args[1].isStr())
      raise("TypeError", "attribute name must be string, not '" + typeName(a.args[1]) + "'");
    const std::string &name = a.args[1].asStr();
    if (auto *inst = a.args[0].kind() == Value::Kind::Native ? asInstance(a.args[0])
                                                             : nullptr) {
      inst->delAttr(ev, name);
    } else if (ClassObj *c = asClass(a.args[0])) {
      if (!c->delAttr(name))
        raise("AttributeError", "type object '" + c->name() + "' has no attribute '" +
                                    name + "'");
    } else {
      raise("AttributeError", "'" + typeName(a.args[0]) + "' object attribute '" + name +
                                  "' is read-only");
    }
    return Value::none();
  });
  def("ascii", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "ascii() takes exactly one argument (" +
                             std::to_string(a.args.size()) + " given)");
    return Value::str(asciiRepr(ev.repr(a.args[0])));
  });
  def("dir", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 1)
      raise("TypeError", "parax's dir() takes one argument (the names of a scope are not "
                         "introspectable)");
    const Value &v = a.args[0];
    std::set<std::string> names;
    if (auto *inst = v.kind() == Value::Kind::Native ? asInstance(v) : nullptr) {
      for (auto &kv : inst->attrs())
        names.insert(kv.first);
      for (const ClassObj *c : inst->cls()->mro())
        for (auto &kv : c->members())
          names.insert(kv.first);
    } else if (ClassObj *c = asClass(v)) {
      for (const ClassObj *k : c->mro())
        for (auto &kv : k->members())
          names.insert(kv.first);
    } else if (v.kind() == Value::Kind::Native) {
      for (auto &n : v.asNative()->attrNames())
        names.insert(n);
    } else {
      (void)ev;
      raise("TypeError", "parax's dir() lists the attributes of modules, classes and "
                         "instances, not of '" + typeName(v) + "'");
    }
    std::vector<Value> out;
    for (auto &n : names)
      out.push_back(Value::str(n));
    return Value::list(std::move(out));
  });
}

std::string asciiRepr(const std::string &repr) {
  std::string out;
  for (size_t i = 0; i < repr.size();) {
    unsigned char c = repr[i];
    if (c < 0x80) {
      out += char(c);
      ++i;
      continue;
    }
    size_t n = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    uint32_t cp = n == 2 ? (c & 0x1f) : n == 3 ? (c & 0x0f) : (c & 0x07);
    for (size_t k = 1; k < n && i + k < repr.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(repr[i + k]) & 0x3f);
    i += n;
    char buf[16];
    if (cp < 0x100)
      std::snprintf(buf, sizeof buf, "\\x%02x", cp);
    else if (cp < 0x10000)
      std::snprintf(buf, sizeof buf, "\\u%04x", cp);
    else
      std::snprintf(buf, sizeof buf, "\\U%08x", cp);
    out += buf;
  }
  return out;
}

} // namespace parax::frontend
