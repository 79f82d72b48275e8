//===- Lax.h - jax.lax entry points used across the libraries ---*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"

#include <string>
#include <vector>

namespace parax::frontend {
class Evaluator;
class ModuleObject;
struct TraceContext;
} // namespace parax::frontend

namespace parax::frontend::lax {

Value foriLoop(Evaluator &ev, const Value &lower, const Value &upper,
               const Value &body, const Value &init);
Value scan(Evaluator &ev, const Value &f, const Value &init, const Value &xs,
           const Value &length, bool reverse);
Value whileLoop(Evaluator &ev, const Value &condFun, const Value &bodyFun,
                const Value &init);
Value cond(Evaluator &ev, const Value &pred, const Value &trueFun,
           const Value &falseFun, const std::vector<Value> &operands);
Value switchOp(Evaluator &ev, const Value &index, const std::vector<Value> &fns,
               const std::vector<Value> &operands);

/// The pmap context that binds `axisName` (searching enclosing traces),
/// or a NameError naming the bound axes and the closest one.
TraceContext &resolveAxis(Evaluator &ev, const Value &axisName,
                          const std::string &op);

/// The axis name pmap binds when axis_name=None (JAX's).
const std::string &kDefaultAxisName();

void registerLax(Evaluator &ev, ModuleObject &m);

} // namespace parax::frontend::lax
