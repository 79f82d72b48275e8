//===- MpiEngineTest.cpp - libparax_engine_mpi.so under mpirun --------------===//
//
// Run by ctest as `mpirun -n 2` and `-n 3` (tests/mpi/CMakeLists.txt): every
// rank runs the same tests in the same order; each builds its inputs from
// its rank and checks the result against the reduction computed here. The
// library is dlopen()ed and created through parax_engine_create, as
// openEngine() will. Failure paths: a rank that skips a collective (the
// others time out within the deadline), abort() from another thread and
// shouldStop, each on an engine of its own (a failed engine stays unusable).
//
//===----------------------------------------------------------------------===//
#include "ir/Half.h"
#include "runtime/distributed/CollectiveEngine.h"
#include "runtime/distributed/LaunchEnvironment.h"

#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
#include <chrono>
#include <cmath>
#include <cstring>
#include <dlfcn.h>
#include <thread>
#include <type_traits>

using namespace parax::runtime::dist;
using Clock = std::chrono::steady_clock;

namespace {

using CreateFn = CollectiveEngine *(*)(const EngineConfig *, char *, size_t);

CreateFn createFn() {
  static CreateFn fn = [] {
    void *h = dlopen(PARAX_ENGINE_MPI_PATH, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      fprintf(stderr, "dlopen %s: %s\n", PARAX_ENGINE_MPI_PATH, dlerror());
      return CreateFn(nullptr);
    }
    return reinterpret_cast<CreateFn>(dlsym(h, "parax_engine_create"));
  }();
  return fn;
}

std::unique_ptr<CollectiveEngine> makeEngine(EngineConfig config, std::string *why = nullptr) {
  char err[1024] = {0};
  CreateFn fn = createFn();
  if (!fn) {
    if (why)
      *why = "no parax_engine_create";
    return nullptr;
  }
  std::unique_ptr<CollectiveEngine> e(fn(&config, err, sizeof err));
  if (why)
    *why = err;
  return e;
}

EngineConfig quick(double timeout) {
  EngineConfig c;
  c.timeoutSeconds = timeout;
  return c;
}

// The engine every test shares (created by the first test on every rank).
CollectiveEngine &E() {
  static std::unique_ptr<CollectiveEngine> e = [] {
    std::string why;
    auto made = makeEngine(quick(20), &why);
    if (!made) {
      fprintf(stderr, "cannot create the mpi engine: %s\n", why.c_str());
      std::abort();
    }
    return made;
  }();
  return *e;
}

// --- Reference reductions over ranks, in the element type's own arithmetic ---

template <typename T> T apply(T a, T b, ReduceOp op) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    switch (op) {
    case ReduceOp::Sum:
      return T(U(a) + U(b));
    case ReduceOp::Prod:
      return T(U(a) * U(b));
    case ReduceOp::Max:
      return std::max(a, b);
    case ReduceOp::Min:
      return std::min(a, b);
    }
  } else {
    switch (op) {
    case ReduceOp::Sum:
      return a + b;
    case ReduceOp::Prod:
      return a * b;
    case ReduceOp::Max:
      return std::max(a, b);
    case ReduceOp::Min:
      return std::min(a, b);
    }
  }
  return a;
}

// Small values, negative for signed types, exact in every float type.
template <typename T> T value(size_t i, int r) {
  int v = int((i * 7 + size_t(r) * 3) % 11);
  if constexpr (std::is_signed_v<T> || std::is_floating_point_v<T>)
    v -= 5;
  return T(v);
}

const ReduceOp kOps[] = {ReduceOp::Sum, ReduceOp::Prod, ReduceOp::Max, ReduceOp::Min};

template <typename T> void checkAllReduce(ElemType t, size_t count) {
  CollectiveEngine &e = E();
  for (ReduceOp op : kOps) {
    std::vector<T> buf(count), want(count);
    for (size_t i = 0; i < count; ++i) {
      buf[i] = value<T>(i, e.rank());
      want[i] = value<T>(i, 0);
      for (int r = 1; r < e.size(); ++r)
        want[i] = apply(want[i], value<T>(i, r), op);
    }
    e.allReduce(buf.data(), count, t, op);
    for (size_t i = 0; i < count; ++i)
      ASSERT_EQ(buf[i], want[i]) << "element " << i << " of " << count << ", op " << int(op);
  }
}

// float16 / bfloat16: stored as bits, checked through float.
template <float (*Load)(uint16_t), uint16_t (*Store)(float)> void checkAllReduceHalf(ElemType t, size_t count) {
  CollectiveEngine &e = E();
  for (ReduceOp op : kOps) {
    std::vector<uint16_t> buf(count);
    std::vector<float> want(count);
    for (size_t i = 0; i < count; ++i) {
      buf[i] = Store(value<float>(i, e.rank()));
      want[i] = value<float>(i, 0);
      for (int r = 1; r < e.size(); ++r)
        want[i] = apply(want[i], value<float>(i, r), op);
    }
    e.allReduce(buf.data(), count, t, op);
    for (size_t i = 0; i < count; ++i)
      ASSERT_EQ(Load(buf[i]), want[i]) << "element " << i << ", op " << int(op);
  }
}

TEST(MpiEngine, IdentityFromMpiAndLauncher) {
  CollectiveEngine &e = E();
  EXPECT_STREQ(e.name(), "mpi");
  std::string error;
  auto env = detectLaunchEnvironment(&error);
  ASSERT_TRUE(env) << error;
  EXPECT_EQ(env->launcher, Launcher::OpenMpi);
  EXPECT_STREQ(env->dataPlaneEngine(), "mpi");
  EXPECT_EQ(env->rank, e.rank());
  EXPECT_EQ(env->size, e.size());
  EXPECT_GE(e.size(), 2);
  // JAX's derivation from OMPI_MCA_orte_hnp_uri (Open MPI 4's mpirun sets it).
  if (getenv("OMPI_MCA_orte_hnp_uri")) {
    EXPECT_NE(env->coordinatorAddress.find(':'), std::string::npos) << env->coordinatorAddress;
  }
}

TEST(MpiEngine, AllReduceEveryTypeAndOp) {
  for (size_t count : {size_t(1), size_t(7), size_t(1000)}) {
    checkAllReduce<float>(ElemType::F32, count);
    checkAllReduce<double>(ElemType::F64, count);
    checkAllReduce<int8_t>(ElemType::I8, count);
    checkAllReduce<int16_t>(ElemType::I16, count);
    checkAllReduce<int32_t>(ElemType::I32, count);
    checkAllReduce<int64_t>(ElemType::I64, count);
    checkAllReduce<uint8_t>(ElemType::U8, count);
    checkAllReduce<uint16_t>(ElemType::U16, count);
    checkAllReduce<uint32_t>(ElemType::U32, count);
    checkAllReduce<uint64_t>(ElemType::U64, count);
    checkAllReduceHalf<parax::halfToFloat, parax::floatToHalf>(ElemType::F16, count);
    checkAllReduceHalf<parax::bf16ToFloat, parax::floatToBf16>(ElemType::BF16, count);
    if (HasFatalFailure())
      return;
  }
}

// Above 64 KiB the ring runs, in 1 MiB segments; odd counts leave uneven chunks.
TEST(MpiEngine, AllReduceLargeRing) {
  checkAllReduce<float>(ElemType::F32, 1000 * 1000 + 1);
  checkAllReduce<int64_t>(ElemType::I64, 100003);
  checkAllReduceHalf<parax::halfToFloat, parax::floatToHalf>(ElemType::F16, 65537);
}

TEST(MpiEngine, AllReduceMaxMinPropagateNaN) {
  CollectiveEngine &e = E();
  for (ReduceOp op : {ReduceOp::Max, ReduceOp::Min}) {
    float f[3] = {1, 2, 3};
    double d[3] = {1, 2, 3};
    uint16_t h[3] = {parax::floatToHalf(1), parax::floatToHalf(2), parax::floatToHalf(3)};
    if (e.rank() == e.size() - 1) {
      f[1] = NAN;
      d[1] = NAN;
      h[1] = parax::floatToHalf(NAN);
    }
    e.allReduce(f, 3, ElemType::F32, op);
    e.allReduce(d, 3, ElemType::F64, op);
    e.allReduce(h, 3, ElemType::F16, op);
    EXPECT_TRUE(std::isnan(f[1]) && std::isnan(d[1]) && std::isnan(parax::halfToFloat(h[1])));
    EXPECT_EQ(f[0], 1);
    EXPECT_EQ(d[2], 3);
  }
}

// Every rank ends with the same bits even where float addition's grouping
// matters (values of very different magnitude).
TEST(MpiEngine, AllReduceSameBitsEverywhere) {
  CollectiveEngine &e = E();
  for (size_t count : {size_t(5), size_t(40000)}) {
    std::vector<float> buf(count);
    for (size_t i = 0; i < count; ++i)
      buf[i] = std::ldexp(1.0f + 0.1f * float(e.rank()), int(i % 40) - 20 + e.rank() * 13);
    e.allReduce(buf.data(), count, ElemType::F32, ReduceOp::Sum);
    std::vector<float> all(count * size_t(e.size()));
    e.allGather(buf.data(), all.data(), count * sizeof(float));
    for (int r = 1; r < e.size(); ++r)
      ASSERT_EQ(0, std::memcmp(all.data(), all.data() + size_t(r) * count, count * sizeof(float))) << r;
  }
}

TEST(MpiEngine, SubGroups) {
  CollectiveEngine &e = E();
  int P = e.size(), me = e.rank();
  // Even and odd ranks: two disjoint groups collecting at once (a mesh axis).
  std::vector<int> group;
  for (int r = me % 2; r < P; r += 2)
    group.push_back(r);
  for (int round = 0; round < 2; ++round) { // the second round uses the cached communicators
    int64_t v[2] = {me + 1, 10 * (me + 1)};
    e.allReduce(v, 2, ElemType::I64, ReduceOp::Sum, &group);
    int64_t want = 0;
    for (int r : group)
      want += r + 1;
    EXPECT_EQ(v[0], want);
    EXPECT_EQ(v[1], 10 * want);

    std::vector<int32_t> got(group.size() * 3);
    int32_t mine[3] = {me, me * 2, -me};
    e.allGather(mine, got.data(), sizeof mine, &group);
    for (size_t k = 0; k < group.size(); ++k) {
      EXPECT_EQ(got[k * 3], group[k]);
      EXPECT_EQ(got[k * 3 + 1], group[k] * 2);
      EXPECT_EQ(got[k * 3 + 2], -group[k]);
    }
    // The group of this rank alone leaves the value as it is.
    std::vector<int> self = {me};
    float f = 2.5f;
    e.allReduce(&f, 1, ElemType::F32, ReduceOp::Prod, &self);
    EXPECT_EQ(f, 2.5f);
    // A group of every rank is the whole job.
    std::vector<int> all;
    for (int r = 0; r < P; ++r)
      all.push_back(r);
    int32_t one = 1;
    e.allReduce(&one, 1, ElemType::I32, ReduceOp::Sum, &all);
    EXPECT_EQ(one, P);
  }
  // A group that leaves out rank 0 (ranks 1..P-1), rank 0 sitting out.
  if (P >= 3) {
    std::vector<int> tail;
    for (int r = 1; r < P; ++r)
      tail.push_back(r);
    if (me != 0) {
      double x = me;
      e.allReduce(&x, 1, ElemType::F64, ReduceOp::Max, &tail);
      EXPECT_EQ(x, P - 1);
    }
  }
  e.barrier();
}

TEST(MpiEngine, BadGroupsAreErrorsNotHangs) {
  CollectiveEngine &e = E();
  int me = e.rank(), other = (me + 1) % e.size();
  float f = 1;
  std::vector<int> unsorted = {std::max(me, other), std::min(me, other)};
  std::vector<int> without = {other};
  std::vector<int> outside = {me, e.size() + 4};
  std::vector<int> empty;
  for (auto *g : {&unsorted, &without, &outside, &empty}) {
    try {
      e.allReduce(&f, 1, ElemType::F32, ReduceOp::Sum, g);
      ADD_FAILURE() << "accepted a bad group";
    } catch (const EngineError &err) {
      EXPECT_NE(std::string(err.what()).find("group"), std::string::npos) << err.what();
    }
  }
  // The engine stays usable after a rejected argument.
  e.allReduce(&f, 1, ElemType::F32, ReduceOp::Sum);
  EXPECT_EQ(f, e.size());
}

TEST(MpiEngine, AllGather) {
  CollectiveEngine &e = E();
  size_t P = size_t(e.size());
  for (size_t bytes : {size_t(0), size_t(5), size_t(300000)}) {
    std::vector<unsigned char> in(bytes), out(bytes * P, 0xee);
    for (size_t i = 0; i < bytes; ++i)
      in[i] = (unsigned char)(i * 31 + size_t(e.rank()) * 7);
    e.allGather(in.data(), out.data(), bytes);
    for (size_t r = 0; r < P; ++r)
      for (size_t i = 0; i < bytes; ++i)
        ASSERT_EQ(out[r * bytes + i], (unsigned char)(i * 31 + r * 7)) << "rank " << r << " byte " << i;
  }
  // In place: this rank's block already sits in the output.
  std::vector<int32_t> buf(P, -1);
  buf[size_t(e.rank())] = e.rank() * 100;
  e.allGather(&buf[size_t(e.rank())], buf.data(), sizeof(int32_t));
  for (size_t r = 0; r < P; ++r)
    EXPECT_EQ(buf[r], int32_t(r * 100));
}

TEST(MpiEngine, AllToAll) {
  CollectiveEngine &e = E();
  size_t P = size_t(e.size()), me = size_t(e.rank());
  for (size_t bytes : {size_t(3), size_t(200000)}) {
    std::vector<unsigned char> in(bytes * P), out(bytes * P, 0);
    for (size_t j = 0; j < P; ++j)
      for (size_t i = 0; i < bytes; ++i)
        in[j * bytes + i] = (unsigned char)(me * 16 + j + i);
    e.allToAll(in.data(), out.data(), bytes);
    for (size_t r = 0; r < P; ++r)
      for (size_t i = 0; i < bytes; ++i)
        ASSERT_EQ(out[r * bytes + i], (unsigned char)(r * 16 + me + i)) << "from " << r;
  }
}

TEST(MpiEngine, SendRecv) {
  CollectiveEngine &e = E();
  int P = e.size(), me = e.rank();
  // A ring shift (ppermute by +1).
  int64_t out = -1, in = me * 11;
  e.sendRecv(&in, (me + 1) % P, &out, (me - 1 + P) % P, sizeof in);
  EXPECT_EQ(out, ((me - 1 + P) % P) * 11);
  // One pair only: 0 -> 1, the others take no part.
  std::vector<double> big(100000, me), got(100000, -1);
  int to = me == 0 ? 1 : -1, from = me == 1 ? 0 : -1;
  e.sendRecv(big.data(), to, got.data(), from, big.size() * sizeof(double));
  if (me == 1)
    EXPECT_EQ(got[99999], 0);
  else
    EXPECT_EQ(got[0], -1);
  // To itself.
  int32_t a = 5, b = 0;
  e.sendRecv(&a, me, &b, me, sizeof a);
  EXPECT_EQ(b, 5);
  EXPECT_THROW(e.sendRecv(&a, P, &b, -1, sizeof a), EngineError);
}

TEST(MpiEngine, Broadcast) {
  CollectiveEngine &e = E();
  for (int root = 0; root < e.size(); ++root) {
    for (size_t n : {size_t(1), size_t(1 << 20)}) {
      std::vector<int32_t> buf(n, e.rank() == root ? root * 3 + 1 : -7);
      e.broadcast(buf.data(), n * sizeof(int32_t), root);
      EXPECT_EQ(buf[0], root * 3 + 1);
      EXPECT_EQ(buf[n - 1], root * 3 + 1);
    }
  }
}

TEST(MpiEngine, BarrierWaitsForTheLastRank) {
  CollectiveEngine &e = E();
  e.barrier();
  auto t0 = Clock::now();
  if (e.rank() == 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  e.barrier();
  double waited = std::chrono::duration<double>(Clock::now() - t0).count();
  EXPECT_GE(waited, 0.25);
}

// parax calls the engine from whichever device thread completes a collective.
TEST(MpiEngine, CallsFromOtherThreads) {
  CollectiveEngine &e = E();
  for (int k = 0; k < 3; ++k) {
    int32_t v = k + e.rank();
    std::thread([&] { e.allReduce(&v, 1, ElemType::I32, ReduceOp::Max, nullptr); }).join();
    EXPECT_EQ(v, k + e.size() - 1);
  }
}

TEST(MpiEngine, ConfigThatDisagreesWithMpiIsRefused) {
  CollectiveEngine &e = E();
  EngineConfig c = quick(5);
  c.rank = e.rank();
  c.size = e.size() + 1;
  std::string why;
  EXPECT_EQ(makeEngine(c, &why), nullptr);
  EXPECT_NE(why.find("MPI says"), std::string::npos) << why;
  EXPECT_NE(why.find("gloo"), std::string::npos) << why;
}

// Rank 0 calls all_reduce; the others skip it. Rank 0 must leave with
// EngineTimeout near the deadline, naming the collective; afterwards that
// engine refuses work. Everyone then meets on the shared engine.
TEST(MpiEngine, SkippedCollectiveTimesOut) {
  auto t = makeEngine(quick(1.0));
  ASSERT_TRUE(t);
  if (t->rank() == 0) {
    float v[2] = {1, 2};
    auto t0 = Clock::now();
    try {
      t->allReduce(v, 2, ElemType::F32, ReduceOp::Sum);
      ADD_FAILURE() << "all_reduce returned without its peers";
    } catch (const EngineTimeout &err) {
      double s = std::chrono::duration<double>(Clock::now() - t0).count();
      EXPECT_GE(s, 0.9);
      EXPECT_LT(s, 3.0);
      std::string m = err.what();
      EXPECT_NE(m.find("all_reduce #1"), std::string::npos) << m;
      EXPECT_NE(m.find("f32 sum"), std::string::npos) << m;
      EXPECT_NE(m.find("timed out after 1 s"), std::string::npos) << m;
      EXPECT_NE(m.find("rank 0"), std::string::npos) << m;
      EXPECT_NE(m.find("waiting for rank 1:"), std::string::npos) << m; // the skipper
    }
    EXPECT_THROW(t->barrier(), EngineAborted);
  }
  E().barrier();
}

// The same inside a sub-group: the message names the job rank that is
// missing (communicators of sub-groups number their members from 0).
TEST(MpiEngine, SkippedGroupCollectiveNamesTheJobRank) {
  auto t = makeEngine(quick(1.0));
  ASSERT_TRUE(t);
  int P = t->size(), me = t->rank();
  std::vector<int> tail; // ranks 1..P-1, or {0,1} with two
  for (int r = P > 2 ? 1 : 0; r < P; ++r)
    tail.push_back(r);
  // First a collective that succeeds, so the sub-communicator exists.
  if (std::binary_search(tail.begin(), tail.end(), me)) {
    int32_t v = 1;
    t->allReduce(&v, 1, ElemType::I32, ReduceOp::Sum, &tail);
    EXPECT_EQ(v, int32_t(tail.size()));
  }
  if (me == tail.front()) {
    int32_t v = 1;
    try {
      t->allReduce(&v, 1, ElemType::I32, ReduceOp::Sum, &tail);
      ADD_FAILURE() << "all_reduce over the group returned without its members";
    } catch (const EngineTimeout &err) {
      std::string m = err.what();
      EXPECT_NE(m.find("over " + std::string(P > 2 ? "ranks 1," : "ranks 0,1")), std::string::npos) << m;
      EXPECT_NE(m.find("waiting for rank"), std::string::npos) << m;
      // Every rank named is a member of the group, in the job's numbering.
      size_t at = m.find("waiting for rank");
      std::string named = m.substr(at, m.find(':', at) - at);
      for (int r = 0; r < P; ++r) {
        if (!std::binary_search(tail.begin(), tail.end(), r) || r == me) {
          EXPECT_EQ(named.find(std::to_string(r)), std::string::npos) << named;
        }
      }
    }
  }
  E().barrier();
}

// A peer that died (seen by the control plane) -> abort() from another
// thread wakes the waiting call at once, long before its 60 s deadline.
TEST(MpiEngine, AbortWakesAWaitingCall) {
  auto a = makeEngine(quick(60));
  ASSERT_TRUE(a);
  if (a->rank() == 0) {
    std::thread killer([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      a->abort();
    });
    auto t0 = Clock::now();
    std::vector<double> big(1 << 20, 1.0); // the ring path
    EXPECT_THROW(a->allReduce(big.data(), big.size(), ElemType::F64, ReduceOp::Sum), EngineAborted);
    double s = std::chrono::duration<double>(Clock::now() - t0).count();
    EXPECT_LT(s, 3.0);
    killer.join();
    EXPECT_THROW(a->allGather(big.data(), big.data(), 8), EngineAborted);
  }
  E().barrier();
}

TEST(MpiEngine, ShouldStopLeavesAWait) {
  std::atomic<bool> stop{false};
  EngineConfig c = quick(60);
  c.shouldStop = [&] { return stop.load(); };
  auto s = makeEngine(c);
  ASSERT_TRUE(s);
  if (s->rank() == 0) {
    std::thread interrupter([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      stop = true;
    });
    auto t0 = Clock::now();
    try {
      s->barrier();
      ADD_FAILURE() << "barrier returned without its peers";
    } catch (const EngineAborted &err) {
      EXPECT_NE(std::string(err.what()).find("stopped during barrier"), std::string::npos) << err.what();
    }
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - t0).count(), 3.0);
    interrupter.join();
  }
  E().barrier();
}

// --- Whole-job failures (tests/mpi/failures.py runs these and times them) ---
// Each ends the job abnormally on purpose: mpirun must take every process
// down within seconds, and the cause must reach stderr.
int scenario(const std::string &name) {
  auto e = makeEngine(quick(name == "timeout" ? 2.0 : 60.0));
  if (!e)
    return 1;
  float v = 1;
  if (name == "timeout") {
    // Rank 1 never joins; rank 0 times out and exits 1 as parax would.
    if (e->rank() == 0) {
      try {
        e->allReduce(&v, 1, ElemType::F32, ReduceOp::Sum);
      } catch (const EngineError &err) {
        fprintf(stderr, "rank 0: %s\n", err.what());
        return 1;
      }
      return 0;
    }
    auto other = makeEngine(quick(60)); // busy elsewhere: a different communicator
    if (other && e->rank() != 0)
      std::this_thread::sleep_for(std::chrono::seconds(60));
    return 0;
  }
  if (name == "abort-job") {
    // The control plane's kill: rank 0 calls MPI_Abort while rank 1 waits.
    if (e->rank() == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      void *h = dlopen(PARAX_ENGINE_MPI_PATH, RTLD_NOW | RTLD_NOLOAD);
      auto abortJob = h ? reinterpret_cast<void (*)(int)>(dlsym(h, "parax_engine_mpi_abort_job")) : nullptr;
      if (!abortJob)
        return 2;
      fprintf(stderr, "rank 0: aborting the job\n");
      abortJob(3);
      return 2; // not reached
    }
    e->allReduce(&v, 1, ElemType::F32, ReduceOp::Sum);
    return 0;
  }
  if (name == "kill-peer") {
    // Rank 1 dies (SIGKILL) while rank 0 waits in a collective.
    if (e->rank() == 1) {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      raise(SIGKILL);
    }
    e->allReduce(&v, 1, ElemType::F32, ReduceOp::Sum);
    return 0;
  }
  fprintf(stderr, "unknown scenario %s\n", name.c_str());
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  std::string error;
  auto env = detectLaunchEnvironment(&error);
  // Rank 0 reports in full; the others print only their failures (set
  // before InitGoogleTest, which picks the printer).
  if (env && env->rank != 0)
    GTEST_FLAG_SET(brief, true);
  if (argc == 3 && std::string(argv[1]) == "--scenario")
    return scenario(argv[2]);
  ::testing::InitGoogleTest(&argc, argv);
  if (!env || env->launcher != Launcher::OpenMpi) {
    fprintf(stderr, "not started by Open MPI's mpirun (%s): run as `mpirun -n 2 %s` (ctest does); skipped\n",
            error.empty() ? "no OMPI_COMM_WORLD_*" : error.c_str(), argv[0]);
    return 77;
  }
  return RUN_ALL_TESTS();
}
