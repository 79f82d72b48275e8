//===- Staging.h - building region ops from Python callables ----*- C++ -*-===//
//
// Shared machinery of the control-flow primitives and of jit/pmap:
// - staged(): runs a builder under the current trace, or, at top level,
//   under a temporary program that is compiled and run at once (how JAX runs
//   a top-level lax.fori_loop: trace the body, execute the primitive).
// - traceBody(): traces a Python callable into a region's block with fresh
//   block arguments, returning the flattened outputs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/tracing/Pytree.h"
#include "frontend/tracing/Trace.h"

#include <functional>
#include <string>
#include <vector>

namespace parax::frontend {

class Evaluator;

/// Runs `build(ctx)` in the current trace; at top level, in a temporary
/// program that is then executed, its tracer results replaced by arrays.
Value staged(Evaluator &ev, const std::string &what,
             const std::function<Value(TraceContext &)> &build);

/// The result of tracing a callable into a region.
struct BodyTrace {
  std::vector<Value> outLeaves; ///< Flattened outputs (any array-likes).
  TreeDef outDef;
  std::unique_ptr<TraceContext> ctx; ///< The region's context (to yield in).
};

/// Adds block arguments of `argTypes` to `block`, calls `fn` with them as
/// tracers (under a child context labelled `label`), and flattens the
/// result.
BodyTrace traceBody(Evaluator &ev, TraceContext &parent, ir::Block *block,
                    const std::vector<TensorType> &argTypes,
                    const std::function<Value(const std::vector<Value> &)> &fn,
                    const std::string &label, const std::string &kind,
                    const std::string &fnName);

/// Ends a region: materialises `values` in `body.ctx` and emits a yield.
void emitYield(Evaluator &ev, BodyTrace &body, const std::vector<Value> &values);

/// Removes `op` from its block, keeping it alive in the program (tracers
/// created while tracing its regions may still point into it).
void discardOp(TraceContext &ctx, ir::Operation *op);
/// Discards the ops of `ctx`'s block after its first `keep` (what a failed
/// primitive appended), with the constants cached among them.
void discardOpsAfter(TraceContext &ctx, size_t keep);

/// The name of parameter `i` of a Python callable ("" if unknown).
std::string paramName(const Value &fn, size_t i);
/// The name of a Python callable for messages ("<lambda>", "body").
std::string callableName(const Value &fn);
/// "f at prog.py:3" for messages.
std::string callableSite(const Value &fn);

} // namespace parax::frontend
