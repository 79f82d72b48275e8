//===- KernelsDispatchTest.cpp - evalPureOp: OpKind + Attrs -> kernel -----===//
//
// One call per op family through evalPureOp, with the attribute names of
// ir/Ops.def, checking results and that the declared result type (including
// the weak flag) is what comes back.
//
//===----------------------------------------------------------------------===//
#include "KernelsTestUtil.h"

namespace parax::kernels_test {
namespace {

using namespace runtime;
using ir::Attrs;
using ir::OpKind;

TensorType tt(DType d, Shape s, bool weak = false) {
  return TensorType{d, std::move(s), weak};
}

Array eval1(OpKind k, const Attrs &attrs, const std::vector<Array> &in,
            const TensorType &rt) {
  std::vector<Array> r = evalPureOp(k, attrs, in, {rt});
  EXPECT_EQ(r.size(), 1u) << mnemonic(k);
  EXPECT_EQ(r[0].type(), rt) << mnemonic(k);
  return r[0];
}

TEST(KernelsDispatch, LeavesAndElementwise) {
  Array v = values(DType::F32, {2}, {1, -2});
  EXPECT_EQ(toDoubles(eval1(OpKind::Constant, Attrs{{"value", v}}, {},
                            tt(DType::F32, {2}, true))),
            (std::vector<double>{1, -2}));
  EXPECT_EQ(toDoubles(eval1(OpKind::Iota, Attrs{{"dimension", int64_t(0)}}, {},
                            tt(DType::I32, {3}))),
            (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(toDoubles(eval1(OpKind::Abs, {}, {v}, tt(DType::F32, {2}, true))),
            (std::vector<double>{1, 2}));
  EXPECT_EQ(toDoubles(eval1(OpKind::Sub, {}, {v, v}, tt(DType::F32, {2}))),
            (std::vector<double>{0, 0}));
  EXPECT_EQ(
      toDoubles(eval1(OpKind::Lt, {}, {v, values(DType::F32, {2}, {0, 0})},
                      tt(DType::Bool, {2}))),
      (std::vector<double>{0, 1}));
  EXPECT_EQ(toDoubles(eval1(OpKind::Select, {},
                            {values(DType::Bool, {2}, {0, 1}), v,
                             values(DType::F32, {2}, {5, 6})},
                            tt(DType::F32, {2}))),
            (std::vector<double>{5, -2}));
  EXPECT_EQ(toDoubles(eval1(OpKind::Convert, {}, {v}, tt(DType::I8, {2}))),
            (std::vector<double>{1, -2}));
  EXPECT_EQ(bitsOf(eval1(OpKind::BitcastConvert, {}, {v}, tt(DType::U32, {2}))),
            (Bits{0x3f800000, 0xc0000000}));
}

TEST(KernelsDispatch, ShapeOps) {
  Array x = values(DType::I32, {2, 3}, {0, 1, 2, 3, 4, 5});
  EXPECT_EQ(eval1(OpKind::Reshape, {}, {x}, tt(DType::I32, {3, 2})).shape(),
            (Shape{3, 2}));
  EXPECT_EQ(toDoubles(eval1(OpKind::BroadcastInDim, Attrs{{"dims", Ints{1}}},
                            {values(DType::I32, {2}, {7, 8})},
                            tt(DType::I32, {3, 2}))),
            (std::vector<double>{7, 8, 7, 8, 7, 8}));
  EXPECT_EQ(toDoubles(eval1(OpKind::Transpose, Attrs{{"perm", Ints{1, 0}}}, {x},
                            tt(DType::I32, {3, 2}))),
            (std::vector<double>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(toDoubles(eval1(OpKind::Rev, Attrs{{"dims", Ints{1}}}, {x},
                            tt(DType::I32, {2, 3}))),
            (std::vector<double>{2, 1, 0, 5, 4, 3}));
  EXPECT_EQ(toDoubles(eval1(OpKind::Slice,
                            Attrs{{"start", Ints{0, 1}},
                                  {"limit", Ints{2, 3}},
                                  {"stride", Ints{1, 2}}},
                            {x}, tt(DType::I32, {2, 1}))),
            (std::vector<double>{1, 4}));
  EXPECT_EQ(toDoubles(eval1(OpKind::Concatenate, Attrs{{"axis", int64_t(0)}},
                            {x, x}, tt(DType::I32, {4, 3})))
                .size(),
            12u);
  EXPECT_EQ(toDoubles(eval1(
                OpKind::Pad, Attrs{{"low", Ints{0, 1}}, {"high", Ints{0, 0}}},
                {x, Array::scalarInt(DType::I32, 9)}, tt(DType::I32, {2, 4}))),
            (std::vector<double>{9, 0, 1, 2, 9, 3, 4, 5}));
  EXPECT_EQ(toDoubles(eval1(OpKind::DynamicSlice, Attrs{{"sizes", Ints{1, 2}}},
                            {x, Array::scalarInt(DType::I32, 1),
                             Array::scalarInt(DType::I32, 5)},
                            tt(DType::I32, {1, 2}))),
            (std::vector<double>{4, 5}));
  EXPECT_EQ(toDoubles(eval1(OpKind::DynamicUpdateSlice, {},
                            {x, values(DType::I32, {1, 1}, {-1}),
                             Array::scalarInt(DType::I32, -1),
                             Array::scalarInt(DType::I32, 0)},
                            tt(DType::I32, {2, 3}))),
            (std::vector<double>{0, 1, 2, -1, 4, 5}));
  EXPECT_EQ(toDoubles(eval1(OpKind::Take, Attrs{{"axis", int64_t(1)}},
                            {x, values(DType::I32, {1}, {-1})},
                            tt(DType::I32, {2, 1}))),
            (std::vector<double>{2, 5}));
  EXPECT_EQ(
      toDoubles(eval1(OpKind::Scatter,
                      Attrs{{"axis", int64_t(0)}, {"mode", std::string("add")}},
                      {x, values(DType::I32, {1}, {1}),
                       values(DType::I32, {1, 3}, {1, 1, 1})},
                      tt(DType::I32, {2, 3}))),
      (std::vector<double>{0, 1, 2, 4, 5, 6}));
}

TEST(KernelsDispatch, ReductionsDotRandom) {
  Array x = values(DType::F32, {2, 3}, {1, 5, 2, 7, 0, 3});
  EXPECT_EQ(toDoubles(eval1(OpKind::ReduceSum, Attrs{{"axes", Ints{1}}}, {x},
                            tt(DType::F32, {2}))),
            (std::vector<double>{8, 10}));
  EXPECT_EQ(toDoubles(eval1(OpKind::ReduceMax, Attrs{{"axes", Ints{0, 1}}}, {x},
                            tt(DType::F32, {}))),
            (std::vector<double>{7}));
  EXPECT_EQ(toDoubles(eval1(OpKind::ArgMax, Attrs{{"axis", int64_t(1)}}, {x},
                            tt(DType::I32, {2}))),
            (std::vector<double>{1, 0}));
  EXPECT_EQ(
      toDoubles(eval1(OpKind::CumSum,
                      Attrs{{"axis", int64_t(1)}, {"reverse", int64_t(1)}}, {x},
                      tt(DType::F32, {2, 3}))),
      (std::vector<double>{8, 7, 2, 10, 3, 3}));
  Attrs dn{{"lhs_batch", Ints{}},
           {"rhs_batch", Ints{}},
           {"lhs_contract", Ints{1}},
           {"rhs_contract", Ints{1}}};
  EXPECT_EQ(
      toDoubles(eval1(OpKind::DotGeneral, dn, {x, x}, tt(DType::F32, {2, 2}))),
      (std::vector<double>{30, 13, 13, 58}));
  Array z = values(DType::U32, {1}, {0});
  std::vector<Array> r = evalPureOp(OpKind::Threefry2x32, {}, {z, z, z, z},
                                    {tt(DType::U32, {1}), tt(DType::U32, {1})});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(bitsOf(r[0]), Bits{1797259609u});
  EXPECT_EQ(bitsOf(r[1]), Bits{2579123966u});
}

TEST(KernelsDispatch, FromOperation) {
  ir::Operation op(OpKind::Mul, Loc{}, nullptr);
  op.addResult(tt(DType::I32, {2}, true));
  std::vector<Array> r = evalPureOp(
      op, {values(DType::I32, {2}, {3, 4}), values(DType::I32, {2}, {5, 6})});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0].weak());
  EXPECT_EQ(toDoubles(r[0]), (std::vector<double>{15, 24}));
}

} // namespace
} // namespace parax::kernels_test
