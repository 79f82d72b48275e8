//===- CudaBackend.h - `--backend cuda` -------------------------*- C++ -*-===//
//
// `--backend cuda` runs each program's kernels on the GPU: the program goes
// through the GPU lowering (codegen/EmitPTX: kernel regions outlined, PTX
// for the device's arch), its host part is JIT-compiled for the CPU as by
// the cpu backend, and each kernel call becomes a launch (CudaLaunch) on
// the GPU of its logical device, followed by a stream synchronisation.
// Buffers stay in host memory, which the GPU reaches through pageable memory
// access (HMM); a GPU without it is refused. Collectives, runtime-kernel
// fallbacks and debug prints run on the host. Device-resident buffers
// (DeviceAllocator), NCCL and the benchmarks' targets are the next steps.
// This path has not run on hardware yet.
//
//  - without a usable GPU, `--backend cuda` fails with what is missing;
//  - PARAX_CUDA_PTX_ONLY=1 needs no GPU: each program is compiled to PTX
//    (`--dump ptx` prints it with a coverage report) and then runs on the
//    CPU backend, so whole scripts can be checked with ptxas;
//  - PARAX_CUDA_EMULATE=1 needs no GPU either: programs go through the GPU
//    lowering and the kernels run on the CPU (GpuEmulation.h), to check
//    that lowering's results against the suite.
// `--backend auto` picks cuda only when kRunsPrograms and a device is present;
// kRunsPrograms stays false until the launch path has passed gpu-check.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/Backend.h"

#include <memory>
#include <string>

namespace parax::runtime {

class CudaBackend {
public:
  /// Whether `auto` may pick cuda (false until verified on hardware).
  static constexpr bool kRunsPrograms = false;
  /// The backend, or null with `error` saying what is missing and that
  /// `--backend cpu` works.
  static std::unique_ptr<Backend> create(int numDevices, std::string &error);
  /// Whether libcuda loads and reports at least one usable device.
  static bool devicePresent();
};

} // namespace parax::runtime
