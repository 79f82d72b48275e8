//===- ThreadPool.h - persistent threads for devices and loops --*- C++ -*-===//
//
// The CPU backend's device threads: `run(n, fn)` calls fn(0) on the calling
// thread and fn(1..n-1) on persistent workers (created on first need and
// reused by every later pmap), and returns when all have finished. All n
// calls run concurrently, which collectives rely on (they meet at barriers).
// A call made while the pool is busy (from inside a task) runs its tasks on
// fresh threads instead, so it can never deadlock.
//
// `parallelFor(chunks, width, body)` is the intra-op side: body(i) for
// every chunk index, taken in order by the calling thread and by at most
// width - 1 helpers (a second set of persistent threads, one fewer than the
// machine has). The caller never waits for a helper to start: it takes
// chunks itself until none are left, so the loop finishes even when every
// helper is busy elsewhere (other devices' loops). Callers size `width` so
// that devices x width never exceeds the cores (runtime/RuntimeABI.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace parax::runtime {

class ThreadPool {
public:
  ThreadPool() = default;
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  /// Runs fn(0..n-1) concurrently (fn(0) on this thread); blocks until all
  /// returned. `fn` must not throw.
  void run(int n, const std::function<void(int)> &fn);

  /// Runs body(0..chunks-1) on this thread and up to width - 1 helpers;
  /// blocks until all returned. `body` must not throw.
  void parallelFor(int64_t chunks, int width,
                   const std::function<void(int64_t)> &body);

  /// Hardware threads of this machine (at least 1); PARAX_THREADS=N
  /// overrides it (the width of intra-op loops; 1 turns them off).
  static int hardwareThreads();

private:
  struct ForJob;
  void worker();
  void helper();
  ForJob *findJob(); ///< hm_ held
  std::mutex busy_; ///< Held while a run() uses the workers.
  std::mutex m_;
  std::condition_variable wake_, done_;
  std::vector<std::thread> workers_;
  const std::function<void(int)> *job_ = nullptr;
  int next_ = 0, total_ = 0, pending_ = 0;
  bool stop_ = false;

  // parallelFor: jobs still handing out chunks, guarded by hm_.
  std::mutex hm_;
  std::condition_variable helperWake_, helperLeft_;
  std::vector<ForJob *> jobs_;
  std::vector<std::thread> helpers_;
  bool helpersStop_ = false;
};

} // namespace parax::runtime
