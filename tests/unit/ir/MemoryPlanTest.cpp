//===- MemoryPlanTest.cpp - per-device peak memory of a program -----------===//
//
// Builds programs with ir::Builder and checks planMemory: a fori_loop body
// counts once (the plan for 10 and 10,000 trips is identical), unrolled
// ops count once each (and merge into one entry with a count), a pmap
// region is planned per device, and cond takes its worst branch.
//
//===----------------------------------------------------------------------===//
#include "IrTestHelpers.h"

#include "ir/analysis/MemoryPlan.h"

#include <limits>

namespace parax::ir::testing {
namespace {

constexpr int64_t kN = 1024;               // elements of the test vectors
constexpr int64_t kBytes = kN * 4;         // bytes of one f32[kN]

class MemoryPlanTest : public IrTest {
protected:
  /// f(x: f32[kN]) = fori_loop(0, trips, tanh(c) + c, x).
  void foriProgram(int64_t trips) {
    start("f", {f32({kN})});
    Operation *l = op(OpKind::ForiLoop,
                      {scalar(0, DType::I32), scalar(double(trips), DType::I32), arg(0)},
                      {f32({kN})});
    region(l, 0, {i32(), f32({kN})}, [&](Block &blk) {
      Value *t = val(OpKind::Tanh, {blk.argument(1)}, f32({kN}));
      yield({val(OpKind::Add, {t, blk.argument(1)}, f32({kN}))});
    });
    ret({l->result()});
    EXPECT_VALID(problems());
  }

  /// f(x) = sum over k < n of tanh(x) (n unrolled tanh ops from one source
  /// line, all alive until the final additions).
  void unrolledProgram(int n) {
    start("f", {f32({kN})});
    Loc line{1, 5, 9, 5, 20};
    std::vector<Value *> ys;
    for (int k = 0; k < n; ++k)
      ys.push_back(op(OpKind::Tanh, {arg(0)}, {f32({kN})}, {}, line)->result());
    Value *acc = ys.back();
    for (int k = n - 2; k >= 0; --k)
      acc = val(OpKind::Add, {ys[size_t(k)], acc}, f32({kN}));
    ret({acc});
    EXPECT_VALID(problems());
  }

  MemoryPlan plan(int devices = 1) { return planMemory(*f, devices); }
};

TEST_F(MemoryPlanTest, StraightLineBuffersDieAfterTheirLastUse) {
  // t = tanh(x); u = exp(t); v = neg(u): at most two of them live at once.
  start("f", {f32({kN})});
  Value *t = val(OpKind::Tanh, {arg(0)}, f32({kN}));
  Value *u = val(OpKind::Exp, {t}, f32({kN}));
  ret({val(OpKind::Neg, {u}, f32({kN}))});
  MemoryPlan p = plan();
  ASSERT_EQ(p.devices.size(), 1u);
  EXPECT_EQ(p.maxPeak(), 2 * kBytes);
  EXPECT_EQ(p.worstDevice(), 0);
}

TEST_F(MemoryPlanTest, ArgumentsAndConstantsAreTheBaseline) {
  start("f", {f32({kN})});
  Array big = Array::allocate(f32({kN}));
  for (int64_t i = 0; i < kN; ++i)
    big.setDouble(i, 1.0);
  ret({val(OpKind::Add, {arg(0), constant(big)}, f32({kN}))});
  EXPECT_EQ(plan().maxPeak(), kBytes); // only the sum is new
}

TEST_F(MemoryPlanTest, ReshapeAliasesItsOperand) {
  start("f", {f32({kN})});
  Value *t = val(OpKind::Tanh, {arg(0)}, f32({kN}));
  Value *r = val(OpKind::Reshape, {t}, f32({2, kN / 2}));
  ret({r});
  EXPECT_EQ(plan().maxPeak(), kBytes);
}

TEST_F(MemoryPlanTest, ForiLoopBodyCountsOnceWhateverTheTripCount) {
  foriProgram(10);
  MemoryPlan ten = plan();
  foriProgram(10000);
  MemoryPlan many = plan();
  ASSERT_EQ(ten.devices.size(), 1u);
  ASSERT_EQ(many.devices.size(), 1u);
  EXPECT_EQ(ten.maxPeak(), many.maxPeak());
  EXPECT_GT(ten.maxPeak(), 0);
  // One iteration holds the carry, tanh and the sum: a few vectors, not 10.
  EXPECT_LE(ten.maxPeak(), 3 * kBytes + 64);
  ASSERT_EQ(ten.devices[0].atPeak.size(), many.devices[0].atPeak.size());
  for (size_t i = 0; i < ten.devices[0].atPeak.size(); ++i) {
    EXPECT_EQ(ten.devices[0].atPeak[i].bytes, many.devices[0].atPeak[i].bytes);
    EXPECT_EQ(ten.devices[0].atPeak[i].what, many.devices[0].atPeak[i].what);
    EXPECT_EQ(ten.devices[0].atPeak[i].count, many.devices[0].atPeak[i].count);
  }
}

TEST_F(MemoryPlanTest, ZeroTripLoopAllocatesNothing) {
  foriProgram(0);
  EXPECT_EQ(plan().maxPeak(), 0);
}

TEST_F(MemoryPlanTest, UnrolledOpsCountOncePerCopy) {
  unrolledProgram(2);
  int64_t two = plan().maxPeak();
  unrolledProgram(8);
  MemoryPlan p = plan();
  EXPECT_GE(p.maxPeak(), 8 * kBytes);
  EXPECT_GT(p.maxPeak(), two);
  // The eight tanh buffers of one source line merge into one entry.
  ASSERT_FALSE(p.devices[0].atPeak.empty());
  const PlannedBuffer &top = p.devices[0].atPeak[0];
  EXPECT_EQ(top.bytes, kBytes);
  EXPECT_GE(top.count, 7);
  EXPECT_EQ(top.loc.line, 5u);
  EXPECT_NE(top.what.find("from tanh"), std::string::npos) << top.what;
  EXPECT_NE(top.what.find("float32[1024]"), std::string::npos) << top.what;
}

TEST_F(MemoryPlanTest, ScanPreallocatesItsStackedOutput) {
  // scan over xs: f32[100, kN] stacking ys of f32[kN]: the ys buffer is
  // 100 vectors, independent of how many iterations are simulated.
  start("f", {f32({100, kN})});
  Operation *s = op(OpKind::Scan, {scalar(0.0), arg(0)}, {f32(), f32({100, kN})},
                    {{"length", int64_t(100)}, {"num_carry", int64_t(1)}, {"reverse", int64_t(0)}});
  region(s, 0, {f32(), f32({kN})}, [&](Block &blk) {
    yield({blk.argument(0), val(OpKind::Exp, {blk.argument(1)}, f32({kN}))});
  });
  ret({s->result(1)});
  MemoryPlan p = plan();
  EXPECT_GE(p.maxPeak(), 100 * kBytes);
  EXPECT_LE(p.maxPeak(), 103 * kBytes);
}

TEST_F(MemoryPlanTest, CondCountsItsWorstBranch) {
  auto build = [&](bool bigFirst) {
    start("f", {i32(), f32({kN})});
    Operation *c = b.create(OpKind::Cond, {arg(0), arg(1)}, {f32()}, {}, {}, {}, 2);
    for (unsigned r = 0; r < 2; ++r)
      region(c, r, {f32({kN})}, [&](Block &blk) {
        bool big = (r == 0) == bigFirst;
        Value *x = blk.argument(0);
        if (big) // a 16x larger temporary
          x = val(OpKind::BroadcastInDim, {x}, f32({16, kN}), {{"dims", std::vector<int64_t>{1}}});
        Value *e = val(OpKind::Exp, {x}, x->type());
        std::vector<int64_t> axes;
        for (int64_t d = 0; d < e->type().rank(); ++d)
          axes.push_back(d);
        yield({val(OpKind::ReduceSum, {e}, f32(), {{"axes", axes}})});
      });
    ret({c->result()});
    EXPECT_VALID(problems());
    return plan().maxPeak();
  };
  int64_t bigFirst = build(true), bigLast = build(false);
  EXPECT_GE(bigFirst, 32 * kBytes); // broadcast + exp of f32[16,kN]
  EXPECT_EQ(bigFirst, bigLast);
}

TEST_F(MemoryPlanTest, PmapIsPlannedPerDevice) {
  // x: f32[4, kN] mapped, r: f32[kN] replicated; each device computes
  // tanh(row) * r.
  start("f", {f32({4, kN}), f32({kN})});
  Operation *pm = op(OpKind::Pmap, {arg(0), arg(1)}, {f32({4, kN})},
                     {{"axis_name", std::string("i")},
                      {"axis_size", int64_t(4)},
                      {"in_axes", std::vector<int64_t>{0, -1}},
                      {"out_axes", std::vector<int64_t>{0}}});
  region(pm, 0, {f32({kN}), f32({kN})}, [&](Block &blk) {
    Value *t = val(OpKind::Tanh, {blk.argument(0)}, f32({kN}));
    yield({val(OpKind::Mul, {t, blk.argument(1)}, f32({kN}))});
  });
  ret({pm->result()});
  EXPECT_VALID(problems());
  MemoryPlan p = plan(4);
  ASSERT_EQ(p.devices.size(), 4u);
  for (int d = 0; d < 4; ++d) {
    // Its row, tanh, the product (the replicated argument is not copied);
    // never the whole f32[4, kN] on one device.
    EXPECT_GT(p.devices[size_t(d)].peak, 0) << "device " << d;
    EXPECT_LT(p.devices[size_t(d)].peak, 4 * kBytes) << "device " << d;
    EXPECT_EQ(p.devices[size_t(d)].peak, p.devices[0].peak) << "device " << d;
  }
}

TEST_F(MemoryPlanTest, PartedPmapKeepsEachDevicesResultAsItsOwn) {
  // A sharded array's per-device pass (ir/PmapParts.h): four shards in,
  // device d reads the d-th, and each device's tanh is handed out as its
  // own result: one f32[kN] per device, no stacked copy.
  start("f", {f32({kN}), f32({kN}), f32({kN}), f32({kN})});
  std::vector<TensorType> rts(4, f32({kN}));
  Operation *pm = op(OpKind::Pmap, {arg(0), arg(1), arg(2), arg(3)}, rts,
                     {{"axis_name", std::string("i")},
                      {"axis_size", int64_t(4)},
                      {"in_axes", std::vector<int64_t>{0}},
                      {"out_axes", std::vector<int64_t>{0}},
                      {"parted_in", std::vector<int64_t>{1}},
                      {"parted_out", int64_t(1)}});
  region(pm, 0, {f32({kN})}, [&](Block &blk) {
    yield({val(OpKind::Tanh, {blk.argument(0)}, f32({kN}))});
  });
  ret({pm->result(0), pm->result(1), pm->result(2), pm->result(3)});
  EXPECT_VALID(problems());
  MemoryPlan p = plan(4);
  ASSERT_EQ(p.devices.size(), 4u);
  for (int d = 0; d < 4; ++d)
    EXPECT_EQ(p.devices[size_t(d)].peak, kBytes) << "device " << d;
}

TEST_F(MemoryPlanTest, PartedPmapNeedsOneOperandPerDevice) {
  start("f", {f32({kN}), f32({kN})});
  Operation *pm = op(OpKind::Pmap, {arg(0), arg(1)}, {f32({4, kN})},
                     {{"axis_name", std::string("i")},
                      {"axis_size", int64_t(4)},
                      {"in_axes", std::vector<int64_t>{0}},
                      {"out_axes", std::vector<int64_t>{0}},
                      {"parted_in", std::vector<int64_t>{1}}});
  region(pm, 0, {f32({kN})}, [&](Block &blk) { yield({blk.argument(0)}); });
  ret({pm->result()});
  EXPECT_FALSE(problems().empty());
}

TEST_F(MemoryPlanTest, CollectivesAllocateAResultOnEveryDevice) {
  start("f", {f32({2, kN})});
  Operation *pm = op(OpKind::Pmap, {arg(0)}, {f32({kN})},
                     {{"axis_name", std::string("i")},
                      {"axis_size", int64_t(2)},
                      {"in_axes", std::vector<int64_t>{0}},
                      {"out_axes", std::vector<int64_t>{-1}}});
  region(pm, 0, {f32({kN})}, [&](Block &blk) {
    yield({val(OpKind::Psum, {blk.argument(0)}, f32({kN}), {{"axis_name", std::string("i")}})});
  });
  ret({pm->result()});
  MemoryPlan p = plan(2);
  ASSERT_EQ(p.devices.size(), 2u);
  EXPECT_GE(p.devices[1].peak, kBytes);
  // Device 0 combines into a temporary as well.
  EXPECT_GE(p.devices[0].peak, p.devices[1].peak);
  EXPECT_EQ(p.worstDevice(), 0);
}

TEST_F(MemoryPlanTest, PeakSaturatesInsteadOfWrapping) {
  // Two live results of 2^62 bytes each: 2^63 wrapped to a negative peak,
  // which passed every budget check.
  start("f", {f32({int64_t(1) << 60})});
  Value *a = val(OpKind::Tanh, {arg(0)}, f32({int64_t(1) << 60}));
  Value *b = val(OpKind::Exp, {arg(0)}, f32({int64_t(1) << 60}));
  ret({a, b});
  MemoryPlan p = plan();
  ASSERT_EQ(p.devices.size(), 1u);
  EXPECT_EQ(p.devices[0].peak, std::numeric_limits<int64_t>::max());
  EXPECT_EQ(p.maxPeak(), std::numeric_limits<int64_t>::max());
}

} // namespace
} // namespace parax::ir::testing
