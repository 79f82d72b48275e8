//===- PrinterTest.cpp - golden tests of the textual IR -------------------===//
//
// Each test builds a small function with ir::Builder and compares the whole
// printout with a golden string. These pin the textual format that lit
// tests and `parax --dump ir` rely on.
//
//===----------------------------------------------------------------------===//
#include "IrTestHelpers.h"

#include <cmath>

namespace parax::ir::testing {
namespace {

using PrinterTest = IrTest;

/// The ARCHITECTURE.md example: a scan summing squares.
TEST_F(PrinterTest, ScanExample) {
  start("singledevice_func", {f32({2, 10})});
  Value *init = scalar(0.0, DType::F32, /*weak=*/true);
  Operation *scan = op(OpKind::Scan, {init, arg(0)}, {f32()},
                       {{"length", int64_t(2)},
                        {"num_carry", int64_t(1)},
                        {"reverse", int64_t(0)}});
  region(scan, 0, {f32(), f32({10})}, [&](Block &blk) {
    Value *sq = val(OpKind::Mul, {blk.argument(1), blk.argument(1)}, f32({10}));
    Value *s = val(OpKind::ReduceSum, {sq}, f32(),
                   {{"axes", std::vector<int64_t>{0}}});
    yield({val(OpKind::Add, {blk.argument(0), s}, f32())});
  });
  ret({scan->result()});
  EXPECT_EQ(print(), R"(func @singledevice_func(%arg0: f32[2,10]) -> f32[] {
  %0 = constant 0.0 : f32[] weak
  %1 = scan(%0, %arg0) length=2 num_carry=1 reverse=0 : (f32[] weak, f32[2,10]) -> f32[] {
  ^bb0(%2: f32[], %3: f32[10]):
    %4 = mul %3, %3 : f32[10]
    %5 = reduce_sum %4 axes=[0] : f32[]
    %6 = add %2, %5 : f32[]
    yield %6 : f32[]
  }
  return %1 : f32[]
}
)");
  EXPECT_VALID(problems());
}

TEST_F(PrinterTest, AttributesSortedAndEscaped) {
  start("attrs", {f32({4})});
  op(OpKind::DebugPrint, {arg(0)}, {},
     {{"format", std::string("x=\"{}\"\\\n\t\x01 é")},
      {"alpha", 0.1},
      {"count", int64_t(-3)},
      {"dims", std::vector<int64_t>{1, 0}},
      {"empty", std::vector<int64_t>{}}});
  ret({});
  EXPECT_EQ(print(), R"(func @attrs(%arg0: f32[4]) -> () {
  debug_print %arg0 alpha=0.1 count=-3 dims=[1,0] empty=[] format="x=\"{}\"\\\n\t\x01 é" : f32[4]
  return
}
)");
}

TEST_F(PrinterTest, FloatsRoundTripInPythonReprStyle) {
  EXPECT_EQ(printFloat(0.0), "0.0");
  EXPECT_EQ(printFloat(-0.0), "-0.0");
  EXPECT_EQ(printFloat(2.5), "2.5");
  EXPECT_EQ(printFloat(0.1), "0.1");
  EXPECT_EQ(printFloat(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(printFloat(1234.5), "1234.5");
  EXPECT_EQ(printFloat(1e15), "1000000000000000.0");
  EXPECT_EQ(printFloat(1e16), "1e+16");
  EXPECT_EQ(printFloat(0.0001), "0.0001");
  EXPECT_EQ(printFloat(1e-5), "1e-05");
  EXPECT_EQ(printFloat(-1.5e-7), "-1.5e-07");
  EXPECT_EQ(printFloat(1.0 / 0.0), "inf");
  EXPECT_EQ(printFloat(-1.0 / 0.0), "-inf");
  EXPECT_EQ(printFloat(std::nan("")), "nan");
  // f32 values print the shortest digits that round-trip as f32.
  EXPECT_EQ(printFloat(double(0.1f), DType::F32), "0.1");
  EXPECT_EQ(printFloat(double(1.0f / 3.0f), DType::F32), "0.33333334");
  EXPECT_EQ(printFloat(double(3.4028235e38f), DType::F32), "3.4028235e+38");
  // f16 / bf16 values are exact in f32 but print their own shortest form.
  EXPECT_EQ(printFloat(halfToFloat(floatToHalf(0.1f)), DType::F16), "0.1");
  // numpy agrees: repr(np.float16(65504)) == '65500.0'.
  EXPECT_EQ(printFloat(halfToFloat(floatToHalf(65504.f)), DType::F16),
            "65500.0");
  EXPECT_EQ(printFloat(bf16ToFloat(floatToBf16(0.1f)), DType::BF16), "0.1");
  EXPECT_EQ(printFloat(bf16ToFloat(floatToBf16(3.0e38f)), DType::BF16),
            "3e+38");
}

TEST_F(PrinterTest, ConstantLiterals) {
  start("consts", {});
  scalar(2.5);
  scalar(3, DType::I32, /*weak=*/true);
  scalar(1, DType::Bool);
  constant(Array::scalarInt(DType::U32, 4000000000));
  Array m = Array::allocate(DType::I32, {2, 3});
  for (int i = 0; i < 6; ++i)
    m.setInt(i, i - 2);
  constant(m);
  Array h = Array::allocate(DType::F16, {2});
  h.setDouble(0, 0.1);
  h.setDouble(1, -2.0);
  constant(h);
  constant(Array::allocate(DType::F32, {0}));
  constant(Array::allocate(DType::F32, {2, 0}));
  Array big = Array::allocate(DType::F32, {17});
  for (int i = 0; i < 17; ++i)
    big.setDouble(i, 0.0);
  constant(big);
  ret({});
  EXPECT_EQ(print(), R"(func @consts() -> () {
  %0 = constant 2.5 : f32[]
  %1 = constant 3 : i32[] weak
  %2 = constant true : i1[]
  %3 = constant 4000000000 : u32[]
  %4 = constant [[-2,-1,0],[1,2,3]] : i32[2,3]
  %5 = constant [0.1,-2.0] : f16[2]
  %6 = constant [] : f32[0]
  %7 = constant [[],[]] : f32[2,0]
  %8 = constant dense<f32[17]> : f32[17]
  return
}
)");
  PrintOptions wide;
  wide.maxConstantElements = 100;
  EXPECT_NE(print(wide).find("constant [0.0,"), std::string::npos);
  EXPECT_EQ(printArrayLiteral(Array::scalar(DType::F32, 1.0, true)), "1.0");
}

TEST_F(PrinterTest, MultipleResultsAndResultLists) {
  start("rng", {u32({4}), u32({4})});
  Operation *t = op(OpKind::Threefry2x32, {arg(0), arg(1), arg(0), arg(1)},
                    {u32({4}), u32({4})});
  ret({t->result(0), t->result(1)});
  EXPECT_EQ(print(),
            R"(func @rng(%arg0: u32[4], %arg1: u32[4]) -> (u32[4], u32[4]) {
  %0, %1 = threefry2x32 %arg0, %arg1, %arg0, %arg1 : u32[4], u32[4]
  return %0, %1 : u32[4], u32[4]
}
)");
}

TEST_F(PrinterTest, WhileHasTwoRegions) {
  start("count", {i32()});
  Operation *w = op(OpKind::While, {arg(0)}, {i32()});
  region(w, 0, {i32()}, [&](Block &blk) {
    Value *ten = scalar(10, DType::I32, true);
    yield({val(OpKind::Lt, {blk.argument(0), ten}, i1())});
  });
  region(w, 1, {i32()}, [&](Block &blk) {
    Value *one = scalar(1, DType::I32, true);
    yield({val(OpKind::Add, {blk.argument(0), one}, i32())});
  });
  ret({w->result()});
  EXPECT_EQ(print(), R"(func @count(%arg0: i32[]) -> i32[] {
  %0 = while(%arg0) : (i32[]) -> i32[] {
  ^bb0(%1: i32[]):
    %2 = constant 10 : i32[] weak
    %3 = lt %1, %2 : i1[]
    yield %3 : i1[]
  } {
  ^bb0(%4: i32[]):
    %5 = constant 1 : i32[] weak
    %6 = add %4, %5 : i32[]
    yield %6 : i32[]
  }
  return %0 : i32[]
}
)");
  EXPECT_VALID(problems());
}

TEST_F(PrinterTest, PmapWithCondRegions) {
  start("main", {f32({2, 3})});
  Operation *p = op(OpKind::Pmap, {arg(0)}, {f32({2})},
                    {{"axis_name", std::string("i")},
                     {"axis_size", int64_t(2)},
                     {"in_axes", std::vector<int64_t>{0}},
                     {"out_axes", std::vector<int64_t>{0}}});
  Operation *c = nullptr, *psum = nullptr;
  region(p, 0, {f32({3})}, [&](Block &pb) {
    Value *idx =
        val(OpKind::AxisIndex, {}, i32(), {{"axis_name", std::string("i")}});
    c = b.create(OpKind::Cond, {idx, pb.argument(0)}, {f32()}, {}, Loc{}, {},
                 /*numRegions=*/2);
    region(c, 0, {f32({3})}, [&](Block &blk) {
      yield({val(OpKind::ReduceSum, {blk.argument(0)}, f32(),
                 {{"axes", std::vector<int64_t>{0}}})});
    });
    region(c, 1, {f32({3})}, [&](Block &blk) {
      yield({val(OpKind::ReduceMax, {blk.argument(0)}, f32(),
                 {{"axes", std::vector<int64_t>{0}}})});
    });
    psum = op(OpKind::Psum, {c->result()}, {f32()},
              {{"axis_name", std::string("i")}});
    yield({psum->result()});
  });
  ret({p->result()});
  EXPECT_EQ(print(), R"(func @main(%arg0: f32[2,3]) -> f32[2] {
  %0 = pmap(%arg0) axis_name="i" axis_size=2 in_axes=[0] out_axes=[0] : (f32[2,3]) -> f32[2] {
  ^bb0(%1: f32[3]):
    %2 = axis_index axis_name="i" : i32[]
    %3 = cond(%2, %1) : (i32[], f32[3]) -> f32[] {
    ^bb0(%4: f32[3]):
      %5 = reduce_sum %4 axes=[0] : f32[]
      yield %5 : f32[]
    } {
    ^bb0(%6: f32[3]):
      %7 = reduce_max %6 axes=[0] : f32[]
      yield %7 : f32[]
    }
    %8 = psum %3 axis_name="i" : f32[]
    yield %8 : f32[]
  }
  return %0 : f32[2]
}
)");
  EXPECT_VALID(problems());
  // printOp names values as the whole function does.
  EXPECT_EQ(printOp(*c), R"(%3 = cond(%2, %1) : (i32[], f32[3]) -> f32[] {
^bb0(%4: f32[3]):
  %5 = reduce_sum %4 axes=[0] : f32[]
  yield %5 : f32[]
} {
^bb0(%6: f32[3]):
  %7 = reduce_max %6 axes=[0] : f32[]
  yield %7 : f32[]
})");
  EXPECT_EQ(printOp(*psum), "%8 = psum %3 axis_name=\"i\" : f32[]");
}

TEST_F(PrinterTest, ForiLoopAndRegionWithoutArguments) {
  start("loop", {f32({3})});
  Value *lo = scalar(0, DType::I32, true);
  Value *hi = scalar(3, DType::I32, true);
  Operation *fl = op(OpKind::ForiLoop, {lo, hi, arg(0)}, {f32({3})});
  region(fl, 0, {i32(), f32({3})}, [&](Block &blk) {
    Value *i = val(OpKind::Convert, {blk.argument(0)}, f32());
    Value *bi = val(OpKind::BroadcastInDim, {i}, f32({3}),
                    {{"dims", std::vector<int64_t>{}}});
    yield({val(OpKind::Add, {blk.argument(1), bi}, f32({3}))});
  });
  Operation *p = op(OpKind::Pmap, {}, {},
                    {{"axis_name", std::string("d")},
                     {"axis_size", int64_t(1)},
                     {"in_axes", std::vector<int64_t>{}},
                     {"out_axes", std::vector<int64_t>{}}});
  region(p, 0, {}, [&](Block &) { yield({}); });
  ret({fl->result()});
  EXPECT_EQ(print(), R"(func @loop(%arg0: f32[3]) -> f32[3] {
  %0 = constant 0 : i32[] weak
  %1 = constant 3 : i32[] weak
  %2 = fori_loop(%0, %1, %arg0) : (i32[] weak, i32[] weak, f32[3]) -> f32[3] {
  ^bb0(%3: i32[], %4: f32[3]):
    %5 = convert %3 : f32[]
    %6 = broadcast_in_dim %5 dims=[] : f32[3]
    %7 = add %4, %6 : f32[3]
    yield %7 : f32[3]
  }
  pmap() axis_name="d" axis_size=1 in_axes=[] out_axes=[] : () -> () {
  ^bb0:
    yield
  }
  return %2 : f32[3]
}
)");
  EXPECT_VALID(problems());
}

TEST_F(PrinterTest, Locations) {
  uint32_t file = SourceRegistry::add("prog.py", "x = 1\ny = x + 2\n");
  start("locs", {f32()});
  Value *two = b.create(OpKind::Constant, {}, {f32()},
                        {{"value", Array::scalar(DType::F32, 2.0)}},
                        Loc{file, 2, 9, 2, 10})
                   ->result();
  Value *sum =
      b.create(OpKind::Add, {arg(0), two}, {f32()}, {}, Loc{file, 2, 5, 2, 10})
          ->result();
  ret({sum});
  PrintOptions opts;
  opts.printLocations = true;
  EXPECT_EQ(print(opts), R"(func @locs(%arg0: f32[]) -> f32[] {
  %0 = constant 2.0 : f32[] loc(prog.py:2:9)
  %1 = add %arg0, %0 : f32[] loc(prog.py:2:5)
  return %1 : f32[] loc(unknown)
}
)");
  // Off by default.
  EXPECT_EQ(print().find("loc("), std::string::npos);
}

TEST_F(PrinterTest, ModuleSeparatesFunctionsWithBlankLine) {
  start("a", {});
  ret({});
  start("b", {i32()});
  ret({arg(0)});
  EXPECT_EQ(printModule(m), R"(func @a() -> () {
  return
}

func @b(%arg0: i32[]) -> i32[] {
  return %arg0 : i32[]
}
)");
  EXPECT_VALID(verifyModule(m));
}

TEST_F(PrinterTest, BrokenIrStillPrints) {
  start("broken", {f32()});
  Operation *add = op(OpKind::Add, {arg(0), arg(0)}, {f32()});
  add->setOperand(1, nullptr);
  Module other;
  Value *foreign = other.addFunc("g").entry().addArgument(f32());
  op(OpKind::Neg, {foreign}, {f32()});
  EXPECT_EQ(print(), R"(func @broken(%arg0: f32[]) -> () {
  %0 = add %arg0, %<null> : f32[]
  %1 = neg %<?> : f32[]
}
)");
  f->entry().operations().back()->dropOperands();
}

} // namespace
} // namespace parax::ir::testing
