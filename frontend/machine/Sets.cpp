//===- Sets.cpp - set and frozenset ---------------------------------------===//
#include "frontend/machine/Sets.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/Hashing.h"

#include <algorithm>

namespace parax::frontend {

namespace {
constexpr size_t kMinSize = 8;
constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;
} // namespace

//===----------------------------------------------------------------------===//
// The table (setobject.c's algorithms)
//===----------------------------------------------------------------------===//
SetObj::SetObj() : table_(kMinSize) { recharge(); }

void SetObj::recharge() {
  charge_.update(64 + int64_t(table_.size() * sizeof(Entry)), "a set");
}

std::vector<Value> SetObj::items() const {
  std::vector<Value> out;
  out.reserve(used_);
  for (const Entry &e : table_)
    if (e.state == Entry::Active)
      out.push_back(e.key);
  return out;
}

long SetObj::lookup(Evaluator &ev, const Value &key, int64_t hash) {
restart:
  size_t perturb = size_t(hash), i = size_t(hash) & mask_;
  for (;;) {
    size_t probes = i + kLinearProbes <= mask_ ? kLinearProbes : 0;
    for (size_t j = i; j <= i + probes; ++j) {
      Entry &e = table_[j];
      if (e.state == Entry::Empty)
        return -1;
      if (e.state == Entry::Active && e.hash == hash) {
        if (e.key.identical(key))
          return long(j);
        if (e.key.isStr() && key.isStr()) {
          if (e.key.asStr() == key.asStr())
            return long(j);
          continue;
        }
        Value start = e.key;
        uint64_t version = version_;
        bool eq = pyKeysEqual(ev, start, key);
        // __eq__ may have changed the set: start over as CPython does.
        if (version != version_ || !table_[j].key.identical(start))
          goto restart;
        if (eq)
          return long(j);
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask_;
  }
}

void SetObj::addEntry(Evaluator &ev, const Value &key, int64_t hash) {
  // The probe runs on to a never-used slot; the key then takes the last
  // deleted slot passed on the way, if any (as CPython 3.11 does).
restart:
  size_t perturb = size_t(hash), i = size_t(hash) & mask_;
  long freeSlot = -1;
  for (;;) {
    size_t probes = i + kLinearProbes <= mask_ ? kLinearProbes : 0;
    for (size_t j = i; j <= i + probes; ++j) {
      Entry &e = table_[j];
      if (e.state == Entry::Dummy) {
        freeSlot = long(j);
        continue;
      }
      if (e.state == Entry::Empty) {
        if (freeSlot >= 0) {
          Entry &f = table_[size_t(freeSlot)];
          f.key = key;
          f.hash = hash;
          f.state = Entry::Active;
          ++used_;
          return;
        }
        e.key = key;
        e.hash = hash;
        e.state = Entry::Active;
        ++fill_;
        ++used_;
        if (fill_ * 5 < mask_ * 3)
          return;
        resize(used_ > 50000 ? used_ * 2 : used_ * 4);
        return;
      }
      if (e.state == Entry::Active && e.hash == hash) {
        if (e.key.identical(key))
          return;
        if (e.key.isStr() && key.isStr()) {
          if (e.key.asStr() == key.asStr())
            return;
          continue;
        }
        Value start = e.key;
        uint64_t version = version_;
        bool eq = pyKeysEqual(ev, start, key);
        if (version != version_ || !table_[j].key.identical(start))
          goto restart;
        if (eq)
          return;
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask_;
  }
}

void SetObj::insertClean(const Value &key, int64_t hash) {
  size_t perturb = size_t(hash), i = size_t(hash) & mask_;
  for (;;) {
    if (table_[i].state == Entry::Empty)
      break;
    bool found = false;
    if (i + kLinearProbes <= mask_) {
      for (size_t j = 1; j <= kLinearProbes; ++j)
        if (table_[i + j].state == Entry::Empty) {
          i += j;
          found = true;
          break;
        }
    }
    if (found)
      break;
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask_;
  }
  table_[i].key = key;
  table_[i].hash = hash;
  table_[i].state = Entry::Active;
}

void SetObj::resize(size_t minUsed) {
  size_t newSize = kMinSize;
  while (newSize <= minUsed)
    newSize <<= 1;
  HostMemory::require(int64_t(newSize * sizeof(Entry)), "a set");
  std::vector<Entry> old(newSize);
  old.swap(table_);
  mask_ = newSize - 1;
  ++version_;
  fill_ = used_;
  for (Entry &e : old)
    if (e.state == Entry::Active)
      insertClean(e.key, e.hash);
  recharge();
}

void SetObj::add(Evaluator &ev, const Value &key) { addEntry(ev, key, pyHash(ev, key)); }

namespace {
/// A set used as a key (`{1} in s`, s.remove({1})) is looked up as the
/// frozenset of its items, as CPython does.
Value keyForLookup(Evaluator &ev, const Value &key) {
  if (!key.is(Value::Kind::Set))
    return key;
  Value f = newSet(Value::Kind::FrozenSet);
  asSet(f).merge(ev, asSet(key));
  return f;
}
} // namespace

bool SetObj::contains(Evaluator &ev, const Value &key) {
  Value k = keyForLookup(ev, key);
  return lookup(ev, k, pyHash(ev, k)) >= 0;
}

bool SetObj::containsEntry(Evaluator &ev, const Value &key, int64_t hash) {
  return lookup(ev, key, hash) >= 0;
}

bool SetObj::discardEntry(Evaluator &ev, const Value &key, int64_t hash) {
  long j = lookup(ev, key, hash);
  if (j < 0)
    return false;
  Entry &e = table_[size_t(j)];
  e.key = Value();
  e.hash = -1;
  e.state = Entry::Dummy;
  --used_;
  return true;
}

bool SetObj::discard(Evaluator &ev, const Value &key) {
  Value k = keyForLookup(ev, key);
  return discardEntry(ev, k, pyHash(ev, k));
}

Value SetObj::pop() {
  if (used_ == 0)
    raise("KeyError", "'pop from an empty set'");
  size_t i = finger_ & mask_;
  while (table_[i].state != Entry::Active)
    i = i == mask_ ? 0 : i + 1;
  Value key = std::move(table_[i].key);
  table_[i].key = Value();
  table_[i].hash = -1;
  table_[i].state = Entry::Dummy;
  --used_;
  finger_ = i + 1;
  return key;
}

void SetObj::clear() {
  std::vector<Entry> fresh(kMinSize);
  fresh.swap(table_);
  mask_ = kMinSize - 1;
  fill_ = used_ = 0;
  ++version_;
  recharge();
}

void SetObj::merge(Evaluator &ev, const SetObj &other) {
  if (&other == this || other.used_ == 0)
    return;
  // One resize up front, expecting few overlapping keys.
  if ((fill_ + other.used_) * 5 >= mask_ * 3)
    resize((used_ + other.used_) * 2);
  if (fill_ == 0 && mask_ == other.mask_ && other.fill_ == other.used_) {
    table_ = other.table_; // the same layout
    fill_ = other.fill_;
    used_ = other.used_;
    ++version_;
    return;
  }
  if (fill_ == 0) {
    fill_ = used_ = other.used_;
    for (const Entry &e : other.table_)
      if (e.state == Entry::Active)
        insertClean(e.key, e.hash);
    return;
  }
  std::vector<Entry> entries = other.table_; // __eq__ may mutate `other`
  for (const Entry &e : entries)
    if (e.state == Entry::Active)
      addEntry(ev, e.key, e.hash);
}

void SetObj::update(Evaluator &ev, const Value &iterable) {
  if (iterable.isAnySet()) {
    merge(ev, asSet(iterable));
    return;
  }
  if (iterable.isDict()) {
    size_t n = iterable.asDict().items().size();
    if ((fill_ + n) * 5 >= mask_ * 3)
      resize((used_ + n) * 2);
    for (auto &kv : std::vector<std::pair<Value, Value>>(iterable.asDict().items()))
      add(ev, kv.first);
    return;
  }
  for (const Value &v : ev.iterate(iterable, {}))
    add(ev, v);
}

void SetObj::swapBodies(SetObj &other) {
  std::swap(table_, other.table_);
  std::swap(mask_, other.mask_);
  std::swap(fill_, other.fill_);
  std::swap(used_, other.used_);
  ++version_;
  ++other.version_;
  recharge();
  other.recharge();
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//
SetObj &asSet(const Value &v) { return *static_cast<SetObj *>(v.objectPtr().get()); }

Value newSet(Value::Kind kind) { return Value::object(kind, std::make_shared<SetObj>()); }

Value setFromItems(Evaluator &ev, Value::Kind kind, const std::vector<Value> &items) {
  Value s = newSet(kind);
  for (const Value &v : items)
    asSet(s).add(ev, v);
  return s;
}

bool cpythonFoldsToConstant(const Expr &e) {
  if (e.kind == ExprKind::Constant)
    return true;
  if (auto *u = dyn_cast<UnaryOpExpr>(&e)) {
    auto *c = dyn_cast<ConstantExpr>(u->operand.get());
    return u->op != UnaryOpKind::Not && cpythonFoldsToConstant(*u->operand) &&
           !(c && c->type == ConstantExpr::Type::Str) && u->operand->kind != ExprKind::Tuple;
  }
  if (e.kind == ExprKind::Tuple) {
    for (auto &el : cast<SequenceExpr>(&e)->elts)
      if (!cpythonFoldsToConstant(*el))
        return false;
    return true;
  }
  if (auto *b = dyn_cast<BinOpExpr>(&e)) {
    // Numbers only, and no powers or shifts that could grow large (CPython
    // refuses to fold results beyond 128 bits).
    auto numeric = [](const Expr &x) {
      if (auto *c = dyn_cast<ConstantExpr>(&x))
        return c->type == ConstantExpr::Type::Int || c->type == ConstantExpr::Type::Float;
      return x.kind == ExprKind::BinOp || x.kind == ExprKind::UnaryOp;
    };
    if (!numeric(*b->lhs) || !numeric(*b->rhs) || b->op == BinOpKind::MatMul)
      return false;
    return cpythonFoldsToConstant(*b->lhs) && cpythonFoldsToConstant(*b->rhs);
  }
  return false;
}

Value setFromConstantDisplay(Evaluator &ev, const std::vector<Value> &items) {
  Value folded = setFromItems(ev, Value::Kind::FrozenSet, items);
  Value merged = setFromItems(ev, Value::Kind::FrozenSet, asSet(folded).items());
  Value r = newSet(Value::Kind::Set);
  asSet(r).merge(ev, asSet(merged));
  return r;
}

namespace {
Value copyOf(Evaluator &ev, Value::Kind kind, const Value &src) {
  Value r = newSet(kind);
  asSet(r).merge(ev, asSet(src));
  return r;
}

/// `other` as a set to iterate or probe: itself, or a new set of its items.
Value asSetOperand(Evaluator &ev, const Value &other) {
  if (other.isAnySet())
    return other;
  Value t = newSet(Value::Kind::Set);
  asSet(t).update(ev, other);
  return t;
}

/// set_intersection: the result has `so`'s type; keys come from the
/// smaller set.
Value intersection(Evaluator &ev, const Value &so, const Value &other) {
  if (so.identical(other))
    return copyOf(ev, so.kind(), so);
  Value result = newSet(so.kind());
  SetObj &r = asSet(result);
  if (other.isAnySet()) {
    const Value *big = &so, *small = &other;
    if (asSet(other).size() > asSet(so).size())
      std::swap(big, small);
    std::vector<SetObj::Entry> entries = asSet(*small).table();
    for (const SetObj::Entry &e : entries)
      if (e.state == SetObj::Entry::Active && asSet(*big).containsEntry(ev, e.key, e.hash))
        r.addEntry(ev, e.key, e.hash);
    return result;
  }
  for (const Value &k : ev.iterate(other, {})) {
    int64_t h = pyHash(ev, k);
    if (asSet(so).containsEntry(ev, k, h))
      r.addEntry(ev, k, h);
  }
  return result;
}

void differenceUpdate(Evaluator &ev, SetObj &so, const Value &other) {
  if (&so == other.objectPtr().get()) {
    so.clear();
    return;
  }
  if (other.isAnySet()) {
    std::vector<SetObj::Entry> entries = asSet(other).table();
    for (const SetObj::Entry &e : entries)
      if (e.state == SetObj::Entry::Active)
        so.discardEntry(ev, e.key, e.hash);
  } else {
    for (const Value &k : ev.iterate(other, {}))
      so.discard(ev, k);
  }
  // More than a quarter dummies: rebuild without them.
  size_t fill = 0, mask = so.table().size() - 1;
  for (const SetObj::Entry &e : so.table())
    fill += e.state != SetObj::Entry::Empty;
  if (fill - so.size() > mask / 4)
    so.resize(so.size() > 50000 ? so.size() * 2 : so.size() * 4);
}

Value difference(Evaluator &ev, const Value &so, const Value &other) {
  size_t otherSize;
  if (other.isAnySet())
    otherSize = asSet(other).size();
  else if (other.isDict())
    otherSize = other.asDict().items().size();
  else {
    Value r = copyOf(ev, so.kind(), so);
    differenceUpdate(ev, asSet(r), other);
    return r;
  }
  if ((asSet(so).size() >> 2) > otherSize) {
    Value r = copyOf(ev, so.kind(), so);
    differenceUpdate(ev, asSet(r), other);
    return r;
  }
  Value result = newSet(so.kind());
  std::vector<SetObj::Entry> entries = asSet(so).table();
  for (const SetObj::Entry &e : entries) {
    if (e.state != SetObj::Entry::Active)
      continue;
    bool in = other.isAnySet() ? asSet(other).containsEntry(ev, e.key, e.hash)
                               : other.asDict().find(e.key) != nullptr;
    if (!in)
      asSet(result).addEntry(ev, e.key, e.hash);
  }
  return result;
}

void symmetricDifferenceUpdate(Evaluator &ev, const Value &so, const Value &other) {
  if (so.identical(other)) {
    asSet(so).clear();
    return;
  }
  Value otherSet = other;
  if (!other.isAnySet()) {
    otherSet = newSet(so.kind());
    asSet(otherSet).update(ev, other);
  }
  std::vector<SetObj::Entry> entries = asSet(otherSet).table();
  for (const SetObj::Entry &e : entries)
    if (e.state == SetObj::Entry::Active && !asSet(so).discardEntry(ev, e.key, e.hash))
      asSet(so).addEntry(ev, e.key, e.hash);
}

Value symmetricDifference(Evaluator &ev, const Value &so, const Value &other) {
  Value r = newSet(so.kind());
  asSet(r).update(ev, other);
  symmetricDifferenceUpdate(ev, r, so);
  return r;
}

bool isSubset(Evaluator &ev, const Value &so, const Value &other) {
  Value o = asSetOperand(ev, other);
  if (asSet(so).size() > asSet(o).size())
    return false;
  std::vector<SetObj::Entry> entries = asSet(so).table();
  for (const SetObj::Entry &e : entries)
    if (e.state == SetObj::Entry::Active && !asSet(o).containsEntry(ev, e.key, e.hash))
      return false;
  return true;
}

bool isDisjoint(Evaluator &ev, const Value &so, const Value &other) {
  if (so.identical(other))
    return asSet(so).size() == 0;
  Value o = asSetOperand(ev, other);
  const Value *big = &so, *small = &o;
  if (asSet(o).size() > asSet(so).size())
    std::swap(big, small);
  std::vector<SetObj::Entry> entries = asSet(*small).table();
  for (const SetObj::Entry &e : entries)
    if (e.state == SetObj::Entry::Active && asSet(*big).containsEntry(ev, e.key, e.hash))
      return false;
  return true;
}

const char *kindName(const Value &v) { return v.is(Value::Kind::Set) ? "set" : "frozenset"; }
} // namespace

int64_t frozensetHash(Evaluator &ev, const Value &v) {
  SetObj &s = asSet(v);
  if (s.cachedHash != -1)
    return s.cachedHash;
  auto shuffle = [](uint64_t h) { return ((h ^ 89869747ull) ^ (h << 16)) * 3644798167ull; };
  uint64_t hash = 0;
  for (const SetObj::Entry &e : s.table())
    if (e.state == SetObj::Entry::Active)
      hash ^= shuffle(uint64_t(e.hash));
  hash ^= (uint64_t(s.size()) + 1) * 1927868237ull;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069u + 907133923ull;
  if (hash == uint64_t(-1))
    hash = 590923713ull;
  s.cachedHash = int64_t(hash);
  return s.cachedHash;
}

std::string setRepr(Evaluator &ev, const Value &v) {
  bool frozen = v.is(Value::Kind::FrozenSet);
  SetObj &s = asSet(v);
  if (s.size() == 0)
    return frozen ? "frozenset()" : "set()";
  std::string out = frozen ? "frozenset({" : "{";
  bool first = true;
  for (const Value &k : s.items()) {
    out += (first ? "" : ", ") + ev.repr(k);
    first = false;
  }
  return out + (frozen ? "})" : "}");
}

bool setsEqual(Evaluator &ev, const Value &a, const Value &b) {
  if (asSet(a).size() != asSet(b).size())
    return false;
  if (a.is(Value::Kind::FrozenSet) && b.is(Value::Kind::FrozenSet) &&
      asSet(a).cachedHash != -1 && asSet(b).cachedHash != -1 &&
      asSet(a).cachedHash != asSet(b).cachedHash)
    return false;
  return isSubset(ev, a, b);
}

bool setBinary(Evaluator &ev, BinOpKind op, const Value &a, const Value &b, Value &out) {
  if (!a.isAnySet() || !b.isAnySet())
    return false;
  switch (op) {
  case BinOpKind::BitOr: {
    out = copyOf(ev, a.kind(), a);
    if (!a.identical(b))
      asSet(out).update(ev, b);
    return true;
  }
  case BinOpKind::BitAnd: out = intersection(ev, a, b); return true;
  case BinOpKind::Sub: out = difference(ev, a, b); return true;
  case BinOpKind::BitXor: out = symmetricDifference(ev, a, b); return true;
  default: return false;
  }
}

bool setCompare(Evaluator &ev, CmpOpKind op, const Value &a, const Value &b, Value &out) {
  if (!a.isAnySet() || !b.isAnySet())
    return false;
  size_t na = asSet(a).size(), nb = asSet(b).size();
  switch (op) {
  case CmpOpKind::Eq: out = Value::boolean(setsEqual(ev, a, b)); return true;
  case CmpOpKind::NotEq: out = Value::boolean(!setsEqual(ev, a, b)); return true;
  case CmpOpKind::LtE: out = Value::boolean(isSubset(ev, a, b)); return true;
  case CmpOpKind::Lt: out = Value::boolean(na < nb && isSubset(ev, a, b)); return true;
  case CmpOpKind::GtE: out = Value::boolean(isSubset(ev, b, a)); return true;
  case CmpOpKind::Gt: out = Value::boolean(nb < na && isSubset(ev, b, a)); return true;
  default: return false;
  }
}

bool setInplace(Evaluator &ev, BinOpKind op, const Value &cur, const Value &rhs) {
  if (!cur.is(Value::Kind::Set) || !rhs.isAnySet())
    return false;
  SetObj &s = asSet(cur);
  switch (op) {
  case BinOpKind::BitOr: s.update(ev, rhs); return true;
  case BinOpKind::BitAnd: {
    Value t = intersection(ev, cur, rhs);
    s.swapBodies(asSet(t));
    return true;
  }
  case BinOpKind::Sub: differenceUpdate(ev, s, rhs); return true;
  case BinOpKind::BitXor: symmetricDifferenceUpdate(ev, cur, rhs); return true;
  default: return false;
  }
}

//===----------------------------------------------------------------------===//
// Methods
//===----------------------------------------------------------------------===//
std::vector<std::string> setMethodNames(bool frozen) {
  std::vector<std::string> names = {"copy", "difference", "intersection", "isdisjoint",
                                    "issubset", "issuperset", "symmetric_difference",
                                    "union"};
  if (!frozen)
    for (const char *n : {"add", "clear", "difference_update", "discard",
                          "intersection_update", "pop", "remove",
                          "symmetric_difference_update", "update"})
      names.push_back(n);
  return names;
}

Value setMethod(Evaluator &, const Value &self, const std::string &name) {
  bool frozen = self.is(Value::Kind::FrozenSet);
  auto names = setMethodNames(frozen);
  if (std::find(names.begin(), names.end(), name) == names.end())
    return Value::none();
  std::string qual = std::string(kindName(self)) + "." + name;
  Value s = self;
  auto arity = [qual](CallArgs &a, size_t lo, size_t hi) {
    if (!a.kwargs.empty())
      raise("TypeError", qual + "() takes no keyword arguments");
    if (a.args.size() < lo || a.args.size() > hi) {
      std::string n = qual.substr(qual.find('.') + 1);
      if (lo == hi && lo == 0)
        raise("TypeError", qual + "() takes no arguments (" + std::to_string(a.args.size()) +
                               " given)");
      if (lo == hi)
        raise("TypeError", qual + "() takes exactly one argument (" +
                               std::to_string(a.args.size()) + " given)");
      raise("TypeError", n + " expected at most " + std::to_string(hi) + " arguments");
    }
  };
  return makeBuiltin(qual, [s, name, arity](Evaluator &ev, CallArgs &a) -> Value {
    SetObj &so = asSet(s);
    if (name == "add") {
      arity(a, 1, 1);
      so.add(ev, a.args[0]);
      return Value::none();
    }
    if (name == "discard" || name == "remove") {
      arity(a, 1, 1);
      if (!so.discard(ev, a.args[0]) && name == "remove")
        raiseKeyError(ev, a.args[0]);
      return Value::none();
    }
    if (name == "pop") {
      arity(a, 0, 0);
      return so.pop();
    }
    if (name == "clear") {
      arity(a, 0, 0);
      so.clear();
      return Value::none();
    }
    if (name == "copy") {
      arity(a, 0, 0);
      if (s.is(Value::Kind::FrozenSet))
        return s;
      return copyOf(ev, s.kind(), s);
    }
    if (name == "update") {
      arity(a, 0, SIZE_MAX);
      for (const Value &o : a.args)
        so.update(ev, o);
      return Value::none();
    }
    if (name == "union") {
      arity(a, 0, SIZE_MAX);
      Value r = copyOf(ev, s.kind(), s);
      for (const Value &o : a.args)
        if (!o.identical(s))
          asSet(r).update(ev, o);
      return r;
    }
    if (name == "intersection" || name == "intersection_update") {
      arity(a, 0, SIZE_MAX);
      Value r = s;
      if (a.args.empty())
        r = copyOf(ev, s.kind(), s);
      for (const Value &o : a.args)
        r = intersection(ev, r, o);
      if (name == "intersection")
        return r;
      if (!r.identical(s))
        so.swapBodies(asSet(r));
      return Value::none();
    }
    if (name == "difference") {
      arity(a, 0, SIZE_MAX);
      if (a.args.empty())
        return copyOf(ev, s.kind(), s);
      Value r = difference(ev, s, a.args[0]);
      for (size_t i = 1; i < a.args.size(); ++i)
        differenceUpdate(ev, asSet(r), a.args[i]);
      return r;
    }
    if (name == "difference_update") {
      arity(a, 0, SIZE_MAX);
      for (const Value &o : a.args)
        differenceUpdate(ev, so, o);
      return Value::none();
    }
    if (name == "symmetric_difference") {
      arity(a, 1, 1);
      return symmetricDifference(ev, s, a.args[0]);
    }
    if (name == "symmetric_difference_update") {
      arity(a, 1, 1);
      symmetricDifferenceUpdate(ev, s, a.args[0]);
      return Value::none();
    }
    if (name == "issubset") {
      arity(a, 1, 1);
      return Value::boolean(isSubset(ev, s, a.args[0]));
    }
    if (name == "issuperset") {
      arity(a, 1, 1);
      Value o = asSetOperand(ev, a.args[0]);
      return Value::boolean(isSubset(ev, o, s));
    }
    if (name == "isdisjoint") {
      arity(a, 1, 1);
      return Value::boolean(isDisjoint(ev, s, a.args[0]));
    }
    return Value::none();
  });
}

void installSetBuiltins(Evaluator &, NameMap<Value> &b) {
  auto ctor = [](Value::Kind kind, const char *name) {
    return [kind, name](Evaluator &ev, CallArgs &a) -> Value {
      if (!a.kwargs.empty())
        raise("TypeError", std::string(name) + "() takes no keyword arguments");
      if (a.args.size() > 1)
        raise("TypeError", std::string(name) + " expected at most 1 argument, got " +
                               std::to_string(a.args.size()));
      if (kind == Value::Kind::FrozenSet && !a.args.empty() &&
          a.args[0].is(Value::Kind::FrozenSet))
        return a.args[0]; // frozenset(f) is f
      Value s = newSet(kind);
      if (!a.args.empty())
        asSet(s).update(ev, a.args[0]);
      return s;
    };
  };
  b["set"] = makeType(
      "set", [](const Value &v) { return v.is(Value::Kind::Set); },
      ctor(Value::Kind::Set, "set"));
  b["frozenset"] = makeType(
      "frozenset", [](const Value &v) { return v.is(Value::Kind::FrozenSet); },
      ctor(Value::Kind::FrozenSet, "frozenset"));
}

} // namespace parax::frontend
