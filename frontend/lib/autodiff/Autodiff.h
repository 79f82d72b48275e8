//===- Autodiff.h - forward and reverse mode on traced IR -------*- C++ -*-===//
//
// parax differentiates IR, not Python: the function is traced once into a
// standalone ir::Func (closure-converted: captured outer values become extra
// arguments), and the transformations *replay* that Func op by op through
// bind() into the current trace, emitting the primal ops together with their
// tangent ops (jvp) or, after a forward replay, the cotangent ops in reverse
// order (vjp). The emitted ops are ordinary IR ops, so every transformation
// composes with every other one (grad of grad differentiates what the inner
// grad emitted), with jit and pmap, and the verifier, the planner and
// `--dump ir` see the transformed program like any other.
//
// A symbolic zero (no tangent / no cotangent) is a None Value. Only floating
// values carry tangents; integer and bool results are never differentiated.
//
// The per-op rules live in one file per op family (ElementwiseRules.cpp,
// ShapeOpRules.cpp, ReductionRules.cpp, DotRules.cpp, IndexingRules.cpp,
// ControlFlowRules.cpp, CollectiveRules.cpp); adding an op is its Ops.def
// line plus its entry in its family's rule table.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"
#include "frontend/tracing/Pytree.h"
#include "frontend/tracing/Trace.h"
#include "ir/Operation.h"

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace parax::frontend {
class Evaluator;
}

namespace parax::frontend::ad {

using Vals = std::vector<Value>;

/// Where the source IR's values are bound during a replay. Nested regions
/// get a child Env whose lookups fall back to the parent (implicit capture).
struct Env {
  const Env *parent = nullptr;
  /// Set on the forward replays inside backward regions (recomputation):
  /// their side effects (jax.debug.print) already happened once.
  bool recompute = false;
  /// Values that depend on the differentiated inputs (null: all may).
  /// Reverse mode computes cotangents only for these.
  std::shared_ptr<const std::unordered_set<const ir::Value *>> active;
  bool isActive(const ir::Value *v) const {
    for (const Env *e = this; e; e = e->parent)
      if (e->active)
        return e->active->count(v) > 0;
    return true;
  }
  bool recomputing() const {
    for (const Env *e = this; e; e = e->parent)
      if (e->recompute)
        return true;
    return false;
  }
  std::unordered_map<const ir::Value *, Value> primal;
  std::unordered_map<const ir::Value *, Value> tangent;
  std::unordered_map<const ir::Value *, Value> ct;
  /// Residuals a region op's forward replay saved for its backward rule.
  std::unordered_map<const ir::Operation *, Vals> saved;
  /// Structure of saved residuals where a rule needs it (custom_vjp).
  std::unordered_map<const ir::Operation *, TreeDef> savedDef;

  Value getPrimal(const ir::Value *v) const;
  /// None when zero.
  Value getTangent(const ir::Value *v) const;
  /// This env's cotangent of v (None when zero).
  Value getCt(const ir::Value *v) const;
  /// ct[v] += c (c may be None).
  void addCt(Evaluator &ev, const ir::Value *v, const Value &c);
};

/// The operands of a non-region op when its rule runs.
struct OpCtx {
  Evaluator &ev;
  const ir::Operation &op;
  const Vals &in;  ///< Primal operands (replayed).
  const Vals &out; ///< Primal results (replayed).
};

/// Tangents of the results from tangents of the operands (None = zero).
using JvpRule = Vals (*)(OpCtx &c, const Vals &tin);
/// Cotangents of the operands from cotangents of the results.
using VjpRule = Vals (*)(OpCtx &c, const Vals &cts);
/// Region ops (control flow, pmap): the rules drive the replay themselves.
/// jvp binds primal and tangent results in env.
using RegionJvpRule = void (*)(Evaluator &ev, const ir::Operation &op, Env &env);
/// Forward: binds primal results (and may save residuals in env.saved).
using RegionFwdRule = void (*)(Evaluator &ev, const ir::Operation &op, Env &env);
/// Backward: reads env.ct of the results, adds to env.ct of the operands and
/// of the values the regions capture.
using RegionBwdRule = void (*)(Evaluator &ev, const ir::Operation &op, Env &env);

struct Rule {
  JvpRule jvp = nullptr;
  VjpRule vjp = nullptr;
  RegionJvpRule regionJvp = nullptr;
  RegionFwdRule regionFwd = nullptr;
  RegionBwdRule regionBwd = nullptr;
  /// Never differentiated (integer/bool results, random bits, iota ...).
  bool nonDifferentiable = false;
};

/// The table of every op's rules, filled by the family files.
struct RuleTable {
  std::vector<Rule> byKind;
  Rule &operator[](ir::OpKind k) { return byKind[size_t(k)]; }
};
const RuleTable &rules();
void registerElementwiseRules(RuleTable &t);
void registerShapeOpRules(RuleTable &t);
void registerReductionRules(RuleTable &t);
void registerDotRules(RuleTable &t);
void registerIndexingRules(RuleTable &t);
void registerControlFlowRules(RuleTable &t);
void registerCollectiveRules(RuleTable &t);

/// custom_jvp / custom_vjp call sites are cond ops with one branch (the
/// function) and attr "custom_rule"; these apply the user's rules
/// (JaxCustomDerivatives.cpp). Each returns false for any other cond.
bool customJvp(Evaluator &ev, const ir::Operation &op, Env &env);
bool customFwd(Evaluator &ev, const ir::Operation &op, Env &env);
bool customBwd(Evaluator &ev, const ir::Operation &op, Env &env);

//===----------------------------------------------------------------------===//
// The replay engine (Engine.cpp).

/// Whether a value of this type carries tangents.
bool differentiable(const TensorType &t);
/// A zero array of type t (in the current trace).
Value zerosOf(Evaluator &ev, const TensorType &t);
/// c if not None, else zeros of t.
Value instantiate(Evaluator &ev, const Value &c, const TensorType &t);
/// a + b treating None as zero.
Value addAny(Evaluator &ev, const Value &a, const Value &b);

/// A non-region op replayed unchanged on new operands.
Vals emitSame(Evaluator &ev, const ir::Operation &op, const Vals &ins);
/// Replays `block` (not its terminator) op by op: primal only.
void replayPrimal(Evaluator &ev, const ir::Block &block, Env &env);
/// Replays one region op with its regions replayed primal-only.
void replayRegionPrimal(Evaluator &ev, const ir::Operation &op, Env &env);
/// Replays with tangents.
void replayJvp(Evaluator &ev, const ir::Block &block, Env &env);
/// Forward half of reverse mode: primal replay plus saved residuals.
void replayForward(Evaluator &ev, const ir::Block &block, Env &env);
/// Backward half: env.ct of the terminator operands must be set; leaves
/// env.ct of the block arguments and captured values.
void replayBackward(Evaluator &ev, const ir::Block &block, Env &env);
/// The terminator's operands as bound primals / tangents.
Vals yieldedPrimals(const ir::Block &block, const Env &env);
Vals yieldedTangents(const ir::Block &block, const Env &env);

/// Values a region op's regions use that are defined outside it (the
/// captures a backward rule must return cotangents for), in first-use order.
std::vector<const ir::Value *> capturedValues(const ir::Operation &op);

/// Builds a region op in the current trace: `kind` with the given operands
/// and attrs, one region per entry of `bodies`; each body gets block
/// arguments of its types and returns what its block yields (materialised
/// there). Result types are `resultTypes`.
using BodyFn = std::function<Vals(const Vals &args)>;
struct RegionSpec {
  std::vector<TensorType> argTypes;
  BodyFn body;
};
Vals emitRegionOp(Evaluator &ev, ir::OpKind kind, const Vals &operands,
                  ir::Attrs attrs, const std::vector<RegionSpec> &regions,
                  const std::vector<TensorType> &resultTypes,
                  const std::string &axisName = "", int64_t axisSize = 0);

//===----------------------------------------------------------------------===//
// Tracing a Python function into a standalone Func (Engine.cpp).

/// A function traced for differentiation.
struct TracedFn {
  std::shared_ptr<ir::Module> module; ///< Owns func.
  ir::Func *func = nullptr;
  size_t numInputs = 0;  ///< Leading arguments: the flattened inputs.
  Vals captured;         ///< Values for the remaining (captured) arguments.
  TreeDef outDef;        ///< Of the function's (flattened) output.
  std::vector<TensorType> outTypes;
};

/// Runs a transformation: under a trace, as staged() (its ops join the
/// trace, and a failure leaves none behind); at top level, eagerly (each op
/// runs at once; region ops run as programs of their own).
Value runTransform(Evaluator &ev, const std::string &what, const std::function<Value()> &build);

/// Traces `call(args)` with one fresh tracer per leaf of `inLeaves` (the
/// types of those leaves); `call` returns the output pytree.
/// A non-empty `axisName` binds a named axis of `axisSize` over the body
/// (vmap's axis_name, for the collectives inside).
TracedFn traceFn(Evaluator &ev, const std::vector<TensorType> &inTypes,
                 const std::function<Value(const Vals &)> &call,
                 const std::string &label, const std::string &axisName = "",
                 int64_t axisSize = 0);

/// jvp of a traced function: (primal outputs, tangent outputs); tangents
/// None = zero.
std::pair<Vals, Vals> jvpTraced(Evaluator &ev, const TracedFn &f,
                                const Vals &primals, const Vals &tangents);
/// Reverse mode in two halves, so one forward replay serves many backward
/// passes (jacrev): forwardTraced binds the primals in `env` and returns
/// the primal outputs; backwardTraced returns the cotangents of the inputs
/// (None = zero) for output cotangents `cts` (None = zero).
Vals forwardTraced(Evaluator &ev, const TracedFn &f, const Vals &primals, Env &env);
Vals backwardTraced(Evaluator &ev, const TracedFn &f, Env &env, const Vals &cts);

/// The values of f that depend on its inputs (its entry's leading
/// arguments), regions included.
std::shared_ptr<std::unordered_set<const ir::Value *>> activeValues(const TracedFn &f);

/// linear_transpose's check (Linearity.cpp): every op that uses a value
/// depending on the inputs must be linear in those operands (add, a product
/// with one such factor, shape ops, sums, gathers ...). Raises JAX's error
/// kinds otherwise, located at `loc`.
void checkLinear(const TracedFn &f, Loc loc);

} // namespace parax::frontend::ad
