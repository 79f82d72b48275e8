//===- ThreadPool.cpp - persistent threads for devices and loops ----------===//
//
// One job at a time: run() publishes the job under the mutex (indices
// 1..n-1 still to take), wakes the workers, runs index 0 itself, then waits
// until the pending count drops to zero. Workers loop taking indices.
//
//===----------------------------------------------------------------------===//
#include "runtime/cpu/ThreadPool.h"

#include <algorithm>
#include <cstdlib>

namespace parax::runtime {

/// One parallelFor call (on its caller's stack). `joined` counts helpers
/// that took part, `inside` those still running chunks; the caller returns
/// once no chunk is left and `inside` is 0, so no helper touches the job
/// after that.
struct ThreadPool::ForJob {
  const std::function<void(int64_t)> *body = nullptr;
  int64_t chunks = 0;
  std::atomic<int64_t> next{0};
  int wanted = 0, joined = 0, inside = 0; // hm_
};

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(m_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto &t : workers_)
    t.join();
  {
    std::lock_guard<std::mutex> lock(hm_);
    helpersStop_ = true;
  }
  helperWake_.notify_all();
  for (auto &t : helpers_)
    t.join();
}

int ThreadPool::hardwareThreads() {
  static const int n = [] {
    if (const char *e = std::getenv("PARAX_THREADS"); e && *e) {
      int v = std::atoi(e);
      if (v >= 1)
        return v;
    }
    unsigned h = std::thread::hardware_concurrency();
    return h ? int(h) : 1;
  }();
  return n;
}

ThreadPool::ForJob *ThreadPool::findJob() {
  for (ForJob *j : jobs_)
    if (j->joined < j->wanted && j->next.load(std::memory_order_relaxed) < j->chunks)
      return j;
  return nullptr;
}

void ThreadPool::helper() {
  std::unique_lock<std::mutex> lock(hm_);
  for (;;) {
    ForJob *j = nullptr;
    helperWake_.wait(lock, [&] { return helpersStop_ || (j = findJob()); });
    if (helpersStop_)
      return;
    ++j->joined;
    ++j->inside;
    lock.unlock();
    for (int64_t i; (i = j->next.fetch_add(1)) < j->chunks;)
      (*j->body)(i);
    lock.lock();
    if (--j->inside == 0)
      helperLeft_.notify_all();
  }
}

void ThreadPool::parallelFor(int64_t chunks, int width,
                             const std::function<void(int64_t)> &body) {
  width = int(std::min<int64_t>(std::min(width, hardwareThreads()), chunks));
  if (width <= 1) {
    for (int64_t i = 0; i < chunks; ++i)
      body(i);
    return;
  }
  ForJob job;
  job.body = &body;
  job.chunks = chunks;
  job.wanted = width - 1;
  {
    std::lock_guard<std::mutex> lock(hm_);
    while (int(helpers_.size()) < hardwareThreads() - 1)
      helpers_.emplace_back([this] { helper(); });
    jobs_.push_back(&job);
  }
  for (int k = 0; k < job.wanted; ++k)
    helperWake_.notify_one();
  for (int64_t i; (i = job.next.fetch_add(1)) < chunks;)
    body(i);
  std::unique_lock<std::mutex> lock(hm_);
  jobs_.erase(std::find(jobs_.begin(), jobs_.end(), &job));
  helperLeft_.wait(lock, [&] { return job.inside == 0; });
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
