//===- DivergenceTest.cpp - collectives under device-varying control ------===//
//
// Builds pmap programs with ir::Builder and checks findDivergentCollective:
// positive cases (cond / while / fori_loop whose control derives from
// axis_index, ppermute or mapped data) name the collective, the construct
// and the source of the variance; negative cases (control from psum,
// all_gather, a replicated in_axes=None argument or constants) report
// nothing.
//
//===----------------------------------------------------------------------===//
#include "IrTestHelpers.h"

#include "ir/analysis/Divergence.h"

namespace parax::ir::testing {
namespace {

const Attrs kAxis = {{"axis_name", std::string("i")}};

class DivergenceTest : public IrTest {
protected:
  /// Starts `f(x: f32[4], r: f32[])` with a pmap over 4 devices that maps x
  /// and replicates r (in_axes=(0, None)); `body` fills the region (args:
  /// x's row f32[], r f32[]) and returns the value to yield (f32[]).
  template <typename Body> Operation *pmapProgram(Body body) {
    start("f", {f32({4}), f32()});
    pmap = op(OpKind::Pmap, {arg(0), arg(1)}, {f32({4})},
              {{"axis_name", std::string("i")},
               {"axis_size", int64_t(4)},
               {"in_axes", std::vector<int64_t>{0, -1}},
               {"out_axes", std::vector<int64_t>{0}}});
    region(pmap, 0, {f32(), f32()}, [&](Block &blk) { yield({body(blk)}); });
    ret({pmap->result()});
    EXPECT_VALID(problems());
    return pmap;
  }

  Value *axisIndex() { return val(OpKind::AxisIndex, {}, i32(), kAxis); }
  Value *psum(Value *v) { return val(OpKind::Psum, {v}, v->type(), kAxis); }
  Value *toI32(Value *v) { return val(OpKind::Convert, {v}, i32()); }
  Value *toF32(Value *v) { return val(OpKind::Convert, {v}, f32()); }

  /// cond(index, x) whose branch 1 does a psum of x; returns the cond.
  Operation *condWithPsum(Value *index, Value *x) {
    Operation *c = b.create(OpKind::Cond, {index, x}, {f32()}, {}, {}, {}, 2);
    region(c, 0, {f32()}, [&](Block &blk) { yield({blk.argument(0)}); });
    region(c, 1, {f32()}, [&](Block &blk) { yield({psum(blk.argument(0))}); });
    return c;
  }

  /// fori_loop(lo, hi, x) with a psum in its body.
  Operation *foriWithPsum(Value *lo, Value *hi, Value *x) {
    Operation *l = op(OpKind::ForiLoop, {lo, hi, x}, {f32()});
    region(l, 0, {i32(), f32()}, [&](Block &blk) { yield({psum(blk.argument(1))}); });
    return l;
  }

  /// The one psum op nested in `o`.
  static const Operation *psumIn(Operation *o) {
    const Operation *p = nullptr;
    o->walk([&](Operation *x) {
      if (x->kind() == OpKind::Psum && !p)
        p = x;
    });
    return p;
  }

  std::optional<DivergentCollective> analyse() { return findDivergentCollective(*f); }

  Operation *pmap = nullptr;
};

//===----------------------------------------------------------------------===//
// Positive cases
//===----------------------------------------------------------------------===//

TEST_F(DivergenceTest, CondOnAxisIndexIsDivergent) {
  Operation *c = nullptr, *idx = nullptr;
  pmapProgram([&](Block &blk) {
    Value *ai = axisIndex();
    idx = ai->definingOp();
    c = condWithPsum(ai, blk.argument(0));
    return c->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, c);
  EXPECT_EQ(d->collective, psumIn(c));
  EXPECT_EQ(d->source.op, idx);
}

TEST_F(DivergenceTest, CondOnArithmeticOfAxisIndexIsDivergent) {
  Operation *c = nullptr;
  pmapProgram([&](Block &blk) {
    Value *k = val(OpKind::Rem, {axisIndex(), scalar(2, DType::I32)}, i32());
    c = condWithPsum(k, blk.argument(0));
    return c->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, c);
  ASSERT_NE(d->source.op, nullptr);
  EXPECT_EQ(d->source.op->kind(), OpKind::AxisIndex);
}

TEST_F(DivergenceTest, CondOnMappedDataIsDivergent) {
  Operation *c = nullptr;
  pmapProgram([&](Block &blk) {
    c = condWithPsum(toI32(blk.argument(0)), blk.argument(1));
    return c->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, c);
  EXPECT_EQ(d->source.op, nullptr);
  EXPECT_EQ(d->source.mappedArg, 0);
  EXPECT_EQ(d->source.pmap, pmap);
}

TEST_F(DivergenceTest, CondOnPpermuteResultIsDivergent) {
  // ppermute leaves zeros on devices that are no destination.
  Operation *c = nullptr;
  pmapProgram([&](Block &blk) {
    Value *moved = val(OpKind::Ppermute, {blk.argument(1)}, f32(),
                       {{"axis_name", std::string("i")},
                        {"perm", std::vector<int64_t>{0, 1, 1, 2}}});
    c = condWithPsum(toI32(moved), blk.argument(1));
    return c->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, c);
  ASSERT_NE(d->source.op, nullptr);
  EXPECT_EQ(d->source.op->kind(), OpKind::Ppermute);
}

TEST_F(DivergenceTest, WhileWithAxisIndexPredicateIsDivergent) {
  Operation *w = nullptr;
  pmapProgram([&](Block &blk) {
    Value *n = axisIndex();
    w = op(OpKind::While, {n, blk.argument(1)}, {i32(), f32()});
    region(w, 0, {i32(), f32()}, [&](Block &c) {
      yield({val(OpKind::Lt, {c.argument(0), scalar(3, DType::I32)}, i1())});
    });
    region(w, 1, {i32(), f32()}, [&](Block &c) {
      Value *next = val(OpKind::Add, {c.argument(0), scalar(1, DType::I32)}, i32());
      yield({next, psum(c.argument(1))});
    });
    return w->result(1);
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, w);
  EXPECT_EQ(d->collective, psumIn(w));
  ASSERT_NE(d->source.op, nullptr);
  EXPECT_EQ(d->source.op->kind(), OpKind::AxisIndex);
}

TEST_F(DivergenceTest, WhilePredicateThatBecomesVaryingThroughACarryIsDivergent) {
  // The predicate reads carry 1, which is uniform on entry but receives the
  // device-varying carry 0 after one iteration (a fixed point is needed).
  Operation *w = nullptr;
  pmapProgram([&](Block &blk) {
    w = op(OpKind::While, {toI32(blk.argument(0)), scalar(0, DType::I32), blk.argument(1)},
           {i32(), i32(), f32()});
    region(w, 0, {i32(), i32(), f32()}, [&](Block &c) {
      yield({val(OpKind::Lt, {c.argument(1), scalar(5, DType::I32)}, i1())});
    });
    region(w, 1, {i32(), i32(), f32()}, [&](Block &c) {
      yield({c.argument(0), c.argument(0), psum(c.argument(2))});
    });
    return w->result(2);
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, w);
  EXPECT_EQ(d->source.mappedArg, 0);
}

TEST_F(DivergenceTest, CollectiveInsideTheConditionOfADivergentWhileIsReported) {
  // Devices evaluate the condition a different number of times, so a
  // collective in the condition region hangs just like one in the body.
  Operation *w = nullptr;
  pmapProgram([&](Block &blk) {
    w = op(OpKind::While, {axisIndex()}, {i32()});
    region(w, 0, {i32()}, [&](Block &c) {
      Value *total = psum(c.argument(0));
      yield({val(OpKind::Lt, {c.argument(0), total}, i1())});
    });
    region(w, 1, {i32()}, [&](Block &c) {
      yield({val(OpKind::Add, {c.argument(0), scalar(1, DType::I32)}, i32())});
    });
    return blk.argument(1);
  });
  auto d = analyse();
  ASSERT_TRUE(d) << "a psum in a while condition whose predicate varies was not reported";
  EXPECT_EQ(d->branch, w);
  EXPECT_EQ(d->collective, psumIn(w));
}

TEST_F(DivergenceTest, ForiLoopWithVaryingTripCountIsDivergent) {
  Operation *l = nullptr;
  pmapProgram([&](Block &blk) {
    Value *hi = val(OpKind::Add, {axisIndex(), scalar(1, DType::I32)}, i32());
    l = foriWithPsum(scalar(0, DType::I32), hi, blk.argument(0));
    return l->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, l);
  EXPECT_EQ(d->collective, psumIn(l));
}

TEST_F(DivergenceTest, ForiLoopWithVaryingLowerBoundIsDivergent) {
  Operation *l = nullptr;
  pmapProgram([&](Block &blk) {
    l = foriWithPsum(axisIndex(), scalar(4, DType::I32), blk.argument(0));
    return l->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, l);
}

TEST_F(DivergenceTest, CondOnAVaryingLoopResultIsDivergent) {
  // A carry fed by mapped data makes the loop's result vary.
  Operation *c = nullptr;
  pmapProgram([&](Block &blk) {
    Operation *l = op(OpKind::ForiLoop,
                      {scalar(0, DType::I32), scalar(2, DType::I32), blk.argument(0)}, {f32()});
    region(l, 0, {i32(), f32()}, [&](Block &body) {
      yield({val(OpKind::Mul, {body.argument(1), body.argument(1)}, f32())});
    });
    c = condWithPsum(toI32(l->result()), blk.argument(1));
    return c->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, c);
}

TEST_F(DivergenceTest, CollectiveNestedInUniformControlInsideADivergentOneIsReported) {
  // Uniform inner fori_loop, divergent outer cond: the psum is still reached
  // by only some devices.
  Operation *c = nullptr;
  pmapProgram([&](Block &blk) {
    c = b.create(OpKind::Cond, {axisIndex(), blk.argument(1)}, {f32()}, {}, {}, {}, 2);
    region(c, 0, {f32()}, [&](Block &r) { yield({r.argument(0)}); });
    region(c, 1, {f32()}, [&](Block &r) {
      yield({foriWithPsum(scalar(0, DType::I32), scalar(2, DType::I32), r.argument(0))
                 ->result()});
    });
    return c->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, c);
  EXPECT_EQ(d->collective, psumIn(c));
}

TEST_F(DivergenceTest, InnermostDivergentConstructIsNamed) {
  // Divergence.h: `branch` is "the innermost cond/while/fori_loop whose
  // control varies by device".
  Operation *outer = nullptr, *inner = nullptr;
  pmapProgram([&](Block &blk) {
    Value *ai = axisIndex();
    outer = b.create(OpKind::Cond, {ai, blk.argument(1)}, {f32()}, {}, {}, {}, 2);
    region(outer, 0, {f32()}, [&](Block &r) { yield({r.argument(0)}); });
    region(outer, 1, {f32()}, [&](Block &r) {
      inner = condWithPsum(toI32(blk.argument(0)), r.argument(0));
      yield({inner->result()});
    });
    return outer->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, inner);
}

TEST_F(DivergenceTest, FirstCollectiveInProgramOrderIsReported) {
  Operation *c1 = nullptr;
  pmapProgram([&](Block &blk) {
    c1 = condWithPsum(axisIndex(), blk.argument(0));
    Operation *c2 = condWithPsum(axisIndex(), c1->result());
    return c2->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, c1);
  EXPECT_EQ(d->collective, psumIn(c1));
}

//===----------------------------------------------------------------------===//
// Negative cases
//===----------------------------------------------------------------------===//

TEST_F(DivergenceTest, CondOnPsumOfAxisIndexIsUniform) {
  pmapProgram([&](Block &blk) {
    Value *k = val(OpKind::Rem, {psum(axisIndex()), scalar(2, DType::I32)}, i32());
    return condWithPsum(k, blk.argument(0))->result();
  });
  EXPECT_FALSE(analyse());
}

TEST_F(DivergenceTest, CondOnAllGatherResultIsUniform) {
  pmapProgram([&](Block &blk) {
    Value *g = val(OpKind::AllGather, {axisIndex()}, i32({4}),
                   {{"axis_name", std::string("i")}, {"axis", int64_t(0)}, {"tiled", int64_t(0)}});
    Value *s = val(OpKind::ReduceSum, {g}, i32(), {{"axes", std::vector<int64_t>{0}}});
    return condWithPsum(s, blk.argument(0))->result();
  });
  EXPECT_FALSE(analyse());
}

TEST_F(DivergenceTest, CondOnReplicatedArgumentIsUniform) {
  pmapProgram([&](Block &blk) {
    return condWithPsum(toI32(blk.argument(1)), blk.argument(0))->result();
  });
  EXPECT_FALSE(analyse());
}

TEST_F(DivergenceTest, CondOnConstantIsUniform) {
  pmapProgram([&](Block &blk) {
    return condWithPsum(scalar(1, DType::I32), blk.argument(0))->result();
  });
  EXPECT_FALSE(analyse());
}

// A constant made from a Python number derived from jax.process_index() (a
// job of several processes) differs between processes: it varies.
TEST_F(DivergenceTest, CondOnAProcessVaryingConstantIsDivergent) {
  Operation *c = nullptr, *k = nullptr;
  pmapProgram([&](Block &blk) {
    Value *v = scalar(1, DType::I32);
    k = v->definingOp();
    k->attrs().set("process_varying", int64_t(1));
    c = condWithPsum(toI32(v), blk.argument(0));
    return c->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, c);
  EXPECT_EQ(d->collective, psumIn(c));
  EXPECT_EQ(d->source.op, k);
}

TEST_F(DivergenceTest, ForiLoopWithAProcessVaryingTripCountIsDivergent) {
  Operation *l = nullptr;
  pmapProgram([&](Block &blk) {
    Value *hi = scalar(3, DType::I32);
    hi->definingOp()->attrs().set("process_varying", int64_t(1));
    l = foriWithPsum(scalar(0, DType::I32), hi, blk.argument(0));
    return l->result();
  });
  auto d = analyse();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->branch, l);
}

TEST_F(DivergenceTest, VaryingOperandsOfAUniformCondDoNotMatter) {
  pmapProgram([&](Block &blk) {
    Value *x = val(OpKind::Add, {blk.argument(0), toF32(axisIndex())}, f32());
    return condWithPsum(toI32(blk.argument(1)), x)->result();
  });
  EXPECT_FALSE(analyse());
}

TEST_F(DivergenceTest, ForiLoopWithConstantBoundsAndVaryingCarryIsUniform) {
  pmapProgram([&](Block &blk) {
    return foriWithPsum(scalar(0, DType::I32), scalar(8, DType::I32), blk.argument(0))
        ->result();
  });
  EXPECT_FALSE(analyse());
}

TEST_F(DivergenceTest, WhileWithUniformPredicateAndVaryingCarryIsUniform) {
  pmapProgram([&](Block &blk) {
    Operation *w = op(OpKind::While, {scalar(0, DType::I32), blk.argument(0)}, {i32(), f32()});
    region(w, 0, {i32(), f32()}, [&](Block &c) {
      yield({val(OpKind::Lt, {c.argument(0), scalar(3, DType::I32)}, i1())});
    });
    region(w, 1, {i32(), f32()}, [&](Block &c) {
      Value *next = val(OpKind::Add, {c.argument(0), scalar(1, DType::I32)}, i32());
      yield({next, psum(c.argument(1))});
    });
    return w->result(1);
  });
  EXPECT_FALSE(analyse());
}

TEST_F(DivergenceTest, CollectivesOutsideControlFlowAreFine) {
  pmapProgram([&](Block &blk) {
    Value *s = psum(blk.argument(0));
    Value *m = val(OpKind::Pmax, {s}, f32(), kAxis);
    return val(OpKind::Add, {m, toF32(axisIndex())}, f32());
  });
  EXPECT_FALSE(analyse());
}

TEST_F(DivergenceTest, ProgramWithoutPmapHasNoFinding) {
  start("f", {i32(), f32()});
  Operation *c = b.create(OpKind::Cond, {arg(0), arg(1)}, {f32()}, {}, {}, {}, 2);
  region(c, 0, {f32()}, [&](Block &r) { yield({r.argument(0)}); });
  region(c, 1, {f32()}, [&](Block &r) { yield({val(OpKind::Neg, {r.argument(0)}, f32())}); });
  ret({c->result()});
  EXPECT_FALSE(analyse());
}

} // namespace
} // namespace parax::ir::testing
