//===- CudaLaunch.h - the GPU state behind --backend cuda -------*- C++ -*-===//
//
// One process-wide CudaRuntime: the driver table, the devices, a primary
// context per GPU, and per logical device a stream and a caching device
// allocator (logical device d lives on GPU d % #GPUs; several logical
// devices on one GPU are separate streams). Compiled programs call
//  - parax_cuda_launch_async (device-resident programs, DeviceResident.h):
//    the launch is enqueued on the logical device's stream, no sync;
//  - parax_cuda_launch (the host-memory path for GPUs with pageable memory
//    access): each launch is followed by a stream synchronisation, so the
//    host part may read what the kernel wrote.
// With the strict fake driver (tests/unit/cuda/FakeCudaDriver.cpp) each
// launch is bound to its kernel's host compilation (`unpack`), which the
// fake runs. Untested on hardware so far.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/cuda/CudaDevices.h"
#include "runtime/cuda/DeviceAllocator.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

struct ParaxRtContext;

extern "C" int32_t parax_cuda_launch(ParaxRtContext *ctx, const char *ptx,
                                     const char *kernel, void **params,
                                     int32_t kind, int64_t elements,
                                     void (*unpack)(void **));
extern "C" int32_t parax_cuda_launch_async(ParaxRtContext *ctx,
                                           const char *ptx, const char *kernel,
                                           void **params, int32_t kind,
                                           int64_t elements,
                                           void (*unpack)(void **));

namespace parax::runtime {

class CudaRuntime {
public:
  /// Loads the driver, discovers the devices and opens their contexts once;
  /// null with `error` on failure (the same error on every call).
  static CudaRuntime *get(std::string &error);

  const cuda::DriverApi &api() const { return api_; }
  const std::vector<cuda::DeviceInfo> &devices() const { return devices_; }
  /// Whether the driver is the strict fake (kernels run their host code).
  bool fake() const { return api_.paraxFakeBindHostKernel != nullptr; }

  /// A logical device: its GPU, its own stream and allocator.
  struct Logical {
    int gpu = 0;
    cuda::CUstream stream = nullptr;
    /// Its cuBLAS handle (CublasGemm.h), made on first use; `blasFailed`
    /// when making it failed (its dots then run their kernels).
    cuda::cublasHandle_t blas = nullptr;
    bool blasFailed = false;
    std::unique_ptr<cuda::DeviceAllocator> allocator;
    /// Device copies of programs' constants, by host address; `host` is
    /// the bytes uploaded, compared on each use (an address may be reused).
    struct Constant {
      cuda::CUdeviceptr dev = 0;
      std::vector<unsigned char> host;
    };
    std::unordered_map<const void *, Constant> constants;
    std::mutex mutex;
  };
  /// Logical device `id` (created on first use); null with `error` set.
  Logical *logical(int id, std::string &error);
  /// Makes the context of logical device `l`'s GPU current.
  bool makeCurrent(const Logical &l, std::string &error);
  /// Free bytes of GPU `gpu` (cuMemGetInfo), shared by the logical devices
  /// on it: 0 when the driver cannot say.
  size_t freeMemory(int gpu);

  /// Launches `kernel` of the module `ptx` on logical device `logical`:
  /// enqueued on its stream, then (sync) waited for; false with `error`.
  bool launch(int logical, const char *ptx, const char *kernel, void **params,
              int32_t kind, int64_t elements, void (*unpack)(void **),
              bool sync, std::string &error);

private:
  cuda::DriverApi api_;
  std::vector<cuda::DeviceInfo> devices_;
  std::vector<std::unique_ptr<cuda::DeviceContext>> contexts_;
  std::mutex mutex_;
  std::mutex fakeLaunch_; ///< a fake bind and its launch, together
  std::unordered_map<int, std::unique_ptr<Logical>> logical_;
  /// Per GPU: kernel name (the compiled program's string) -> function.
  std::vector<std::unordered_map<const char *, cuda::CUfunction>> functions_;
};

} // namespace parax::runtime
