//===- ThreadPoolTest.cpp - device threads and the intra-op helpers -------===//
//
// parallelFor runs every chunk exactly once, from one caller or from many
// device threads at the same time (the helpers are shared; a caller never
// waits for one to be free), and its width bounds how many threads take
// part. run() keeps its contract: all n tasks run concurrently.
//
//===----------------------------------------------------------------------===//
#include "runtime/cpu/ThreadPool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace parax::runtime {
namespace {

TEST(ThreadPoolTest, ParallelForRunsEveryChunkOnce) {
  ThreadPool pool;
  for (int width : {1, 2, 3, 8})
    for (int64_t chunks : {int64_t(0), int64_t(1), int64_t(5), int64_t(1000)}) {
      std::vector<std::atomic<int>> hits(static_cast<size_t>(chunks));
      pool.parallelFor(chunks, width, [&](int64_t i) { ++hits[size_t(i)]; });
      for (int64_t i = 0; i < chunks; ++i)
        EXPECT_EQ(hits[size_t(i)].load(), 1) << "width " << width << " chunk " << i;
    }
}

TEST(ThreadPoolTest, WidthBoundsTheThreadsTakingPart) {
  ThreadPool pool;
  std::mutex m;
  std::set<std::thread::id> seen;
  auto body = [&](int64_t) {
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    std::lock_guard<std::mutex> lock(m);
    seen.insert(std::this_thread::get_id());
  };
  pool.parallelFor(64, 1, body);
  EXPECT_EQ(seen.size(), 1u);
  EXPECT_EQ(*seen.begin(), std::this_thread::get_id()); // width 1: the caller
  seen.clear();
  pool.parallelFor(64, 2, body);
  EXPECT_LE(seen.size(), 2u);
  EXPECT_LE(int(seen.size()), ThreadPool::hardwareThreads());
}

// Device threads (run) each split loops at the same time: every loop
// completes with every chunk once, even with more callers than helpers.
TEST(ThreadPoolTest, ConcurrentCallersFromDeviceThreadsAllFinish) {
  ThreadPool pool;
  const int devices = 6, rounds = 50;
  const int64_t chunks = 97;
  std::atomic<int> wrong{0};
  pool.run(devices, [&](int) {
    for (int r = 0; r < rounds; ++r) {
      std::vector<std::atomic<int>> hits(static_cast<size_t>(chunks));
      pool.parallelFor(chunks, 4, [&](int64_t i) { ++hits[size_t(i)]; });
      for (auto &h : hits)
        wrong += h.load() != 1;
    }
  });
  EXPECT_EQ(wrong.load(), 0);
}

TEST(ThreadPoolTest, RunStartsAllTasksConcurrently) {
  ThreadPool pool;
  const int n = 5;
  std::atomic<int> arrived{0};
  pool.run(n, [&](int) {
    ++arrived;
    while (arrived.load() < n) // a barrier: hangs unless all n run at once
      std::this_thread::yield();
  });
  EXPECT_EQ(arrived.load(), n);
}

} // namespace
} // namespace parax::runtime
