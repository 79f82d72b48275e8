//===- DictMethods.cpp - the methods of dict ------------------------------===//
//
// dict's method table (see BuiltinMethods.h), dict.fromkeys and the | and
// |= operators.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/DictMethods.h"
#include "frontend/machine/BuiltinMethods.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/Hashing.h"

namespace parax::frontend {

namespace {
/// dict.update's argument: a dict, or an iterable of key/value pairs.
void updateFrom(Evaluator &ev, DictObj &d, const Value &src, Loc loc) {
  if (src.isDict()) {
    auto items = src.asDict().items(); // src may be d itself
    for (auto &kv : items)
      d.set(kv.first, kv.second);
    return;
  }
  Value keys;
  if (src.kind() == Value::Kind::Native) {
    // A mapping with keys() and __getitem__.
    try {
      keys = ev.getAttr(src, "keys", loc);
    } catch (ParaxError &e) {
      if (e.diag().kind != "AttributeError")
        throw;
    }
    if (!keys.isNone()) {
      for (const Value &k : ev.iterate(ev.call(keys, {}, loc), loc))
        d.set(k, ev.getItem(src, k, loc));
      return;
    }
  }
  size_t i = 0;
  for (const Value &kv : ev.iterate(src, loc)) {
    if (kv.isStr() || !(kv.isSequence() || kv.kind() == Value::Kind::Native))
      raise("TypeError", "cannot convert dictionary update sequence element #" +
                             std::to_string(i) + " to a sequence");
    auto pair = ev.iterate(kv, loc);
    if (pair.size() != 2)
      raise("ValueError", "dictionary update sequence element #" + std::to_string(i) +
                              " has length " + std::to_string(pair.size()) + "; 2 is required");
    pyHash(ev, pair[0]); // unhashable keys raise
    d.set(pair[0], pair[1]);
    ++i;
  }
}
} // namespace

Value dictFromKeys(Evaluator &ev, CallArgs &a) {
  if (a.args.empty() || a.args.size() > 2)
    raise("TypeError", "fromkeys expected at least 1 argument, got " +
                           std::to_string(a.args.size()));
  Value v = a.args.size() > 1 ? a.args[1] : Value::none();
  Value d = Value::dict();
  for (const Value &k : ev.iterate(a.args[0], a.loc)) {
    pyHash(ev, k);
    d.asDict().set(k, v);
  }
  return d;
}

namespace {
Value dictView(Evaluator &ev, const Value &self, const std::string &name, CallArgs &a) {
  expectArgs(a, 0, 0, name);
  return makeDictView(ev, self, name);
}

Value dictGet(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 1, 2, "get");
  Value *v = self.asDict().find(a.args[0]);
  return v ? *v : (a.args.size() > 1 ? a.args[1] : Value::none());
}

Value dictPop(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 1, 2, "pop");
  Value *v = self.asDict().find(a.args[0]);
  if (!v) {
    if (a.args.size() > 1)
      return a.args[1];
    raiseKeyError(ev, a.args[0]);
  }
  Value r = *v;
  self.asDict().erase(a.args[0]);
  return r;
}

Value dictSetdefault(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 1, 2, "setdefault");
  if (Value *v = self.asDict().find(a.args[0]))
    return *v;
  Value dflt = a.args.size() > 1 ? a.args[1] : Value::none();
  self.asDict().set(a.args[0], dflt);
  return dflt;
}

Value dictCopy(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 0, 0, "copy");
  Value r = Value::dict();
  r.asDict().assign(self.asDict().items());
  return r;
}

Value dictUpdate(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  if (a.args.size() > 1)
    raise("TypeError", "update expected at most 1 argument, got " +
                           std::to_string(a.args.size()));
  if (!a.args.empty())
    updateFrom(ev, self.asDict(), a.args[0], a.loc);
  for (auto &kw : a.kwargs)
    self.asDict().set(Value::str(kw.first), kw.second);
  return Value::none();
}

Value dictPopitem(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  if (!a.args.empty())
    raise("TypeError", "dict.popitem() takes no arguments (" + std::to_string(a.args.size()) +
                           " given)");
  if (self.asDict().size() == 0)
    raise("KeyError", "'popitem(): dictionary is empty'");
  auto last = self.asDict().popLast();
  return Value::tuple({last.first, last.second});
}

Value dictClear(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 0, 0, "clear");
  self.asDict().clear();
  return Value::none();
}

// d.fromkeys(...) on an instance works as dict.fromkeys does.
Value dictFromKeysMethod(Evaluator &ev, const Value &, const std::string &, CallArgs &a) {
  return dictFromKeys(ev, a);
}
} // namespace

const std::vector<BuiltinMethodDef> &dictMethodTable() {
  static const std::vector<BuiltinMethodDef> table = {
      {"keys", dictView},   {"values", dictView},         {"items", dictView},
      {"get", dictGet},     {"pop", dictPop},             {"setdefault", dictSetdefault},
      {"copy", dictCopy},   {"update", dictUpdate},       {"popitem", dictPopitem},
      {"clear", dictClear}, {"fromkeys", dictFromKeysMethod},
  };
  return table;
}

bool dictBinary(Evaluator &ev, BinOpKind op, const Value &a, const Value &b, Value &out) {
  if (op != BinOpKind::BitOr || !a.isDict() || !b.isDict())
    return false;
  out = Value::dict();
  out.asDict().assign(a.asDict().items());
  updateFrom(ev, out.asDict(), b, {});
  return true;
}

bool dictInplace(Evaluator &ev, BinOpKind op, const Value &cur, const Value &rhs) {
  if (op != BinOpKind::BitOr || !cur.isDict())
    return false;
  updateFrom(ev, cur.asDict(), rhs, {});
  return true;
}

} // namespace parax::frontend
