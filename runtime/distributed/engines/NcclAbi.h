//===- NcclAbi.h - the NCCL and CUDA driver ABI subset the nccl engine uses -*- C++ -*-===//
//
// libparax_engine_nccl.so has no link-time dependency on NCCL or CUDA: it
// dlopen()s libnccl.so.2 and libcuda.so.1 (CudaDriver.h's approach) and
// calls the entry points below, declared here from nccl.h (2.18) and
// cuda.h so that the build needs neither. The fake libraries of the tests
// (tests/nccl) implement the same declarations.
//
// Never checked against real headers or run on a GPU yet: the values and
// the ncclConfig_t layout (NCCL 2.17+, which copies only `size` bytes of
// it) are transcribed from NCCL's nccl.h.in.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <climits>
#include <cstddef>

namespace parax::nccl_abi {

using ncclResult_t = int;
inline constexpr ncclResult_t ncclSuccess = 0;
inline constexpr ncclResult_t ncclInvalidArgument = 4;
inline constexpr ncclResult_t ncclInvalidUsage = 5;
inline constexpr ncclResult_t ncclInProgress = 7;

using ncclComm_t = struct ncclComm *;
inline constexpr int NCCL_UNIQUE_ID_BYTES = 128;
struct ncclUniqueId {
  char internal[NCCL_UNIQUE_ID_BYTES];
};
inline constexpr int NCCL_SPLIT_NOCOLOR = -1;

enum ncclDataType : int {
  ncclInt8 = 0,
  ncclUint8 = 1,
  ncclInt32 = 2,
  ncclUint32 = 3,
  ncclInt64 = 4,
  ncclUint64 = 5,
  ncclFloat16 = 6,
  ncclFloat32 = 7,
  ncclFloat64 = 8,
  ncclBfloat16 = 9,
};
enum ncclRedOp : int { ncclSum = 0, ncclProd = 1, ncclMax = 2, ncclMin = 3 };

// nccl.h's ncclConfig_v21700, initialised as NCCL_CONFIG_INITIALIZER does.
struct ncclConfig_t {
  size_t size = sizeof(ncclConfig_t);
  unsigned int magic = 0xcafebeef;
  unsigned int version = 2 * 10000 + 17 * 100 + 0; // NCCL_VERSION(2, 17, 0)
  int blocking = INT_MIN;                          // NCCL_CONFIG_UNDEF_INT
  int cgaClusterSize = INT_MIN;
  int minCTAs = INT_MIN;
  int maxCTAs = INT_MIN;
  const char *netName = nullptr;
  int splitShare = INT_MIN;
};

using CUresult = int;
inline constexpr CUresult CUDA_SUCCESS = 0;
inline constexpr CUresult CUDA_ERROR_NOT_READY = 600;
using CUdevice = int;
using CUcontext = struct CUctx_st *;
using CUstream = struct CUstream_st *;
using CUdeviceptr = unsigned long long;
inline constexpr unsigned CU_STREAM_NON_BLOCKING = 1;

struct NcclEntryPoints {
  ncclResult_t (*ncclGetVersion)(int *version);
  const char *(*ncclGetErrorString)(ncclResult_t r);
  ncclResult_t (*ncclGetUniqueId)(ncclUniqueId *id);
  ncclResult_t (*ncclCommInitRankConfig)(ncclComm_t *comm, int nranks, ncclUniqueId id, int rank,
                                         ncclConfig_t *config);
  ncclResult_t (*ncclCommSplit)(ncclComm_t comm, int color, int key, ncclComm_t *newcomm, ncclConfig_t *config);
  ncclResult_t (*ncclCommGetAsyncError)(ncclComm_t comm, ncclResult_t *asyncError);
  ncclResult_t (*ncclCommCount)(ncclComm_t comm, int *count);
  ncclResult_t (*ncclCommUserRank)(ncclComm_t comm, int *rank);
  ncclResult_t (*ncclCommAbort)(ncclComm_t comm);
  ncclResult_t (*ncclCommDestroy)(ncclComm_t comm);
  ncclResult_t (*ncclAllReduce)(const void *send, void *recv, size_t count, int type, int op, ncclComm_t comm,
                                CUstream s);
  ncclResult_t (*ncclAllGather)(const void *send, void *recv, size_t count, int type, ncclComm_t comm,
                                CUstream s);
  ncclResult_t (*ncclBroadcast)(const void *send, void *recv, size_t count, int type, int root, ncclComm_t comm,
                                CUstream s);
  ncclResult_t (*ncclSend)(const void *buf, size_t count, int type, int peer, ncclComm_t comm, CUstream s);
  ncclResult_t (*ncclRecv)(void *buf, size_t count, int type, int peer, ncclComm_t comm, CUstream s);
  ncclResult_t (*ncclGroupStart)();
  ncclResult_t (*ncclGroupEnd)();
};

struct CudaEntryPoints {
  CUresult (*cuInit)(unsigned flags);
  CUresult (*cuGetErrorString)(CUresult r, const char **text);
  CUresult (*cuDeviceGetCount)(int *count);
  CUresult (*cuDeviceGet)(CUdevice *dev, int ordinal);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *ctx, CUdevice dev);
  CUresult (*cuCtxGetCurrent)(CUcontext *ctx);
  CUresult (*cuCtxSetCurrent)(CUcontext ctx);
  CUresult (*cuStreamCreate)(CUstream *s, unsigned flags);
  CUresult (*cuStreamDestroy)(CUstream s); // exported as cuStreamDestroy_v2
  CUresult (*cuStreamQuery)(CUstream s);
  CUresult (*cuMemAlloc)(CUdeviceptr *p, size_t bytes); // cuMemAlloc_v2
  CUresult (*cuMemFree)(CUdeviceptr p);                 // cuMemFree_v2
};

} // namespace parax::nccl_abi
