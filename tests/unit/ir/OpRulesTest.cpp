//===- OpRulesTest.cpp - the op-family tables cover the op table ----------===//
//
// ir/Ops.def and the family tables under ir/ops/ must agree: every
// elementwise op (trait E) except select and threefry2x32 has exactly one
// elementwise row, no other op has one, every reduction row names a pure,
// non-elementwise op and a binary combiner, every collective (trait C) has a
// collective row. An op added to Ops.def without its family row fails here
// (the verifier, the kernels and the emitters dispatch on those rows).
//
//===----------------------------------------------------------------------===//
#include "ir/OpRules.h"

#include <gtest/gtest.h>

namespace parax::ir {
namespace {

constexpr OpKind kAll[] = {
#define PARAX_OP(Name, Mnemonic, NumRegions, Traits) OpKind::Name,
#include "ir/Ops.def"
};

TEST(OpRules, EveryElementwiseOpHasOneRow) {
  for (OpKind k : kAll) {
    const ElementwiseRule *r = elementwiseRule(k);
    bool special = k == OpKind::Select || k == OpKind::Threefry2x32;
    if (hasTrait(k, E) && !special)
      EXPECT_NE(r, nullptr) << mnemonic(k) << " (trait E) has no row in "
                            << "ir/ops/Elementwise*.def";
    else
      EXPECT_EQ(r, nullptr) << mnemonic(k) << " is not elementwise";
    if (r) {
      EXPECT_TRUE(r->arity == 1 || r->arity == 2) << mnemonic(k);
      EXPECT_TRUE(hasTrait(k, P)) << mnemonic(k);
    }
  }
}

TEST(OpRules, ComparisonsAreTheBoolResultBinaryRows) {
  for (OpKind k : kAll) {
    const ElementwiseRule *r = elementwiseRule(k);
    bool boolBinary =
        r && r->arity == 2 && r->result == ResultRule::Bool;
    EXPECT_EQ(isComparison(k), boolBinary) << mnemonic(k);
  }
  EXPECT_TRUE(isComparison(OpKind::Lt));
  EXPECT_FALSE(isComparison(OpKind::Add));
}

TEST(OpRules, UnaryResultRules) {
  EXPECT_EQ(elementwiseRule(OpKind::Tanh)->result, ResultRule::Same);
  EXPECT_EQ(elementwiseRule(OpKind::Tanh)->operands, DClass::Float);
  EXPECT_EQ(elementwiseRule(OpKind::IsFinite)->result, ResultRule::Bool);
  EXPECT_EQ(elementwiseRule(OpKind::Convert)->result, ResultRule::Explicit);
  EXPECT_EQ(elementwiseRule(OpKind::BitcastConvert)->result,
            ResultRule::SameWidth);
  EXPECT_EQ(elementwiseRule(OpKind::Neg)->operands, DClass::Numeric);
  EXPECT_EQ(elementwiseRule(OpKind::Not)->operands, DClass::IntOrBool);
  EXPECT_EQ(elementwiseRule(OpKind::ShiftLeft)->operands, DClass::Integer);
  EXPECT_EQ(elementwiseRule(OpKind::Atan2)->operands, DClass::Float);
}

TEST(OpRules, ReductionRowsNameBinaryCombiners) {
  for (OpKind k : kAll) {
    ReduceFamily f = reduceFamily(k);
    if (f == ReduceFamily::None) {
      EXPECT_EQ(reductionCombiner(k), k) << mnemonic(k);
      continue;
    }
    EXPECT_TRUE(hasTrait(k, P) && !hasTrait(k, E)) << mnemonic(k);
    const ElementwiseRule *c = elementwiseRule(reductionCombiner(k));
    ASSERT_NE(c, nullptr) << mnemonic(k) << ": combiner is not elementwise";
    EXPECT_EQ(c->arity, 2u) << mnemonic(k);
    EXPECT_EQ(c->result, ResultRule::Same) << mnemonic(k);
  }
  static_assert(reductionCombiner(OpKind::CumMax) == OpKind::Max);
  static_assert(reduceFamily(OpKind::ArgMin) == ReduceFamily::Arg);
}

TEST(OpRules, EveryCollectiveHasOneRow) {
  for (OpKind k : kAll) {
    CollectivePattern p = collectivePattern(k);
    EXPECT_EQ(p != CollectivePattern::None, hasTrait(k, C)) << mnemonic(k);
    if (p == CollectivePattern::AllReduce) {
      const ElementwiseRule *c = elementwiseRule(collectiveCombiner(k));
      ASSERT_NE(c, nullptr) << mnemonic(k) << ": combiner is not elementwise";
      EXPECT_EQ(c->arity, 2u) << mnemonic(k);
    } else {
      EXPECT_EQ(collectiveCombiner(k), k) << mnemonic(k);
    }
  }
  static_assert(collectiveCombiner(OpKind::Psum) == OpKind::Add);
  static_assert(communicates(OpKind::Ppermute) &&
                !sameOnEveryDevice(OpKind::Ppermute));
  static_assert(!communicates(OpKind::AxisIndex));
  static_assert(sameOnEveryDevice(OpKind::AllGather));
}

} // namespace
} // namespace parax::ir
