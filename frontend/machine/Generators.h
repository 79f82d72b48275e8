//===- Generators.h - Python generator objects ------------------*- C++ -*-===//
//
// A call of a function whose body contains `yield`, and a generator
// expression, make a GeneratorObj. Its body is run by the ordinary
// tree-walking evaluator, on a native stack of its own (Coroutine.h): a
// `yield` suspends that stack in the middle of the evaluator's recursion,
// next()/send()/throw()/close() resume it. On every resume the evaluator's
// per-body state (scope, running functions, handled exceptions) is swapped
// in, and out again on every suspend (Evaluator::enterGenerator).
//
// A generator dropped while suspended is closed as in CPython (GeneratorExit
// at its yield, so its finally clauses and with blocks run); one still
// suspended when its evaluator goes is unwound without running Python.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Coroutine.h"
#include "frontend/machine/Evaluator.h"

#include <exception>
#include <functional>
#include <memory>

namespace parax::frontend {

/// Thrown at a suspended body's yield when its evaluator is going away:
/// unwinds the body's frames without running Python (not a ParaxError, so
/// no except clause catches it, and try statements skip their finally).
struct GeneratorKill {};

class GeneratorObj : public NativeObject,
                     public std::enable_shared_from_this<GeneratorObj> {
public:
  /// Runs the body to its end; returns the generator's return value.
  using Body = std::function<Value()>;
  /// `hasHandlers`: the body has try/with statements, which closing it
  /// must run (GeneratorExit); without, a dropped generator is unwound
  /// silently, which nothing in Python can tell apart.
  GeneratorObj(Evaluator &ev, std::string name, std::shared_ptr<Scope> scope, Body body,
               bool hasHandlers = true);
  /// A generator expression needs no stack of its own (nothing in it can
  /// suspend but its one implicit yield): `step` makes the next item on
  /// the resumer's stack, false at the end.
  using Step = std::function<bool(Value &out)>;
  GeneratorObj(Evaluator &ev, std::string name, Step step);
  ~GeneratorObj() override;

  std::string typeName() const override { return "generator"; }
  std::string repr() const override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  std::vector<std::string> attrNames() const override;

  /// next() (sent None) and send(): true with the yielded value in `out`;
  /// false when the body returned (`out` is the return value). A finished
  /// generator raises StopIteration; the body's errors propagate.
  bool send(const Value &sent, Value &out, Loc loc);
  /// throw(): raises `error` where the body is suspended.
  bool throwIn(std::exception_ptr error, Value &out, Loc loc);
  /// close(): GeneratorExit where the body is suspended.
  void close(Loc loc);
  /// Unwinds a suspended body without running Python.
  void kill();
  bool running() const { return co_.running() || stepRunning_; }
  bool finished() const { return done_; }
  bool started() const { return co_.started() || stepStarted_; }

  /// From the running body, for `yield v`: suspends with `v`; returns the
  /// value sent in, or throws what was thrown in.
  Value yieldValue(const Value &v);

  /// The program has ended (Python's exit): closes the generators still
  /// suspended, in the order they were made, so their finally clauses and
  /// with blocks run as CPython's do at shutdown; errors there are ignored.
  static void finalizeAll(Evaluator &ev);

private:
  bool resume(Loc loc, Value &out, bool keepAlive);
  bool stepOnce(Value &out);
  /// Drops the body and its frame's references (it has ended).
  void finish();

  Evaluator &ev_;
  std::string name_;
  Body body_;
  Step step_;
  bool stepStarted_ = false, stepRunning_ = false;
  Coroutine co_;
  Evaluator::GeneratorState state_;
  Value transfer_; ///< The value yielded out or sent in.
  std::exception_ptr injected_;
  Value returnValue_;
  bool done_ = false, killing_ = false, hasHandlers_ = true;
};

/// The running generator's StopIteration for a return value (`return v`
/// in the body: StopIteration(v), whose .value is v).
[[noreturn]] void raiseStopIteration(Evaluator &ev, const Value &returned);

} // namespace parax::frontend
