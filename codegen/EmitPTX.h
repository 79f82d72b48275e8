//===- EmitPTX.h - parax IR -> PTX kernels (NVPTX) --------------*- C++ -*-===//
//
// The GPU code generator reuses the CPU lowering (Emitter) unchanged in
// "GPU mode": the code that touches array elements is bracketed into kernel
// regions (a flat fill loop becomes a grid-stride loop; a reduction, an
// arg-reduction, a dot or any other loop nest outside a fill runs as a
// one-thread kernel), which are outlined with LLVM's CodeExtractor, moved to
// an nvptx64 module, linked with libdevice for the libm calls, optimised at
// O3 and printed as PTX by LLVM 19's NVPTX backend.
//
// What stays on the host is reported, by op: runtime-kernel fallbacks,
// collectives, pmap, debug prints and any region that could not be outlined
// are "not lowered"; element loads/stores the host program makes on arrays
// (rank-0 arguments and results, scalars read inside loops) are counted as
// scalar transfers. emitGpuResident runs the host part against device
// memory (see runtime/cuda/CudaBackend.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/EmitLLVM.h"
#include "ir/Operation.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace parax::codegen {

enum class GpuKernelKind : uint8_t {
  Grid,   ///< grid-stride loop over `elements`; any grid size
  Serial, ///< one thread does the work (launch 1x1)
  Block,  ///< one block of kGpuBlock (256) threads cooperates (launch 1x256)
  /// kGpuReduceBlocks blocks of kGpuBlock threads, each block on its own
  /// part (launch kGpuReduceBlocks x 256): a reduction's first pass.
  Blocks,
  /// `elements` blocks of kGpuBlock threads, each on its own output tile of
  /// a dot_general (EmitDotGpu.cpp): launch elements x 256.
  Tiles,
};

/// Threads of a Block kernel (its shared-memory tree assumes this size).
inline constexpr int kGpuBlockThreads = 256;
/// Blocks of a Blocks kernel. A constant, not the device's SM count, so
/// that a reduction's partition (and so its float result) is the same on
/// every GPU and in emulation; 1024 is at least one block per SM on any
/// current GPU (132 on an H200: 7.75 each).
inline constexpr int kGpuReduceBlocks = 1024;
/// The static shared memory of a block (parax_gpu_shared): the reduction
/// tree's 256 8-byte slots, or a dot tile's two operand panels.
inline constexpr int kGpuSharedBytes = 16384;

struct PtxKernel {
  std::string name;
  GpuKernelKind kind = GpuKernelKind::Grid;
  int64_t elements = 0; ///< Grid kernels: the loop trip count
  std::string op;       ///< the parax op it lowers
  unsigned numParams = 0;
  unsigned numOutputs = 0; ///< trailing pointer params for scalar results
};

struct PtxProgram {
  std::string arch; ///< e.g. sm_80
  std::string ptx;  ///< the module's PTX text (every kernel)
  std::vector<PtxKernel> kernels;
  /// "op: reason" for each piece of work left on the host.
  std::vector<std::string> notLowered;
  /// Element loads/stores of arrays by the host program.
  int64_t scalarTransfers = 0;
  /// Comment lines ("// parax: ...") summarising the above.
  std::string report() const;
};

/// The PTX target: PARAX_CUDA_ARCH when set, else sm_80.
std::string defaultCudaArch();
/// The newest arch LLVM 19 can target that a device of compute capability
/// major.minor runs ("" below sm_75, which CUDA 13 no longer supports).
std::string cudaArchFor(int major, int minor);

/// Lowers `m` (entry = its first function) to PTX for `arch`. Throws
/// ParaxError ("InternalError") when LLVM fails.
PtxProgram emitPtx(const ir::Module &m, const std::string &arch);

/// The same program with its kernels run on the CPU, to check the GPU
/// lowering without a GPU: emitGpuLaunch's host module with the kernels
/// kept, and each launch passing an `unpack(params)` that calls its kernel
/// (runtime/cuda/GpuEmulation.cpp runs it as a grid of virtual threads).
std::unique_ptr<llvm::Module> emitGpuEmulation(const ir::Module &m,
                                               llvm::LLVMContext &ctx,
                                               ProgramInfo &info);

/// The host-memory host program for a GPU with pageable memory access
/// (what emitGpuResident does not cover): the module of emitModule's shape
/// (parax_main, ProgramInfo in `info`) with each kernel call replaced by
/// parax_cuda_launch(ctx, ptx, name, params, kind, elements, null), where
/// `params` is cuLaunchKernel's kernelParams and `ptx` the embedded PTX of
/// all kernels for `arch` (runtime/cuda/CudaLaunch.cpp). Buffers stay where
/// the CPU runtime allocates them: the GPU reaches them through HMM.
std::unique_ptr<llvm::Module> emitGpuLaunch(const ir::Module &m,
                                            llvm::LLVMContext &ctx,
                                            ProgramInfo &info,
                                            const std::string &arch);

/// The host program of a device-resident program (runtime/cuda/
/// DeviceResident.h): emitGpuLaunch's, with every buffer in device memory.
/// parax_main uploads the arguments, runs, downloads the results; the
/// buffer functions are the device allocator's; the host program's own
/// element reads/writes, memcpy and memset of arrays become explicit
/// transfers; runtime kernels, prints and collectives get host copies;
/// kernels are enqueued (parax_cuda_launch_async) and scalar results come
/// back through device scratch. With `hostKernels` the kernels stay in the
/// module and each launch passes its host compilation (the strict fake
/// driver runs it). Null, with `why`, for programs it does not cover yet
/// (pmap bodies, the intra-op thread pool, unknown host calls).
std::unique_ptr<llvm::Module> emitGpuResident(const ir::Module &m,
                                              llvm::LLVMContext &ctx,
                                              ProgramInfo &info,
                                              const std::string &arch,
                                              bool hostKernels,
                                              std::string &why);

/// libdevice's bitcode: PARAX_LIBDEVICE, else found beside the CUDA
/// toolkit (CUDA_HOME, CUDA_PATH, the nvcc on PATH, /usr/local/cuda);
/// "" when none is found.
std::string libdevicePath();

} // namespace parax::codegen
