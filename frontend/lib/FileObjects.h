//===- FileObjects.h - the descriptors behind open() ------------*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"

namespace parax::frontend {

class Evaluator;

/// Adds file_open, file_read, file_readline, file_write, ... (the native
/// half of io.py's text files) to `m`, the hidden module _parax.
void installFileFunctions(Evaluator &ev, ModuleObject &m);

} // namespace parax::frontend
