//===- KernelsDot.cpp - dot_general ---------------------------------------===//
//
// dot_general = transpose each operand to [batch, M, K] / [batch, K, N]
// (skipped when already in that layout) + a batched matmul. The float32
// matmul packs B into 16-column panels and A into 6-row panels per 256-deep
// slice and runs a 6x16 register-blocked micro-kernel (AVX2+FMA intrinsics
// when the CPU has them, plain C++ otherwise); every output accumulates its
// products in k order. Products of 2^24 multiply-adds or more use the system
// BLAS instead when one is installed (KernelsBlas.h). float16/bfloat16
// operands are widened to float32 and the result rounded once. float64
// products go to BLAS dgemm when one is installed, else a k-ordered double
// loop. Integer products accumulate in 32 bits (64 for int64/uint64) and
// wrap; bool dot is OR of ANDs.
//
//===----------------------------------------------------------------------===//
#include "runtime/Kernels.h"
#include "runtime/KernelsBlas.h"
#include "runtime/KernelsCommon.h"

#include <algorithm>

#if defined(PARAX_KERNELS_X86)
#include <immintrin.h>
#endif

namespace parax::runtime {

using namespace detail;

namespace {

constexpr int64_t kMR = 6, kNR = 16, kKC = 256, kMC = 96;

/// Generic micro-kernel: C[mr x nr] (+)= Ap[kc x 6] * Bp[kc x 16].
void microGeneric(int64_t kc, const float *ap, const float *bp, float *c,
                  int64_t ldc, int64_t mr, int64_t nr, bool accumulate) {
  float acc[kMR][kNR] = {};
  if (accumulate)
    for (int64_t i = 0; i < mr; ++i)
      for (int64_t j = 0; j < nr; ++j)
        acc[i][j] = c[i * ldc + j];
  for (int64_t k = 0; k < kc; ++k)
    for (int64_t i = 0; i < kMR; ++i) {
      float a = ap[k * kMR + i];
      for (int64_t j = 0; j < kNR; ++j)
        acc[i][j] += a * bp[k * kNR + j];
    }
  for (int64_t i = 0; i < mr; ++i)
    for (int64_t j = 0; j < nr; ++j)
      c[i * ldc + j] = acc[i][j];
}

#if defined(PARAX_KERNELS_X86)
__attribute__((target("avx2,fma"))) void
microAvx2(int64_t kc, const float *ap, const float *bp, float *c, int64_t ldc,
          int64_t mr, int64_t nr, bool accumulate) {
  __m256 acc[kMR][2];
  float tmp[kMR][kNR];
  bool full = mr == kMR && nr == kNR;
  if (accumulate) {
    if (full) {
      for (int64_t i = 0; i < kMR; ++i) {
        acc[i][0] = _mm256_loadu_ps(c + i * ldc);
        acc[i][1] = _mm256_loadu_ps(c + i * ldc + 8);
      }
    } else {
      for (int64_t i = 0; i < kMR; ++i)
        for (int64_t j = 0; j < kNR; ++j)
          tmp[i][j] = (i < mr && j < nr) ? c[i * ldc + j] : 0.0f;
      for (int64_t i = 0; i < kMR; ++i) {
        acc[i][0] = _mm256_loadu_ps(tmp[i]);
        acc[i][1] = _mm256_loadu_ps(tmp[i] + 8);
      }
    }
  } else {
    for (int64_t i = 0; i < kMR; ++i)
      acc[i][0] = acc[i][1] = _mm256_setzero_ps();
  }
  for (int64_t k = 0; k < kc; ++k) {
    __m256 b0 = _mm256_loadu_ps(bp + k * kNR);
    __m256 b1 = _mm256_loadu_ps(bp + k * kNR + 8);
    const float *a = ap + k * kMR;
#define PARAX_ROW(i)                                                           \
  {                                                                            \
    __m256 av = _mm256_broadcast_ss(a + i);                                    \
    acc[i][0] = _mm256_fmadd_ps(av, b0, acc[i][0]);                            \
    acc[i][1] = _mm256_fmadd_ps(av, b1, acc[i][1]);                            \
  }
    PARAX_ROW(0)
    PARAX_ROW(1) PARAX_ROW(2) PARAX_ROW(3) PARAX_ROW(4) PARAX_ROW(5)
#undef PARAX_ROW
  }
  if (full) {
    for (int64_t i = 0; i < kMR; ++i) {
      _mm256_storeu_ps(c + i * ldc, acc[i][0]);
      _mm256_storeu_ps(c + i * ldc + 8, acc[i][1]);
    }
    return;
  }
  for (int64_t i = 0; i < kMR; ++i) {
    _mm256_storeu_ps(tmp[i], acc[i][0]);
    _mm256_storeu_ps(tmp[i] + 8, acc[i][1]);
  }
  for (int64_t i = 0; i < mr; ++i)
    for (int64_t j = 0; j < nr; ++j)
      c[i * ldc + j] = tmp[i][j];
}
#endif

using MicroFn = void (*)(int64_t, const float *, const float *, float *,
                         int64_t, int64_t, int64_t, bool);

/// Matrix-vector fast paths (no packing): y[i] = A[i, :] . x (8 partial
/// sums per row, combined pairwise), and y[:] = sum_k a[k] * B[k, :] (rows
/// of B streamed in order, so each y[j] sums in k order).
void gemvGeneric(const float *a, const float *x, float *y, int64_t m,
                 int64_t k) {
  for (int64_t i = 0; i < m; ++i) {
    const float *row = a + i * k;
    float acc[8] = {};
    int64_t q = 0;
    for (; q + 8 <= k; q += 8)
      for (int j = 0; j < 8; ++j)
        acc[j] += row[q + j] * x[q + j];
    float s = ((acc[0] + acc[1]) + (acc[2] + acc[3])) +
              ((acc[4] + acc[5]) + (acc[6] + acc[7]));
    for (; q < k; ++q)
      s += row[q] * x[q];
    y[i] = s;
  }
}
void gevmGeneric(const float *a, const float *b, float *y, int64_t k,
                 int64_t n) {
  std::fill(y, y + n, 0.0f);
  for (int64_t q = 0; q < k; ++q)
    for (int64_t j = 0; j < n; ++j)
      y[j] += a[q] * b[q * n + j];
}
#if defined(PARAX_KERNELS_X86)
__attribute__((target("avx2,fma"))) void
gemvAvx2(const float *a, const float *x, float *y, int64_t m, int64_t k) {
  for (int64_t i = 0; i < m; ++i) {
    const float *row = a + i * k;
    __m256 acc = _mm256_setzero_ps();
    int64_t q = 0;
    for (; q + 8 <= k; q += 8)
      acc = _mm256_fmadd_ps(_mm256_loadu_ps(row + q), _mm256_loadu_ps(x + q),
                            acc);
    float t[8];
    _mm256_storeu_ps(t, acc);
    float s = ((t[0] + t[1]) + (t[2] + t[3])) + ((t[4] + t[5]) + (t[6] + t[7]));
    for (; q < k; ++q)
      s = __builtin_fmaf(row[q], x[q], s);
    y[i] = s;
  }
}
__attribute__((target("avx2,fma"))) void
gevmAvx2(const float *a, const float *b, float *y, int64_t k, int64_t n) {
  std::fill(y, y + n, 0.0f);
  for (int64_t q = 0; q < k; ++q) {
    __m256 av = _mm256_broadcast_ss(a + q);
    const float *br = b + q * n;
    int64_t j = 0;
    for (; j + 8 <= n; j += 8)
      _mm256_storeu_ps(y + j, _mm256_fmadd_ps(av, _mm256_loadu_ps(br + j),
                                              _mm256_loadu_ps(y + j)));
    for (; j < n; ++j)
      y[j] = __builtin_fmaf(a[q], br[j], y[j]);
  }
}
#endif

/// C[M x N] = A[M x K] * B[K x N], all row-major float32.
void gemmF32(const float *a, const float *b, float *c, int64_t m, int64_t n,
             int64_t k) {
  if (k == 0) {
    std::fill(c, c + m * n, 0.0f);
    return;
  }
  // Large products go to the system BLAS when there is one (KernelsBlas.h).
  if (m >= 64 && n >= 64 && m * n * k >= (int64_t(1) << 24) &&
      blasSgemm(a, b, c, m, n, k))
    return;
  if (m == 1) {
#if defined(PARAX_KERNELS_X86)
    if (hasAvx2Fma())
      return gevmAvx2(a, b, c, k, n);
#endif
    return gevmGeneric(a, b, c, k, n);
  }
  if (n == 1) {
#if defined(PARAX_KERNELS_X86)
    if (hasAvx2Fma())
      return gemvAvx2(a, b, c, m, k);
#endif
    return gemvGeneric(a, b, c, m, k);
  }
  MicroFn micro = microGeneric;
#if defined(PARAX_KERNELS_X86)
  if (hasAvx2Fma())
    micro = microAvx2;
#endif
  int64_t nPanels = (n + kNR - 1) / kNR;
  std::vector<float> bp(size_t(nPanels * kKC * kNR));
  std::vector<float> ap(size_t(((kMC + kMR - 1) / kMR) * kKC * kMR));
  for (int64_t k0 = 0; k0 < k; k0 += kKC) {
    int64_t kc = std::min(kKC, k - k0);
    // Pack B[k0:k0+kc, :] into panels of 16 columns (zero padded).
    for (int64_t p = 0; p < nPanels; ++p) {
      float *dst = bp.data() + p * kc * kNR;
      int64_t j0 = p * kNR, w = std::min(kNR, n - j0);
      for (int64_t kk = 0; kk < kc; ++kk) {
        const float *src = b + (k0 + kk) * n + j0;
        float *d = dst + kk * kNR;
        for (int64_t j = 0; j < w; ++j)
          d[j] = src[j];
        for (int64_t j = w; j < kNR; ++j)
          d[j] = 0.0f;
      }
    }
    for (int64_t i0 = 0; i0 < m; i0 += kMC) {
      int64_t mc = std::min(kMC, m - i0);
      int64_t rPanels = (mc + kMR - 1) / kMR;
      // Pack A[i0:i0+mc, k0:k0+kc] into panels of 6 rows (zero padded).
      for (int64_t rp = 0; rp < rPanels; ++rp) {
        float *dst = ap.data() + rp * kc * kMR;
        int64_t r0 = i0 + rp * kMR, h = std::min(kMR, m - r0);
        for (int64_t kk = 0; kk < kc; ++kk)
          for (int64_t i = 0; i < kMR; ++i)
            dst[kk * kMR + i] = i < h ? a[(r0 + i) * k + k0 + kk] : 0.0f;
      }
      for (int64_t p = 0; p < nPanels; ++p) {
        int64_t j0 = p * kNR, nr = std::min(kNR, n - j0);
        for (int64_t rp = 0; rp < rPanels; ++rp) {
          int64_t r0 = i0 + rp * kMR, mr = std::min(kMR, m - r0);
          micro(kc, ap.data() + rp * kc * kMR, bp.data() + p * kc * kNR,
                c + r0 * n + j0, n, mr, nr, k0 > 0);
        }
      }
    }
  }
}

/// C = A * B in float64: BLAS when available, else k-ordered accumulation.
void gemmF64(const double *a, const double *b, double *c, int64_t m,
             int64_t n, int64_t k) {
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
  std::vector<int64_t> lo = lhsBatch, ro = rhsBatch;
  lo.insert(lo.end(), lf.begin(), lf.end());
  lo.insert(lo.end(), lhsContract.begin(), lhsContract.end());
  ro.insert(ro.end(), rhsContract.begin(), rhsContract.end());
  ro.insert(ro.end(), rf.begin(), rf.end());
  Array a = arrange(lhs, lo), b = arrange(rhs, ro);
  Array y = newArray(resultType);
  PARAX_ASSERT(y.size() == nb * m * n) << "dot_general: result shape";
  if (y.size() == 0)
    return y;
  DType dt = lhs.dtype();
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
      gemmF32(af.data<float>() + bi * m * k, bf.data<float>() + bi * k * n,
              yf.data<float>() + bi * m * n, m, n, k);
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
