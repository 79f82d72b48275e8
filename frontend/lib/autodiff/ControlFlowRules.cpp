//===- ControlFlowRules.cpp - jvp/vjp of cond, scan, fori, while, pmap ----===//
//
// Forward mode builds the same region op over (primal, tangent) pairs.
// Reverse mode:
// - cond: a backward cond whose branches recompute their forward and run
//   it backwards (only the taken branch contributes).
// - scan and fori_loop with a static trip count: the forward loop saves the
//   carry of every iteration (the residuals, length x carry); a backward
//   scan in the opposite direction recomputes each iteration's body from
//   its saved carry and runs it backwards, accumulating the cotangents of
//   the values the body captures in its carry.
// - while_loop (and fori_loop with traced bounds): JAX's ValueError.
// - pmap: a backward pmap; an unmapped (in_axes=None) input or a captured
//   value gets the psum of the per-device cotangents.
// Regions capture outer values freely; cotangents for them are returned as
// extra results (capturedValues).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/autodiff/RuleUtil.h"

namespace parax::frontend::ad {

namespace {

std::vector<TensorType> argTypes(const ir::Block &b) {
  std::vector<TensorType> r;
  for (auto &a : b.arguments())
    r.push_back(a->type());
  return r;
}

std::vector<TensorType> resultTypes(const ir::Operation &op) {
  std::vector<TensorType> r;
  for (auto &v : op.results())
    r.push_back(v->type());
  return r;
}

TensorType stacked(const TensorType &t, int64_t n) {
  TensorType r = t;
  r.shape.insert(r.shape.begin(), n);
  return r;
}

/// Whether any operand or captured value carries a tangent.
bool anyTangentIn(const ir::Operation &op, const Env &env) {
  for (ir::Value *v : op.operands())
    if (differentiable(v->type()) && !env.getTangent(v).isNone())
      return true;
  for (const ir::Value *v : capturedValues(op))
    if (differentiable(v->type()) && !env.getTangent(v).isNone())
      return true;
  return false;
}

Vals primalsOf(const ir::Operation &op, const Env &env) {
  Vals r;
  for (ir::Value *v : op.operands())
    r.push_back(env.getPrimal(v));
  return r;
}

/// The captured values that take cotangents (those depending on the
/// differentiated inputs).
std::vector<const ir::Value *> diffCaptures(const ir::Operation &op, const Env &env) {
  std::vector<const ir::Value *> r;
  for (const ir::Value *v : capturedValues(op))
    if (differentiable(v->type()) && env.isActive(v))
      r.push_back(v);
  return r;
}

/// The reverse pass through one region body, as the body of a backward
/// region runs it: recompute the forward from `primals` (the block's
/// arguments), seed the terminator operands in `seeds` with their
/// cotangents, run the block backward. The caller reads the cotangents it
/// needs from the returned env, whose parent is `parent`.
using Seeds = std::vector<std::pair<unsigned, Value>>;
Env pullBackThroughBlock(Evaluator &ev, const Env &parent, const ir::Block &blk,
                         const Value *primals, const Seeds &seeds) {
  Env child;
  child.parent = &parent;
  child.recompute = true;
  for (unsigned i = 0; i < blk.numArguments(); ++i)
    child.primal[blk.argument(i)] = primals[i];
  replayForward(ev, blk, child);
  ir::Operation *term = blk.terminator();
  for (auto &[idx, ct] : seeds)
    child.addCt(ev, term->operand(idx), ct);
  replayBackward(ev, blk, child);
  return child;
}

/// Operand indices in [from, to) that take cotangents.
std::vector<unsigned> activeOperands(const ir::Operation &op, const Env &env, unsigned from,
                                     unsigned to) {
  std::vector<unsigned> r;
  for (unsigned i = from; i < to; ++i)
    if (differentiable(op.operand(i)->type()) && env.isActive(op.operand(i)))
      r.push_back(i);
  return r;
}

std::vector<unsigned> diffIndices(const std::vector<TensorType> &ts, unsigned from, unsigned to) {
  std::vector<unsigned> r;
  for (unsigned i = from; i < to; ++i)
    if (differentiable(ts[i]))
      r.push_back(i);
  return r;
}

std::vector<TensorType> operandTypes(const ir::Operation &op) {
  std::vector<TensorType> r;
  for (ir::Value *v : op.operands())
    r.push_back(v->type());
  return r;
}

//===----------------------------------------------------------------------===//
// cond

void condJvp(Evaluator &ev, const ir::Operation &op, Env &env) {
  if (customJvp(ev, op, env))
    return;
  if (!anyTangentIn(op, env))
    return replayRegionPrimal(ev, op, env);
  std::vector<TensorType> opTypes = operandTypes(op), resTypes = resultTypes(op);
  std::vector<unsigned> tIdx = diffIndices(opTypes, 1, op.numOperands());
  std::vector<unsigned> rIdx = diffIndices(resTypes, 0, op.numResults());
  Vals operands = primalsOf(op, env);
  for (unsigned i : tIdx)
    operands.push_back(instantiate(ev, env.getTangent(op.operand(i)), opTypes[i]));
  std::vector<TensorType> outTypes = resTypes;
  for (unsigned j : rIdx)
    outTypes.push_back(resTypes[j]);
  std::vector<RegionSpec> regions;
  for (unsigned r = 0; r < op.numRegions(); ++r) {
    const ir::Block &blk = op.region(r).front();
    RegionSpec spec;
    spec.argTypes = argTypes(blk);
    for (unsigned i : tIdx)
      spec.argTypes.push_back(opTypes[i]);
    spec.body = [&, &blk = blk](const Vals &args) {
      Env child;
      child.parent = &env;
      unsigned n = blk.numArguments();
      for (unsigned i = 0; i < n; ++i)
        child.primal[blk.argument(i)] = args[i];
      for (size_t k = 0; k < tIdx.size(); ++k)
        child.tangent[blk.argument(tIdx[k] - 1)] = args[n + k];
      replayJvp(ev, blk, child);
      Vals outs = yieldedPrimals(blk, child);
      Vals ts = yieldedTangents(blk, child);
      for (unsigned j : rIdx)
        outs.push_back(instantiate(ev, ts[j], resTypes[j]));
      return outs;
    };
    regions.push_back(std::move(spec));
  }
  Vals res = emitRegionOp(ev, OpKind::Cond, operands, op.attrs(), regions, outTypes);
  for (unsigned i = 0; i < op.numResults(); ++i)
    env.primal[op.result(i)] = res[i];
  for (size_t k = 0; k < rIdx.size(); ++k)
    env.tangent[op.result(rIdx[k])] = res[op.numResults() + k];
}

void condFwd(Evaluator &ev, const ir::Operation &op, Env &env) {
  if (!customFwd(ev, op, env))
    replayRegionPrimal(ev, op, env);
}

void condBwd(Evaluator &ev, const ir::Operation &op, Env &env) {
  if (customBwd(ev, op, env))
    return;
  std::vector<TensorType> opTypes = operandTypes(op), resTypes = resultTypes(op);
  std::vector<unsigned> dIdx = activeOperands(op, env, 1, op.numOperands());
  std::vector<unsigned> rIdx = diffIndices(resTypes, 0, op.numResults());
  std::vector<const ir::Value *> caps = diffCaptures(op, env);
  Vals operands = primalsOf(op, env);
  for (unsigned j : rIdx)
    operands.push_back(instantiate(ev, env.getCt(op.result(j)), resTypes[j]));
  std::vector<TensorType> outTypes;
  for (unsigned i : dIdx)
    outTypes.push_back(opTypes[i]);
  for (const ir::Value *c : caps)
    outTypes.push_back(c->type());
  std::vector<RegionSpec> regions;
  for (unsigned r = 0; r < op.numRegions(); ++r) {
    const ir::Block &blk = op.region(r).front();
    RegionSpec spec;
    spec.argTypes = argTypes(blk);
    for (unsigned j : rIdx)
      spec.argTypes.push_back(resTypes[j]);
    spec.body = [&, &blk = blk](const Vals &args) {
      unsigned n = blk.numArguments();
      Seeds seeds;
      for (size_t k = 0; k < rIdx.size(); ++k)
        seeds.emplace_back(rIdx[k], args[n + k]);
      Env child = pullBackThroughBlock(ev, env, blk, args.data(), seeds);
      Vals outs;
      for (unsigned i : dIdx)
        outs.push_back(instantiate(ev, child.getCt(blk.argument(i - 1)), opTypes[i]));
      for (const ir::Value *c : caps)
        outs.push_back(instantiate(ev, child.getCt(c), c->type()));
      return outs;
    };
    regions.push_back(std::move(spec));
  }
  Vals res = emitRegionOp(ev, OpKind::Cond, operands, op.attrs(), regions, outTypes);
  for (size_t k = 0; k < dIdx.size(); ++k)
    env.addCt(ev, op.operand(dIdx[k]), res[k]);
  for (size_t k = 0; k < caps.size(); ++k)
    env.addCt(ev, caps[k], res[dIdx.size() + k]);
}

//===----------------------------------------------------------------------===//
// scan

void scanJvp(Evaluator &ev, const ir::Operation &op, Env &env) {
  if (!anyTangentIn(op, env))
    return replayRegionPrimal(ev, op, env);
  const ir::Block &blk = op.region(0).front();
  unsigned nc = unsigned(op.attrs().getInt("num_carry"));
  unsigned nx = op.numOperands() - nc;
  unsigned ny = op.numResults() - nc;
  std::vector<TensorType> opTypes = operandTypes(op), resTypes = resultTypes(op);
  std::vector<TensorType> bArgs = argTypes(blk);
  std::vector<unsigned> cIdx = diffIndices(opTypes, 0, nc);
  std::vector<unsigned> xIdx;
  for (unsigned j = nc; j < op.numOperands(); ++j)
    if (differentiable(opTypes[j]) && !env.getTangent(op.operand(j)).isNone())
      xIdx.push_back(j);
  std::vector<unsigned> yIdx = diffIndices(resTypes, nc, op.numResults());
  Vals operands;
  for (unsigned i = 0; i < nc; ++i)
    operands.push_back(env.getPrimal(op.operand(i)));
  for (unsigned i : cIdx)
    operands.push_back(instantiate(ev, env.getTangent(op.operand(i)), opTypes[i]));
  for (unsigned j = nc; j < op.numOperands(); ++j)
    operands.push_back(env.getPrimal(op.operand(j)));
  for (unsigned j : xIdx)
    operands.push_back(env.getTangent(op.operand(j)));
  RegionSpec spec;
  for (unsigned i = 0; i < nc; ++i)
    spec.argTypes.push_back(bArgs[i]);
  for (unsigned i : cIdx)
    spec.argTypes.push_back(bArgs[i]);
  for (unsigned j = nc; j < nc + nx; ++j)
    spec.argTypes.push_back(bArgs[j]);
  for (unsigned j : xIdx)
    spec.argTypes.push_back(bArgs[j]);
  size_t ncs = cIdx.size();
  spec.body = [&](const Vals &args) {
    Env child;
    child.parent = &env;
    for (unsigned i = 0; i < nc; ++i)
      child.primal[blk.argument(i)] = args[i];
    for (size_t k = 0; k < ncs; ++k)
      child.tangent[blk.argument(cIdx[k])] = args[nc + k];
    for (unsigned j = 0; j < nx; ++j)
      child.primal[blk.argument(nc + j)] = args[nc + ncs + j];
    for (size_t k = 0; k < xIdx.size(); ++k)
      child.tangent[blk.argument(xIdx[k])] = args[nc + ncs + nx + k];
    replayJvp(ev, blk, child);
    Vals ps = yieldedPrimals(blk, child), ts = yieldedTangents(blk, child);
    Vals outs(ps.begin(), ps.begin() + nc);
    for (unsigned i : cIdx)
      outs.push_back(instantiate(ev, ts[i], bArgs[i]));
    outs.insert(outs.end(), ps.begin() + nc, ps.end());
    for (unsigned j : yIdx)
      outs.push_back(instantiate(ev, ts[j], blk.terminator()->operand(j)->type()));
    return outs;
  };
  std::vector<TensorType> outTypes(resTypes.begin(), resTypes.begin() + nc);
  for (unsigned i : cIdx)
    outTypes.push_back(resTypes[i]);
  outTypes.insert(outTypes.end(), resTypes.begin() + nc, resTypes.end());
  for (unsigned j : yIdx)
    outTypes.push_back(resTypes[j]);
  ir::Attrs attrs = op.attrs();
  attrs.set("num_carry", int64_t(nc + ncs));
  Vals res = emitRegionOp(ev, OpKind::Scan, operands, attrs, {spec}, outTypes);
  for (unsigned i = 0; i < nc; ++i)
    env.primal[op.result(i)] = res[i];
  for (size_t k = 0; k < ncs; ++k)
    env.tangent[op.result(cIdx[k])] = res[nc + k];
  for (unsigned j = 0; j < ny; ++j)
    env.primal[op.result(nc + j)] = res[nc + ncs + j];
  for (size_t k = 0; k < yIdx.size(); ++k)
    env.tangent[op.result(yIdx[k])] = res[nc + ncs + ny + k];
}

/// Forward scan that also stacks each iteration's incoming carry.
void scanFwd(Evaluator &ev, const ir::Operation &op, Env &env) {
  const ir::Block &blk = op.region(0).front();
  unsigned nc = unsigned(op.attrs().getInt("num_carry"));
  int64_t length = op.attrs().getInt("length");
  RegionSpec spec;
  spec.argTypes = argTypes(blk);
  spec.body = [&](const Vals &args) {
    Env child;
    child.parent = &env;
    for (unsigned i = 0; i < blk.numArguments(); ++i)
      child.primal[blk.argument(i)] = args[i];
    replayPrimal(ev, blk, child);
    Vals outs = yieldedPrimals(blk, child);
    outs.insert(outs.end(), args.begin(), args.begin() + nc);
    return outs;
  };
  std::vector<TensorType> outTypes = resultTypes(op);
  for (unsigned i = 0; i < nc; ++i)
    outTypes.push_back(stacked(blk.argument(i)->type(), length));
  Vals res = emitRegionOp(ev, OpKind::Scan, primalsOf(op, env), op.attrs(), {spec}, outTypes);
  for (unsigned i = 0; i < op.numResults(); ++i)
    env.primal[op.result(i)] = res[i];
  env.saved[&op] = Vals(res.begin() + op.numResults(), res.end());
}

/// The backward loop of scan and of fori_loop (as a scan): runs `blk`
/// from saved per-iteration inputs, in the opposite direction.
/// - carryArgs: block args that are carries (their index in blk), with the
///   yield position of each carry's new value (same index for both loops,
///   offset by `yieldOffset`).
struct BackwardLoop {
  const ir::Block *blk;
  int64_t length;
  bool reverse;                      ///< Direction of the forward loop.
  std::vector<unsigned> carryArgs;   ///< Block args that are carries.
  unsigned yieldOffset;              ///< Yield index of carryArgs[0]'s new value minus carryArgs[0].
  Vals savedArgs;                    ///< Stacked per-iteration values, one per block arg.
  std::vector<std::pair<unsigned, Value>> yCts; ///< (yield index, stacked ct) of ys.
  std::vector<unsigned> xArgs;       ///< Block args whose stacked cotangents are wanted.
};

struct BackwardResult {
  Vals carryCts; ///< Per carry in diff-carry order.
  Vals captureCts;
  Vals xCts;     ///< Stacked, per xArgs.
};

BackwardResult runBackwardLoop(Evaluator &ev, const ir::Operation &op, Env &env,
                               const BackwardLoop &L, const Vals &carryCtInit,
                               const std::vector<unsigned> &diffCarry) {
  const ir::Block &blk = *L.blk;
  std::vector<const ir::Value *> caps = diffCaptures(op, env);
  Vals operands;
  RegionSpec spec;
  for (size_t k = 0; k < diffCarry.size(); ++k) {
    operands.push_back(carryCtInit[k]);
    spec.argTypes.push_back(blk.argument(diffCarry[k])->type());
  }
  for (const ir::Value *c : caps) {
    operands.push_back(zerosOf(ev, c->type()));
    spec.argTypes.push_back(c->type());
  }
  unsigned nCarry = unsigned(operands.size());
  for (unsigned i = 0; i < blk.numArguments(); ++i) {
    operands.push_back(L.savedArgs[i]);
    spec.argTypes.push_back(blk.argument(i)->type());
  }
  for (auto &[idx, ct] : L.yCts) {
    operands.push_back(ct);
    spec.argTypes.push_back(blk.terminator()->operand(idx)->type());
  }
  spec.body = [&](const Vals &args) {
    unsigned base = nCarry;
    Seeds seeds;
    for (size_t k = 0; k < diffCarry.size(); ++k)
      seeds.emplace_back(diffCarry[k] + L.yieldOffset, args[k]);
    for (size_t k = 0; k < L.yCts.size(); ++k)
      seeds.emplace_back(L.yCts[k].first, args[base + blk.numArguments() + k]);
    Env child = pullBackThroughBlock(ev, env, blk, args.data() + base, seeds);
    Vals outs;
    for (unsigned a : diffCarry)
      outs.push_back(instantiate(ev, child.getCt(blk.argument(a)), blk.argument(a)->type()));
    for (size_t k = 0; k < caps.size(); ++k)
      outs.push_back(add(ev, args[diffCarry.size() + k],
                         instantiate(ev, child.getCt(caps[k]), caps[k]->type())));
    for (unsigned a : L.xArgs)
      outs.push_back(instantiate(ev, child.getCt(blk.argument(a)), blk.argument(a)->type()));
    return outs;
  };
  std::vector<TensorType> outTypes(spec.argTypes.begin(), spec.argTypes.begin() + nCarry);
  for (unsigned a : L.xArgs)
    outTypes.push_back(stacked(blk.argument(a)->type(), L.length));
  ir::Attrs attrs{{"length", L.length},
                  {"reverse", int64_t(!L.reverse)},
                  {"num_carry", int64_t(nCarry)}};
  Vals res = emitRegionOp(ev, OpKind::Scan, operands, attrs, {spec}, outTypes);
  BackwardResult r;
  r.carryCts.assign(res.begin(), res.begin() + long(diffCarry.size()));
  r.captureCts.assign(res.begin() + long(diffCarry.size()), res.begin() + nCarry);
  r.xCts.assign(res.begin() + nCarry, res.end());
  for (size_t k = 0; k < caps.size(); ++k)
    env.addCt(ev, caps[k], r.captureCts[k]);
  return r;
}

void scanBwd(Evaluator &ev, const ir::Operation &op, Env &env) {
  const ir::Block &blk = op.region(0).front();
  unsigned nc = unsigned(op.attrs().getInt("num_carry"));
  std::vector<TensorType> opTypes = operandTypes(op);
  auto it = env.saved.find(&op);
  PARAX_ASSERT(it != env.saved.end()) << "scan without saved carries";
  BackwardLoop L;
  L.blk = &blk;
  L.length = op.attrs().getInt("length");
  L.reverse = op.attrs().getInt("reverse") != 0;
  L.yieldOffset = 0;
  L.savedArgs = it->second;
  for (unsigned j = nc; j < op.numOperands(); ++j)
    L.savedArgs.push_back(env.getPrimal(op.operand(j)));
  for (unsigned j = nc; j < op.numResults(); ++j) {
    Value c = env.getCt(op.result(j));
    if (!c.isNone() && differentiable(op.result(j)->type()))
      L.yCts.push_back({j, c});
  }
  std::vector<unsigned> diffCarry = diffIndices(opTypes, 0, nc);
  for (unsigned j = nc; j < op.numOperands(); ++j)
    if (differentiable(opTypes[j]) && env.isActive(op.operand(j)))
      L.xArgs.push_back(j);
  Vals init;
  for (unsigned i : diffCarry)
    init.push_back(instantiate(ev, env.getCt(op.result(i)), opTypes[i]));
  BackwardResult r = runBackwardLoop(ev, op, env, L, init, diffCarry);
  for (size_t k = 0; k < diffCarry.size(); ++k)
    env.addCt(ev, op.operand(diffCarry[k]), r.carryCts[k]);
  for (size_t k = 0; k < L.xArgs.size(); ++k)
    env.addCt(ev, op.operand(L.xArgs[k]), r.xCts[k]);
}

//===----------------------------------------------------------------------===//
// fori_loop

void foriJvp(Evaluator &ev, const ir::Operation &op, Env &env) {
  if (!anyTangentIn(op, env))
    return replayRegionPrimal(ev, op, env);
  const ir::Block &blk = op.region(0).front();
  std::vector<TensorType> opTypes = operandTypes(op), resTypes = resultTypes(op);
  std::vector<unsigned> cIdx = diffIndices(opTypes, 2, op.numOperands());
  Vals operands = primalsOf(op, env);
  for (unsigned i : cIdx)
    operands.push_back(instantiate(ev, env.getTangent(op.operand(i)), opTypes[i]));
  RegionSpec spec;
  spec.argTypes = argTypes(blk);
  for (unsigned i : cIdx)
    spec.argTypes.push_back(opTypes[i]);
  spec.body = [&](const Vals &args) {
    Env child;
    child.parent = &env;
    unsigned n = blk.numArguments();
    for (unsigned i = 0; i < n; ++i)
      child.primal[blk.argument(i)] = args[i];
    for (size_t k = 0; k < cIdx.size(); ++k)
      child.tangent[blk.argument(cIdx[k] - 1)] = args[n + k];
    replayJvp(ev, blk, child);
    Vals outs = yieldedPrimals(blk, child), ts = yieldedTangents(blk, child);
    for (unsigned i : cIdx)
      outs.push_back(instantiate(ev, ts[i - 2], opTypes[i]));
    return outs;
  };
  std::vector<TensorType> outTypes = resTypes;
  for (unsigned i : cIdx)
    outTypes.push_back(resTypes[i - 2]);
  Vals res = emitRegionOp(ev, OpKind::ForiLoop, operands, op.attrs(), {spec}, outTypes);
  for (unsigned i = 0; i < op.numResults(); ++i)
    env.primal[op.result(i)] = res[i];
  for (size_t k = 0; k < cIdx.size(); ++k)
    env.tangent[op.result(cIdx[k] - 2)] = res[op.numResults() + k];
}

/// With concrete bounds, the forward loop is a scan over (i, carry) that
/// saves each iteration's (i, carry); with traced bounds it stays a
/// fori_loop and reverse mode is an error (JAX's).
void foriFwd(Evaluator &ev, const ir::Operation &op, Env &env) {
  Value lo = env.getPrimal(op.operand(0)), hi = env.getPrimal(op.operand(1));
  if (!lo.isArray() || !hi.isArray())
    return replayRegionPrimal(ev, op, env);
  const ir::Block &blk = op.region(0).front();
  int64_t l = lo.asArray().getInt(0), h = hi.asArray().getInt(0);
  int64_t trip = std::max<int64_t>(0, h - l);
  unsigned nc = op.numOperands() - 2;
  const TensorType &iType = blk.argument(0)->type();
  RegionSpec spec;
  spec.argTypes = argTypes(blk);
  spec.body = [&](const Vals &args) {
    Env child;
    child.parent = &env;
    for (unsigned i = 0; i < blk.numArguments(); ++i)
      child.primal[blk.argument(i)] = args[i];
    replayPrimal(ev, blk, child);
    Vals outs{prims::binary(ev, OpKind::Add, args[0],
                            prims::full(ev, {}, Value::integer(1), iType.dtype, iType.weak))};
    for (const Value &v : yieldedPrimals(blk, child))
      outs.push_back(v);
    outs.insert(outs.end(), args.begin(), args.end());
    return outs;
  };
  Vals operands{prims::convert(ev, lo, iType.dtype, iType.weak)};
  for (unsigned i = 0; i < nc; ++i)
    operands.push_back(env.getPrimal(op.operand(2 + i)));
  std::vector<TensorType> outTypes = argTypes(blk);
  for (const TensorType &t : argTypes(blk))
    outTypes.push_back(stacked(t, trip));
  ir::Attrs attrs{{"length", trip}, {"reverse", int64_t(0)}, {"num_carry", int64_t(nc + 1)}};
  Vals res = emitRegionOp(ev, OpKind::Scan, operands, attrs, {spec}, outTypes);
  for (unsigned i = 0; i < nc; ++i)
    env.primal[op.result(i)] = res[1 + i];
  env.saved[&op] = Vals(res.begin() + 1 + nc, res.end());
}

[[noreturn]] void loopReverseError(const ir::Operation &op) {
  ParaxError err("ValueError",
                 "Reverse-mode differentiation does not work for lax.while_loop or "
                 "lax.fori_loop with dynamic start/stop values. Try using lax.scan, or "
                 "using fori_loop with static start/stop.",
                 {}, "forward mode (jax.jvp, jax.jacfwd) differentiates while_loop; for "
                     "reverse mode give fori_loop Python-int bounds or use lax.scan");
  err.diag().loc = op.loc();
  throw err;
}

void foriBwd(Evaluator &ev, const ir::Operation &op, Env &env) {
  auto it = env.saved.find(&op);
  if (it == env.saved.end())
    loopReverseError(op);
  const ir::Block &blk = op.region(0).front();
  unsigned nc = op.numOperands() - 2;
  BackwardLoop L;
  L.blk = &blk;
  L.length = prims::shapeOf(it->second[0])[0];
  L.reverse = false;
  // Block arg 1 + i is carry i; its new value is yield i.
  L.yieldOffset = unsigned(-1);
  L.savedArgs = it->second;
  std::vector<unsigned> diffCarry;
  for (unsigned i = 0; i < nc; ++i)
    if (differentiable(blk.argument(1 + i)->type()))
      diffCarry.push_back(1 + i);
  Vals init;
  for (unsigned a : diffCarry)
    init.push_back(instantiate(ev, env.getCt(op.result(a - 1)), blk.argument(a)->type()));
  BackwardResult r = runBackwardLoop(ev, op, env, L, init, diffCarry);
  for (size_t k = 0; k < diffCarry.size(); ++k)
    env.addCt(ev, op.operand(diffCarry[k] + 1), r.carryCts[k]);
}

//===----------------------------------------------------------------------===//
// while_loop

void whileJvp(Evaluator &ev, const ir::Operation &op, Env &env) {
  if (!anyTangentIn(op, env))
    return replayRegionPrimal(ev, op, env);
  const ir::Block &condB = op.region(0).front(), &bodyB = op.region(1).front();
  std::vector<TensorType> opTypes = operandTypes(op);
  std::vector<unsigned> cIdx = diffIndices(opTypes, 0, op.numOperands());
  Vals operands = primalsOf(op, env);
  for (unsigned i : cIdx)
    operands.push_back(instantiate(ev, env.getTangent(op.operand(i)), opTypes[i]));
  std::vector<TensorType> carryTypes = opTypes;
  for (unsigned i : cIdx)
    carryTypes.push_back(opTypes[i]);
  unsigned n = op.numOperands();
  RegionSpec condSpec{carryTypes, [&](const Vals &args) {
                        Env child;
                        child.parent = &env;
                        for (unsigned i = 0; i < n; ++i)
                          child.primal[condB.argument(i)] = args[i];
                        replayPrimal(ev, condB, child);
                        return yieldedPrimals(condB, child);
                      }};
  RegionSpec bodySpec{carryTypes, [&](const Vals &args) {
                        Env child;
                        child.parent = &env;
                        for (unsigned i = 0; i < n; ++i)
                          child.primal[bodyB.argument(i)] = args[i];
                        for (size_t k = 0; k < cIdx.size(); ++k)
                          child.tangent[bodyB.argument(cIdx[k])] = args[n + k];
                        replayJvp(ev, bodyB, child);
                        Vals outs = yieldedPrimals(bodyB, child), ts = yieldedTangents(bodyB, child);
                        for (unsigned i : cIdx)
                          outs.push_back(instantiate(ev, ts[i], opTypes[i]));
                        return outs;
                      }};
  Vals res = emitRegionOp(ev, OpKind::While, operands, op.attrs(), {condSpec, bodySpec},
                          carryTypes);
  for (unsigned i = 0; i < op.numResults(); ++i)
    env.primal[op.result(i)] = res[i];
  for (size_t k = 0; k < cIdx.size(); ++k)
    env.tangent[op.result(cIdx[k])] = res[n + k];
}

void whileBwd(Evaluator &, const ir::Operation &op, Env &) { loopReverseError(op); }

//===----------------------------------------------------------------------===//
// pmap

void pmapJvp(Evaluator &ev, const ir::Operation &op, Env &env) {
  if (!anyTangentIn(op, env))
    return replayRegionPrimal(ev, op, env);
  const ir::Block &blk = op.region(0).front();
  std::vector<TensorType> opTypes = operandTypes(op), resTypes = resultTypes(op);
  std::vector<unsigned> tIdx = diffIndices(opTypes, 0, op.numOperands());
  std::vector<unsigned> rIdx = diffIndices(resTypes, 0, op.numResults());
  std::vector<int64_t> inAx = op.attrs().getInts("in_axes"), outAx = op.attrs().getInts("out_axes");
  Vals operands = primalsOf(op, env);
  RegionSpec spec;
  spec.argTypes = argTypes(blk);
  for (unsigned i : tIdx) {
    operands.push_back(instantiate(ev, env.getTangent(op.operand(i)), opTypes[i]));
    inAx.push_back(inAx[i]);
    spec.argTypes.push_back(blk.argument(i)->type());
  }
  std::vector<TensorType> outTypes = resTypes;
  for (unsigned j : rIdx) {
    outTypes.push_back(resTypes[j]);
    outAx.push_back(outAx[j]);
  }
  spec.body = [&](const Vals &args) {
    Env child;
    child.parent = &env;
    unsigned n = blk.numArguments();
    for (unsigned i = 0; i < n; ++i)
      child.primal[blk.argument(i)] = args[i];
    for (size_t k = 0; k < tIdx.size(); ++k)
      child.tangent[blk.argument(tIdx[k])] = args[n + k];
    replayJvp(ev, blk, child);
    Vals outs = yieldedPrimals(blk, child), ts = yieldedTangents(blk, child);
    for (unsigned j : rIdx)
      outs.push_back(instantiate(ev, ts[j], blk.terminator()->operand(j)->type()));
    return outs;
  };
  ir::Attrs attrs = op.attrs();
  attrs.set("in_axes", inAx);
  attrs.set("out_axes", outAx);
  Vals res = emitRegionOp(ev, OpKind::Pmap, operands, attrs, {spec}, outTypes,
                          op.attrs().getString("axis_name"), op.attrs().getInt("axis_size"));
  for (unsigned i = 0; i < op.numResults(); ++i)
    env.primal[op.result(i)] = res[i];
  for (size_t k = 0; k < rIdx.size(); ++k)
    env.tangent[op.result(rIdx[k])] = res[op.numResults() + k];
}

void pmapBwd(Evaluator &ev, const ir::Operation &op, Env &env) {
  const ir::Block &blk = op.region(0).front();
  std::string axis = op.attrs().getString("axis_name");
  std::vector<TensorType> opTypes = operandTypes(op), resTypes = resultTypes(op);
  std::vector<unsigned> dIdx = activeOperands(op, env, 0, op.numOperands());
  std::vector<unsigned> rIdx = diffIndices(resTypes, 0, op.numResults());
  std::vector<const ir::Value *> caps = diffCaptures(op, env);
  const std::vector<int64_t> &inAx0 = op.attrs().getInts("in_axes");
  const std::vector<int64_t> &outAx0 = op.attrs().getInts("out_axes");
  Vals operands = primalsOf(op, env);
  std::vector<int64_t> inAx = inAx0, outAx;
  RegionSpec spec;
  spec.argTypes = argTypes(blk);
  int64_t nDev = op.attrs().getInt("axis_size");
  for (unsigned j : rIdx) {
    Value ct = instantiate(ev, env.getCt(op.result(j)), resTypes[j]);
    // An unmapped result is the same on every device (JAX requires it):
    // each device carries 1/n of its cotangent, so the psums of the
    // transposed collectives add up to it once.
    if (outAx0[j] < 0)
      ct = div(ev, ct, constLike(ev, ct, double(nDev)));
    operands.push_back(ct);
    inAx.push_back(outAx0[j]);
    spec.argTypes.push_back(blk.terminator()->operand(j)->type());
  }
  // pmap results are never weakly typed (JAX converts its arguments).
  auto strong = [](TensorType t) {
    t.weak = false;
    return t;
  };
  std::vector<TensorType> outTypes;
  for (unsigned i : dIdx) {
    outTypes.push_back(strong(opTypes[i]));
    outAx.push_back(inAx0[i]);
  }
  for (const ir::Value *c : caps) {
    outTypes.push_back(strong(c->type()));
    outAx.push_back(-1);
  }
  auto psum = [&](const Value &v) {
    return bind1(ev, OpKind::Psum, {v}, ir::Attrs{{"axis_name", axis}}, prims::typeOf(v));
  };
  spec.body = [&](const Vals &args) {
    unsigned n = blk.numArguments();
    Seeds seeds;
    for (size_t k = 0; k < rIdx.size(); ++k)
      seeds.emplace_back(rIdx[k], args[n + k]);
    Env child = pullBackThroughBlock(ev, env, blk, args.data(), seeds);
    Vals outs;
    for (unsigned i : dIdx) {
      Value g = instantiate(ev, child.getCt(blk.argument(i)), strong(blk.argument(i)->type()));
      outs.push_back(inAx0[i] < 0 ? psum(g) : g);
    }
    for (const ir::Value *c : caps)
      outs.push_back(psum(instantiate(ev, child.getCt(c), strong(c->type()))));
    return outs;
  };
  ir::Attrs attrs = op.attrs();
  attrs.set("in_axes", inAx);
  attrs.set("out_axes", outAx);
  Vals res = emitRegionOp(ev, OpKind::Pmap, operands, attrs, {spec}, outTypes, axis,
                          op.attrs().getInt("axis_size"));
  for (size_t k = 0; k < dIdx.size(); ++k)
    env.addCt(ev, op.operand(dIdx[k]), res[k]);
  for (size_t k = 0; k < caps.size(); ++k)
    env.addCt(ev, caps[k], res[dIdx.size() + k]);
}

} // namespace

void registerControlFlowRules(RuleTable &t) {
  t[OpKind::Cond].regionJvp = condJvp;
  t[OpKind::Cond].regionFwd = condFwd;
  t[OpKind::Cond].regionBwd = condBwd;
  t[OpKind::Scan].regionJvp = scanJvp;
  t[OpKind::Scan].regionFwd = scanFwd;
  t[OpKind::Scan].regionBwd = scanBwd;
  t[OpKind::ForiLoop].regionJvp = foriJvp;
  t[OpKind::ForiLoop].regionFwd = foriFwd;
  t[OpKind::ForiLoop].regionBwd = foriBwd;
  t[OpKind::While].regionJvp = whileJvp;
  t[OpKind::While].regionBwd = whileBwd;
  t[OpKind::Pmap].regionJvp = pmapJvp;
  t[OpKind::Pmap].regionBwd = pmapBwd;
}

} // namespace parax::frontend::ad
