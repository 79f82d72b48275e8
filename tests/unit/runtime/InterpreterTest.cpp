//===- InterpreterTest.cpp - the reference interpreter of the IR ----------===//
//
// Small modules built with ir::Builder and run by the interp backend:
// elementwise ops, loops with carries, scan (forward, reverse, stacked ys),
// while, cond's index clamping, pmap with in/out axes None, every
// collective, and debug_print ordered by device. Also the InterpPlan's
// last-use releases.
//
//===----------------------------------------------------------------------===//
#include "tests/unit/ir/IrTestHelpers.h"

#include "runtime/interp/Interpreter.h"

#include <string>
#include <vector>

namespace parax::ir::testing {
namespace {

const Attrs kAxis = {{"axis_name", std::string("i")}};

Array vec(const std::vector<double> &v, DType d, Shape shape) {
  Array a = Array::allocate(TensorType{d, shape, false});
  for (size_t i = 0; i < v.size(); ++i)
    a.setDouble(int64_t(i), v[i]);
  return a;
}

Array vec(const std::vector<double> &v, DType d = DType::F32) {
  return vec(v, d, Shape{int64_t(v.size())});
}

/// A rank-0 array.
Array scalarArray(double v, DType d = DType::F32) { return vec({v}, d, Shape{}); }

std::vector<double> values(const Array &a) {
  std::vector<double> r;
  for (int64_t i = 0; i < a.size(); ++i)
    r.push_back(a.getDouble(i));
  return r;
}

Attrs pmapAttrs(int64_t n, std::vector<int64_t> in, std::vector<int64_t> out) {
  return {{"axis_name", std::string("i")},
          {"axis_size", n},
          {"in_axes", std::move(in)},
          {"out_axes", std::move(out)}};
}

class InterpreterTest : public IrTest {
protected:
  /// Verifies and runs the current function on `args` with `devices`.
  std::vector<Array> run(const std::vector<Array> &args, int devices = 1) {
    EXPECT_VALID(problems());
    runtime::InterpBackend backend(devices);
    backend.setPrintSink([&](const std::string &s) { printed += s; });
    // The fixture owns the module; the executable only borrows it.
    std::shared_ptr<const Module> borrowed(std::shared_ptr<void>(), &m);
    return backend.compile(borrowed)->run(args);
  }

  /// A pmap over `n` devices of one operand `x` (in_axes 0) whose region
  /// yields `body(arg)`; out_axes 0.
  template <typename Body>
  Operation *pmapOf(Value *x, int64_t n, const TensorType &perDevice,
                    const TensorType &result, Body body) {
    Operation *pm = op(OpKind::Pmap, {x}, {result}, pmapAttrs(n, {0}, {0}));
    region(pm, 0, {perDevice}, [&](Block &blk) { yield({body(blk.argument(0))}); });
    return pm;
  }

  std::string printed;
};

TEST_F(InterpreterTest, ElementwiseOps) {
  start("f", {f32({3}), f32({3})});
  Value *p = val(OpKind::Mul, {arg(0), arg(1)}, f32({3}));
  Value *s = val(OpKind::Sub, {p, arg(0)}, f32({3}));
  Value *c = val(OpKind::Gt, {s, arg(1)}, i1({3}));
  ret({s, c});
  auto out = run({vec({1, 2, 3}), vec({4, 5, 6})});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(values(out[0]), (std::vector<double>{3, 8, 15}));
  EXPECT_EQ(out[1].dtype(), DType::Bool);
  EXPECT_EQ(values(out[1]), (std::vector<double>{0, 1, 1}));
}

TEST_F(InterpreterTest, ConstantsAndArgumentsPassThrough) {
  start("f", {f32({2})});
  ret({arg(0), scalar(2.5)});
  auto out = run({vec({7, 8})});
  EXPECT_EQ(values(out[0]), (std::vector<double>{7, 8}));
  EXPECT_EQ(out[1].getDouble(0), 2.5);
}

TEST_F(InterpreterTest, ForiLoopThreadsCarriesAndTheIndex) {
  // (s, p) = fori_loop(0, 10, (i, (s, p)) -> (s + i, p * 2), (0, 1.0))
  start("f", {});
  Operation *l = op(OpKind::ForiLoop,
                    {scalar(0, DType::I32), scalar(10, DType::I32), scalar(0, DType::I32),
                     scalar(1.0)},
                    {i32(), f32()});
  region(l, 0, {i32(), i32(), f32()}, [&](Block &blk) {
    yield({val(OpKind::Add, {blk.argument(1), blk.argument(0)}, i32()),
           val(OpKind::Mul, {blk.argument(2), scalar(2.0)}, f32())});
  });
  ret({l->result(0), l->result(1)});
  auto out = run({});
  EXPECT_EQ(out[0].getInt(0), 45);
  EXPECT_EQ(out[1].getDouble(0), 1024.0);
}

TEST_F(InterpreterTest, ForiLoopWithEmptyRangeReturnsTheInit) {
  start("f", {f32()});
  Operation *l = op(OpKind::ForiLoop, {scalar(5, DType::I32), scalar(2, DType::I32), arg(0)},
                    {f32()});
  region(l, 0, {i32(), f32()}, [&](Block &blk) {
    yield({val(OpKind::Neg, {blk.argument(1)}, f32())});
  });
  ret({l->result()});
  EXPECT_EQ(run({scalarArray(3, DType::F32)})[0].getDouble(0), 3.0);
}

TEST_F(InterpreterTest, ForiLoopResultTakesTheOpsWeakFlag) {
  start("f", {});
  Operation *l = op(OpKind::ForiLoop,
                    {scalar(0, DType::I32), scalar(3, DType::I32), scalar(1, DType::I32, true)},
                    {i32({}, true)});
  region(l, 0, {i32(), i32({}, true)}, [&](Block &blk) {
    yield({val(OpKind::Add, {blk.argument(1), blk.argument(1)}, i32({}, true))});
  });
  ret({l->result()});
  Array r = run({})[0];
  EXPECT_EQ(r.getInt(0), 8);
  EXPECT_TRUE(r.weak());
}

/// scan(c, x) -> (c + x, c * 10): cumulative sums and the carries seen.
class ScanTest : public InterpreterTest {
protected:
  std::vector<Array> scan(bool reverse) {
    start("f", {f32({4})});
    Operation *s = op(OpKind::Scan, {scalar(0.0), arg(0)}, {f32(), f32({4})},
                      {{"length", int64_t(4)},
                       {"num_carry", int64_t(1)},
                       {"reverse", int64_t(reverse)}});
    region(s, 0, {f32(), f32()}, [&](Block &blk) {
      yield({val(OpKind::Add, {blk.argument(0), blk.argument(1)}, f32()),
             val(OpKind::Mul, {blk.argument(0), scalar(10.0)}, f32())});
    });
    ret({s->result(0), s->result(1)});
    return run({vec({1, 2, 3, 4})});
  }
};

TEST_F(ScanTest, ForwardScanStacksYs) {
  auto out = scan(false);
  EXPECT_EQ(out[0].getDouble(0), 10.0);
  EXPECT_EQ(values(out[1]), (std::vector<double>{0, 10, 30, 60}));
}

TEST_F(ScanTest, ReverseScanWalksBackwardsAndStacksInPlace) {
  // Carries seen: 0 (at x[3]), 4 (x[2]), 7 (x[1]), 9 (x[0]); ys[i] is the
  // carry seen at step i, as JAX's scan(reverse=True) stores them.
  auto out = scan(true);
  EXPECT_EQ(out[0].getDouble(0), 10.0);
  EXPECT_EQ(values(out[1]), (std::vector<double>{90, 70, 40, 0}));
}

TEST_F(InterpreterTest, WhileLoopRunsUntilThePredicateFails) {
  start("f", {i32()});
  Operation *w = op(OpKind::While, {arg(0), scalar(1, DType::I32)}, {i32(), i32()});
  region(w, 0, {i32(), i32()}, [&](Block &c) {
    yield({val(OpKind::Lt, {c.argument(0), scalar(7, DType::I32)}, i1())});
  });
  region(w, 1, {i32(), i32()}, [&](Block &c) {
    yield({val(OpKind::Add, {c.argument(0), scalar(1, DType::I32)}, i32()),
           val(OpKind::Mul, {c.argument(1), scalar(2, DType::I32)}, i32())});
  });
  ret({w->result(0), w->result(1)});
  auto out = run({scalarArray(3, DType::I32)});
  EXPECT_EQ(out[0].getInt(0), 7);
  EXPECT_EQ(out[1].getInt(0), 16);
  // A false predicate on entry never runs the body.
  out = run({scalarArray(9, DType::I32)});
  EXPECT_EQ(out[0].getInt(0), 9);
  EXPECT_EQ(out[1].getInt(0), 1);
}

TEST_F(InterpreterTest, CondClampsItsIndexIntoTheBranches) {
  start("f", {i32(), f32()});
  Operation *c = b.create(OpKind::Cond, {arg(0), arg(1)}, {f32()}, {}, {}, {}, 3);
  for (unsigned r = 0; r < 3; ++r)
    region(c, r, {f32()}, [&](Block &blk) {
      yield({val(OpKind::Add, {blk.argument(0), scalar(100.0 * r)}, f32())});
    });
  ret({c->result()});
  auto at = [&](int64_t k) {
    return run({scalarArray(double(k), DType::I32), scalarArray(1, DType::F32)})[0]
        .getDouble(0);
  };
  EXPECT_EQ(at(0), 1.0);
  EXPECT_EQ(at(1), 101.0);
  EXPECT_EQ(at(2), 201.0);
  EXPECT_EQ(at(-5), 1.0);   // below: the first branch
  EXPECT_EQ(at(99), 201.0); // above: the last branch
}

TEST_F(InterpreterTest, PmapWithReplicatedInputAndUnmappedOutput) {
  // pmap(lambda x, r: (x * r, psum(x)), in_axes=(0, None), out_axes=(0, None))
  start("f", {f32({4}), f32()});
  Operation *pm = op(OpKind::Pmap, {arg(0), arg(1)}, {f32({4}), f32()},
                     pmapAttrs(4, {0, -1}, {0, -1}));
  region(pm, 0, {f32(), f32()}, [&](Block &blk) {
    yield({val(OpKind::Mul, {blk.argument(0), blk.argument(1)}, f32()),
           val(OpKind::Psum, {blk.argument(0)}, f32(), kAxis)});
  });
  ret({pm->result(0), pm->result(1)});
  auto out = run({vec({1, 2, 3, 4}), scalarArray(10, DType::F32)}, 4);
  EXPECT_EQ(values(out[0]), (std::vector<double>{10, 20, 30, 40}));
  EXPECT_EQ(out[1].shape(), Shape{});
  EXPECT_EQ(out[1].getDouble(0), 10.0);
}

TEST_F(InterpreterTest, PmapMapsAndStacksAlongInnerAxes) {
  // x: f32[2,3] mapped along axis 1 (3 devices); each device gets column
  // f32[2] and returns it doubled, stacked along out axis 1.
  start("f", {f32({2, 3})});
  Operation *pm = op(OpKind::Pmap, {arg(0)}, {f32({2, 3})}, pmapAttrs(3, {1}, {1}));
  region(pm, 0, {f32({2})}, [&](Block &blk) {
    yield({val(OpKind::Add, {blk.argument(0), blk.argument(0)}, f32({2}))});
  });
  ret({pm->result()});
  auto out = run({vec({1, 2, 3, 4, 5, 6}, DType::F32, {2, 3})}, 3);
  EXPECT_EQ(values(out[0]), (std::vector<double>{2, 4, 6, 8, 10, 12}));
}

TEST_F(InterpreterTest, AxisIndexAndReductions) {
  start("f", {f32({4})});
  Operation *pm = op(OpKind::Pmap, {arg(0)}, {i32({4}), f32({4}), f32({4}), f32({4})},
                     pmapAttrs(4, {0}, {0, 0, 0, 0}));
  region(pm, 0, {f32()}, [&](Block &blk) {
    Value *x = blk.argument(0);
    yield({val(OpKind::AxisIndex, {}, i32(), kAxis), val(OpKind::Psum, {x}, f32(), kAxis),
           val(OpKind::Pmax, {x}, f32(), kAxis), val(OpKind::Pmin, {x}, f32(), kAxis)});
  });
  ret({pm->result(0), pm->result(1), pm->result(2), pm->result(3)});
  auto out = run({vec({3, -1, 7, 2})}, 4);
  EXPECT_EQ(values(out[0]), (std::vector<double>{0, 1, 2, 3}));
  EXPECT_EQ(values(out[1]), (std::vector<double>{11, 11, 11, 11}));
  EXPECT_EQ(values(out[2]), (std::vector<double>{7, 7, 7, 7}));
  EXPECT_EQ(values(out[3]), (std::vector<double>{-1, -1, -1, -1}));
}

TEST_F(InterpreterTest, AllGatherStackedAndTiled) {
  // Each of 2 devices holds a row f32[3].
  start("f", {f32({2, 3})});
  Attrs stacked = {{"axis_name", std::string("i")}, {"axis", int64_t(0)}, {"tiled", int64_t(0)}};
  Attrs tiled = {{"axis_name", std::string("i")}, {"axis", int64_t(0)}, {"tiled", int64_t(1)}};
  Attrs inner = {{"axis_name", std::string("i")}, {"axis", int64_t(1)}, {"tiled", int64_t(0)}};
  Operation *pm = op(OpKind::Pmap, {arg(0)}, {f32({2, 3}), f32({6}), f32({3, 2})},
                     pmapAttrs(2, {0}, {-1, -1, -1}));
  region(pm, 0, {f32({3})}, [&](Block &blk) {
    Value *x = blk.argument(0);
    yield({val(OpKind::AllGather, {x}, f32({2, 3}), stacked),
           val(OpKind::AllGather, {x}, f32({6}), tiled),
           val(OpKind::AllGather, {x}, f32({3, 2}), inner)});
  });
  ret({pm->result(0), pm->result(1), pm->result(2)});
  auto out = run({vec({1, 2, 3, 4, 5, 6}, DType::F32, {2, 3})}, 2);
  EXPECT_EQ(out[0].shape(), (Shape{2, 3}));
  EXPECT_EQ(values(out[0]), (std::vector<double>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(out[1].shape(), (Shape{6}));
  EXPECT_EQ(values(out[1]), (std::vector<double>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(out[2].shape(), (Shape{3, 2}));
  EXPECT_EQ(values(out[2]), (std::vector<double>{1, 4, 2, 5, 3, 6}));
}

TEST_F(InterpreterTest, PpermuteSendsAlongPairsAndZeroesTheRest) {
  // 4 devices; 0 -> 1 and 1 -> 2: devices 0 and 3 receive zeros.
  start("f", {f32({4})});
  Operation *pm = pmapOf(arg(0), 4, f32(), f32({4}), [&](Value *x) {
    return val(OpKind::Ppermute, {x}, f32(),
               {{"axis_name", std::string("i")}, {"perm", std::vector<int64_t>{0, 1, 1, 2}}});
  });
  ret({pm->result()});
  auto out = run({vec({5, 6, 7, 8})}, 4);
  EXPECT_EQ(values(out[0]), (std::vector<double>{0, 5, 6, 0}));
}

TEST_F(InterpreterTest, CollectivesInsideALoopInsidePmap) {
  // Each device: fori_loop(0, 3, c -> psum(c)) starting from its value.
  start("f", {f32({2})});
  Operation *pm = pmapOf(arg(0), 2, f32(), f32({2}), [&](Value *x) {
    Operation *l = op(OpKind::ForiLoop, {scalar(0, DType::I32), scalar(3, DType::I32), x}, {f32()});
    region(l, 0, {i32(), f32()}, [&](Block &blk) {
      yield({val(OpKind::Psum, {blk.argument(1)}, f32(), kAxis)});
    });
    return l->result();
  });
  ret({pm->result()});
  auto out = run({vec({1, 2})}, 2);
  EXPECT_EQ(values(out[0]), (std::vector<double>{12, 12})); // 3 -> 6 -> 12
}

TEST_F(InterpreterTest, DebugPrintInPmapIsOrderedByDevice) {
  start("f", {f32({8})});
  op(OpKind::DebugPrint, {arg(0)}, {}, {{"format", std::string("before")}});
  Operation *pm = pmapOf(arg(0), 8, f32(), f32({8}), [&](Value *x) {
    Value *i = val(OpKind::AxisIndex, {}, i32(), kAxis);
    op(OpKind::DebugPrint, {i, x}, {}, {{"format", std::string("device {0}: {1}")}});
    return x;
  });
  op(OpKind::DebugPrint, {}, {}, {{"format", std::string("after")}});
  ret({pm->result()});
  std::string want = "before\n";
  for (int d = 0; d < 8; ++d)
    want += "device " + std::to_string(d) + ": " + std::to_string(d * 10) + ".0\n";
  want += "after\n";
  // Device threads race; the output must not.
  for (int rep = 0; rep < 5; ++rep) {
    printed.clear();
    run({vec({0, 10, 20, 30, 40, 50, 60, 70})}, 8);
    EXPECT_EQ(printed, want);
  }
}

TEST_F(InterpreterTest, DebugPrintFormatsScalarsWithSpecs) {
  start("f", {f32(), i32({3})});
  op(OpKind::DebugPrint, {arg(0), arg(1)}, {},
     {{"format", std::string("x={0:.3f} v={1} r={0!r}")}});
  ret({});
  run({scalarArray(2.0 / 3.0, DType::F32), vec({1, 2, 3}, DType::I32)});
  EXPECT_EQ(printed, "x=0.667 v=[1 2 3] r=Array(0.6666667, dtype=float32)\n");
}

TEST_F(InterpreterTest, PlanReleasesEachValueAfterItsLastUse) {
  start("f", {f32(), f32()});
  Operation *a = op(OpKind::Exp, {arg(0)}, {f32()});
  Operation *b2 = op(OpKind::Neg, {a->result()}, {f32()});
  Operation *c = op(OpKind::Add, {b2->result(), arg(0)}, {f32()});
  ret({c->result()});
  runtime::InterpPlan plan(*f);
  EXPECT_EQ(plan.numSlots(), 5);
  auto has = [&](const Operation *o, const Value *v) {
    for (int s : plan.freeAfter(o))
      if (s == plan.slot(v))
        return true;
    return false;
  };
  EXPECT_TRUE(has(b2, a->result()));  // exp's result dies at neg
  EXPECT_TRUE(has(c, b2->result()));  // neg's result dies at add
  EXPECT_TRUE(has(c, arg(0)));        // x dies at add, its last use
  EXPECT_FALSE(has(a, arg(0)));
  EXPECT_TRUE(plan.freeAfter(f->entry().terminator()).empty());
  // The unused argument is released on entry.
  ASSERT_EQ(plan.unusedArgs(&f->entry()).size(), 1u);
  EXPECT_EQ(plan.unusedArgs(&f->entry())[0], plan.slot(arg(1)));
}

} // namespace
} // namespace parax::ir::testing
