//===- NumpyPromotionTest.cpp - numpy's type promotion table --------------===//
//
// Checks lib/NumpyPromotion against the table numpy itself computes
// (NumpyPromotionCases.inc, written by gen_np_promotion.py): promote_types
// for every pair of numeric dtypes, result_type with a weak Python
// bool/int/float operand (NEP 50), and the float type of float ufuncs on
// integer inputs (np.sin(int8) is float16).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/NumpyInternal.h"

#include <gtest/gtest.h>

namespace parax::frontend {
namespace {

struct NpPromoteCase {
  NpDType a, b, expected;
};
struct NpWeakCase {
  NpDType a;
  int weakKind; ///< 0 bool, 1 int, 2 float
  NpDType expected;
};
#include "NumpyPromotionCases.inc"

TEST(NumpyPromotion, PromoteTypesMatchesNumpy) {
  for (const auto &c : kNpPromoteCases)
    EXPECT_EQ(npDTypeName(npy::promote(c.a, c.b)), npDTypeName(c.expected))
        << npDTypeName(c.a) << " + " << npDTypeName(c.b);
}

TEST(NumpyPromotion, PromoteIsCommutative) {
  for (const auto &c : kNpPromoteCases)
    EXPECT_EQ(npy::promote(c.a, c.b), npy::promote(c.b, c.a));
}

TEST(NumpyPromotion, WeakPythonScalarsMatchNumpy) {
  for (const auto &c : kNpWeakCases) {
    Value arr = makeNumpy(c.a, {0});
    Value scalar = c.weakKind == 0   ? Value::boolean(true)
                   : c.weakKind == 1 ? Value::integer(1)
                                     : Value::floating(1.0);
    EXPECT_EQ(npDTypeName(npy::resultType({arr, scalar})), npDTypeName(c.expected))
        << npDTypeName(c.a) << " with weak kind " << c.weakKind;
  }
}

TEST(NumpyPromotion, FloatUfuncTypeMatchesNumpy) {
  for (const auto &c : kNpFloatCases)
    EXPECT_EQ(npDTypeName(npy::floatFor(c.a)), npDTypeName(c.expected)) << npDTypeName(c.a);
}

TEST(NumpyPromotion, PythonScalarsAloneTakeNumpyDefaults) {
  EXPECT_EQ(npy::resultType({Value::integer(3)}), NpDType::I64);
  EXPECT_EQ(npy::resultType({Value::floating(3)}), NpDType::F64);
  EXPECT_EQ(npy::resultType({Value::boolean(true)}), NpDType::Bool);
  EXPECT_EQ(npy::resultType({Value::integer(3), Value::floating(1)}), NpDType::F64);
}

TEST(NumpyPromotion, DTypeNamesParse) {
  for (int i = 0; i < kNumNpDTypes - 1; ++i) {
    NpDType t = NpDType(i);
    auto p = parseNpDType(npDTypeName(t));
    ASSERT_TRUE(p.has_value()) << npDTypeName(t);
    EXPECT_EQ(*p, t);
  }
  EXPECT_EQ(parseNpDType("f8"), NpDType::F64);
  EXPECT_EQ(parseNpDType("<U3"), NpDType::Str);
  EXPECT_EQ(parseNpDType("int"), NpDType::I64);
  EXPECT_FALSE(parseNpDType("complex256").has_value());
}

} // namespace
} // namespace parax::frontend
