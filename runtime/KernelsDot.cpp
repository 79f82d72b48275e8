//===- KernelsDot.cpp - dot_general ---------------------------------------===//
//
// dot_general = a batched matmul of [batch, M, K] by [batch, K, N]. float32
// runs parax's packed GEMM (KernelsGemmF32.cpp), which reads an operand in
// place through strides when its dimension groups allow it (x.T @ y,
// x @ y.T: ir/DotOperandView.h) and otherwise a transposed copy; every
// output accumulates its products in k order. float16/bfloat16 operands are
// widened to float32 and the result rounded once. Other dtypes are always
// transposed into [batch, M, K] / [batch, K, N] first. float64
// products go to BLAS dgemm when one is installed, else a k-ordered double
// loop. Integer products accumulate in 32 bits (64 for int64/uint64) and
// wrap; bool dot is OR of ANDs.
//
//===----------------------------------------------------------------------===//
#include "ir/DotOperandView.h"
#include "runtime/Kernels.h"
#include "runtime/KernelsBlas.h"
#include "runtime/KernelsCommon.h"
#include "runtime/KernelsGemm.h"

#include <algorithm>
#include <optional>

namespace parax::runtime {

using namespace detail;
using ir::DotOperandStrides;
using ir::dotOperandStrides;

namespace {

/// C = A * B in float64: BLAS when available, else k-ordered accumulation.
void gemmF64(const double *a, const double *b, double *c, int64_t m, int64_t n,
             int64_t k) {
  if (blasDgemm(a, b, c, m, n, k))
    return;
  for (int64_t i = 0; i < m; ++i) {
    double *row = c + i * n;
    std::fill(row, row + n, 0.0);
    for (int64_t kk = 0; kk < k; ++kk) {
      double av = a[i * k + kk];
      const double *br = b + kk * n;
      for (int64_t j = 0; j < n; ++j)
        row[j] += av * br[j];
    }
  }
}

/// Integer / bool matmul with wrapping accumulation (32 bits, or 64 for
/// 64-bit integers).
template <typename T>
void gemmInt(const T *a, const T *b, T *c, int64_t m, int64_t n, int64_t k,
             bool isBool) {
  using U = std::conditional_t<std::is_same_v<T, uint8_t>, uint8_t,
                               std::make_unsigned_t<T>>;
  using W = std::conditional_t<(sizeof(T) > 4), uint64_t, uint32_t>;
  std::vector<W> row(static_cast<size_t>(n));
  for (int64_t i = 0; i < m; ++i) {
    std::fill(row.begin(), row.end(), W(0));
    for (int64_t kk = 0; kk < k; ++kk) {
      W av = W(U(a[i * k + kk]));
      if (av == 0)
        continue;
      const T *br = b + kk * n;
      for (int64_t j = 0; j < n; ++j)
        row[size_t(j)] += av * W(U(br[j]));
    }
    for (int64_t j = 0; j < n; ++j)
      c[i * n + j] = isBool ? T(row[size_t(j)] != 0) : T(row[size_t(j)]);
  }
}

/// Permutes `x` so its dims are `order` (no copy when already in order).
Array arrange(const Array &x, const std::vector<int64_t> &order) {
  bool identity = true;
  for (size_t i = 0; i < order.size(); ++i)
    identity &= order[i] == int64_t(i);
  if (identity)
    return x;
  Shape s;
  for (int64_t d : order)
    s.push_back(x.shape()[d]);
  return transposeOp(x, order, TensorType{x.dtype(), s, x.weak()});
}

} // namespace

Array dotGeneralOp(const Array &lhs, const Array &rhs,
                   const std::vector<int64_t> &lhsBatch,
                   const std::vector<int64_t> &rhsBatch,
                   const std::vector<int64_t> &lhsContract,
                   const std::vector<int64_t> &rhsContract,
                   const TensorType &resultType) {
  ScopedFlushDenormal ftz;
  PARAX_ASSERT(lhsBatch.size() == rhsBatch.size() &&
               lhsContract.size() == rhsContract.size() &&
               lhs.dtype() == rhs.dtype())
      << "dot_general: mismatched dimension numbers";
  auto freeDims = [](const Array &x, const std::vector<int64_t> &bd,
                     const std::vector<int64_t> &cd) {
    std::vector<int64_t> f;
    for (int64_t d = 0; d < x.rank(); ++d)
      if (std::find(bd.begin(), bd.end(), d) == bd.end() &&
          std::find(cd.begin(), cd.end(), d) == cd.end())
        f.push_back(d);
    return f;
  };
  std::vector<int64_t> lf = freeDims(lhs, lhsBatch, lhsContract);
  std::vector<int64_t> rf = freeDims(rhs, rhsBatch, rhsContract);
  int64_t nb = 1, m = 1, n = 1, k = 1;
  for (int64_t d : lhsBatch)
    nb *= lhs.shape()[d];
  for (int64_t d : lf)
    m *= lhs.shape()[d];
  for (int64_t d : rf)
    n *= rhs.shape()[d];
  for (size_t i = 0; i < lhsContract.size(); ++i) {
    PARAX_ASSERT(lhs.shape()[lhsContract[i]] == rhs.shape()[rhsContract[i]])
        << "dot_general: contracting sizes differ";
    k *= lhs.shape()[lhsContract[i]];
  }
  Array y = newArray(resultType);
  PARAX_ASSERT(y.size() == nb * m * n) << "dot_general: result shape";
  if (y.size() == 0)
    return y;
  DType dt = lhs.dtype();
  std::optional<DotOperandStrides> av, bv;
  if (isFloat(dt) && dt != DType::F64) {
    av = dotOperandStrides(lhs.shape(), lhsBatch, lf, lhsContract);
    bv = dotOperandStrides(rhs.shape(), rhsBatch, rhsContract, rf);
  }
  // Operands not read in place are transposed into [batch, M, K] and
  // [batch, K, N] copies.
  std::vector<int64_t> lo = lhsBatch, ro = rhsBatch;
  lo.insert(lo.end(), lf.begin(), lf.end());
  lo.insert(lo.end(), lhsContract.begin(), lhsContract.end());
  ro.insert(ro.end(), rhsContract.begin(), rhsContract.end());
  ro.insert(ro.end(), rf.begin(), rf.end());
  Array a = av ? lhs : arrange(lhs, lo), b = bv ? rhs : arrange(rhs, ro);
  if (!av)
    av = DotOperandStrides{m * k, k, 1};
  if (!bv)
    bv = DotOperandStrides{k * n, n, 1};
  if (dt == DType::F64) {
    for (int64_t bi = 0; bi < nb; ++bi)
      gemmF64(a.data<double>() + bi * m * k, b.data<double>() + bi * k * n,
              y.data<double>() + bi * m * n, m, n, k);
    return y;
  }
  if (isFloat(dt)) {
    Array af = a, bf = b, yf = y;
    if (dt != DType::F32) {
      af = convertOp(a, TensorType{DType::F32, a.shape(), false});
      bf = convertOp(b, TensorType{DType::F32, b.shape(), false});
      yf = Array::allocate(DType::F32, resultType.shape);
    }
    for (int64_t bi = 0; bi < nb; ++bi)
      gemmF32(MatrixF32{af.data<float>() + bi * av->batch, av->rows, av->cols},
              MatrixF32{bf.data<float>() + bi * bv->batch, bv->rows, bv->cols},
              yf.data<float>() + bi * m * n, n, m, n, k);
    if (dt != DType::F32)
      return convertOp(yf, resultType);
    return y;
  }
  dispatch(dt, [&](auto tag) {
    using Tg = decltype(tag);
    using T = typename Tg::T;
    if constexpr (!Tg::isFloat)
      for (int64_t bi = 0; bi < nb; ++bi)
        gemmInt<T>(a.data<T>() + bi * m * k, b.data<T>() + bi * k * n,
                   y.data<T>() + bi * m * n, m, n, k, Tg::isBool);
  });
  return y;
}

} // namespace parax::runtime
