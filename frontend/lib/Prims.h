//===- Prims.h - typed primitive constructors -------------------*- C++ -*-===//
//
// One function per IR op family, each computing its result type and calling
// bind(): the lax layer that jax.numpy is written on (as in JAX itself).
// Operands are array-likes (arrays, tracers, Python scalars). Preconditions
// that only a parax bug could break are PARAX_ASSERTs; user-visible checks
// (shapes, dtypes) happen in the jnp/lax functions before these are called.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"
#include "ir/Operation.h"

#include <optional>
#include <vector>

namespace parax::frontend {
class Evaluator;
}

namespace parax::frontend::prims {

using ir::OpKind;

/// The abstract type of an array-like (see abstractType in Trace.h).
TensorType typeOf(const Value &v);
Shape shapeOf(const Value &v);
DType dtypeOf(const Value &v);

/// A Python scalar as an array of dtype `dt` (weak or not); arrays pass
/// through unchanged.
Value scalarAs(const Value &v, DType dt, bool weak);
/// JAX's OverflowError for a Python int outside `dt`'s range; `form` is
/// "array" for jnp.array([...]) (numpy's wording) or "scalar".
void checkIntFits(const Value &v, DType dt, const char *form);

/// a * b and a + b for extents (a, b >= 0): ValueError "array is too big"
/// when the result leaves int64 (tile, repeat, concatenate, pad, gathers).
int64_t extentMul(int64_t a, int64_t b);
int64_t extentAdd(int64_t a, int64_t b);

Value unary(Evaluator &ev, OpKind k, const Value &x);
/// Binary op on operands of one shape and dtype (result weak iff both are).
Value binary(Evaluator &ev, OpKind k, const Value &a, const Value &b);
/// Comparison: bool result.
Value compare(Evaluator &ev, OpKind k, const Value &a, const Value &b);
Value select(Evaluator &ev, const Value &pred, const Value &a, const Value &b);
/// Element conversion (no-op when dtype and weak already match).
Value convert(Evaluator &ev, const Value &x, DType dt, bool weak = false);
Value bitcastConvert(Evaluator &ev, const Value &x, DType dt);

Value broadcastInDim(Evaluator &ev, const Value &x, const Shape &shape,
                     const std::vector<int64_t> &dims);
/// numpy-style broadcast of x to `shape` (trailing alignment).
Value broadcastTo(Evaluator &ev, const Value &x, const Shape &shape);
Value reshape(Evaluator &ev, const Value &x, const Shape &shape);
Value transpose(Evaluator &ev, const Value &x, const std::vector<int64_t> &perm);
Value rev(Evaluator &ev, const Value &x, const std::vector<int64_t> &dims);
Value slice(Evaluator &ev, const Value &x, const std::vector<int64_t> &start,
            const std::vector<int64_t> &limit,
            const std::vector<int64_t> &stride);
Value concatenate(Evaluator &ev, const std::vector<Value> &xs, int64_t axis);
Value pad(Evaluator &ev, const Value &x, const Value &padValue,
          const std::vector<int64_t> &low, const std::vector<int64_t> &high);
/// starts: rank-0 integer array-likes (converted to int32).
Value dynamicSlice(Evaluator &ev, const Value &x,
                   const std::vector<Value> &starts,
                   const std::vector<int64_t> &sizes);
Value dynamicUpdateSlice(Evaluator &ev, const Value &x, const Value &update,
                         const std::vector<Value> &starts);
Value take(Evaluator &ev, const Value &x, const Value &indices, int64_t axis);
Value scatter(Evaluator &ev, const Value &x, const Value &indices,
              const Value &updates, int64_t axis, const std::string &mode);

Value reduce(Evaluator &ev, OpKind k, const Value &x,
             const std::vector<int64_t> &axes);
Value argReduce(Evaluator &ev, OpKind k, const Value &x, int64_t axis);
Value cumulative(Evaluator &ev, OpKind k, const Value &x, int64_t axis,
                 bool reverse);
Value dotGeneral(Evaluator &ev, const Value &a, const Value &b,
                 const std::vector<int64_t> &lhsBatch,
                 const std::vector<int64_t> &rhsBatch,
                 const std::vector<int64_t> &lhsContract,
                 const std::vector<int64_t> &rhsContract);
Value iota(Evaluator &ev, DType dt, const Shape &shape, int64_t dimension);
/// A filled array (broadcast of a scalar constant).
Value full(Evaluator &ev, const Shape &shape, const Value &fill, DType dt,
           bool weak = false);
std::pair<Value, Value> threefry2x32(Evaluator &ev, const Value &k0,
                                     const Value &k1, const Value &x0,
                                     const Value &x1);

/// Normalises a possibly negative axis against `rank`; raises the numpy
/// AxisError-style ValueError when out of range.
int64_t normalizeAxis(int64_t axis, int64_t rank, const std::string &what = "axis");

} // namespace parax::frontend::prims
