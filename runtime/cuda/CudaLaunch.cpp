//===- CudaLaunch.cpp - the GPU state behind --backend cuda ---------------===//
#include "runtime/cuda/CudaLaunch.h"
#include "ir/Diagnostics.h"
#include "runtime/cpu/RtContext.h"
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

bool CudaRuntime::launch(int logical, const char *ptx, const char *kernel,
                         void **params, int32_t kind, int64_t elements,
                         std::string &error) {
  size_t g = size_t(logical < 0 ? 0 : logical) % contexts_.size();
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
  cuda::CUresult r = api_.cuLaunchKernel(f, dims.grid, 1, 1, dims.block, 1, 1,
                                         0, dc.stream(), params, nullptr);
  if (r == cuda::CUDA_SUCCESS)
    r = api_.cuStreamSynchronize(dc.stream());
  if (r != cuda::CUDA_SUCCESS) {
    error = std::string("kernel ") + kernel + ": " + cuda::errorText(api_, r);
    return false;
  }
  return true;
}

} // namespace parax::runtime

extern "C" int32_t parax_cuda_launch(ParaxRtContext *ctx, const char *ptx,
                                     const char *kernel, void **params,
                                     int32_t kind, int64_t elements) {
  std::string error;
  parax::runtime::CudaRuntime *rt = parax::runtime::CudaRuntime::get(error);
  if (rt && rt->launch(ctx->device, ptx, kernel, params, kind, elements,
                       error))
    return 0;
  if (!ctx->error)
    ctx->error = std::make_exception_ptr(
        parax::ParaxError("RuntimeError", "cuda: " + error));
  return 1;
}
