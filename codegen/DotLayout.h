//===- DotLayout.h - how compiled loops read a dot_general's operands -*- C++ -*-===//
//
// A float32 dot_general whose operands are buffers, or index-only lazy views
// of buffers (transpose, reshape, broadcast), can run as register-blocked
// compiled loops (EmitDotCpu.cpp) that read each operand in place through
// per-group strides. The analysis is shared by the emitter and by the
// fusion plan, which keeps such dots out of the runtime GEMM below its BLAS
// size (no operand copies, no call), so that the memory planner and the
// generated code agree.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/FusionPlan.h"

#include <functional>
#include <vector>

namespace parax::codegen {

struct DotLayout {
  /// RowPanel: the rhs free dims are contiguous (x @ w); InnerProduct: both
  /// operands are contiguous along the contracting dims (x @ w.T).
  enum class Kind { None, RowPanel, InnerProduct };
  Kind kind = Kind::None;
  int64_t NB = 0, Mn = 0, Kn = 0, Nn = 0;
  /// The stored values read, and each operand's element stride per group
  /// (batch, free, contracting), the group read as one row-major index.
  const ir::Value *aRoot = nullptr, *bRoot = nullptr;
  int64_t aOffset = 0, bOffset = 0;
  int64_t aB = -1, aM = -1, aK = -1, bB = -1, bN = -1, bK = -1;
  /// Whether the lhs is read through strides (else element by element).
  bool aStrided = false;
  /// InnerProduct with many rows: the rhs is first copied into a [batch, K,
  /// N] scratch buffer (allocated after the result, freed before the dot
  /// ends) and the product runs as a row panel, whose register blocking
  /// reads each rhs vector once per MR rows instead of once per row.
  bool transposeRhs = false;
  int64_t scratchBytes() const { return transposeRhs ? NB * Kn * Nn * 4 : 0; }
};

using ReprFn = std::function<Repr(const ir::Value *)>;

/// The layout of float32 dot `op` for compiled loops (kind None when they
/// do not apply: other dtypes, matrix-vector products, unresolvable views).
DotLayout analyzeDotLayout(const ir::Operation &op, const ReprFn &repr);

/// `v` as (stored root value, element strides per dim of v's shape):
/// buffers, and transposes / reshapes of row-major views / broadcasts of
/// resolvable values. False when `v` is computed.
bool resolveStrides(const ir::Value *v, const ReprFn &repr, const ir::Value *&root,
                    std::vector<int64_t> &strides);

/// A float32 dot as one strided-batched SGEMM of a column-major BLAS
/// (cuBLAS): the row-major result C [M, N] is column-major C^T [N, M] =
/// rhs^T lhs^T, so the BLAS's A is the rhs ([K, N] read as N x K) and its B
/// the lhs. op 0 = N, 1 = T. The compiled call passes it as kFields int64s
/// in this order (parax_gpu_gemm's `desc`, copied back into a BlasGemm).
struct BlasGemm {
  int64_t opA = 0, opB = 0, m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0,
          strideA = 0, strideB = 0, strideC = 0, batch = 0;
  static constexpr int kFields = 12;
};
static_assert(sizeof(BlasGemm) == BlasGemm::kFields * sizeof(int64_t),
              "BlasGemm is its int64 fields, in order");

/// `L` (both operands strided views) as a BlasGemm; false when an operand's
/// rows are not unit-stride in either direction, a leading dimension is too
/// small (a broadcast), or a size does not fit a BLAS int.
bool blasGemmOf(const DotLayout &L, BlasGemm &g);

} // namespace parax::codegen
