//===- ProgramChecks.h - checks on a traced program before running -*- C++ -*-===//
//
// Runs the whole-program checks that make parax say what is wrong before
// anything hangs or runs out of memory: the divergent-collective analysis
// and the memory preflight (per-device peak vs the device budget).
//
//===----------------------------------------------------------------------===//
#pragma once

namespace parax::frontend {

class Evaluator;
struct TraceProgram;

/// Throws ParaxError (DivergentCollectiveError, RESOURCE_EXHAUSTED) when the
/// program would hang or not fit.
void runProgramChecks(Evaluator &ev, TraceProgram &prog);

} // namespace parax::frontend
