//===- Placeholder.h - JAX names parax does not implement -------*- C++ -*-===//
//
// Importing or reading a JAX name that parax lacks never fails by itself (a
// program may import far more than it uses): it binds a placeholder, and the
// first real use of it (a call, an attribute, an operator) is a located
// NotImplementedError naming it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"

#include <string>

namespace parax::frontend {

class PlaceholderObject : public NativeObject {
public:
  explicit PlaceholderObject(std::string qualname) : name_(std::move(qualname)) {}
  std::string typeName() const override { return "parax.placeholder"; }
  std::string repr() const override;
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  const std::string &name() const { return name_; }
  /// Raises the NotImplementedError for a use of this name.
  [[noreturn]] void fail() const;

private:
  std::string name_;
};

/// A placeholder for `qualname` ("jax.foo", "jax.experimental.pallas").
Value makePlaceholder(const std::string &qualname);
/// Whether module `name` is JAX's, so that a name it lacks gets a
/// placeholder rather than an AttributeError/ImportError.
bool isJaxModuleName(const std::string &name);
/// Whether `name` is one of JAX's public modules (or a parent of one), so
/// that `import jax.experimental.pallas` binds a module of placeholders.
bool isKnownJaxModule(const std::string &name);
/// Whether `name` is a public name of JAX module `module` (JAX's own list
/// for its main modules, any public name for the others): a typo such as
/// lax.fori_lop stays an AttributeError, as in JAX.
bool isJaxApiName(const std::string &module, const std::string &name);
/// Raises the placeholder's NotImplementedError if `v` is one.
void requireNotPlaceholder(const Value &v);

} // namespace parax::frontend
