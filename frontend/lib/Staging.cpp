//===- Staging.cpp - building region ops from Python callables ------------===//
#include "frontend/lib/Staging.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Jit.h"
#include "frontend/tracing/ShardingHooks.h"
#include "runtime/Backend.h"

#include <set>

namespace parax::frontend {

Value staged(Evaluator &ev, const std::string &what,
             const std::function<Value(TraceContext &)> &build) {
  if (TraceContext *cur = ev.currentTrace()) {
    size_t before = cur->block->operations().size();
    try {
      return build(*cur);
    } catch (...) {
      // The program may catch the error and go on tracing: leave no
      // half-built region op (and no constant cached inside it) behind.
      discardOpsAfter(*cur, before);
      throw;
    }
  }
  auto prog = std::make_shared<TraceProgram>();
  prog->what = what;
  prog->callLoc = ev.currentLoc();
  prog->callStack = ev.callStack();
  ir::Func &fn = prog->module->addFunc(what);
  TraceContext ctx;
  ctx.program = prog;
  ctx.block = &fn.entry();
  ctx.label = what;
  ctx.kind = what;
  ctx.fnName = what;
  ctx.loc = ev.currentLoc();
  Value out;
  TreeDef def;
  std::vector<Value> leaves;
  {
    TraceScope scope(ev, ctx);
    out = build(ctx);
    def = flatten(ev, out, leaves);
    // Split inputs give split results (vmap keeps its input's sharding).
    if (auto *t = shardingHooks().traceResults)
      t(prog, leaves);
    std::vector<ir::Value *> rets;
    for (const Value &l : leaves)
      rets.push_back(materialize(ev, ctx, l));
    ir::Builder b(ctx.block);
    b.create(ir::OpKind::Return, rets, {}, {}, ev.currentLoc(), ev.callStack());
  }
  if (auto *p = shardingHooks().partition)
    p(ev, *prog);
  auto exe = compileProgram(ev, *prog);
  std::vector<Value> results = runExecutable(ev, exe.get(), *prog, {});
  if (auto *r = shardingHooks().runResults)
    r(*prog, results);
  return unflatten(def, results);
}

BodyTrace traceBody(Evaluator &ev, TraceContext &parent, ir::Block *block,
                    const std::vector<TensorType> &argTypes,
                    const std::function<Value(const std::vector<Value> &)> &fn,
                    const std::string &label, const std::string &kind,
                    const std::string &fnName) {
  BodyTrace r;
  r.ctx = std::make_unique<TraceContext>();
  TraceContext &ctx = *r.ctx;
  ctx.program = parent.program;
  ctx.block = block;
  ctx.label = label;
  ctx.kind = kind;
  ctx.fnName = fnName;
  ctx.loc = ev.currentLoc();
  std::vector<Value> args;
  for (const TensorType &t : argTypes)
    args.push_back(makeTracer(ctx, block->addArgument(t)));
  Loc saved = ev.currentLoc();
  TraceScope scope(ev, ctx);
  Value out = fn(args);
  ev.setCurrentLoc(saved);
  r.outDef = flatten(ev, out, r.outLeaves);
  return r;
}

void emitYield(Evaluator &ev, BodyTrace &body, const std::vector<Value> &values) {
  std::vector<ir::Value *> vals;
  {
    TraceScope scope(ev, *body.ctx);
    for (const Value &v : values)
      vals.push_back(materialize(ev, *body.ctx, v));
  }
  ir::Builder b(body.ctx->block);
  b.create(ir::OpKind::Yield, vals, {}, {}, ev.currentLoc(), ev.callStack());
}

void discardOp(TraceContext &ctx, ir::Operation *op) {
  ir::Block *blk = op->parentBlock();
  auto &ops = blk->operations();
  for (auto it = ops.begin(); it != ops.end(); ++it) {
    if (it->get() != op)
      continue;
    std::unique_ptr<ir::Operation> owned = std::move(*it);
    ops.erase(it);
    // Drop uses of outer values so analyses never see the dead op.
    owned->walk([](ir::Operation *o) { o->dropOperands(); });
    ctx.program->discarded.push_back(std::move(owned));
    return;
  }
}

void discardOpsAfter(TraceContext &ctx, size_t keep) {
  std::vector<ir::Operation *> added;
  size_t i = 0;
  for (auto &op : ctx.block->operations())
    if (i++ >= keep)
      added.push_back(op.get());
  if (added.empty())
    return;
  std::set<ir::Operation *> gone(added.begin(), added.end());
  std::erase_if(ctx.constants, [&](const auto &kv) {
    return kv.second && gone.count(kv.second->definingOp());
  });
  for (auto it = added.rbegin(); it != added.rend(); ++it)
    discardOp(ctx, *it);
}

std::string paramName(const Value &fn, size_t i) {
  if (fn.kind() != Value::Kind::Function)
    return "";
  const Parameters *p = fn.asFunction().params;
  if (i < p->positional.size())
    return p->positional[i].name;
  if (!p->varargs.empty())
    return p->varargs + "[" + std::to_string(i - p->positional.size()) + "]";
  return "";
}

std::string callableName(const Value &fn) {
  if (fn.kind() == Value::Kind::Function)
    return fn.asFunction().name;
  if (fn.kind() == Value::Kind::Native) {
    if (auto *b = fn.as<BuiltinFunction>())
      return b->name();
    if (auto *j = fn.as<JitFunction>())
      return callableName(j->fun());
  }
  return "<function>";
}

std::string callableSite(const Value &fn) {
  std::string name = callableName(fn);
  if (fn.kind() == Value::Kind::Function) {
    Loc l = fn.asFunction().loc;
    if (l.valid())
      return name + " at " + SourceRegistry::name(l.file) + ":" +
             std::to_string(l.line);
  }
  return name;
}

} // namespace parax::frontend
