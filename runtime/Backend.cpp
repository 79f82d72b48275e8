//===- Backend.cpp - choosing a backend -----------------------------------===//
#include "runtime/Backend.h"
#include "runtime/cpu/CpuBackend.h"
#include "runtime/cuda/CudaBackend.h"
#include "runtime/interp/Interpreter.h"

namespace parax::runtime {

std::unique_ptr<Backend> createBackend(const std::string &name, int numDevices,
                                       std::string &error) {
  if (name == "interp")
    return std::make_unique<InterpBackend>(numDevices);
  // auto: cuda only when it can run programs and a GPU is present.
  if (name == "auto" && CudaBackend::kRunsPrograms &&
      CudaBackend::devicePresent())
    return CudaBackend::create(numDevices, error);
  if (name == "cpu" || name == "auto")
    return CpuBackend::create(numDevices, error);
  if (name == "cuda")
    return CudaBackend::create(numDevices, error);
  error = "unknown backend '" + name + "' (expected auto, cpu, cuda or interp)";
  return nullptr;
}

} // namespace parax::runtime
