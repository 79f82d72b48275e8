//===- PassManager.h - the IR pass pipeline ---------------------*- C++ -*-===//
//
// A named, ordered list of passes over a Module. Each pass is a free
// function returning whether it changed the IR (Halide/Taichi style); the
// manager can dump the IR after each pass that changed it and re-verifies
// after every pass in debug builds.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

#include <functional>
#include <string>
#include <vector>

namespace parax::ir {

using PassFn = std::function<bool(Module &)>;

struct Pass {
  std::string name;
  PassFn run;
};

class PassManager {
public:
  /// Called with (pass name, printed IR) after a pass that changed the IR.
  using DumpFn = std::function<void(const std::string &, const std::string &)>;

  void add(std::string name, PassFn fn) { passes_.push_back({std::move(name), std::move(fn)}); }
  void setDump(DumpFn d) { dump_ = std::move(d); }
  /// Runs every pass in order; returns problems found by the verifier
  /// (empty when all is well).
  std::vector<std::string> run(Module &m);
  const std::vector<Pass> &passes() const { return passes_; }

private:
  std::vector<Pass> passes_;
  DumpFn dump_;
};

/// The default pipeline for compiled programs: canonicalize, transposed-dot,
/// hoist-invariants, dce.
PassManager defaultPipeline();

// Passes (each in its own file under ir/transforms/).
/// Rewrites that XLA applies to every compiled program and that change
/// observable results (see Canonicalize.cpp for the rule table).
bool canonicalize(Module &m);
/// transpose(dot_general(a, b)) that swaps the result's free groups ->
/// dot_general(b, a) (TransposedDot.cpp).
bool foldTransposedDots(Module &m);
/// Moves loop-invariant work (a dot's captured operand, a reduction of
/// outer values) before the loop (HoistInvariants.cpp).
bool hoistLoopInvariants(Module &m);
/// Removes pure ops whose results are unused.
bool eliminateDeadCode(Module &m);

} // namespace parax::ir
