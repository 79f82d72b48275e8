//===- Jit.cpp - jax.jit and jax.pmap callables ---------------------------===//
#include "frontend/tracing/Jit.h"
#include "frontend/tracing/ShardingHooks.h"
#include "frontend/lib/NumpyArray.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/ProgramChecks.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/Lax.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/Staging.h"
#include "ir/OpRules.h"
#include "ir/PassManager.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "runtime/Backend.h"
#include "runtime/distributed/ProcessGroup.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>

namespace parax::frontend {

//===----------------------------------------------------------------------===//
// Compiling and running programs
//===----------------------------------------------------------------------===//
void dumpStage(Evaluator &ev, const std::string &stage, const std::string &text,
               const std::string &name) {
  const auto &dumps = ev.options().dumps;
  if (std::find(dumps.begin(), dumps.end(), stage) == dumps.end())
    return;
  if (ev.options().dumpDir.empty()) {
    ev.options().dumpSink(text);
    return;
  }
  static std::atomic<int> counter{0}; // interpreters on several threads
  std::string path = ev.options().dumpDir + "/" + std::to_string(++counter) + "-" +
                     name + "." + stage;
  if (FILE *f = std::fopen(path.c_str(), "w")) {
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  } else {
    raise("FileNotFoundError", "cannot write dump file '" + path + "'");
  }
}

void registerJitObject(Evaluator &ev, const std::shared_ptr<Object> &obj) {
  auto &objs = ev.jitObjects();
  // Drop the dead entries once they are half of the list (amortized O(1)).
  if (objs.size() >= 64 && objs.size() % 64 == 0) {
    size_t live = 0;
    for (auto &w : objs)
      live += !w.expired();
    if (2 * live <= objs.size())
      std::erase_if(objs, [](const std::weak_ptr<Object> &w) { return w.expired(); });
  }
  objs.push_back(obj);
}

void clearJitCaches(Evaluator &ev) {
  for (auto &w : ev.jitObjects()) {
    std::shared_ptr<Object> o = w.lock();
    if (auto *j = dynamic_cast<JitFunction *>(o.get()))
      j->clearCache();
    else if (auto *p = dynamic_cast<PmapFunction *>(o.get()))
      p->clearCache();
  }
  std::erase_if(ev.jitObjects(), [](const std::weak_ptr<Object> &w) { return w.expired(); });
}

std::unique_ptr<runtime::Executable> compileProgram(Evaluator &ev,
                                                    TraceProgram &prog) {
  std::vector<std::string> problems = ir::verifyModule(*prog.module);
  if (!problems.empty()) {
    if (std::getenv("PARAX_DEBUG_IR"))
      ev.options().dumpSink(ir::printModule(*prog.module));
    std::string all;
    for (auto &p : problems)
      all += "\n  " + p;
    throw ParaxError("InternalError",
                     "parax produced invalid IR (a bug in parax, please report "
                     "it):" + all);
  }
  std::vector<std::string> passProblems = ir::defaultPipeline().run(*prog.module);
  if (!passProblems.empty()) {
    std::string all;
    for (auto &p : passProblems)
      all += "\n  " + p;
    throw ParaxError("InternalError", "a parax pass produced invalid IR (a bug in "
                                      "parax, please report it):" + all);
  }
  dumpStage(ev, "ir", ir::printModule(*prog.module), prog.module->funcs()[0]->name());
  runProgramChecks(ev, prog);
  if (ev.options().checkOnly)
    return nullptr; // parax check runs nothing, so it compiles nothing
  ev.backend().setDumpHook(
      ev.options().dumps, [&ev](const std::string &stage,
                                const std::string &text,
                                const std::string &name) {
        dumpStage(ev, stage, text, name);
      });
  ev.noteProgramCompiled();
  return ev.backend().compile(prog.module);
}

std::vector<Value> runExecutable(Evaluator &ev, runtime::Executable *exe,
                                 const TraceProgram &prog,
                                 const std::vector<Value> &args, Loc callLoc) {
  if (ev.options().checkOnly) {
    // parax check: no device work; the results are abstract values (shape
    // and dtype, no data) that stop the check where Python needs their data.
    auto origin = std::make_shared<AbstractOrigin>(
        AbstractOrigin{prog.what, callLoc.valid() ? callLoc : prog.callLoc});
    std::vector<Value> r;
    for (const TensorType &t : prog.module->funcs()[0]->resultTypes())
      r.push_back(makeAbstract(t, origin));
    return r;
  }
  std::vector<Array> in;
  auto *split = shardingHooks().inputs;
  if (!split || !split(prog, args, in))
    for (const Value &a : args) {
      if (a.isArray())
        in.push_back(a.asArray());
      else
        in.push_back(prims::scalarAs(a, abstractType(a).dtype, abstractType(a).weak).asArray());
    }
  std::vector<Array> out;
  if (std::getenv("PARAX_MEMCHECK")) {
    // Planned vs measured peak, per device (tests/memcheck).
    int n = ev.options().numDevices;
    std::vector<int64_t> base;
    for (int d = 0; d < n; ++d)
      base.push_back(MemoryTracker::live(d));
    MemoryTracker::resetPeaks();
    out = exe->run(in);
    std::string line;
    for (int d = 0; d < n; ++d) {
      int64_t planned = d < int(prog.plannedPeaks.size()) ? prog.plannedPeaks[size_t(d)] : 0;
      line += "memcheck " + prog.what + " device " + std::to_string(d) + " planned " +
              std::to_string(planned) + " measured " +
              std::to_string(MemoryTracker::peak(d) - base[size_t(d)]) + "\n";
    }
    ev.options().dumpSink(line);
  } else {
    out = exe->run(in);
  }
  std::vector<Value> r;
  for (Array &a : out)
    r.push_back(Value::array(std::move(a)));
  return r;
}

namespace {
/// Cache key of one argument leaf.
std::string leafKey(const Value &v) { return abstractType(v).irStr() + ";"; }

/// Checks that a traced function's argument leaves are arrays.
void checkArgLeaves(Evaluator &ev, const std::vector<Value> &leaves,
                    const std::vector<std::string> &names, const std::string &fn) {
  for (size_t i = 0; i < leaves.size(); ++i)
    if (!leaves[i].isArrayLike())
      raise("TypeError",
            "Argument '" + names[i] + "' of type " + typeName(leaves[i]) +
                " is not a valid JAX type",
            "pass it as a static argument (static_argnums) or as an array");
}

/// Names of argument leaves: the parameter name plus the pytree path.
std::vector<std::string> argLeafNames(Evaluator &ev, const Value &fun,
                                      const TreeDef &argsDef) {
  std::vector<std::string> names;
  for (size_t i = 0; i < argsDef.children.size(); ++i) {
    std::string base = paramName(fun, i);
    if (base.empty())
      base = "args[" + std::to_string(i) + "]";
    for (const std::string &p : leafPaths(ev, argsDef.children[i]))
      names.push_back(base + p);
  }
  return names;
}

/// How to map an axis of `n` elements over `d` devices when n > d: a
/// reshape only when d divides n (never an impossible (d, -1)); otherwise
/// padding to a multiple of d, or a device count that divides n.
std::string shardHint(int64_t n, int64_t d) {
  std::string loop = " and loop over the inner axis inside the function with "
                     "lax.fori_loop or lax.scan";
  std::string ds = std::to_string(d);
  if (n % d == 0)
    return "the mapped axis must not exceed the device count; reshape it to (" + ds + ", " +
           std::to_string(n / d) + ", ...) with x.reshape(jax.device_count(), -1, ...)" + loop;
  int64_t padded = (n + d - 1) / d * d;
  std::string hint = "the mapped axis must not exceed the device count, and " +
                     std::to_string(n) + " elements do not split evenly over " + ds +
                     " devices: pad the axis to " + std::to_string(padded) +
                     " (jnp.pad) and reshape it to (" + ds + ", " +
                     std::to_string(padded / d) + ", ...)" + loop;
  for (int64_t k = d - 1; k > 1; --k)
    if (n % k == 0) {
      std::string ks = std::to_string(k);
      hint += "; or use " + ks + " devices, which divide " + std::to_string(n) +
              ": jax.pmap(f, devices=jax.devices()[:" + ks + "]) on x.reshape(" + ks + ", " +
              std::to_string(n / k) + ", ...)";
      break;
    }
  return hint;
}

bool isStaticIndex(const std::vector<int64_t> &nums, size_t i, size_t n) {
  for (int64_t k : nums)
    if ((k < 0 ? k + int64_t(n) : k) == int64_t(i))
      return true;
  return false;
}

/// Keeps jit results wrapped in arrays even when the function returned a
/// Python scalar (JAX returns arrays).
void checkOutLeaves(Evaluator &ev, const std::vector<Value> &leaves,
                    const std::string &fn) {
  for (const Value &v : leaves)
    if (!v.isArrayLike())
      raise("TypeError", "Value " + ev.repr(v) + " with type " + typeName(v) +
                             " returned from " + fn + " is not a valid JAX type",
            "a traced function can only return arrays, Python numbers, and "
            "tuples/lists/dicts of them");
}
} // namespace

//===----------------------------------------------------------------------===//
// JitFunction
//===----------------------------------------------------------------------===//
std::shared_ptr<ProgramCache> programCacheFor(const Value &fun, const std::string &config) {
  if (fun.kind() != Value::Kind::Function)
    return std::make_shared<ProgramCache>();
  std::shared_ptr<void> &slot = fun.asFunction().programCaches[config];
  if (!slot)
    slot = std::make_shared<ProgramCache>();
  return std::static_pointer_cast<ProgramCache>(slot);
}

namespace {
std::string jitConfig(const std::vector<int64_t> &nums, const std::vector<std::string> &names) {
  std::string c = "jit:";
  for (int64_t n : nums)
    c += std::to_string(n) + ",";
  c += ";";
  for (const std::string &n : names)
    c += n + ",";
  return c;
}
} // namespace

namespace {
/// The cache key of a static argument that is an instance of a class with
/// its own __hash__: equal instances (by __hash__ and __eq__, as JAX
/// requires of static arguments) share a trace. Unlike JAX, a cache hit
/// does not call __eq__: unequal instances whose __hash__ collides share a
/// trace. Instances without both methods are keyed by identity.
bool staticInstanceKey(Evaluator &ev, const Value &v, std::string &key) {
  ClassObj *cls = classOfInstance(v);
  if (!cls || !cls->lookup("__hash__") || !cls->lookup("__eq__"))
    return false;
  Value h;
  callSpecial(ev, v, "__hash__", {}, h);
  key += "H" + cls->qualifiedName() + ":" + ev.str(h) + ";";
  return true;
}
} // namespace

JitFunction::JitFunction(Value fun, std::vector<int64_t> staticArgnums,
                         std::vector<std::string> staticArgnames)
    : fun_(std::move(fun)), staticArgnums_(std::move(staticArgnums)),
      staticArgnames_(std::move(staticArgnames)),
      cache_(programCacheFor(fun_, jitConfig(staticArgnums_, staticArgnames_))) {}

std::string JitFunction::repr() const {
  return "<PjitFunction of " + callableName(fun_) + ">";
}

bool JitFunction::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  if (name == "__name__") {
    out = Value::str(callableName(fun_));
    return true;
  }
  if (name == "__wrapped__") {
    out = fun_;
    return true;
  }
  return false;
}

std::vector<const CompiledProgram *> JitFunction::programs() const {
  return cache_->order;
}

Value JitFunction::call(Evaluator &ev, CallArgs &args) {
  std::string fname = callableName(fun_);
  // Under disable_jit, or inside another trace, the body is just called
  // (JAX would nest a pjit; inlining it is equivalent).
  if (ev.disableJitDepth > 0 || ev.currentTrace()) {
    if (!ev.currentTrace())
      return ev.call(fun_, args);
    return ev.callAs(fun_, args, "jit(" + fname + ")");
  }
  // Split static and dynamic arguments. The x64 switch is part of the key:
  // a trace made with other default dtypes is not reused (JAX retraces).
  std::string key = x64Enabled() ? "x64;" : "";
  std::vector<Value> dyn, statics;
  std::vector<size_t> dynPos;
  for (size_t i = 0; i < args.args.size(); ++i) {
    if (isStaticIndex(staticArgnums_, i, args.args.size())) {
      statics.push_back(args.args[i]);
      if (!staticInstanceKey(ev, args.args[i], key) && !hashableKey(args.args[i], key))
        raise("ValueError", "Non-hashable static arguments are not supported, as this can "
                            "lead to unexpected cache-misses. Static argument (index " +
                                std::to_string(i) + ") of type " + frontend::typeName(args.args[i]) +
                                " for function " + fname + " is non-hashable.");
      key += "|";
    } else {
      dyn.push_back(args.args[i]);
      dynPos.push_back(i);
    }
  }
  // A Python function's static_argnums were checked against its signature
  // by jax.jit; one it omits takes its default. Other callables are checked
  // against the call.
  for (int64_t k : staticArgnums_)
    if (fun_.kind() != Value::Kind::Function &&
        (k < 0 ? k + int64_t(args.args.size()) : k) >= int64_t(args.args.size()) &&
        args.kwargs.empty())
      raise("ValueError", "jitted function has static_argnums=(" + std::to_string(k) +
                              ",), but only accepts " + std::to_string(args.args.size()) +
                              " positional arguments.");
  Value kw = Value::dict();
  for (auto &kv : args.kwargs) {
    bool isStatic = std::find(staticArgnames_.begin(), staticArgnames_.end(), kv.first) !=
                    staticArgnames_.end();
    if (isStatic) {
      key += "k" + kv.first + "=";
      if (!hashableKey(kv.second, key))
        raise("ValueError", "Non-hashable static arguments are not supported (argument '" +
                                kv.first + "')");
      key += "|";
    } else {
      kw.asDict().set(Value::str(kv.first), kv.second);
    }
  }
  std::vector<Value> leaves;
  TreeDef def = flatten(ev, Value::tuple({Value::tuple(dyn), kw}), leaves);
  numpyLeavesToJax(leaves);
  key += def.shortStr(ev) + "#";
  for (const Value &l : leaves) {
    if (!l.isArrayLike())
      break; // reported below with names
    key += leafKey(l);
    if (auto *k = shardingHooks().key)
      key += k(l);
  }
  auto it = cache_->entries.find(key);
  if (it == cache_->entries.end()) {
    std::vector<std::string> names = argLeafNames(ev, fun_, def.children[0]);
    for (const std::string &p : leafPaths(ev, def.children[1]))
      names.push_back("kwargs" + p);
    checkArgLeaves(ev, leaves, names, fname);
    auto cp = std::make_unique<CompiledProgram>();
    cp->name = fname;
    cp->program = std::make_shared<TraceProgram>();
    cp->program->what = "jit(" + fname + ")";
    cp->program->callLoc = args.loc;
    cp->program->callStack = ev.callStack();
    ir::Func &fn = cp->program->module->addFunc(fname);
    TraceContext ctx;
    ctx.program = cp->program;
    ctx.block = &fn.entry();
    ctx.label = "jit(" + fname + ")";
    ctx.kind = "jit";
    ctx.fnName = fname;
    ctx.loc = fun_.kind() == Value::Kind::Function ? fun_.asFunction().loc : args.loc;
    ctx.argNames = names;
    std::vector<Value> tracers;
    for (const Value &l : leaves) {
      tracers.push_back(makeTracer(ctx, fn.entry().addArgument(abstractType(l))));
      if (auto *t = shardingHooks().traceArg)
        t(l, tracers.back());
    }
    Value rebuilt = unflatten(def, tracers);
    std::vector<Value> callArgs = args.args;
    auto &dynTracers = rebuilt.elements()[0].elements();
    for (size_t i = 0; i < dynPos.size(); ++i)
      callArgs[dynPos[i]] = dynTracers[i];
    CallArgs ca;
    ca.args = callArgs;
    ca.loc = args.loc;
    for (auto &kv : rebuilt.elements()[1].asDict().items())
      ca.kwargs.emplace_back(kv.first.asStr(), kv.second);
    for (auto &kv : args.kwargs)
      if (std::find(staticArgnames_.begin(), staticArgnames_.end(), kv.first) !=
          staticArgnames_.end())
        ca.kwargs.push_back(kv);
    std::vector<Value> outLeaves;
    {
      TraceScope scope(ev, ctx);
      Value out;
      out = ev.callAs(fun_, ca, "jit(" + fname + ")");
      cp->outDef = flatten(ev, out, outLeaves);
      checkOutLeaves(ev, outLeaves, fname);
      if (auto *t = shardingHooks().traceResults)
        t(cp->program, outLeaves);
      std::vector<ir::Value *> rets;
      for (const Value &l : outLeaves)
        rets.push_back(materialize(ev, ctx, l));
      ir::Builder b(ctx.block);
      b.create(ir::OpKind::Return, rets, {}, {}, args.loc, ev.callStack());
    }
    if (auto *p = shardingHooks().partition)
      p(ev, *cp->program);
    cp->exe = compileProgram(ev, *cp->program);
    // Static arguments keyed by identity stay alive with their program, so
    // their address cannot be reused by another object while it is cached.
    cp->staticArgs = statics;
    cache_->order.push_back(cp.get());
    it = cache_->entries.emplace(key, std::move(cp)).first;
  }
  std::vector<Value> results = runExecutable(ev, it->second->exe.get(), *it->second->program, leaves,
                                             args.loc);
  if (auto *r = shardingHooks().runResults)
    r(*it->second->program, results);
  return unflatten(it->second->outDef, results);
}

//===----------------------------------------------------------------------===//
// PmapFunction
//===----------------------------------------------------------------------===//
PmapFunction::PmapFunction(Value fun, Value axisName, Value inAxes, Value outAxes,
                           std::vector<int64_t> staticBroadcasted, Value devices)
    : fun_(std::move(fun)), axisName_(std::move(axisName)), inAxes_(std::move(inAxes)),
      outAxes_(std::move(outAxes)), devices_(std::move(devices)),
      static_(std::move(staticBroadcasted)), cache_(std::make_shared<ProgramCache>()) {}

std::string PmapFunction::repr() const {
  return "<PmapFunction of " + callableName(fun_) + ">";
}

bool PmapFunction::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  if (name == "__name__") {
    out = Value::str(callableName(fun_));
    return true;
  }
  return false;
}

std::vector<const CompiledProgram *> PmapFunction::programs() const {
  return cache_->order;
}

namespace {
/// Several processes: each one's first call of a pmap traces it; they must
/// all have traced the same program, or their collectives would not meet.
/// The signature compared is what decides whether they meet: each
/// collective's kind, types and line in program order, and the constant
/// that decides a cond/fori_loop around collectives (a value derived from
/// jax.process_index() while tracing: it differs between processes).
std::string lineOnly(const Loc &loc) {
  std::string where = loc.str();
  size_t c = where.rfind(':');
  if (c != std::string::npos && where.find(':') != c)
    where = where.substr(0, c);
  return where;
}

bool hasCollective(const ir::Operation &op) {
  bool found = false;
  for (unsigned k = 0; k < op.numRegions() && !found; ++k)
    if (!op.region(k).empty())
      for (auto &o : op.region(k).front().operations())
        if ((o->hasTrait(ir::C) && ir::communicates(o->kind())) || hasCollective(*o))
          found = true;
  return found;
}

void collectiveSignature(const ir::Operation &op, std::string &sig) {
  if (op.hasTrait(ir::C) && ir::communicates(op.kind())) {
    sig += std::string(op.name()) + "(";
    for (unsigned i = 0; i < op.numOperands(); ++i)
      sig += (i ? ", " : "") + op.operand(i)->type().str();
    sig += ") at " + lineOnly(op.loc()) + "\n";
  }
  unsigned deciding = op.kind() == ir::OpKind::Cond ? 1 : op.kind() == ir::OpKind::ForiLoop ? 2 : 0;
  if (deciding && hasCollective(op))
    for (unsigned i = 0; i < deciding && i < op.numOperands(); ++i) {
      const ir::Operation *def = op.operand(i)->definingOp();
      if (def && def->kind() == ir::OpKind::Constant) {
        std::string c = ir::printOp(*def);
        size_t eq = c.find("= ");
        sig += std::string(op.name()) + " at " + lineOnly(op.loc()) + " decided by " +
               (eq == std::string::npos ? c : c.substr(eq + 2)) + "\n";
      }
    }
  for (unsigned k = 0; k < op.numRegions(); ++k)
    if (!op.region(k).empty())
      for (auto &o : op.region(k).front().operations())
        collectiveSignature(*o, sig);
}

void checkSameProgramEverywhere(runtime::dist::ProcessGroup &group, const TraceProgram &prog,
                                const Loc &loc) {
  std::string sig;
  for (auto &fn : prog.module->funcs())
    for (auto &o : fn->entry().operations())
      collectiveSignature(*o, sig);
  if (sig.empty()) // no collectives: nothing that must meet
    return;
  try {
    group.checkSameProgram(prog.what + " at " + lineOnly(loc), sig);
  } catch (runtime::dist::EngineError &e) {
    raise("RuntimeError", e.what(),
          "a value derived from jax.process_index() decides what is traced: branch on it "
          "outside the traced function, or pass it in as an argument");
  }
}

/// Validates one in_axes/out_axes leaf; returns -1 for None.
int64_t axisSpec(Evaluator &ev, const Value &v, const std::string &what,
                 const Value &whole) {
  if (v.isNone())
    return -1;
  if (!v.isInt())
    raise("TypeError", "pmap " + what +
                           " must be an int, None, or (nested) container with those "
                           "types as leaves, but got " + ev.repr(whole) + ".");
  if (v.asInt() < 0)
    raise("ValueError", "pmap " + what + " must be non-negative, got " +
                            std::to_string(v.asInt()),
          "use the positive axis number (parax follows pmap's documented "
          "non-negative in_axes/out_axes)");
  return v.asInt();
}
} // namespace

Value PmapFunction::call(Evaluator &ev, CallArgs &args) {
  std::string fname = callableName(fun_);
  Loc loc = args.loc;
  for (TraceContext *t : ev.traceStack())
    if (!t->axisName.empty() && t->kind.rfind("vmap(", 0) != 0) // a named vmap is no pmap
      raise("NotImplementedError",
            "nested pmap is not part of parax (current JAX does not support it "
            "either)",
            "map one axis with pmap and loop over the other with lax.fori_loop, "
            "lax.scan or jnp operations inside the mapped function");
  int nDevices = ev.options().numDevices;
  if (devices_.isSequence() && devices_.elements().empty())
    raise("ValueError", "'devices' argument to pmap must be non-empty, or None.");
  std::string axisName = axisName_.isNone() ? lax::kDefaultAxisName()
                                            : (axisName_.isStr() ? axisName_.asStr()
                                                                 : ev.repr(axisName_));
  // Static broadcasted arguments; the x64 switch as in jit's key.
  std::string key = x64Enabled() ? "x64;" : "";
  std::vector<Value> dyn;
  std::vector<size_t> dynPos;
  for (int64_t s : static_)
    if (s >= int64_t(args.args.size()))
      raise("ValueError", "pmapped function has static_broadcasted_argnums=(" +
                              std::to_string(s) + ",) but was called with only " +
                              std::to_string(args.args.size()) +
                              " positional argument" + (args.args.size() == 1 ? "" : "s") +
                              ". All static broadcasted arguments must be passed positionally.");
  for (size_t i = 0; i < args.args.size(); ++i) {
    if (isStaticIndex(static_, i, args.args.size())) {
      if (!hashableKey(args.args[i], key))
        raise("ValueError", "Non-hashable static arguments are not supported, as this can "
                            "lead to unexpected cache-misses. Static argument (index " +
                                std::to_string(i) + ") of type " + frontend::typeName(args.args[i]) +
                                " for function " + fname + " is non-hashable.");
      key += "|";
    } else {
      dyn.push_back(args.args[i]);
      dynPos.push_back(i);
    }
  }
  std::vector<Value> leaves;
  TreeDef def = flatten(ev, Value::tuple(dyn), leaves);
  numpyLeavesToJax(leaves);
  // Several processes: a global array over other processes' devices too
  // (jax.make_array_from_process_local_data) enters pmap as this process's
  // part of it, as in JAX (jax.sharding._process_local_data).
  if (runtime::dist::ProcessGroup *g = runtime::dist::ProcessGroup::current();
      g && g->numProcesses() > 1 && shardingHooks().key)
    for (Value &leaf : leaves)
      if (leaf.isArray() && !shardingHooks().key(leaf).empty()) {
        Value mod = ev.importModule("jax.sharding", loc);
        leaf = ev.call(ev.getAttr(mod, "_process_local_data", loc), std::vector<Value>{leaf}, loc);
      }
  std::vector<std::string> names = argLeafNames(ev, fun_, def);
  checkArgLeaves(ev, leaves, names, fname);
  // Keyword arguments are mapped over axis 0 (JAX rule).
  std::vector<Value> kwLeaves;
  Value kw = Value::dict();
  for (auto &kv : args.kwargs)
    kw.asDict().set(Value::str(kv.first), kv.second);
  TreeDef kwDef = flatten(ev, kw, kwLeaves);
  numpyLeavesToJax(kwLeaves);
  for (const std::string &p : leafPaths(ev, kwDef))
    names.push_back("kwargs" + p);
  checkArgLeaves(ev, kwLeaves, names, fname);

  // in_axes per leaf.
  std::vector<Value> axesPerLeaf;
  std::string path;
  if (!broadcastPrefix(ev, inAxes_, def, axesPerLeaf, path)) {
    raise("ValueError",
          "pmap in_axes specification must be a tree prefix of the corresponding value, got "
          "specification " + ev.repr(inAxes_) + " for value tree " + def.str(ev) +
              ". The 'full pytree' here is the tuple of arguments passed positionally to "
              "the pmapped function, and the value of `in_axes` must be a tree prefix of "
              "that tuple. But it was not a prefix." +
              (args.kwargs.empty() ? "" : " Note that each argument passed by keyword is "
                                          "mapped over its leading axis."),
          "give in_axes one entry per positional argument (a tuple of length " +
              std::to_string(dyn.size()) + "), each an int or None or a matching container");
  }
  std::vector<int64_t> inAx;
  for (size_t i = 0; i < leaves.size(); ++i)
    inAx.push_back(axisSpec(ev, axesPerLeaf[i], "in_axes", inAxes_));
  for (size_t i = 0; i < kwLeaves.size(); ++i)
    inAx.push_back(0);
  std::vector<Value> allLeaves = leaves;
  allLeaves.insert(allLeaves.end(), kwLeaves.begin(), kwLeaves.end());

  // The mapped size and per-device types.
  int64_t n = -1;
  size_t firstMapped = 0;
  std::vector<TensorType> devTypes;
  for (size_t i = 0; i < allLeaves.size(); ++i) {
    TensorType t = abstractType(allLeaves[i]);
    if (inAx[i] >= 0) {
      if (inAx[i] >= t.rank())
        raise("ValueError", "pmap in_axes " + std::to_string(inAx[i]) + " for argument '" +
                                names[i] + "' is out of bounds for its rank-" +
                                std::to_string(t.rank()) + " value of shape " +
                                shapeToPython(t.shape),
              t.rank() == 0 ? "a scalar cannot be mapped; pass it with in_axes=None to "
                              "replicate it on every device"
                            : "");
      int64_t sz = t.shape[size_t(inAx[i])];
      if (n < 0) {
        n = sz;
        firstMapped = i;
      } else if (sz != n) {
        raise("ValueError",
              "pmap got inconsistent sizes for array axes to be mapped: argument '" +
                  names[firstMapped] + "' has size " + std::to_string(n) + " along axis " +
                  std::to_string(inAx[firstMapped]) + " but argument '" + names[i] +
                  "' has size " + std::to_string(sz) + " along axis " +
                  std::to_string(inAx[i]),
              "every mapped argument needs the same size along its mapped axis; use "
              "in_axes=None for arguments that every device should see whole");
      }
      t.shape.erase(t.shape.begin() + inAx[i]);
    }
    devTypes.push_back(t);
  }
  if (n < 0)
    raise("ValueError", "pmap requires at least one argument with a mapped axis.",
          "map at least one argument (in_axes=0 maps the leading axis)");
  // Several processes: each passes its local shard (size = its local device
  // count); the pmap spans every process's devices (axis_size, psum(1),
  // axis_index are global), and each gets its local part of the output.
  // (A pmap traced inside jit runs on this process's devices only, as in JAX.)
  runtime::dist::ProcessGroup *group = runtime::dist::ProcessGroup::current();
  int64_t processes = group && !ev.currentTrace() ? group->numProcesses() : 1;
  if (processes > 1 && n != nDevices && !devices_.isSequence())
    raise("ValueError",
          "pmap across " + std::to_string(processes) + " processes maps each process's local "
          "shard over its " + std::to_string(nDevices) + " local devices, but argument '" +
              names[firstMapped] + "' has size " + std::to_string(n) + " along its mapped axis",
          "give every process an input whose mapped axis is jax.local_device_count() long");
  int64_t nGlobal = processes > 1 ? n * processes : n;
  if (n > nDevices) {
    std::string leafShape = shapeToPython(abstractType(allLeaves[firstMapped]).shape);
    std::string hint = shardHint(n, nDevices);
    raise("ValueError",
          "compiling computation that requires " + std::to_string(n) +
              " logical devices, but only " + std::to_string(nDevices) +
              " XLA devices are available (num_replicas=" + std::to_string(n) +
              "): argument '" + names[firstMapped] + "' of shape " + leafShape +
              " is mapped along axis " + std::to_string(inAx[firstMapped]) + " of size " +
              std::to_string(n),
          hint);
  }

  // Builds the positional/keyword call for one device from leaf values.
  auto deviceCall = [&](const std::vector<Value> &devArgs) {
    std::vector<Value> pos(devArgs.begin(), devArgs.begin() + long(leaves.size()));
    std::vector<Value> kwv(devArgs.begin() + long(leaves.size()), devArgs.end());
    Value rebuilt = unflatten(def, pos);
    CallArgs ca;
    ca.args = args.args;
    for (size_t i = 0; i < dynPos.size(); ++i)
      ca.args[dynPos[i]] = rebuilt.elements()[i];
    ca.loc = loc;
    Value kwr = unflatten(kwDef, kwv);
    for (auto &kv : kwr.asDict().items())
      ca.kwargs.emplace_back(kv.first.asStr(), kv.second);
    return ca;
  };

  auto runEagerly = [&]() -> Value {
    // jax.disable_jit(): the function runs op by op on concrete values, once
    // per device, one device after another.
    std::vector<std::vector<Value>> devOuts;
    TreeDef outDef;
    for (int64_t d = 0; d < n; ++d) {
      std::vector<Value> slices;
      for (size_t i = 0; i < allLeaves.size(); ++i) {
        if (inAx[i] < 0) {
          slices.push_back(allLeaves[i]);
          continue;
        }
        std::vector<Value> idx(static_cast<size_t>(inAx[i]),
                               Value::object(Value::Kind::Slice, std::make_shared<SliceObj>()));
        idx.push_back(Value::integer(d));
        slices.push_back(ev.getItem(allLeaves[i], Value::tuple(idx), loc));
      }
      CallArgs ca = deviceCall(slices);
      ev.eagerAxes.push_back({axisName, n, d});
      struct Pop {
        Evaluator &ev;
        ~Pop() { ev.eagerAxes.pop_back(); }
      } pop{ev};
      Value out;
      out = ev.callAs(fun_, ca, "pmap(" + fname + ") device " + std::to_string(d));
      std::vector<Value> outLeaves;
      TreeDef od = flatten(ev, out, outLeaves);
      if (d > 0 && od != outDef)
        raise("ValueError", "pmap devices returned different structures: " + outDef.str(ev) +
                                " and " + od.str(ev));
      outDef = od;
      checkOutLeaves(ev, outLeaves, fname);
      devOuts.push_back(outLeaves);
    }
    std::vector<Value> outAxesLeaves;
    std::string opath;
    if (!broadcastPrefix(ev, outAxes_, outDef, outAxesLeaves, opath))
      raise("ValueError", "pmap out_axes " + ev.repr(outAxes_) +
                              " is not a tree prefix of the output " + outDef.str(ev));
    std::vector<Value> results;
    for (size_t k = 0; k < outAxesLeaves.size(); ++k) {
      int64_t ax = axisSpec(ev, outAxesLeaves[k], "out_axes", outAxes_);
      if (ax < 0) {
        results.push_back(devOuts[0][k]);
        continue;
      }
      std::vector<Value> parts;
      for (auto &o : devOuts)
        parts.push_back(o[k]);
      results.push_back(jnp::callByName(ev, "stack", {Value::list(parts), Value::integer(ax)}));
    }
    return unflatten(outDef, results);
  };

  // Traces the body into a pmap op in `outer`; the body context binds the
  // axis name while the function runs.
  auto tracePmap = [&](TraceContext &outer, TreeDef &outDef) -> ir::Operation * {
    std::vector<ir::Value *> ins;
    for (const Value &v : allLeaves)
      ins.push_back(materialize(ev, outer, v));
    ir::Builder b(outer.block);
    ir::Operation *op = b.create(ir::OpKind::Pmap, ins, {},
                                 ir::Attrs{{"axis_name", axisName},
                                           {"axis_size", nGlobal},
                                           {"in_axes", inAx}},
                                 loc, ev.callStack());
    ir::Block *body = &op->region(0).front();
    TraceContext ctx;
    ctx.program = outer.program;
    ctx.block = body;
    ctx.label = "pmap(" + fname + ")";
    ctx.kind = "pmap";
    ctx.fnName = fname;
    ctx.loc = fun_.kind() == Value::Kind::Function ? fun_.asFunction().loc : loc;
    ctx.axisName = axisName;
    ctx.axisSize = nGlobal;
    ctx.argNames = names;
    if (processes > 1)
      op->attrs().set("processes", processes);
    std::vector<Value> devArgs;
    for (const TensorType &t : devTypes)
      devArgs.push_back(makeTracer(ctx, body->addArgument(t)));
    std::vector<Value> outLeaves;
    {
      TraceScope scope(ev, ctx);
      CallArgs ca = deviceCall(devArgs);
      Value out = ev.callAs(fun_, ca, "pmap(" + fname + ")");
      ev.setCurrentLoc(loc);
      outDef = flatten(ev, out, outLeaves);
      checkOutLeaves(ev, outLeaves, fname);
      // out_axes per output leaf.
      std::vector<Value> outAxesLeaves;
      std::string opath;
      if (!broadcastPrefix(ev, outAxes_, outDef, outAxesLeaves, opath))
        raise("ValueError", "pytree structure error: different lengths of tuple at key path "
                            "out_axes" + opath + ": pmap out_axes " + ev.repr(outAxes_) +
                                " is not a tree prefix of the output " + outDef.str(ev),
              "give out_axes the structure of the function's output, or a single int");
      std::vector<int64_t> outAx;
      std::vector<ir::Value *> rets;
      for (size_t i = 0; i < outLeaves.size(); ++i) {
        int64_t ax = axisSpec(ev, outAxesLeaves[i], "out_axes", outAxes_);
        TensorType t = abstractType(outLeaves[i]);
        if (ax > t.rank())
          raise("ValueError", "pmap out_axes " + std::to_string(ax) +
                                  " is out of bounds for a per-device output of shape " +
                                  shapeToPython(t.shape));
        outAx.push_back(ax);
        Value v = outLeaves[i];
        rets.push_back(materialize(ev, ctx, v));
        TensorType r = rets.back()->type();
        if (ax >= 0)
          r.shape.insert(r.shape.begin() + ax, n);
        op->addResult(r);
      }
      op->attrs().set("out_axes", outAx);
      ir::Builder yb(body);
      yb.create(ir::OpKind::Yield, rets, {}, {}, loc, ev.callStack());
    }
    return op;
  };

  TreeDef outDef;
  if (TraceContext *outer = ev.currentTrace()) {
    ir::Operation *op = tracePmap(*outer, outDef);
    std::vector<Value> res;
    for (unsigned i = 0; i < op->numResults(); ++i)
      res.push_back(makeTracer(*outer, op->result(i)));
    return unflatten(outDef, res);
  }

  key += def.shortStr(ev) + kwDef.shortStr(ev) + "#";
  for (size_t i = 0; i < allLeaves.size(); ++i)
    key += leafKey(allLeaves[i]) + std::to_string(inAx[i]) + ";";
  bool eager = ev.disableJitDepth > 0;
  auto it = cache_->entries.find(key);
  if (it == cache_->entries.end()) {
    // Under disable_jit the trace only decides whether the body needs
    // collectives; its Python output is not the program's.
    Evaluator::MuteGuard mute(ev, eager);
    auto cp = std::make_unique<CompiledProgram>();
    cp->name = fname;
    cp->program = std::make_shared<TraceProgram>();
    cp->program->what = "pmap(" + fname + ")";
    cp->program->callLoc = loc;
    cp->program->callStack = ev.callStack();
    ir::Func &fn = cp->program->module->addFunc("pmap_" + fname);
    TraceContext top;
    top.program = cp->program;
    top.block = &fn.entry();
    top.label = "pmap(" + fname + ")";
    top.kind = "pmap";
    top.fnName = fname;
    top.loc = loc;
    std::vector<Value> topArgs;
    for (const Value &l : allLeaves)
      topArgs.push_back(makeTracer(top, fn.entry().addArgument(abstractType(l))));
    std::swap(allLeaves, topArgs);
    ir::Operation *op;
    {
      TraceScope scope(ev, top);
      op = tracePmap(top, cp->outDef);
    }
    std::swap(allLeaves, topArgs);
    std::vector<ir::Value *> rets;
    for (unsigned i = 0; i < op->numResults(); ++i)
      rets.push_back(op->result(i));
    ir::Builder b(&fn.entry());
    b.create(ir::OpKind::Return, rets, {}, {}, loc, ev.callStack());
    cp->exe = compileProgram(ev, *cp->program);
    if (processes > 1) // every process must have traced the same program
      checkSameProgramEverywhere(*group, *cp->program, loc);
    cache_->order.push_back(cp.get());
    it = cache_->entries.emplace(key, std::move(cp)).first;
  }
  if (eager) {
    // jax.disable_jit(): run op by op on concrete values, one device after
    // another -- unless the body has collectives, which need every device
    // at once; then the compiled program runs (same results, as JAX's eager
    // shard_map gives).
    bool collectives = false;
    it->second->program->module->funcs()[0]->walk([&](ir::Operation *o) {
      collectives |= o->hasTrait(ir::C) && o->kind() != ir::OpKind::AxisIndex;
    });
    if (!collectives)
      return runEagerly();
  }
  std::vector<Value> results = runExecutable(ev, it->second->exe.get(), *it->second->program, allLeaves,
                                             args.loc);
  // Mapped outputs live as shards, one per device (memory accounting).
  const ir::Func &entry = *it->second->program->module->funcs()[0];
  const ir::Operation *pm = nullptr;
  for (auto &o : entry.entry().operations())
    if (o->kind() == ir::OpKind::Pmap)
      pm = o.get();
  if (pm) {
    const auto &outAx = pm->attrs().getInts("out_axes");
    for (size_t i = 0; i < results.size() && i < outAx.size(); ++i)
      if (outAx[i] >= 0 && results[i].isArray())
        results[i].asArray().buffer()->setPlacement({0, int(n)});
  }
  return unflatten(it->second->outDef, results);
}

} // namespace parax::frontend
