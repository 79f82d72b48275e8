//===- CudaLaunch.cpp - the GPU state behind --backend cuda ---------------===//
#include "runtime/cuda/CudaLaunch.h"
#include "ir/Diagnostics.h"
#include "runtime/cpu/RtContext.h"
#include "runtime/cuda/GpuEmulation.h"
#include "runtime/cuda/LaunchConfig.h"

namespace parax::runtime {

CudaRuntime *CudaRuntime::get(std::string &error) {
  static std::string initError;
  static CudaRuntime *rt = [] () -> CudaRuntime * {
    auto r = std::make_unique<CudaRuntime>();
    std::string e;
    if (!cuda::loadDriver(r->api_, e, cuda::driverLibrary())) {
      initError = "no NVIDIA driver is installed (" + e + ")";
      return nullptr;
    }
    if (!cuda::discoverDevices(r->api_, r->devices_, e)) {
      initError = e;
      return nullptr;
    }
    for (const cuda::DeviceInfo &d : r->devices_) {
      auto c = cuda::DeviceContext::open(r->api_, d, e);
      if (!c) {
        initError = e;
        return nullptr;
      }
      r->contexts_.push_back(std::move(c));
    }
    r->functions_.resize(r->devices_.size());
    return r.release(); // lives for the process (contexts outlive programs)
  }();
  if (!rt)
    error = initError;
  return rt;
}

CudaRuntime::Logical *CudaRuntime::logical(int id, std::string &error) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::unique_ptr<Logical> &l = logical_[id < 0 ? 0 : id];
  if (l)
    return l.get();
  auto made = std::make_unique<Logical>();
  made->gpu = int(size_t(id < 0 ? 0 : id) % contexts_.size());
  if (!contexts_[size_t(made->gpu)]->makeCurrent(error))
    return nullptr;
  cuda::CUresult r = api_.cuStreamCreate(&made->stream, 0);
  if (r != cuda::CUDA_SUCCESS) {
    error = "cuStreamCreate: " + cuda::errorText(api_, r);
    return nullptr;
  }
  made->allocator = std::make_unique<cuda::DeviceAllocator>(api_);
  l = std::move(made);
  return l.get();
}

bool CudaRuntime::makeCurrent(const Logical &l, std::string &error) {
  return contexts_[size_t(l.gpu)]->makeCurrent(error);
}

size_t CudaRuntime::freeMemory(int gpu) {
  std::string error;
  if (gpu < 0 || size_t(gpu) >= contexts_.size() ||
      !contexts_[size_t(gpu)]->makeCurrent(error))
    return 0;
  size_t free = 0, total = 0;
  if (api_.cuMemGetInfo(&free, &total) != cuda::CUDA_SUCCESS)
    return 0;
  return free;
}

bool CudaRuntime::launch(int logicalId, const char *ptx, const char *kernel,
                         void **params, int32_t kind, int64_t elements,
                         void (*unpack)(void **), bool sync,
                         std::string &error) {
  Logical *l = logical(logicalId, error);
  if (!l)
    return false;
  size_t g = size_t(l->gpu);
  cuda::DeviceContext &dc = *contexts_[g];
  if (!dc.makeCurrent(error))
    return false;
  cuda::CUfunction f = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = functions_[g].find(kernel);
    if (it != functions_[g].end()) {
      f = it->second;
    } else {
      f = dc.function(ptx, kernel, error);
      if (!f)
        return false;
      functions_[g][kernel] = f;
    }
  }
  const cuda::DeviceInfo &d = dc.info();
  cuda::LaunchDims dims = cuda::launchDims(codegen::GpuKernelKind(kind),
                                           elements, d.smCount,
                                           d.maxThreadsPerBlock);
  if (dims.grid == 0)
    return true;
  cuda::CUresult r = cuda::CUDA_SUCCESS;
  // The fake binds the host compilation to the function for its next
  // launch: a bind and its launch must not interleave with another device
  // thread's on the same GPU (the same CUfunction).
  std::unique_lock<std::mutex> bound(fakeLaunch_, std::defer_lock);
  if (api_.paraxFakeBindHostKernel) {
    bound.lock();
    if (!unpack) {
      error = std::string("kernel ") + kernel +
              ": the fake driver needs the kernel's host compilation";
      return false;
    }
    r = api_.paraxFakeBindHostKernel(f, unpack, kind, &parax_emu_run_launch);
  }
  if (r == cuda::CUDA_SUCCESS)
    r = api_.cuLaunchKernel(f, dims.grid, 1, 1, dims.block, 1, 1, 0,
                            l->stream, params, nullptr);
  if (bound.owns_lock())
    bound.unlock();
  if (r == cuda::CUDA_SUCCESS && sync)
    r = api_.cuStreamSynchronize(l->stream);
  if (r != cuda::CUDA_SUCCESS) {
    error = std::string("kernel ") + kernel + ": " + cuda::errorText(api_, r);
    return false;
  }
  return true;
}

} // namespace parax::runtime

namespace {

int32_t launchFrom(ParaxRtContext *ctx, const char *ptx, const char *kernel,
                   void **params, int32_t kind, int64_t elements,
                   void (*unpack)(void **), bool sync) {
  if (ctx->error) // e.g. a scratch allocation for this launch failed
    return 1;
  std::string error;
  parax::runtime::CudaRuntime *rt = parax::runtime::CudaRuntime::get(error);
  if (rt && rt->launch(ctx->device, ptx, kernel, params, kind, elements,
                       unpack, sync, error))
    return 0;
  if (!ctx->error)
    ctx->error = std::make_exception_ptr(
        parax::ParaxError("RuntimeError", "cuda: " + error));
  return 1;
}

} // namespace

extern "C" int32_t parax_cuda_launch(ParaxRtContext *ctx, const char *ptx,
                                     const char *kernel, void **params,
                                     int32_t kind, int64_t elements,
                                     void (*unpack)(void **)) {
  return launchFrom(ctx, ptx, kernel, params, kind, elements, unpack, true);
}

extern "C" int32_t parax_cuda_launch_async(ParaxRtContext *ctx,
                                           const char *ptx, const char *kernel,
                                           void **params, int32_t kind,
                                           int64_t elements,
                                           void (*unpack)(void **)) {
  return launchFrom(ctx, ptx, kernel, params, kind, elements, unpack, false);
}
