//===- Jnp.h - the jax.numpy library ----------------------------*- C++ -*-===//
//
// jax.numpy on top of the primitives (Prims.h), with JAX's promotion and
// broadcasting rules. These entry points are what Python operators on arrays
// and array methods call; the module table (registerJnp*) binds the same
// functions under their jnp names.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/syntax/Ast.h"
#include "frontend/tracing/Promotion.h"
#include "frontend/machine/Value.h"

#include <optional>
#include <string>
#include <vector>

namespace parax::frontend {
class Evaluator;
class ModuleObject;
} // namespace parax::frontend

namespace parax::frontend::jnp {

/// Python operators with at least one array operand.
Value binary(Evaluator &ev, BinOpKind op, const Value &a, const Value &b);
Value unary(Evaluator &ev, UnaryOpKind op, const Value &a);
Value compare(Evaluator &ev, CmpOpKind op, const Value &a, const Value &b);
/// x[index] for arrays and tracers (basic and integer-array indexing).
Value getItem(Evaluator &ev, const Value &x, const Value &index);
/// x.at[index].<method>(value) with method set/add/mul/min/max/get ...
Value atUpdate(Evaluator &ev, const Value &x, const Value &index,
               const std::string &method, const std::vector<Value> &args,
               const std::vector<std::pair<std::string, Value>> &kwargs = {});
/// Attributes and methods of arrays (shape, dtype, T, sum(), at, ...).
bool arrayAttr(Evaluator &ev, const Value &x, const std::string &name,
               Value &out);
std::vector<std::string> arrayAttrNames();
/// jnp.any over all elements.
Value reduceAny(Evaluator &ev, const Value &x);
/// Calls jnp.<name>(*args).
Value callByName(Evaluator &ev, const std::string &name,
                 std::vector<Value> args);

/// jnp.asarray(v, dtype): nested lists/tuples of scalars and arrays become
/// one array (stacked under a trace); `copyWeak` keeps Python-scalar weak
/// typing for a bare scalar (jnp.array(3) is weak, jnp.array([3]) is not).
Value asarray(Evaluator &ev, const Value &v, std::optional<DType> dtype);

/// The (dtype, weak) of an array-like.
WeakDType weakDTypeOf(const Value &v);
/// Converts every operand to their promoted type (Python scalars become
/// constants of that type) and broadcasts them to a common shape.
std::vector<Value> promoteAndBroadcast(Evaluator &ev,
                                       const std::vector<Value> &xs,
                                       bool toInexact = false);
/// numpy broadcasting of shapes; raises ValueError on mismatch.
Shape broadcastShapes(const std::vector<Shape> &shapes);
/// Parses a dtype argument (jnp.float32, 'float32', float, int, None).
std::optional<DType> dtypeArg(Evaluator &ev, const Value &v);
/// The dtype a dtype argument names, not canonicalised (jnp.dtype, numpy):
/// float64 stays float64 with x64 disabled.
std::optional<DType> requestedDType(Evaluator &ev, const Value &v);
/// An `axis` argument: None (all), an int or a tuple of ints, normalised
/// and sorted.
std::vector<int64_t> axesArg(Evaluator &ev, const Value *axis, int64_t rank);
/// A shape argument: an int or a sequence of ints (concrete).
Shape shapeArg(Evaluator &ev, const Value &v, const std::string &fn);

// Module tables, one per source file.
void registerJnpElementwise(Evaluator &ev, ModuleObject &m);
void registerJnpCreation(Evaluator &ev, ModuleObject &m);
void registerJnpReductions(Evaluator &ev, ModuleObject &m);
void registerJnpShape(Evaluator &ev, ModuleObject &m);
void registerJnpLinalg(Evaluator &ev, ModuleObject &m);
void registerJnpIndexing(Evaluator &ev, ModuleObject &m);

} // namespace parax::frontend::jnp
