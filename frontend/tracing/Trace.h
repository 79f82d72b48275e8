//===- Trace.h - tracing Python functions into IR ---------------*- C++ -*-===//
//
// While jit/pmap/loop bodies are traced, array operations record IR ops
// instead of computing. A TraceContext is one level of that recording (a
// function body, loop body or branch); contexts nest like the regions they
// fill, and ops may use values of enclosing contexts (implicit capture).
// `bind` is the single entry every primitive goes through (JAX's
// Primitive.bind): with no trace active it runs the op at once on concrete
// arrays; under a trace it converts concrete operands to constants and
// appends an op to the innermost context ("omnistaging", as JAX does).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"
#include "ir/Builder.h"
#include "ir/Diagnostics.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace parax::frontend {

class Evaluator;

/// A program under construction; tracers share it so the IR they point to
/// stays alive as long as any of them does.
struct TraceProgram {
  std::shared_ptr<ir::Module> module = std::make_shared<ir::Module>();
  std::string what;  ///< "pmap(f)", "jit(f)", "fori_loop" (for messages)
  Loc callLoc;       ///< The call that compiled it.
  TraceStack callStack;
  /// The memory plan's per-device peaks (bytes above the baseline).
  std::vector<int64_t> plannedPeaks;
  /// Ops removed after a retrace (kept alive for stray tracers).
  std::vector<std::unique_ptr<ir::Operation>> discarded;
  /// parax check: abstract values captured by the program, each an extra
  /// entry argument (by TracerObj, kept alive so the key stays unique), so
  /// the plan counts them as inputs.
  std::map<const void *, std::pair<ir::Value *, std::shared_ptr<Object>>> abstractInputs;
};

/// parax check: where an abstract value (a jit/pmap result that was never
/// computed) comes from, for the message at the line that needs its data.
struct AbstractOrigin {
  std::string what; ///< "jit(step)"
  Loc loc;          ///< The call that would have computed it.
};

/// One level of tracing.
struct TraceContext {
  std::shared_ptr<TraceProgram> program;
  ir::Block *block = nullptr;  ///< Where new ops go.
  std::string label;           ///< "jit(f)", "pmap(f)", "fori_loop body"
  std::string kind;            ///< "jit", "pmap", "scan", "while", "cond" ...
  std::string fnName;          ///< The traced function's name (messages).
  Loc loc;                     ///< Where the trace was started.
  std::string axisName;        ///< Bound by a pmap body ("" otherwise).
  int64_t axisSize = 0;
  /// Names of the traced function's parameters, by block argument, for
  /// "depends on the value of the argument x" messages.
  std::vector<std::string> argNames;
  /// Concrete arrays already turned into constants (by buffer).
  std::map<const void *, ir::Value *> constants;
};

/// An abstract array standing for an IR value.
struct TracerObj : Object {
  ir::Value *value;
  std::shared_ptr<TraceProgram> program;
  /// Set on the abstract values of `parax check` (shape and dtype, no data),
  /// which own their IR value (it belongs to no program).
  std::shared_ptr<const AbstractOrigin> abstractOf;
  std::unique_ptr<ir::Value> owned;
  TracerObj(ir::Value *v, std::shared_ptr<TraceProgram> p)
      : value(v), program(std::move(p)) {}
  const TensorType &type() const;
};

/// `parax check` runs the top level with jit/pmap results replaced by
/// abstract values: operations on them give abstract values, shape and dtype
/// queries work, and jit calls on them trace and plan. The first Python
/// decision that needs their data (print, if/while, float(), .item(), a
/// NumPy conversion) ends the check with CheckStop: never an invented value.
Value makeAbstract(const TensorType &t, std::shared_ptr<const AbstractOrigin> origin);
/// The origin if `v` is an abstract value of parax check, else null.
const AbstractOrigin *abstractOrigin(const Value &v);

/// Thrown (not a ParaxError, so no user `except` catches it) when parax
/// check reaches a line that needs the data of an abstract value.
struct CheckStop {
  Diagnostic diag;
};
[[noreturn]] void stopCheck(Evaluator &ev, const Value &abstract);
/// The same where no evaluator is at hand (the catcher fills in the line).
[[noreturn]] void stopCheckAt(const Loc &loc, const Value &abstract);

/// The abstract type of any array-like value (arrays, tracers and Python
/// scalars, which are weakly typed: int -> i32 weak, float -> f32 weak).
TensorType abstractType(const Value &v);

/// Applies a primitive: eagerly with no active trace, else records an op.
/// Operands are array-likes; result types are computed by the caller.
std::vector<Value> bind(Evaluator &ev, ir::OpKind kind,
                        const std::vector<Value> &operands, ir::Attrs attrs,
                        const std::vector<TensorType> &resultTypes);
/// bind for single-result primitives.
Value bind1(Evaluator &ev, ir::OpKind kind, const std::vector<Value> &operands,
            ir::Attrs attrs, const TensorType &resultType);

/// The IR value for an array-like inside the current trace (concrete
/// operands become constants; a tracer from a finished trace is an
/// UnexpectedTracerError).
ir::Value *materialize(Evaluator &ev, TraceContext &ctx, const Value &v);

/// Wraps an IR value as a tracer of `ctx`'s program.
Value makeTracer(TraceContext &ctx, ir::Value *v);

/// RAII: pushes a trace context on the evaluator (and its trace-stack frame).
class TraceScope {
public:
  TraceScope(Evaluator &ev, TraceContext &ctx);
  ~TraceScope();

private:
  Evaluator &ev_;
  TraceStack saved_;
};

/// Which function arguments an IR value depends on (block arguments of the
/// outermost traced function reachable through its operands), as names.
std::vector<std::string> dependentArgs(const TraceContext &ctx,
                                       ir::Value *v);

/// The axis_index op a traced value derives from, if any (for hints).
const ir::Operation *axisIndexSource(ir::Value *v);

/// JAX's explanation suffix for concretization errors: "The error occurred
/// while tracing the function f at prog.py:3 for jit. This concrete value
/// was not available in Python because it depends on the value of the
/// argument x."
std::string tracingOrigin(Evaluator &ev, const Value &tracer);

/// Throws the concretization error of `kind` for using `tracer` where a
/// concrete value is needed. `what` is the main message.
[[noreturn]] void concretizationError(Evaluator &ev, const std::string &kind,
                                      const std::string &what,
                                      const Value &tracer,
                                      const std::string &hint);

} // namespace parax::frontend
