//===- ThreadPool.h - persistent threads for devices and loops --*- C++ -*-===//
//
// The CPU backend's device threads: `run(n, fn)` calls fn(0) on the calling
// thread and fn(1..n-1) on persistent workers (created on first need and
// reused by every later pmap), and returns when all have finished. All n
// calls run concurrently, which collectives rely on (they meet at barriers).
// A call made while the pool is busy (from inside a task) runs its tasks on
// fresh threads instead, so it can never deadlock.
//
//===----------------------------------------------------------------------===//
#pragma once

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

  /// Hardware threads of this machine (at least 1).
  static int hardwareThreads();

private:
  void worker();
  std::mutex busy_; ///< Held while a run() uses the workers.
  std::mutex m_;
  std::condition_variable wake_, done_;
  std::vector<std::thread> workers_;
  const std::function<void(int)> *job_ = nullptr;
  int next_ = 0, total_ = 0, pending_ = 0;
  bool stop_ = false;
};

} // namespace parax::runtime
