//===- KernelsGemm.h - parax's own float32 GEMM ----------------*- C++ -*-===//
//
// C = A * B for float32 matrices given as strided views, so that a
// transposed operand is read in place by the packing instead of being
// copied first. Every output accumulates its products in k order with one
// fma each, whichever micro-kernel runs (AVX-512, AVX2 or plain C++), so
// the answer does not depend on the machine, the tiling or the threads.
// (Matrix-vector products, N == 1, sum eight partial sums a row instead;
// large products go to the system BLAS on CPUs without AVX-512.)
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cstdint>

namespace parax::runtime::detail {

/// A float32 matrix: element (r, c) is data[r * rowStride + c * colStride].
struct MatrixF32 {
  const float *data;
  int64_t rowStride, colStride;
};

/// C[M x N] (row-major, leading dimension ldc) = A[M x K] * B[K x N]. Split
/// over this thread's IntraOp (currentIntraOp()) when the product is large.
void gemmF32(MatrixF32 a, MatrixF32 b, float *c, int64_t ldc, int64_t m,
             int64_t n, int64_t k);

/// True when the AVX-512 micro-kernel runs on this CPU.
bool gemmUsesAvx512();

/// The packed product with a chosen micro-kernel (for tests that compare
/// the kernels bit for bit); false, computing nothing, when this CPU lacks
/// the kernel's instructions.
enum class GemmKernel { Avx512, Avx2, Generic };
bool gemmF32Using(GemmKernel kernel, MatrixF32 a, MatrixF32 b, float *c,
                  int64_t ldc, int64_t m, int64_t n, int64_t k);

/// Splits a product into at most `width * 2` tiles along its longer side
/// (a helper that starts late, because the machine is busy, then costs one
/// tile), with edges on multiples of `grainM` (rows) or `grainN`
/// (columns); calls tile(lo, hi, alongN)
/// for each through `parallelFor(count, fn)`. One tile when the product is
/// small or the width is 1.
template <class ParallelFor, class Tile>
void forEachGemmTile(int width, const ParallelFor &parallelFor, int64_t m,
                     int64_t n, int64_t k, int64_t grainM, int64_t grainN,
                     const Tile &tile) {
  bool alongN = n >= m;
  int64_t dim = alongN ? n : m, grain = alongN ? grainN : grainM;
  int64_t tiles = std::min<int64_t>(int64_t(width) * 2, dim / 64);
  if (width <= 1 || tiles <= 1 || m * n * k < (int64_t(1) << 22)) {
    tile(int64_t(0), dim, alongN);
    return;
  }
  parallelFor(tiles, [&](int64_t t) {
    int64_t lo = dim * t / tiles / grain * grain;
    int64_t hi = t + 1 == tiles ? dim : dim * (t + 1) / tiles / grain * grain;
    if (hi > lo)
      tile(lo, hi, alongN);
  });
}

} // namespace parax::runtime::detail
