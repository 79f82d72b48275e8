//===- NcclEngineTest.cpp - libparax_engine_nccl.so against a fake NCCL ---===//
//
// No GPU: libparax_fake_nccl.so (FakeNccl.cpp) stands in for libnccl and
// libcuda, and ranks are threads of this process, each with its own engine
// created through parax_engine_create as openEngine() will. The unique id
// travels through an in-memory KeyValueStore like the coordinator's. What
// this shows is the engine's host logic (id exchange, non-blocking
// creation, splits for sub-groups, polling, timeouts, abort), not NCCL's
// behaviour on hardware, which was never tried.
//
//===----------------------------------------------------------------------===//
#include "ir/Half.h"
#include "runtime/distributed/CollectiveEngine.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <thread>

using namespace parax::runtime::dist;
using Clock = std::chrono::steady_clock;

namespace {

class MemoryStore : public KeyValueStore {
public:
  void set(const std::string &k, const std::string &v) override {
    std::lock_guard<std::mutex> l(m_);
    kv_[k] = v;
    cv_.notify_all();
  }
  std::string get(const std::string &k, double timeout) override {
    std::unique_lock<std::mutex> l(m_);
    if (!cv_.wait_for(l, std::chrono::duration<double>(timeout), [&] { return kv_.count(k) > 0; }))
      throw EngineTimeout("key " + k + " not set");
    return kv_[k];
  }
  std::map<std::string, std::string> all() {
    std::lock_guard<std::mutex> l(m_);
    return kv_;
  }

private:
  std::mutex m_;
  std::condition_variable cv_;
  std::map<std::string, std::string> kv_;
};

// A store at an address no earlier test used (the engine numbers its
// unique-id keys per store and rank).
MemoryStore &freshStore() { return *new MemoryStore; }

using CreateFn = CollectiveEngine *(*)(const EngineConfig *, char *, size_t);

struct Libs {
  CreateFn create = nullptr;
  int (*splits)() = nullptr;
  int (*aborts)() = nullptr;
};

Libs &libs() {
  static Libs l = [] {
    setenv("PARAX_NCCL_LIBRARY", PARAX_FAKE_NCCL_PATH, 1);
    setenv("PARAX_CUDA_DRIVER", PARAX_FAKE_NCCL_PATH, 1);
    Libs x;
    void *e = dlopen(PARAX_ENGINE_NCCL_PATH, RTLD_NOW | RTLD_LOCAL);
    void *f = dlopen(PARAX_FAKE_NCCL_PATH, RTLD_NOW | RTLD_LOCAL);
    if (e)
      x.create = reinterpret_cast<CreateFn>(dlsym(e, "parax_engine_create"));
    if (f) {
      x.splits = reinterpret_cast<int (*)()>(dlsym(f, "fake_nccl_splits"));
      x.aborts = reinterpret_cast<int (*)()>(dlsym(f, "fake_nccl_aborts"));
    }
    return x;
  }();
  return l;
}

// Runs body(rank, engine) on `size` threads, each with its own engine.
template <typename F> void onRanks(int size, double timeout, MemoryStore &store, F &&body) {
  ASSERT_TRUE(libs().create);
  std::vector<std::thread> threads;
  for (int r = 0; r < size; ++r)
    threads.emplace_back([&, r] {
      EngineConfig c;
      c.rank = r;
      c.size = size;
      c.store = &store;
      c.timeoutSeconds = timeout;
      char err[512] = {0};
      std::unique_ptr<CollectiveEngine> e(libs().create(&c, err, sizeof err));
      if (!e) {
        ADD_FAILURE() << "rank " << r << ": " << err;
        return;
      }
      body(r, *e);
    });
  for (auto &t : threads)
    t.join();
}

TEST(NcclEngine, UniqueIdTravelsThroughTheStore) {
  MemoryStore &store = freshStore();
  onRanks(3, 10, store, [](int r, CollectiveEngine &e) {
    EXPECT_STREQ(e.name(), "nccl");
    EXPECT_EQ(e.rank(), r);
    EXPECT_EQ(e.size(), 3);
  });
  auto kv = store.all();
  ASSERT_EQ(kv.size(), 1u);
  EXPECT_EQ(kv.begin()->first.rfind("parax/nccl/", 0), 0u);
  EXPECT_EQ(kv.begin()->second.size(), 256u); // 128 bytes, hex
}

TEST(NcclEngine, AllReduceTypesAndOps) {
  MemoryStore &store = freshStore();
  onRanks(3, 10, store, [](int r, CollectiveEngine &e) {
    for (ReduceOp op : {ReduceOp::Sum, ReduceOp::Prod, ReduceOp::Max, ReduceOp::Min}) {
      float f[2] = {float(r + 1), -float(r)};
      e.allReduce(f, 2, ElemType::F32, op);
      float want0 = op == ReduceOp::Sum ? 6 : op == ReduceOp::Prod ? 6 : op == ReduceOp::Max ? 3 : 1;
      EXPECT_EQ(f[0], want0);
      int64_t i[1] = {int64_t(r) - 1};
      e.allReduce(i, 1, ElemType::I64, op);
      int64_t wantI = op == ReduceOp::Sum ? 0 : op == ReduceOp::Prod ? 0 : op == ReduceOp::Max ? 1 : -1;
      EXPECT_EQ(i[0], wantI);
      uint16_t h = parax::floatToBf16(float(r));
      e.allReduce(&h, 1, ElemType::BF16, op);
      float wantH = op == ReduceOp::Sum ? 3 : op == ReduceOp::Prod ? 0 : op == ReduceOp::Max ? 2 : 0;
      EXPECT_EQ(parax::bf16ToFloat(h), wantH);
    }
    int16_t s = 1;
    EXPECT_THROW(e.allReduce(&s, 1, ElemType::I16, ReduceOp::Sum), EngineError);
  });
}

TEST(NcclEngine, GatherBroadcastAllToAllSendRecvBarrier) {
  MemoryStore &store = freshStore();
  onRanks(3, 10, store, [](int r, CollectiveEngine &e) {
    int32_t mine[2] = {r, 10 * r}, all[6] = {0};
    e.allGather(mine, all, sizeof mine);
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(all[2 * k], k);
      EXPECT_EQ(all[2 * k + 1], 10 * k);
    }
    int32_t b[3] = {r, r, r};
    e.broadcast(b, sizeof b, 2);
    EXPECT_EQ(b[0], 2);
    EXPECT_EQ(b[2], 2);
    int32_t in[3], out[3];
    for (int j = 0; j < 3; ++j)
      in[j] = 100 * r + j;
    e.allToAll(in, out, sizeof(int32_t));
    for (int j = 0; j < 3; ++j)
      EXPECT_EQ(out[j], 100 * j + r);
    int64_t x = r, y = -1;
    e.sendRecv(&x, (r + 1) % 3, &y, (r + 2) % 3, sizeof x);
    EXPECT_EQ(y, (r + 2) % 3);
    e.barrier();
  });
}

// Mesh-axis groups: every rank calls with its own group; one split each,
// cached for the second round.
TEST(NcclEngine, SubGroupsBySplit) {
  MemoryStore &store = freshStore();
  int before = libs().splits();
  onRanks(4, 10, store, [](int r, CollectiveEngine &e) {
    std::vector<int> group = r % 2 ? std::vector<int>{1, 3} : std::vector<int>{0, 2};
    for (int round = 0; round < 2; ++round) {
      int32_t v = r + 1;
      e.allReduce(&v, 1, ElemType::I32, ReduceOp::Sum, &group);
      EXPECT_EQ(v, r % 2 ? 2 + 4 : 1 + 3);
      int32_t g[2];
      e.allGather(&r, g, sizeof r, &group);
      EXPECT_EQ(g[0], group[0]);
      EXPECT_EQ(g[1], group[1]);
    }
  });
  EXPECT_EQ(libs().splits() - before, 1); // one split call serves both groups
}

TEST(NcclEngine, SkippedCollectiveTimesOutAndAborts) {
  MemoryStore &store = freshStore();
  int before = libs().aborts();
  onRanks(2, 0.5, store, [](int r, CollectiveEngine &e) {
    if (r != 0)
      return;
    float v = 1;
    auto t0 = Clock::now();
    try {
      e.allReduce(&v, 1, ElemType::F32, ReduceOp::Sum);
      ADD_FAILURE() << "returned without the peer";
    } catch (const EngineTimeout &err) {
      double s = std::chrono::duration<double>(Clock::now() - t0).count();
      EXPECT_GE(s, 0.45);
      EXPECT_LT(s, 2.0);
      EXPECT_NE(std::string(err.what()).find("all_reduce #1"), std::string::npos) << err.what();
    }
    EXPECT_THROW(e.barrier(), EngineAborted);
  });
  EXPECT_GE(libs().aborts() - before, 1); // ncclCommAbort released the stream
}

TEST(NcclEngine, AbortWakesAWaitingCall) {
  MemoryStore &store = freshStore();
  onRanks(2, 60, store, [](int r, CollectiveEngine &e) {
    if (r != 0)
      return;
    std::thread t([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      e.abort();
    });
    auto t0 = Clock::now();
    EXPECT_THROW(e.barrier(), EngineAborted);
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - t0).count(), 2.0);
    t.join();
  });
}

TEST(NcclEngine, NeedsAStore) {
  ASSERT_TRUE(libs().create);
  EngineConfig c;
  c.size = 2;
  char err[512] = {0};
  EXPECT_EQ(libs().create(&c, err, sizeof err), nullptr);
  EXPECT_NE(std::string(err).find("key-value store"), std::string::npos) << err;
}

} // namespace
