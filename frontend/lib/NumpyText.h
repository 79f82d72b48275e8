//===- NumpyText.h - np.loadtxt, np.genfromtxt, np.savetxt ------*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"

namespace parax::frontend {

class Evaluator;

/// Adds loadtxt, genfromtxt and savetxt to the numpy module `np`: files
/// through the sandbox (frontend/lib/SandboxedFiles.h), arrays from np.array.
void installNumpyTextIO(Evaluator &ev, ModuleObject &np);

} // namespace parax::frontend
