//===- Generators.cpp - Python generator objects --------------------------===//
#include "frontend/machine/Generators.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/Iterators.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/tracing/Trace.h"

#include <algorithm>
#include <cstdio>

namespace parax::frontend {

//===----------------------------------------------------------------------===//
// The evaluator's side: state swapped per resume, generator calls
//===----------------------------------------------------------------------===//
void Evaluator::enterGenerator(GeneratorState &s, const std::string &label, Loc resumeLoc,
                               bool checkDepth) {
  // A generator's frames count on top of whoever resumes it, so a chain of
  // generators delegating to each other hits Python's recursion limit.
  if (checkDepth && depth_ + s.depth > kMaxCallDepth)
    raise("RecursionError", "maximum recursion depth exceeded",
          "generators resuming each other " + std::to_string(kMaxCallDepth) +
              " deep (Python's limit); rewrite the recursion as a loop");
  materializeFrames(); // the body's frames go on top of the resumer's
  std::swap(scope_, s.scope);
  std::swap(calls_, s.calls);
  std::swap(handling_, s.handling);
  std::swap(curLoc_, s.curLoc);
  std::swap(runningGen_, s.gen);
  // The body's frames show under its first resumer's (made once: a resume
  // must cost no allocation).
  if (!s.stack)
    s.stack = TraceFrame::push(stack_, label, resumeLoc);
  std::swap(stack_, s.stack);
  int callerDepth = depth_;
  depth_ = callerDepth + s.depth;
  s.depth = callerDepth;
  std::swap(depthBase_, s.depthBase);
  depthBase_ = callerDepth;
  std::swap(tracesBase_, s.tracesBase);
  tracesBase_ = traces_.size();
  std::swap(axesBase_, s.axesBase);
  axesBase_ = eagerAxes.size();
}

void Evaluator::leaveGenerator(GeneratorState &s) {
  int callerDepth = s.depth;
  s.depth = std::max(1, depth_ - callerDepth);
  depth_ = callerDepth;
  depthBase_ = s.depthBase;
  tracesBase_ = s.tracesBase;
  axesBase_ = s.axesBase;
  materializeFrames();
  std::swap(stack_, s.stack);
  std::swap(scope_, s.scope);
  std::swap(calls_, s.calls);
  std::swap(handling_, s.handling);
  std::swap(curLoc_, s.curLoc);
  std::swap(runningGen_, s.gen);
}

void Evaluator::noteGenerator(const std::shared_ptr<GeneratorObj> &g) {
  if (generators_.size() >= 2 * generatorsLive_ + 64) {
    std::erase_if(generators_, [](const std::weak_ptr<GeneratorObj> &w) { return w.expired(); });
    generatorsLive_ = generators_.size();
  }
  generators_.push_back(g);
}

Value Evaluator::makeGenerator(const Value &fnValue, std::shared_ptr<Scope> scope) {
  FunctionObj &fn = fnValue.asFunction();
  auto gen = std::make_shared<GeneratorObj>(
      *this, fn.name, scope, [this, fnValue, scope]() -> Value {
        FunctionObj &fn = fnValue.asFunction();
        calls_.emplace_back(&fn, scope.get());
        struct CallPop {
          std::vector<std::pair<const FunctionObj *, Scope *>> &calls;
          ~CallPop() { calls.pop_back(); }
        } callPop{calls_};
        Frame frame{scope, {}};
        if (fn.exprBody)
          return eval(*fn.exprBody, frame);
        Flow fl = execBlock(*fn.body, frame);
        return fl == Flow::Return ? frame.returnValue : Value::none();
      },
      fn.exprBody || fn.info->hasHandlers);
  noteGenerator(gen);
  return Value::object(Value::Kind::Native, gen);
}

Value Evaluator::yieldFrom(const Value &iterable, Loc loc) {
  // PEP 380: values sent, thrown and closed go through to the subiterator;
  // its return value is the value of the expression.
  GeneratorObj *self = runningGen_;
  Value it = getIterator(*this, iterable, loc);
  auto *sub = it.kind() == Value::Kind::Native ? it.as<GeneratorObj>() : nullptr;
  Value y, returned;
  auto step = [&](const Value &sent) {
    if (sub)
      return sub->send(sent, y, loc) ? true : (returned = y, false);
    if (sent.isNone())
      return iteratorStep(*this, it, y, &returned, loc);
    Value send = getAttr(it, "send", loc);
    try {
      y = call(send, {sent}, loc);
      return true;
    } catch (ParaxError &e) {
      if (e.diag().kind != "StopIteration")
        throw;
      returned = stopIterationValue(*this, e);
      return false;
    }
  };
  bool more = step(Value::none());
  while (more) {
    Value sent;
    try {
      sent = self->yieldValue(y);
    } catch (ParaxError &e) {
      if (e.diag().kind == "GeneratorExit") {
        if (sub)
          sub->close(loc);
        else if (ClassObj *c = classOfInstance(it); c && c->lookup("close"))
          call(getAttr(it, "close", loc), {}, loc);
        throw;
      }
      std::exception_ptr err = std::current_exception();
      if (sub) {
        more = sub->throwIn(err, y, loc);
        if (!more)
          returned = y;
        continue;
      }
      ClassObj *c = classOfInstance(it);
      if (!c || !c->lookup("throw"))
        throw;
      try {
        y = call(getAttr(it, "throw", loc), {exceptionFromError(*this, *excTypes_, e)}, loc);
      } catch (ParaxError &inner) {
        if (inner.diag().kind != "StopIteration")
          throw;
        returned = stopIterationValue(*this, inner);
        more = false;
      }
      continue;
    }
    more = step(sent);
  }
  return returned;
}

//===----------------------------------------------------------------------===//
// GeneratorObj
//===----------------------------------------------------------------------===//
GeneratorObj::GeneratorObj(Evaluator &ev, std::string name, std::shared_ptr<Scope> scope,
                           Body body, bool hasHandlers)
    : ev_(ev), name_(std::move(name)), body_(std::move(body)),
      co_([this] { returnValue_ = body_(); }), hasHandlers_(hasHandlers) {
  state_.scope = std::move(scope);
  state_.gen = this;
}

GeneratorObj::GeneratorObj(Evaluator &ev, std::string name, Step step)
    : ev_(ev), name_(std::move(name)), step_(std::move(step)), co_(nullptr),
      hasHandlers_(false) {}

bool GeneratorObj::stepOnce(Value &out) {
  stepStarted_ = stepRunning_ = true;
  bool more;
  try {
    more = step_(out);
  } catch (ParaxError &e) {
    stepRunning_ = false;
    finish();
    if (e.diag().kind == "StopIteration") // PEP 479
      throw ParaxError("RuntimeError", "generator raised StopIteration", e.diag().loc);
    throw;
  } catch (...) {
    stepRunning_ = false;
    finish();
    throw;
  }
  stepRunning_ = false;
  if (!more) {
    out = Value();
    finish();
  }
  return more;
}

GeneratorObj::~GeneratorObj() {
  if (!co_.started() || co_.finished())
    return;
  // CPython closes a generator it frees: finally clauses and with blocks
  // inside it run (errors there are ignored, as CPython's "Exception
  // ignored in" does).
  if (!ev_.tearingDown_ && hasHandlers_) {
    try {
      close(Loc{});
    } catch (...) {
    }
  }
  kill();
}

std::string GeneratorObj::repr() const {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", static_cast<const void *>(this));
  return "<generator object " + name_ + " at " + buf + ">";
}

void GeneratorObj::finish() {
  done_ = true;
  body_ = nullptr;
  step_ = nullptr;
  state_.scope = nullptr;
  state_.calls.clear();
  state_.handling.clear();
}

bool GeneratorObj::resume(Loc loc, Value &out, bool keepAlive) {
  if (co_.running())
    raise("ValueError", "generator already executing");
  std::shared_ptr<GeneratorObj> self;
  if (keepAlive)
    self = shared_from_this(); // the body may drop the last other reference
  ev_.enterGenerator(state_, name_, loc.valid() ? loc : ev_.currentLoc());
  bool suspended;
  try {
    suspended = co_.resume();
  } catch (ParaxError &e) {
    ev_.leaveGenerator(state_);
    finish();
    if (e.diag().kind == "StopIteration") // PEP 479
      throw ParaxError("RuntimeError", "generator raised StopIteration", e.diag().loc,
                       "a StopIteration escaped the generator's body (a next() that "
                       "ran out?); end a generator with `return`");
    throw;
  } catch (...) {
    ev_.leaveGenerator(state_);
    finish();
    throw;
  }
  ev_.leaveGenerator(state_);
  if (suspended) {
    out = std::move(transfer_);
    transfer_ = Value();
    return true;
  }
  out = std::move(returnValue_);
  returnValue_ = Value();
  finish();
  return false;
}

bool GeneratorObj::send(const Value &sent, Value &out, Loc loc) {
  if (running())
    raise("ValueError", "generator already executing");
  if (done_)
    raise("StopIteration", "");
  if (!started() && !sent.isNone())
    raise("TypeError", "can't send non-None value to a just-started generator",
          "a generator runs to its first yield on next(gen) or gen.send(None)");
  if (step_)
    return stepOnce(out); // a generator expression ignores what is sent
  transfer_ = sent;
  return resume(loc, out, true);
}

bool GeneratorObj::throwIn(std::exception_ptr error, Value &out, Loc loc) {
  if (running())
    raise("ValueError", "generator already executing");
  if (done_ || !started() || step_) {
    // A generator expression has no handler at its yield either.
    // Thrown before the first line ran, or after the end: it propagates
    // from here, and the generator is finished.
    finish();
    std::rethrow_exception(error);
  }
  injected_ = std::move(error);
  return resume(loc, out, true);
}

void GeneratorObj::close(Loc loc) {
  if (running())
    raise("ValueError", "generator already executing");
  if (done_ || !co_.started()) {
    finish();
    return;
  }
  injected_ = std::make_exception_ptr(ParaxError("GeneratorExit", ""));
  Value out;
  bool yielded;
  try {
    yielded = resume(loc, out, !weak_from_this().expired());
  } catch (ParaxError &e) {
    if (e.diag().kind == "GeneratorExit")
      return;
    throw;
  }
  if (yielded)
    raise("RuntimeError", "generator ignored GeneratorExit",
          "a generator that catches GeneratorExit must not yield again");
}

void GeneratorObj::kill() {
  if (!co_.started() || co_.finished()) {
    finish();
    return;
  }
  killing_ = true;
  ev_.enterGenerator(state_, name_, Loc{}, /*checkDepth=*/false);
  try {
    co_.resume();
  } catch (...) {
  }
  ev_.leaveGenerator(state_);
  finish();
}

Value GeneratorObj::yieldValue(const Value &v) {
  transfer_ = v;
  co_.suspend();
  if (killing_)
    throw GeneratorKill{};
  if (injected_) {
    std::exception_ptr e = std::move(injected_);
    injected_ = nullptr;
    std::rethrow_exception(e);
  }
  Value sent = std::move(transfer_);
  transfer_ = Value();
  return sent;
}

bool GeneratorObj::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  Value self = Value::object(Value::Kind::Native, shared_from_this());
  auto *g = this;
  auto method = [&](BuiltinFunction::Impl impl) {
    out = makeBuiltin("generator." + name, std::move(impl));
    return true;
  };
  if (name == "__next__")
    return method([self, g](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 0, 0, "__next__");
      Value v;
      if (!g->send(Value(), v, a.loc))
        raiseStopIteration(ev, v);
      return v;
    });
  if (name == "send")
    return method([self, g](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 1, "send");
      Value v;
      if (!g->send(a.args[0], v, a.loc))
        raiseStopIteration(ev, v);
      return v;
    });
  if (name == "throw")
    return method([self, g](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 3, "throw");
      Value exc = a.args[0];
      if (asExceptionType(exc) && a.args.size() > 1 && !a.args[1].isNone())
        exc = asException(a.args[1]) ? a.args[1] : ev.call(exc, {a.args[1]}, a.loc);
      RaisedError err = makeRaisedError(ev, exc, a.loc);
      if (ExceptionValue *x = asException(err.exception())) {
        x->diag = err.diag();
        x->hasDiag = true;
      }
      Value v;
      if (!g->throwIn(std::make_exception_ptr(err), v, a.loc))
        raiseStopIteration(ev, v);
      return v;
    });
  if (name == "close")
    return method([self, g](Evaluator &, CallArgs &a) {
      expectPositional(a, 0, 0, "close");
      g->close(a.loc);
      return Value();
    });
  if (name == "__iter__")
    return method([self](Evaluator &, CallArgs &) { return self; });
  if (name == "gi_running") {
    out = Value::boolean(running());
    return true;
  }
  if (name == "__name__" || name == "__qualname__") {
    out = Value::str(name_);
    return true;
  }
  (void)ev;
  return false;
}

std::vector<std::string> GeneratorObj::attrNames() const {
  return {"__next__", "send", "throw", "close", "__iter__", "gi_running", "__name__"};
}

void GeneratorObj::finalizeAll(Evaluator &ev) {
  std::vector<std::shared_ptr<GeneratorObj>> live;
  for (auto &w : ev.generators_)
    if (auto g = w.lock())
      if (g->hasHandlers_ && g->co_.started() && !g->co_.finished() && !g->running())
        live.push_back(g);
  for (auto &g : live) {
    try {
      g->close(Loc{});
    } catch (...) {
    }
  }
}

[[noreturn]] void raiseStopIteration(Evaluator &ev, const Value &returned) {
  if (returned.isNone())
    raise("StopIteration", "");
  Value exc = ev.call(ev.exceptionTypes().value("StopIteration"), {returned}, ev.currentLoc());
  RaisedError err = makeRaisedError(ev, exc, ev.currentLoc());
  if (ExceptionValue *x = asException(exc)) {
    x->diag = err.diag();
    x->hasDiag = true;
  }
  throw err;
}

} // namespace parax::frontend
