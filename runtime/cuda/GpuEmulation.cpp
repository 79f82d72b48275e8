//===- GpuEmulation.cpp - GPU kernels run on the CPU, for testing ---------===//
#include "runtime/cuda/GpuEmulation.h"
#include "codegen/EmitPTX.h"

#include <algorithm>
#include <barrier>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <memory>
#include <random>
#include <semaphore>
#include <string>
#include <thread>

namespace {

/// The adversarial schedules (PARAX_EMU_ORDER): `concurrent` (unset: the
/// block's threads run at once, started in reverse), or one of the
/// sequenced orders, where between two barriers the threads run one after
/// another in the order given: `forward`, `reverse`, `random:SEED` (a fresh
/// permutation per phase from SEED) or `delay:T` (thread T last in every
/// phase, the others in index order). A kernel whose result depends on the
/// order threads reach a barrier, or that reads what another thread writes
/// between the same two barriers, gives a different result under one of
/// them.
struct Order {
  enum Kind { Concurrent, Forward, Reverse, Random, Delay } kind = Concurrent;
  uint64_t seed = 0;
  int64_t delayed = 0;
};

const Order &order() {
  static const Order o = [] {
    Order r;
    const char *e = std::getenv("PARAX_EMU_ORDER");
    std::string v = e ? e : "";
    if (v == "forward")
      r.kind = Order::Forward;
    else if (v == "reverse")
      r.kind = Order::Reverse;
    else if (v.rfind("random:", 0) == 0)
      r.kind = Order::Random, r.seed = std::strtoull(v.c_str() + 7, nullptr, 10);
    else if (v.rfind("delay:", 0) == 0)
      r.kind = Order::Delay, r.delayed = std::strtoll(v.c_str() + 6, nullptr, 10);
    return r;
  }();
  return o;
}

/// The threads of a grid-stride kernel (PARAX_EMU_GRID_THREADS overrides
/// the launch's, e.g. 1, 3, 32 or 4224): a grid-stride loop is correct for
/// any count.
int64_t gridThreads(int64_t launched) {
  const char *e = std::getenv("PARAX_EMU_GRID_THREADS");
  int64_t n = e && *e ? std::strtoll(e, nullptr, 10) : 0;
  return n > 0 ? n : launched;
}

/// The order of `n` threads in phase `phase` (sequenced orders).
std::vector<int64_t> phaseOrder(int64_t n, uint64_t phase) {
  const Order &o = order();
  std::vector<int64_t> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    v[size_t(i)] = i;
  if (o.kind == Order::Reverse)
    std::reverse(v.begin(), v.end());
  else if (o.kind == Order::Random) {
    std::mt19937_64 g(o.seed * 0x9E3779B97F4A7C15ull + phase);
    std::shuffle(v.begin(), v.end(), g);
  } else if (o.kind == Order::Delay && o.delayed < n) {
    v.erase(v.begin() + o.delayed);
    v.push_back(o.delayed);
  }
  return v;
}

/// Turns between barriers for the sequenced orders: a thread runs only when
/// it is first in the phase's order, and hands the turn on (waking the next
/// thread's own semaphore) when it reaches the barrier.
struct Sequencer {
  explicit Sequencer(int64_t n)
      : sems(new std::binary_semaphore *[size_t(n)]), n(n) {
    for (int64_t i = 0; i < n; ++i)
      sems[size_t(i)] = new std::binary_semaphore(0);
    order = phaseOrder(n, 0);
    sems[size_t(order[0])]->release();
  }
  ~Sequencer() {
    for (int64_t i = 0; i < n; ++i)
      delete sems[size_t(i)];
  }
  void wait(int64_t me) { sems[size_t(me)]->acquire(); }
  void handOn() {
    if (++turn < order.size())
      sems[size_t(order[turn])]->release();
  }
  void nextPhase() { // the barrier's completion: every thread has arrived
    order = phaseOrder(n, ++phase);
    turn = 0;
    sems[size_t(order[0])]->release();
  }
  std::unique_ptr<std::binary_semaphore *[]> sems;
  int64_t n;
  std::vector<int64_t> order;
  size_t turn = 0; ///< only the thread holding the turn touches it
  uint64_t phase = 0;
};

struct PhaseDone {
  Sequencer *seq;
  void operator()() noexcept {
    if (seq)
      seq->nextPhase();
  }
};
using Barrier = std::barrier<PhaseDone>;

/// The launch state one (virtual) GPU thread sees.
struct EmuThread {
  int64_t first = 0, stride = 1, thread = 0;
  Barrier *barrier = nullptr;
  void *shared = nullptr;
  int64_t block = 0;
  Sequencer *seq = nullptr;
};
thread_local EmuThread emu;

/// A barrier of the current thread: with a sequenced order the turn goes
/// to the next thread first, and after it the thread waits for its turn in
/// the next phase (unless this is the launch's last barrier).
void arrive(bool last = false) {
  if (emu.seq)
    emu.seq->handOn();
  emu.barrier->arrive_and_wait();
  if (emu.seq && !last)
    emu.seq->wait(emu.thread);
}

/// `blocks` blocks of `n` threads: n real threads meeting at the barriers,
/// which run the blocks one after another (last block first), sharing one
/// scratch; a barrier between blocks keeps a block's scratch until all of
/// its threads are done. Threads start in reverse index order, so the
/// order between barriers is not the index order; PARAX_EMU_ORDER makes
/// it a chosen one (Order).
void runBlocks(int n, int64_t blocks, void (*unpack)(void **), void **params) {
  bool sequenced = order().kind != Order::Concurrent;
  Sequencer seq(sequenced ? n : 1);
  Barrier barrier(n, PhaseDone{sequenced ? &seq : nullptr});
  std::vector<int64_t> shared(
      std::max(size_t(n) + 2, size_t(parax::codegen::kGpuSharedBytes / 8)));
  std::vector<std::thread> threads;
  for (int t = n - 1; t >= 0; --t)
    threads.emplace_back([&, t] {
      if (sequenced)
        seq.wait(t);
      for (int64_t b = blocks - 1; b >= 0; --b) {
        emu = EmuThread{t, n, t, &barrier, shared.data(), b,
                        sequenced ? &seq : nullptr};
        unpack(params);
        arrive(b == 0);
      }
    });
  for (std::thread &t : threads)
    t.join();
}

/// A grid-stride kernel's `total` virtual threads, one after another in
/// the order of PARAX_EMU_ORDER (default: `dflt`).
void runGrid(int64_t total, void (*unpack)(void **), void **params,
             int64_t blockThreads, const std::vector<int64_t> &dflt) {
  std::vector<int64_t> ts =
      order().kind == Order::Concurrent ? dflt : phaseOrder(total, 0);
  for (int64_t t : ts) {
    emu = EmuThread{t, total, t % blockThreads, nullptr, nullptr};
    unpack(params);
  }
}

} // namespace

extern "C" {
int64_t parax_gpu_first() { return emu.first; }
int64_t parax_gpu_stride() { return emu.stride; }
int64_t parax_gpu_thread() { return emu.thread; }
int64_t parax_gpu_block() { return emu.block; }
void parax_gpu_barrier() {
  if (emu.barrier)
    arrive();
}
void *parax_gpu_shared() { return emu.shared; }
/// No BLAS in emulation (nor from host memory): the dot's kernel runs.
int32_t parax_gpu_gemm(ParaxRtContext *, const void *, const void *, void *,
                       const int64_t *) {
  return -1;
}

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
  } else if (kind == int32_t(GpuKernelKind::Tiles) && elements > 0) {
    runBlocks(parax::codegen::kGpuBlockThreads, elements, unpack, env);
  } else if (kind == int32_t(GpuKernelKind::Grid) && elements > 0) {
    const int64_t g = gridThreads(parax::runtime::kEmulatedGridThreads);
    std::vector<int64_t> ts;
    for (int64_t t = 0; t < g; ++t)
      ts.push_back(t);
    runGrid(g, unpack, env, g, ts);
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
      kind == int32_t(GpuKernelKind::Blocks) ||
      kind == int32_t(GpuKernelKind::Tiles)) {
    runBlocks(int(block), int64_t(grid), unpack, params);
  } else if (kind == int32_t(GpuKernelKind::Grid)) {
    // Every thread of the launched grid, in an order unlike the hardware's
    // (odd threads last, each half descending): the grid-stride loop must
    // not depend on which thread runs first.
    const int64_t total = gridThreads(int64_t(grid) * int64_t(block));
    std::vector<int64_t> ts;
    for (int pass = 0; pass < 2; ++pass)
      for (int64_t t = total - 1; t >= 0; --t)
        if ((t & 1) == pass)
          ts.push_back(t);
    runGrid(total, unpack, params, std::min<int64_t>(block, total), ts);
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
          {"parax_gpu_gemm", reinterpret_cast<void *>(&parax_gpu_gemm)},
          {"parax_cuda_launch", reinterpret_cast<void *>(&parax_emu_launch)}};
}

} // namespace parax::runtime
