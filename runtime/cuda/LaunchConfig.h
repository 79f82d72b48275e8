//===- LaunchConfig.h - grid and block sizes for generated kernels -*- C++ -*-===//
//
// Grid-stride kernels take 256 threads per block (8 warps: full occupancy on
// sm_80/sm_90 with the register counts ptxas reports for fused bodies) and
// at most 32 blocks per SM: enough resident warps to hide memory latency,
// while each thread still loops a few times (fewer blocks to schedule).
// Single-thread kernels launch 1x1; one-block reductions 1x256 (their
// shared-memory tree is written for exactly that size); a tiled dot one
// block of 256 per output tile. An empty trip count launches nothing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/EmitPTX.h"

#include <algorithm>
#include <cstdint>

namespace parax::cuda {

struct LaunchDims {
  unsigned grid = 0, block = 0; ///< grid == 0: nothing to launch
};

inline LaunchDims launchDims(codegen::GpuKernelKind kind, int64_t elements,
                             int smCount, int maxThreadsPerBlock) {
  if (kind == codegen::GpuKernelKind::Serial)
    return {1, 1};
  if (kind == codegen::GpuKernelKind::Block) // the kernel assumes this size
    return {1, unsigned(codegen::kGpuBlockThreads)};
  if (kind == codegen::GpuKernelKind::Blocks)
    return {unsigned(codegen::kGpuReduceBlocks),
            unsigned(codegen::kGpuBlockThreads)};
  if (elements <= 0)
    return {0, 0};
  if (kind == codegen::GpuKernelKind::Tiles) // one block per output tile
    return {unsigned(elements), unsigned(codegen::kGpuBlockThreads)};
  int64_t block = std::min<int64_t>(256, std::max(maxThreadsPerBlock, 32));
  int64_t blocks = (elements + block - 1) / block;
  int64_t cap = int64_t(std::max(smCount, 1)) * 32;
  return {unsigned(std::min(blocks, cap)), unsigned(block)};
}

} // namespace parax::cuda
