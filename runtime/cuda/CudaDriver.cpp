//===- CudaDriver.cpp - dlopen of libcuda, libnccl and libcublas ----------===//
#include "runtime/cuda/CudaDriver.h"

#include <cstdlib>
#include <dlfcn.h>

namespace parax::cuda {

namespace {

std::string dlerrorText() {
  const char *e = dlerror();
  return e ? e : "unknown dlopen error";
}

/// Resolves `name` into `slot`; records the first missing symbol.
template <typename Fn>
void resolve(void *lib, const char *name, Fn &slot, std::string &missing) {
  slot = reinterpret_cast<Fn>(dlsym(lib, name));
  if (!slot && missing.empty())
    missing = name;
}

/// Opens `library` and calls resolveAll(lib, missing); false with `error`
/// (what could not be loaded, or the first missing symbol) otherwise. The
/// library stays loaded for the process on success.
template <typename ResolveAll>
bool openLibrary(const char *library, std::string &error,
                 ResolveAll resolveAll) {
  void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    error = "cannot load " + std::string(library) + " (" + dlerrorText() + ")";
    return false;
  }
  std::string missing;
  resolveAll(lib, missing);
  if (!missing.empty()) {
    error = std::string(library) + " has no symbol " + missing;
    return false;
  }
  return true;
}

} // namespace

const char *driverLibrary() {
  const char *env = std::getenv("PARAX_CUDA_DRIVER");
  return env && *env ? env : "libcuda.so.1";
}

bool loadDriver(DriverApi &api, std::string &error, const char *library) {
  void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    error = "cannot load the CUDA driver library " + std::string(library) +
            " (" + dlerrorText() + ")";
    return false;
  }
  std::string missing;
  resolve(lib, "cuInit", api.cuInit, missing);
  resolve(lib, "cuDriverGetVersion", api.cuDriverGetVersion, missing);
  resolve(lib, "cuGetErrorString", api.cuGetErrorString, missing);
  resolve(lib, "cuGetErrorName", api.cuGetErrorName, missing);
  resolve(lib, "cuDeviceGetCount", api.cuDeviceGetCount, missing);
  resolve(lib, "cuDeviceGet", api.cuDeviceGet, missing);
  resolve(lib, "cuDeviceGetName", api.cuDeviceGetName, missing);
  resolve(lib, "cuDeviceGetAttribute", api.cuDeviceGetAttribute, missing);
  resolve(lib, "cuDeviceTotalMem_v2", api.cuDeviceTotalMem, missing);
  resolve(lib, "cuDevicePrimaryCtxRetain", api.cuDevicePrimaryCtxRetain,
          missing);
  resolve(lib, "cuDevicePrimaryCtxRelease_v2", api.cuDevicePrimaryCtxRelease,
          missing);
  resolve(lib, "cuCtxSetCurrent", api.cuCtxSetCurrent, missing);
  resolve(lib, "cuCtxSynchronize", api.cuCtxSynchronize, missing);
  resolve(lib, "cuModuleLoadDataEx", api.cuModuleLoadDataEx, missing);
  resolve(lib, "cuModuleGetFunction", api.cuModuleGetFunction, missing);
  resolve(lib, "cuModuleUnload", api.cuModuleUnload, missing);
  resolve(lib, "cuLaunchKernel", api.cuLaunchKernel, missing);
  resolve(lib, "cuMemAlloc_v2", api.cuMemAlloc, missing);
  resolve(lib, "cuMemFree_v2", api.cuMemFree, missing);
  resolve(lib, "cuMemcpyHtoD_v2", api.cuMemcpyHtoD, missing);
  resolve(lib, "cuMemcpyDtoH_v2", api.cuMemcpyDtoH, missing);
  resolve(lib, "cuMemcpyDtoD_v2", api.cuMemcpyDtoD, missing);
  resolve(lib, "cuMemcpyHtoDAsync_v2", api.cuMemcpyHtoDAsync, missing);
  resolve(lib, "cuMemcpyDtoHAsync_v2", api.cuMemcpyDtoHAsync, missing);
  resolve(lib, "cuMemcpyDtoDAsync_v2", api.cuMemcpyDtoDAsync, missing);
  resolve(lib, "cuMemsetD8Async", api.cuMemsetD8Async, missing);
  resolve(lib, "cuMemcpy2DAsync_v2", api.cuMemcpy2DAsync, missing);
  resolve(lib, "cuEventCreate", api.cuEventCreate, missing);
  resolve(lib, "cuEventRecord", api.cuEventRecord, missing);
  resolve(lib, "cuStreamWaitEvent", api.cuStreamWaitEvent, missing);
  resolve(lib, "cuEventDestroy_v2", api.cuEventDestroy, missing);
  resolve(lib, "cuMemGetInfo_v2", api.cuMemGetInfo, missing);
  resolve(lib, "cuStreamCreate", api.cuStreamCreate, missing);
  resolve(lib, "cuStreamSynchronize", api.cuStreamSynchronize, missing);
  resolve(lib, "cuStreamDestroy_v2", api.cuStreamDestroy, missing);
  if (!missing.empty()) {
    error = std::string(library) + " has no symbol " + missing +
            " (the NVIDIA driver is too old for CUDA 13)";
    return false;
  }
  // The strict fake driver's hooks; a real libcuda has none of them.
  std::string optional;
  resolve(lib, "paraxFakeBindHostKernel", api.paraxFakeBindHostKernel,
          optional);
  resolve(lib, "paraxFakeCallBegin", api.paraxFakeCallBegin, optional);
  resolve(lib, "paraxFakeCallEnd", api.paraxFakeCallEnd, optional);
  return true;
}

std::string errorText(const DriverApi &api, CUresult r) {
  const char *name = nullptr, *text = nullptr;
  if (api.cuGetErrorName)
    api.cuGetErrorName(r, &name);
  if (api.cuGetErrorString)
    api.cuGetErrorString(r, &text);
  std::string s = name ? name : "CUDA error " + std::to_string(r);
  if (text)
    s += std::string(" (") + text + ")";
  return s;
}

bool loadNccl(NcclApi &api, std::string &error, const char *library) {
  return openLibrary(library, error, [&](void *lib, std::string &missing) {
    resolve(lib, "ncclGetVersion", api.ncclGetVersion, missing);
    resolve(lib, "ncclGetErrorString", api.ncclGetErrorString, missing);
    resolve(lib, "ncclCommInitAll", api.ncclCommInitAll, missing);
    resolve(lib, "ncclCommDestroy", api.ncclCommDestroy, missing);
    resolve(lib, "ncclCommAbort", api.ncclCommAbort, missing);
    resolve(lib, "ncclAllReduce", api.ncclAllReduce, missing);
    resolve(lib, "ncclAllGather", api.ncclAllGather, missing);
    resolve(lib, "ncclSend", api.ncclSend, missing);
    resolve(lib, "ncclRecv", api.ncclRecv, missing);
    resolve(lib, "ncclGroupStart", api.ncclGroupStart, missing);
    resolve(lib, "ncclGroupEnd", api.ncclGroupEnd, missing);
  });
}

bool loadCublas(CublasApi &api, std::string &error, const char *library) {
  return openLibrary(library, error, [&](void *lib, std::string &missing) {
    resolve(lib, "cublasCreate_v2", api.cublasCreate_v2, missing);
    resolve(lib, "cublasDestroy_v2", api.cublasDestroy_v2, missing);
    resolve(lib, "cublasGetVersion_v2", api.cublasGetVersion_v2, missing);
    resolve(lib, "cublasSetStream_v2", api.cublasSetStream_v2, missing);
    resolve(lib, "cublasSgemmStridedBatched", api.cublasSgemmStridedBatched,
            missing);
  });
}

} // namespace parax::cuda
