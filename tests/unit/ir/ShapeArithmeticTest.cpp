//===- ShapeArithmeticTest.cpp - checked extent and byte-size arithmetic --===//
//
// The helpers every shape computation goes through (ir/Types.h): checked
// multiply/add, saturating counts, and the size check that keeps shapes
// whose byte size leaves int64 (or passes 2^62) out of arrays and the IR.
//
//===----------------------------------------------------------------------===//
#include "ir/Array.h"
#include "ir/Builder.h"
#include "ir/Diagnostics.h"
#include "ir/Types.h"

#include <gtest/gtest.h>

#include <limits>

namespace parax {
namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

TEST(ShapeArithmeticTest, CheckedMulAndAdd) {
  EXPECT_EQ(checkedMul(3, 4), 12);
  EXPECT_EQ(checkedMul(0, kMax), 0);
  EXPECT_EQ(checkedMul(int64_t(1) << 31, int64_t(1) << 31), int64_t(1) << 62);
  EXPECT_EQ(checkedMul(int64_t(1) << 32, int64_t(1) << 32), std::nullopt);
  EXPECT_EQ(checkedMul(kMax, 2), std::nullopt);
  EXPECT_EQ(checkedMul(-1, 4), std::nullopt); // extents are never negative
  EXPECT_EQ(checkedAdd(kMax - 1, 1), kMax);
  EXPECT_EQ(checkedAdd(kMax, 1), std::nullopt);
  EXPECT_EQ(checkedAdd(-1, 1), std::nullopt);
  EXPECT_EQ(saturatingAdd(int64_t(1) << 62, int64_t(1) << 62), kMax);
  EXPECT_EQ(saturatingAdd(5, 6), 11);
}

TEST(ShapeArithmeticTest, NumElementsSaturatesInsteadOfWrapping) {
  EXPECT_EQ(numElements({}), 1);
  EXPECT_EQ(numElements({2, 3, 4}), 24);
  // 2^32 * 2^32 wrapped to 0 (an empty array over a huge shape).
  EXPECT_EQ(numElements({int64_t(1) << 32, int64_t(1) << 32}), kMax);
  EXPECT_EQ(numElements({3, int64_t(1) << 62, 4}), kMax);
  // A zero extent anywhere makes the array empty, overflow or not.
  EXPECT_EQ(numElements({int64_t(1) << 40, int64_t(1) << 40, 0}), 0);
  EXPECT_EQ((TensorType{DType::F32, {int64_t(1) << 62}}.byteSize()), kMax);
  EXPECT_EQ((TensorType{DType::F32, {int64_t(1) << 60}}.byteSize()), int64_t(1) << 62);
}

TEST(ShapeArithmeticTest, ArraySizeProblem) {
  EXPECT_EQ(arraySizeProblem(DType::F32, {2, 3}), "");
  EXPECT_EQ(arraySizeProblem(DType::F32, {}), "");
  // The limit is 2^62 bytes: float32[2^60] is at it, float32[2^60 + 1] past it.
  EXPECT_EQ(arraySizeProblem(DType::F32, {int64_t(1) << 60}), "");
  EXPECT_NE(arraySizeProblem(DType::F32, {(int64_t(1) << 60) + 1}), "");
  EXPECT_EQ(arraySizeProblem(DType::Bool, {int64_t(1) << 62}), "");
  // The element count fits int64, the byte size does not.
  EXPECT_NE(arraySizeProblem(DType::F32, {int64_t(1) << 31, int64_t(1) << 31}), "");
  EXPECT_EQ(arraySizeProblem(DType::I8, {int64_t(1) << 31, int64_t(1) << 31}), "");
  std::string p = arraySizeProblem(DType::I32, {int64_t(1) << 32, int64_t(1) << 32});
  EXPECT_NE(p.find("array is too big"), std::string::npos) << p;
  EXPECT_NE(p.find("(4294967296, 4294967296)"), std::string::npos) << p;
  EXPECT_NE(p.find("int32"), std::string::npos) << p;
  // As numpy: zero extents are skipped, so an empty array's strides fit too.
  EXPECT_NE(arraySizeProblem(DType::I8, {0, int64_t(1) << 40, int64_t(1) << 40}), "");
  EXPECT_EQ(arraySizeProblem(DType::I8, {0, int64_t(1) << 40}), "");
  EXPECT_NE(arraySizeProblem(DType::F32, {3, -1}).find("negative"), std::string::npos);
  // Without a dtype elements count as bytes.
  EXPECT_EQ(arraySizeProblem(std::nullopt, {int64_t(1) << 62}), "");
  EXPECT_NE(arraySizeProblem(std::nullopt, {3, int64_t(1) << 62, 4}).find("elements"),
            std::string::npos);
}

TEST(ShapeArithmeticTest, CheckArraySizeThrowsValueError) {
  EXPECT_NO_THROW(checkArraySize(DType::F32, {4, 4}));
  try {
    checkArraySize(DType::I32, {int64_t(1) << 32, int64_t(1) << 32});
    FAIL() << "no error";
  } catch (ParaxError &e) {
    EXPECT_EQ(e.diag().kind, "ValueError");
    EXPECT_FALSE(e.diag().loc.valid()); // the caller's call locates it
    EXPECT_FALSE(e.diag().hint.empty());
  }
}

TEST(ShapeArithmeticTest, NoArrayOverAnOverflowingShape) {
  Shape huge{int64_t(1) << 32, int64_t(1) << 32};
  EXPECT_THROW(Array::allocate(DType::I32, huge), ParaxError);
  Array empty = Array::allocate(DType::F32, {0});
  EXPECT_THROW(empty.reshaped(huge), ParaxError); // 0 == 2^64 mod 2^64
  EXPECT_EQ(empty.reshaped({0, 5}).size(), 0);
}

TEST(ShapeArithmeticTest, NoIrTypeOverAnOverflowingShape) {
  ir::Module m;
  ir::Func &f = m.addFunc("f");
  TensorType huge{DType::F32, {int64_t(1) << 31, int64_t(1) << 31}};
  EXPECT_THROW(f.entry().addArgument(huge), ParaxError);
  ir::Builder b(&f.entry());
  Loc loc;
  loc.line = 7;
  loc.col = 3;
  try {
    b.create(ir::OpKind::Iota, {}, {huge}, ir::Attrs{{"dimension", int64_t(0)}}, loc);
    FAIL() << "no error";
  } catch (ParaxError &e) {
    EXPECT_EQ(e.diag().kind, "ValueError");
    EXPECT_EQ(e.diag().loc.line, 7u); // the op's location
  }
  EXPECT_TRUE(f.entry().operations().empty()); // nothing half-built was kept
}

} // namespace
} // namespace parax
