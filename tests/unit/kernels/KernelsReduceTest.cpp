//===- KernelsReduceTest.cpp - reductions beyond the recorded JAX cases ---===//
//
// Accuracy of long float32 sums (pairwise, against a double reference),
// axis layouts against a naive reference, identities of empty reductions,
// and arg-reductions / cumulative ops on empty and rank-0 inputs.
//
//===----------------------------------------------------------------------===//
#include "KernelsTestUtil.h"

#include <random>

namespace parax::kernels_test {
namespace {

using namespace runtime;
using ir::OpKind;

TEST(KernelsReduce, LongFloatSumIsAccurate) {
  // 16M positive values: naive float accumulation would be off by ~1e-1.
  int64_t n = int64_t(1) << 24;
  Array x = Array::allocate(DType::F32, {n});
  double exact = 0;
  for (int64_t i = 0; i < n; ++i) {
    float v = float(i % 997) * 0.001f + 0.1f;
    x.data<float>()[i] = v;
    exact += v;
  }
  Array s =
      reduceOp(OpKind::ReduceSum, x, {0}, TensorType{DType::F32, {}, false});
  EXPECT_NEAR(s.getDouble(0), exact, exact * 1e-6);
  // The same data as a matrix, summed along either axis.
  Array m = x.reshaped({4096, 4096});
  for (int64_t axis : {0, 1}) {
    Array r = reduceOp(OpKind::ReduceSum, m, {axis},
                       TensorType{DType::F32, {4096}, false});
    for (int64_t j : {0, 1, 1000, 4095}) {
      double want = 0;
      for (int64_t i = 0; i < 4096; ++i)
        want += m.data<float>()[axis == 0 ? i * 4096 + j : j * 4096 + i];
      EXPECT_NEAR(r.getDouble(j), want, std::fabs(want) * 1e-6) << axis;
    }
  }
}

TEST(KernelsReduce, AxesMatchNaiveReference) {
  std::mt19937 rng(3);
  std::normal_distribution<float> nd;
  Shape s = {3, 50, 4, 30};
  Array x = Array::allocate(DType::F32, s);
  for (int64_t i = 0; i < x.size(); ++i)
    x.data<float>()[i] = nd(rng);
  std::vector<Ints> axesList = {{0},    {1},          {3}, {0, 2},
                                {1, 3}, {0, 1, 2, 3}, {}};
  for (const Ints &axes : axesList)
    for (OpKind k : {OpKind::ReduceSum, OpKind::ReduceMax, OpKind::ReduceMin}) {
      Shape rs;
      for (int64_t d = 0; d < 4; ++d)
        if (std::find(axes.begin(), axes.end(), d) == axes.end())
          rs.push_back(s[size_t(d)]);
      Array y = reduceOp(k, x, axes, TensorType{DType::F32, rs, false});
      std::vector<double> want(size_t(y.size()), k == OpKind::ReduceSum ? 0
                                                 : k == OpKind::ReduceMax
                                                     ? -INFINITY
                                                     : INFINITY);
      Shape strides = {6000, 120, 30, 1};
      for (int64_t i = 0; i < x.size(); ++i) {
        int64_t o = 0;
        for (int64_t d = 0; d < 4; ++d)
          if (std::find(axes.begin(), axes.end(), d) == axes.end())
            o = o * s[size_t(d)] + (i / strides[size_t(d)]) % s[size_t(d)];
        double v = x.data<float>()[i];
        double &w = want[size_t(o)];
        w = k == OpKind::ReduceSum   ? w + v
            : k == OpKind::ReduceMax ? std::max(w, v)
                                     : std::min(w, v);
      }
      for (int64_t i = 0; i < y.size(); ++i)
        EXPECT_NEAR(y.getDouble(i), want[size_t(i)],
                    1e-4 * (1 + std::fabs(want[size_t(i)])))
            << mnemonic(k) << " axes " << axes.size() << " [" << i << "]";
    }
}

TEST(KernelsReduce, EmptyReductionsGiveIdentities) {
  Array e = Array::allocate(DType::F32, {2, 0});
  TensorType rt{DType::F32, {2}, false};
  EXPECT_EQ(toDoubles(reduceOp(OpKind::ReduceSum, e, {1}, rt)),
            (std::vector<double>{0, 0}));
  EXPECT_EQ(toDoubles(reduceOp(OpKind::ReduceProd, e, {1}, rt)),
            (std::vector<double>{1, 1}));
  EXPECT_EQ(reduceOp(OpKind::ReduceMax, e, {1}, rt).getDouble(0), -INFINITY);
  EXPECT_EQ(reduceOp(OpKind::ReduceMin, e, {1}, rt).getDouble(0), INFINITY);
  Array ei = Array::allocate(DType::I32, {0});
  TensorType st{DType::I32, {}, false};
  EXPECT_EQ(reduceOp(OpKind::ReduceMax, ei, {0}, st).getInt(0), INT32_MIN);
  EXPECT_EQ(reduceOp(OpKind::ReduceAnd, ei, {0}, st).getInt(0), -1);
  Array eb = Array::allocate(DType::Bool, {0});
  TensorType bt{DType::Bool, {}, false};
  EXPECT_EQ(reduceOp(OpKind::ReduceAnd, eb, {0}, bt).getInt(0), 1);
  EXPECT_EQ(reduceOp(OpKind::ReduceOr, eb, {0}, bt).getInt(0), 0);
  // f16 sums accumulate in float32: 4096 * 1 is exact although 2049 is not
  // a float16.
  Array h = Array::allocate(DType::F16, {4096});
  for (int64_t i = 0; i < 4096; ++i)
    h.setDouble(i, 1.0);
  EXPECT_EQ(
      reduceOp(OpKind::ReduceSum, h, {0}, TensorType{DType::F16, {}, false})
          .getDouble(0),
      4096);
}

TEST(KernelsReduce, SizeOneWindowsKeepValues) {
  // XLA turns reductions over size-1 dims (and one-element cumulative
  // windows) into reshapes: -0 and denormals survive, unlike 0 + x.
  Array x = values(DType::F32, {2, 1}, {-0.0, 1e-40});
  Array s =
      reduceOp(OpKind::ReduceSum, x, {1}, TensorType{DType::F32, {2}, false});
  EXPECT_TRUE(std::signbit(s.getDouble(0)));
  EXPECT_EQ(float(s.getDouble(1)), 1e-40f);
  Array c =
      cumulativeOp(OpKind::CumSum, values(DType::F32, {1}, {-0.0}), 0, false);
  EXPECT_TRUE(std::signbit(c.getDouble(0)));
  // From two elements on, windows fold from +0: cumsum([-0, 1]) = [+0, 1].
  Array c2 = cumulativeOp(OpKind::CumSum, values(DType::F32, {2}, {-0.0, 1}), 0,
                          false);
  EXPECT_FALSE(std::signbit(c2.getDouble(0)));
}

TEST(KernelsReduce, ArgAndCumulativeEdgeCases) {
  Array s = Array::scalar(DType::F32, 2);
  EXPECT_EQ(reduceOp(OpKind::ReduceSum, s, {}, s.type()).getDouble(0), 2);
  Array e = Array::allocate(DType::F32, {3, 0});
  Array a =
      argReduceOp(OpKind::ArgMax, e, 0, TensorType{DType::I32, {0}, false});
  EXPECT_EQ(a.size(), 0);
  Array z =
      argReduceOp(OpKind::ArgMin, e, 1, TensorType{DType::I32, {3}, false});
  EXPECT_EQ(toDoubles(z), (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(cumulativeOp(OpKind::CumSum, e, 1, true).size(), 0);
  Array c =
      cumulativeOp(OpKind::CumProd,
                   values(DType::I32, {3, 2}, {1, 2, 3, 4, 5, 6}), 0, false);
  EXPECT_EQ(toDoubles(c), (std::vector<double>{1, 2, 3, 8, 15, 48}));
  Array b = cumulativeOp(OpKind::CumMax, values(DType::Bool, {4}, {0, 1, 0, 0}),
                         0, true);
  EXPECT_EQ(toDoubles(b), (std::vector<double>{1, 1, 0, 0}));
  Array n = cumulativeOp(OpKind::CumMax,
                         values(DType::F32, {4}, {1, NAN, 3, 2}), 0, false);
  EXPECT_EQ(n.getDouble(0), 1);
  EXPECT_TRUE(std::isnan(n.getDouble(3)));
}

} // namespace
} // namespace parax::kernels_test
