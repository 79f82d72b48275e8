//===- VerifierTest.cpp - one negative test per verifier rule -------------===//
//
// Each test builds a small function that breaks exactly one rule and checks
// that the report names it; positive tests check that well-formed IR
// (including weak/strong carry mixes) verifies cleanly.
//
//===----------------------------------------------------------------------===//
#include "IrTestHelpers.h"

namespace parax::ir::testing {
namespace {

using Ints = std::vector<int64_t>;

class VerifierTest : public IrTest {
protected:
  /// A function `f(x: type)` returning `fn(x)`'s single result.
  template <typename Fn>
  std::vector<std::string> unaryFunc(const TensorType &t, Fn fn) {
    start("f", {t});
    ret({fn(arg(0))});
    return problems();
  }
  Attrs pmapAttrs(const std::string &name, int64_t size, Ints in, Ints out) {
    return {{"axis_name", name},
            {"axis_size", size},
            {"in_axes", std::move(in)},
            {"out_axes", std::move(out)}};
  }
  /// pmap over `x: f32[size,3]` on axis `name`; `body` gets the shard.
  template <typename Body>
  Operation *pmap(const std::string &name, int64_t size, Value *x,
                  const TensorType &result, Body body) {
    Operation *p =
        op(OpKind::Pmap, {x}, {result}, pmapAttrs(name, size, {0}, {0}));
    TensorType shard = x->type();
    shard.shape.erase(shard.shape.begin());
    region(p, 0, {shard}, [&](Block &blk) { yield({body(blk.argument(0))}); });
    return p;
  }
};

//===----------------------------------------------------------------------===//
// Structure
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, MissingTerminator) {
  start("f", {f32()});
  val(OpKind::Neg, {arg(0)}, f32());
  EXPECT_PROBLEM(problems(),
                 "does not end in a terminator (expected 'return')");
}

TEST_F(VerifierTest, EmptyFunctionBody) {
  start("f", {});
  EXPECT_PROBLEM(problems(), "@f: the function body block is empty");
}

TEST_F(VerifierTest, TerminatorNotLast) {
  start("f", {f32()});
  ret({arg(0)});
  ret({arg(0)});
  EXPECT_PROBLEM(problems(), "return: terminator is not the last op");
}

TEST_F(VerifierTest, WrongTerminatorKind) {
  start("f", {i32()});
  Operation *w = op(OpKind::While, {arg(0)}, {i32()});
  region(w, 0, {i32()}, [&](Block &blk) { ret({blk.argument(0)}); });
  region(w, 1, {i32()}, [&](Block &blk) { yield({blk.argument(0)}); });
  yield({w->result()});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "return in %0 = while: a region must end in 'yield'");
  EXPECT_PROBLEM(ps, "yield: a function body must end in 'return'");
}

TEST_F(VerifierTest, EmptyRegionBlock) {
  start("f", {i32()});
  Value *lo = scalar(0, DType::I32);
  Operation *fl = op(OpKind::ForiLoop, {lo, lo, arg(0)}, {i32()});
  fl->region(0).front().addArgument(i32());
  fl->region(0).front().addArgument(i32());
  ret({fl->result()});
  EXPECT_PROBLEM(problems(), "%1 = fori_loop: a region block is empty");
}

TEST_F(VerifierTest, WrongRegionCount) {
  start("f", {i32()});
  Operation *w = b.create(OpKind::While, {arg(0)}, {i32()}, {}, Loc{}, {}, 1);
  region(w, 0, {i32()}, [&](Block &blk) { yield({blk.argument(0)}); });
  Value *n = val(OpKind::Neg, {w->result()}, i32());
  b.create(OpKind::Cond, {n}, {}, {}, Loc{}, {}, 0);
  ret({n});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%0 = while: has 1 region(s), expected 2");
  EXPECT_PROBLEM(ps, "cond: needs at least one region");
}

TEST_F(VerifierTest, UseBeforeDefinition) {
  start("f", {f32()});
  Operation *a = op(OpKind::Neg, {arg(0)}, {f32()});
  Value *later = val(OpKind::Abs, {arg(0)}, f32());
  a->setOperand(0, later);
  ret({later});
  EXPECT_PROBLEM(problems(), "%0 = neg: operand #0 (%1) is used before its "
                             "definition");
}

TEST_F(VerifierTest, ValueFromSiblingRegionIsNotVisible) {
  start("f", {i32()});
  Value *inner = nullptr;
  Operation *w = op(OpKind::While, {arg(0)}, {i32()});
  region(w, 0, {i32()}, [&](Block &blk) {
    inner = val(OpKind::Lt, {blk.argument(0), blk.argument(0)}, i1());
    yield({inner});
  });
  region(w, 1, {i32()}, [&](Block &blk) {
    Value *bad = val(OpKind::Convert, {inner}, i32());
    yield({bad});
  });
  ret({w->result()});
  EXPECT_PROBLEM(problems(), "%4 = convert: operand #0 (%2) is defined in a "
                             "region that does not enclose this use");
}

TEST_F(VerifierTest, ValueFromInnerRegionIsNotVisibleOutside) {
  start("f", {i32()});
  Value *inner = nullptr;
  Operation *c = b.create(OpKind::Cond, {arg(0)}, {}, {}, Loc{}, {}, 1);
  region(c, 0, {}, [&](Block &) {
    inner = scalar(1, DType::I32);
    yield({});
  });
  ret({inner});
  EXPECT_PROBLEM(problems(), "return: operand #0 (%0) is defined in a region");
}

TEST_F(VerifierTest, OuterValuesAreVisibleInRegions) {
  start("f", {i32(), f32()});
  Operation *c = b.create(OpKind::Cond, {arg(0)}, {f32()}, {}, Loc{}, {}, 1);
  region(c, 0, {}, [&](Block &) {
    yield({val(OpKind::Neg, {arg(1)}, f32())}); // implicit capture
  });
  ret({c->result()});
  EXPECT_VALID(problems());
}

TEST_F(VerifierTest, NullAndForeignOperands) {
  start("f", {f32()});
  Module other;
  Value *foreign = other.addFunc("g").entry().addArgument(f32());
  Operation *a = op(OpKind::Add, {arg(0), arg(0)}, {f32()});
  a->setOperand(1, nullptr);
  Operation *n = op(OpKind::Neg, {foreign}, {f32()});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%0 = add: operand #1 is null");
  EXPECT_PROBLEM(ps, "%1 = neg: operand #0 is not defined in this function");
  n->dropOperands(); // `other` dies first
}

TEST_F(VerifierTest, MessagesCarryLocations) {
  uint32_t file = SourceRegistry::add("v.py", "y = -x\n");
  start("f", {f32()});
  b.create(OpKind::Neg, {arg(0)}, {i32()}, {}, Loc{file, 1, 5, 1, 7});
  ret({});
  EXPECT_PROBLEM(problems(), "@f: %0 = neg (v.py:1:5): result dtype differs");
}

TEST_F(VerifierTest, DuplicateFunctionNames) {
  start("f", {});
  ret({});
  start("f", {});
  ret({});
  EXPECT_PROBLEM(verifyModule(m), "@f: function name is defined twice");
}

//===----------------------------------------------------------------------===//
// Leaves and elementwise ops
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, ConstantTypeMustMatchValue) {
  start("f", {});
  val(OpKind::Constant, {}, f32({2}),
      {{"value", Array::scalar(DType::F32, 1)}});
  val(OpKind::Constant, {}, f32(), {});
  // Weak flags may differ.
  val(OpKind::Constant, {}, f32({}, true),
      {{"value", Array::scalar(DType::F32, 1)}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps,
                 "%0 = constant: the result has type f32[2], expected f32[]");
  EXPECT_PROBLEM(ps, "%1 = constant: missing array attribute 'value'");
  EXPECT_EQ(ps.size(), 2u) << joined(ps);
}

TEST_F(VerifierTest, IotaDimension) {
  start("f", {});
  val(OpKind::Iota, {}, i32({4}), {{"dimension", int64_t(1)}});
  val(OpKind::Iota, {}, i32({4}), {{"dimension", std::string("0")}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "dimension 1 is out of range for rank 1");
  EXPECT_PROBLEM(ps, "%1 = iota: attribute 'dimension' must be an int");
}

TEST_F(VerifierTest, UnaryDTypeClasses) {
  EXPECT_PROBLEM(
      unaryFunc(i32({2}),
                [&](Value *x) { return val(OpKind::Exp, {x}, i32({2})); }),
      "exp: operand dtype must be floating-point, got i32[2]");
  EXPECT_PROBLEM(
      unaryFunc(f32({2}),
                [&](Value *x) { return val(OpKind::Not, {x}, f32({2})); }),
      "not: operand dtype must be bool or integer, got f32[2]");
}

TEST_F(VerifierTest, UnaryResultTypes) {
  start("f", {f32({2})});
  val(OpKind::Neg, {arg(0)}, f32({3}));
  val(OpKind::IsFinite, {arg(0)}, f32({2}));
  val(OpKind::BitcastConvert, {arg(0)}, ty(DType::F16, {2}));
  val(OpKind::BitcastConvert, {arg(0)}, u32({2}));      // ok
  val(OpKind::Convert, {arg(0)}, ty(DType::BF16, {2})); // ok
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%0 = neg: the result has shape [3], expected [2]");
  EXPECT_PROBLEM(ps, "%1 = is_finite: result must be bool");
  EXPECT_PROBLEM(ps, "%2 = bitcast_convert: bit widths differ");
  EXPECT_EQ(ps.size(), 3u) << joined(ps);
}

TEST_F(VerifierTest, BinaryOperandsMustMatch) {
  start("f", {f32({2}), f32({3}), f32({2}, true)});
  val(OpKind::Add, {arg(0), arg(1)}, f32({2}));
  val(OpKind::ShiftLeft, {arg(0), arg(0)}, f32({2}));
  val(OpKind::Lt, {arg(0), arg(0)}, f32({2}));
  val(OpKind::Mul, {arg(0), arg(2)}, f32({2})); // weak mix is fine
  val(OpKind::Sub, {arg(0)}, f32({2}));
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%0 = add: operand types differ: f32[2] vs f32[3]");
  EXPECT_PROBLEM(ps,
                 "%1 = shift_left: operand dtype must be integer, got f32[2]");
  EXPECT_PROBLEM(ps, "%2 = lt: the result has type f32[2], expected i1[2]");
  EXPECT_PROBLEM(ps, "%4 = sub: expected 2 operand(s), got 1");
  EXPECT_EQ(ps.size(), 4u) << joined(ps);
}

TEST_F(VerifierTest, SelectPredicate) {
  start("f", {f32({2}), i32({2})});
  val(OpKind::Select, {arg(1), arg(0), arg(0)}, f32({2}));
  ret({});
  EXPECT_PROBLEM(problems(), "predicate must be bool with the cases' shape");
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, ReshapeElementCount) {
  start("f", {f32({2, 3})});
  val(OpKind::Reshape, {arg(0)}, f32({6})); // ok
  val(OpKind::Reshape, {arg(0)}, f32({5}));
  ret({});
  EXPECT_PROBLEM(problems(), "%1 = reshape: element counts differ");
}

TEST_F(VerifierTest, BroadcastInDimDims) {
  start("f", {f32({1, 3})});
  val(OpKind::BroadcastInDim, {arg(0)}, f32({2, 4, 3}), {{"dims", Ints{0, 2}}});
  val(OpKind::BroadcastInDim, {arg(0)}, f32({3, 2}), {{"dims", Ints{1, 1}}});
  val(OpKind::BroadcastInDim, {arg(0)}, f32({2, 4}), {{"dims", Ints{0, 1}}});
  val(OpKind::BroadcastInDim, {arg(0)}, f32({3}), {{"dims", Ints{0}}});
  // ok: a transposing broadcast is well defined.
  val(OpKind::BroadcastInDim, {arg(0)}, f32({3, 5}), {{"dims", Ints{1, 0}}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = broadcast_in_dim: dims [1,1] repeats 1");
  EXPECT_PROBLEM(ps, "operand dim 1 (3) cannot broadcast to result dim 1 (4)");
  EXPECT_PROBLEM(ps, "%3 = broadcast_in_dim: dims [0] must have one entry");
  EXPECT_EQ(ps.size(), 3u) << joined(ps);
}

TEST_F(VerifierTest, TransposePerm) {
  start("f", {f32({2, 3})});
  val(OpKind::Transpose, {arg(0)}, f32({3, 2}), {{"perm", Ints{1, 0}}});
  val(OpKind::Transpose, {arg(0)}, f32({2, 2}), {{"perm", Ints{0, 0}}});
  val(OpKind::Transpose, {arg(0)}, f32({2, 3}), {{"perm", Ints{1, 0}}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = transpose: perm [0,0] is not a permutation");
  EXPECT_PROBLEM(ps,
                 "%2 = transpose: the result has shape [2,3], expected [3,2]");
}

TEST_F(VerifierTest, RevDims) {
  start("f", {f32({2, 3})});
  val(OpKind::Rev, {arg(0)}, f32({2, 3}), {{"dims", Ints{1, 1}}});
  ret({});
  EXPECT_PROBLEM(problems(), "dims [1,1] repeats 1");
}

TEST_F(VerifierTest, SliceBounds) {
  start("f", {f32({10})});
  val(OpKind::Slice, {arg(0)}, f32({3}),
      {{"start", Ints{1}}, {"limit", Ints{8}}, {"stride", Ints{3}}}); // ok
  val(OpKind::Slice, {arg(0)}, f32({4}),
      {{"start", Ints{8}}, {"limit", Ints{12}}});
  val(OpKind::Slice, {arg(0)}, f32({4}),
      {{"start", Ints{0}}, {"limit", Ints{3}}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = slice: dim 0: start 8, limit 12, stride 1 invalid");
  EXPECT_PROBLEM(ps, "%2 = slice: the result has shape [4], expected [3]");
  EXPECT_EQ(ps.size(), 2u) << joined(ps);
}

TEST_F(VerifierTest, ConcatenateShapes) {
  start("f", {f32({2, 3}), f32({4, 3}), f32({2, 2})});
  val(OpKind::Concatenate, {arg(0), arg(1)}, f32({6, 3}),
      {{"axis", int64_t(0)}});
  val(OpKind::Concatenate, {arg(0), arg(2)}, f32({4, 3}),
      {{"axis", int64_t(0)}});
  val(OpKind::Concatenate, {arg(0), arg(2)}, f32({2, 5}),
      {{"axis", int64_t(1)}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = concatenate: operand #1 (f32[2,2]) does not match");
  EXPECT_EQ(ps.size(), 1u) << joined(ps);
}

TEST_F(VerifierTest, PadShapes) {
  start("f", {f32({3}), f32(), i32()});
  val(OpKind::Pad, {arg(0), arg(1)}, f32({6}),
      {{"low", Ints{1}}, {"high", Ints{2}}}); // ok
  val(OpKind::Pad, {arg(0), arg(2)}, f32({6}),
      {{"low", Ints{1}}, {"high", Ints{2}}});
  val(OpKind::Pad, {arg(0), arg(1)}, f32({2}),
      {{"low", Ints{-1}}, {"high", Ints{0}}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = pad: padding value must be a rank-0 f32 scalar");
  EXPECT_PROBLEM(ps, "%2 = pad: negative padding [-1], [0]");
}

//===----------------------------------------------------------------------===//
// Indexing ops
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, DynamicSlice) {
  start("f", {f32({5, 4}), i32(), f32(), i32({1})});
  val(OpKind::DynamicSlice, {arg(0), arg(1), arg(1)}, f32({2, 4}),
      {{"sizes", Ints{2, 4}}}); // ok
  val(OpKind::DynamicSlice, {arg(0), arg(2), arg(3)}, f32({2, 4}),
      {{"sizes", Ints{2, 4}}});
  val(OpKind::DynamicSlice, {arg(0), arg(1), arg(1)}, f32({2, 5}),
      {{"sizes", Ints{2, 5}}});
  val(OpKind::DynamicSlice, {arg(0), arg(1)}, f32({2, 4}),
      {{"sizes", Ints{2, 4}}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = dynamic_slice: start index #0 must be a rank-0 "
                     "integer, got f32[]");
  EXPECT_PROBLEM(ps, "start index #1 must be a rank-0 integer, got i32[1]");
  EXPECT_PROBLEM(ps, "%2 = dynamic_slice: slice size [2,5] does not fit");
  EXPECT_PROBLEM(ps, "%3 = dynamic_slice: expected 3 operand(s), got 2");
}

TEST_F(VerifierTest, DynamicUpdateSlice) {
  start("f", {f32({5}), f32({2}), f32({6}), i32()});
  val(OpKind::DynamicUpdateSlice, {arg(0), arg(1), arg(3)}, f32({5})); // ok
  val(OpKind::DynamicUpdateSlice, {arg(0), arg(2), arg(3)}, f32({5}));
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = dynamic_update_slice: slice size [6] does not fit");
  EXPECT_EQ(ps.size(), 1u) << joined(ps);
}

TEST_F(VerifierTest, TakeAndScatterShapes) {
  start("f", {f32({4, 5}), i32({2, 3}), f32({4, 2, 3}), f32({2})});
  val(OpKind::Take, {arg(0), arg(1)}, f32({4, 2, 3}), {{"axis", int64_t(1)}});
  val(OpKind::Take, {arg(0), arg(1)}, f32({2, 3}), {{"axis", int64_t(1)}});
  val(OpKind::Take, {arg(0), arg(3)}, f32({4, 2}), {{"axis", int64_t(1)}});
  Attrs sc = {{"axis", int64_t(1)}, {"mode", std::string("add")}};
  val(OpKind::Scatter, {arg(0), arg(1), arg(2)}, f32({4, 5}), sc); // ok
  val(OpKind::Scatter, {arg(0), arg(1), arg(0)}, f32({4, 5}), sc);
  val(OpKind::Scatter, {arg(0), arg(1), arg(2)}, f32({4, 5}),
      {{"axis", int64_t(1)}, {"mode", std::string("sub")}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = take: the result has type f32[2,3], expected "
                     "f32[4,2,3]");
  EXPECT_PROBLEM(ps, "%2 = take: indices must be integers, got f32[2]");
  EXPECT_PROBLEM(ps, "%4 = scatter: updates has type f32[4,5], expected "
                     "f32[4,2,3]");
  EXPECT_PROBLEM(ps, "%5 = scatter: unknown scatter mode 'sub'");
  EXPECT_EQ(ps.size(), 4u) << joined(ps);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, ReductionAxes) {
  start("f", {f32({2, 3, 4}), f32({2})});
  val(OpKind::ReduceSum, {arg(0)}, f32({3}), {{"axes", Ints{0, 2}}}); // ok
  val(OpKind::ReduceMax, {arg(0)}, f32({3}), {{"axes", Ints{2, 0}}});
  val(OpKind::ReduceMin, {arg(0)}, f32({3}), {{"axes", Ints{0, 3}}});
  val(OpKind::ReduceProd, {arg(0)}, f32({4}), {{"axes", Ints{0, 2}}});
  val(OpKind::ReduceAnd, {arg(1)}, f32(), {{"axes", Ints{0}}});
  val(OpKind::ReduceOr, {arg(1)}, f32(), {{"axes", std::string("0")}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = reduce_max: axes [2,0] are not sorted");
  EXPECT_PROBLEM(ps, "%2 = reduce_min: axes 3 is out of range for rank 3");
  EXPECT_PROBLEM(ps, "%3 = reduce_prod: the result has type f32[4], expected "
                     "f32[3]");
  EXPECT_PROBLEM(ps, "%4 = reduce_and: operand dtype must be bool or integer");
  EXPECT_PROBLEM(ps, "%5 = reduce_or: attribute 'axes' must be an int list");
}

TEST_F(VerifierTest, ArgMaxIsI32) {
  start("f", {f32({2, 3})});
  val(OpKind::ArgMax, {arg(0)}, i32({2}), {{"axis", int64_t(1)}}); // ok
  val(OpKind::ArgMin, {arg(0)}, f32({2}), {{"axis", int64_t(1)}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps,
                 "%1 = argmin: the result has type f32[2], expected i32[2]");
  EXPECT_EQ(ps.size(), 1u) << joined(ps);
}

TEST_F(VerifierTest, Cumulative) {
  start("f", {f32({2, 3})});
  val(OpKind::CumSum, {arg(0)}, f32({2, 3}),
      {{"axis", int64_t(1)}, {"reverse", int64_t(1)}}); // ok
  val(OpKind::CumMax, {arg(0)}, f32({2, 3}), {{"axis", int64_t(2)}});
  val(OpKind::CumProd, {arg(0)}, f32({2, 3}),
      {{"axis", int64_t(0)}, {"reverse", int64_t(2)}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = cummax: axis 2 is out of range for rank 2");
  EXPECT_PROBLEM(ps, "%2 = cumprod: attribute 'reverse' must be 0 or 1");
  EXPECT_EQ(ps.size(), 2u) << joined(ps);
}

//===----------------------------------------------------------------------===//
// dot_general, threefry
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, DotGeneral) {
  start("f", {f32({8, 2, 3}), f32({8, 3, 4}), i32({8, 3, 4})});
  Attrs bmm = {{"lhs_batch", Ints{0}},
               {"rhs_batch", Ints{0}},
               {"lhs_contract", Ints{2}},
               {"rhs_contract", Ints{1}}};
  val(OpKind::DotGeneral, {arg(0), arg(1)}, f32({8, 2, 4}), bmm); // ok
  val(OpKind::DotGeneral, {arg(0), arg(1)}, f32({8, 4, 2}), bmm);
  val(OpKind::DotGeneral, {arg(0), arg(1)}, f32({8, 2, 4}),
      {{"lhs_batch", Ints{0}},
       {"rhs_batch", Ints{0}},
       {"lhs_contract", Ints{1}},
       {"rhs_contract", Ints{1}}});
  val(OpKind::DotGeneral, {arg(0), arg(2)}, f32({8, 2, 4}), bmm);
  // Absent lists mean []: an outer product.
  val(OpKind::DotGeneral, {arg(0), arg(1)}, f32({8, 2, 3, 8, 3, 4}));
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = dot_general: the result has type f32[8,4,2], "
                     "expected f32[8,2,4]");
  EXPECT_PROBLEM(ps, "%2 = dot_general: lhs dim 1 (2) does not match rhs dim "
                     "1 (3)");
  EXPECT_PROBLEM(ps, "%3 = dot_general: operand dtypes differ");
  EXPECT_EQ(ps.size(), 3u) << joined(ps);
}

TEST_F(VerifierTest, ThreefryIsU32) {
  start("f", {u32({4}), i32({4})});
  op(OpKind::Threefry2x32, {arg(0), arg(0), arg(0), arg(1)},
     {u32({4}), u32({4})});
  op(OpKind::Threefry2x32, {arg(0), arg(0), arg(0), arg(0)}, {u32({4})});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%0, %1 = threefry2x32: operand #3 has type i32[4], "
                     "expected u32[4]");
  EXPECT_PROBLEM(ps, "%2 = threefry2x32: expected 2 result(s), got 1");
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, ForiLoopWeakCarryIsAccepted) {
  start("f", {});
  Value *lo = scalar(0, DType::I32, true);
  Value *init = scalar(0, DType::F32, true);
  Operation *fl = op(OpKind::ForiLoop, {lo, lo, init}, {f32()});
  region(fl, 0, {i32(), f32()}, [&](Block &blk) {
    yield({val(OpKind::Convert, {blk.argument(0)}, f32())});
  });
  ret({fl->result()});
  EXPECT_VALID(problems());
}

TEST_F(VerifierTest, ForiLoopRules) {
  start("f", {f32(), f32({2})});
  Value *lo = scalar(0, DType::I32);
  Operation *fl = op(OpKind::ForiLoop, {lo, arg(0), arg(0)}, {f32()});
  region(fl, 0, {i32(), f32({2})},
         [&](Block &blk) { yield({blk.argument(1)}); });
  Operation *fl2 = op(OpKind::ForiLoop, {lo, lo, arg(0)}, {f32()});
  region(fl2, 0, {i32(), f32()}, [&](Block &) { yield({arg(1)}); });
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%1 = fori_loop: upper bound must be a rank-0 integer");
  EXPECT_PROBLEM(ps, "%4 = fori_loop: region #0 yield #0 has type f32[2], "
                     "expected f32[]");
  // The first loop stops at the bad bound; fix it and the arg shows up.
  fl->setOperand(1, lo);
  EXPECT_PROBLEM(problems(), "%1 = fori_loop: region #0 argument #1 has type "
                             "f32[2], expected f32[]");
}

TEST_F(VerifierTest, ScanRules) {
  start("f", {f32(), f32({3, 2}), f32({4, 2})});
  Attrs a = {{"length", int64_t(3)}, {"num_carry", int64_t(1)}};
  // ok: carry f32[], xs f32[3,2] -> ys f32[3,2]
  Operation *s = op(OpKind::Scan, {arg(0), arg(1)}, {f32(), f32({3, 2})}, a);
  region(s, 0, {f32(), f32({2})}, [&](Block &blk) {
    yield({blk.argument(0), blk.argument(1)});
  });
  // xs leading dim 4 != length 3
  Operation *s2 = op(OpKind::Scan, {arg(0), arg(2)}, {f32()}, a);
  region(s2, 0, {f32(), f32({2})},
         [&](Block &blk) { yield({blk.argument(0)}); });
  // wrong slice arg; stacked result not [length] + y
  Operation *s3 = op(OpKind::Scan, {arg(0), arg(1)}, {f32(), f32({2})}, a);
  region(s3, 0, {f32(), f32({3})}, [&](Block &blk) {
    yield({blk.argument(0), blk.argument(0)});
  });
  // missing attribute
  Operation *s4 = op(OpKind::Scan, {arg(0)}, {f32()}, {{"length", int64_t(3)}});
  region(s4, 0, {f32()}, [&](Block &blk) { yield({blk.argument(0)}); });
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%4 = scan: scanned operand #1 (f32[4,2]) must have "
                     "leading dim 3");
  EXPECT_PROBLEM(ps, "%7, %8 = scan: region #0 argument #1 has type f32[3], "
                     "expected f32[2]");
  EXPECT_PROBLEM(ps, "%7, %8 = scan: stacked result #1 (f32[2]) must have "
                     "leading dim 3");
  EXPECT_PROBLEM(ps, "%11 = scan: missing int attribute 'num_carry'");
  EXPECT_EQ(ps.size(), 4u) << joined(ps);
}

TEST_F(VerifierTest, ScanYieldMustStack) {
  start("f", {f32(), f32({3, 2})});
  Operation *s = op(OpKind::Scan, {arg(0), arg(1)}, {f32(), f32({3, 2})},
                    {{"length", int64_t(3)}, {"num_carry", int64_t(1)}});
  region(s, 0, {f32(), f32({2})}, [&](Block &blk) {
    yield({blk.argument(0), blk.argument(0)});
  });
  ret({});
  EXPECT_PROBLEM(problems(), "result #1 (f32[3,2]) is not the stack of yield "
                             "#1 (f32[]) over length 3");
}

TEST_F(VerifierTest, WhileCondMustYieldBool) {
  start("f", {i32()});
  Operation *w = op(OpKind::While, {arg(0)}, {i32()});
  region(w, 0, {i32()}, [&](Block &blk) { yield({blk.argument(0)}); });
  region(w, 1, {i32(), i32()}, [&](Block &blk) { yield({blk.argument(0)}); });
  ret({w->result()});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%0 = while: region #0 yield #0 has type i32[], "
                     "expected i1[]");
  EXPECT_PROBLEM(ps, "%0 = while: region #1 has 2 argument(s), expected 1");
}

TEST_F(VerifierTest, CondBranchesMustAgree) {
  start("f", {f32(), i32({1}), i32()});
  Operation *c =
      b.create(OpKind::Cond, {arg(1), arg(0)}, {f32()}, {}, Loc{}, {}, 2);
  region(c, 0, {f32()}, [&](Block &blk) { yield({blk.argument(0)}); });
  region(c, 1, {f32()}, [&](Block &) { yield({arg(2)}); });
  Operation *c2 =
      b.create(OpKind::Cond, {arg(2), arg(0)}, {f32()}, {}, Loc{}, {}, 1);
  region(c2, 0, {i32()}, [&](Block &) { yield({arg(0)}); });
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%0 = cond: branch index must be i32[], got i32[1]");
  EXPECT_PROBLEM(ps, "%0 = cond: region #1 yield #0 has type i32[], expected "
                     "f32[]");
  EXPECT_PROBLEM(ps, "%3 = cond: region #0 argument #0 has type i32[], "
                     "expected f32[]");
  EXPECT_EQ(ps.size(), 3u) << joined(ps);
}

TEST_F(VerifierTest, PmapRules) {
  start("f", {f32({2, 3}), f32({3, 3})});
  // ok: in_axes=[0] f32[2,3] -> shard f32[3]; out_axes=[1] -> f32[3,2]
  Operation *p =
      op(OpKind::Pmap, {arg(0)}, {f32({3, 2})}, pmapAttrs("i", 2, {0}, {1}));
  region(p, 0, {f32({3})}, [&](Block &blk) { yield({blk.argument(0)}); });
  // mapped axis has size 3, axis_size 2
  Operation *p2 = op(OpKind::Pmap, {arg(1)}, {}, pmapAttrs("i", 2, {0}, {}));
  region(p2, 0, {f32({3})}, [&](Block &) { yield({}); });
  // wrong shard type; in_axes -1 keeps the whole operand
  Operation *p3 = op(OpKind::Pmap, {arg(0), arg(1)}, {f32({2, 3})},
                     pmapAttrs("i", 2, {0, -1}, {0}));
  region(p3, 0, {f32({2}), f32({3, 3})},
         [&](Block &blk) { yield({blk.argument(0)}); });
  // in_axes size mismatch
  Operation *p4 = op(OpKind::Pmap, {arg(0)}, {}, pmapAttrs("i", 2, {0, 0}, {}));
  region(p4, 0, {f32({3})}, [&](Block &) { yield({}); });
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "pmap: operand #0 (f32[3,3]) has size 3 on mapped axis 0, "
                     "expected 2");
  EXPECT_PROBLEM(ps, "%3 = pmap: region #0 argument #0 has type f32[2], "
                     "expected f32[3]");
  EXPECT_PROBLEM(ps, "%3 = pmap: result #0 has type f32[2,3], expected "
                     "f32[2,2]");
  // in_axes has one entry per region argument (parted ones take one operand
  // per device, ir/PmapParts.h).
  EXPECT_PROBLEM(ps, "pmap: in_axes [0,0] needs one entry per region argument (1) "
                     "and 1 operand(s), got 1");
  EXPECT_EQ(ps.size(), 4u) << joined(ps);
}

//===----------------------------------------------------------------------===//
// Collectives and side effects
//===----------------------------------------------------------------------===//

TEST_F(VerifierTest, CollectiveOutsidePmap) {
  start("f", {f32()});
  val(OpKind::Psum, {arg(0)}, f32(), {{"axis_name", std::string("i")}});
  ret({});
  EXPECT_PROBLEM(problems(), "%0 = psum: axis name 'i' is not bound by an "
                             "enclosing pmap (no axis is bound)");
  // A Func that is itself a per-device body may declare its bound axes.
  VerifyOptions opts;
  opts.boundAxes = {{"i", 4}};
  EXPECT_VALID(verify(*f, opts));
}

TEST_F(VerifierTest, CollectiveAxisNameMustBeBound) {
  start("f", {f32({2, 3})});
  pmap("batch", 2, arg(0), f32({2, 3}), [&](Value *x) {
    return val(OpKind::Pmax, {x}, f32({3}),
               {{"axis_name", std::string("bacth")}});
  });
  ret({});
  EXPECT_PROBLEM(problems(), "axis name 'bacth' is not bound by an enclosing "
                             "pmap (bound: 'batch')");
}

TEST_F(VerifierTest, CollectiveInsideLoopInsidePmap) {
  start("f", {f32({2, 3})});
  pmap("i", 2, arg(0), f32({2, 3}), [&](Value *x) {
    Value *lo = scalar(0, DType::I32);
    Operation *fl = op(OpKind::ForiLoop, {lo, lo, x}, {f32({3})});
    region(fl, 0, {i32(), f32({3})}, [&](Block &blk) {
      yield({val(OpKind::Psum, {blk.argument(1)}, f32({3}),
                 {{"axis_name", std::string("i")}})});
    });
    return fl->result();
  });
  ret({});
  EXPECT_VALID(problems());
}

TEST_F(VerifierTest, AxisIndexAndPsumTypes) {
  start("f", {f32({2, 3})});
  pmap("i", 2, arg(0), f32({2, 3}), [&](Value *x) {
    Attrs ax = {{"axis_name", std::string("i")}};
    val(OpKind::AxisIndex, {}, f32(), ax);
    op(OpKind::Psum, {x, x}, {f32({3})}, ax);
    return val(OpKind::Pmin, {x}, f32({3}, true), ax); // weak is fine
  });
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps,
                 "%2 = axis_index: the result has type f32[], expected i32[]");
  EXPECT_PROBLEM(ps, "%3 = psum: expected 2 result(s), got 1");
  EXPECT_EQ(ps.size(), 2u) << joined(ps);
}

TEST_F(VerifierTest, AllGatherShapes) {
  start("f", {f32({4, 3})});
  pmap("i", 4, arg(0), f32({4, 3}), [&](Value *x) {
    val(OpKind::AllGather, {x}, f32({3, 4}),
        {{"axis_name", std::string("i")}, {"axis", int64_t(1)}}); // ok
    val(OpKind::AllGather, {x}, f32({12}),
        {{"axis_name", std::string("i")},
         {"axis", int64_t(0)},
         {"tiled", int64_t(1)}}); // ok
    val(OpKind::AllGather, {x}, f32({3, 4}),
        {{"axis_name", std::string("i")}, {"axis", int64_t(0)}});
    val(OpKind::AllGather, {x}, f32({12}),
        {{"axis_name", std::string("i")},
         {"axis", int64_t(1)},
         {"tiled", int64_t(1)}});
    return x;
  });
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%4 = all_gather: the result has type f32[3,4], expected "
                     "f32[4,3]");
  EXPECT_PROBLEM(ps, "%5 = all_gather: axis 1 is out of range for rank 1");
  EXPECT_EQ(ps.size(), 2u) << joined(ps);
}

TEST_F(VerifierTest, PpermutePairs) {
  start("f", {f32({2, 3})});
  pmap("i", 2, arg(0), f32({2, 3}), [&](Value *x) {
    auto pp = [&](Ints perm) {
      return val(OpKind::Ppermute, {x}, f32({3}),
                 {{"axis_name", std::string("i")}, {"perm", perm}});
    };
    pp({0, 1, 1, 0}); // ok
    pp({0, 2});
    pp({0, 1, 1, 1});
    pp({0});
    return x;
  });
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "%3 = ppermute: perm pair (0, 2) is out of range for "
                     "axis size 2");
  EXPECT_PROBLEM(ps, "%4 = ppermute: perm [0,1,1,1] repeats a source or "
                     "destination");
  EXPECT_PROBLEM(ps, "%5 = ppermute: perm [0] must hold (source, destination) "
                     "pairs");
  EXPECT_EQ(ps.size(), 3u) << joined(ps);
}

TEST_F(VerifierTest, DebugOps) {
  start("f", {f32(), i32()});
  op(OpKind::DebugPrint, {arg(0)}, {}, {{"format", std::string("{}")}}); // ok
  op(OpKind::DebugPrint, {arg(0)}, {});
  op(OpKind::DebugBreakpoint, {arg(0), arg(1)}, {},
     {{"names", std::string("x;y")}}); // ok
  op(OpKind::DebugBreakpoint, {arg(0)}, {}, {{"names", std::string("x;y")}});
  op(OpKind::DebugPrint, {arg(0)}, {f32()}, {{"format", std::string("{}")}});
  ret({});
  auto ps = problems();
  EXPECT_PROBLEM(ps, "debug_print: missing string attribute 'format'");
  EXPECT_PROBLEM(ps, "debug_breakpoint: names \"x;y\" list 2 name(s) for 1 "
                     "operand(s)");
  EXPECT_PROBLEM(ps, "%0 = debug_print: expected 0 result(s), got 1");
  EXPECT_EQ(ps.size(), 3u) << joined(ps);
}

} // namespace
} // namespace parax::ir::testing
