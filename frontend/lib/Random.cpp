//===- Random.cpp - jax.random (threefry) ---------------------------------===//
// Placeholder: the random module is being written (PRNGKey, split, uniform,
// normal bit-exact with JAX).
#include "frontend/Evaluator.h"
#include "frontend/lib/Modules.h"

namespace parax::frontend {
void installRandomModule(Evaluator &ev, ModuleObject &random) {}
} // namespace parax::frontend
