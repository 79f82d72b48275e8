//===- KernelsBenchTest.cpp - kernel timings (disabled by default) --------===//
//
// Prints thread-CPU timings of the headline kernels. Disabled so the unit
// run stays fast; run with
//   parax_kernels_tests --gtest_also_run_disabled_tests
//   --gtest_filter='*Bench*'
// Times include the fresh result buffer's page faults.
//
//===----------------------------------------------------------------------===//
#include "KernelsTestUtil.h"

#include <ctime>
#include <functional>

namespace parax::kernels_test {
namespace {

using namespace runtime;
using ir::OpKind;

double cpuMs() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

/// Best of `reps` runs, in milliseconds of this thread's CPU time.
double best(const std::function<void()> &f, int reps = 5) {
  double b = 1e30;
  for (int i = 0; i < reps; ++i) {
    double t0 = cpuMs();
    f();
    b = std::min(b, cpuMs() - t0);
  }
  return b;
}

Array filled(Shape s) {
  Array a = Array::allocate(DType::F32, s);
  for (int64_t i = 0; i < a.size(); ++i)
    a.data<float>()[i] = float(i % 1000) * 0.001f + 0.1f;
  return a;
}

TEST(KernelsBench, DISABLED_Headline) {
  Array m = filled({1024, 1024});
  TensorType mt{DType::F32, {1024, 1024}, false};
  std::printf("matmul 1024^2 f32: %.1f ms\n",
              best([&] { dotGeneralOp(m, m, {}, {}, {1}, {0}, mt); }, 3));
  Array v = filled({4 << 20});
  for (OpKind k : {OpKind::Add, OpKind::Mul})
    std::printf("%s 4M f32: %.1f ms\n", mnemonic(k),
                best([&] { binaryOp(k, v, v, v.type()); }));
  for (OpKind k : {OpKind::Tanh, OpKind::Exp, OpKind::Log, OpKind::Logistic,
                   OpKind::Sqrt, OpKind::Sin})
    std::printf("%s 4M f32: %.1f ms\n", mnemonic(k),
                best([&] { unaryOp(k, v, v.type()); }));
  Array big = filled({16 << 20});
  TensorType st{DType::F32, {}, false};
  std::printf("reduce_sum 16M f32: %.1f ms\n",
              best([&] { reduceOp(OpKind::ReduceSum, big, {0}, st); }));
  std::printf("reduce_max 16M f32: %.1f ms\n",
              best([&] { reduceOp(OpKind::ReduceMax, big, {0}, st); }));
  Array sq = big.reshaped({4096, 4096});
  TensorType sqt{DType::F32, {4096, 4096}, false};
  std::printf("transpose 4096^2 f32: %.1f ms\n",
              best(
                  [&] {
                    transposeOp(sq, {1, 0}, sqt);
                  },
                  3));
  Array row = filled({4096});
  std::printf("broadcast 4096 -> 4096^2: %.1f ms\n",
              best([&] { broadcastInDimOp(row, sqt, {1}); }, 3));
  std::printf("cumsum 16M f32: %.1f ms\n",
              best([&] { cumulativeOp(OpKind::CumSum, big, 0, false); }, 3));
}

} // namespace
} // namespace parax::kernels_test
