//===- Verifier.h - structural and type checks of the IR --------*- C++ -*-===//
//
// The verifier re-checks what the builders promise: the block structure
// (terminators, SSA dominance, region signatures) and one type rule per op
// kind from Ops.def. Its findings are compiler-bug reports, not user
// diagnostics: the tracer turns user mistakes into TypeErrors before any op
// is built, so a non-empty result means a frontend or pass bug. The pass
// manager runs it after every pass in debug builds.
//
// Messages read `@func: %4 = mul (prog.py:3:5): what is wrong`, naming values
// as the printer does (ir/Printer.h).
//
// Weak types: every type comparison ignores the weak flag (dtype and shape
// must match exactly). JAX's own carry/branch checks ignore weak_type too
// (the tracer promotes weak carries), and the flag has no run-time meaning,
// so a pass that drops or adds it never makes the IR invalid.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

#include <string>
#include <utility>
#include <vector>

namespace parax::ir {

/// Knobs of the verifier.
struct VerifyOptions {
  /// Axis names (with their sizes) bound outside the function, for a Func
  /// that is itself a per-device pmap body. Collectives may name these axes
  /// in addition to those bound by enclosing `pmap` ops.
  std::vector<std::pair<std::string, int64_t>> boundAxes;
};

/// Checks one function; returns the problems found (empty means valid).
std::vector<std::string> verify(const Func &f, const VerifyOptions &opts = {});
/// Checks every function of `m`, and that function names are unique.
std::vector<std::string> verifyModule(const Module &m,
                                      const VerifyOptions &opts = {});

} // namespace parax::ir
