//===- GpuEmulation.h - GPU kernels run on the CPU, for testing -*- C++ -*-===//
//
// PARAX_CUDA_EMULATE=1 --backend cuda: programs go through the GPU lowering
// (codegen::emitGpuEmulation: the same kernel regions, outlined the same way)
// but each kernel launch runs on the host: grid-stride kernels as
// kEmulatedGridThreads virtual threads one after another (an odd count, so
// the stride logic is exercised), one-block kernels as kGpuBlockThreads real
// threads with a barrier and a shared scratch, multi-block kernels the same
// threads running every block in turn, one-thread kernels once. This
// checks the GPU lowering's results on the whole suite without a GPU; it
// says nothing about NVPTX code generation or the driver.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/CpuJit.h"

#include <cstdint>
#include <vector>

extern "C" {
int64_t parax_gpu_first();
int64_t parax_gpu_stride();
int64_t parax_gpu_thread();
int64_t parax_gpu_block();
void parax_gpu_barrier();
void *parax_gpu_shared();
int32_t parax_gpu_gemm(struct ParaxRtContext *ctx, const void *a,
                       const void *b, void *c, const int64_t *desc);
/// parax_cuda_launch's signature (codegen::emitGpuEmulation binds that
/// name to this): runs unpack(params) as the launch's threads.
int32_t parax_emu_launch(struct ParaxRtContext *ctx, const char *ptx,
                         const char *kernel, void **params, int32_t kind,
                         int64_t elements, void (*unpack)(void **));
/// Runs one launch of a kernel's host compilation with the launch's real
/// grid and block (the strict fake driver calls it, see CudaDriver.h).
void parax_emu_run_launch(void (*unpack)(void **), void **params, int kind,
                          unsigned grid, unsigned block);
}

namespace parax::runtime {

inline constexpr int kEmulatedGridThreads = 3;

/// The functions above, for the JIT's symbol table.
std::vector<codegen::JitSymbol> gpuEmulationSymbols();

} // namespace parax::runtime
