//===- Engine.cpp - the batched replay and the per-example fallback -------===//
#include "frontend/lib/vmap/Batching.h"

#include "frontend/lib/Prims.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"

namespace parax::frontend::vmap {

using ir::OpKind;

BVal BEnv::get(const ir::Value *v) const {
  for (const BEnv *e = this; e; e = e->parent) {
    auto pv = e->values.primal.find(v);
    if (pv == e->values.primal.end())
      continue;
    auto it = e->bdims.find(v);
    return BVal{pv->second, it == e->bdims.end() ? -1 : it->second};
  }
  return BVal{values.getPrimal(v), -1}; // reports the unbound value
}

void BEnv::set(const ir::Value *v, const BVal &b) {
  values.primal[v] = b.v;
  if (b.batched())
    bdims[v] = b.bdim;
  else
    bdims.erase(v);
}

const RuleTable &rules() {
  static const RuleTable table = [] {
    RuleTable t;
    t.byKind.assign(size_t(OpKind::DebugBreakpoint) + 1, nullptr);
    t.regionByKind.assign(size_t(OpKind::DebugBreakpoint) + 1, nullptr);
    registerElementwiseRules(t);
    registerStructuralRules(t);
    registerIndexingRules(t);
    registerControlFlowRules(t);
    registerCollectiveRules(t);
    return t;
  }();
  return table;
}

Value toFront(Evaluator &ev, const BVal &b) {
  if (b.bdim <= 0)
    return b.v;
  int64_t r = prims::typeOf(b.v).rank();
  std::vector<int64_t> perm{b.bdim};
  for (int64_t i = 0; i < r; ++i)
    if (i != b.bdim)
      perm.push_back(i);
  return prims::transpose(ev, b.v, perm);
}

Value materialize(Evaluator &ev, const BVal &b, int64_t size) {
  if (b.batched())
    return toFront(ev, b);
  TensorType t = prims::typeOf(b.v);
  Shape s{size};
  s.insert(s.end(), t.shape.begin(), t.shape.end());
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < t.rank(); ++i)
    dims.push_back(i + 1);
  return prims::broadcastInDim(ev, b.v, s, dims);
}

Value moveBatchDim(Evaluator &ev, const BVal &b, int64_t dim, int64_t size) {
  if (b.bdim == dim)
    return b.v;
  if (b.batched()) { // one transpose: result dim `dim` is the batch
    int64_t r = prims::typeOf(b.v).rank();
    std::vector<int64_t> perm;
    for (int64_t i = 0; i < r; ++i)
      if (i != b.bdim)
        perm.push_back(i);
    perm.insert(perm.begin() + dim, b.bdim);
    return prims::transpose(ev, b.v, perm);
  }
  Value front = materialize(ev, b, size);
  if (dim == 0)
    return front;
  int64_t r = prims::typeOf(front).rank();
  std::vector<int64_t> perm;
  for (int64_t i = 1; i < r; ++i)
    perm.push_back(i);
  perm.insert(perm.begin() + dim, 0);
  return prims::transpose(ev, front, perm);
}

Value exampleOf(Evaluator &ev, const BVal &b, int64_t i) {
  if (!b.batched())
    return b.v;
  TensorType t = prims::typeOf(b.v);
  std::vector<int64_t> start(size_t(t.rank()), 0), limit = t.shape, stride(size_t(t.rank()), 1);
  start[size_t(b.bdim)] = i;
  limit[size_t(b.bdim)] = i + 1;
  Value s = prims::slice(ev, b.v, start, limit, stride);
  Shape shape = t.shape;
  shape.erase(shape.begin() + b.bdim);
  return prims::reshape(ev, s, shape);
}

TensorType batchedType(const TensorType &t, int64_t size) {
  TensorType r = t;
  r.shape.insert(r.shape.begin(), size);
  return r;
}

Value broadcastLanes(Evaluator &ev, const Value &lanes, const Shape &shape) {
  if (prims::shapeOf(lanes) == shape)
    return lanes;
  return prims::broadcastInDim(ev, lanes, shape, {0});
}

Value stackExamples(Evaluator &ev, const Vals &xs) {
  Vals rows;
  for (const Value &x : xs) {
    Shape s = prims::shapeOf(x);
    s.insert(s.begin(), 1);
    rows.push_back(prims::reshape(ev, x, s));
  }
  return prims::concatenate(ev, rows, 0);
}

namespace {

bool isTerminator(const ir::Operation &op) {
  return op.kind() == OpKind::Yield || op.kind() == OpKind::Return;
}

} // namespace

/// A collective over `name` somewhere inside op's regions.
const ir::Operation *collectiveInside(const ir::Operation &op, const std::string &name) {
  for (unsigned r = 0; r < op.numRegions(); ++r)
    for (auto &p : op.region(r).front().operations()) {
      if (p->hasTrait(ir::C) && p->attrs().getString("axis_name") == name)
        return p.get();
      if (const ir::Operation *inner = collectiveInside(*p, name))
        return inner;
    }
  return nullptr;
}

namespace {

/// Replays `op` once per example on that example's slices of every batched
/// value it uses (operands and, for region ops, captured values) and stacks
/// the results: vmap's meaning, for the few ops without a batching rule
/// (debug_print's per-example prints are JAX's own behaviour; a custom_jvp /
/// custom_vjp call site keeps the user's rules for a later grad this way).
BVals perExample(Evaluator &ev, const ir::Operation &op, BEnv &env, const Axis &axis) {
  std::vector<const ir::Value *> used(op.operands().begin(), op.operands().end());
  if (op.numRegions()) {
    auto cap = ad::capturedValues(op);
    used.insert(used.end(), cap.begin(), cap.end());
  }
  if (!axis.name.empty())
    if (const ir::Operation *c = collectiveInside(op, axis.name)) {
      ev.setCurrentLoc(c->loc());
      raise("NotImplementedError",
            std::string("lax.") + ir::mnemonic(c->kind()) + " over the vmapped axis '" +
                axis.name + "' inside a custom_jvp/custom_vjp function with batched operands "
                "is not supported by parax's vmap yet",
            "move the collective out of that function, or vmap over a function "
            "that computes it outside");
    }
  std::vector<Vals> lanes(op.numResults());
  for (int64_t i = 0; i < axis.size; ++i) {
    ad::Env lane;
    lane.parent = &env.values;
    for (const ir::Value *v : used) {
      BVal b = env.get(v);
      if (b.batched())
        lane.primal[v] = exampleOf(ev, b, i);
    }
    Vals outs;
    if (op.numRegions()) {
      ad::replayRegionPrimal(ev, op, lane);
      for (unsigned r = 0; r < op.numResults(); ++r)
        outs.push_back(lane.getPrimal(op.result(r)));
    } else {
      Vals ins;
      for (const ir::Value *v : op.operands())
        ins.push_back(lane.getPrimal(v));
      outs = ad::emitSame(ev, op, ins);
    }
    for (size_t r = 0; r < outs.size(); ++r)
      lanes[r].push_back(outs[r]);
  }
  BVals res;
  for (auto &l : lanes)
    res.push_back(BVal{stackExamples(ev, l), 0});
  return res;
}

/// Whether the op's regions use a batched value from outside them.
bool capturesBatched(const ir::Operation &op, const BEnv &env) {
  if (!op.numRegions())
    return false;
  for (const ir::Value *v : ad::capturedValues(op))
    if (env.get(v).batched())
      return true;
  return false;
}

} // namespace

void replayBatched(Evaluator &ev, const ir::Block &block, BEnv &env, const Axis &axis) {
  const RuleTable &table = rules();
  for (auto &p : block.operations()) {
    const ir::Operation &op = *p;
    if (isTerminator(op))
      break;
    ev.setCurrentLoc(op.loc());
    BVals in;
    bool any = false;
    for (const ir::Value *v : op.operands()) {
      in.push_back(env.get(v));
      any |= in.back().batched();
    }
    any |= capturesBatched(op, env);
    // A collective over the vmapped axis needs its rule even on unbatched
    // operands (psum(x, 'i') of a shared x is x times the axis size), and so
    // does a region op with one inside.
    bool ownAxis = !axis.name.empty() &&
                   ((op.hasTrait(ir::C) && op.attrs().getString("axis_name") == axis.name) ||
                    (op.numRegions() && collectiveInside(op, axis.name)));
    BVals outs;
    if (!any && !ownAxis) {
      if (op.numRegions()) {
        ad::replayRegionPrimal(ev, op, env.values);
        for (unsigned r = 0; r < op.numResults(); ++r)
          outs.push_back(BVal{env.values.getPrimal(op.result(r)), -1});
      } else {
        Vals ins;
        for (auto &b : in)
          ins.push_back(b.v);
        for (Value &v : ad::emitSame(ev, op, ins))
          outs.push_back(BVal{v, -1});
      }
    } else {
      size_t k = size_t(op.kind());
      bool done = false;
      if (op.numRegions()) {
        if (RegionRule rule = k < table.regionByKind.size() ? table.regionByKind[k] : nullptr) {
          RegionCtx c{ev, op, axis, in, env};
          std::optional<BVals> r = rule(c);
          ev.setCurrentLoc(op.loc());
          if (r) {
            outs = std::move(*r);
            done = true;
          }
        }
      } else if (BatchRule rule = k < table.byKind.size() ? table.byKind[k] : nullptr) {
        BatchCtx c{ev, op, axis, in};
        outs = rule(c);
        done = !outs.empty();
      }
      if (!done) {
        if (ownAxis && !op.numRegions())
          raise("NotImplementedError",
                std::string("lax.") + ir::mnemonic(op.kind()) + " over the vmapped axis '" +
                    axis.name + "' in this position is not supported by parax's vmap");
        outs = perExample(ev, op, env, axis);
      }
    }
    for (unsigned r = 0; r < op.numResults(); ++r)
      env.set(op.result(r), outs[r]);
  }
}

BVals yielded(const ir::Block &block, const BEnv &env) {
  const ir::Operation &term = *block.operations().back();
  BVals r;
  for (const ir::Value *v : term.operands())
    r.push_back(env.get(v));
  return r;
}

BVals replayRegion(Evaluator &ev, const ir::Block &block, const BEnv &env, const Axis &axis,
                   const BVals &args) {
  BEnv child;
  child.parent = &env;
  child.values.parent = &env.values;
  for (unsigned i = 0; i < block.numArguments(); ++i)
    child.set(block.argument(i), args[i]);
  replayBatched(ev, block, child, axis);
  return yielded(block, child);
}

} // namespace parax::frontend::vmap
