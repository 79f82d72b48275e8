//===- CudaLaunch.h - the GPU state behind --backend cuda -------*- C++ -*-===//
//
// One process-wide CudaRuntime: the driver table, the devices, a primary
// context and stream per device, and the kernel lookup. Compiled programs
// (codegen::emitGpuLaunch) call parax_cuda_launch for each kernel: logical
// device d runs on GPU d % #GPUs; each launch is followed by a stream
// synchronisation, so the host part of the program may read what the kernel
// wrote (the buffers are ordinary host memory the GPU reaches through
// pageable memory access). Untested on hardware so far.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/cuda/CudaDevices.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

struct ParaxRtContext;

extern "C" int32_t parax_cuda_launch(ParaxRtContext *ctx, const char *ptx,
                                     const char *kernel, void **params,
                                     int32_t kind, int64_t elements);

namespace parax::runtime {

class CudaRuntime {
public:
  /// Loads the driver, discovers the devices and opens their contexts once;
  /// null with `error` on failure (the same error on every call).
  static CudaRuntime *get(std::string &error);

  const cuda::DriverApi &api() const { return api_; }
  const std::vector<cuda::DeviceInfo> &devices() const { return devices_; }
  /// Launches `kernel` of the module `ptx` on the GPU of logical device
  /// `logical`; false with `error` set on failure.
  bool launch(int logical, const char *ptx, const char *kernel, void **params,
              int32_t kind, int64_t elements, std::string &error);

private:
  cuda::DriverApi api_;
  std::vector<cuda::DeviceInfo> devices_;
  std::vector<std::unique_ptr<cuda::DeviceContext>> contexts_;
  std::mutex mutex_;
  /// Per GPU: kernel name (the compiled program's string) -> function.
  std::vector<std::unordered_map<const char *, cuda::CUfunction>> functions_;
};

} // namespace parax::runtime
