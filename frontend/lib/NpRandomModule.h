//===- NpRandomModule.h - the numpy.random module ---------------*- C++ -*-===//
#pragma once

namespace parax::frontend {

class Evaluator;
class ModuleObject;

/// Fills `m` with numpy.random's names (NpRandomModule.cpp).
void installNumpyRandomModule(Evaluator &ev, ModuleObject &m);

} // namespace parax::frontend
