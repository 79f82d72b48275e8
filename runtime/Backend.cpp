//===- Backend.cpp - choosing a backend -----------------------------------===//
#include "runtime/Backend.h"
#include "runtime/cpu/CpuBackend.h"
#include "runtime/interp/Interpreter.h"

namespace parax::runtime {

std::unique_ptr<Backend> createBackend(const std::string &name, int numDevices,
                                       std::string &error) {
  if (name == "interp")
    return std::make_unique<InterpBackend>(numDevices);
  if (name == "cpu" || name == "auto") // no cuda backend in this build yet
    return CpuBackend::create(numDevices, error);
  if (name == "cuda") {
    error = "the cuda backend is not available in this build";
    return nullptr;
  }
  error = "unknown backend '" + name + "' (expected auto, cpu, cuda or interp)";
  return nullptr;
}

} // namespace parax::runtime
