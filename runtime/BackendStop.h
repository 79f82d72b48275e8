//===- BackendStop.h - the stop word: Ctrl-C, interrupt(), --timeout -*- C++ -*-===//
//
// One StopFlag per session (or embedded interpreter). Ctrl-C, the embedding
// API's interrupt() and the --timeout watchdog set it; everything that can
// run for long polls it: the evaluator at each statement, the interp
// backend at each loop iteration, code the cpu (and cuda host) backend
// compiled at each back edge of fori_loop/scan/while_loop (one relaxed load
// of word(), see codegen/EmitControlFlow.cpp), and collective waits. The
// poller then raises error(loc): KeyboardInterrupt or TimeoutError at the
// user's line.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Diagnostics.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace parax::runtime {

class StopFlag {
public:
  /// Why a program must stop (the value of the word; 0 = run on).
  enum Reason : int32_t { None = 0, Interrupt = 1, Timeout = 2 };

  /// Asks the running program to stop. Lock-free, so safe from a signal
  /// handler and any thread; the first reason stays until clear().
  void request(Reason r) noexcept {
    int32_t none = None;
    word_.compare_exchange_strong(none, r, std::memory_order_relaxed);
  }
  void clear() noexcept { word_.store(None, std::memory_order_relaxed); }
  Reason reason() const noexcept {
    return Reason(word_.load(std::memory_order_relaxed));
  }
  bool stopped() const noexcept { return reason() != None; }
  /// The word compiled loops load (non-zero: stop).
  const std::atomic<int32_t> *word() const noexcept { return &word_; }

  /// How the timeout is named in its error ("--timeout 2 s").
  void setTimeoutName(std::string name) { timeoutName_ = std::move(name); }
  /// The error for the current reason, at `loc` (invalid: the caller's).
  ParaxError error(const Loc &loc) const;
  /// Throws error(loc) when a stop was requested.
  void check(const Loc &loc) const {
    if (stopped())
      throw error(loc);
  }

private:
  std::atomic<int32_t> word_{None};
  std::string timeoutName_ = "its timeout";
};

/// Requests StopFlag::Timeout on `flag` when a run outlives its time:
/// arm(seconds) starts the clock, disarm() stops it (a thread per armed
/// run, waiting on a condition variable; nothing runs when unarmed).
class Watchdog {
public:
  explicit Watchdog(StopFlag &flag) : flag_(flag) {}
  ~Watchdog() { disarm(); }
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

  void arm(double seconds);
  void disarm();

private:
  StopFlag &flag_;
  std::mutex m_;
  std::condition_variable cv_;
  bool armed_ = false;
  std::thread thread_;
};

/// "2 s", "0.5 s": a timeout as its error names it.
std::string formatSeconds(double seconds);

} // namespace parax::runtime
