//===- Iterators.cpp - the iteration protocol, item by item ---------------===//
#include "frontend/machine/Iterators.h"
#include "frontend/machine/Sets.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/Generators.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/LibUtil.h"

#include <algorithm>
#include <cstdio>

namespace parax::frontend {

namespace {
GeneratorObj *asGenerator(const Value &v) {
  return v.kind() == Value::Kind::Native ? v.as<GeneratorObj>() : nullptr;
}
IteratorObj *asIteratorObj(const Value &v) {
  return v.kind() == Value::Kind::Native ? v.as<IteratorObj>() : nullptr;
}
[[noreturn]] void notIterable(const Value &v) {
  raise("TypeError", "'" + typeName(v) + "' object is not iterable");
}
} // namespace

bool isIterator(const Value &v) {
  if (v.kind() != Value::Kind::Native)
    return false;
  if (v.as<GeneratorObj>() || v.as<IteratorObj>())
    return true;
  ClassObj *c = classOfInstance(v);
  return c && c->lookup("__next__");
}

//===----------------------------------------------------------------------===//
// ItemCursor
//===----------------------------------------------------------------------===//
ItemCursor::ItemCursor(Evaluator &ev, const Value &v, Loc loc) : ev_(&ev), loc_(loc) {
  switch (v.kind()) {
  case Value::Kind::Tuple:
  case Value::Kind::List:
    mode_ = Mode::Sequence;
    src_ = v;
    return;
  case Value::Kind::Range: {
    auto *r = v.as<RangeObj>();
    mode_ = Mode::Range;
    start_ = r->start;
    step_ = r->step;
    end_ = r->length();
    return;
  }
  case Value::Kind::Str:
    mode_ = Mode::Str;
    src_ = v;
    end_ = int64_t(v.asStr().size());
    return;
  case Value::Kind::Dict:
    mode_ = Mode::Items;
    for (auto &kv : v.asDict().items())
      items_.push_back(kv.first);
    end_ = int64_t(items_.size());
    return;
  case Value::Kind::Set:
  case Value::Kind::FrozenSet:
    mode_ = Mode::Items;
    items_ = asSet(v).items();
    end_ = int64_t(items_.size());
    return;
  case Value::Kind::Array:
  case Value::Kind::Tracer: {
    TensorType t = abstractType(v);
    if (t.rank() == 0)
      raise("TypeError", "iteration over a 0-d array");
    mode_ = Mode::Indexed;
    src_ = v;
    end_ = t.shape[0];
    return;
  }
  case Value::Kind::Native: {
    if (v.as<GeneratorObj>() || v.as<IteratorObj>()) {
      mode_ = Mode::Iterator;
      src_ = v;
      return;
    }
    ClassObj *cls = classOfInstance(v);
    if (!cls)
      if (ClassObj *c = asClass(v)) // `for m in Color`: the metaclass's __iter__
        cls = c->metaclass.get();
    if (!cls)
      notIterable(v);
    Value it;
    if (callSpecial(ev, v, "__iter__", {}, it)) {
      if (isIterator(it)) {
        mode_ = Mode::Iterator;
        src_ = it;
        return;
      }
      // An __iter__ that returns an iterable rather than an iterator (a
      // NamedTuple's returns its tuple) is iterated in its place.
      *this = ItemCursor(ev, it, loc);
      return;
    }
    if (cls->lookup("__getitem__")) {
      mode_ = Mode::Indexed; // the old sequence protocol: 0, 1, ... until IndexError
      src_ = v;
      end_ = -1;
      return;
    }
    notIterable(v);
  }
  default:
    notIterable(v);
  }
}

bool ItemCursor::next(Value &out) {
  switch (mode_) {
  case Mode::Sequence: {
    auto &el = src_.elements(); // by index: a loop sees what it appends
    if (size_t(pos_) >= el.size())
      break;
    out = el[size_t(pos_++)];
    return true;
  }
  case Mode::Range:
    if (pos_ >= end_)
      break;
    out = Value::integer(start_ + pos_++ * step_);
    return true;
  case Mode::Str: {
    const std::string &s = src_.asStr();
    if (pos_ >= end_)
      break;
    unsigned char c = s[size_t(pos_)];
    int64_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    out = Value::str(s.substr(size_t(pos_), size_t(n)));
    pos_ += n;
    return true;
  }
  case Mode::Items:
    if (pos_ >= end_)
      break;
    out = items_[size_t(pos_++)];
    return true;
  case Mode::Indexed:
    if (end_ >= 0) {
      if (pos_ >= end_)
        break;
      out = ev_->getItem(src_, Value::integer(pos_++), loc_);
      return true;
    }
    try {
      callSpecial(*ev_, src_, "__getitem__", {Value::integer(pos_)}, out);
      ++pos_;
      return true;
    } catch (ParaxError &e) {
      if (e.diag().kind != "IndexError" && e.diag().kind != "StopIteration")
        throw;
    }
    break;
  case Mode::Iterator:
    if (iteratorStep(*ev_, src_, out, nullptr, loc_))
      return true;
    break;
  case Mode::Done:
    return false;
  }
  mode_ = Mode::Done;
  src_ = Value();
  items_.clear();
  return false;
}

//===----------------------------------------------------------------------===//
// Protocol helpers
//===----------------------------------------------------------------------===//
Value stopIterationValue(Evaluator &, const ParaxError &e) {
  if (auto *r = dynamic_cast<const RaisedError *>(&e))
    if (ExceptionValue *x = asException(r->exception()); x && !x->args().empty())
      return x->args()[0];
  return Value();
}

bool iteratorStep(Evaluator &ev, const Value &it, Value &out, Value *returned, Loc loc) {
  if (GeneratorObj *g = asGenerator(it)) {
    if (g->finished())
      return false;
    if (g->send(Value(), out, loc))
      return true;
    if (returned)
      *returned = out;
    out = Value();
    return false;
  }
  if (IteratorObj *io = asIteratorObj(it)) {
    try {
      if (auto v = io->next(ev)) {
        out = std::move(*v);
        return true;
      }
    } catch (ParaxError &e) {
      // A StopIteration from inside (map's function called next()) ends
      // the iteration, as it does in CPython.
      if (e.diag().kind != "StopIteration")
        throw;
    }
    return false;
  }
  try {
    if (callSpecial(ev, it, "__next__", {}, out))
      return true;
  } catch (ParaxError &e) {
    if (e.diag().kind != "StopIteration")
      throw;
    if (returned)
      *returned = stopIterationValue(ev, e);
    return false;
  }
  raise("TypeError", "'" + typeName(it) + "' object is not an iterator");
}

Value getIterator(Evaluator &ev, const Value &v, Loc loc) {
  if (v.kind() == Value::Kind::Native) {
    if (v.as<GeneratorObj>() || v.as<IteratorObj>())
      return v;
    if (classOfInstance(v)) {
      Value it;
      if (callSpecial(ev, v, "__iter__", {}, it) && isIterator(it))
        return it;
    }
  }
  std::string type = v.isList() ? "list_iterator" : v.isTuple() ? "tuple_iterator"
                     : v.isStr() ? "str_ascii_iterator" : v.isDict() ? "dict_keyiterator"
                     : v.is(Value::Kind::Set) || v.is(Value::Kind::FrozenSet) ? "set_iterator"
                     : v.is(Value::Kind::Range) ? "range_iterator" : "iterator";
  return Value::object(Value::Kind::Native,
                       std::make_shared<IteratorObj>(
                           type, [c = ItemCursor(ev, v, loc)](Evaluator &, Value &out) mutable {
                             return c.next(out);
                           }));
}

std::vector<Value> drainIterable(Evaluator &ev, const Value &v, Loc loc) {
  if (v.isSequence())
    return v.elements();
  if (v.isStr()) // one str object per character
    HostMemory::require(int64_t(v.asStr().size()) * 96, "the characters of a str");
  if (v.is(Value::Kind::Range))
    requireSequence(v.as<RangeObj>()->length());
  std::vector<Value> out;
  ItemCursor c(ev, v, loc);
  Value x;
  while (c.next(x)) {
    out.push_back(std::move(x));
    if ((out.size() & 0xffff) == 0) {
      // An endless iterator collected into a list stops at the budget.
      requireSequence(int64_t(out.size()));
      if (out.size() >= 100000000)
        raise("MemoryError", "iterator produced more than 10^8 items");
    }
  }
  return out;
}

std::vector<Value> takeItems(Evaluator &ev, const Value &v, size_t max, Loc loc) {
  if (v.isSequence())
    return v.elements();
  std::vector<Value> out;
  ItemCursor c(ev, v, loc);
  Value x;
  while (out.size() < max && c.next(x))
    out.push_back(std::move(x));
  return out;
}

//===----------------------------------------------------------------------===//
// IteratorObj
//===----------------------------------------------------------------------===//
IteratorObj::IteratorObj(std::vector<Value> items) : type_("list_iterator") {
  produce_ = [items = std::move(items), pos = size_t(0)](Evaluator &, Value &out) mutable {
    if (pos >= items.size())
      return false;
    out = std::move(items[pos++]);
    return true;
  };
}

IteratorObj::IteratorObj(Value source, Value sentinel) : type_("callable_iterator") {
  produce_ = [source = std::move(source), sentinel = std::move(sentinel)](Evaluator &ev,
                                                                          Value &out) {
    out = ev.call(source, {}, ev.currentLoc());
    return !ev.truthy(ev.equals(out, sentinel, ev.currentLoc()));
  };
}

std::string IteratorObj::repr() const {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", static_cast<const void *>(this));
  return "<" + type_ + " object at " + buf + ">";
}

std::optional<Value> IteratorObj::next(Evaluator &ev) {
  if (done_)
    return std::nullopt;
  // An error from the source leaves the iterator where it was (a map()
  // whose function raised goes on with the next item, as CPython's).
  Value v;
  bool more = produce_(ev, v);
  if (!more) {
    done_ = true;
    produce_ = nullptr; // what it held (a generator, a list) goes now
    return std::nullopt;
  }
  return v;
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

bool IteratorObj::getAttr(Evaluator &, const std::string &name, Value &out) {
  if (name != "__next__" && name != "__iter__")
    return false;
  // The bound method holds the iterator (it may outlive the name).
  Value self = Value::object(Value::Kind::Native, shared_from_this());
  if (name == "__iter__") {
    out = makeBuiltin(type_ + ".__iter__", [self](Evaluator &, CallArgs &) { return self; });
    return true;
  }
  out = makeBuiltin(type_ + ".__next__", [self](Evaluator &ev, CallArgs &a) -> Value {
    expectPositional(a, 0, 0, "__next__");
    if (auto v = self.as<IteratorObj>()->next(ev))
      return *v;
    raise("StopIteration", "");
  });
  return true;
}

//===----------------------------------------------------------------------===//
// Builtins
//===----------------------------------------------------------------------===//
namespace {
Value makeIterator(std::string type, IteratorObj::Producer p) {
  return Value::object(Value::Kind::Native,
                       std::make_shared<IteratorObj>(std::move(type), std::move(p)));
}

Value nextBuiltin(Evaluator &ev, CallArgs &a) {
  expectPositional(a, 1, 2, "next");
  const Value &it = a.args[0];
  bool hasDefault = a.args.size() == 2;
  if (GeneratorObj *g = asGenerator(it)) {
    Value v;
    if (!g->finished() && g->send(Value(), v, a.loc))
      return v;
    if (hasDefault)
      return a.args[1];
    raiseStopIteration(ev, v);
  }
  if (IteratorObj *io = asIteratorObj(it)) {
    try {
      if (auto v = io->next(ev))
        return *v;
    } catch (ParaxError &e) {
      if (e.diag().kind != "StopIteration" || !hasDefault)
        throw;
    }
    if (hasDefault)
      return a.args[1];
    raise("StopIteration", "");
  }
  Value r;
  try {
    if (callSpecial(ev, it, "__next__", {}, r))
      return r;
  } catch (ParaxError &e) {
    if (e.diag().kind == "StopIteration" && hasDefault)
      return a.args[1];
    throw;
  }
  raise("TypeError", "'" + typeName(it) + "' object is not an iterator",
        it.isSequence() || it.isStr() || it.isDict()
            ? "call iter() on it first: next(iter(x))"
            : "");
}

Value reversedBuiltin(Evaluator &ev, CallArgs &a) {
  expectPositional(a, 1, 1, "reversed");
  Value v = a.args[0];
  if (Value r; callSpecial(ev, v, "__reversed__", {}, r))
    return r;
  if (v.isList() || v.isTuple()) {
    // By index from the end, as CPython's reverse iterators go.
    std::string type = v.isList() ? "list_reverseiterator" : "reversed";
    int64_t i = int64_t(v.elements().size());
    return makeIterator(type, [v, i](Evaluator &, Value &out) mutable {
      auto &el = v.elements();
      if (--i < 0 || size_t(i) >= el.size())
        return i = -1, false;
      out = el[size_t(i)];
      return true;
    });
  }
  if (v.is(Value::Kind::Range)) {
    auto *r = v.as<RangeObj>();
    int64_t n = r->length();
    return makeIterator("range_iterator", [v, r, n](Evaluator &, Value &out) mutable {
      if (n <= 0)
        return false;
      out = Value::integer(r->at(--n));
      return true;
    });
  }
  if (isIterator(v))
    raise("TypeError", "'" + typeName(v) + "' object is not reversible",
          "reversed() needs a sequence; collect the items first: reversed(list(it))");
  ClassObj *cls = classOfInstance(v);
  if (cls && !(cls->lookup("__len__") && cls->lookup("__getitem__")))
    raise("TypeError", "'" + typeName(v) + "' object is not reversible");
  std::vector<Value> items = ev.iterate(v, a.loc);
  std::reverse(items.begin(), items.end());
  return Value::object(Value::Kind::Native, std::make_shared<IteratorObj>(std::move(items)));
}
} // namespace

void installIteratorBuiltins(Evaluator &ev, NameMap<Value> &b) {
  // The lazy builtins are types, as in CPython: type(map(f, xs)) is map.
  auto defType = [&](const std::string &name, BuiltinFunction::Impl impl) {
    b[name] = makeType(
        name, [name](const Value &v) { return typeName(v) == name; }, std::move(impl));
  };
  b["iter"] = makeBuiltin("iter", [](Evaluator &ev, CallArgs &a) -> Value {
    expectPositional(a, 1, 2, "iter");
    if (a.args.size() == 2) {
      if (!a.args[0].isCallableKind())
        raise("TypeError", "iter(v, w): v must be callable");
      return Value::object(Value::Kind::Native,
                           std::make_shared<IteratorObj>(a.args[0], a.args[1]));
    }
    return getIterator(ev, a.args[0], a.loc);
  });
  b["next"] = makeBuiltin("next", nextBuiltin);
  defType("reversed", reversedBuiltin);
  defType("enumerate", [](Evaluator &ev, CallArgs &a) {
    const Value *it = a.get(0, "iterable");
    if (!it)
      raise("TypeError", "enumerate() missing required argument 'iterable'");
    int64_t start = 0;
    if (const Value *s = a.get(1, "start"))
      start = ev.toIndex(*s, "enumerate start");
    return makeIterator("enumerate", [c = ItemCursor(ev, *it, a.loc), start](
                                         Evaluator &, Value &out) mutable {
      Value item;
      if (!c.next(item))
        return false;
      out = Value::tuple({Value::integer(start++), std::move(item)});
      return true;
    });
  });
  defType("zip", [](Evaluator &ev, CallArgs &a) {
    bool strict = false;
    for (auto &kw : a.kwargs) {
      if (kw.first != "strict")
        raise("TypeError", "zip() got an unexpected keyword argument '" + kw.first + "'");
      strict = ev.truthy(kw.second);
    }
    std::vector<ItemCursor> cs;
    for (auto &v : a.args)
      cs.emplace_back(ev, v, a.loc);
    return makeIterator("zip", [cs = std::move(cs), strict](Evaluator &, Value &out) mutable {
      if (cs.empty())
        return false;
      std::vector<Value> t(cs.size());
      for (size_t i = 0; i < cs.size(); ++i) {
        if (cs[i].next(t[i]))
          continue;
        if (strict) {
          if (i > 0)
            raise("ValueError", "zip() argument " + std::to_string(i + 1) +
                                    " is shorter than argument" + (i > 1 ? "s 1-" : " ") +
                                    std::to_string(i));
          for (size_t j = 1; j < cs.size(); ++j) {
            Value extra;
            if (cs[j].next(extra))
              raise("ValueError", "zip() argument " + std::to_string(j + 1) +
                                      " is longer than argument" + (j > 1 ? "s 1-" : " ") +
                                      std::to_string(j));
          }
        }
        cs.clear();
        return false;
      }
      out = Value::tuple(std::move(t));
      return true;
    });
  });
  defType("map", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() < 2)
      raise("TypeError", "map() must have at least two arguments.");
    Value fn = a.args[0];
    std::vector<ItemCursor> cs;
    for (size_t i = 1; i < a.args.size(); ++i)
      cs.emplace_back(ev, a.args[i], a.loc);
    Loc loc = a.loc;
    return makeIterator("map", [cs = std::move(cs), fn, loc](Evaluator &ev, Value &out) mutable {
      std::vector<Value> args(cs.size());
      for (size_t i = 0; i < cs.size(); ++i)
        if (!cs[i].next(args[i]))
          return false;
      out = ev.call(fn, std::move(args), loc);
      return true;
    });
  });
  defType("filter", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() != 2)
      raise("TypeError", "filter expected 2 arguments, got " + std::to_string(a.args.size()));
    Value fn = a.args[0];
    Loc loc = a.loc;
    return makeIterator("filter", [c = ItemCursor(ev, a.args[1], a.loc), fn, loc](
                                      Evaluator &ev, Value &out) mutable {
      while (c.next(out))
        if (fn.isNone() ? ev.truthy(out) : ev.truthy(ev.call(fn, {out}, loc)))
          return true;
      return false;
    });
  });
}

} // namespace parax::frontend
