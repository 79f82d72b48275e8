//===- Trace.cpp - tracing Python functions into IR -----------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/tracing/Trace.h"
#include "frontend/machine/ArrayStorage.h"
#include "frontend/tracing/ShardingHooks.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/MemoryCheck.h"
#include "frontend/tracing/Promotion.h"
#include "runtime/Backend.h"

#include <set>

namespace parax::frontend {

const TensorType &TracerObj::type() const { return value->type(); }

TensorType abstractType(const Value &v) {
  switch (v.kind()) {
  case Value::Kind::Array:
    return arrayTypeOf(v);
  case Value::Kind::Tracer:
    return v.asTracer().type();
  case Value::Kind::Bool:
    return TensorType{DType::Bool, {}, false};
  case Value::Kind::Int:
    return TensorType{defaultInt(), {}, true};
  case Value::Kind::Float:
    return TensorType{defaultFloat(), {}, true};
  case Value::Kind::BigInt:
    raiseIntTooLargeForJax(v);
  default:
    raise("TypeError", "Value " + typeName(v) + " is not a valid JAX type");
  }
}

namespace {
/// A Python scalar as a (weak) rank-0 array of its default dtype.
Array scalarToArray(const Value &v) {
  if (v.isBool())
    return Array::scalarInt(DType::Bool, v.asBool());
  if (v.isInt()) {
    int64_t i = v.asInt();
    if (!x64Enabled() && (i < INT32_MIN || i > INT32_MAX))
      raise("OverflowError",
            "Python int " + std::to_string(i) + " too large to convert to int32");
    return Array::scalarInt(defaultInt(), i, true);
  }
  return Array::scalar(defaultFloat(), v.asFloat(), true);
}

Array toArray(const Value &v) {
  if (v.isArray())
    return v.asArray();
  if (v.isNumber())
    return scalarToArray(v);
  if (v.isBigInt())
    raiseIntTooLargeForJax(v);
  raise("TypeError", "Value " + typeName(v) + " is not a valid JAX type");
}

/// Whether block `b` is `inner` or encloses it.
bool encloses(ir::Block *b, ir::Block *inner) {
  for (ir::Block *cur = inner; cur;) {
    if (cur == b)
      return true;
    ir::Operation *op = cur->parentOp();
    cur = op ? op->parentBlock() : nullptr;
  }
  return false;
}
} // namespace

Value makeTracer(TraceContext &ctx, ir::Value *v) {
  return Value::object(Value::Kind::Tracer,
                       std::make_shared<TracerObj>(v, ctx.program));
}

namespace {
/// A captured abstract value becomes an extra argument of the program being
/// traced (never run under parax check), so the plan counts it as an input.
ir::Value *abstractInput(TraceContext &ctx, const Value &v) {
  const void *key = v.objectPtr().get();
  auto it = ctx.program->abstractInputs.find(key);
  if (it != ctx.program->abstractInputs.end())
    return it->second.first;
  ir::Value *arg = ctx.program->module->funcs()[0]->entry().addArgument(v.asTracer().type());
  ctx.program->abstractInputs[key] = {arg, v.objectPtr()};
  return arg;
}
} // namespace

Value makeAbstract(const TensorType &t, std::shared_ptr<const AbstractOrigin> origin) {
  auto value = std::make_unique<ir::Value>(t, nullptr, nullptr, 0);
  auto obj = std::make_shared<TracerObj>(value.get(), nullptr);
  obj->owned = std::move(value);
  obj->abstractOf = std::move(origin);
  return Value::object(Value::Kind::Tracer, obj);
}

const AbstractOrigin *abstractOrigin(const Value &v) {
  return v.isTracer() ? v.asTracer().abstractOf.get() : nullptr;
}

void stopCheck(Evaluator &ev, const Value &abstract) { stopCheckAt(ev.currentLoc(), abstract); }

void stopCheckAt(const Loc &loc, const Value &abstract) {
  const AbstractOrigin *o = abstractOrigin(abstract);
  CheckStop stop;
  stop.diag.severity = "note";
  stop.diag.loc = loc;
  stop.diag.message =
      "parax check stops here: this line needs the value computed by " +
      (o ? o->what + (o->loc.valid() ? " (" + o->loc.str() + ")" : "") : "a jit/pmap program") +
      ", which parax check does not compute; the plans above cover every program traced "
      "before it";
  stop.diag.hint = "run the program (parax prog.py) for its values; parax check only "
                   "traces and plans";
  throw stop;
}

ir::Value *materialize(Evaluator &ev, TraceContext &ctx, const Value &v) {
  if (v.isTracer()) {
    TracerObj &t = v.asTracer();
    if (t.abstractOf)
      return abstractInput(ctx, v);
    ir::Block *defBlock = t.value->ownerBlock();
    if (t.program != ctx.program || !encloses(defBlock, ctx.block))
      raise("UnexpectedTracerError",
            "Encountered an unexpected tracer. A function transformed by JAX "
            "had a side effect, allowing for a reference to an intermediate "
            "value with type " + t.type().str(true) +
                " wrapped in a JitTracer to escape the scope of the "
                "transformation.",
            "do not store traced values in Python variables that outlive the "
            "traced function (lists, globals); return them instead");
    return t.value;
  }
  Array a = toArray(v);
  // A split array closed over by a program keeps its split there (as a
  // constant of that sharding); it is not shared with unsplit views.
  bool split = v.isArray() && !ctx.block->parentOp() && shardingHooks().key &&
               !shardingHooks().key(v).empty();
  const void *key = v.isArray() && !split ? a.raw() : nullptr;
  if (key) {
    auto it = ctx.constants.find(key);
    if (it != ctx.constants.end() && it->second->type() == a.type())
      return it->second;
  }
  ir::Attrs attrs{{"value", a}};
  // A Python number derived from jax.process_index() (several processes):
  // the divergent-collective check treats this constant as device-varying.
  if (v.processVarying())
    attrs.set("process_varying", int64_t(1));
  ir::Builder b(ctx.block);
  ir::Operation *op = b.create(ir::OpKind::Constant, {}, {a.type()}, std::move(attrs),
                               ev.currentLoc(), ev.callStack());
  if (key)
    ctx.constants[key] = op->result();
  if (split)
    shardingHooks().traceArg(v, makeTracer(ctx, op->result()));
  return op->result();
}

std::vector<Value> bind(Evaluator &ev, ir::OpKind kind,
                        const std::vector<Value> &operands, ir::Attrs attrs,
                        const std::vector<TensorType> &resultTypes) {
  // Every array the program makes, eager or traced, passes here: a shape
  // too big for int64 size arithmetic stops at the user's call.
  for (const TensorType &t : resultTypes)
    checkArraySize(t.dtype, t.shape);
  TraceContext *ctx = ev.currentTrace();
  if (!ctx) {
    // parax check: an operation on an abstract value gives abstract results.
    for (const Value &v : operands)
      if (abstractOrigin(v)) {
        if (ir::hasTrait(kind, ir::S)) // jax.debug.print: it would show the data
          stopCheck(ev, v);
        std::vector<Value> r;
        for (const TensorType &t : resultTypes)
          r.push_back(makeAbstract(t, v.asTracer().abstractOf));
        if (auto *prop = shardingHooks().propagate)
          prop(ev, kind, operands, attrs, r);
        return r;
      }
    for (const Value &v : operands) {
      if (v.isTracer())
        raise("UnexpectedTracerError",
              "Encountered an unexpected tracer. A function transformed by JAX had a "
              "side effect, allowing for a reference to an intermediate value with type " +
                  v.asTracer().type().str(true) +
                  " wrapped in a JitTracer to escape the scope of the transformation.",
              "do not store traced values in Python variables that outlive the traced "
              "function (lists, globals); return them instead");
    }
    // Ops on split operands run per device on their shards (their memory is
    // checked per device by that program's preflight); the rest on one
    // device.
    std::vector<Value> r;
    auto *perDevice = shardingHooks().eager;
    if (!perDevice || !perDevice(ev, kind, attrs, operands, resultTypes, r)) {
      std::vector<Array> ins;
      ins.reserve(operands.size());
      for (const Value &v : operands)
        ins.push_back(toArray(v));
      checkEagerAllocation(ev, resultTypes);
      for (Array &a : ev.backend().evalEager(kind, attrs, ins, resultTypes))
        r.push_back(Value::array(std::move(a)));
    }
    if (auto *prop = shardingHooks().propagate)
      prop(ev, kind, operands, attrs, r);
    return r;
  }
  std::vector<ir::Value *> ins;
  ins.reserve(operands.size());
  for (const Value &v : operands)
    ins.push_back(materialize(ev, *ctx, v));
  ir::Builder b(ctx->block);
  ir::Operation *op = b.create(kind, ins, resultTypes, std::move(attrs),
                               ev.currentLoc(), ev.callStack());
  std::vector<Value> r;
  for (unsigned i = 0; i < op->numResults(); ++i)
    r.push_back(makeTracer(*ctx, op->result(i)));
  if (auto *prop = shardingHooks().propagate)
    prop(ev, kind, operands, op->attrs(), r);
  return r;
}

Value bind1(Evaluator &ev, ir::OpKind kind, const std::vector<Value> &operands,
            ir::Attrs attrs, const TensorType &resultType) {
  return bind(ev, kind, operands, std::move(attrs), {resultType})[0];
}

TraceScope::TraceScope(Evaluator &ev, TraceContext &ctx)
    : ev_(ev), saved_(ev.callStack()) {
  ev.pushTrace(&ctx);
}

TraceScope::~TraceScope() { ev_.popTrace(); }

std::vector<std::string> dependentArgs(const TraceContext &ctx, ir::Value *v) {
  std::set<unsigned> args;
  std::set<ir::Value *> seen;
  std::vector<ir::Value *> work{v};
  while (!work.empty()) {
    ir::Value *cur = work.back();
    work.pop_back();
    if (!seen.insert(cur).second)
      continue;
    if (cur->isBlockArg()) {
      if (cur->ownerBlock() == ctx.block)
        args.insert(cur->index());
      continue;
    }
    ir::Operation *op = cur->definingOp();
    for (ir::Value *o : op->operands())
      work.push_back(o);
    // Values flowing out of regions depend on what the regions yield.
    for (unsigned r = 0; r < op->numRegions(); ++r)
      if (ir::Operation *t = op->region(r).front().terminator())
        for (ir::Value *o : t->operands())
          work.push_back(o);
  }
  std::vector<std::string> names;
  for (unsigned i : args)
    if (i < ctx.argNames.size() &&
        std::find(names.begin(), names.end(), ctx.argNames[i]) == names.end())
      names.push_back(ctx.argNames[i]);
  return names;
}

const ir::Operation *axisIndexSource(ir::Value *v) {
  std::set<ir::Value *> seen;
  std::vector<ir::Value *> work{v};
  while (!work.empty() && seen.size() < 10000) {
    ir::Value *cur = work.back();
    work.pop_back();
    if (!seen.insert(cur).second || cur->isBlockArg())
      continue;
    ir::Operation *op = cur->definingOp();
    if (op->kind() == ir::OpKind::AxisIndex)
      return op;
    for (ir::Value *o : op->operands())
      work.push_back(o);
  }
  return nullptr;
}

std::string tracingOrigin(Evaluator &ev, const Value &tracer) {
  // The innermost trace that the value depends on names the culprit.
  const auto &traces = ev.traceStack();
  for (size_t i = traces.size(); i-- > 0;) {
    TraceContext &ctx = *traces[i];
    std::vector<std::string> deps =
        tracer.isTracer() ? dependentArgs(ctx, tracer.asTracer().value)
                          : std::vector<std::string>{};
    if (deps.empty() && i > 0)
      continue;
    std::string where = ctx.loc.valid()
                            ? SourceRegistry::name(ctx.loc.file) + ":" +
                                  std::to_string(ctx.loc.line)
                            : "<unknown>";
    std::string s = "The error occurred while tracing the function " +
                    ctx.fnName + " at " + where + " for " + ctx.kind + ". ";
    if (deps.empty())
      return s + "This value became a tracer due to JAX operations on these "
                 "lines.";
    std::string list;
    for (size_t k = 0; k < deps.size(); ++k) {
      if (k)
        list += k + 1 == deps.size() ? (deps.size() > 2 ? ", and " : " and ") : ", ";
      list += deps[k];
    }
    return s + "This concrete value was not available in Python because it "
               "depends on the value of the argument" +
           (deps.size() > 1 ? "s " : " ") + list + ".";
  }
  return "";
}

void concretizationError(Evaluator &ev, const std::string &kind,
                         const std::string &what, const Value &tracer,
                         const std::string &hint) {
  if (abstractOrigin(tracer))
    stopCheck(ev, tracer);
  std::string origin = tracingOrigin(ev, tracer);
  raise(kind, what + (origin.empty() ? "" : "\n" + origin), hint);
}

} // namespace parax::frontend
