//===- PromotionX64Test.cpp - JAX's type promotion with x64 enabled -------===//
//
// frontend/Promotion with jax_enable_x64 on, against the table JAX computes
// (PromotionCasesX64.inc, from gen_promotion.py --x64): every pair of the
// thirteen dtypes and the Python scalar types (64-bit weak int and float),
// and toInexact against jnp.sqrt's dtype. The switch is restored after each
// test, so the x64-disabled table (PromotionTest) is unaffected.
//
//===----------------------------------------------------------------------===//
#include "frontend/tracing/Promotion.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace parax::frontend {
namespace {

std::string show(WeakDType t) {
  return std::string(dtypeName(t.dtype)) + (t.weak ? " (weak)" : "");
}

struct Case {
  WeakDType lhs, rhs, expected;
  const char *what;
};

const std::vector<Case> &promoteCases() {
  static const std::vector<Case> cases = {
#define PROMOTE(a, aw, b, bw, r, rw, what)                                     \
  {{DType::a, aw}, {DType::b, bw}, {DType::r, rw}, what},
#define INEXACT(a, aw, r, rw, what)
#include "PromotionCasesX64.inc"
#undef PROMOTE
#undef INEXACT
  };
  return cases;
}

const std::vector<Case> &inexactCases() {
  static const std::vector<Case> cases = {
#define PROMOTE(a, aw, b, bw, r, rw, what)
#define INEXACT(a, aw, r, rw, what) {{DType::a, aw}, {}, {DType::r, rw}, what},
#include "PromotionCasesX64.inc"
#undef PROMOTE
#undef INEXACT
  };
  return cases;
}

class PromotionX64Test : public ::testing::Test {
protected:
  void SetUp() override { setX64Enabled(true); }
  void TearDown() override { setX64Enabled(false); }
};

TEST_F(PromotionX64Test, TableCoversEveryPair) {
  // 13 dtypes + weak int + weak float + Python bool, squared.
  EXPECT_EQ(promoteCases().size(), 16u * 16u);
  EXPECT_EQ(inexactCases().size(), 16u);
}

TEST_F(PromotionX64Test, PromoteTypesMatchesJax) {
  int failures = 0;
  for (const Case &c : promoteCases()) {
    WeakDType got = promoteTypes(c.lhs, c.rhs);
    if (!(got == c.expected)) {
      ++failures;
      ADD_FAILURE() << c.what << ": expected " << show(c.expected) << ", got "
                    << show(got);
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST_F(PromotionX64Test, ToInexactMatchesJaxSqrt) {
  for (const Case &c : inexactCases())
    EXPECT_EQ(toInexact(c.lhs), c.expected)
        << c.what << ": got " << show(toInexact(c.lhs));
}

TEST_F(PromotionX64Test, DefaultsAreSixtyFourBit) {
  EXPECT_EQ(defaultFloat(), DType::F64);
  EXPECT_EQ(defaultInt(), DType::I64);
  EXPECT_EQ(canonical(DType::U64), DType::U64);
  setX64Enabled(false);
  EXPECT_EQ(defaultFloat(), DType::F32);
  EXPECT_EQ(canonical(DType::F64), DType::F32);
}

} // namespace
} // namespace parax::frontend
