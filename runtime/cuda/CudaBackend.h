//===- CudaBackend.h - `--backend cuda` -------------------------*- C++ -*-===//
//
// What exists: libcuda/libnccl loaded at run time (CudaDriver), device
// discovery, primary contexts, streams and a module cache (CudaDevices), a
// caching allocator (DeviceAllocator), launch sizes (LaunchConfig), and the
// kernel code generator (codegen/EmitPTX). What does not yet: running the
// host side of a program against device memory (launching the kernels,
// scalar transfers, NCCL collectives). So:
//  - without a usable GPU, `--backend cuda` fails with what is missing;
//  - with one, it fails saying that execution is not implemented;
//  - PARAX_CUDA_PTX_ONLY=1 needs no GPU: each program is compiled to PTX
//    (`--dump ptx` prints it with a coverage report) and then runs on the
//    CPU backend, so whole scripts can be checked with ptxas;
//  - PARAX_CUDA_EMULATE=1 needs no GPU either: programs go through the GPU
//    lowering and the kernels run on the CPU (GpuEmulation.h), to check
//    that lowering's results against the suite.
// `--backend auto` picks cuda only when kRunsPrograms and a device is present.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/Backend.h"

#include <memory>
#include <string>

namespace parax::runtime {

class CudaBackend {
public:
  /// Whether this build can run programs on a GPU (false: see above).
  static constexpr bool kRunsPrograms = false;
  /// The backend, or null with `error` saying what is missing and that
  /// `--backend cpu` works.
  static std::unique_ptr<Backend> create(int numDevices, std::string &error);
  /// Whether libcuda loads and reports at least one usable device.
  static bool devicePresent();
};

} // namespace parax::runtime
