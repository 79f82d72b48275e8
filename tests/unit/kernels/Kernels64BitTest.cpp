//===- Kernels64BitTest.cpp - float64 / int64 / uint64 kernels ------------===//
//
// The reference kernels on the 64-bit dtypes: integer arithmetic exact past
// 2^53 with XLA's wrap/division rules, float64 arithmetic and math against
// libm in double, saturating float64->int converts, reductions (XLA's
// max/min rules, double accumulation), int64 arg-reduction indices, scans
// and float64 / int64 matmuls.
//
//===----------------------------------------------------------------------===//
#include "KernelsTestUtil.h"

#include <cstdint>
#include <limits>

namespace parax::kernels_test {
namespace {

using namespace runtime;
using ir::OpKind;

template <typename T> Array arr(DType d, const std::vector<T> &v, Shape s = {}) {
  if (s.empty())
    s = {int64_t(v.size())};
  Array a = Array::allocate(d, s);
  for (size_t i = 0; i < v.size(); ++i)
    a.data<T>()[i] = v[i];
  return a;
}
template <typename T> std::vector<T> vals(const Array &a) {
  return std::vector<T>(a.data<T>(), a.data<T>() + a.size());
}

TEST(Kernels64Bit, DTypeTraits) {
  EXPECT_EQ(dtypeName(DType::F64), "float64");
  EXPECT_EQ(dtypeName(DType::I64), "int64");
  EXPECT_EQ(dtypeName(DType::U64), "uint64");
  EXPECT_EQ(dtypeSize(DType::F64), 8);
  EXPECT_TRUE(isFloat(DType::F64));
  EXPECT_TRUE(isSigned(DType::I64));
  EXPECT_TRUE(isUnsigned(DType::U64));
  EXPECT_EQ(parseDType("float64"), DType::F64);
  EXPECT_EQ(parseDType("f64"), DType::F64);
  EXPECT_EQ(parseDType("int"), DType::I64);
  // JAX with x64 disabled: the explicit canonicalisation step.
  EXPECT_EQ(canonicalDType(DType::F64, false), DType::F32);
  EXPECT_EQ(canonicalDType(DType::U64, false), DType::U32);
  EXPECT_EQ(canonicalDType(DType::I64, true), DType::I64);
}

TEST(Kernels64Bit, ArrayElementsAreExact) {
  Array a = Array::allocate(DType::I64, {2});
  a.setInt(0, (int64_t(1) << 53) + 1);
  a.setInt(1, std::numeric_limits<int64_t>::min());
  EXPECT_EQ(a.getInt(0), (int64_t(1) << 53) + 1);
  EXPECT_EQ(a.getInt(1), std::numeric_limits<int64_t>::min());
  Array u = Array::allocate(DType::U64, {1});
  u.setInt(0, -1); // wraps to 2^64 - 1
  EXPECT_EQ(u.data<uint64_t>()[0], std::numeric_limits<uint64_t>::max());
  Array f = Array::allocate(DType::F64, {1});
  f.setDouble(0, 0.1);
  EXPECT_EQ(f.getDouble(0), 0.1);
  EXPECT_EQ(f.astype(DType::I64).getInt(0), 0);
}

TEST(Kernels64Bit, IntegerArithmeticWrapsAndFollowsXla) {
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  Array a = arr<int64_t>(DType::I64, {kMax, kMin, int64_t(1) << 40, 7, -7, 5});
  Array b = arr<int64_t>(DType::I64, {1, -1, 1 << 20, 0, 2, -3});
  auto op = [&](OpKind k) { return vals<int64_t>(binaryOp(k, a, b, a.type())); };
  EXPECT_EQ(op(OpKind::Add)[0], kMin); // wraps
  EXPECT_EQ(op(OpKind::Mul)[2], int64_t(1) << 60);
  EXPECT_EQ(op(OpKind::Div)[1], kMin);  // INT_MIN / -1
  EXPECT_EQ(op(OpKind::Div)[3], -1);    // x / 0
  EXPECT_EQ(op(OpKind::Rem)[3], 7);     // x % 0
  EXPECT_EQ(op(OpKind::FloorDiv)[4], -4);
  EXPECT_EQ(op(OpKind::Mod)[5], -1);
  Array sh = arr<int64_t>(DType::I64, {1, 63, 64, 70, 3, 1});
  std::vector<int64_t> shl = vals<int64_t>(binaryOp(OpKind::ShiftLeft, b, sh, b.type()));
  EXPECT_EQ(shl[0], 2);
  EXPECT_EQ(shl[2], 0); // past the width
  std::vector<int64_t> sra =
      vals<int64_t>(binaryOp(OpKind::ShiftRightArithmetic, a, sh, a.type()));
  EXPECT_EQ(sra[1], -1);
  Array u = arr<uint64_t>(DType::U64, {~uint64_t(0), uint64_t(1) << 63, 10});
  Array v = arr<uint64_t>(DType::U64, {2, 3, 0});
  std::vector<uint64_t> q = vals<uint64_t>(binaryOp(OpKind::Div, u, v, u.type()));
  EXPECT_EQ(q[0], ~uint64_t(0) / 2);
  EXPECT_EQ(q[2], ~uint64_t(0)); // x / 0 = all ones
  std::vector<uint8_t> gt =
      vals<uint8_t>(binaryOp(OpKind::Gt, u, v, TensorType{DType::Bool, u.shape(), false}));
  EXPECT_EQ(gt, (std::vector<uint8_t>{1, 1, 1}));
}

TEST(Kernels64Bit, Float64ArithmeticAndMathAreDouble) {
  std::vector<double> x = {0.1, -2.5, 3.0, 1e-3, 0.75};
  Array a = arr<double>(DType::F64, x);
  Array b = arr<double>(DType::F64, {0.2, 4.0, -3.0, 7.0, 0.5});
  std::vector<double> s = vals<double>(binaryOp(OpKind::Add, a, b, a.type()));
  EXPECT_EQ(s[0], 0.1 + 0.2); // 0.30000000000000004, not a float32 sum
  std::vector<double> fd = vals<double>(binaryOp(OpKind::FloorDiv, a, b, a.type()));
  EXPECT_EQ(fd[1], -1.0);
  std::vector<double> md = vals<double>(binaryOp(OpKind::Mod, a, b, a.type()));
  EXPECT_EQ(md[1], 1.5);
  struct { OpKind k; double (*f)(double); } cases[] = {
      {OpKind::Exp, [](double v) { return std::exp(v); }},
      {OpKind::Log1p, [](double v) { return std::log1p(std::fabs(v)); }},
      {OpKind::Sin, [](double v) { return std::sin(v); }},
      {OpKind::Tanh, [](double v) { return std::tanh(v); }},
      {OpKind::Erf, [](double v) { return std::erf(v); }},
  };
  Array ax = unaryOp(OpKind::Abs, a, a.type());
  for (auto &c : cases) {
    const Array &in = c.k == OpKind::Log1p ? ax : a;
    std::vector<double> got = vals<double>(unaryOp(c.k, in, in.type()));
    for (size_t i = 0; i < x.size(); ++i)
      EXPECT_EQ(got[i], c.f(x[i])) << ir::mnemonic(c.k) << " " << x[i];
  }
  // erf_inv inverts erf to within an ulp or two in double.
  Array u = arr<double>(DType::F64, {-0.9, -0.3, 0.0, 0.5, 0.999});
  std::vector<double> inv = vals<double>(unaryOp(OpKind::ErfInv, u, u.type()));
  for (size_t i = 0; i < inv.size(); ++i)
    EXPECT_NEAR(std::erf(inv[i]), u.data<double>()[i], 4e-16) << i;
  // max/min: NaN propagates, max(-0, +0) = +0.
  Array n = arr<double>(DType::F64, {std::nan(""), -0.0});
  Array m = arr<double>(DType::F64, {1.0, 0.0});
  std::vector<double> mx = vals<double>(binaryOp(OpKind::Max, n, m, n.type()));
  EXPECT_TRUE(std::isnan(mx[0]));
  EXPECT_FALSE(std::signbit(mx[1]));
}

TEST(Kernels64Bit, ConvertSaturatesAndRoundsOnce) {
  Array f = arr<double>(DType::F64, {3.9, -3.9, 1e300, -1e300, std::nan(""), 9.3e18});
  std::vector<int64_t> i64 = vals<int64_t>(convertOp(f, TensorType{DType::I64, f.shape(), false}));
  EXPECT_EQ(i64, (std::vector<int64_t>{3, -3, std::numeric_limits<int64_t>::max(),
                                       std::numeric_limits<int64_t>::min(), 0,
                                       std::numeric_limits<int64_t>::max()}));
  std::vector<int32_t> i32 = vals<int32_t>(convertOp(f, TensorType{DType::I32, f.shape(), false}));
  EXPECT_EQ(i32[2], std::numeric_limits<int32_t>::max());
  std::vector<uint64_t> u64 = vals<uint64_t>(convertOp(f, TensorType{DType::U64, f.shape(), false}));
  EXPECT_EQ(u64[1], 0u);
  Array big = arr<int64_t>(DType::I64, {(int64_t(1) << 53) + 1, (int64_t(1) << 24) + 1});
  std::vector<double> d = vals<double>(convertOp(big, TensorType{DType::F64, big.shape(), false}));
  EXPECT_EQ(d[1], 16777217.0);
  std::vector<float> fl = vals<float>(convertOp(big, TensorType{DType::F32, big.shape(), false}));
  EXPECT_EQ(fl[1], 16777216.0f);
  std::vector<int32_t> wrap = vals<int32_t>(convertOp(big, TensorType{DType::I32, big.shape(), false}));
  EXPECT_EQ(wrap[0], 1); // 2^53 + 1 wraps to its low 32 bits
}

TEST(Kernels64Bit, ReductionsAndScans) {
  Array x = arr<double>(DType::F64, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}, {2, 3});
  Array s = reduceOp(OpKind::ReduceSum, x, {1}, TensorType{DType::F64, {2}, false});
  EXPECT_DOUBLE_EQ(s.data<double>()[0], 0.6);
  EXPECT_DOUBLE_EQ(s.data<double>()[1], 1.5);
  Array mx = reduceOp(OpKind::ReduceMax, x, {0, 1}, TensorType{DType::F64, {}, false});
  EXPECT_EQ(mx.data<double>()[0], 0.6);
  Array am = argReduceOp(OpKind::ArgMax, x, 1, TensorType{DType::I64, {2}, false});
  EXPECT_EQ(vals<int64_t>(am), (std::vector<int64_t>{2, 2}));
  Array ai = argReduceOp(OpKind::ArgMin, x, 0, TensorType{DType::I32, {3}, false});
  EXPECT_EQ(vals<int32_t>(ai), (std::vector<int32_t>{0, 0, 0}));
  Array c = cumulativeOp(OpKind::CumSum, x, 1, false);
  EXPECT_DOUBLE_EQ(c.data<double>()[2], 0.6);
  Array n = arr<int64_t>(DType::I64, {int64_t(1) << 40, int64_t(1) << 40, -3});
  Array ns = reduceOp(OpKind::ReduceSum, n, {0}, TensorType{DType::I64, {}, false});
  EXPECT_EQ(ns.data<int64_t>()[0], (int64_t(1) << 41) - 3);
  Array np = reduceOp(OpKind::ReduceProd, n, {0}, TensorType{DType::I64, {}, false});
  EXPECT_EQ(np.data<int64_t>()[0], 0); // 2^80 * -3 wraps to 0 mod 2^64
  Array u = arr<uint64_t>(DType::U64, {uint64_t(1) << 63, 5});
  Array ua = argReduceOp(OpKind::ArgMax, u, 0, TensorType{DType::I64, {}, false});
  EXPECT_EQ(ua.data<int64_t>()[0], 0); // compared unsigned
}

TEST(Kernels64Bit, DotInDoubleAndInt64) {
  Array a = arr<double>(DType::F64, {0.1, 0.2, 0.3, 0.4}, {2, 2});
  Array b = arr<double>(DType::F64, {1.0, 2.0, 3.0, 4.0}, {2, 2});
  Array y = dotGeneralOp(a, b, {}, {}, {1}, {0}, TensorType{DType::F64, {2, 2}, false});
  EXPECT_DOUBLE_EQ(y.data<double>()[0], 0.1 * 1.0 + 0.2 * 3.0);
  EXPECT_DOUBLE_EQ(y.data<double>()[3], 0.3 * 2.0 + 0.4 * 4.0);
  Array p = arr<int64_t>(DType::I64, {int64_t(1) << 33, 1}, {1, 2});
  Array q = arr<int64_t>(DType::I64, {int64_t(1) << 20, 5}, {2, 1});
  Array r = dotGeneralOp(p, q, {}, {}, {1}, {0}, TensorType{DType::I64, {1, 1}, false});
  EXPECT_EQ(r.data<int64_t>()[0], (int64_t(1) << 53) + 5); // 64-bit accumulation
}

} // namespace
} // namespace parax::kernels_test
