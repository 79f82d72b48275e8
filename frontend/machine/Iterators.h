//===- Iterators.h - the iteration protocol, item by item -------*- C++ -*-===//
//
// Python iterates lazily: a for loop, a comprehension or sum() takes one
// item, uses it, then asks for the next, so an infinite generator or
// itertools.count() is fine as long as the consumer stops. ItemCursor is
// that protocol for C++ consumers: lists and tuples by index (a loop sees
// items appended meanwhile, as Python's list iterator does), ranges and
// strs without building a list, generators and iterator objects by asking
// them, class instances through __iter__/__next__ (or __getitem__).
//
// IteratorObj is a built-in iterator as a value: iter(list), zip, map,
// filter, enumerate, reversed, iter(callable, sentinel) each produce their
// items on demand.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/NameMap.h"
#include "frontend/machine/Value.h"
#include "ir/Diagnostics.h"

#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>

namespace parax::frontend {

class Evaluator;

/// One pass over an iterable.
class ItemCursor {
public:
  /// Starts iterating `iterable` (Python's iter(): a TypeError for what is
  /// not iterable).
  ItemCursor(Evaluator &ev, const Value &iterable, Loc loc);
  /// The next item into `out`; false at the end.
  bool next(Value &out);

private:
  enum class Mode : uint8_t { Sequence, Range, Str, Items, Indexed, Iterator, Done };
  Evaluator *ev_;
  Loc loc_;
  Mode mode_ = Mode::Done;
  Value src_;
  std::vector<Value> items_; ///< Items mode (a dict's keys when iteration began).
  int64_t pos_ = 0, end_ = 0;
  int64_t start_ = 0, step_ = 1; ///< Range mode.
};

/// A built-in iterator object.
class IteratorObj : public NativeObject,
                    public std::enable_shared_from_this<IteratorObj> {
public:
  /// Produces the next item into its argument; false at the end.
  using Producer = std::function<bool(Evaluator &, Value &)>;
  IteratorObj(std::string type, Producer produce)
      : type_(std::move(type)), produce_(std::move(produce)) {}
  /// Over already computed items.
  explicit IteratorObj(std::vector<Value> items);
  /// Calls `source()` until it returns `sentinel`.
  IteratorObj(Value source, Value sentinel);
  std::string typeName() const override { return type_; }
  std::string repr() const override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  std::vector<std::string> attrNames() const override { return {"__next__", "__iter__"}; }
  /// The next item, or nullopt when exhausted.
  std::optional<Value> next(Evaluator &ev);
  /// Everything left.
  std::vector<Value> rest(Evaluator &ev);

private:
  std::string type_;
  Producer produce_;
  bool done_ = false;
};

/// Python's iter(v): an iterator (generators and iterators are their own).
Value getIterator(Evaluator &ev, const Value &v, Loc loc);
/// Python's next() on an iterator: true with the item in `out`; false when
/// it is exhausted (`returned`, when given, receives a generator's return
/// value / the StopIteration's value). Errors other than StopIteration
/// propagate.
bool iteratorStep(Evaluator &ev, const Value &it, Value &out, Value *returned, Loc loc);
/// The value of a StopIteration error (its first argument, or None).
Value stopIterationValue(Evaluator &ev, const ParaxError &e);
/// Every item of an iterable (Evaluator::iterate), within the host budget.
std::vector<Value> drainIterable(Evaluator &ev, const Value &v, Loc loc);
/// At most `max` items (unpacking `a, b = it` asks for one more than it
/// needs, so an endless iterator is "too many values", not a hang).
std::vector<Value> takeItems(Evaluator &ev, const Value &v, size_t max, Loc loc);
/// Whether `v` is an iterator (a generator, a built-in iterator, or an
/// instance with __next__): what `for` consumes rather than restarts.
bool isIterator(const Value &v);

/// iter(), next(), and the lazy builtins: zip, map, filter, enumerate,
/// reversed.
void installIteratorBuiltins(Evaluator &ev, NameMap<Value> &b);

} // namespace parax::frontend
