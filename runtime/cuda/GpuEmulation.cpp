//===- GpuEmulation.cpp - GPU kernels run on the CPU, for testing ---------===//
#include "runtime/cuda/GpuEmulation.h"
#include "codegen/EmitPTX.h"

#include <barrier>
#include <thread>

namespace {

/// The launch state one (virtual) GPU thread sees.
struct EmuThread {
  int64_t first = 0, stride = 1, thread = 0;
  std::barrier<> *barrier = nullptr;
  void *shared = nullptr;
  int64_t block = 0;
};
thread_local EmuThread emu;

/// `blocks` blocks of `n` threads: n real threads meeting at the barriers,
/// which run the blocks one after another (last block first), sharing one
/// scratch; a barrier between blocks keeps a block's scratch until all of
/// its threads are done. Threads start in reverse index order, so the
/// order between barriers is not the index order.
void runBlocks(int n, int64_t blocks, void (*unpack)(void **), void **params) {
  std::barrier<> barrier(n);
  std::vector<int64_t> shared(size_t(n) + 2);
  std::vector<std::thread> threads;
  for (int t = n - 1; t >= 0; --t)
    threads.emplace_back([&, t] {
      for (int64_t b = blocks - 1; b >= 0; --b) {
        emu = EmuThread{t, n, t, &barrier, shared.data(), b};
        unpack(params);
        barrier.arrive_and_wait();
      }
    });
  for (std::thread &t : threads)
    t.join();
}

} // namespace

extern "C" {
int64_t parax_gpu_first() { return emu.first; }
int64_t parax_gpu_stride() { return emu.stride; }
int64_t parax_gpu_thread() { return emu.thread; }
int64_t parax_gpu_block() { return emu.block; }
void parax_gpu_barrier() {
  if (emu.barrier)
    emu.barrier->arrive_and_wait();
}
void *parax_gpu_shared() { return emu.shared; }

int32_t parax_emu_launch(ParaxRtContext *, const char *, const char *,
                         void **params, int32_t kind, int64_t elements,
                         void (*unpack)(void **)) {
  auto thunk = [&](void **p) { unpack(p); };
  void **env = params;
  using parax::codegen::GpuKernelKind;
  EmuThread saved = emu;
  if (kind == int32_t(GpuKernelKind::Block)) {
    runBlocks(parax::codegen::kGpuBlockThreads, 1, unpack, env);
  } else if (kind == int32_t(GpuKernelKind::Blocks)) {
    runBlocks(parax::codegen::kGpuBlockThreads,
              parax::codegen::kGpuReduceBlocks, unpack, env);
  } else if (kind == int32_t(GpuKernelKind::Grid) && elements > 0) {
    const int g = parax::runtime::kEmulatedGridThreads;
    for (int t = 0; t < g; ++t) {
      emu = EmuThread{t, g, t, nullptr, nullptr};
      thunk(env);
    }
  } else {
    emu = EmuThread{};
    thunk(env);
  }
  emu = saved;
  return 0;
}

void parax_emu_run_launch(void (*unpack)(void **), void **params, int kind,
                          unsigned grid, unsigned block) {
  using parax::codegen::GpuKernelKind;
  EmuThread saved = emu;
  if (kind == int32_t(GpuKernelKind::Block) ||
      kind == int32_t(GpuKernelKind::Blocks)) {
    runBlocks(int(block), int64_t(grid), unpack, params);
  } else if (kind == int32_t(GpuKernelKind::Grid)) {
    // Every thread of the launched grid, in an order unlike the hardware's
    // (odd threads last, each half descending): the grid-stride loop must
    // not depend on which thread runs first.
    const int64_t total = int64_t(grid) * int64_t(block);
    for (int pass = 0; pass < 2; ++pass)
      for (int64_t t = total - 1; t >= 0; --t)
        if ((t & 1) == pass) {
          emu = EmuThread{t, total, t % int64_t(block), nullptr, nullptr};
          unpack(params);
        }
  } else {
    emu = EmuThread{};
    unpack(params);
  }
  emu = saved;
}
}

namespace parax::runtime {

std::vector<codegen::JitSymbol> gpuEmulationSymbols() {
  return {{"parax_gpu_first", reinterpret_cast<void *>(&parax_gpu_first)},
          {"parax_gpu_stride", reinterpret_cast<void *>(&parax_gpu_stride)},
          {"parax_gpu_thread", reinterpret_cast<void *>(&parax_gpu_thread)},
          {"parax_gpu_block", reinterpret_cast<void *>(&parax_gpu_block)},
          {"parax_gpu_barrier", reinterpret_cast<void *>(&parax_gpu_barrier)},
          {"parax_gpu_shared", reinterpret_cast<void *>(&parax_gpu_shared)},
          {"parax_cuda_launch", reinterpret_cast<void *>(&parax_emu_launch)}};
}

} // namespace parax::runtime
