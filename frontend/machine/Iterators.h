//===- Iterators.h - iter(), next() and the iterator objects ----*- C++ -*-===//
//
// parax iterates containers eagerly (Evaluator::iterate returns the items),
// so an iterator is a position in a list of items, or a source that
// produces one item per next(): a class with __next__, or iter(callable,
// sentinel). Iterating an iterator consumes what is left of it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/NameMap.h"
#include "frontend/machine/Value.h"

#include <optional>
#include <unordered_map>

namespace parax::frontend {

class Evaluator;

class IteratorObj : public NativeObject {
public:
  /// Over already computed items.
  explicit IteratorObj(std::vector<Value> items) : items_(std::move(items)) {}
  /// Calls `source()` until it returns `sentinel`.
  IteratorObj(Value source, Value sentinel)
      : source_(std::move(source)), sentinel_(std::move(sentinel)) {}
  std::string typeName() const override { return "iterator"; }
  /// The next item, or nullopt when exhausted.
  std::optional<Value> next(Evaluator &ev);
  /// Everything left.
  std::vector<Value> rest(Evaluator &ev);

private:
  std::vector<Value> items_;
  size_t pos_ = 0;
  Value source_, sentinel_;
  bool done_ = false;
};

/// iter() and next().
void installIteratorBuiltins(Evaluator &ev, NameMap<Value> &b);

} // namespace parax::frontend
