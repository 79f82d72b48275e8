//===- ThreadPool.cpp - persistent threads for devices and loops ----------===//
//
// One job at a time: run() publishes the job under the mutex (indices
// 1..n-1 still to take), wakes the workers, runs index 0 itself, then waits
// until the pending count drops to zero. Workers loop taking indices.
//
//===----------------------------------------------------------------------===//
#include "runtime/cpu/ThreadPool.h"

namespace parax::runtime {

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(m_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto &t : workers_)
    t.join();
}

int ThreadPool::hardwareThreads() {
  unsigned n = std::thread::hardware_concurrency();
  return n ? int(n) : 1;
}

void ThreadPool::worker() {
  std::unique_lock<std::mutex> lock(m_);
  for (;;) {
    wake_.wait(lock, [&] { return stop_ || (job_ && next_ < total_); });
    if (stop_)
      return;
    int i = next_++;
    const std::function<void(int)> *job = job_;
    lock.unlock();
    (*job)(i);
    lock.lock();
    if (--pending_ == 0)
      done_.notify_all();
  }
}

void ThreadPool::run(int n, const std::function<void(int)> &fn) {
  if (n <= 1) {
    if (n == 1)
      fn(0);
    return;
  }
  std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
  if (!busy.owns_lock()) {
    // Nested use: plain threads (rare; keeps progress guaranteed).
    std::vector<std::thread> ts;
    for (int i = 1; i < n; ++i)
      ts.emplace_back(fn, i);
    fn(0);
    for (auto &t : ts)
      t.join();
    return;
  }
  {
    std::lock_guard<std::mutex> lock(m_);
    while (int(workers_.size()) < n - 1)
      workers_.emplace_back([this] { worker(); });
    job_ = &fn;
    next_ = 1;
    total_ = n;
    pending_ = n - 1;
  }
  wake_.notify_all();
  fn(0);
  std::unique_lock<std::mutex> lock(m_);
  done_.wait(lock, [&] { return pending_ == 0; });
  job_ = nullptr;
  total_ = next_ = 0;
}

} // namespace parax::runtime
