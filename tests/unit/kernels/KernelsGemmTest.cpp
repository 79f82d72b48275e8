//===- KernelsGemmTest.cpp - parax's own float32 GEMM ---------------------===//
//
// gemmF32 against a reference that adds each output's products in k order
// with one fma each: the AVX-512, AVX2 and plain micro-kernels must all
// give exactly its bits, on sizes that straddle the register blocks and the
// cache blocks, on transposed (strided) operands, into a wider C, and split
// over threads by rows or by columns.
//
//===----------------------------------------------------------------------===//
#include "runtime/KernelsGemm.h"
#include "runtime/Kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

namespace parax::kernels_test {
namespace {

using runtime::IntraOp;
using runtime::IntraOpScope;
using runtime::detail::gemmF32;
using runtime::detail::gemmF32Using;
using runtime::detail::GemmKernel;
using runtime::detail::MatrixF32;

struct Problem {
  int64_t m, n, k;
  bool transA = false, transB = false;
  int64_t cPad = 0; // extra columns in C beyond n (left untouched)
};

struct Operands {
  std::vector<float> a, b;
  MatrixF32 va, vb;
};

Operands makeOperands(const Problem &p, std::mt19937 &rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  Operands o;
  o.a.resize(size_t(p.m * p.k));
  o.b.resize(size_t(p.k * p.n));
  for (float &x : o.a)
    x = u(rng);
  for (float &x : o.b)
    x = u(rng);
  // A transposed operand is stored k-major and read through strides.
  o.va =
      p.transA ? MatrixF32{o.a.data(), 1, p.m} : MatrixF32{o.a.data(), p.k, 1};
  o.vb =
      p.transB ? MatrixF32{o.b.data(), 1, p.k} : MatrixF32{o.b.data(), p.n, 1};
  return o;
}

std::vector<float> reference(const Problem &p, const Operands &o) {
  int64_t ldc = p.n + p.cPad;
  std::vector<float> c(size_t(p.m * ldc), -7.0f);
  for (int64_t i = 0; i < p.m; ++i)
    for (int64_t j = 0; j < p.n; ++j) {
      float s = 0.0f;
      for (int64_t q = 0; q < p.k; ++q)
        s = std::fma(o.va.data[i * o.va.rowStride + q * o.va.colStride],
                     o.vb.data[q * o.vb.rowStride + j * o.vb.colStride], s);
      c[size_t(i * ldc + j)] = s;
    }
  return c;
}

/// An IntraOp of `width` threads, each chunk on a thread of its own.
IntraOp threadsIntraOp(int width) {
  IntraOp io;
  io.width = width;
  io.parallelFor = [](int64_t chunks,
                      const std::function<void(int64_t)> &body) {
    std::vector<std::thread> helpers;
    for (int64_t t = 1; t < chunks; ++t)
      helpers.emplace_back(body, t);
    body(0);
    for (std::thread &h : helpers)
      h.join();
  };
  return io;
}

void expectSameBits(const std::vector<float> &want,
                    const std::vector<float> &got, const std::string &what) {
  ASSERT_EQ(want.size(), got.size()) << what;
  for (size_t i = 0; i < want.size(); ++i)
    ASSERT_EQ(0, std::memcmp(&want[i], &got[i], sizeof(float)))
        << what << ": element " << i << " is " << got[i] << ", want "
        << want[i];
}

std::string describe(const Problem &p) {
  return std::to_string(p.m) + "x" + std::to_string(p.n) + "x" +
         std::to_string(p.k) + (p.transA ? " A^T" : "") +
         (p.transB ? " B^T" : "") + (p.cPad ? " padded C" : "");
}

const std::vector<Problem> &problems() {
  static const std::vector<Problem> list = {{1, 1, 1},
                                            {2, 3, 4},
                                            {11, 31, 7},
                                            {12, 32, 256},
                                            {13, 33, 257},
                                            {25, 65, 300},
                                            {145, 40, 513},
                                            {150, 2081, 20},
                                            {64, 64, 64, true},
                                            {37, 70, 90, false, true},
                                            {37, 70, 90, true, true},
                                            {50, 90, 260, false, false, 5},
                                            {200, 300, 128, true, false, 3}};
  return list;
}

TEST(KernelsGemm, EveryMicroKernelGivesTheReferenceBits) {
  std::mt19937 rng(42);
  for (const Problem &p : problems()) {
    Operands o = makeOperands(p, rng);
    std::vector<float> want = reference(p, o);
    int64_t ldc = p.n + p.cPad;
    for (GemmKernel kernel :
         {GemmKernel::Avx512, GemmKernel::Avx2, GemmKernel::Generic}) {
      std::vector<float> c(want.size(), -7.0f);
      if (!gemmF32Using(kernel, o.va, o.vb, c.data(), ldc, p.m, p.n, p.k))
        continue; // this CPU lacks the kernel's instructions
      expectSameBits(want, c,
                     describe(p) + " kernel " + std::to_string(int(kernel)));
    }
  }
}

TEST(KernelsGemm, ThreadsSplitRowsOrColumnsWithoutChangingABit) {
  std::mt19937 rng(7);
  // Many rows (split by rows, B packed together), few rows (split by
  // columns), and a matrix-vector pair.
  std::vector<Problem> big = {{300, 200, 180},
                              {24, 1500, 200, false, true},
                              {130, 260, 140, true, false, 2}};
  for (int width : {2, 3}) {
    IntraOp io = threadsIntraOp(width);
    IntraOpScope scope(&io);
    for (const Problem &p : big) {
      Operands o = makeOperands(p, rng);
      std::vector<float> want = reference(p, o);
      std::vector<float> c(want.size(), -7.0f);
      gemmF32(o.va, o.vb, c.data(), p.n + p.cPad, p.m, p.n, p.k);
      expectSameBits(want, c, describe(p) + " width " + std::to_string(width));
    }
  }
}

TEST(KernelsGemm, VectorProductsAndEmptyDimensions) {
  std::mt19937 rng(3);
  // Row vector times matrix: the k-ordered fma reference exactly.
  Problem rowVec{1, 77, 300};
  Operands o = makeOperands(rowVec, rng);
  std::vector<float> want = reference(rowVec, o), c(want.size());
  gemmF32(o.va, o.vb, c.data(), rowVec.n, 1, rowVec.n, rowVec.k);
  expectSameBits(want, c, "1x77x300");
  // Matrix times vector: 8 partial sums a row, so compare in tolerance.
  for (bool transB : {false, true}) {
    Problem colVec{70, 1, 301, false, transB};
    Operands v = makeOperands(colVec, rng);
    std::vector<float> ref = reference(colVec, v), y(ref.size());
    gemmF32(v.va, v.vb, y.data(), 1, colVec.m, 1, colVec.k);
    for (size_t i = 0; i < ref.size(); ++i)
      EXPECT_NEAR(ref[i], y[i], 1e-4f) << "row " << i;
  }
  // k == 0 writes zeros; m or n == 0 writes nothing.
  std::vector<float> z(6, 5.0f);
  gemmF32(MatrixF32{nullptr, 0, 1}, MatrixF32{nullptr, 3, 1}, z.data(), 3, 2, 3,
          0);
  for (float x : z)
    EXPECT_EQ(0.0f, x);
  std::vector<float> untouched(4, 5.0f);
  gemmF32(MatrixF32{nullptr, 4, 1}, MatrixF32{nullptr, 0, 1}, untouched.data(),
          0, 0, 0, 4);
  for (float x : untouched)
    EXPECT_EQ(5.0f, x);
}

} // namespace
} // namespace parax::kernels_test
