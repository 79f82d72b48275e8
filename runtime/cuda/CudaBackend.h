//===- CudaBackend.h - `--backend cuda` -------------------------*- C++ -*-===//
//
// `--backend cuda` runs each program's kernels on the GPU: the program goes
// through the GPU lowering (codegen/EmitPTX: kernel regions outlined, PTX
// for the device's arch), its host part is JIT-compiled for the CPU as by
// the cpu backend, and its arrays live in device memory for the call
// (codegen::emitGpuResident, DeviceResident.h): arguments up, kernels
// enqueued on the logical device's stream, results down with one
// synchronisation. Programs that path does not cover run from host memory
// (each launch synchronised) on GPUs with pageable memory access, else on
// the CPU. The memory budget per logical device is its GPU's free memory
// shared among the logical devices on it. pmap bodies run per logical
// device on its stream, and collectives of arrays on the devices (events,
// device copies, combine kernels; NCCL's all-reduce and all-gather when
// every device is its own GPU: NcclCliques.h); runtime-kernel fallbacks,
// debug prints and the other collectives run on the host on copies.
// This path has not run on hardware yet; the strict fake driver
// (tests/unit/cuda/FakeCudaDriver.cpp) runs all of it without a GPU.
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
