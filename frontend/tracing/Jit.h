//===- Jit.h - jax.jit and jax.pmap callables -------------------*- C++ -*-===//
//
// JitFunction and PmapFunction: the objects jax.jit / jax.pmap return. A call
// flattens its arguments, looks up a compiled program by abstract signature
// (pytree structure, leaf shapes/dtypes/weak flags, static argument values,
// mapped size), traces the Python function into IR on a miss, and runs the
// program on the backend. Inside another trace the function is traced inline
// (jit) or as a pmap op of the enclosing program.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/tracing/Pytree.h"
#include "frontend/tracing/Trace.h"
#include "runtime/Backend.h"

#include <map>
#include <memory>


namespace parax::frontend {

/// A traced, verified and compiled program with its output structure.
struct CompiledProgram {
  std::shared_ptr<TraceProgram> program;
  std::unique_ptr<runtime::Executable> exe;
  TreeDef outDef;
  /// The static arguments it was traced for (kept alive: see JitFunction).
  std::vector<Value> staticArgs;
  /// Leaves of the output that are not computed by the program (None
  /// handled by outDef; Python scalars returned as-is are constants).
  std::string name;
};

/// Verifies, optimizes, checks memory, and compiles `prog` (entry = first
/// function). Throws ParaxError for user-facing failures (memory).
/// Null under `parax check`, which plans programs but never compiles them.
std::unique_ptr<runtime::Executable> compileProgram(Evaluator &ev,
                                                    TraceProgram &prog);
/// Writes a `--dump` stage (to stderr or --dump-dir) if it was requested.
void dumpStage(Evaluator &ev, const std::string &stage, const std::string &text,
               const std::string &name);
/// Runs a compiled executable, wrapping results as arrays.
/// In `parax check` mode nothing was compiled (`exe` is null), nothing runs
/// and the results are abstract values (see makeAbstract); with
/// PARAX_MEMCHECK set, the planned and measured per-device peaks are
/// reported to the dump sink.
std::vector<Value> runExecutable(Evaluator &ev, runtime::Executable *exe,
                                 const TraceProgram &prog,
                                 const std::vector<Value> &args, Loc callLoc = {});

/// The compiled programs of one function under one transformation
/// configuration. JAX caches per function, not per jit() call: every
/// jax.jit(f) with the same options shares one cache, so `jit(f)(x)` twice
/// traces once (and a trace-time side effect happens once). The cache lives
/// on the Python function object and dies with it.
struct ProgramCache {
  std::map<std::string, std::unique_ptr<CompiledProgram>> entries;
  std::vector<const CompiledProgram *> order; ///< Most recent last.
};
/// The cache of `fun` for `config` (a string naming the transformation and
/// its options); a fresh one for callables that are not Python functions.
std::shared_ptr<ProgramCache> programCacheFor(const Value &fun, const std::string &config);
/// Records a new jit/pmap object so that clearJitCaches can reach it.
void registerJitObject(Evaluator &ev, const std::shared_ptr<Object> &obj);
/// Drops the compiled programs of every live jit/pmap object (they trace
/// and compile again on their next call), as jax.clear_caches() does.
void clearJitCaches(Evaluator &ev);

class JitFunction : public NativeObject {
public:
  JitFunction(Value fun, std::vector<int64_t> staticArgnums,
              std::vector<std::string> staticArgnames);
  std::string typeName() const override { return "PjitFunction"; }
  std::string repr() const override;
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  const Value &fun() const { return fun_; }
  /// The compiled programs, most recent last (REPL :ir / :mem).
  std::vector<const CompiledProgram *> programs() const;
  void clearCache() {
    cache_->order.clear();
    cache_->entries.clear();
  }

private:
  Value fun_;
  std::vector<int64_t> staticArgnums_;
  std::vector<std::string> staticArgnames_;
  std::shared_ptr<ProgramCache> cache_;
};

class PmapFunction : public NativeObject {
public:
  PmapFunction(Value fun, Value axisName, Value inAxes, Value outAxes,
               std::vector<int64_t> staticBroadcasted, Value devices);
  std::string typeName() const override { return "PmapFunction"; }
  std::string repr() const override;
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  std::vector<const CompiledProgram *> programs() const;
  void clearCache() {
    cache_->order.clear();
    cache_->entries.clear();
  }

private:
  Value fun_, axisName_, inAxes_, outAxes_, devices_;
  std::vector<int64_t> static_;
  std::shared_ptr<ProgramCache> cache_;
};

} // namespace parax::frontend
