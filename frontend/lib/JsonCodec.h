//===- JsonCodec.h - the native half of json --------------------*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"

namespace parax::frontend {

class Evaluator;

/// Adds json_encode and json_decode (frontend/lib/python/json.py's engine)
/// to `m`, the hidden module _parax.
void installJsonFunctions(Evaluator &ev, ModuleObject &m);

} // namespace parax::frontend
