//===- JnpInternal.h - jnp helpers shared between its files -----*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"

#include <vector>

namespace parax::frontend {
class Evaluator;
}

namespace parax::frontend::jnp {

/// x.reshape(*shape) / jnp.reshape(x, shape): one -1 is inferred.
/// order: None or 'C' (row-major), 'F' (column-major).
Value reshape(Evaluator &ev, const Value &x, const std::vector<Value> &shapeArgs,
              const Value &order = Value::none());
/// jnp.transpose(x, axes) (axes None reverses).
Value transposeAxes(Evaluator &ev, const Value &x, const Value &axes);
Value concatenateValues(Evaluator &ev, std::vector<Value> xs, int64_t axis);
Value stackValues(Evaluator &ev, std::vector<Value> xs, int64_t axis);
Value expandDims(Evaluator &ev, const Value &x, const Value &axis);
Value squeeze(Evaluator &ev, const Value &x, const Value &axis);
/// jnp.where(c, x, y) with promotion and broadcasting.
Value where3(Evaluator &ev, const Value &c, const Value &x, const Value &y);
/// x.at (the index-update helper object).
Value makeAtProxy(const Value &x);
/// jnp.matmul.
Value matmul(Evaluator &ev, const Value &a, const Value &b);

} // namespace parax::frontend::jnp
