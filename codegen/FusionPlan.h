//===- FusionPlan.h - which values get buffers, and when they die -*- C++ -*-===//
//
// Before any LLVM IR is emitted, every SSA value of a program gets one of
// three representations:
//   Scalar - a rank-0 value, kept in a register (loop carries become phis;
//            on the GPU only those the host computes, see deviceScalars);
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
// The plan is also the CPU backend's ir::StorageModel: the memory planner
// (ir/analysis/MemoryPlan) simulates the generated code's buffers with it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"
#include "ir/analysis/MemoryPlan.h"

#include <unordered_map>
#include <vector>

namespace parax::codegen {

enum class Repr : uint8_t { Scalar, Lazy, Buffer };

class FusionPlan : public ir::StorageModel {
public:
  /// `gpu`: the plan of a GPU program. There a rank-0 result computed from
  /// device data (a full reduction, or elementwise math over one) is a
  /// one-element Buffer instead of a host Scalar, so it stays on the device
  /// (its consumers are kernels too) and is read back only where the host
  /// needs it (a loop bound, a predicate); and float64 reductions are
  /// generated code (see f64RunsKernel).
  explicit FusionPlan(const ir::Func &entry, bool gpu = false);

  Repr repr(const ir::Value *v) const;
  /// True when `v` holds a reference to a runtime buffer that its block must
  /// drop (materialised op results and owned loop carries).
  bool holdsRef(const ir::Value *v) const override;
  /// Lazy values that only remap indices over stored data (cheap to
  /// recompute in every consumer, in any region).
  bool cheap(const ir::Value *v) const;

  /// Values whose reference is dropped right after `op`.
  const std::vector<const ir::Value *> &
  releaseAfter(const ir::Operation *op) const override;
  /// Block arguments that are never used (dropped on block entry).
  const std::vector<const ir::Value *> &
  releaseAtEntry(const ir::Block *b) const override;
  /// Values whose last use is the block's terminator: dropped after the
  /// terminator's operands took their references.
  const std::vector<const ir::Value *> &
  releaseAtTerminator(const ir::Block *b) const override;

  /// Whether dynamic_update_slice `op` may write into its operand's buffer
  /// (checked for uniqueness at run time): the operand is stored, owned,
  /// dies at `op`, and neither the update nor a start index reads it.
  bool mayUpdateInPlace(const ir::Operation &op) const override;
  /// Whether carry `k` of fori_loop/scan `loop` lives in loop-owned buffers
  /// (a small array whose yield is computed and which the body only reads):
  /// the yield is written into a spare and the dead old carry becomes the
  /// next spare, so steady-state iterations call no runtime function.
  bool recyclesCarry(const ir::Operation &loop, unsigned k) const override;
  /// What the CPU emitter does for dot `op`: the runtime's GEMM for float
  /// products of at least 8 x 16 outputs and 2^17 multiply-adds, else the
  /// register-blocked compiled loops (codegen/DotLayout.h) or the generic
  /// ones. The memory planner asks the same.
  bool dotRunsKernel(const ir::Operation &op) const;

  // ir::StorageModel (what the CPU emitter allocates, for the planner).
  Storage storage(const ir::Value *v) const override;
  bool runsRuntimeKernel(const ir::Operation &op) const override;
  int64_t scratchBytes(const ir::Operation &op) const override;
  bool constantInTable(const ir::Operation &constant) const override;

  /// Whether `op` reads operand `slot` elementwise without replicating
  /// elements (so a lazy producer can be computed inside `op`).
  static bool fusesOperand(const ir::Operation &op, unsigned slot);
  /// Ops whose results can be computed element by element.
  static bool isFusibleKind(ir::OpKind k);
  /// float64 ops that run the runtime kernels (parax_rt_eval) rather than
  /// generated loops: dots, and on the CPU reductions and arg-reductions
  /// too (they keep the reference kernel's pairwise order; a GPU reduces in
  /// its own fixed tree order anyway).
  bool f64RunsKernel(const ir::Operation &op) const;

private:
  Repr decide(const ir::Value *v);
  /// Whether rank-0 `v` stays a host Scalar (see the constructor's `gpu`).
  bool hostScalar(const ir::Value *v);
  bool gpu_ = false;
  const ir::Block *entryBlock_ = nullptr;
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
