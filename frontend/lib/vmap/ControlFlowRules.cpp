//===- ControlFlowRules.cpp - vmap of cond, switch, while, fori_loop, scan ===//
//
// JAX's batching of control flow, on parax's region ops:
// - cond/switch, index unbatched: one cond whose branches are replayed
//   batched; an output batched in any branch is batched (at 0) in all.
// - cond/switch, index batched: every branch runs batched on all lanes and
//   a select per lane picks each lane's branch (JAX converts it the same
//   way, feeding each branch stop_gradient(x) on the lanes that do not take
//   it, so a branch's NaNs never reach another lane's gradient).
// - while, fori_loop, scan: the carries that are batched are found as a
//   fixed point (a body that makes an unbatched carry batched makes its init
//   batched too); scanned xs are batched along axis 1 (the body sees their
//   batch at 0) and so are the stacked ys.
// - while with a batched predicate (the cond reads a batched carry or a
//   batched captured value), fori_loop with batched bounds: a while over all
//   carries batched that runs while any lane's predicate holds; each lane's
//   carry only changes while its own predicate holds (a select per lane).
// - pmap inside vmap: one pmap whose body is replayed batched.
//
// The fixed points are found by attempts: a region op is emitted with the
// current guess, and if a body produced a batched value where the guess
// said unbatched, the attempt (and all it emitted) is discarded and the op
// emitted again with the grown guess. Batchedness only grows, so this ends.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/vmap/Batching.h"

#include "frontend/lib/Prims.h"
#include "frontend/lib/Staging.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"

namespace parax::frontend::vmap {

using ir::OpKind;

namespace {

/// Which values of a region op are batched (at dimension 0) in an attempt.
using Mask = std::vector<bool>;

Value asMasked(Evaluator &ev, const BVal &b, bool batched, int64_t size) {
  return batched ? materialize(ev, b, size) : b.v;
}

std::vector<TensorType> maskedTypes(const std::vector<TensorType> &ts, const Mask &m,
                                    int64_t size) {
  std::vector<TensorType> r;
  for (size_t i = 0; i < ts.size(); ++i)
    r.push_back(m[i] ? batchedType(ts[i], size) : ts[i]);
  return r;
}

std::vector<TensorType> argTypesOf(const ir::Block &b) {
  std::vector<TensorType> r;
  for (auto &a : b.arguments())
    r.push_back(a->type());
  return r;
}

std::vector<TensorType> resultTypesOf(const ir::Operation &op) {
  std::vector<TensorType> r;
  for (auto &v : op.results())
    r.push_back(v->type());
  return r;
}

BVals withMask(const Vals &vs, const Mask &m, int64_t bdim = 0) {
  BVals r;
  for (size_t i = 0; i < vs.size(); ++i)
    r.push_back(BVal{vs[i], m[i] ? bdim : -1});
  return r;
}

/// A yielded value as the attempt's guess wants it; `grow` records a value
/// that came out batched where the guess said unbatched (the attempt is
/// then thrown away, so what it yields there does not matter).
Value yieldAs(Evaluator &ev, const BVal &b, bool batched, int64_t size, Mask &grow, size_t i) {
  if (b.batched() && !batched) {
    grow[i] = true;
    return exampleOf(ev, b, 0); // keeps the discarded attempt well typed
  }
  return asMasked(ev, b, batched, size);
}

bool anyTrue(const Mask &m) {
  for (bool b : m)
    if (b)
      return true;
  return false;
}

/// One emission attempt: what it adds to the current block can be undone.
struct Attempt {
  TraceContext *ctx;
  size_t before;
  explicit Attempt(Evaluator &ev) : ctx(ev.currentTrace()) {
    PARAX_ASSERT(ctx) << "vmap: control flow replayed outside a trace";
    before = ctx->block->operations().size();
  }
  void discard() { discardOpsAfter(*ctx, before); }
};

Value lanesAll(Evaluator &ev, const Value &pred) {
  return prims::reduce(ev, OpKind::ReduceOr, pred, {0});
}

/// where(pred (per lane), a, b) for values batched at 0.
Value selectLanes(Evaluator &ev, const Value &pred, const Value &a, const Value &b) {
  return prims::select(ev, broadcastLanes(ev, pred, prims::shapeOf(a)), a, b);
}

/// v with the weak flag of the op's result type (a loop's results take its
/// body's types, which may be strong where the init was weak).
Value withWeakOf(Evaluator &ev, const Value &v, const TensorType &t) {
  return prims::convert(ev, v, t.dtype, t.weak);
}

Value stopGradient(Evaluator &ev, const Value &x) {
  return bind1(ev, OpKind::Convert, {x}, ir::Attrs{{"stop_gradient", int64_t(1)}},
               prims::typeOf(x));
}

//===----------------------------------------------------------------------===//
// cond / switch

/// Batched index: every branch on every lane, then a select per lane.
BVals condBatchedIndex(RegionCtx &c) {
  Evaluator &ev = c.ev;
  int64_t n = int64_t(c.op.numRegions()), size = c.axis.size;
  Value idx = materialize(ev, c.in[0], size);
  DType dt = prims::dtypeOf(idx);
  // The cond op clamps its index; so does the select.
  Shape lanes{size};
  idx = prims::binary(ev, OpKind::Max, idx, prims::full(ev, lanes, Value::integer(0), dt));
  idx = prims::binary(ev, OpKind::Min, idx, prims::full(ev, lanes, Value::integer(n - 1), dt));
  Vals ops;
  for (size_t i = 1; i < c.in.size(); ++i)
    ops.push_back(materialize(ev, c.in[i], size));
  std::vector<Vals> outs;
  Vals preds;
  for (int64_t r = 0; r < n; ++r) {
    Value pred = prims::compare(ev, OpKind::Eq, idx, prims::full(ev, lanes, Value::integer(r), dt));
    preds.push_back(pred);
    BVals args;
    for (const Value &x : ops) {
      Value a = x;
      if (isFloat(prims::dtypeOf(x)))
        a = selectLanes(ev, pred, x, stopGradient(ev, x));
      args.push_back(BVal{a, 0});
    }
    BVals ys = replayRegion(ev, c.op.region(unsigned(r)).front(), c.env, c.axis, args);
    Vals m;
    for (const BVal &y : ys)
      m.push_back(materialize(ev, y, size));
    outs.push_back(std::move(m));
  }
  BVals res;
  for (unsigned j = 0; j < c.op.numResults(); ++j) {
    Value v = outs[size_t(n - 1)][j];
    for (int64_t r = n - 2; r >= 0; --r)
      v = selectLanes(ev, preds[size_t(r)], outs[size_t(r)][j], v);
    res.push_back(BVal{withWeakOf(ev, v, c.op.result(j)->type()), 0});
  }
  return res;
}

std::optional<BVals> condRule(RegionCtx &c) {
  // A custom_jvp/custom_vjp call site keeps the user's rules: per example.
  if (c.op.attrs().has("custom_rule"))
    return std::nullopt;
  if (c.in[0].batched())
    return condBatchedIndex(c);
  Evaluator &ev = c.ev;
  int64_t size = c.axis.size;
  size_t nOps = c.in.size() - 1;
  Mask inBat(nOps);
  Vals operands{c.in[0].v};
  for (size_t i = 0; i < nOps; ++i) {
    inBat[i] = c.in[i + 1].batched();
    operands.push_back(asMasked(ev, c.in[i + 1], inBat[i], size));
  }
  Mask outBat(c.op.numResults(), false);
  for (;;) {
    Attempt at(ev);
    Mask grow(outBat.size(), false);
    std::vector<ad::RegionSpec> regions;
    for (unsigned r = 0; r < c.op.numRegions(); ++r) {
      const ir::Block &blk = c.op.region(r).front();
      ad::RegionSpec spec;
      spec.argTypes = maskedTypes(argTypesOf(blk), inBat, size);
      spec.body = [&, &blk = blk](const Vals &args) {
        BVals ys = replayRegion(ev, blk, c.env, c.axis, withMask(args, inBat));
        Vals out;
        for (size_t j = 0; j < ys.size(); ++j)
          out.push_back(yieldAs(ev, ys[j], outBat[j], size, grow, j));
        return out;
      };
      regions.push_back(std::move(spec));
    }
    Vals res = ad::emitRegionOp(ev, OpKind::Cond, operands, c.op.attrs(), regions,
                                maskedTypes(resultTypesOf(c.op), outBat, size));
    if (!anyTrue(grow))
      return withMask(res, outBat);
    at.discard();
    for (size_t j = 0; j < grow.size(); ++j)
      outBat[j] = outBat[j] || grow[j];
  }
}

//===----------------------------------------------------------------------===//
// while_loop

/// A batched predicate: every carry batched; the loop runs while any lane's
/// predicate holds and a lane's carry changes only while its own does.
/// `cond(args)` and `body(args)` replay the loop's predicate and body on the
/// (batched) carries of one iteration; `resultTypes` are the batched types
/// of the loop's results.
BVals whileOverLanes(Evaluator &ev, const Vals &init, const std::vector<TensorType> &carryTypes,
                     const std::vector<TensorType> &resultTypes,
                     const std::function<Value(const Vals &)> &cond,
                     const std::function<Vals(const Vals &)> &body) {
  std::vector<ad::RegionSpec> regions(2);
  regions[0].argTypes = carryTypes;
  regions[0].body = [&](const Vals &args) { return Vals{lanesAll(ev, cond(args))}; };
  regions[1].argTypes = carryTypes;
  regions[1].body = [&](const Vals &args) {
    Value pred = cond(args);
    Vals next = body(args);
    Vals out;
    for (size_t j = 0; j < args.size(); ++j)
      out.push_back(withWeakOf(ev, selectLanes(ev, pred, next[j], args[j]), resultTypes[j]));
    return out;
  };
  Vals res = ad::emitRegionOp(ev, OpKind::While, init, {}, regions, resultTypes);
  return withMask(res, Mask(res.size(), true));
}

std::optional<BVals> whileRule(RegionCtx &c) {
  Evaluator &ev = c.ev;
  int64_t size = c.axis.size;
  const ir::Block &condB = c.op.region(0).front(), &bodyB = c.op.region(1).front();
  size_t n = c.in.size();
  std::vector<TensorType> types = argTypesOf(bodyB), results = resultTypesOf(c.op);
  Mask bat(n);
  for (size_t i = 0; i < n; ++i)
    bat[i] = c.in[i].batched();
  for (;;) {
    Attempt at(ev);
    Vals init;
    for (size_t i = 0; i < n; ++i)
      init.push_back(asMasked(ev, c.in[i], bat[i], size));
    Mask grow(n, false);
    bool predBatched = false;
    std::vector<ad::RegionSpec> regions(2);
    regions[0].argTypes = regions[1].argTypes = maskedTypes(types, bat, size);
    regions[0].body = [&](const Vals &args) {
      BVal p = replayRegion(ev, condB, c.env, c.axis, withMask(args, bat))[0];
      predBatched = p.batched();
      return Vals{p.batched() ? exampleOf(ev, p, 0) : p.v};
    };
    regions[1].body = [&](const Vals &args) {
      BVals ys = replayRegion(ev, bodyB, c.env, c.axis, withMask(args, bat));
      Vals out;
      for (size_t j = 0; j < n; ++j)
        out.push_back(yieldAs(ev, ys[j], bat[j], size, grow, j));
      return out;
    };
    Vals res = ad::emitRegionOp(ev, OpKind::While, init, c.op.attrs(), regions,
                                maskedTypes(results, bat, size));
    if (!predBatched && !anyTrue(grow))
      return withMask(res, bat);
    at.discard();
    if (predBatched) {
      Vals all;
      for (size_t i = 0; i < n; ++i)
        all.push_back(materialize(ev, c.in[i], size));
      auto lanes = [&](const Vals &args) {
        BVals r;
        for (const Value &a : args)
          r.push_back(BVal{a, 0});
        return r;
      };
      return whileOverLanes(
          ev, all, maskedTypes(types, Mask(n, true), size),
          maskedTypes(results, Mask(n, true), size),
          [&](const Vals &args) {
            return materialize(ev, replayRegion(ev, condB, c.env, c.axis, lanes(args))[0], size);
          },
          [&](const Vals &args) {
            Vals out;
            for (const BVal &y : replayRegion(ev, bodyB, c.env, c.axis, lanes(args)))
              out.push_back(materialize(ev, y, size));
            return out;
          });
    }
    for (size_t j = 0; j < n; ++j)
      bat[j] = bat[j] || grow[j];
  }
}

//===----------------------------------------------------------------------===//
// fori_loop

/// Batched bounds: JAX's fori_loop is then a while_loop over (i, carry)
/// whose predicate i < upper is batched.
BVals foriBatchedBounds(RegionCtx &c) {
  Evaluator &ev = c.ev;
  int64_t size = c.axis.size;
  const ir::Block &body = c.op.region(0).front();
  Value upper = materialize(ev, c.in[1], size);
  Vals init{materialize(ev, c.in[0], size)};
  for (size_t i = 2; i < c.in.size(); ++i)
    init.push_back(materialize(ev, c.in[i], size));
  std::vector<TensorType> types = maskedTypes(argTypesOf(body), Mask(init.size(), true), size);
  std::vector<TensorType> results{types[0]};
  for (auto &r : c.op.results())
    results.push_back(batchedType(r->type(), size));
  TensorType it = types[0];
  BVals res = whileOverLanes(
      ev, init, types, results,
      [&](const Vals &args) { return prims::compare(ev, OpKind::Lt, args[0], upper); },
      [&](const Vals &args) {
        BVals in;
        for (const Value &a : args)
          in.push_back(BVal{a, 0});
        Vals out{prims::binary(ev, OpKind::Add, args[0],
                               prims::full(ev, it.shape, Value::integer(1), it.dtype, it.weak))};
        for (const BVal &y : replayRegion(ev, body, c.env, c.axis, in))
          out.push_back(materialize(ev, y, size));
        return out;
      });
  res.erase(res.begin());
  return res;
}

std::optional<BVals> foriRule(RegionCtx &c) {
  if (c.in[0].batched() || c.in[1].batched())
    return foriBatchedBounds(c);
  Evaluator &ev = c.ev;
  int64_t size = c.axis.size;
  const ir::Block &body = c.op.region(0).front();
  size_t n = c.in.size() - 2;
  std::vector<TensorType> types = argTypesOf(body);
  Mask bat(n);
  for (size_t i = 0; i < n; ++i)
    bat[i] = c.in[i + 2].batched();
  for (;;) {
    Attempt at(ev);
    Vals operands{c.in[0].v, c.in[1].v};
    for (size_t i = 0; i < n; ++i)
      operands.push_back(asMasked(ev, c.in[i + 2], bat[i], size));
    Mask argBat{false};
    argBat.insert(argBat.end(), bat.begin(), bat.end());
    Mask grow(n, false);
    std::vector<ad::RegionSpec> regions(1);
    regions[0].argTypes = maskedTypes(types, argBat, size);
    regions[0].body = [&](const Vals &args) {
      BVals ys = replayRegion(ev, body, c.env, c.axis, withMask(args, argBat));
      Vals out;
      for (size_t j = 0; j < n; ++j)
        out.push_back(yieldAs(ev, ys[j], bat[j], size, grow, j));
      return out;
    };
    Vals res = ad::emitRegionOp(ev, OpKind::ForiLoop, operands, c.op.attrs(), regions,
                                maskedTypes(resultTypesOf(c.op), bat, size));
    if (!anyTrue(grow))
      return withMask(res, bat);
    at.discard();
    for (size_t j = 0; j < n; ++j)
      bat[j] = bat[j] || grow[j];
  }
}

//===----------------------------------------------------------------------===//
// scan

std::optional<BVals> scanRule(RegionCtx &c) {
  Evaluator &ev = c.ev;
  int64_t size = c.axis.size;
  const ir::Block &body = c.op.region(0).front();
  size_t nC = size_t(c.op.attrs().getInt("num_carry"));
  size_t nX = c.in.size() - nC, nY = c.op.numResults() - nC;
  std::vector<TensorType> types = argTypesOf(body), results = resultTypesOf(c.op);
  Mask cBat(nC), xBat(nX), yBat(nY, false);
  for (size_t i = 0; i < nC; ++i)
    cBat[i] = c.in[i].batched();
  // The scan walks axis 0 of each xs; a batched xs has its batch at 1, so
  // the body sees each element batched at 0.
  Vals xs;
  for (size_t k = 0; k < nX; ++k) {
    const BVal &x = c.in[nC + k];
    xBat[k] = x.batched();
    xs.push_back(x.batched() ? moveBatchDim(ev, x, 1, size) : x.v);
  }
  for (;;) {
    Attempt at(ev);
    Vals operands;
    for (size_t i = 0; i < nC; ++i)
      operands.push_back(asMasked(ev, c.in[i], cBat[i], size));
    operands.insert(operands.end(), xs.begin(), xs.end());
    Mask argBat = cBat;
    argBat.insert(argBat.end(), xBat.begin(), xBat.end());
    Mask cGrow(nC, false), yGrow(nY, false);
    std::vector<ad::RegionSpec> regions(1);
    regions[0].argTypes = maskedTypes(types, argBat, size);
    regions[0].body = [&](const Vals &args) {
      BVals ys = replayRegion(ev, body, c.env, c.axis, withMask(args, argBat));
      Vals out;
      for (size_t j = 0; j < nC; ++j)
        out.push_back(yieldAs(ev, ys[j], cBat[j], size, cGrow, j));
      for (size_t j = 0; j < nY; ++j)
        out.push_back(yieldAs(ev, ys[nC + j], yBat[j], size, yGrow, j));
      return out;
    };
    std::vector<TensorType> outTypes;
    for (size_t j = 0; j < nC; ++j)
      outTypes.push_back(cBat[j] ? batchedType(results[j], size) : results[j]);
    for (size_t j = 0; j < nY; ++j) {
      TensorType t = results[nC + j];
      if (yBat[j])
        t.shape.insert(t.shape.begin() + 1, size);
      outTypes.push_back(t);
    }
    Vals res = ad::emitRegionOp(ev, OpKind::Scan, operands, c.op.attrs(), regions, outTypes);
    if (!anyTrue(cGrow) && !anyTrue(yGrow)) {
      BVals out;
      for (size_t j = 0; j < nC; ++j)
        out.push_back(BVal{res[j], cBat[j] ? 0 : -1});
      for (size_t j = 0; j < nY; ++j)
        out.push_back(BVal{res[nC + j], yBat[j] ? 1 : -1});
      return out;
    }
    at.discard();
    for (size_t j = 0; j < nC; ++j)
      cBat[j] = cBat[j] || cGrow[j];
    for (size_t j = 0; j < nY; ++j)
      yBat[j] = yBat[j] || yGrow[j];
  }
}

//===----------------------------------------------------------------------===//
// pmap inside vmap

/// The batch goes in front of every batched operand (its mapped axis moves
/// one right), so each device's slice is batched at 0; each device's
/// batched result stacks with the device axis one right of its out_axes,
/// which leaves the batch at 0 of the pmap's result too.
std::optional<BVals> pmapRule(RegionCtx &c) {
  Evaluator &ev = c.ev;
  int64_t size = c.axis.size;
  const ir::Block &body = c.op.region(0).front();
  std::vector<int64_t> inAx = c.op.attrs().getInts("in_axes"),
                       outAx = c.op.attrs().getInts("out_axes");
  Mask inBat(c.in.size());
  Vals operands;
  for (size_t i = 0; i < c.in.size(); ++i) {
    inBat[i] = c.in[i].batched();
    operands.push_back(inBat[i] ? moveBatchDim(ev, c.in[i], 0, size) : c.in[i].v);
    if (inBat[i] && inAx[i] >= 0)
      ++inAx[i];
  }
  Mask outBat(c.op.numResults(), false);
  for (;;) {
    Attempt at(ev);
    Mask grow(outBat.size(), false);
    ad::RegionSpec spec;
    spec.argTypes = maskedTypes(argTypesOf(body), inBat, size);
    spec.body = [&](const Vals &args) {
      BVals ys = replayRegion(ev, body, c.env, c.axis, withMask(args, inBat));
      Vals out;
      for (size_t j = 0; j < ys.size(); ++j)
        out.push_back(yieldAs(ev, ys[j], outBat[j], size, grow, j));
      return out;
    };
    ir::Attrs attrs = c.op.attrs();
    attrs.set("in_axes", inAx);
    std::vector<int64_t> ax = outAx;
    for (size_t j = 0; j < ax.size(); ++j)
      if (outBat[j] && ax[j] >= 0)
        ++ax[j];
    attrs.set("out_axes", ax);
    Vals res = ad::emitRegionOp(ev, OpKind::Pmap, operands, attrs, {spec},
                                maskedTypes(resultTypesOf(c.op), outBat, size),
                                c.op.attrs().getString("axis_name"),
                                c.op.attrs().getInt("axis_size"));
    if (!anyTrue(grow))
      return withMask(res, outBat);
    at.discard();
    for (size_t j = 0; j < grow.size(); ++j)
      outBat[j] = outBat[j] || grow[j];
  }
}

} // namespace

void registerControlFlowRules(RuleTable &t) {
  t.regionByKind[size_t(OpKind::Pmap)] = pmapRule;
  t.regionByKind[size_t(OpKind::Cond)] = condRule;
  t.regionByKind[size_t(OpKind::While)] = whileRule;
  t.regionByKind[size_t(OpKind::ForiLoop)] = foriRule;
  t.regionByKind[size_t(OpKind::Scan)] = scanRule;
}

} // namespace parax::frontend::vmap
