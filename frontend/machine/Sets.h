//===- Sets.h - set and frozenset -------------------------------*- C++ -*-===//
//
// Python's set and frozenset, built as CPython builds them: an open-
// addressing table of (key, hash) entries probed linearly in runs of ten
// then by the perturbed recurrence, grown to four times the used count at
// 60% fill, with dummy entries for deletions. A set iterates, and so
// prints, in table order; because hashes (machine/Hashing.h) and every
// operation's insertion order follow CPython's setobject.c, `print({3, 1,
// 2})`, `print(a | b)` or `print(a - b)` show CPython's order.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/NameMap.h"
#include "frontend/machine/Value.h"
#include "frontend/syntax/Ast.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace parax::frontend {

class Evaluator;

class SetObj : public Object {
public:
  SetObj();
  struct Entry {
    Value key;
    int64_t hash = 0;
    enum State : uint8_t { Empty, Active, Dummy } state = Empty;
  };

  size_t size() const { return used_; }
  /// The keys in iteration order.
  std::vector<Value> items() const;
  const std::vector<Entry> &table() const { return table_; }

  void add(Evaluator &ev, const Value &key);
  void addEntry(Evaluator &ev, const Value &key, int64_t hash);
  bool contains(Evaluator &ev, const Value &key);
  bool containsEntry(Evaluator &ev, const Value &key, int64_t hash);
  /// Removes `key`; false if it was not there.
  bool discard(Evaluator &ev, const Value &key);
  bool discardEntry(Evaluator &ev, const Value &key, int64_t hash);
  Value pop();
  void clear();
  /// Rebuilds the table for `minUsed` entries (set_table_resize).
  void resize(size_t minUsed);
  /// Copies `other`'s entries in (set_merge).
  void merge(Evaluator &ev, const SetObj &other);
  /// Adds every item of `iterable` (set_update_internal).
  void update(Evaluator &ev, const Value &iterable);
  void swapBodies(SetObj &other);

  /// A frozenset's cached hash (-1: not computed).
  int64_t cachedHash = -1;

private:
  /// The slot holding `key`, or -1.
  long lookup(Evaluator &ev, const Value &key, int64_t hash);
  void insertClean(const Value &key, int64_t hash);
  void recharge();

  std::vector<Entry> table_;
  size_t mask_ = 7, fill_ = 0, used_ = 0, finger_ = 0;
  uint64_t version_ = 0; ///< bumped when the table is replaced
  HostCharge charge_;
};

SetObj &asSet(const Value &v);
/// An empty set (Kind::Set) or frozenset (Kind::FrozenSet).
Value newSet(Value::Kind kind);
/// A set of `items` added one after another (a literal or comprehension).
Value setFromItems(Evaluator &ev, Value::Kind kind, const std::vector<Value> &items);

/// Whether CPython's compiler folds `e` to a constant (literals, tuples
/// of constants, arithmetic on small constants).
bool cpythonFoldsToConstant(const Expr &e);
/// A set display whose items CPython folds ({3, 1, 2}) is built as CPython
/// runs it: a frozenset constant (itself rebuilt once by the compiler's
/// constant merging) copied into an empty set, which lays the table out
/// differently from adding the items one by one.
Value setFromConstantDisplay(Evaluator &ev, const std::vector<Value> &items);

int64_t frozensetHash(Evaluator &ev, const Value &v);
std::string setRepr(Evaluator &ev, const Value &v);
bool setsEqual(Evaluator &ev, const Value &a, const Value &b);
/// a OP b for sets (| & - ^ and the comparisons); false when the operands
/// are not both sets (the caller reports the TypeError).
bool setBinary(Evaluator &ev, BinOpKind op, const Value &a, const Value &b, Value &out);
bool setCompare(Evaluator &ev, CmpOpKind op, const Value &a, const Value &b, Value &out);
/// `s |= t` ... on a set, in place; false when it does not apply.
bool setInplace(Evaluator &ev, BinOpKind op, const Value &cur, const Value &rhs);
/// s.add, s.union, ...: the bound method, or None when there is no such name.
Value setMethod(Evaluator &ev, const Value &self, const std::string &name);
std::vector<std::string> setMethodNames(bool frozen);

/// The builtins set and frozenset.
void installSetBuiltins(Evaluator &ev, NameMap<Value> &b);

} // namespace parax::frontend
