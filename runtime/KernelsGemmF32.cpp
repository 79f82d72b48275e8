//===- KernelsGemmF32.cpp - parax's own float32 GEMM ----------------------===//
//
// The classic packed GEMM: for each 256-deep slice of k, B's columns are
// packed into NR-wide panels (up to kNC columns at a time) and A's rows into
// MR-high panels (kMC rows at a time); an MR x NR block of C stays in vector
// registers while a micro-kernel runs the slice. The B panel is reused from
// L1 across the A panels, the A block from L2 across the B panels. Where
// packing B costs more than it saves (few rows of A, rows of B not 4 KiB
// apart: readBInPlace) the AVX-512 kernel reads B where it lies, and A's
// rows too where they are contiguous (readAInPlace): no copy at all.
//
// Micro-kernels, chosen once per process:
//  - AVX-512: 8 x 32 (16 zmm accumulators; on a Zen 5 core 224 GFLOP/s at
//    1024^3 where a 12 x 32 one made 216-221, and 107 vs 86 at 8 x 256 x
//    256, whose 12-row panels were a third padding);
//  - AVX2+FMA: 6 x 16;  - plain C++: 6 x 16.
// Each output's products are added in k order, one fma each; C is stored
// between slices and reloaded exactly, so neither the slice depth nor the
// tiling over threads changes a bit of the result.
//
//===----------------------------------------------------------------------===//
#include "runtime/Kernels.h"
#include "runtime/KernelsBlas.h"
#include "runtime/KernelsCommon.h"
#include "runtime/KernelsGemm.h"

#include <cstring>
#include <memory>

#if defined(PARAX_KERNELS_X86)
#include <immintrin.h>
#endif

namespace parax::runtime::detail {

namespace {

constexpr int64_t kKC = 256, kMC = 144, kNC = 2048;
constexpr int64_t kMaxMR = 8, kMaxNR = 32;

/// C[mr x nr] (+)= Ap[kc x MR] * Bp[kc x NR], both packed and zero padded.
using MicroFn = void (*)(int64_t kc, const float *ap, const float *bp, float *c,
                         int64_t ldc, int64_t mr, int64_t nr, bool accumulate);

/// The same reading B's rows `ldb` apart, unpacked (edges masked), and A
/// packed (lda 0) or its rows `lda` apart, unpacked.
using StridedMicroFn = void (*)(int64_t kc, const float *ap, int64_t lda,
                                const float *bp, int64_t ldb, float *c,
                                int64_t ldc, int64_t mr, int64_t nr,
                                bool accumulate);

struct MicroKernel {
  int64_t mr, nr;
  MicroFn fn;
  StridedMicroFn strided = nullptr; ///< null: B must be packed
};

template <int64_t MR, int64_t NR>
void microGeneric(int64_t kc, const float *ap, const float *bp, float *c,
                  int64_t ldc, int64_t mr, int64_t nr, bool accumulate) {
  float acc[MR][NR] = {};
  if (accumulate)
    for (int64_t i = 0; i < mr; ++i)
      for (int64_t j = 0; j < nr; ++j)
        acc[i][j] = c[i * ldc + j];
  for (int64_t k = 0; k < kc; ++k)
    for (int64_t i = 0; i < MR; ++i) {
      float a = ap[k * MR + i];
      for (int64_t j = 0; j < NR; ++j)
        acc[i][j] = __builtin_fmaf(a, bp[k * NR + j], acc[i][j]);
    }
  for (int64_t i = 0; i < mr; ++i)
    for (int64_t j = 0; j < nr; ++j)
      c[i * ldc + j] = acc[i][j];
}

#if defined(PARAX_KERNELS_X86)
__attribute__((target("avx2,fma"))) void
microAvx2(int64_t kc, const float *ap, const float *bp, float *c, int64_t ldc,
          int64_t mr, int64_t nr, bool accumulate) {
  constexpr int64_t MR = 6, NR = 16;
  __m256 acc[MR][2];
  float tmp[MR][NR];
  bool full = mr == MR && nr == NR;
  if (accumulate) {
    if (full) {
      for (int64_t i = 0; i < MR; ++i) {
        acc[i][0] = _mm256_loadu_ps(c + i * ldc);
        acc[i][1] = _mm256_loadu_ps(c + i * ldc + 8);
      }
    } else {
      for (int64_t i = 0; i < MR; ++i)
        for (int64_t j = 0; j < NR; ++j)
          tmp[i][j] = (i < mr && j < nr) ? c[i * ldc + j] : 0.0f;
      for (int64_t i = 0; i < MR; ++i) {
        acc[i][0] = _mm256_loadu_ps(tmp[i]);
        acc[i][1] = _mm256_loadu_ps(tmp[i] + 8);
      }
    }
  } else {
    for (int64_t i = 0; i < MR; ++i)
      acc[i][0] = acc[i][1] = _mm256_setzero_ps();
  }
  for (int64_t k = 0; k < kc; ++k) {
    __m256 b0 = _mm256_loadu_ps(bp + k * NR);
    __m256 b1 = _mm256_loadu_ps(bp + k * NR + 8);
    const float *a = ap + k * MR;
#pragma GCC unroll 6
    for (int64_t i = 0; i < MR; ++i) {
      __m256 av = _mm256_broadcast_ss(a + i);
      acc[i][0] = _mm256_fmadd_ps(av, b0, acc[i][0]);
      acc[i][1] = _mm256_fmadd_ps(av, b1, acc[i][1]);
    }
  }
  if (full) {
    for (int64_t i = 0; i < MR; ++i) {
      _mm256_storeu_ps(c + i * ldc, acc[i][0]);
      _mm256_storeu_ps(c + i * ldc + 8, acc[i][1]);
    }
    return;
  }
  for (int64_t i = 0; i < MR; ++i) {
    _mm256_storeu_ps(tmp[i], acc[i][0]);
    _mm256_storeu_ps(tmp[i] + 8, acc[i][1]);
  }
  for (int64_t i = 0; i < mr; ++i)
    for (int64_t j = 0; j < nr; ++j)
      c[i * ldc + j] = tmp[i][j];
}

/// acc[MR x 32] += A * B rows over kc steps (the micro-kernel's loop). A
/// is a packed panel (element (i, k) at a[0][k * MR + i]) or, AInPlace,
/// rows where they lie (element (i, k) at a[i][k]).
template <int64_t MR, bool Full, bool AInPlace>
__attribute__((target("avx512f"), always_inline)) inline void
avx512Slice(int64_t kc, const float *const (&a)[MR], const float *bp, int64_t ldb,
            __mmask16 m0, __mmask16 m1, __m512 (&acc)[MR][2]) {
  for (int64_t k = 0; k < kc; ++k) {
    __m512 b0, b1;
    if constexpr (Full) {
      b0 = _mm512_loadu_ps(bp + k * ldb);
      b1 = _mm512_loadu_ps(bp + k * ldb + 16);
    } else {
      b0 = _mm512_maskz_loadu_ps(m0, bp + k * ldb);
      b1 = _mm512_maskz_loadu_ps(m1, bp + k * ldb + 16);
    }
#pragma GCC unroll 12
    for (int64_t i = 0; i < MR; ++i) {
      __m512 av = _mm512_set1_ps(AInPlace ? a[i][k] : a[0][k * MR + i]);
      acc[i][0] = _mm512_fmadd_ps(av, b0, acc[i][0]);
      acc[i][1] = _mm512_fmadd_ps(av, b1, acc[i][1]);
    }
  }
}

/// MR rows x 32 columns (two zmm a row), B's rows `ldb` apart: a packed
/// panel (ldb 32) or B itself, read in place. A is a packed panel (lda 0)
/// or A's rows `lda` apart, read in place (rows past mr read row mr - 1
/// again, so nothing outside A is touched; their sums are not stored).
/// Loads of B and of C are masked at the edges.
template <int64_t MR>
__attribute__((target("avx512f"))) void
microAvx512Strided(int64_t kc, const float *ap, int64_t lda, const float *bp,
                   int64_t ldb, float *c, int64_t ldc, int64_t mr, int64_t nr,
                   bool accumulate) {
  __m512 acc[MR][2];
  __mmask16 m0 = nr >= 16 ? __mmask16(0xffff) : __mmask16((1u << nr) - 1);
  __mmask16 m1 = nr >= 32   ? __mmask16(0xffff)
                 : nr <= 16 ? __mmask16(0)
                            : __mmask16((1u << (nr - 16)) - 1);
  for (int64_t i = 0; i < MR; ++i)
    if (accumulate && i < mr) {
      acc[i][0] = _mm512_maskz_loadu_ps(m0, c + i * ldc);
      acc[i][1] = _mm512_maskz_loadu_ps(m1, c + i * ldc + 16);
    } else {
      acc[i][0] = acc[i][1] = _mm512_setzero_ps();
    }
  const float *a[MR];
  for (int64_t i = 0; i < MR; ++i)
    a[i] = lda ? ap + std::min(i, mr - 1) * lda : ap;
  // Unmasked loads in the common full-width case: a masked load in the
  // loop costs a third of the speed on Zen 5.
  if (lda == 0 && nr == 32)
    avx512Slice<MR, true, false>(kc, a, bp, ldb, m0, m1, acc);
  else if (lda == 0)
    avx512Slice<MR, false, false>(kc, a, bp, ldb, m0, m1, acc);
  else if (nr == 32)
    avx512Slice<MR, true, true>(kc, a, bp, ldb, m0, m1, acc);
  else
    avx512Slice<MR, false, true>(kc, a, bp, ldb, m0, m1, acc);
  for (int64_t i = 0; i < mr; ++i) {
    _mm512_mask_storeu_ps(c + i * ldc, m0, acc[i][0]);
    _mm512_mask_storeu_ps(c + i * ldc + 16, m1, acc[i][1]);
  }
}
template <int64_t MR>
void microAvx512(int64_t kc, const float *ap, const float *bp, float *c,
                 int64_t ldc, int64_t mr, int64_t nr, bool accumulate) {
  microAvx512Strided<MR>(kc, ap, 0, bp, 32, c, ldc, mr, nr, accumulate);
}
#endif

bool cpuHasAvx512() {
#if defined(PARAX_KERNELS_X86)
  return __builtin_cpu_supports("avx512f");
#else
  return false;
#endif
}

const MicroKernel &microKernel() {
  static const MicroKernel kernel = []() -> MicroKernel {
#if defined(PARAX_KERNELS_X86)
    if (cpuHasAvx512())
      return {8, 32, microAvx512<8>, microAvx512Strided<8>};
    if (hasAvx2Fma())
      return {6, 16, microAvx2};
#endif
    return {6, 16, microGeneric<6, 16>};
  }();
  return kernel;
}

/// This thread's packing buffers, kept between calls (bounded by the block
/// sizes: 2 MiB for B, 144 KiB for A).
struct PackBuffers {
  std::unique_ptr<float[]> a{new float[size_t(kMC + kMaxMR) * kKC]};
  std::unique_ptr<float[]> b{new float[size_t(kNC + kMaxNR) * kKC]};
};
PackBuffers &packBuffers() {
  thread_local PackBuffers buffers;
  return buffers;
}

/// dst[t * dstStride + l] = src[l * lineStride + t] for l < lines, t < len:
/// contiguous source lines written across, as packing a transposed operand
/// needs. Scalar: one store per element.
void interleaveScalar(const float *src, int64_t lineStride, int64_t lines, int64_t len,
                      float *dst, int64_t dstStride) {
  for (int64_t l = 0; l < lines; ++l)
    for (int64_t t = 0; t < len; ++t)
      dst[t * dstStride + l] = src[l * lineStride + t];
}

#if defined(PARAX_KERNELS_X86)
/// The same for eight lines, 8 x 8 blocks transposed in AVX registers
/// (unpack, shuffle, 128-bit permute): 16 vector moves per 64 elements.
__attribute__((target("avx2"))) void interleave8Avx2(const float *src, int64_t lineStride,
                                                     int64_t len, float *dst,
                                                     int64_t dstStride) {
  int64_t t0 = 0;
  for (; t0 + 8 <= len; t0 += 8) {
    __m256 r[8];
    for (int l = 0; l < 8; ++l)
      r[l] = _mm256_loadu_ps(src + l * lineStride + t0);
    __m256 u[8], s[8];
    for (int l = 0; l < 8; l += 2) {
      u[l] = _mm256_unpacklo_ps(r[l], r[l + 1]);
      u[l + 1] = _mm256_unpackhi_ps(r[l], r[l + 1]);
    }
    for (int h = 0; h < 8; h += 4) {
      s[h] = _mm256_shuffle_ps(u[h], u[h + 2], _MM_SHUFFLE(1, 0, 1, 0));
      s[h + 1] = _mm256_shuffle_ps(u[h], u[h + 2], _MM_SHUFFLE(3, 2, 3, 2));
      s[h + 2] = _mm256_shuffle_ps(u[h + 1], u[h + 3], _MM_SHUFFLE(1, 0, 1, 0));
      s[h + 3] = _mm256_shuffle_ps(u[h + 1], u[h + 3], _MM_SHUFFLE(3, 2, 3, 2));
    }
    for (int t = 0; t < 4; ++t) {
      _mm256_storeu_ps(dst + (t0 + t) * dstStride, _mm256_permute2f128_ps(s[t], s[t + 4], 0x20));
      _mm256_storeu_ps(dst + (t0 + t + 4) * dstStride,
                       _mm256_permute2f128_ps(s[t], s[t + 4], 0x31));
    }
  }
  interleaveScalar(src + t0, lineStride, 8, len - t0, dst + t0 * dstStride, dstStride);
}
#endif

/// interleaveScalar over any number of lines, eight at a time in registers
/// where the CPU has AVX2.
void interleave(const float *src, int64_t lineStride, int64_t lines, int64_t len, float *dst,
                int64_t dstStride) {
  int64_t l = 0;
#if defined(PARAX_KERNELS_X86)
  static const bool avx2 = hasAvx2Fma();
  if (avx2)
    for (; l + 8 <= lines; l += 8)
      interleave8Avx2(src + l * lineStride, lineStride, len, dst + l, dstStride);
#endif
  interleaveScalar(src + l * lineStride, lineStride, lines - l, len, dst + l, dstStride);
}

/// Packs B[k0:k0+kc, j0:j0+w] into NR-wide panels, kc rows each. Reads
/// along whichever of B's dimensions is contiguous (B^T: down the columns).
void packB(const MicroKernel &mk, MatrixF32 b, int64_t k0, int64_t kc,
           int64_t j0, int64_t w, float *dst) {
  bool byColumns = b.rowStride < b.colStride;
  for (int64_t p = 0; p * mk.nr < w; ++p) {
    int64_t c0 = j0 + p * mk.nr, cw = std::min(mk.nr, j0 + w - c0);
    float *panel = dst + p * kc * mk.nr;
    if (byColumns) {
      const float *src = b.data + k0 * b.rowStride + c0 * b.colStride;
      if (b.rowStride == 1)
        interleave(src, b.colStride, cw, kc, panel, mk.nr);
      else
        for (int64_t j = 0; j < cw; ++j)
          for (int64_t kk = 0; kk < kc; ++kk)
            panel[kk * mk.nr + j] = src[j * b.colStride + kk * b.rowStride];
      for (int64_t j = cw; j < mk.nr; ++j)
        for (int64_t kk = 0; kk < kc; ++kk)
          panel[kk * mk.nr + j] = 0.0f;
      continue;
    }
    for (int64_t kk = 0; kk < kc; ++kk) {
      const float *src = b.data + (k0 + kk) * b.rowStride + c0 * b.colStride;
      float *d = panel + kk * mk.nr;
      // Whole panel rows as fixed-size copies the compiler inlines (a
      // memmove call per 128 bytes cost a tenth of a 256 x 1024 x 1024).
      if (b.colStride == 1 && cw == 32)
        std::memcpy(d, src, 32 * sizeof(float));
      else if (b.colStride == 1 && cw == 16)
        std::memcpy(d, src, 16 * sizeof(float));
      else if (b.colStride == 1)
        std::copy(src, src + cw, d);
      else
        for (int64_t j = 0; j < cw; ++j)
          d[j] = src[j * b.colStride];
      std::fill(d + cw, d + mk.nr, 0.0f);
    }
  }
}

/// Packs A[i0:i0+h, k0:k0+kc] into MR-high panels, kc columns each. Reads
/// along whichever of A's dimensions is contiguous (A^T: across the rows).
void packA(const MicroKernel &mk, MatrixF32 a, int64_t i0, int64_t h,
           int64_t k0, int64_t kc, float *dst) {
  bool byColumns = a.rowStride < a.colStride;
  for (int64_t p = 0; p * mk.mr < h; ++p) {
    int64_t r0 = i0 + p * mk.mr, rh = std::min(mk.mr, i0 + h - r0);
    float *panel = dst + p * kc * mk.mr;
    if (byColumns) {
      for (int64_t kk = 0; kk < kc; ++kk) {
        const float *src = a.data + r0 * a.rowStride + (k0 + kk) * a.colStride;
        float *d = panel + kk * mk.mr;
        for (int64_t i = 0; i < rh; ++i)
          d[i] = src[i * a.rowStride];
        std::fill(d + rh, d + mk.mr, 0.0f);
      }
      continue;
    }
    const float *src = a.data + r0 * a.rowStride + k0 * a.colStride;
    if (a.colStride == 1)
      interleave(src, a.rowStride, rh, kc, panel, mk.mr);
    else
      for (int64_t i = 0; i < rh; ++i)
        for (int64_t kk = 0; kk < kc; ++kk)
          panel[kk * mk.mr + i] = src[i * a.rowStride + kk * a.colStride];
    for (int64_t i = rh; i < mk.mr; ++i)
      for (int64_t kk = 0; kk < kc; ++kk)
        panel[kk * mk.mr + i] = 0.0f;
  }
}

/// C[rows of one A block] (+)= A block (packed by this call) * packed B.
void multiplyBlock(const MicroKernel &mk, MatrixF32 a, const float *packedB,
                   float *c, int64_t ldc, int64_t i0, int64_t mc, int64_t k0,
                   int64_t kc, int64_t nc) {
  float *packedA = packBuffers().a.get();
  packA(mk, a, i0, mc, k0, kc, packedA);
  for (int64_t jp = 0; jp < nc; jp += mk.nr)
    for (int64_t ip = 0; ip < mc; ip += mk.mr)
      mk.fn(kc, packedA + ip * kc, packedB + jp * kc, c + (i0 + ip) * ldc + jp,
            ldc, std::min(mk.mr, mc - ip), std::min(mk.nr, nc - jp), k0 > 0);
}

/// Whether B is read in place rather than packed: when its rows are
/// contiguous, a 32-column strip of a 256-deep slice (32 KiB) stays in L1
/// across A's panels read where it lies, and copying it costs as much as the
/// products when A has few rows (8 x 256 x 256: 213 GFLOP/s in place, 86
/// packed). Rows 4 KiB apart (or a multiple) alias in L1: packed wins there
/// once A has over 32 rows (64 x 1024 x 1024: 170 in place, 185 packed).
bool readBInPlace(const MicroKernel &mk, MatrixF32 b, int64_t m) {
  return mk.strided && b.colStride == 1 && (m <= 32 || b.rowStride % 1024 != 0);
}

/// Whether the in-place path reads A where it lies too: rows contiguous and
/// not 4 KiB apart. Packing A is a transposing copy, one scalar store per
/// element, that cost a fifth of an 8 x 256 x 256 product (the RNN step's).
bool readAInPlace(MatrixF32 a) {
  return a.colStride == 1 && a.rowStride % 1024 != 0;
}

/// C[m x n] = A[m x k] * B[k x n] on this thread alone, B read in place
/// (and A too where readAInPlace).
void gemmBInPlace(const MicroKernel &mk, MatrixF32 a, MatrixF32 b, float *c,
                  int64_t ldc, int64_t m, int64_t n, int64_t k) {
  float *packedA = packBuffers().a.get();
  const bool aInPlace = readAInPlace(a);
  for (int64_t k0 = 0; k0 < k; k0 += kKC) {
    int64_t kc = std::min(kKC, k - k0);
    for (int64_t i0 = 0; i0 < m; i0 += kMC) {
      int64_t mc = std::min(kMC, m - i0);
      if (!aInPlace)
        packA(mk, a, i0, mc, k0, kc, packedA);
      for (int64_t jp = 0; jp < n; jp += mk.nr)
        for (int64_t ip = 0; ip < mc; ip += mk.mr) {
          const float *ap = aInPlace ? a.data + (i0 + ip) * a.rowStride + k0
                                     : packedA + ip * kc;
          mk.strided(kc, ap, aInPlace ? a.rowStride : 0,
                     b.data + k0 * b.rowStride + jp, b.rowStride,
                     c + (i0 + ip) * ldc + jp, ldc, std::min(mk.mr, mc - ip),
                     std::min(mk.nr, n - jp), k0 > 0);
        }
    }
  }
}

/// C[m x n] = A[m x k] * B[k x n] on this thread alone.
void gemmBlocked(const MicroKernel &mk, MatrixF32 a, MatrixF32 b, float *c,
                 int64_t ldc, int64_t m, int64_t n, int64_t k) {
  if (readBInPlace(mk, b, m))
    return gemmBInPlace(mk, a, b, c, ldc, m, n, k);
  float *packedB = packBuffers().b.get();
  for (int64_t j0 = 0; j0 < n; j0 += kNC) {
    int64_t nc = std::min(kNC, n - j0);
    for (int64_t k0 = 0; k0 < k; k0 += kKC) {
      int64_t kc = std::min(kKC, k - k0);
      packB(mk, b, k0, kc, j0, nc, packedB);
      for (int64_t i0 = 0; i0 < m; i0 += kMC)
        multiplyBlock(mk, a, packedB, c + j0, ldc, i0, std::min(kMC, m - i0),
                      k0, kc, nc);
    }
  }
}

/// The same over `io`'s threads, splitting the rows: each slice of B is
/// packed once, by all threads together (into the caller's buffer: the
/// pool's helpers only run chunks, never a whole product, so no chunk
/// touches it otherwise), then every thread packs and multiplies its own
/// blocks of A's rows against it.
void gemmRowsParallel(const MicroKernel &mk, const IntraOp &io, MatrixF32 a,
                      MatrixF32 b, float *c, int64_t ldc, int64_t m, int64_t n,
                      int64_t k) {
  float *packedB = packBuffers().b.get();
  // At least two blocks a thread (a helper that starts late costs one),
  // each a whole number of micro-panels and at most kMC rows.
  int64_t blocks =
      std::max<int64_t>((m + kMC - 1) / kMC, int64_t(io.width) * 2);
  int64_t rows = ((m + blocks - 1) / blocks + mk.mr - 1) / mk.mr * mk.mr;
  blocks = (m + rows - 1) / rows;
  for (int64_t j0 = 0; j0 < n; j0 += kNC) {
    int64_t nc = std::min(kNC, n - j0);
    int64_t panels = (nc + mk.nr - 1) / mk.nr;
    int64_t packChunks = std::min<int64_t>(panels, io.width * 2);
    for (int64_t k0 = 0; k0 < k; k0 += kKC) {
      int64_t kc = std::min(kKC, k - k0);
      io.parallelFor(packChunks, [&](int64_t t) {
        int64_t p0 = panels * t / packChunks,
                p1 = panels * (t + 1) / packChunks;
        int64_t c0 = p0 * mk.nr, c1 = std::min(nc, p1 * mk.nr);
        if (c1 > c0)
          packB(mk, b, k0, kc, j0 + c0, c1 - c0, packedB + c0 * kc);
      });
      io.parallelFor(blocks, [&](int64_t t) {
        int64_t i0 = t * rows;
        multiplyBlock(mk, a, packedB, c + j0, ldc, i0, std::min(rows, m - i0),
                      k0, kc, nc);
      });
    }
  }
}

/// y[i] = A[i, :] . x with A's rows and x contiguous (8 partial sums per
/// row, combined pairwise).
void gemvRows(const float *a, int64_t lda, const float *x, float *y, int64_t m,
              int64_t k) {
  for (int64_t i = 0; i < m; ++i) {
    const float *row = a + i * lda;
    float acc[8] = {};
    int64_t q = 0;
    for (; q + 8 <= k; q += 8)
      for (int j = 0; j < 8; ++j)
        acc[j] = __builtin_fmaf(row[q + j], x[q + j], acc[j]);
    float s = ((acc[0] + acc[1]) + (acc[2] + acc[3])) +
              ((acc[4] + acc[5]) + (acc[6] + acc[7]));
    for (; q < k; ++q)
      s = __builtin_fmaf(row[q], x[q], s);
    y[i] = s;
  }
}
/// y[:] = sum_k a[k] * B[k, :] with B's rows contiguous: rows of B
/// streamed in order, each y[j] summed in k order with one fma a product
/// (the blocked kernel's order, without packing B for one row).
void gevmRows(MatrixF32 a, const float *b, int64_t ldb, float *y, int64_t k,
              int64_t n) {
  std::fill(y, y + n, 0.0f);
  for (int64_t q = 0; q < k; ++q) {
    float av = a.data[q * a.colStride];
    const float *br = b + q * ldb;
    for (int64_t j = 0; j < n; ++j)
      y[j] = __builtin_fmaf(av, br[j], y[j]);
  }
}
#if defined(PARAX_KERNELS_X86)
__attribute__((target("avx2,fma"))) void gevmRowsAvx2(MatrixF32 a,
                                                      const float *b,
                                                      int64_t ldb, float *y,
                                                      int64_t k, int64_t n) {
  std::fill(y, y + n, 0.0f);
  for (int64_t q = 0; q < k; ++q) {
    float s = a.data[q * a.colStride];
    __m256 av = _mm256_set1_ps(s);
    const float *br = b + q * ldb;
    int64_t j = 0;
    for (; j + 8 <= n; j += 8)
      _mm256_storeu_ps(y + j, _mm256_fmadd_ps(av, _mm256_loadu_ps(br + j),
                                              _mm256_loadu_ps(y + j)));
    for (; j < n; ++j)
      y[j] = __builtin_fmaf(s, br[j], y[j]);
  }
}
__attribute__((target("avx2,fma"))) void gemvRowsAvx2(const float *a,
                                                      int64_t lda,
                                                      const float *x, float *y,
                                                      int64_t m, int64_t k) {
  for (int64_t i = 0; i < m; ++i) {
    const float *row = a + i * lda;
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
#endif

/// The packed product with micro-kernel `mk`, split over this thread's
/// IntraOp when large: by rows when there are enough of them (B packed once
/// for all threads), else by columns (each thread packing its part of B and
/// all of A, which is small).
void gemmPacked(const MicroKernel &mk, MatrixF32 a, MatrixF32 b, float *c,
                int64_t ldc, int64_t m, int64_t n, int64_t k) {
  const IntraOp *io = currentIntraOp();
  int width = io && io->parallelFor ? io->width : 1;
  if (width > 1 && m >= 2 * width * mk.mr && m * n * k >= (int64_t(1) << 22))
    return gemmRowsParallel(mk, *io, a, b, c, ldc, m, n, k);
  forEachGemmTile(
      width,
      [&](int64_t count, const std::function<void(int64_t)> &fn) {
        io->parallelFor(count, fn);
      },
      m, n, k, mk.mr, mk.nr,
      [&](int64_t lo, int64_t hi, bool alongN) {
        if (alongN)
          gemmBlocked(
              mk, a,
              MatrixF32{b.data + lo * b.colStride, b.rowStride, b.colStride},
              c + lo, ldc, m, hi - lo, k);
        else
          gemmBlocked(
              mk,
              MatrixF32{a.data + lo * a.rowStride, a.rowStride, a.colStride}, b,
              c + lo * ldc, ldc, hi - lo, n, k);
      });
}

/// Large products on machines without AVX-512 go to the system BLAS when
/// there is one and the operands are in a layout it takes.
bool tryBlas(MatrixF32 a, MatrixF32 b, float *c, int64_t ldc, int64_t m,
             int64_t n, int64_t k) {
  if (cpuHasAvx512() || m < 64 || n < 64 || m * n * k < (int64_t(1) << 24))
    return false;
  if (a.colStride != 1 || a.rowStride != k || b.colStride != 1 ||
      b.rowStride != n || ldc != n)
    return false;
  return blasSgemm(a.data, b.data, c, m, n, k);
}

} // namespace

bool gemmUsesAvx512() {
#if defined(PARAX_KERNELS_X86)
  return microKernel().fn == microAvx512<8>;
#else
  return false;
#endif
}

void gemmF32(MatrixF32 a, MatrixF32 b, float *c, int64_t ldc, int64_t m,
             int64_t n, int64_t k) {
  if (m == 0 || n == 0)
    return;
  if (k == 0) {
    for (int64_t i = 0; i < m; ++i)
      std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
    return;
  }
  if (tryBlas(a, b, c, ldc, m, n, k))
    return;
  // Matrix-vector products with rows of A contiguous read A once.
  if (n == 1 && a.colStride == 1) {
    const float *x = b.data;
    std::unique_ptr<float[]> xs;
    if (b.rowStride != 1) {
      xs.reset(new float[size_t(k)]);
      for (int64_t q = 0; q < k; ++q)
        xs[size_t(q)] = b.data[q * b.rowStride];
      x = xs.get();
    }
    std::unique_ptr<float[]> ys;
    float *y = c;
    if (ldc != 1) {
      ys.reset(new float[size_t(m)]);
      y = ys.get();
    }
#if defined(PARAX_KERNELS_X86)
    if (hasAvx2Fma())
      gemvRowsAvx2(a.data, a.rowStride, x, y, m, k);
    else
#endif
      gemvRows(a.data, a.rowStride, x, y, m, k);
    if (ys)
      for (int64_t i = 0; i < m; ++i)
        c[i * ldc] = y[size_t(i)];
    return;
  }
  if (m == 1 && b.colStride == 1) {
#if defined(PARAX_KERNELS_X86)
    if (hasAvx2Fma())
      return gevmRowsAvx2(a, b.data, b.rowStride, c, k, n);
#endif
    return gevmRows(a, b.data, b.rowStride, c, k, n);
  }
  gemmPacked(microKernel(), a, b, c, ldc, m, n, k);
}

bool gemmF32Using(GemmKernel kernel, MatrixF32 a, MatrixF32 b, float *c,
                  int64_t ldc, int64_t m, int64_t n, int64_t k) {
  MicroKernel mk{6, 16, microGeneric<6, 16>};
#if defined(PARAX_KERNELS_X86)
  if (kernel == GemmKernel::Avx512) {
    if (!cpuHasAvx512())
      return false;
    mk = {8, 32, microAvx512<8>, microAvx512Strided<8>};
  } else if (kernel == GemmKernel::Avx2) {
    if (!hasAvx2Fma())
      return false;
    mk = {6, 16, microAvx2};
  }
#else
  if (kernel != GemmKernel::Generic)
    return false;
#endif
  if (m > 0 && n > 0 && k > 0)
    gemmPacked(mk, a, b, c, ldc, m, n, k);
  else
    gemmF32(a, b, c, ldc, m, n, k);
  return true;
}

} // namespace parax::runtime::detail
