//===- Coroutine.h - a body that runs on its own native stack ---*- C++ -*-===//
//
// The mechanism under Python generators: a C++ body that can suspend itself
// in the middle of the evaluator's recursion and be resumed later, because
// it runs on a native stack of its own. Switching is a handful of register
// moves (x86-64 assembly; ucontext elsewhere), so a generator costs the
// evaluator no speed between its yields.
//
// A stack is reserved (4 MiB while few are live, so recursion inside a
// generator reaches Python's limit; smaller as thousands are suspended) but
// only the pages the body touches are committed; a guard page below it turns
// an overflow the stack checks miss into a fault, never silent corruption. While a body runs, the stack guard
// (ir/StackGuard.h) measures against its stack, and the C++ runtime's
// per-thread exception state is switched with it, so a body may suspend
// inside a catch block. Finished stacks are pooled for the next body.
//
// Errors never cross a switch: what the body throws is caught at its base
// and rethrown by resume() on the resumer's stack.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>

namespace parax::frontend {

class Coroutine {
public:
  /// `body` runs on the first resume(); it may call suspend() any number
  /// of times.
  explicit Coroutine(std::function<void()> body);
  /// A coroutine must not be destroyed while suspended inside its body:
  /// its owner finishes it first (the body unwinds, see GeneratorObj).
  ~Coroutine();
  Coroutine(const Coroutine &) = delete;
  Coroutine &operator=(const Coroutine &) = delete;

  /// Runs the body until it suspends (true) or finishes (false). What the
  /// body threw is rethrown here (it has then finished). Throws MemoryError
  /// when no stack can be had.
  bool resume();
  /// From inside the body: back to the resumer, until the next resume().
  void suspend();

  bool started() const { return stack_ != nullptr || finished_; }
  bool finished() const { return finished_; }
  /// Whether the body is running now (resumed and not suspended).
  bool running() const { return running_; }

  /// Stacks currently held by unfinished bodies (for tests).
  static size_t liveStacks();

  /// Implementation details of Coroutine.cpp.
  struct Stack;
  static void entry(void *self);

private:
  void releaseStack();
  void switchIn();
  void switchOut();

  std::function<void()> body_;
  Stack *stack_ = nullptr;
  void *sp_ = nullptr;       ///< The suspended side's saved stack pointer.
  void *callerSp_ = nullptr; ///< The resumer's, while the body runs.
  std::exception_ptr error_;
  bool finished_ = false, running_ = false;
  /// What is switched along with the stack: the stack guard's bound and the
  /// C++ runtime's caught-exception chain (see Coroutine.cpp).
  uintptr_t savedLow_ = 0;
  void *ehCaught_ = nullptr;
  unsigned ehUncaught_ = 0;
  /// AddressSanitizer's fake-stack handle, when built with it.
  void *asanFake_ = nullptr;
  const void *callerBottom_ = nullptr;
  size_t callerSize_ = 0;
};

} // namespace parax::frontend
