//===- FusionPlan.h - which values get buffers, and when they die -*- C++ -*-===//
//
// Before any LLVM IR is emitted, every SSA value of a program gets one of
// three representations:
//   Scalar - a rank-0 value, kept in a register (loop carries become phis);
//   Lazy   - never stored: each consumer computes the elements it needs
//            inline, through the value's index mapping (XLA's elemental
//            emitter). Index-only ops (broadcast, transpose, slice, iota...)
//            over stored data are always lazy; any other fusible op is lazy
//            when its only consumer is one op of the same block that reads
//            each element at most once (elementwise ops, reductions, shape
//            ops that do not replicate, the block's terminator);
//   Buffer - materialised in memory obtained from the runtime.
// For values that hold a buffer reference the plan also computes where the
// reference is dropped: after the op that is its last *effective* use in its
// block (a use by a lazy value counts where that value is finally computed;
// a use inside a nested region counts at the region's op), mirroring the
// reference interpreter's InterpPlan so that buffers die as early as there.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

#include <unordered_map>
#include <vector>

namespace parax::codegen {

enum class Repr : uint8_t { Scalar, Lazy, Buffer };

class FusionPlan {
public:
  explicit FusionPlan(const ir::Func &entry);

  Repr repr(const ir::Value *v) const;
  /// True when `v` holds a reference to a runtime buffer that its block must
  /// drop (materialised op results and owned loop carries).
  bool holdsRef(const ir::Value *v) const;
  /// Lazy values that only remap indices over stored data (cheap to
  /// recompute in every consumer, in any region).
  bool cheap(const ir::Value *v) const;

  /// Values whose reference is dropped right after `op`.
  const std::vector<const ir::Value *> &
  releaseAfter(const ir::Operation *op) const;
  /// Block arguments that are never used (dropped on block entry).
  const std::vector<const ir::Value *> &
  releaseAtEntry(const ir::Block *b) const;
  /// Values whose last use is the block's terminator: dropped after the
  /// terminator's operands took their references.
  const std::vector<const ir::Value *> &
  releaseAtTerminator(const ir::Block *b) const;

  /// Whether `op` reads operand `slot` elementwise without replicating
  /// elements (so a lazy producer can be computed inside `op`).
  static bool fusesOperand(const ir::Operation &op, unsigned slot);
  /// Ops whose results can be computed element by element.
  static bool isFusibleKind(ir::OpKind k);

private:
  Repr decide(const ir::Value *v);
  bool decideCheap(const ir::Value *v);
  void planBlock(const ir::Block &b, bool argsOwned);
  void liveness(const ir::Block &b);
  void effectiveUses(const ir::Block &b, const ir::Value *v,
                     std::vector<const ir::Operation *> &out);

  std::unordered_map<const ir::Value *, Repr> repr_;
  std::unordered_map<const ir::Value *, bool> cheap_;
  std::unordered_map<const ir::Value *, bool> holds_;
  std::unordered_map<const ir::Operation *, std::vector<const ir::Value *>>
      after_;
  std::unordered_map<const ir::Block *, std::vector<const ir::Value *>> entry_,
      term_;
};

} // namespace parax::codegen
