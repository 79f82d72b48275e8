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
// gains a batch dimension; psum over the vmapped axis name becomes a sum over
// the batch dimension). An op without a rule, or a case its rule does not
// cover (a loop whose carry is batched, a gather with batched indices),
// replays once per example on that example's slices and stacks the results
// (JAX's semantics, at the cost of a larger program).
//
// The rules live in one file per family (ElementwiseRules.cpp,
// StructuralRules.cpp, CollectiveRules.cpp); adding an op is its entry there.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/lib/autodiff/Autodiff.h"
#include "frontend/machine/Value.h"
#include "ir/Operation.h"

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
/// fallback can reuse its primal replay) and their batch dimensions.
struct BEnv {
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

struct RuleTable {
  std::vector<BatchRule> byKind;
  BatchRule &operator[](ir::OpKind k) { return byKind[size_t(k)]; }
};
const RuleTable &rules();
void registerElementwiseRules(RuleTable &t);
void registerStructuralRules(RuleTable &t);
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

} // namespace parax::frontend::vmap
