//===- CommunicatorTest.cpp - collectives between device threads ----------===//
//
// ThreadCommunicator under real threads: each test starts N device threads
// that call the collectives many times in a row (so a race between one
// round's result and the next round's deposits shows up as a wrong value
// or a hang), checks every device's result, and checks that abort()
// releases devices blocked in a collective.
//
//===----------------------------------------------------------------------===//
#include "runtime/Communicator.h"
#include "ir/Diagnostics.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace parax::runtime {
namespace {

using namespace std::chrono_literals;

Array filled(Shape shape, double v, DType d = DType::F32) {
  Array a = Array::allocate(TensorType{d, std::move(shape), false});
  for (int64_t i = 0; i < a.size(); ++i)
    a.setDouble(i, v + double(i));
  return a;
}

class CommunicatorTest : public ::testing::Test {
protected:
  /// Runs `fn(device)` on `n` threads and waits (with a watchdog: a hang
  /// fails the test instead of blocking ctest forever).
  void onDevices(int n, const std::function<void(int)> &fn) {
    std::mutex m;
    std::condition_variable cv;
    int done = 0;
    std::vector<std::thread> threads;
    for (int d = 0; d < n; ++d)
      threads.emplace_back([&, d] {
        setCurrentDevice(d);
        fn(d);
        std::lock_guard<std::mutex> lock(m);
        ++done;
        cv.notify_all();
      });
    std::unique_lock<std::mutex> lock(m);
    bool finished = cv.wait_for(lock, 60s, [&] { return done == n; });
    lock.unlock();
    if (!finished) {
      ADD_FAILURE() << "device threads did not finish (deadlock?)";
      for (auto &t : threads)
        t.detach();
      std::abort();
    }
    for (auto &t : threads)
      t.join();
  }
};

TEST_F(CommunicatorTest, AllReduceRepeatedlyGivesEveryDeviceTheSameSum) {
  constexpr int n = 8, rounds = 300;
  ThreadCommunicator comm(n);
  std::atomic<int> wrong{0};
  onDevices(n, [&](int d) {
    for (int r = 0; r < rounds; ++r) {
      // Device d contributes (d + r) + i at element i.
      Array s = comm.allReduce(d, filled({5}, d + r), ir::OpKind::Psum);
      for (int64_t i = 0; i < 5; ++i) {
        double want = 0;
        for (int k = 0; k < n; ++k)
          want += k + r + double(i);
        wrong += s.getDouble(i) != want;
      }
    }
  });
  EXPECT_EQ(wrong.load(), 0);
}

TEST_F(CommunicatorTest, MaxAndMinReduceOverDevices) {
  constexpr int n = 5;
  ThreadCommunicator comm(n);
  std::vector<double> mx(n), mn(n);
  onDevices(n, [&](int d) {
    double v = (d * 7) % 5 - 2.0; // -2, 0, 2, -1, 1
    mx[size_t(d)] = comm.allReduce(d, filled({}, v), ir::OpKind::Pmax).getDouble(0);
    mn[size_t(d)] = comm.allReduce(d, filled({}, v), ir::OpKind::Pmin).getDouble(0);
  });
  for (int d = 0; d < n; ++d) {
    EXPECT_EQ(mx[size_t(d)], 2.0);
    EXPECT_EQ(mn[size_t(d)], -2.0);
  }
}

TEST_F(CommunicatorTest, FloatSumsAreBitIdenticalOnEveryDevice) {
  // Combined once, in device order, so rounding is the same everywhere.
  constexpr int n = 7;
  ThreadCommunicator comm(n);
  std::vector<double> got(n);
  onDevices(n, [&](int d) {
    got[size_t(d)] = comm.allReduce(d, filled({}, 0.1 * (d + 1) / 3.0), ir::OpKind::Psum)
                         .getDouble(0);
  });
  float want = 0;
  for (int d = 0; d < n; ++d)
    want += float(0.1 * (d + 1) / 3.0);
  for (int d = 0; d < n; ++d)
    EXPECT_EQ(got[size_t(d)], double(want)) << "device " << d;
}

TEST_F(CommunicatorTest, AllGatherStacksOrTilesInDeviceOrder) {
  constexpr int n = 4;
  ThreadCommunicator comm(n);
  std::vector<Array> stacked(n), tiled(n);
  onDevices(n, [&](int d) {
    for (int r = 0; r < 50; ++r) {
      stacked[size_t(d)] = comm.allGather(d, filled({2}, 10.0 * d), 0, false);
      tiled[size_t(d)] = comm.allGather(d, filled({2}, 10.0 * d), 0, true);
    }
  });
  for (int d = 0; d < n; ++d) {
    ASSERT_EQ(stacked[size_t(d)].shape(), (Shape{4, 2}));
    ASSERT_EQ(tiled[size_t(d)].shape(), (Shape{8}));
    for (int k = 0; k < n; ++k)
      for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(stacked[size_t(d)].getDouble(k * 2 + i), 10.0 * k + i);
        EXPECT_EQ(tiled[size_t(d)].getDouble(k * 2 + i), 10.0 * k + i);
      }
  }
}

TEST_F(CommunicatorTest, AllGatherAlongAnInnerAxis) {
  constexpr int n = 3;
  ThreadCommunicator comm(n);
  std::vector<Array> got(n);
  onDevices(n, [&](int d) { got[size_t(d)] = comm.allGather(d, filled({2}, 10.0 * d), 1, false); });
  ASSERT_EQ(got[0].shape(), (Shape{2, 3}));
  // Row i holds element i of every device.
  std::vector<double> want = {0, 10, 20, 1, 11, 21};
  for (int64_t i = 0; i < 6; ++i)
    EXPECT_EQ(got[2].getDouble(i), want[size_t(i)]);
}

TEST_F(CommunicatorTest, PermuteRingRepeatedly) {
  constexpr int n = 6, rounds = 300;
  ThreadCommunicator comm(n);
  std::vector<int64_t> ring;
  for (int d = 0; d < n; ++d) {
    ring.push_back(d);
    ring.push_back((d + 1) % n);
  }
  std::atomic<int> wrong{0};
  onDevices(n, [&](int d) {
    Array x = filled({}, d);
    for (int r = 0; r < rounds; ++r)
      x = comm.permute(d, x, ring);
    // After `rounds` shifts device d holds the value of device d - rounds.
    wrong += x.getDouble(0) != double(((d - rounds) % n + n) % n);
  });
  EXPECT_EQ(wrong.load(), 0);
}

TEST_F(CommunicatorTest, PermuteGivesZerosToDevicesThatAreNoDestination) {
  constexpr int n = 4;
  ThreadCommunicator comm(n);
  std::vector<Array> got(n);
  onDevices(n, [&](int d) { got[size_t(d)] = comm.permute(d, filled({3}, 1.0 + d), {0, 2, 2, 1}); });
  for (int64_t i = 0; i < 3; ++i) {
    EXPECT_EQ(got[0].getDouble(i), 0.0);
    EXPECT_EQ(got[1].getDouble(i), 3.0 + double(i)); // from device 2
    EXPECT_EQ(got[2].getDouble(i), 1.0 + double(i)); // from device 0
    EXPECT_EQ(got[3].getDouble(i), 0.0);
  }
}

TEST_F(CommunicatorTest, MixedCollectivesInterleaveWithoutRaces) {
  // The pattern of a pmap body: permute, psum, gather, permute ... back to
  // back, so fast devices start the next collective while slow ones are
  // still reading the previous result.
  constexpr int n = 8, rounds = 200;
  ThreadCommunicator comm(n);
  std::atomic<int> wrong{0};
  std::vector<int64_t> swap;
  for (int d = 0; d < n; ++d) {
    swap.push_back(d);
    swap.push_back(d ^ 1);
  }
  onDevices(n, [&](int d) {
    for (int r = 0; r < rounds; ++r) {
      Array p = comm.permute(d, filled({}, d * 100 + r), swap);
      wrong += p.getDouble(0) != double((d ^ 1) * 100 + r);
      Array s = comm.allReduce(d, p, ir::OpKind::Psum);
      wrong += s.getDouble(0) != double(100 * (n * (n - 1) / 2) + n * r);
      Array g = comm.allGather(d, filled({}, d + r), 0, false);
      for (int k = 0; k < n; ++k)
        wrong += g.getDouble(k) != double(k + r);
      Array m = comm.allReduce(d, filled({}, (d + r) % n), ir::OpKind::Pmax);
      wrong += m.getDouble(0) != double(n - 1);
    }
  });
  EXPECT_EQ(wrong.load(), 0);
}

TEST_F(CommunicatorTest, SingleDeviceCollectivesAreIdentities) {
  ThreadCommunicator comm(1);
  EXPECT_EQ(comm.allReduce(0, filled({}, 4), ir::OpKind::Psum).getDouble(0), 4.0);
  EXPECT_EQ(comm.allGather(0, filled({2}, 4), 0, false).shape(), (Shape{1, 2}));
  EXPECT_EQ(comm.permute(0, filled({}, 4), {0, 0}).getDouble(0), 4.0);
  EXPECT_EQ(comm.permute(0, filled({}, 4), {}).getDouble(0), 0.0);
}

TEST_F(CommunicatorTest, AbortReleasesDevicesWaitingInACollective) {
  constexpr int n = 4;
  ThreadCommunicator comm(n);
  std::atomic<int> released{0}, waiting{0};
  onDevices(n, [&](int d) {
    if (d == 0) {
      // Device 0 "fails" instead of joining: once the others wait, abort.
      while (waiting.load() < n - 1)
        std::this_thread::yield();
      std::this_thread::sleep_for(20ms);
      comm.abort();
      return;
    }
    ++waiting;
    try {
      comm.allReduce(d, filled({}, 1), ir::OpKind::Psum);
    } catch (ParaxError &e) {
      EXPECT_EQ(e.diag().kind, "RuntimeError");
      ++released;
    }
  });
  EXPECT_EQ(released.load(), n - 1);
}

TEST_F(CommunicatorTest, CollectivesAfterAbortFailAtOnce) {
  ThreadCommunicator comm(2);
  comm.abort();
  EXPECT_THROW(comm.allReduce(0, filled({}, 1), ir::OpKind::Psum), ParaxError);
  EXPECT_THROW(comm.permute(1, filled({}, 1), {0, 1}), ParaxError);
}

} // namespace
} // namespace parax::runtime
