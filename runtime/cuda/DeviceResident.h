//===- DeviceResident.h - device-resident compiled programs -----*- C++ -*-===//
//
// What a program compiled by codegen::emitGpuResident calls instead of the
// CPU runtime's buffer functions. Every array of the program lives in device
// memory (the logical device's caching DeviceAllocator); the host part only
// holds device pointers and touches their bytes through explicit transfers:
//  - parax_cuda_enter uploads the arguments (one async copy each) and maps
//    the program's constants to device copies kept per logical device;
//  - parax_cuda_exit downloads the results (async copies, then the call's
//    one synchronisation) into host buffers of the CPU runtime's context,
//    and frees what the call still holds (also on an error exit);
//  - parax_cuda_read / _write are the host program's own element reads and
//    writes (a scalar the host needs, e.g. a loop bound): a synchronising
//    read, an asynchronous write;
//  - the runtime's host kernels, debug prints and collectives get host
//    copies of their operands and their results are uploaded again;
//  - parax_cuda_rt_pmap runs a pmap body per device on its logical device
//    (its own stream and allocator, GPU d % #GPUs): operands are views of
//    the caller's blocks on the caller's GPU, else device-to-device copies
//    (2D for axes other than 0); each device writes its parts of the
//    stacked results and waits for its stream once.
// The state of a call is keyed by its ParaxRtContext. Reference counting
// mirrors the CPU runtime's (parax_rt_retain/release/is_unique).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/RuntimeABI.h"

#include <cstdint>

struct ParaxRtContext;

extern "C" {
int32_t parax_cuda_enter(ParaxRtContext *ctx, const char *program,
                         void *const *ins, const int64_t *argBytes,
                         int32_t nArgs, void **devIns, void *const *consts,
                         const int64_t *constBytes, int32_t nConsts,
                         void **devConsts, int64_t resultBytes);
int32_t parax_cuda_exit(ParaxRtContext *ctx, int32_t status, void **outs,
                        const int64_t *resultBytes, int32_t nResults);
void *parax_cuda_alloc(ParaxRtContext *ctx, int64_t bytes);
void parax_cuda_retain(ParaxRtContext *ctx, void *p);
void parax_cuda_release(ParaxRtContext *ctx, void *p);
int32_t parax_cuda_is_unique(ParaxRtContext *ctx, void *p);
void parax_cuda_read(ParaxRtContext *ctx, void *host, const void *dev,
                     int64_t bytes);
void parax_cuda_write(ParaxRtContext *ctx, void *dev, const void *host,
                      int64_t bytes);
/// memcpy where either side may be device memory (dstDev/srcDev say which).
void parax_cuda_copy(ParaxRtContext *ctx, void *dst, const void *src,
                     int64_t bytes, int32_t dstDev, int32_t srcDev);
void parax_cuda_fill(ParaxRtContext *ctx, void *dst, int32_t value,
                     int64_t bytes);
int32_t parax_cuda_rt_eval(ParaxRtContext *ctx, int32_t opId, void *const *ins,
                           void **outs);
int32_t parax_cuda_rt_collective(ParaxRtContext *ctx, int32_t opId, void *in,
                                 void **out);
int32_t parax_cuda_rt_debug_print(ParaxRtContext *ctx, int32_t opId,
                                  void *const *ins);
int32_t parax_cuda_rt_debug_breakpoint(ParaxRtContext *ctx, int32_t opId,
                                       void *const *ins);
int32_t parax_cuda_rt_pmap(ParaxRtContext *ctx, int32_t opId, ParaxEntryFn body,
                           void *const *ins, void **outs);
/// A float32 dot as one cuBLAS call on the call's stream: `a` and `b` are
/// the BLAS's column-major operands, `desc` codegen::BlasGemm's fields.
/// 0 when enqueued, -1 when cuBLAS is not there (the caller runs the dot's
/// kernel instead), 1 on an error (set in ctx).
int32_t parax_cuda_gemm(ParaxRtContext *ctx, const void *a, const void *b,
                        void *c, const int64_t *desc);
}

#define PARAX_CUDA_RESIDENT_FUNCTIONS(X)                                       \
  X(parax_cuda_enter)                                                          \
  X(parax_cuda_exit)                                                           \
  X(parax_cuda_alloc)                                                          \
  X(parax_cuda_retain)                                                         \
  X(parax_cuda_release)                                                        \
  X(parax_cuda_is_unique)                                                      \
  X(parax_cuda_read)                                                           \
  X(parax_cuda_write)                                                          \
  X(parax_cuda_copy)                                                           \
  X(parax_cuda_fill)                                                           \
  X(parax_cuda_rt_eval)                                                        \
  X(parax_cuda_rt_collective)                                                  \
  X(parax_cuda_rt_debug_print)                                                 \
  X(parax_cuda_rt_debug_breakpoint)                                            \
  X(parax_cuda_rt_pmap)                                                        \
  X(parax_cuda_launch_async)                                                    \
  X(parax_cuda_gemm)
