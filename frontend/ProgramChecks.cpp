//===- ProgramChecks.cpp - checks on a traced program before running ------===//
#include "frontend/ProgramChecks.h"
#include "frontend/Evaluator.h"
#include "frontend/Trace.h"

namespace parax::frontend {

void runProgramChecks(Evaluator &ev, TraceProgram &prog) {
  // Filled in by the diagnostics work (divergence + memory plan).
  (void)ev;
  (void)prog;
}

} // namespace parax::frontend
