//===- DictMethods.cpp - the rest of dict's methods -----------------------===//
#include "frontend/machine/DictMethods.h"
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

Value moreDictMethod(Evaluator &, const Value &self, const std::string &name) {
  Value d = self;
  if (name == "update")
    return makeBuiltin("dict.update", [d](Evaluator &ev, CallArgs &a) {
      if (a.args.size() > 1)
        raise("TypeError", "update expected at most 1 argument, got " +
                               std::to_string(a.args.size()));
      if (!a.args.empty())
        updateFrom(ev, d.asDict(), a.args[0], a.loc);
      for (auto &kw : a.kwargs)
        d.asDict().set(Value::str(kw.first), kw.second);
      return Value::none();
    });
  if (name == "popitem")
    return makeBuiltin("dict.popitem", [d](Evaluator &, CallArgs &a) {
      if (!a.args.empty())
        raise("TypeError", "dict.popitem() takes no arguments (" +
                               std::to_string(a.args.size()) + " given)");
      if (d.asDict().size() == 0)
        raise("KeyError", "'popitem(): dictionary is empty'");
      auto last = d.asDict().popLast();
      return Value::tuple({last.first, last.second});
    });
  if (name == "clear")
    return makeBuiltin("dict.clear", [d](Evaluator &, CallArgs &) {
      d.asDict().clear();
      return Value::none();
    });
  if (name == "fromkeys")
    return makeBuiltin("dict.fromkeys", dictFromKeys);
  return Value::none();
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
