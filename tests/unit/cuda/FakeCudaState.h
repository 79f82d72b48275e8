//===- FakeCudaState.h - the strict fake driver's state, for its NCCL ------===//
//
// FakeCudaDriver.cpp keeps the fake GPUs (arenas of device memory the host
// cannot touch), their streams (queues run at synchronisation) and the
// counters under one lock; FakeNcclOnFakeGpus.cpp and
// FakeCublasOnFakeGpus.cpp, built into the same library, run NCCL's
// collectives and cuBLAS's GEMMs as entries of those queues.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace fakecuda {

struct Stream {
  std::deque<std::function<void()>> queue;
};
struct Counters {
  uint64_t launches = 0, syncs = 0, h2d = 0, d2h = 0, d2d = 0, allocs = 0;
};
struct Gpu {
  char *base = nullptr;
  size_t capacity = 0, top = 0, used = 0;
  std::map<uintptr_t, size_t> live;            ///< start -> bytes
  std::multimap<size_t, uintptr_t> freeBlocks; ///< bytes -> start
};

/// The one lock of the fake: every entry point takes it.
extern std::recursive_mutex mu;
extern std::vector<Gpu> gpus;
extern Counters total;
/// Prints "fake cuda: WHAT" on stderr; CUDA_ERROR_INVALID_VALUE.
int fail(const char *what);
/// Appends `line` to $PARAX_FAKE_CUDA_LOG.
void logLine(const std::string &line);
/// The GPU whose arena holds [p, p + n) inside one live block, or -1.
int deviceOf(uintptr_t p, size_t n);
/// The calling thread's current fake GPU (its context).
int currentGpu();

} // namespace fakecuda
