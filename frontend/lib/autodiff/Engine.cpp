//===- Engine.cpp - replaying traced IR with tangents or cotangents -------===//
//
// The transformation-independent half of autodiff: tracing a function into a
// standalone Func, the rule table, and the replay loops that walk a block
// and call each op's rule (see Autodiff.h for the design).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/autodiff/Autodiff.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/Staging.h"
#include "frontend/machine/Evaluator.h"

#include <set>

namespace parax::frontend::ad {

using ir::OpKind;

Value Env::getPrimal(const ir::Value *v) const {
  for (const Env *e = this; e; e = e->parent) {
    auto it = e->primal.find(v);
    if (it != e->primal.end())
      return it->second;
  }
  PARAX_ASSERT(false) << "autodiff: unbound value of type " << v->type().str();
  return Value();
}

Value Env::getTangent(const ir::Value *v) const {
  for (const Env *e = this; e; e = e->parent) {
    auto it = e->tangent.find(v);
    if (it != e->tangent.end())
      return it->second;
    // A value bound here without a tangent is a zero: stop looking.
    if (e->primal.count(v))
      return Value();
  }
  return Value();
}

Value Env::getCt(const ir::Value *v) const {
  auto it = ct.find(v);
  return it == ct.end() ? Value() : it->second;
}

void Env::addCt(Evaluator &ev, const ir::Value *v, const Value &c) {
  if (c.isNone() || !differentiable(v->type()) || !isActive(v))
    return;
  const TensorType &t = v->type();
  Value cc = c;
  if (prims::dtypeOf(cc) != t.dtype)
    cc = prims::convert(ev, cc, t.dtype, t.weak);
  PARAX_ASSERT(prims::shapeOf(cc) == t.shape)
      << "autodiff: cotangent shape " << prims::typeOf(cc).str() << " for " << t.str();
  auto it = ct.find(v);
  if (it == ct.end() || it->second.isNone())
    ct[v] = cc;
  else
    it->second = prims::binary(ev, OpKind::Add, it->second, cc);
}

bool differentiable(const TensorType &t) { return isFloat(t.dtype); }

Value zerosOf(Evaluator &ev, const TensorType &t) {
  return prims::full(ev, t.shape, Value::floating(0.0), t.dtype, t.weak);
}

Value instantiate(Evaluator &ev, const Value &c, const TensorType &t) {
  if (c.isNone())
    return zerosOf(ev, t);
  if (c.isNumber())
    return prims::full(ev, t.shape, c, t.dtype, t.weak);
  TensorType ct = prims::typeOf(c);
  if (ct.dtype != t.dtype || ct.weak != t.weak)
    return prims::convert(ev, c, t.dtype, t.weak);
  return c;
}

Value addAny(Evaluator &ev, const Value &a, const Value &b) {
  if (a.isNone())
    return b;
  if (b.isNone())
    return a;
  return prims::binary(ev, OpKind::Add, a, b);
}

//===----------------------------------------------------------------------===//
// The rule table.

/// One entry per line of Ops.def.
constexpr size_t kNumOps = 0
#define PARAX_OP(Name, Mnemonic, NumRegions, Traits) +1
#include "ir/Ops.def"
    ;

const RuleTable &rules() {
  static const RuleTable table = [] {
    RuleTable t;
    t.byKind.resize(kNumOps);
    registerElementwiseRules(t);
    registerShapeOpRules(t);
    registerReductionRules(t);
    registerDotRules(t);
    registerIndexingRules(t);
    registerControlFlowRules(t);
    registerCollectiveRules(t);
    return t;
  }();
  return table;
}

namespace {

[[noreturn]] void missingRule(const ir::Operation &op, const char *mode) {
  ParaxError err("NotImplementedError",
                 std::string("Differentiation rule for '") + op.name() + "' not implemented",
                 {}, std::string("no ") + mode + "-mode rule exists for " + op.name() +
                         " (JAX has none either); compute it outside the differentiated "
                         "function or wrap its input in lax.stop_gradient");
  err.diag().loc = op.loc();
  throw err;
}

bool anyNonNone(const Vals &v) {
  for (const Value &x : v)
    if (!x.isNone())
      return true;
  return false;
}

Vals primalOperands(const ir::Operation &op, const Env &env) {
  Vals r;
  r.reserve(op.numOperands());
  for (ir::Value *v : op.operands())
    r.push_back(env.getPrimal(v));
  return r;
}

std::vector<TensorType> resultTypesOf(const ir::Operation &op) {
  std::vector<TensorType> r;
  for (auto &v : op.results())
    r.push_back(v->type());
  return r;
}

} // namespace

Vals emitSame(Evaluator &ev, const ir::Operation &op, const Vals &ins) {
  if (op.kind() == OpKind::Constant)
    return {Value::array(op.attrs().getArray("value"))};
  return frontend::bind(ev, op.kind(), ins, op.attrs(), resultTypesOf(op));
}

/// A region op replayed with its regions replayed primal-only.
void replayRegionPrimal(Evaluator &ev, const ir::Operation &op, Env &env) {
  std::vector<RegionSpec> regions;
  for (unsigned r = 0; r < op.numRegions(); ++r) {
    const ir::Block &blk = op.region(r).front();
    RegionSpec spec;
    for (auto &a : blk.arguments())
      spec.argTypes.push_back(a->type());
    spec.body = [&ev, &blk, &env](const Vals &args) {
      Env child;
      child.parent = &env;
      for (unsigned i = 0; i < blk.numArguments(); ++i)
        child.primal[blk.argument(i)] = args[i];
      replayPrimal(ev, blk, child);
      return yieldedPrimals(blk, child);
    };
    regions.push_back(std::move(spec));
  }
  std::string axis = op.kind() == OpKind::Pmap ? op.attrs().getString("axis_name") : "";
  int64_t size = op.kind() == OpKind::Pmap ? op.attrs().getInt("axis_size") : 0;
  Vals outs = emitRegionOp(ev, op.kind(), primalOperands(op, env), op.attrs(), regions,
                           resultTypesOf(op), axis, size);
  for (unsigned i = 0; i < op.numResults(); ++i)
    env.primal[op.result(i)] = outs[i];
}

namespace {

bool isTerminator(const ir::Operation &op) {
  return op.kind() == OpKind::Yield || op.kind() == OpKind::Return;
}

void bindResults(const ir::Operation &op, Env &env, const Vals &outs) {
  for (unsigned i = 0; i < op.numResults(); ++i)
    env.primal[op.result(i)] = outs[i];
}

} // namespace

void replayPrimal(Evaluator &ev, const ir::Block &block, Env &env) {
  for (auto &p : block.operations()) {
    const ir::Operation &op = *p;
    if (isTerminator(op))
      break;
    ev.setCurrentLoc(op.loc());
    if (op.hasTrait(ir::S) && env.recomputing())
      continue;
    if (op.numRegions())
      replayRegionPrimal(ev, op, env);
    else
      bindResults(op, env, emitSame(ev, op, primalOperands(op, env)));
  }
}

void replayJvp(Evaluator &ev, const ir::Block &block, Env &env) {
  const RuleTable &table = rules();
  for (auto &p : block.operations()) {
    const ir::Operation &op = *p;
    if (isTerminator(op))
      break;
    ev.setCurrentLoc(op.loc());
    const Rule &rule = table.byKind[size_t(op.kind())];
    if (op.numRegions()) {
      if (rule.regionJvp)
        rule.regionJvp(ev, op, env);
      else
        replayRegionPrimal(ev, op, env);
      continue;
    }
    Vals ins = primalOperands(op, env);
    Vals outs = emitSame(ev, op, ins);
    bindResults(op, env, outs);
    if (rule.nonDifferentiable)
      continue;
    bool anyResult = false;
    for (auto &r : op.results())
      anyResult |= differentiable(r->type());
    if (!anyResult)
      continue;
    Vals tin;
    for (ir::Value *v : op.operands())
      tin.push_back(differentiable(v->type()) ? env.getTangent(v) : Value());
    if (!anyNonNone(tin))
      continue;
    if (!rule.jvp)
      missingRule(op, "forward");
    OpCtx c{ev, op, ins, outs};
    Vals tout = rule.jvp(c, tin);
    for (unsigned i = 0; i < op.numResults() && i < tout.size(); ++i)
      if (!tout[i].isNone() && differentiable(op.result(i)->type()))
        env.tangent[op.result(i)] = instantiate(ev, tout[i], op.result(i)->type());
  }
}

void replayForward(Evaluator &ev, const ir::Block &block, Env &env) {
  const RuleTable &table = rules();
  for (auto &p : block.operations()) {
    const ir::Operation &op = *p;
    if (isTerminator(op))
      break;
    ev.setCurrentLoc(op.loc());
    const Rule &rule = table.byKind[size_t(op.kind())];
    if (op.hasTrait(ir::S) && env.recomputing())
      continue;
    if (op.numRegions()) {
      if (rule.regionFwd)
        rule.regionFwd(ev, op, env);
      else
        replayRegionPrimal(ev, op, env);
      continue;
    }
    bindResults(op, env, emitSame(ev, op, primalOperands(op, env)));
  }
}

void replayBackward(Evaluator &ev, const ir::Block &block, Env &env) {
  const RuleTable &table = rules();
  std::vector<const ir::Operation *> ops;
  for (auto &p : block.operations()) {
    if (isTerminator(*p))
      break;
    ops.push_back(p.get());
  }
  for (auto it = ops.rbegin(); it != ops.rend(); ++it) {
    const ir::Operation &op = **it;
    const Rule &rule = table.byKind[size_t(op.kind())];
    if (rule.nonDifferentiable)
      continue;
    Vals cts;
    for (auto &r : op.results())
      cts.push_back(env.getCt(r.get()));
    if (!anyNonNone(cts))
      continue;
    ev.setCurrentLoc(op.loc());
    if (op.numRegions()) {
      if (!rule.regionBwd)
        missingRule(op, "reverse");
      rule.regionBwd(ev, op, env);
      continue;
    }
    bool anyOperand = false;
    for (ir::Value *v : op.operands())
      anyOperand |= differentiable(v->type());
    if (!anyOperand)
      continue;
    if (!rule.vjp)
      missingRule(op, "reverse");
    Vals ins = primalOperands(op, env);
    Vals outs;
    for (auto &r : op.results())
      outs.push_back(env.getPrimal(r.get()));
    OpCtx c{ev, op, ins, outs};
    Vals cin = rule.vjp(c, cts);
    for (unsigned i = 0; i < op.numOperands() && i < cin.size(); ++i)
      env.addCt(ev, op.operand(i), cin[i]);
  }
}

Vals yieldedPrimals(const ir::Block &block, const Env &env) {
  Vals r;
  if (ir::Operation *t = block.terminator())
    for (ir::Value *v : t->operands())
      r.push_back(env.getPrimal(v));
  return r;
}

Vals yieldedTangents(const ir::Block &block, const Env &env) {
  Vals r;
  if (ir::Operation *t = block.terminator())
    for (ir::Value *v : t->operands())
      r.push_back(differentiable(v->type()) ? env.getTangent(v) : Value());
  return r;
}

std::vector<const ir::Value *> capturedValues(const ir::Operation &op) {
  std::set<const ir::Value *> inside;
  std::vector<const ir::Value *> order;
  std::set<const ir::Value *> seen;
  // Everything defined within the op's regions.
  const_cast<ir::Operation &>(op).walk([&](ir::Operation *o) {
    if (o == &op)
      return;
    for (auto &r : o->results())
      inside.insert(r.get());
    for (unsigned i = 0; i < o->numRegions(); ++i)
      for (auto &a : o->region(i).front().arguments())
        inside.insert(a.get());
  });
  for (unsigned i = 0; i < op.numRegions(); ++i)
    for (auto &a : op.region(i).front().arguments())
      inside.insert(a.get());
  const_cast<ir::Operation &>(op).walk([&](ir::Operation *o) {
    if (o == &op)
      return;
    for (ir::Value *v : o->operands())
      if (!inside.count(v) && seen.insert(v).second)
        order.push_back(v);
  });
  return order;
}

Vals emitRegionOp(Evaluator &ev, OpKind kind, const Vals &operands, ir::Attrs attrs,
                  const std::vector<RegionSpec> &regions,
                  const std::vector<TensorType> &resultTypes, const std::string &axisName,
                  int64_t axisSize) {
  TraceContext *ctx = ev.currentTrace();
  if (!ctx) {
    // Eager replay: a region op runs as a program of its own, compiled and
    // run at once (as a top-level lax.scan does).
    Value r = staged(ev, mnemonic(kind), [&](TraceContext &) -> Value {
      return Value::tuple(emitRegionOp(ev, kind, operands, attrs, regions, resultTypes, axisName,
                                       axisSize));
    });
    return r.elements();
  }
  Loc loc = ev.currentLoc();
  std::vector<ir::Value *> ins;
  for (const Value &v : operands)
    ins.push_back(materialize(ev, *ctx, v));
  ir::Builder b(ctx->block);
  ir::Operation *op = b.create(kind, ins, resultTypes, std::move(attrs), loc, ev.callStack(),
                               int(regions.size()));
  for (size_t r = 0; r < regions.size(); ++r) {
    TraceContext child;
    child.program = ctx->program;
    child.block = &op->region(unsigned(r)).front();
    child.label = ctx->label;
    child.kind = ctx->kind;
    child.fnName = ctx->fnName;
    child.loc = loc;
    child.axisName = axisName;
    child.axisSize = axisSize;
    Vals args;
    for (const TensorType &t : regions[r].argTypes)
      args.push_back(makeTracer(child, child.block->addArgument(t)));
    std::vector<ir::Value *> yields;
    {
      TraceScope scope(ev, child);
      Vals outs = regions[r].body(args);
      for (const Value &v : outs)
        yields.push_back(materialize(ev, child, v));
    }
    ev.setCurrentLoc(loc);
    ir::Builder yb(child.block);
    yb.create(OpKind::Yield, yields, {}, {}, loc, ev.callStack());
  }
  Vals res;
  for (unsigned i = 0; i < op->numResults(); ++i)
    res.push_back(makeTracer(*ctx, op->result(i)));
  return res;
}

//===----------------------------------------------------------------------===//
// Tracing into a standalone Func.

namespace {
struct Cloner {
  std::map<const ir::Value *, ir::Value *> map;
  ir::Block *entry;
  std::vector<const ir::Value *> captured;

  ir::Value *lookup(ir::Value *v) {
    auto it = map.find(v);
    if (it != map.end())
      return it->second;
    // Defined outside the traced function: a captured value becomes an
    // argument of the standalone Func.
    ir::Value *arg = entry->addArgument(v->type());
    map[v] = arg;
    captured.push_back(v);
    return arg;
  }

  void cloneBlock(const ir::Block &src, ir::Block &dst) {
    ir::Builder b(&dst);
    for (auto &p : src.operations()) {
      const ir::Operation &op = *p;
      std::vector<ir::Value *> ins;
      for (ir::Value *v : op.operands())
        ins.push_back(lookup(v));
      ir::Operation *n = b.create(op.kind(), ins, resultTypesOf(op), op.attrs(), op.loc(),
                                  op.stack(), int(op.numRegions()));
      for (unsigned i = 0; i < op.numResults(); ++i)
        map[op.result(i)] = n->result(i);
      for (unsigned r = 0; r < op.numRegions(); ++r) {
        const ir::Block &sb = op.region(r).front();
        ir::Block &db = n->region(r).front();
        for (auto &a : sb.arguments())
          map[a.get()] = db.addArgument(a->type());
        cloneBlock(sb, db);
      }
    }
  }
};
} // namespace

TracedFn traceFn(Evaluator &ev, const std::vector<TensorType> &inTypes,
                 const std::function<Value(const Vals &)> &call, const std::string &label,
                 const std::string &axisName, int64_t axisSize) {
  TraceContext *ctx = ev.currentTrace();
  // At top level the function is traced into a scratch program (its IR is
  // copied out; nothing of the scratch program runs).
  std::shared_ptr<TraceProgram> scratch;
  TraceContext top;
  std::unique_ptr<TraceScope> topScope;
  if (!ctx) {
    scratch = std::make_shared<TraceProgram>();
    scratch->what = label;
    scratch->callLoc = ev.currentLoc();
    ir::Func &fn = scratch->module->addFunc(label);
    top.program = scratch;
    top.block = &fn.entry();
    top.label = top.kind = top.fnName = label;
    top.loc = ev.currentLoc();
    topScope = std::make_unique<TraceScope>(ev, top);
    ctx = &top;
  }
  Loc loc = ev.currentLoc();
  // The function is traced into the region of a placeholder op (so its ops
  // may use the enclosing trace's values), copied out, and the placeholder
  // is discarded.
  ir::Builder b(ctx->block);
  ir::Operation *holder = b.create(OpKind::Cond, {}, {}, {}, loc, ev.callStack(), 1);
  TracedFn r;
  try {
    TraceContext inner;
    inner.program = ctx->program;
    inner.block = &holder->region(0).front();
    inner.label = label;
    inner.kind = label;
    inner.fnName = label;
    inner.loc = loc;
    inner.axisName = axisName;
    inner.axisSize = axisSize;
    Vals args;
    for (const TensorType &t : inTypes)
      args.push_back(makeTracer(inner, inner.block->addArgument(t)));
    std::vector<ir::Value *> outs;
    {
      TraceScope scope(ev, inner);
      Value out = call(args);
      ev.setCurrentLoc(loc);
      Vals leaves;
      r.outDef = flatten(ev, out, leaves);
      for (const Value &l : leaves) {
        if (!l.isArrayLike())
          raise("TypeError", "Value " + ev.repr(l) + " of type " + typeName(l) +
                                 " is not a valid JAX type");
        outs.push_back(materialize(ev, inner, l));
      }
    }
    ev.setCurrentLoc(loc);
    r.module = std::make_shared<ir::Module>();
    r.func = &r.module->addFunc(label);
    Cloner cl;
    cl.entry = &r.func->entry();
    for (unsigned i = 0; i < inner.block->numArguments(); ++i)
      cl.map[inner.block->argument(i)] = cl.entry->addArgument(inTypes[i]);
    r.numInputs = inTypes.size();
    cl.cloneBlock(*inner.block, *cl.entry);
    std::vector<ir::Value *> rets;
    for (ir::Value *v : outs) {
      rets.push_back(cl.lookup(v));
      r.outTypes.push_back(v->type());
    }
    ir::Builder rb(cl.entry);
    rb.create(OpKind::Return, rets, {}, {}, loc, ev.callStack());
    for (const ir::Value *v : cl.captured)
      r.captured.push_back(makeTracer(*ctx, const_cast<ir::Value *>(v)));
  } catch (...) {
    discardOp(*ctx, holder);
    throw;
  }
  discardOp(*ctx, holder);
  return r;
}

Value runTransform(Evaluator &ev, const std::string &what, const std::function<Value()> &build) {
  if (ev.currentTrace())
    return staged(ev, what, [&](TraceContext &) { return build(); });
  return build();
}

namespace {
void bindInputs(const TracedFn &f, const Vals &primals, Env &env) {
  const ir::Block &entry = f.func->entry();
  PARAX_ASSERT(primals.size() == f.numInputs) << "autodiff: input count";
  for (size_t i = 0; i < f.numInputs; ++i)
    env.primal[entry.argument(unsigned(i))] = primals[i];
  for (size_t j = 0; j < f.captured.size(); ++j)
    env.primal[entry.argument(unsigned(f.numInputs + j))] = f.captured[j];
}
} // namespace

std::pair<Vals, Vals> jvpTraced(Evaluator &ev, const TracedFn &f, const Vals &primals,
                                const Vals &tangents) {
  Env env;
  bindInputs(f, primals, env);
  const ir::Block &entry = f.func->entry();
  for (size_t i = 0; i < f.numInputs; ++i)
    if (!tangents[i].isNone() && differentiable(entry.argument(unsigned(i))->type()))
      env.tangent[entry.argument(unsigned(i))] =
          instantiate(ev, tangents[i], entry.argument(unsigned(i))->type());
  Loc saved = ev.currentLoc();
  replayJvp(ev, entry, env);
  ev.setCurrentLoc(saved);
  return {yieldedPrimals(entry, env), yieldedTangents(entry, env)};
}

namespace {
/// Forward dependence on the inputs: an op's results (and its regions'
/// block arguments and values) are active when any operand or captured
/// value is.
void markActive(const ir::Block &b, std::unordered_set<const ir::Value *> &act) {
  for (auto &p : b.operations()) {
    const ir::Operation &op = *p;
    bool any = false;
    for (ir::Value *v : op.operands())
      any |= act.count(v) > 0;
    if (op.numRegions() && !any)
      for (const ir::Value *v : capturedValues(op))
        any |= act.count(v) > 0;
    if (!any)
      continue;
    for (auto &r : op.results())
      act.insert(r.get());
    for (unsigned i = 0; i < op.numRegions(); ++i) {
      const ir::Block &rb = op.region(i).front();
      for (auto &a : rb.arguments())
        act.insert(a.get());
      markActive(rb, act);
    }
  }
}
} // namespace

std::shared_ptr<std::unordered_set<const ir::Value *>> activeValues(const TracedFn &f) {
  auto act = std::make_shared<std::unordered_set<const ir::Value *>>();
  for (size_t i = 0; i < f.numInputs; ++i)
    act->insert(f.func->entry().argument(unsigned(i)));
  markActive(f.func->entry(), *act);
  return act;
}

Vals forwardTraced(Evaluator &ev, const TracedFn &f, const Vals &primals, Env &env) {
  bindInputs(f, primals, env);
  env.active = activeValues(f);
  Loc saved = ev.currentLoc();
  replayForward(ev, f.func->entry(), env);
  ev.setCurrentLoc(saved);
  return yieldedPrimals(f.func->entry(), env);
}

Vals backwardTraced(Evaluator &ev, const TracedFn &f, Env &env, const Vals &cts) {
  env.ct.clear();
  const ir::Block &entry = f.func->entry();
  ir::Operation *ret = entry.terminator();
  Loc saved = ev.currentLoc();
  for (unsigned i = 0; i < ret->numOperands() && i < cts.size(); ++i)
    env.addCt(ev, ret->operand(i), cts[i]);
  replayBackward(ev, entry, env);
  ev.setCurrentLoc(saved);
  Vals r;
  for (size_t i = 0; i < f.numInputs; ++i)
    r.push_back(env.getCt(entry.argument(unsigned(i))));
  return r;
}

} // namespace parax::frontend::ad
