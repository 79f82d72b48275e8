//===- Backend.h - what executes IR -----------------------------*- C++ -*-===//
//
// The frontend hands the backend whole traced programs (a Module whose entry
// function takes and returns arrays) and single eager ops. Backends: the
// reference interpreter (`interp`), and later the LLVM CPU JIT and CUDA.
// Devices are numbered 0..numDevices-1; a pmap op inside a program runs its
// region once per device with collectives between them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Array.h"
#include "ir/Operation.h"
#include "runtime/BackendStop.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace parax::runtime {

/// Where run-time output (jax.debug.print) goes.
using PrintSink = std::function<void(const std::string &)>;

/// A program compiled for one backend.
class Executable {
public:
  virtual ~Executable() = default;
  /// Runs the entry function on `args`; returns its results.
  virtual std::vector<Array> run(const std::vector<Array> &args) = 0;
};

class Backend {
public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  virtual int numDevices() const = 0;
  /// Compiles `module` (its first function is the entry). The module must
  /// outlive the executable; the caller keeps it (shared_ptr).
  virtual std::unique_ptr<Executable>
  compile(std::shared_ptr<const ir::Module> module) = 0;
  /// Runs one pure op on concrete inputs (eager execution).
  virtual std::vector<Array>
  evalEager(ir::OpKind kind, const ir::Attrs &attrs,
            const std::vector<Array> &inputs,
            const std::vector<TensorType> &resultTypes) = 0;
  /// Compiled code that no live program uses any more is kept for reuse
  /// (an identical program then does not recompile) for at most this many
  /// programs, least recently used dropped first; 0 keeps none.
  virtual void setCodeCacheLimit(size_t programs) { (void)programs; }
  /// Frees the code kept for reuse (code of live programs stays).
  virtual void clearCaches() {}
  /// The memory each logical device has when the user set no budget
  /// (--device-memory): a GPU's free memory divided among the logical
  /// devices on it; 0 when unknown or unlimited (host memory).
  virtual int64_t deviceMemoryBudget() const { return 0; }

  /// Where jax.debug.print output goes.
  void setPrintSink(PrintSink s) { print_ = std::move(s); }
  const PrintSink &printSink() const { return print_; }
  /// Receives a compiled program's lower-level forms: (stage, text, program
  /// name) for each requested stage ("llvm", "asm") that the backend has.
  using DumpHook = std::function<void(const std::string &,
                                      const std::string &,
                                      const std::string &)>;
  void setDumpHook(std::vector<std::string> stages, DumpHook hook) {
    dumpStages_ = std::move(stages);
    dumpHook_ = std::move(hook);
  }

  /// A jax.debug.breakpoint() reached at run time: the traced function's
  /// array locals (concrete now) and the device that stopped.
  struct BreakpointEvent {
    const ir::Operation *op = nullptr; ///< Its loc() is the user's line.
    std::vector<std::string> names;
    std::vector<Array> values;
    int device = -1; ///< Index along the pmap axis, -1 outside pmap.
    /// The event of debug_breakpoint `op` (names from its attribute).
    static BreakpointEvent at(const ir::Operation &op, std::vector<Array> values,
                              int device);
  };
  using BreakpointHook = std::function<void(const BreakpointEvent &)>;
  /// Called (serialised across device threads) at each breakpoint; without
  /// a hook breakpoints are ignored, as JAX ignores them without a terminal.
  void setBreakpointHook(BreakpointHook h) { breakpoint_ = std::move(h); }
  void hitBreakpoint(const BreakpointEvent &e);

  /// Ctrl-C / Interpreter::interrupt() / --timeout (runtime/BackendStop.h):
  /// backends stop inside a program at its next loop iteration (the
  /// interpreter, and compiled code at each back edge) and in collective
  /// waits.
  void setStopFlag(const StopFlag *f) { stop_ = f; }
  const StopFlag *stopFlag() const { return stop_; }
  bool interrupted() const { return stop_ && stop_->stopped(); }
  /// Throws the stop's error at `loc` when a stop was requested.
  void checkStop(const Loc &loc) const {
    if (stop_)
      stop_->check(loc);
  }

protected:
  const StopFlag *stop_ = nullptr;
  PrintSink print_ = [](const std::string &) {};
  BreakpointHook breakpoint_;
  std::vector<std::string> dumpStages_;
  DumpHook dumpHook_;
};

/// Creates a backend by name ("interp", "cpu", "cuda", "auto"); returns null
/// and sets `error` when it is unavailable.
std::unique_ptr<Backend> createBackend(const std::string &name,
                                       int numDevices, std::string &error);

} // namespace parax::runtime
