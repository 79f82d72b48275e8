//===- CoordinatorTest.cpp - the control plane and the Gloo engine ---------===//
//
// parax's coordinator and the engines under real sockets, with every
// "process" a thread of this test: key-value store, barriers (a timeout
// names who is missing), the abort broadcast (a failure or a dropped
// connection reaches the others, naming the process), and the Gloo engine's
// collectives and deadline.
//
//===----------------------------------------------------------------------===//
#include "runtime/distributed/CollectiveEngine.h"
#include "runtime/distributed/Coordinator.h"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <future>
#include <mutex>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace parax::runtime::dist;

namespace {
std::string freeAddress() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof sa;
  ::bind(fd, reinterpret_cast<sockaddr *>(&sa), len);
  ::getsockname(fd, reinterpret_cast<sockaddr *>(&sa), &len);
  int port = ntohs(sa.sin_port);
  ::close(fd);
  return "127.0.0.1:" + std::to_string(port);
}

struct Aborts {
  std::mutex m;
  std::vector<std::string> seen;
  CoordinatorClient::AbortHandler handler() {
    return [this](const std::string &why) {
      std::lock_guard<std::mutex> l(m);
      seen.push_back(why);
    };
  }
  std::string waitFor(double seconds) {
    auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < until) {
      {
        std::lock_guard<std::mutex> l(m);
        if (!seen.empty())
          return seen.front();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return "";
  }
};
} // namespace

TEST(Coordinator, KeyValueStoreWaitsForTheKey) {
  std::string addr = freeAddress();
  CoordinatorServer server(addr, 2, 30);
  Aborts a0, a1;
  CoordinatorClient c0(addr, 0, 2, 10, 30, a0.handler()), c1(addr, 1, 2, 10, 30, a1.handler());
  auto got = std::async(std::launch::async, [&] { return c1.get("k", 10); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  c0.set("k", std::string("v\0w", 3));
  EXPECT_EQ(got.get(), std::string("v\0w", 3));
  EXPECT_EQ(c0.get("k", 1), std::string("v\0w", 3));
  EXPECT_THROW(c0.get("missing", 0.2), EngineTimeout);
  c0.goodbye();
  c1.goodbye();
}

TEST(Coordinator, BarrierTimeoutNamesTheMissingProcess) {
  std::string addr = freeAddress();
  CoordinatorServer server(addr, 3, 30);
  Aborts a0, a1, a2;
  CoordinatorClient c0(addr, 0, 3, 10, 30, a0.handler()), c1(addr, 1, 3, 10, 30, a1.handler()),
      c2(addr, 2, 3, 10, 30, a2.handler());
  auto b1 = std::async(std::launch::async, [&] { c1.barrier("step", 10); });
  try {
    c0.barrier("step", 0.5);
    FAIL() << "no timeout";
  } catch (EngineTimeout &e) {
    EXPECT_NE(std::string(e.what()).find("process 2 has not reached step"), std::string::npos)
        << e.what();
  }
  c2.barrier("step", 10); // now complete for 1 and 2 as well as the late 0
  b1.get();
  for (auto *c : {&c0, &c1, &c2})
    c->goodbye();
}

TEST(Coordinator, AFailureReachesTheOthersNamingTheProcess) {
  std::string addr = freeAddress();
  CoordinatorServer server(addr, 2, 30);
  Aborts a0, a1;
  CoordinatorClient c0(addr, 0, 2, 10, 30, a0.handler()), c1(addr, 1, 2, 10, 30, a1.handler());
  c1.reportFailure("AssertionError: boom");
  std::string why = a0.waitFor(5);
  EXPECT_EQ(why, "process 1 failed: AssertionError: boom");
  EXPECT_THROW(c0.get("never", 5), EngineAborted); // a pending wait ends at once
}

TEST(Coordinator, ADroppedConnectionIsADeadProcess) {
  std::string addr = freeAddress();
  CoordinatorServer server(addr, 2, 30);
  Aborts a0, a1;
  CoordinatorClient c0(addr, 0, 2, 10, 30, a0.handler());
  {
    CoordinatorClient c1(addr, 1, 2, 10, 30, a1.handler());
    c1.set("x", "1");
    c0.get("x", 5); // c1 is known to the server
  } // c1 goes away without a goodbye (as a killed process does)
  std::string why = a0.waitFor(5);
  EXPECT_NE(why.find("process 1 is gone"), std::string::npos) << why;
}

TEST(Coordinator, TheCoordinatorGoingAwayIsNoticed) {
  std::string addr = freeAddress();
  Aborts a1;
  auto server = std::make_unique<CoordinatorServer>(addr, 2, 30);
  CoordinatorClient c1(addr, 1, 2, 10, 30, a1.handler());
  server.reset();
  std::string why = a1.waitFor(5);
  EXPECT_NE(why.find("process 0"), std::string::npos) << why;
}

TEST(Coordinator, NoCoordinatorTimesOutNamingTheAddress) {
  std::string addr = freeAddress();
  Aborts a1;
  try {
    CoordinatorClient c1(addr, 1, 2, 0.3, 30, a1.handler());
    FAIL() << "connected to nothing";
  } catch (EngineTimeout &e) {
    EXPECT_NE(std::string(e.what()).find(addr), std::string::npos) << e.what();
  }
}

TEST(GlooEngine, CollectivesBetweenTwoRanks) {
  setenv("PARAX_ENGINE_DIR", PARAX_BUILD_DIR, 1);
  std::string addr = freeAddress();
  CoordinatorServer server(addr, 2, 30);
  Aborts ab[2];
  std::unique_ptr<CoordinatorClient> c[2];
  for (int r = 0; r < 2; ++r)
    c[r] = std::make_unique<CoordinatorClient>(addr, r, 2, 10, 30, ab[r].handler());
  std::string errors[2];
  auto rank = [&](int r) {
    EngineConfig cfg;
    cfg.rank = r;
    cfg.size = 2;
    cfg.store = c[r].get();
    cfg.timeoutSeconds = 1;
    std::string why;
    auto e = openEngine("gloo", cfg, &why);
    if (!e) {
      errors[r] = why;
      return;
    }
    float v[3] = {1.5f + r, 2.0f, -1.0f * r};
    e->allReduce(v, 3, ElemType::F32, ReduceOp::Sum);
    if (v[0] != 4.0f || v[1] != 4.0f || v[2] != -1.0f)
      errors[r] += "allReduce sum; ";
    int32_t m = 10 * r + 3;
    e->allReduce(&m, 1, ElemType::I32, ReduceOp::Max);
    if (m != 13)
      errors[r] += "allReduce max; ";
    int64_t mine = 100 + r, all[2] = {0, 0};
    e->allGather(&mine, all, sizeof mine);
    if (all[0] != 100 || all[1] != 101)
      errors[r] += "allGather; ";
    double b = r == 1 ? 3.25 : 0;
    e->broadcast(&b, sizeof b, 1);
    if (b != 3.25)
      errors[r] += "broadcast; ";
    int out = -1, in = r + 7;
    e->sendRecv(&in, 1 - r, &out, 1 - r, sizeof in);
    if (out != 8 - r)
      errors[r] += "sendRecv; ";
    e->barrier();
    // rank 1 skips this one: rank 0's call must end at the deadline
    if (r == 0) {
      auto t0 = std::chrono::steady_clock::now();
      try {
        e->allReduce(v, 3, ElemType::F32, ReduceOp::Sum);
        errors[r] += "no timeout; ";
      } catch (EngineTimeout &) {
      } catch (EngineError &x) {
        errors[r] += std::string("not a timeout: ") + x.what() + "; ";
      }
      if (std::chrono::steady_clock::now() - t0 > std::chrono::seconds(5))
        errors[r] += "the deadline was not kept; ";
    }
    c[r]->barrier("done", 10);
  };
  std::thread t1(rank, 1);
  rank(0);
  t1.join();
  EXPECT_EQ(errors[0], "");
  EXPECT_EQ(errors[1], "");
  for (auto &x : c)
    x->goodbye();
}
