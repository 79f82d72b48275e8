//===- TransposedDotTest.cpp - the transposed-dot pass --------------------===//
//
// transpose(dot_general(a, b)) that swaps the result's free groups becomes
// dot_general(b, a) with the operands' dims swapped; a transpose that does
// anything else, or a dot with other users, stays. A transpose feeding a
// dot (its only use) is folded into the dot's dimension numbers when the
// operand's free dims keep their order. The IR must verify after the pass.
//
//===----------------------------------------------------------------------===//
#include "IrTestHelpers.h"

#include "ir/PassManager.h"

namespace parax::ir::testing {
namespace {

Attrs dotAttrs(std::vector<int64_t> lb, std::vector<int64_t> rb,
               std::vector<int64_t> lc, std::vector<int64_t> rc) {
  return {{"lhs_batch", std::move(lb)},
          {"rhs_batch", std::move(rb)},
          {"lhs_contract", std::move(lc)},
          {"rhs_contract", std::move(rc)}};
}

class TransposedDotTest : public IrTest {
protected:
  bool run() {
    bool changed = foldTransposedDots(m);
    EXPECT_VALID(problems());
    return changed;
  }
};

TEST_F(TransposedDotTest, GradientOfWeightsBecomesOneDot) {
  // transpose(g^T x) with g: [8,64], x: [8,32] -> x^T g: [32,64].
  start("f", {f32({8, 64}), f32({8, 32})});
  Value *d = val(OpKind::DotGeneral, {arg(0), arg(1)}, f32({64, 32}),
                 dotAttrs({}, {}, {0}, {0}));
  Value *t = val(OpKind::Transpose, {d}, f32({32, 64}),
                 {{"perm", std::vector<int64_t>{1, 0}}});
  ret({t});
  EXPECT_TRUE(run());
  ASSERT_EQ(f->entry().operations().size(), 2u);
  const Operation &dot = *f->entry().operations().front();
  EXPECT_EQ(dot.kind(), OpKind::DotGeneral);
  EXPECT_EQ(dot.operand(0), arg(1));
  EXPECT_EQ(dot.operand(1), arg(0));
  EXPECT_EQ(dot.result()->type().shape, (Shape{32, 64}));
  EXPECT_EQ(f->entry().terminator()->operand(0), dot.result());
}

TEST_F(TransposedDotTest, BatchDimsStayInFront) {
  // [b, m, k] x [b, n, k] -> [b, m, n]; perm [0, 2, 1] -> dot(rhs, lhs).
  start("f", {f32({3, 5, 7}), f32({3, 4, 7})});
  Value *d = val(OpKind::DotGeneral, {arg(0), arg(1)}, f32({3, 5, 4}),
                 dotAttrs({0}, {0}, {2}, {2}));
  ret({val(OpKind::Transpose, {d}, f32({3, 4, 5}),
           {{"perm", std::vector<int64_t>{0, 2, 1}}})});
  EXPECT_TRUE(run());
  const Operation &dot = *f->entry().operations().front();
  EXPECT_EQ(dot.operand(0), arg(1));
  EXPECT_EQ(dot.attrs().getInts("lhs_contract"), (std::vector<int64_t>{2}));
  EXPECT_EQ(dot.result()->type().shape, (Shape{3, 4, 5}));
}

TEST_F(TransposedDotTest, OtherPermutationsAndSharedDotsStay) {
  start("f", {f32({3, 5, 7}), f32({3, 4, 7})});
  Value *d = val(OpKind::DotGeneral, {arg(0), arg(1)}, f32({3, 5, 4}),
                 dotAttrs({0}, {0}, {2}, {2}));
  // Moves the batch dim: not a swap of the free groups.
  ret({val(OpKind::Transpose, {d}, f32({5, 3, 4}),
           {{"perm", std::vector<int64_t>{1, 0, 2}}})});
  EXPECT_FALSE(run());

  start("g", {f32({8, 64}), f32({8, 32})});
  Value *e = val(OpKind::DotGeneral, {arg(0), arg(1)}, f32({64, 32}),
                 dotAttrs({}, {}, {0}, {0}));
  Value *t = val(OpKind::Transpose, {e}, f32({32, 64}),
                 {{"perm", std::vector<int64_t>{1, 0}}});
  ret({t, e}); // the dot has another user
  EXPECT_FALSE(run());
}

TEST_F(TransposedDotTest, OperandTransposeFoldsIntoTheDimensionNumbers) {
  // x.T @ y with x: [8, 32], y: [8, 64] -> dot(x, y) contracting dim 0 of both.
  start("f", {f32({8, 32}), f32({8, 64})});
  Value *t = val(OpKind::Transpose, {arg(0)}, f32({32, 8}),
                 {{"perm", std::vector<int64_t>{1, 0}}});
  ret({val(OpKind::DotGeneral, {t, arg(1)}, f32({32, 64}),
           dotAttrs({}, {}, {1}, {0}))});
  EXPECT_TRUE(run());
  ASSERT_EQ(f->entry().operations().size(), 2u);
  const Operation &dot = *f->entry().operations().front();
  EXPECT_EQ(dot.operand(0), arg(0));
  EXPECT_EQ(dot.attrs().getInts("lhs_contract"), (std::vector<int64_t>{0}));
  EXPECT_EQ(dot.attrs().getInts("rhs_contract"), (std::vector<int64_t>{0}));

  // Batched rhs [b, n, k] seen as [b, k, n]: batch and contract dims map.
  start("g", {f32({3, 5, 7}), f32({3, 4, 7})});
  Value *u = val(OpKind::Transpose, {arg(1)}, f32({3, 7, 4}),
                 {{"perm", std::vector<int64_t>{0, 2, 1}}});
  ret({val(OpKind::DotGeneral, {arg(0), u}, f32({3, 5, 4}),
           dotAttrs({0}, {0}, {2}, {1}))});
  EXPECT_TRUE(run());
  const Operation &bdot = *f->entry().operations().front();
  EXPECT_EQ(bdot.operand(1), arg(1));
  EXPECT_EQ(bdot.attrs().getInts("rhs_batch"), (std::vector<int64_t>{0}));
  EXPECT_EQ(bdot.attrs().getInts("rhs_contract"), (std::vector<int64_t>{2}));
}

TEST_F(TransposedDotTest,
       OperandTransposesThatReorderFreeDimsOrHaveOtherUsersStay) {
  // [a, b, k] -> [b, a, k]: both free dims of the lhs swap order.
  start("f", {f32({2, 3, 4}), f32({4, 5})});
  Value *t = val(OpKind::Transpose, {arg(0)}, f32({3, 2, 4}),
                 {{"perm", std::vector<int64_t>{1, 0, 2}}});
  ret({val(OpKind::DotGeneral, {t, arg(1)}, f32({3, 2, 5}),
           dotAttrs({}, {}, {2}, {0}))});
  EXPECT_FALSE(run());

  start("g", {f32({8, 32}), f32({8, 64})});
  Value *x = val(OpKind::Transpose, {arg(0)}, f32({32, 8}),
                 {{"perm", std::vector<int64_t>{1, 0}}});
  Value *d = val(OpKind::DotGeneral, {x, arg(1)}, f32({32, 64}),
                 dotAttrs({}, {}, {1}, {0}));
  ret({d, x}); // the transpose has another user
  EXPECT_FALSE(run());
}

} // namespace
} // namespace parax::ir::testing
