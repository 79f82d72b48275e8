//===- Batching.h - jax.vmap on traced IR -----------------------*- C++ -*-===//
//
// vmap works like autodiff (frontend/lib/autodiff/Autodiff.h): the function
// is traced once for one example (the mapped axes removed from its inputs'
// types) into a standalone Func, which is then replayed op by op through
// bind() with a *batching rule* per op: each replayed value is a batched
// value (the examples stacked along `bdim`) or an unbatched one (the same for
// every example, bdim = -1). The rule of an op says how to compute its
// batched results from batched operands with ordinary ops (an elementwise op
// runs on the stacked operands; a reduction's axes shift by one; dot_general
// gains a batch dimension; a gather with batched indices folds the batch
// into the gathered axis; psum over the vmapped axis name becomes a sum over
// the batch dimension). Control flow is batched as JAX batches it: a region
// op is rebuilt with its bodies replayed batched (loop carries batched to a
// fixed point), a batched cond predicate becomes a select over all branches,
// a batched while predicate runs the loop until every lane is done.
//
// The few ops without a rule (debug_print, whose per-example prints are
// JAX's behaviour; custom_jvp/custom_vjp call sites, which keep the user's
// rules that way) replay once per example on that example's slices and
// stack the results.
//
// The rules live in one file per family (ElementwiseRules.cpp,
// StructuralRules.cpp, IndexingRules.cpp, ControlFlowRules.cpp,
// CollectiveRules.cpp); adding an op is its entry there.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/lib/autodiff/Autodiff.h"
#include "frontend/machine/Value.h"
#include "ir/Operation.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace parax::frontend {
class Evaluator;
}

namespace parax::frontend::vmap {

/// A replayed value: the examples stacked along bdim, or (bdim -1) one value
/// shared by all examples.
struct BVal {
  Value v;
  int64_t bdim = -1;
  bool batched() const { return bdim >= 0; }
};
using BVals = std::vector<BVal>;
using ad::Vals;

/// The vmapped axis.
struct Axis {
  int64_t size = 0;
  std::string name; ///< axis_name ("" when none).
};

/// Replay bindings: the values (in an autodiff Env, so the per-example
/// fallback can reuse its primal replay) and their batch dimensions. A
/// region's replay gets a child BEnv whose lookups fall back to the parent
/// (the values the region captures).
struct BEnv {
  const BEnv *parent = nullptr;
  ad::Env values;
  std::unordered_map<const ir::Value *, int64_t> bdims;
  BVal get(const ir::Value *v) const;
  void set(const ir::Value *v, const BVal &b);
};

/// What a rule sees.
struct BatchCtx {
  Evaluator &ev;
  const ir::Operation &op;
  const Axis &axis;
  const BVals &in;
};

/// Batched results of a non-region op, or an empty vector when the rule
/// does not cover this case (the engine then replays per example).
using BatchRule = BVals (*)(BatchCtx &c);

/// What a region op's rule sees: it replays the bodies itself (through
/// replayRegion), looking captured values up in `env`.
struct RegionCtx {
  Evaluator &ev;
  const ir::Operation &op;
  const Axis &axis;
  const BVals &in;
  const BEnv &env;
};
/// Batched results of a region op, or nullopt when the rule does not cover
/// this case (per-example replay; a region op may have no results).
using RegionRule = std::optional<BVals> (*)(RegionCtx &c);

struct RuleTable {
  std::vector<BatchRule> byKind;
  std::vector<RegionRule> regionByKind;
  BatchRule &operator[](ir::OpKind k) { return byKind[size_t(k)]; }
};
const RuleTable &rules();
void registerElementwiseRules(RuleTable &t);
void registerStructuralRules(RuleTable &t);
void registerIndexingRules(RuleTable &t);
void registerControlFlowRules(RuleTable &t);
void registerCollectiveRules(RuleTable &t);

//===----------------------------------------------------------------------===//
// Helpers the rules share (Engine.cpp).

/// v with its batch dimension moved to the front (unbatched: unchanged).
Value toFront(Evaluator &ev, const BVal &b);
/// v batched at dimension 0 (an unbatched value is broadcast to the axis).
Value materialize(Evaluator &ev, const BVal &b, int64_t size);
/// The batched value moved so its batch dimension is `dim`.
Value moveBatchDim(Evaluator &ev, const BVal &b, int64_t dim, int64_t size);
/// Example `i` of a batched value.
Value exampleOf(Evaluator &ev, const BVal &b, int64_t i);
/// Stacks per-example values along a new leading axis.
Value stackExamples(Evaluator &ev, const Vals &xs);

/// Replays `block` (up to its terminator) batched.
void replayBatched(Evaluator &ev, const ir::Block &block, BEnv &env, const Axis &axis);
/// The terminator's operands.
BVals yielded(const ir::Block &block, const BEnv &env);
/// Replays a region's block batched in a child of `env`, its arguments
/// bound to `args`; returns what it yields.
BVals replayRegion(Evaluator &ev, const ir::Block &block, const BEnv &env, const Axis &axis,
                   const BVals &args);

/// A collective over axis `name` somewhere inside op's regions (or null).
const ir::Operation *collectiveInside(const ir::Operation &op, const std::string &name);

/// A batched value's type with the batch dimension at 0 (`t` is the
/// per-example type).
TensorType batchedType(const TensorType &t, int64_t size);
/// A per-lane value (shape [B]) broadcast along dimension 0 of `shape`
/// ([B, ...]): a lane predicate for a select over batched values.
Value broadcastLanes(Evaluator &ev, const Value &lanes, const Shape &shape);

} // namespace parax::frontend::vmap
