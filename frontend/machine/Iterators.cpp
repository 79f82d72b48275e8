//===- Iterators.cpp - iter(), next() and the iterator objects ------------===//
#include "frontend/machine/Iterators.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/lib/LibUtil.h"

namespace parax::frontend {

std::optional<Value> IteratorObj::next(Evaluator &ev) {
  if (done_)
    return std::nullopt;
  if (!source_.isNone()) {
    Value v = ev.call(source_, {}, ev.currentLoc());
    if (ev.truthy(ev.equals(v, sentinel_, ev.currentLoc()))) {
      done_ = true;
      return std::nullopt;
    }
    return v;
  }
  if (pos_ < items_.size())
    return items_[pos_++];
  done_ = true;
  return std::nullopt;
}

std::vector<Value> IteratorObj::rest(Evaluator &ev) {
  std::vector<Value> out;
  while (auto v = next(ev)) {
    out.push_back(*v);
    if (out.size() > 100000000)
      raise("MemoryError", "iterator produced more than 10^8 items");
  }
  return out;
}

void installIteratorBuiltins(Evaluator &ev, NameMap<Value> &b) {
  b["iter"] = makeBuiltin("iter", [](Evaluator &ev, CallArgs &a) -> Value {
    expectPositional(a, 1, 2, "iter");
    if (a.args.size() == 2) {
      if (!a.args[0].isCallableKind())
        raise("TypeError", "iter(v, w): v must be callable");
      return Value::object(Value::Kind::Native,
                           std::make_shared<IteratorObj>(a.args[0], a.args[1]));
    }
    const Value &v = a.args[0];
    if (v.kind() == Value::Kind::Native && v.as<IteratorObj>())
      return v;
    // A class's own iterator (an object with __next__) is returned as is.
    Value it;
    if (callSpecial(ev, v, "__iter__", {}, it) && classOfInstance(it) &&
        classOfInstance(it)->lookup("__next__"))
      return it;
    return Value::object(Value::Kind::Native,
                         std::make_shared<IteratorObj>(ev.iterate(v, a.loc)));
  });
  b["next"] = makeBuiltin("next", [](Evaluator &ev, CallArgs &a) -> Value {
    expectPositional(a, 1, 2, "next");
    const Value &it = a.args[0];
    if (auto *io = it.kind() == Value::Kind::Native ? it.as<IteratorObj>() : nullptr) {
      if (auto v = io->next(ev))
        return *v;
      if (a.args.size() == 2)
        return a.args[1];
      raise("StopIteration", "");
    }
    Value r;
    try {
      if (callSpecial(ev, it, "__next__", {}, r))
        return r;
    } catch (ParaxError &e) {
      if (e.diag().kind == "StopIteration" && a.args.size() == 2)
        return a.args[1];
      throw;
    }
    raise("TypeError", "'" + typeName(it) + "' object is not an iterator");
  });
}

} // namespace parax::frontend
