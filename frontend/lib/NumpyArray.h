// The numpy array a numpy function hands back to the program. Every numpy
// result (np.* functions, np.random, conversions from JAX arrays) goes
// through wrapNumpyArray, so the representation of a host array lives in one
// place.
#pragma once

#include "frontend/machine/Value.h"
#include "ir/Array.h"

namespace parax::frontend {

/// The numpy array value holding `a` (owns its buffer).
Value wrapNumpyArray(Array a);

} // namespace parax::frontend
