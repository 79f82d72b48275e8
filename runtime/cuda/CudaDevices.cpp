//===- CudaDevices.cpp - device discovery, contexts, streams, modules -----===//
#include "runtime/cuda/CudaDevices.h"
#include "codegen/EmitPTX.h"

namespace parax::cuda {

bool discoverDevices(const DriverApi &api, std::vector<DeviceInfo> &out,
                     std::string &error) {
  out.clear();
  CUresult r = api.cuInit(0);
  if (r == CUDA_ERROR_STUB_LIBRARY) {
    error = "libcuda.so.1 is the CUDA toolkit's stub library, not an NVIDIA "
            "driver (cuInit: " + errorText(api, r) + ")";
    return false;
  }
  if (r == CUDA_ERROR_NO_DEVICE) {
    error = "no CUDA device is present (cuInit: " + errorText(api, r) + ")";
    return false;
  }
  if (r != CUDA_SUCCESS) {
    error = "the CUDA driver failed to initialise (cuInit: " +
            errorText(api, r) + ")";
    return false;
  }
  int count = 0;
  if ((r = api.cuDeviceGetCount(&count)) != CUDA_SUCCESS) {
    error = "cuDeviceGetCount: " + errorText(api, r);
    return false;
  }
  if (count <= 0) {
    error = "no CUDA device is present";
    return false;
  }
  for (int i = 0; i < count; ++i) {
    DeviceInfo d;
    d.ordinal = i;
    auto check = [&](CUresult res, const char *what) {
      if (res != CUDA_SUCCESS && error.empty())
        error = "device " + std::to_string(i) + ": " + what + ": " +
                errorText(api, res);
      return res == CUDA_SUCCESS;
    };
    if (!check(api.cuDeviceGet(&d.handle, i), "cuDeviceGet"))
      return false;
    char name[256] = {0};
    if (check(api.cuDeviceGetName(name, int(sizeof(name)) - 1, d.handle),
              "cuDeviceGetName"))
      d.name = name;
    check(api.cuDeviceGetAttribute(
              &d.ccMajor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
              d.handle),
          "compute capability");
    check(api.cuDeviceGetAttribute(
              &d.ccMinor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
              d.handle),
          "compute capability");
    check(api.cuDeviceGetAttribute(&d.smCount,
                                   CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                   d.handle),
          "multiprocessor count");
    check(api.cuDeviceGetAttribute(&d.maxThreadsPerBlock,
                                   CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                   d.handle),
          "max threads per block");
    check(api.cuDeviceTotalMem(&d.totalMemory, d.handle), "cuDeviceTotalMem");
    int pageable = 0; // optional: absent means no
    if (api.cuDeviceGetAttribute(&pageable,
                                 CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS,
                                 d.handle) == CUDA_SUCCESS)
      d.pageableMemoryAccess = pageable != 0;
    if (!error.empty())
      return false;
    d.arch = codegen::cudaArchFor(d.ccMajor, d.ccMinor);
    if (d.arch.empty()) {
      error = "device " + std::to_string(i) + " (" + d.name +
              ") has compute capability " + std::to_string(d.ccMajor) + "." +
              std::to_string(d.ccMinor) +
              "; CUDA 13 and parax need 7.5 (sm_75) or newer";
      return false;
    }
    out.push_back(d);
  }
  return true;
}

std::unique_ptr<DeviceContext> DeviceContext::open(const DriverApi &api,
                                                   const DeviceInfo &dev,
                                                   std::string &error) {
  std::unique_ptr<DeviceContext> c(new DeviceContext(api, dev));
  CUresult r = api.cuDevicePrimaryCtxRetain(&c->ctx_, dev.handle);
  if (r != CUDA_SUCCESS) {
    error = "device " + std::to_string(dev.ordinal) +
            ": cuDevicePrimaryCtxRetain: " + errorText(api, r);
    c->ctx_ = nullptr;
    return nullptr;
  }
  if (!c->makeCurrent(error))
    return nullptr;
  if ((r = api.cuStreamCreate(&c->stream_, 0)) != CUDA_SUCCESS) {
    error = "device " + std::to_string(dev.ordinal) +
            ": cuStreamCreate: " + errorText(api, r);
    c->stream_ = nullptr;
    return nullptr;
  }
  return c;
}

DeviceContext::~DeviceContext() {
  if (!ctx_)
    return;
  api_.cuCtxSetCurrent(ctx_);
  for (auto &[text, mod] : modules_)
    api_.cuModuleUnload(mod);
  if (stream_)
    api_.cuStreamDestroy(stream_);
  api_.cuDevicePrimaryCtxRelease(dev_.handle);
}

bool DeviceContext::makeCurrent(std::string &error) {
  CUresult r = api_.cuCtxSetCurrent(ctx_);
  if (r != CUDA_SUCCESS) {
    error = "cuCtxSetCurrent: " + errorText(api_, r);
    return false;
  }
  return true;
}

CUfunction DeviceContext::function(const std::string &ptx,
                                   const std::string &name,
                                   std::string &error) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = modules_.find(ptx);
  if (it == modules_.end()) {
    // The driver JIT-compiles the PTX; its log says what it rejected.
    char log[8192] = {0};
    int opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof(log) - 1))};
    CUmodule mod = nullptr;
    CUresult r = api_.cuModuleLoadDataEx(&mod, ptx.c_str(), 2, opts, vals);
    if (r != CUDA_SUCCESS) {
      error = "cuModuleLoadDataEx: " + errorText(api_, r);
      if (log[0])
        error += ": " + std::string(log);
      return nullptr;
    }
    it = modules_.emplace(ptx, mod).first;
  }
  CUfunction f = nullptr;
  CUresult r = api_.cuModuleGetFunction(&f, it->second, name.c_str());
  if (r != CUDA_SUCCESS) {
    error = "cuModuleGetFunction(" + name + "): " + errorText(api_, r);
    return nullptr;
  }
  return f;
}

} // namespace parax::cuda
