//===- Kernels.h - whole-array kernels on concrete arrays -------*- C++ -*-===//
//
// The numeric core of the reference interpreter and of eager execution: one
// function per IR op family, each a tight C++ loop over contiguous row-major
// buffers (numpy style), templated over the element type. Every kernel
// allocates a fresh result; inputs are never modified. Semantics are those of
// the op table (ir/Ops.def), which are JAX's (XLA on CPU) for the op.
//
// float16 / bfloat16 compute in float32 per element and round back.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Array.h"
#include "ir/Operation.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace parax::runtime {

/// Elementwise unary op (Neg ... IsFinite) on `x`. `resultType` gives the
/// result dtype (bool for IsFinite; otherwise x's) and weak flag.
Array unaryOp(ir::OpKind k, const Array &x, const TensorType &resultType);

/// Elementwise binary op (Add ... ShiftRightArithmetic, comparisons) on
/// operands of identical shape and dtype. Comparisons yield bool.
Array binaryOp(ir::OpKind k, const Array &a, const Array &b,
               const TensorType &resultType);
/// The loops of binaryOp (not comparisons) on raw memory: y[i] = a[i] (k)
/// b[i] for `n` elements of dtype `d`, bit-identical to binaryOp. `y` must
/// not overlap `a` or `b` (the loops are __restrict__). Used on slices by
/// the collectives (runtime/Communicator.cpp).
void binaryOpInto(ir::OpKind k, DType d, const void *a, const void *b, void *y,
                  int64_t n);

/// select(pred, onTrue, onFalse), all of one shape; pred is bool.
Array selectOp(const Array &pred, const Array &onTrue, const Array &onFalse,
               const TensorType &resultType);

/// Element conversion (numpy astype; float->int truncates toward zero and
/// saturates, NaN -> 0; int->int wraps; ->bool is != 0).
Array convertOp(const Array &x, const TensorType &resultType);
/// Reinterprets bits (same element width).
Array bitcastConvertOp(const Array &x, const TensorType &resultType);

/// iota: counts 0,1,2,... along `dimension` of resultType's shape.
Array iotaOp(const TensorType &resultType, int64_t dimension);

/// broadcast_in_dim: operand dim i maps to result dim dims[i]; operand dims
/// of size 1 are repeated.
Array broadcastInDimOp(const Array &x, const TensorType &resultType,
                       const std::vector<int64_t> &dims);
/// transpose: result dim i is operand dim perm[i].
Array transposeOp(const Array &x, const std::vector<int64_t> &perm,
                  const TensorType &resultType);
/// rev: reverses the listed dims.
Array revOp(const Array &x, const std::vector<int64_t> &dims);
/// slice with static start/limit/stride per dim (stride >= 1).
Array sliceOp(const Array &x, const std::vector<int64_t> &start,
              const std::vector<int64_t> &limit,
              const std::vector<int64_t> &stride,
              const TensorType &resultType);
/// concatenate along `axis` (operands share dtype and other dims).
Array concatenateOp(const std::vector<Array> &xs, int64_t axis,
                    const TensorType &resultType);
/// pad with a scalar value: `low`/`high` elements before/after each dim.
Array padOp(const Array &x, const Array &padValue,
            const std::vector<int64_t> &low, const std::vector<int64_t> &high,
            const TensorType &resultType);
/// Clamps raw dynamic starts as JAX does: a negative start gets dim added
/// once, then it is clamped to [0, dim - size].
std::vector<int64_t> clampStarts(const Shape &shape,
                                 const std::vector<int64_t> &starts,
                                 const std::vector<int64_t> &sizes);
/// dynamic_slice with raw starts (clamped internally).
Array dynamicSliceOp(const Array &x, const std::vector<int64_t> &starts,
                     const std::vector<int64_t> &sizes);
/// dynamic_update_slice with raw starts (clamped internally).
Array dynamicUpdateSliceOp(const Array &x, const Array &update,
                           const std::vector<int64_t> &starts);
/// take along `axis` (indices: any integer dtype; negative wrap once, then
/// clamp into range).
Array takeOp(const Array &x, const Array &indices, int64_t axis,
             const TensorType &resultType);
/// scatter along `axis`; mode is "set", "add", "mul", "min" or "max".
/// Negative indices wrap once; out-of-range updates are dropped; duplicate
/// indices apply in index order.
Array scatterOp(const Array &x, const Array &indices, const Array &updates,
                int64_t axis, const std::string &mode);

/// Reductions over `axes` (sorted, distinct). Sum/prod of floats use
/// pairwise (tree) accumulation so long float32 sums stay accurate; max/min
/// propagate NaN. Result dtype = operand dtype (the frontend promotes).
Array reduceOp(ir::OpKind k, const Array &x, const std::vector<int64_t> &axes,
               const TensorType &resultType);
/// argmax/argmin along one axis; int32 (int64 with x64) result, first
/// occurrence, NaN wins.
Array argReduceOp(ir::OpKind k, const Array &x, int64_t axis,
                  const TensorType &resultType);
/// cumsum/cumprod/cummax/cummin along axis, optionally reversed.
Array cumulativeOp(ir::OpKind k, const Array &x, int64_t axis, bool reverse);

/// dot_general; result dims are batch..., lhs free..., rhs free... . float
/// accumulates in float32 (f16/bf16 inputs too), float64 in double; ints
/// wrap.
Array dotGeneralOp(const Array &lhs, const Array &rhs,
                   const std::vector<int64_t> &lhsBatch,
                   const std::vector<int64_t> &rhsBatch,
                   const std::vector<int64_t> &lhsContract,
                   const std::vector<int64_t> &rhsContract,
                   const TensorType &resultType);

/// Threefry-2x32 (20 rounds) on u32 arrays of one shape -> {y0, y1}.
std::vector<Array> threefry2x32Op(const Array &k0, const Array &k1,
                                  const Array &x0, const Array &x1);

/// How a kernel running on this thread may split its work: `width` threads
/// of the CPU backend's pool through `parallelFor(chunks, body)` (body(i)
/// for every chunk, the caller taking chunks too). Set for the duration of
/// a kernel call by the CPU backend (parax_rt_eval); absent elsewhere, where
/// kernels run on their thread alone. The large BLAS products split over it
/// (KernelsBlas.cpp), so they share the pool with the compiled loops and the
/// other devices instead of starting threads of their own.
struct IntraOp {
  int width = 1;
  std::function<void(int64_t, const std::function<void(int64_t)> &)> parallelFor;
};
/// Makes `io` this thread's IntraOp until the scope ends.
class IntraOpScope {
public:
  explicit IntraOpScope(const IntraOp *io);
  ~IntraOpScope();
  IntraOpScope(const IntraOpScope &) = delete;
  IntraOpScope &operator=(const IntraOpScope &) = delete;

private:
  const IntraOp *prev_;
};
/// This thread's IntraOp (null when none).
const IntraOp *currentIntraOp();

/// Evaluates any non-region, non-collective, non-side-effect op `op` on
/// `inputs` (dispatches to the kernels above, reading op's attributes).
std::vector<Array> evalPureOp(const ir::Operation &op,
                              const std::vector<Array> &inputs);
/// The same dispatch without an Operation (eager execution).
std::vector<Array> evalPureOp(ir::OpKind kind, const ir::Attrs &attrs,
                              const std::vector<Array> &inputs,
                              const std::vector<TensorType> &resultTypes);

} // namespace parax::runtime
