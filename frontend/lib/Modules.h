//===- Modules.h - the built-in modules bound by import --------*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"

namespace parax::frontend {

class Evaluator;

void installJaxModule(Evaluator &ev, ModuleObject &jax, ModuleObject &debug,
                      ModuleObject &treeUtil);
void installRandomModule(Evaluator &ev, ModuleObject &random);
void installMathModule(Evaluator &ev, ModuleObject &math);
/// jax.config (JaxConfig.cpp); the first call reads JAX_ENABLE_X64.
void installJaxConfig(ModuleObject &jax);

/// functools.partial objects.
class PartialObject : public NativeObject {
public:
  PartialObject(Value fn, std::vector<Value> args,
                std::vector<std::pair<std::string, Value>> kwargs)
      : fn_(std::move(fn)), args_(std::move(args)), kwargs_(std::move(kwargs)) {}
  /// functools.partial(fn, *args, **kwargs). As in CPython, a partial of a
  /// partial is flattened into one (so chains of them never nest calls).
  static Value make(Value fn, std::vector<Value> args,
                    std::vector<std::pair<std::string, Value>> kwargs);
  std::string typeName() const override { return "functools.partial"; }
  std::string repr() const override;
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;

private:
  Value fn_;
  std::vector<Value> args_;
  std::vector<std::pair<std::string, Value>> kwargs_;
};

/// typing (NamedTuple and annotation names), collections.namedtuple,
/// dataclasses, and jax.tree_util's class registrations (PyTypes.cpp).
void installPythonTypeModules(Evaluator &ev, ModuleObject &typing, ModuleObject &collections,
                              ModuleObject &dataclasses, ModuleObject &treeUtil);

} // namespace parax::frontend
