//===- Builtins.h - Python built-ins shared with the libraries --*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"

#include <functional>

namespace parax::frontend {

/// A Python type usable with isinstance() and callable as a constructor
/// (int, float, list, jax.Array, ...).
class TypeObject : public NativeObject {
public:
  using Predicate = std::function<bool(const Value &)>;
  TypeObject(std::string name, Predicate isInstance, BuiltinFunction::Impl ctor);
  std::string typeName() const override { return "type"; }
  std::string repr() const override;
  bool callable() const override { return ctor_ != nullptr; }
  Value call(Evaluator &ev, CallArgs &args) override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  bool isInstance(const Value &v) const { return isInstance_(v); }

private:
  std::string name_;
  Predicate isInstance_;
  BuiltinFunction::Impl ctor_;
};

Value makeType(std::string name, TypeObject::Predicate pred,
               BuiltinFunction::Impl ctor);

/// Python's repr of a str ('abc' with Python's quote choice and escapes).
std::string pyStrRepr(const std::string &s);

/// format(v, spec) with an optional !r/!s conversion.
/// `fmt % args`: printf-style formatting (PercentFormat.cpp).
Value percentFormat(Evaluator &ev, const std::string &fmt, const Value &args);
std::string formatValue(Evaluator &ev, const Value &v, const std::string &spec,
                        char conversion);

/// Stable sort by `key` (None: the items), as sorted()/list.sort().
void sortValues(Evaluator &ev, std::vector<Value> &items, const Value &key,
                bool reverse);

} // namespace parax::frontend
