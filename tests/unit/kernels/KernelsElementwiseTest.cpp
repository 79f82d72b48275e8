//===- KernelsElementwiseTest.cpp - elementwise kernels, readable cases ---===//
//
// The JAX edge cases of the elementwise ops spelled out by value (the bulk
// comparison against JAX is KernelsJaxTest), plus select, bitcast, bool ops,
// the XLA loop-structure rules, the denormal mode, and empty / rank-0 inputs.
//
//===----------------------------------------------------------------------===//
#include "KernelsTestUtil.h"

#include <limits>

namespace parax::kernels_test {
namespace {

using namespace runtime;
using ir::OpKind;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<double> bin(OpKind k, DType d, const std::vector<double> &a,
                        const std::vector<double> &b) {
  Array x = values(d, {int64_t(a.size())}, a),
        y = values(d, {int64_t(b.size())}, b);
  DType rd = ir::isComparison(k) ? DType::Bool : d;
  return toDoubles(binaryOp(k, x, y, TensorType{rd, x.shape(), false}));
}
std::vector<double> un(OpKind k, DType d, const std::vector<double> &a) {
  Array x = values(d, {int64_t(a.size())}, a);
  return toDoubles(unaryOp(k, x, x.type()));
}
void expectSame(const std::vector<double> &got, const std::vector<double> &want,
                const char *what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i]))
      EXPECT_TRUE(std::isnan(got[i])) << what << " [" << i << "]";
    else
      EXPECT_EQ(got[i], want[i]) << what << " [" << i << "]";
  }
}

TEST(KernelsElementwise, IntegerDivisionMatchesXla) {
  const double kMin = -2147483648.0;
  std::vector<double> a = {7, -7, 7, -7, 0, 5, -5, kMin, kMin, 3};
  std::vector<double> b = {2, 2, -2, -2, 0, 0, 0, -1, 0, 5};
  // lax.div: truncating, x / 0 = -1, INT_MIN / -1 = INT_MIN.
  expectSame(bin(OpKind::Div, DType::I32, a, b),
             {3, -3, -3, 3, -1, -1, -1, kMin, -1, 0}, "div");
  // lax.rem: x % 0 = x, INT_MIN % -1 = 0.
  expectSame(bin(OpKind::Rem, DType::I32, a, b),
             {1, -1, 1, -1, 0, 5, -5, 0, kMin, 3}, "rem");
  // jnp.floor_divide: 0 // 0 = -1, x // 0 = -2 for x != 0.
  expectSame(bin(OpKind::FloorDiv, DType::I32, a, b),
             {3, -4, -4, 3, -1, -2, -2, kMin, -2, 0}, "floor_div");
  // jnp.remainder: the divisor 0 is replaced by 1, so x % 0 = 0.
  expectSame(bin(OpKind::Mod, DType::I32, a, b),
             {1, 1, -1, -1, 0, 0, 0, 0, 0, 3}, "mod");
  // Unsigned: x / 0 = all ones, x % 0 = x; floor_div is div; mod(x, 0) = 0.
  std::vector<double> ua = {7, 0, 5, 4294967295}, ub = {2, 0, 0, 7};
  expectSame(bin(OpKind::Div, DType::U32, ua, ub),
             {3, 4294967295, 4294967295, 613566756}, "udiv");
  expectSame(bin(OpKind::Rem, DType::U32, ua, ub), {1, 0, 5, 3}, "urem");
  expectSame(bin(OpKind::FloorDiv, DType::U32, ua, ub),
             {3, 4294967295, 4294967295, 613566756}, "ufloor_div");
  expectSame(bin(OpKind::Mod, DType::U32, ua, ub), {1, 0, 0, 3}, "umod");
  expectSame(bin(OpKind::FloorDiv, DType::I8, {-128, 127, -128}, {-1, 0, 0}),
             {-128, -2, -2}, "i8 floor_div");
}

TEST(KernelsElementwise, FloatFloorDivAndMod) {
  std::vector<double> a = {7, -7, 7, -7, 0, 5, -5, 5.5, -5.5, kInf, 1, 0};
  std::vector<double> b = {2, 2, -2, -2, 0, 0, 0, 0.5, 2.5, 2, kInf, -3};
  expectSame(bin(OpKind::FloorDiv, DType::F32, a, b),
             {3, -4, -4, 3, kNaN, kInf, -kInf, 11, -3, kNaN, 0, -0.0}, "fdiv");
  expectSame(bin(OpKind::Mod, DType::F32, a, b),
             {1, 1, -1, -1, kNaN, kNaN, kNaN, 0, 2, kNaN, 1, 0}, "fmod");
  expectSame(bin(OpKind::Rem, DType::F32, a, b),
             {1, -1, 1, -1, kNaN, kNaN, kNaN, 0, -0.5, kNaN, 1, 0}, "frem");
}

TEST(KernelsElementwise, Pow) {
  // Floats: C pow (0**0 = 1, 0**-1 = inf, negative base with integral
  // exponent, nan**0 = 1, 1**nan = 1, (-1)**inf = 1).
  expectSame(bin(OpKind::Pow, DType::F32,
                 {0, 0, -2, -2, -8, 2, kNaN, 1, -1, -1},
                 {0, -1, 3, 0.5, 1.0 / 3, -2, 0, kNaN, kInf, 1e10}),
             {1, kInf, -8, kNaN, kNaN, 0.25, 1, 1, 1, 1}, "fpow");
  // Integers: jnp.power on arrays (six squarings: only the low 6 bits of
  // the exponent count; 0 ** e = 0 for e != 0).
  expectSame(bin(OpKind::Pow, DType::I32, {2, 2, 0, 0, -3, 1, -1, 2, 3},
                 {3, -1, 0, -1, 3, -5, -3, 33, 64}),
             {8, 0, 1, 0, -27, 1, -1, 0, 1}, "ipow");
}

TEST(KernelsElementwise, RoundingSignMinMax) {
  expectSame(un(OpKind::Round, DType::F32,
                {0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, kNaN}),
             {0, 2, 2, -0.0, -2, -2, 0, kNaN}, "round half to even");
  std::vector<double> s =
      un(OpKind::Sign, DType::F32, {-0.0, 0.0, kNaN, -3, 2, kInf});
  expectSame(s, {-0.0, 0.0, kNaN, -1, 1, 1}, "sign");
  EXPECT_TRUE(std::signbit(s[0])) << "sign(-0) = -0";
  expectSame(un(OpKind::Sign, DType::I32, {-5, 0, 7}), {-1, 0, 1}, "isign");
  std::vector<double> mx =
      bin(OpKind::Max, DType::F32, {kNaN, 1, -0.0, 0.0}, {1, kNaN, 0.0, -0.0});
  expectSame(mx, {kNaN, kNaN, 0, 0}, "max");
  EXPECT_FALSE(std::signbit(mx[2]) || std::signbit(mx[3])) << "max(-0, 0) = +0";
  std::vector<double> mn =
      bin(OpKind::Min, DType::F32, {kNaN, 1, -0.0, 0.0}, {1, kNaN, 0.0, -0.0});
  EXPECT_TRUE(std::signbit(mn[2]) && std::signbit(mn[3])) << "min(-0, 0) = -0";
}

TEST(KernelsElementwise, ShiftsAndWraparound) {
  expectSame(
      bin(OpKind::ShiftLeft, DType::I32, {1, 1, 1, -1, 1}, {31, 32, 40, 1, -1}),
      {-2147483648.0, 0, 0, -2, 0}, "shl");
  expectSame(bin(OpKind::ShiftRightLogical, DType::I32, {-1, -1, -1, 8},
                 {31, 32, -1, 2}),
             {1, 0, 0, 2}, "shr_l");
  expectSame(bin(OpKind::ShiftRightArithmetic, DType::I32, {-8, -8, 8, -8},
                 {1, 32, 33, -1}),
             {-4, -1, 0, -1}, "shr_a");
  expectSame(bin(OpKind::ShiftLeft, DType::U8, {1, 255}, {7, 8}), {128, 0},
             "u8 shl");
  expectSame(bin(OpKind::Add, DType::I32, {2147483647}, {1}), {-2147483648.0},
             "add");
  expectSame(bin(OpKind::Mul, DType::I32, {-2147483648.0}, {-1}),
             {-2147483648.0}, "mul");
  expectSame(un(OpKind::Neg, DType::I32, {-2147483648.0}), {-2147483648.0},
             "neg");
  expectSame(un(OpKind::Abs, DType::I32, {-2147483648.0}), {-2147483648.0},
             "abs");
  expectSame(bin(OpKind::Mul, DType::I8, {100, -128}, {3, -1}), {44, -128},
             "i8 mul");
}

TEST(KernelsElementwise, ConvertSaturates) {
  std::vector<double> f = {1e10, -1e10, kNaN, kInf, -kInf,
                           300,  -5.7,  2.9,  -0.5};
  auto conv = [&](DType to) {
    Array x = values(DType::F32, {int64_t(f.size())}, f);
    return toDoubles(convertOp(x, TensorType{to, x.shape(), false}));
  };
  expectSame(
      conv(DType::I32),
      {2147483647, -2147483648.0, 0, 2147483647, -2147483648.0, 300, -5, 2, 0},
      "f32->i32");
  expectSame(conv(DType::U8), {255, 0, 0, 255, 0, 255, 0, 2, 0}, "f32->u8");
  expectSame(conv(DType::I8), {127, -128, 0, 127, -128, 127, -5, 2, 0},
             "f32->i8");
  expectSame(conv(DType::Bool), {1, 1, 1, 1, 1, 1, 1, 1, 1}, "f32->bool");
  Array i = values(DType::I32, {3}, {300, -1, 256});
  expectSame(toDoubles(convertOp(i, TensorType{DType::U8, {3}, false})),
             {44, 255, 0}, "i32->u8 wraps");
  Array h = values(DType::I32, {5}, {65519, 65520, 100000, 2049, 2051});
  expectSame(toDoubles(convertOp(h, TensorType{DType::F16, {5}, false})),
             {65504, kInf, kInf, 2048, 2052}, "i32->f16");
}

TEST(KernelsElementwise, HalfArithmeticRoundsPerOp) {
  // float16 adds are computed in float32 and rounded back each op.
  Array a = values(DType::F16, {2}, {2048, 0.1}),
        b = values(DType::F16, {2}, {1, 0.2});
  Array s = binaryOp(OpKind::Add, a, b, a.type());
  EXPECT_EQ(s.getDouble(0), 2048) << "2049 is not a float16: ties to even";
  EXPECT_EQ(bitsOf(s)[1],
            uint32_t(floatToHalf(halfToFloat(floatToHalf(0.1f)) +
                                 halfToFloat(floatToHalf(0.2f)))));
  Array bf = values(DType::BF16, {1}, {256});
  Array one = values(DType::BF16, {1}, {1});
  EXPECT_EQ(binaryOp(OpKind::Add, bf, one, bf.type()).getDouble(0), 256);
}

TEST(KernelsElementwise, DenormalsFlushLikeXla) {
  // XLA's CPU runtime runs with FTZ/DAZ: 1e-45 > 0 is false, exp(-88) is 0.
  Array tiny = values(DType::F32, {1}, {1e-45});
  Array zero = values(DType::F32, {1}, {0});
  EXPECT_EQ(
      binaryOp(OpKind::Gt, tiny, zero, TensorType{DType::Bool, {1}, false})
          .getDouble(0),
      0);
  EXPECT_EQ(binaryOp(OpKind::Add, tiny, zero, tiny.type()).getDouble(0), 0);
  EXPECT_EQ(un(OpKind::Exp, DType::F32, {-88})[0], 0);
  EXPECT_EQ(bin(OpKind::Max, DType::F32, {1e-40}, {-1})[0], 0);
}

TEST(KernelsElementwise, SmallArraysUseLibmLikeXla) {
  // XLA evaluates 3, 5, 6, 7 trailing elements of arrays shorter than 16
  // with glibc's expf/logf: exp(1.07460725) is 2.92884231 there (and
  // 2.92884254 from XLA's polynomial in a vectorised loop).
  float x = 1.07460725f;
  Array three = values(DType::F32, {3}, {x, x, x});
  EXPECT_EQ(float(unaryOp(OpKind::Exp, three, three.type()).getDouble(2)),
            2.92884231f);
  Array four = values(DType::F32, {4}, {x, x, x, x});
  EXPECT_EQ(float(unaryOp(OpKind::Exp, four, four.type()).getDouble(3)),
            2.92884254f);
}

TEST(KernelsElementwise, BoolOps) {
  DType b = DType::Bool;
  std::vector<double> p = {0, 0, 1, 1}, q = {0, 1, 0, 1};
  expectSame(bin(OpKind::Add, b, p, q), {0, 1, 1, 1}, "add = or");
  expectSame(bin(OpKind::Mul, b, p, q), {0, 0, 0, 1}, "mul = and");
  expectSame(bin(OpKind::Xor, b, p, q), {0, 1, 1, 0}, "xor");
  expectSame(bin(OpKind::Max, b, p, q), {0, 1, 1, 1}, "max");
  expectSame(bin(OpKind::Lt, b, p, q), {0, 1, 0, 0}, "lt");
  expectSame(un(OpKind::Not, b, p), {1, 1, 0, 0}, "not");
  expectSame(un(OpKind::Not, DType::U8, {0, 255}), {255, 0}, "bitwise not");
}

TEST(KernelsElementwise, SelectAndBitcast) {
  Array p = values(DType::Bool, {3}, {1, 0, 1});
  Array t = values(DType::F16, {3}, {1, 2, 3}),
        f = values(DType::F16, {3}, {-1, -2, -3});
  expectSame(toDoubles(selectOp(p, t, f, t.type())), {1, -2, 3}, "select");
  Array u = values(DType::U32, {2}, {0x3f800000, 0xbf000000});
  expectSame(toDoubles(bitcastConvertOp(u, TensorType{DType::F32, {2}, false})),
             {1, -0.5}, "bitcast");
  Array i = values(DType::I8, {2}, {0, -3});
  expectSame(
      toDoubles(bitcastConvertOp(i, TensorType{DType::Bool, {2}, false})),
      {0, 1}, "bitcast to bool normalises");
  EXPECT_EQ(bitsOf(bitcastConvertOp(values(DType::BF16, {1}, {1}),
                                    TensorType{DType::I16, {1}, false})),
            Bits{0x3f80});
}

TEST(KernelsElementwise, EmptyAndRankZero) {
  for (DType d : {DType::F32, DType::F16, DType::BF16, DType::I32, DType::U8,
                  DType::Bool}) {
    Array e = Array::allocate(d, {0, 4});
    EXPECT_EQ(unaryOp(OpKind::Neg, e, e.type()).size(), 0);
    EXPECT_EQ(binaryOp(OpKind::Add, e, e, e.type()).size(), 0);
    EXPECT_EQ(binaryOp(OpKind::Eq, e, e, TensorType{DType::Bool, {0, 4}, false})
                  .size(),
              0);
    EXPECT_EQ(convertOp(e, TensorType{DType::F32, {0, 4}, false}).size(), 0);
    Array s = Array::scalar(d, 1);
    EXPECT_EQ(binaryOp(OpKind::Max, s, s, s.type()).getDouble(0), 1);
    EXPECT_EQ(unaryOp(OpKind::IsFinite, s, TensorType{DType::Bool, {}, false})
                  .getDouble(0),
              1);
  }
  Array s = Array::scalar(DType::F32, 0.5);
  for (OpKind k : {OpKind::Exp, OpKind::Log, OpKind::Tanh, OpKind::ErfInv,
                   OpKind::Atan, OpKind::Logistic, OpKind::Rsqrt})
    EXPECT_FALSE(std::isnan(unaryOp(k, s, s.type()).getDouble(0)))
        << mnemonic(k);
}

} // namespace
} // namespace parax::kernels_test
