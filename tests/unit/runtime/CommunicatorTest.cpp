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
#include "ir/OpRules.h"
#include "runtime/Kernels.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <random>
#include <cmath>
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

TEST_F(CommunicatorTest, AllGatherOverDeviceGroupsGathersOnlyTheGroup) {
  // A (2, 3) mesh gathered over its second axis: groups {0,1,2} and {3,4,5};
  // the second group is listed out of device order to check group order.
  constexpr int n = 6;
  ThreadCommunicator comm(n);
  const std::vector<int64_t> groups = {0, 1, 2, 5, 3, 4};
  std::vector<Array> got(n);
  onDevices(n, [&](int d) {
    for (int r = 0; r < 20; ++r)
      got[size_t(d)] = comm.allGather(d, filled({2}, 10.0 * d), 0, true, &groups, 3);
  });
  for (int d = 0; d < n; ++d) {
    ASSERT_EQ(got[size_t(d)].shape(), (Shape{6}));
    const int64_t *members = d < 3 ? &groups[0] : &groups[3];
    for (int k = 0; k < 3; ++k)
      for (int i = 0; i < 2; ++i)
        EXPECT_EQ(got[size_t(d)].getDouble(k * 2 + i), 10.0 * double(members[k]) + i);
  }
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

/// Values with many distinct bits (so a different summation order shows):
/// uniform in [-1e3, 1e3), a few of them NaN, +-0 and denormal when asked.
Array noisy(int64_t count, DType d, uint32_t seed, bool specials) {
  Array a = Array::allocate(TensorType{d, {count}, false});
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> u(-1e3, 1e3);
  for (int64_t i = 0; i < count; ++i) {
    double v = u(g);
    if (!isFloat(d))
      v = std::floor(v);
    if (specials && isFloat(d) && i % 997 == 5)
      v = (i / 997) % 3 == 0 ? std::nan("") : (i / 997) % 3 == 1 ? -0.0 : 1e-40;
    a.setDouble(i, v);
  }
  return a;
}

bool sameBytes(const Array &a, const Array &b) {
  return a.byteSize() == b.byteSize() &&
         std::memcmp(a.raw(), b.raw(), size_t(a.byteSize())) == 0;
}

// The reduce-scatter + all-gather all-reduce against one thread combining
// in device order (the algorithm it replaced): the same bytes on every
// device, for sizes that do not split evenly into slices or blocks.
TEST_F(CommunicatorTest, AllReduceIsBitIdenticalToTheSerialCombine) {
  for (DType d : {DType::F32, DType::F16, DType::BF16, DType::F64, DType::I32}) {
    for (ir::OpKind k : {ir::OpKind::Psum, ir::OpKind::Pmax, ir::OpKind::Pmin}) {
      for (int n : {1, 3, 4, 5}) {
        for (int64_t count : {int64_t(0), int64_t(7), int64_t(100003)}) {
          std::vector<Array> xs;
          for (int dev = 0; dev < n; ++dev)
            xs.push_back(noisy(count, d, uint32_t(dev * 31 + count), true));
          ir::OpKind op = ir::collectiveCombiner(k);
          Array want = xs[0].copy();
          for (int dev = 1; dev < n; ++dev)
            want = binaryOp(op, want, xs[size_t(dev)], want.type());
          ThreadCommunicator comm(n);
          std::vector<Array> got(static_cast<size_t>(n));
          onDevices(n, [&](int dev) { got[size_t(dev)] = comm.allReduce(dev, xs[size_t(dev)], k); });
          for (int dev = 0; dev < n; ++dev)
            EXPECT_TRUE(sameBytes(got[size_t(dev)], want))
                << dtypeName(d) << " " << mnemonic(k) << " n=" << n
                << " count=" << count << " device " << dev;
        }
      }
    }
  }
}

// Groups of a 2 x 3 mesh (reduce over the mesh's second axis): each group
// combines in its own order, like the serial combine of its members.
TEST_F(CommunicatorTest, GroupAllReduceMatchesTheSerialCombinePerGroup) {
  const int n = 6;
  const std::vector<int64_t> groups{2, 0, 4, 1, 5, 3};
  const int64_t gs = 3, count = 50001;
  std::vector<Array> xs;
  for (int dev = 0; dev < n; ++dev)
    xs.push_back(noisy(count, DType::F32, uint32_t(7 + dev), false));
  ThreadCommunicator comm(n);
  std::vector<Array> got(static_cast<size_t>(n));
  onDevices(n, [&](int dev) {
    for (int r = 0; r < 3; ++r)
      got[size_t(dev)] = comm.allReduce(dev, xs[size_t(dev)], ir::OpKind::Psum, &groups, gs);
  });
  for (size_t g = 0; g < groups.size(); g += size_t(gs)) {
    Array want = xs[size_t(groups[g])].copy();
    for (size_t k = 1; k < size_t(gs); ++k)
      want = binaryOp(ir::OpKind::Add, want, xs[size_t(groups[g + k])], want.type());
    for (size_t k = 0; k < size_t(gs); ++k)
      EXPECT_TRUE(sameBytes(got[size_t(groups[g + k])], want)) << "device " << groups[g + k];
  }
}

// all_gather writes each operand straight into every result: the bytes of
// concatenating the operands (tiled) or stacking them (a new axis).
TEST_F(CommunicatorTest, AllGatherMatchesConcatenationAtEveryAxis) {
  const int n = 3;
  std::vector<Array> xs;
  for (int dev = 0; dev < n; ++dev)
    xs.push_back(noisy(4 * 5 * 6, DType::F32, uint32_t(dev), false).reshaped({4, 5, 6}));
  for (int64_t axis = 0; axis < 3; ++axis)
    for (bool tiled : {false, true}) {
      ThreadCommunicator comm(n);
      std::vector<Array> got(static_cast<size_t>(n));
      onDevices(n, [&](int dev) { got[size_t(dev)] = comm.allGather(dev, xs[size_t(dev)], axis, tiled); });
      std::vector<Array> parts;
      TensorType rt = xs[0].type();
      for (const Array &x : xs) {
        Shape s = x.shape();
        if (!tiled)
          s.insert(s.begin() + axis, 1);
        parts.push_back(x.reshaped(s));
      }
      if (tiled)
        rt.shape[size_t(axis)] *= n;
      else
        rt.shape.insert(rt.shape.begin() + axis, n);
      Array want = concatenateOp(parts, axis, rt);
      for (int dev = 0; dev < n; ++dev) {
        EXPECT_EQ(got[size_t(dev)].shape(), want.shape());
        EXPECT_TRUE(sameBytes(got[size_t(dev)], want)) << "axis " << axis << " tiled " << tiled;
      }
    }
}

} // namespace
} // namespace parax::runtime
