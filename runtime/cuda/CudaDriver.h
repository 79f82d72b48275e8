//===- CudaDriver.h - the CUDA Driver API and NCCL, loaded at run time -*- C++ -*-===//
//
// parax has no link-time dependency on CUDA: libcuda.so.1 and libnccl.so.2
// are opened with dlopen and their entry points kept in plain function
// tables. The types below are the ABI subset parax uses (the values are
// checked against <cuda.h> when the headers are present, see CudaDriver.cpp),
// so the build needs no CUDA headers either. Tests substitute a fake table
// (tests/unit/cuda) to exercise the host logic without a GPU.
//
// Symbol names are the versioned ones that CUDA 13's cuda.h maps the plain
// names to (cuMemAlloc -> cuMemAlloc_v2, ...; TOOLCHAIN.md G13): the
// unversioned exports are the old ABI.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "runtime/distributed/engines/NcclAbi.h"

namespace parax::cuda {

// --- The Driver API ABI subset ------------------------------------------------
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;

inline constexpr CUresult CUDA_SUCCESS = 0;
inline constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
inline constexpr CUresult CUDA_ERROR_NOT_INITIALIZED = 3;
inline constexpr CUresult CUDA_ERROR_STUB_LIBRARY = 34;
inline constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
inline constexpr CUresult CUDA_ERROR_INVALID_PTX = 218;

inline constexpr int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
inline constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
inline constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
inline constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
inline constexpr int CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88;

inline constexpr int CU_MEMORYTYPE_DEVICE = 2;
inline constexpr unsigned CU_EVENT_DISABLE_TIMING = 2;

/// cuMemcpy2DAsync's description of a strided copy (CUDA_MEMCPY2D_v2;
/// layout checked against <cuda.h> in CudaAbiCheck.cpp).
struct CudaMemcpy2D {
  size_t srcXInBytes = 0, srcY = 0;
  int srcMemoryType = 0;
  const void *srcHost = nullptr;
  CUdeviceptr srcDevice = 0;
  void *srcArray = nullptr;
  size_t srcPitch = 0;
  size_t dstXInBytes = 0, dstY = 0;
  int dstMemoryType = 0;
  void *dstHost = nullptr;
  CUdeviceptr dstDevice = 0;
  void *dstArray = nullptr;
  size_t dstPitch = 0;
  size_t WidthInBytes = 0, Height = 0;
};

inline constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
inline constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;

/// The driver entry points parax calls. Every member is required except
/// where noted; a table is usable when `load` filled all required ones.
struct DriverApi {
  CUresult (*cuInit)(unsigned flags) = nullptr;
  CUresult (*cuDriverGetVersion)(int *version) = nullptr;
  CUresult (*cuGetErrorString)(CUresult err, const char **str) = nullptr;
  CUresult (*cuGetErrorName)(CUresult err, const char **str) = nullptr;
  CUresult (*cuDeviceGetCount)(int *count) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice *dev, int ordinal) = nullptr;
  CUresult (*cuDeviceGetName)(char *name, int len, CUdevice dev) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int *value, int attrib,
                                   CUdevice dev) = nullptr;
  CUresult (*cuDeviceTotalMem)(size_t *bytes, CUdevice dev) = nullptr;
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *ctx, CUdevice dev) = nullptr;
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice dev) = nullptr;
  CUresult (*cuCtxSetCurrent)(CUcontext ctx) = nullptr;
  CUresult (*cuCtxSynchronize)() = nullptr;
  CUresult (*cuModuleLoadDataEx)(CUmodule *mod, const void *image,
                                 unsigned numOptions, int *options,
                                 void **optionValues) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction *fn, CUmodule mod,
                                  const char *name) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule mod) = nullptr;
  CUresult (*cuLaunchKernel)(CUfunction f, unsigned gx, unsigned gy,
                             unsigned gz, unsigned bx, unsigned by,
                             unsigned bz, unsigned sharedBytes, CUstream s,
                             void **params, void **extra) = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr *p, size_t bytes) = nullptr;
  CUresult (*cuMemFree)(CUdeviceptr p) = nullptr;
  CUresult (*cuMemcpyHtoD)(CUdeviceptr dst, const void *src,
                           size_t bytes) = nullptr;
  CUresult (*cuMemcpyDtoH)(void *dst, CUdeviceptr src, size_t bytes) = nullptr;
  CUresult (*cuMemcpyDtoD)(CUdeviceptr dst, CUdeviceptr src,
                           size_t bytes) = nullptr;
  CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr dst, const void *src,
                                size_t bytes, CUstream s) = nullptr;
  CUresult (*cuMemcpyDtoHAsync)(void *dst, CUdeviceptr src, size_t bytes,
                                CUstream s) = nullptr;
  CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr dst, CUdeviceptr src,
                                size_t bytes, CUstream s) = nullptr;
  CUresult (*cuMemsetD8Async)(CUdeviceptr dst, unsigned char value,
                              size_t bytes, CUstream s) = nullptr;
  /// A strided copy (pmap's slices along an axis other than 0).
  CUresult (*cuMemcpy2DAsync)(const CudaMemcpy2D *copy, CUstream s) = nullptr;
  /// Events order the streams of a pmap's devices in a collective without
  /// a host synchronisation.
  CUresult (*cuEventCreate)(CUevent *e, unsigned flags) = nullptr;
  CUresult (*cuEventRecord)(CUevent e, CUstream s) = nullptr;
  CUresult (*cuStreamWaitEvent)(CUstream s, CUevent e, unsigned flags) = nullptr;
  CUresult (*cuEventDestroy)(CUevent e) = nullptr;
  CUresult (*cuMemGetInfo)(size_t *free, size_t *total) = nullptr;
  CUresult (*cuStreamCreate)(CUstream *s, unsigned flags) = nullptr;
  CUresult (*cuStreamSynchronize)(CUstream s) = nullptr;
  CUresult (*cuStreamDestroy)(CUstream s) = nullptr;

  // --- Optional: only the strict fake driver (tests/unit/cuda) has these.
  /// The next launch of `f` runs `run(unpack, params, kind, grid, block)`
  /// on the host: the kernel's emulated host compilation.
  using HostRunner = void (*)(void (*unpack)(void **), void **params,
                              int kind, unsigned grid, unsigned block);
  CUresult (*paraxFakeBindHostKernel)(CUfunction f, void (*unpack)(void **),
                                      int kind, HostRunner run) = nullptr;
  /// Brackets one compiled call (its counters are logged per call) with
  /// the bytes parax expects its arguments and results to move.
  void (*paraxFakeCallBegin)(const char *program, size_t argBytes) = nullptr;
  void (*paraxFakeCallEnd)(size_t resultBytes) = nullptr;
};

/// The driver library to open: PARAX_CUDA_DRIVER when set (tests point it
/// at a fake driver), else libcuda.so.1.
const char *driverLibrary();

/// Opens `library` (default libcuda.so.1) and resolves every entry point of
/// DriverApi. False with `error` set (what is missing) otherwise; the
/// library stays loaded for the process on success.
bool loadDriver(DriverApi &api, std::string &error,
                const char *library = "libcuda.so.1");

/// "CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)", or the
/// number when the driver cannot name it.
std::string errorText(const DriverApi &api, CUresult r);

// --- NCCL -----------------------------------------------------------------------
// The types and values are nccl.h's, shared with the nccl engine
// (runtime/distributed/engines/NcclAbi.h).
using nccl_abi::ncclComm_t;
using nccl_abi::ncclDataType;
using nccl_abi::ncclRedOp;
using nccl_abi::ncclResult_t;
using nccl_abi::ncclSuccess;

struct NcclApi {
  ncclResult_t (*ncclGetVersion)(int *version) = nullptr;
  const char *(*ncclGetErrorString)(ncclResult_t r) = nullptr;
  ncclResult_t (*ncclCommInitAll)(ncclComm_t *comms, int n,
                                  const int *devs) = nullptr;
  ncclResult_t (*ncclCommDestroy)(ncclComm_t comm) = nullptr;
  ncclResult_t (*ncclCommAbort)(ncclComm_t comm) = nullptr;
  ncclResult_t (*ncclAllReduce)(const void *send, void *recv, size_t count,
                                int type, int op, ncclComm_t comm,
                                CUstream s) = nullptr;
  ncclResult_t (*ncclAllGather)(const void *send, void *recv, size_t count,
                                int type, ncclComm_t comm,
                                CUstream s) = nullptr;
  ncclResult_t (*ncclSend)(const void *buf, size_t count, int type, int peer,
                           ncclComm_t comm, CUstream s) = nullptr;
  ncclResult_t (*ncclRecv)(void *buf, size_t count, int type, int peer,
                           ncclComm_t comm, CUstream s) = nullptr;
  ncclResult_t (*ncclGroupStart)() = nullptr;
  ncclResult_t (*ncclGroupEnd)() = nullptr;
};

/// Opens libnccl.so.2 and resolves NcclApi (used only with more than one
/// physical GPU; its absence is not an error otherwise).
bool loadNccl(NcclApi &api, std::string &error,
              const char *library = "libnccl.so.2");

// --- cuBLAS ---------------------------------------------------------------------
// The few types and values of cublas_api.h parax uses (checked against the
// header in CudaAbiCheck.cpp where the toolkit is installed).
using cublasHandle_t = void *;
using cublasStatus_t = int;
inline constexpr cublasStatus_t CUBLAS_STATUS_SUCCESS = 0;
inline constexpr int CUBLAS_OP_N = 0, CUBLAS_OP_T = 1;

struct CublasApi {
  cublasStatus_t (*cublasCreate_v2)(cublasHandle_t *handle) = nullptr;
  cublasStatus_t (*cublasDestroy_v2)(cublasHandle_t handle) = nullptr;
  cublasStatus_t (*cublasGetVersion_v2)(cublasHandle_t handle,
                                        int *version) = nullptr;
  cublasStatus_t (*cublasSetStream_v2)(cublasHandle_t handle,
                                       CUstream s) = nullptr;
  /// Column-major C[i] = alpha op(A[i]) op(B[i]) + beta C[i], i < batch.
  cublasStatus_t (*cublasSgemmStridedBatched)(
      cublasHandle_t handle, int transa, int transb, int m, int n, int k,
      const float *alpha, const float *A, int lda, long long strideA,
      const float *B, int ldb, long long strideB, const float *beta, float *C,
      int ldc, long long strideC, int batch) = nullptr;
};

/// Opens `library` (a libcublas.so) and resolves CublasApi.
bool loadCublas(CublasApi &api, std::string &error, const char *library);

} // namespace parax::cuda
