//===- ProgramChecks.h - checks on a traced program before running -*- C++ -*-===//
//
// Runs the whole-program checks that make parax say what is wrong before
// anything hangs or runs out of memory: the divergent-collective analysis
// and the memory preflight (per-device peak vs the device budget).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace parax::frontend {

class Evaluator;
struct TraceProgram;

/// Throws ParaxError (DivergentCollectiveError, RESOURCE_EXHAUSTED) when the
/// program would hang or not fit.
void runProgramChecks(Evaluator &ev, TraceProgram &prog);

/// The memory plan of a compiled program as `parax check` prints it: each
/// device's peak and the largest buffers live at it (the REPL's :mem).
std::string renderMemoryPlan(Evaluator &ev, const TraceProgram &prog);

} // namespace parax::frontend
