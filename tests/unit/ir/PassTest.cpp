//===- PassTest.cpp - the canonicalize and dce passes ---------------------===//
//
// Each test builds a function with ir::Builder, runs one pass and asserts on
// the op kinds that remain, the rewritten constants and the pass's "changed"
// result (Taichi's alg_simp_test style). The IR must verify after every
// pass.
//
//===----------------------------------------------------------------------===//
#include "IrTestHelpers.h"

#include "ir/PassManager.h"

#include <string>
#include <vector>

namespace parax::ir::testing {
namespace {

/// The mnemonics of a block's ops, in order ("constant,div,return").
std::string kinds(const Block &blk) {
  std::string s;
  for (const auto &o : blk.operations())
    s += (s.empty() ? "" : ",") + std::string(o->name());
  return s;
}

/// Number of ops of kind `k` anywhere in `f`.
int countOps(Func &f, OpKind k) {
  int n = 0;
  f.walk([&](Operation *o) { n += o->kind() == k; });
  return n;
}

Attrs pmapAttrs(int64_t size, std::vector<int64_t> in, std::vector<int64_t> out) {
  return {{"axis_name", std::string("i")},
          {"axis_size", size},
          {"in_axes", std::move(in)},
          {"out_axes", std::move(out)}};
}

class PassTest : public IrTest {
protected:
  bool canon() {
    bool changed = canonicalize(m);
    EXPECT_VALID(problems());
    return changed;
  }
  bool dce() {
    bool changed = eliminateDeadCode(m);
    EXPECT_VALID(problems());
    return changed;
  }
  /// The value of the constant that defines `v`.
  static const Array &constantOf(const Value *v) {
    const Operation *d = v->definingOp();
    EXPECT_TRUE(d && d->kind() == OpKind::Constant);
    return d->attrs().getArray("value");
  }
};

//===----------------------------------------------------------------------===//
// canonicalize: x / C -> x * (1 / C)
//===----------------------------------------------------------------------===//

TEST_F(PassTest, DivideByScalarConstantBecomesMultiplyByReciprocal) {
  start("f", {f32()});
  Value *q = val(OpKind::Div, {arg(0), scalar(3.0)}, f32());
  ret({q});
  EXPECT_TRUE(canon());
  Operation *r = f->entry().terminator();
  Operation *mul = r->operand(0)->definingOp();
  ASSERT_EQ(mul->kind(), OpKind::Mul);
  EXPECT_EQ(mul->operand(0), arg(0));
  // The reciprocal is computed in float32, as XLA does: 0.33333334f.
  const Array &c = constantOf(mul->operand(1));
  EXPECT_EQ(c.dtype(), DType::F32);
  EXPECT_EQ(c.getDouble(0), double(1.0f / 3.0f));
  EXPECT_EQ(countOps(*f, OpKind::Div), 0);
}

TEST_F(PassTest, DivideByBroadcastConstantKeepsTheBroadcast) {
  start("f", {f32({4})});
  Value *bc = val(OpKind::BroadcastInDim, {scalar(4.0)}, f32({4}),
                  {{"dims", std::vector<int64_t>{}}});
  ret({val(OpKind::Div, {arg(0), bc}, f32({4}))});
  EXPECT_TRUE(canon());
  Operation *mul = f->entry().terminator()->operand(0)->definingOp();
  ASSERT_EQ(mul->kind(), OpKind::Mul);
  Operation *newBc = mul->operand(1)->definingOp();
  ASSERT_EQ(newBc->kind(), OpKind::BroadcastInDim);
  EXPECT_EQ(newBc->result()->type(), f32({4}));
  EXPECT_EQ(constantOf(newBc->operand(0)).getDouble(0), 0.25);
}

TEST_F(PassTest, DivideByConstantArrayInvertsEveryElement) {
  start("f", {f32({2})});
  Array c = Array::allocate(f32({2}));
  c.setDouble(0, 2.0);
  c.setDouble(1, -8.0);
  ret({val(OpKind::Div, {arg(0), constant(c)}, f32({2}))});
  EXPECT_TRUE(canon());
  Operation *mul = f->entry().terminator()->operand(0)->definingOp();
  ASSERT_EQ(mul->kind(), OpKind::Mul);
  const Array &inv = constantOf(mul->operand(1));
  EXPECT_EQ(inv.getDouble(0), 0.5);
  EXPECT_EQ(inv.getDouble(1), -0.125);
}

TEST_F(PassTest, ReciprocalIsRoundedToTheHalfPrecisionDType) {
  start("f", {ty(DType::BF16)});
  ret({val(OpKind::Div, {arg(0), scalar(3.0, DType::BF16)}, ty(DType::BF16))});
  EXPECT_TRUE(canon());
  Operation *mul = f->entry().terminator()->operand(0)->definingOp();
  ASSERT_EQ(mul->kind(), OpKind::Mul);
  EXPECT_EQ(mul->result()->type(), ty(DType::BF16));
  const Array &inv = constantOf(mul->operand(1));
  EXPECT_EQ(inv.dtype(), DType::BF16);
  EXPECT_EQ(inv.getDouble(0), 0.333984375); // 1/3 rounded to bfloat16
}

TEST_F(PassTest, RewriteKeepsTheWeakFlagOfTheDivision) {
  start("f", {f32({}, /*weak=*/true)});
  ret({val(OpKind::Div, {arg(0), scalar(2.0, DType::F32, true)}, f32({}, true))});
  EXPECT_TRUE(canon());
  Operation *mul = f->entry().terminator()->operand(0)->definingOp();
  ASSERT_EQ(mul->kind(), OpKind::Mul);
  EXPECT_TRUE(mul->result()->type().weak);
}

TEST_F(PassTest, DivisionOfTwoConstantsIsNotRewritten) {
  start("f", {});
  ret({val(OpKind::Div, {scalar(7.0), scalar(3.0)}, f32())});
  EXPECT_FALSE(canon());
  EXPECT_EQ(kinds(f->entry()), "constant,constant,div,return");
}

TEST_F(PassTest, IntegerDivisionByConstantIsNotRewritten) {
  start("f", {i32()});
  ret({val(OpKind::Div, {arg(0), scalar(3, DType::I32)}, i32())});
  EXPECT_FALSE(canon());
  EXPECT_EQ(kinds(f->entry()), "constant,div,return");
}

TEST_F(PassTest, DivisionByAVariableIsNotRewritten) {
  start("f", {f32(), f32()});
  ret({val(OpKind::Div, {arg(0), arg(1)}, f32())});
  EXPECT_FALSE(canon());
  // Constant numerator, variable divisor: no reciprocal either.
  start("g", {f32()});
  ret({val(OpKind::Div, {scalar(1.0), arg(0)}, f32())});
  EXPECT_FALSE(canon());
  EXPECT_EQ(kinds(f->entry()), "constant,div,return");
}

TEST_F(PassTest, DivisionInsideALoopBodyIsRewritten) {
  start("f", {f32()});
  Value *lo = scalar(0, DType::I32), *hi = scalar(4, DType::I32);
  Operation *loop = op(OpKind::ForiLoop, {lo, hi, arg(0)}, {f32()});
  region(loop, 0, {i32(), f32()}, [&](Block &blk) {
    yield({val(OpKind::Div, {blk.argument(1), scalar(10.0)}, f32())});
  });
  ret({loop->result()});
  EXPECT_TRUE(canon());
  EXPECT_EQ(countOps(*f, OpKind::Div), 0);
  EXPECT_EQ(countOps(*f, OpKind::Mul), 1);
  Operation *y = loop->region(0).front().terminator();
  EXPECT_EQ(y->operand(0)->definingOp()->kind(), OpKind::Mul);
}

TEST_F(PassTest, CanonicalizeLeavesDeadConstantsForDce) {
  start("f", {f32()});
  ret({val(OpKind::Div, {arg(0), scalar(5.0)}, f32())});
  EXPECT_TRUE(canon());
  EXPECT_EQ(kinds(f->entry()), "constant,constant,mul,return");
  EXPECT_TRUE(dce());
  EXPECT_EQ(kinds(f->entry()), "constant,mul,return");
  EXPECT_EQ(constantOf(f->entry().terminator()->operand(0)->definingOp()->operand(1))
                .getDouble(0),
            double(0.2f));
}

//===----------------------------------------------------------------------===//
// dce
//===----------------------------------------------------------------------===//

TEST_F(PassTest, DceRemovesUnusedPureOpsAndTheirDeadOperands) {
  start("f", {f32()});
  Value *a = val(OpKind::Exp, {arg(0)}, f32());
  val(OpKind::Add, {a, scalar(1.0)}, f32()); // dead, and so are exp and 1.0
  ret({arg(0)});
  EXPECT_TRUE(dce());
  EXPECT_EQ(kinds(f->entry()), "return");
}

TEST_F(PassTest, DceKeepsUsedOps) {
  start("f", {f32()});
  Value *a = val(OpKind::Exp, {arg(0)}, f32());
  ret({val(OpKind::Mul, {a, a}, f32())});
  EXPECT_FALSE(dce());
  EXPECT_EQ(kinds(f->entry()), "exp,mul,return");
}

TEST_F(PassTest, DceRemovesDeadOpsInsideLoopBodies) {
  start("f", {f32()});
  Operation *loop = op(OpKind::ForiLoop,
                       {scalar(0, DType::I32), scalar(3, DType::I32), arg(0)}, {f32()});
  Block &body = region(loop, 0, {i32(), f32()}, [&](Block &blk) {
    val(OpKind::Sin, {blk.argument(1)}, f32()); // dead
    yield({val(OpKind::Cos, {blk.argument(1)}, f32())});
  });
  ret({loop->result()});
  EXPECT_TRUE(dce());
  EXPECT_EQ(kinds(body), "cos,yield");
  EXPECT_EQ(kinds(f->entry()), "constant,constant,fori_loop,return");
}

TEST_F(PassTest, DceRemovesAPureLoopWhoseResultIsUnused) {
  start("f", {f32()});
  Operation *loop = op(OpKind::ForiLoop,
                       {scalar(0, DType::I32), scalar(3, DType::I32), arg(0)}, {f32()});
  region(loop, 0, {i32(), f32()}, [&](Block &blk) {
    yield({val(OpKind::Cos, {blk.argument(1)}, f32())});
  });
  ret({arg(0)});
  EXPECT_TRUE(dce());
  EXPECT_EQ(kinds(f->entry()), "return");
}

TEST_F(PassTest, DceKeepsDebugPrintAndLoopsThatPrint) {
  start("f", {f32()});
  op(OpKind::DebugPrint, {arg(0)}, {}, {{"format", std::string("{0}")}});
  Operation *loop = op(OpKind::ForiLoop,
                       {scalar(0, DType::I32), scalar(3, DType::I32), arg(0)}, {f32()});
  region(loop, 0, {i32(), f32()}, [&](Block &blk) {
    op(OpKind::DebugPrint, {blk.argument(1)}, {}, {{"format", std::string("{0}")}});
    yield({blk.argument(1)});
  });
  ret({});
  EXPECT_FALSE(dce());
  EXPECT_EQ(kinds(f->entry()), "debug_print,constant,constant,fori_loop,return");
  EXPECT_EQ(countOps(*f, OpKind::DebugPrint), 2);
}

TEST_F(PassTest, DceKeepsCollectivesAndThePmapAroundThem) {
  start("f", {f32({2})});
  Operation *pm = op(OpKind::Pmap, {arg(0)}, {f32({2})}, pmapAttrs(2, {0}, {0}));
  region(pm, 0, {f32()}, [&](Block &blk) {
    val(OpKind::Psum, {blk.argument(0)}, f32(), {{"axis_name", std::string("i")}}); // unused
    val(OpKind::Neg, {blk.argument(0)}, f32());                                     // dead
    yield({blk.argument(0)});
  });
  ret({arg(0)}); // the pmap's result is unused as well
  EXPECT_TRUE(dce());
  EXPECT_EQ(countOps(*f, OpKind::Pmap), 1);
  EXPECT_EQ(countOps(*f, OpKind::Psum), 1);
  EXPECT_EQ(countOps(*f, OpKind::Neg), 0);
}

TEST_F(PassTest, DceRemovesAnUnusedCondWithPureBranchesOnly) {
  start("f", {i32(), f32()});
  Operation *pure = b.create(OpKind::Cond, {arg(0), arg(1)}, {f32()}, {}, {}, {}, 2);
  for (unsigned r = 0; r < 2; ++r)
    region(pure, r, {f32()}, [&](Block &blk) {
      yield({val(r ? OpKind::Sin : OpKind::Cos, {blk.argument(0)}, f32())});
    });
  Operation *printing = b.create(OpKind::Cond, {arg(0), arg(1)}, {f32()}, {}, {}, {}, 2);
  for (unsigned r = 0; r < 2; ++r)
    region(printing, r, {f32()}, [&](Block &blk) {
      if (r == 1)
        op(OpKind::DebugPrint, {blk.argument(0)}, {}, {{"format", std::string("{0}")}});
      yield({blk.argument(0)});
    });
  ret({arg(1)});
  EXPECT_TRUE(dce());
  EXPECT_EQ(kinds(f->entry()), "cond,return");
  EXPECT_EQ(f->entry().operations().front().get(), printing);
}

//===----------------------------------------------------------------------===//
// hoist-invariants
//===----------------------------------------------------------------------===//

Attrs dotAttrs() {
  return {{"lhs_batch", std::vector<int64_t>{}},
          {"rhs_batch", std::vector<int64_t>{}},
          {"lhs_contract", std::vector<int64_t>{1}},
          {"rhs_contract", std::vector<int64_t>{0}}};
}

TEST_F(PassTest, HoistMovesADotsInvariantOperandAndReductionsBeforeTheLoop) {
  start("f", {f32({2, 2}), f32({2, 2})});
  Operation *loop = op(OpKind::ForiLoop,
                       {scalar(0, DType::I32), scalar(3, DType::I32), arg(0)}, {f32({2, 2})});
  Block &body = region(loop, 0, {i32(), f32({2, 2})}, [&](Block &blk) {
    Value *w2 = val(OpKind::Add, {arg(1), arg(1)}, f32({2, 2}));  // feeds the dot
    Value *s = val(OpKind::ReduceSum, {arg(1)}, f32(), {{"axes", std::vector<int64_t>{0, 1}}});
    Value *e = val(OpKind::Exp, {arg(1)}, f32({2, 2}));            // cheap: stays
    Value *d = val(OpKind::DotGeneral, {blk.argument(1), w2}, f32({2, 2}), dotAttrs());
    Value *sb = val(OpKind::BroadcastInDim, {s}, f32({2, 2}), {{"dims", std::vector<int64_t>{}}});
    yield({val(OpKind::Add, {val(OpKind::Add, {d, e}, f32({2, 2})), sb}, f32({2, 2}))});
  });
  ret({loop->result()});
  EXPECT_TRUE(hoistLoopInvariants(m));
  EXPECT_VALID(problems());
  EXPECT_TRUE(dce());
  EXPECT_EQ(kinds(f->entry()), "constant,constant,add,reduce_sum,fori_loop,return");
  EXPECT_EQ(kinds(body), "exp,dot_general,broadcast_in_dim,add,add,yield");
  EXPECT_FALSE(hoistLoopInvariants(m)); // nothing left to move
}

TEST_F(PassTest, HoistBatchesAScansInputProjectionIntoOneDot) {
  start("f", {f32({2, 3}), f32({5, 2, 4}), f32({4, 3})});
  Operation *scan = op(OpKind::Scan, {arg(0), arg(1)}, {f32({2, 3})},
                       {{"length", int64_t(5)}, {"num_carry", int64_t(1)}, {"reverse", int64_t(0)}});
  Block &body = region(scan, 0, {f32({2, 3}), f32({2, 4})}, [&](Block &blk) {
    Value *xu = val(OpKind::DotGeneral, {blk.argument(1), arg(2)}, f32({2, 3}), dotAttrs());
    yield({val(OpKind::Add, {blk.argument(0), xu}, f32({2, 3}))});
  });
  ret({scan->result()});
  EXPECT_TRUE(hoistLoopInvariants(m));
  EXPECT_VALID(problems());
  EXPECT_TRUE(dce());
  EXPECT_EQ(kinds(f->entry()), "dot_general,scan,return");
  EXPECT_EQ(kinds(body), "add,yield");
  Operation *all = f->entry().operations().front().get();
  EXPECT_EQ(all->operand(0), arg(1));
  EXPECT_EQ(all->result()->type().shape, (Shape{5, 2, 3}));
  EXPECT_EQ(all->attrs().getInts("lhs_contract"), (std::vector<int64_t>{2}));
  ASSERT_EQ(scan->numOperands(), 3u);
  EXPECT_EQ(scan->operand(2), all->result());
  EXPECT_EQ(body.terminator()->operand(0)->definingOp()->operand(1), body.argument(2));
}

TEST_F(PassTest, HoistLeavesCarriedWorkEffectsAndCollectives) {
  start("f", {f32({2}), f32({2})});
  Operation *pm = op(OpKind::Pmap, {arg(0)}, {f32({2})}, pmapAttrs(2, {0}, {0}));
  Block *body = nullptr;
  region(pm, 0, {f32()}, [&](Block &outer) {
    Operation *loop = op(OpKind::ForiLoop,
                         {scalar(0, DType::I32), scalar(3, DType::I32), outer.argument(0)}, {f32()});
    body = &region(loop, 0, {i32(), f32()}, [&](Block &blk) {
      Value *p = val(OpKind::Psum, {outer.argument(0)}, f32(), {{"axis_name", std::string("i")}});
      op(OpKind::DebugPrint, {outer.argument(0)}, {}, {{"format", std::string("{0}")}});
      Value *r = val(OpKind::ReduceSum, {val(OpKind::Exp, {blk.argument(1)}, f32())}, f32(),
                     {{"axes", std::vector<int64_t>{}}});
      yield({val(OpKind::Add, {p, r}, f32())});
    });
    yield({loop->result()});
  });
  ret({pm->result()});
  EXPECT_FALSE(hoistLoopInvariants(m));
  EXPECT_EQ(kinds(*body), "psum,debug_print,exp,reduce_sum,add,yield");
}

//===----------------------------------------------------------------------===//
// PassManager
//===----------------------------------------------------------------------===//

TEST_F(PassTest, DefaultPipelineIsCanonicalizeTransposedDotHoistDce) {
  PassManager pm = defaultPipeline();
  ASSERT_EQ(pm.passes().size(), 4u);
  EXPECT_EQ(pm.passes()[0].name, "canonicalize");
  EXPECT_EQ(pm.passes()[1].name, "transposed-dot");
  EXPECT_EQ(pm.passes()[2].name, "hoist-invariants");
  EXPECT_EQ(pm.passes()[3].name, "dce");
}

TEST_F(PassTest, PipelineDumpsOnlyAfterPassesThatChangedTheIr) {
  start("f", {f32()});
  ret({val(OpKind::Mul, {arg(0), arg(0)}, f32())});
  PassManager pm = defaultPipeline();
  std::vector<std::string> dumped;
  pm.setDump([&](const std::string &name, const std::string &) { dumped.push_back(name); });
  EXPECT_TRUE(pm.run(m).empty());
  EXPECT_TRUE(dumped.empty());

  start("g", {f32()});
  ret({val(OpKind::Div, {arg(0), scalar(8.0)}, f32())});
  std::string lastIr;
  pm.setDump([&](const std::string &name, const std::string &ir) {
    dumped.push_back(name);
    lastIr = ir;
  });
  EXPECT_TRUE(pm.run(m).empty());
  EXPECT_EQ(dumped, (std::vector<std::string>{"canonicalize", "dce"}));
  EXPECT_NE(lastIr.find("mul %arg0, %0 : f32[]"), std::string::npos) << lastIr;
  EXPECT_NE(lastIr.find("constant 0.125 : f32[]"), std::string::npos) << lastIr;
  EXPECT_EQ(lastIr.find("div"), std::string::npos) << lastIr;
}

} // namespace
} // namespace parax::ir::testing
