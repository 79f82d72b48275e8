//===- MpiEngine.cpp - CollectiveEngine over MPI (libparax_engine_mpi.so) -===//
//
// Jobs started by mpirun/srun move data with MPI (see MpiEngine.h for the
// contract beyond CollectiveEngine.h).
//
// Never hang: nothing here blocks inside MPI. Every operation posts
// nonblocking point-to-point requests (MPI_Isend/MPI_Irecv) and polls them
// with MPI_Test against the deadline (EngineConfig::timeoutSeconds), the
// abort flag and shouldStop; on failure the receives are cancelled (so MPI
// no longer writes into the caller's buffers) and the sends released.
//
// Why point-to-point and not MPI_Iallreduce & co: Open MPI 4.1's
// nonblocking collectives (coll/libnbc) measured 6x slower than the
// blocking MPI_Allreduce at 8 bytes and 2x at 64 MiB on 2 processes here,
// and a started collective request cannot be cancelled. Recursive doubling
// (small) and a ring (large) over Isend/Irecv are what Open MPI's blocking
// allreduce does itself, at the same speed, and every request stays
// cancellable. Sub-groups get their own cached communicators
// (MPI_Comm_create_group, entered only after a nonblocking handshake of the
// group's members, so it cannot wait on a rank that never comes).
//
// Threading: MPI_THREAD_SERIALIZED. parax calls the engine from whichever
// device thread completes a collective, so MPI must accept calls from any
// thread (FUNNELED would not), but never two at once: every method holds the
// engine's mutex, and the engine is parax's only MPI user. abort() touches
// no MPI state (an atomic flag the polling loop reads), so it needs no
// MPI_THREAD_MULTIPLE, whose internal locking Open MPI would charge on every
// call. When the host initialised MPI itself with less than SERIALIZED,
// calls must come from MPI's main thread (checked).
//
//===----------------------------------------------------------------------===//
#include "runtime/distributed/engines/MpiEngine.h"

#include "ir/Half.h"
#include "runtime/distributed/CollectiveEngine.h"

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <sched.h>
#include <thread>
#include <time.h>
#include <type_traits>
#include <unistd.h>

#define PARAX_EXPORT __attribute__((visibility("default")))

using namespace parax::runtime::dist;

namespace {

using Clock = std::chrono::steady_clock;

// Message tags, one per algorithm step, so ranks that disagree on which
// collective comes next time out instead of mixing their data.
enum Tag : int {
  TagReduceDoubling = 101,
  TagReduceFold,
  TagReduceUnfold,
  TagReduceScatter,
  TagReduceGather,
  TagAllGather,
  TagAllToAll,
  TagSendRecv,
  TagBroadcast,
  TagBarrier,
  TagGroupHello,
  TagGroupReady,
  TagGroupCreate,
};

// Above this, allReduce uses the ring (bandwidth) instead of recursive
// doubling (latency); Open MPI's own switch point is in the same range.
constexpr size_t kRingThresholdBytes = 64 << 10;
// Ring chunks travel in segments so the reduction of one overlaps the
// transfer of the next; also keeps every MPI count far below INT_MAX.
constexpr size_t kSegmentBytes = 1 << 20;
// Point-to-point messages larger than this are split (MPI counts are int).
// PARAX_MPI_MAX_MESSAGE lowers it so that tests exercise the splitting
// without gigabyte buffers.
size_t maxMessageBytes() {
  static const size_t bytes = [] {
    size_t limit = size_t(1) << 30;
    if (const char *v = getenv("PARAX_MPI_MAX_MESSAGE")) {
      char *end = nullptr;
      unsigned long long n = strtoull(v, &end, 10);
      if (end && *end == 0 && n >= 64 && n < limit) // at least one element of any type
        limit = size_t(n);
    }
    return limit;
  }();
  return bytes;
}

size_t sizeOf(ElemType t) {
  switch (t) {
  case ElemType::F64:
  case ElemType::I64:
  case ElemType::U64:
    return 8;
  case ElemType::F32:
  case ElemType::I32:
  case ElemType::U32:
    return 4;
  case ElemType::F16:
  case ElemType::BF16:
  case ElemType::I16:
  case ElemType::U16:
    return 2;
  case ElemType::I8:
  case ElemType::U8:
    return 1;
  }
  return 0;
}

const char *typeName(ElemType t) {
  static const char *names[] = {"f32", "f64", "f16", "bf16", "i8",  "i16",
                                "i32", "i64", "u8",  "u16",  "u32", "u64"};
  size_t i = size_t(t);
  return i < sizeof(names) / sizeof(names[0]) ? names[i] : "?";
}

const char *opName(ReduceOp op) {
  switch (op) {
  case ReduceOp::Sum:
    return "sum";
  case ReduceOp::Prod:
    return "prod";
  case ReduceOp::Max:
    return "max";
  case ReduceOp::Min:
    return "min";
  }
  return "?";
}

// --- Local reductions: inout[i] = inout[i] (op) in[i] -------------------------
// Integers wrap (two's complement, as XLA); float max/min propagate NaN (as
// XLA's maximum/minimum); float16/bfloat16 compute in float32 and round once,
// which equals the 16-bit operation (24 >= 2*11+2 bits: no double rounding).

template <typename T> void reduceInts(T *a, const T *b, size_t n, ReduceOp op) {
  using U = std::make_unsigned_t<T>;
  switch (op) {
  case ReduceOp::Sum:
    for (size_t i = 0; i < n; ++i)
      a[i] = T(U(a[i]) + U(b[i]));
    break;
  case ReduceOp::Prod:
    for (size_t i = 0; i < n; ++i)
      a[i] = T(U(a[i]) * U(b[i]));
    break;
  case ReduceOp::Max:
    for (size_t i = 0; i < n; ++i)
      a[i] = std::max(a[i], b[i]);
    break;
  case ReduceOp::Min:
    for (size_t i = 0; i < n; ++i)
      a[i] = std::min(a[i], b[i]);
    break;
  }
}

template <typename T> inline T maxNaN(T x, T y) { return (x != x || y != y) ? x + y : (x > y ? x : y); }
template <typename T> inline T minNaN(T x, T y) { return (x != x || y != y) ? x + y : (x < y ? x : y); }

template <typename T> void reduceFloats(T *a, const T *b, size_t n, ReduceOp op) {
  switch (op) {
  case ReduceOp::Sum:
    for (size_t i = 0; i < n; ++i)
      a[i] += b[i];
    break;
  case ReduceOp::Prod:
    for (size_t i = 0; i < n; ++i)
      a[i] *= b[i];
    break;
  case ReduceOp::Max:
    for (size_t i = 0; i < n; ++i)
      a[i] = maxNaN(a[i], b[i]);
    break;
  case ReduceOp::Min:
    for (size_t i = 0; i < n; ++i)
      a[i] = minNaN(a[i], b[i]);
    break;
  }
}

template <float (*Load)(uint16_t), uint16_t (*Store)(float)>
void reduceHalves(uint16_t *a, const uint16_t *b, size_t n, ReduceOp op) {
  for (size_t i = 0; i < n; ++i) {
    float x = Load(a[i]), y = Load(b[i]), r = 0;
    switch (op) {
    case ReduceOp::Sum:
      r = x + y;
      break;
    case ReduceOp::Prod:
      r = x * y;
      break;
    case ReduceOp::Max:
      r = maxNaN(x, y);
      break;
    case ReduceOp::Min:
      r = minNaN(x, y);
      break;
    }
    a[i] = Store(r);
  }
}

void reduceInto(void *inout, const void *in, size_t n, ElemType t, ReduceOp op) {
  switch (t) {
  case ElemType::F32:
    return reduceFloats((float *)inout, (const float *)in, n, op);
  case ElemType::F64:
    return reduceFloats((double *)inout, (const double *)in, n, op);
  case ElemType::F16:
    return reduceHalves<parax::halfToFloat, parax::floatToHalf>((uint16_t *)inout, (const uint16_t *)in, n,
                                                                op);
  case ElemType::BF16:
    return reduceHalves<parax::bf16ToFloat, parax::floatToBf16>((uint16_t *)inout, (const uint16_t *)in, n,
                                                                op);
  case ElemType::I8:
    return reduceInts((int8_t *)inout, (const int8_t *)in, n, op);
  case ElemType::I16:
    return reduceInts((int16_t *)inout, (const int16_t *)in, n, op);
  case ElemType::I32:
    return reduceInts((int32_t *)inout, (const int32_t *)in, n, op);
  case ElemType::I64:
    return reduceInts((int64_t *)inout, (const int64_t *)in, n, op);
  case ElemType::U8:
    return reduceInts((uint8_t *)inout, (const uint8_t *)in, n, op);
  case ElemType::U16:
    return reduceInts((uint16_t *)inout, (const uint16_t *)in, n, op);
  case ElemType::U32:
    return reduceInts((uint32_t *)inout, (const uint32_t *)in, n, op);
  case ElemType::U64:
    return reduceInts((uint64_t *)inout, (const uint64_t *)in, n, op);
  }
}

std::string mpiError(int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
    return "MPI error " + std::to_string(rc);
  return std::string(text, size_t(len));
}

std::string describeRanks(const std::vector<int> &ranks) {
  std::string s = "ranks ";
  for (size_t i = 0; i < ranks.size(); ++i)
    s += (i ? "," : "") + std::to_string(ranks[i]);
  return s;
}

// --- MPI start-up, shared by every engine of the process -------------------------

std::mutex gInitMutex;
bool gWeInitialised = false;
int gThreadLevel = MPI_THREAD_SINGLE;
std::atomic<bool> gInitPending{false};

// Set when any engine of this process failed (timeout, abort, stop).
std::atomic<bool> gAnyFailure{false};
// The longest collective timeout of the engines made so far.
std::atomic<double> gFinaliseBound{0};

// MPI_Finalize waits for every process of the job to reach it, so a peer
// stuck in a collective (the one this process timed out on) would hold this
// one forever at exit. It runs on a helper thread and waits at most the
// collective timeout, or 3 s after a failure here (the job is failing: its
// processes do not all come); then the process leaves without it, exit 1,
// which makes mpirun end the whole job.
void finaliseAtExit() {
  int initialised = 0, finalised = 0;
  MPI_Initialized(&initialised);
  MPI_Finalized(&finalised);
  if (!initialised || finalised)
    return;
  double bound = gAnyFailure ? 3.0 : std::max(10.0, gFinaliseBound.load());
  struct Shared {
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
  };
  auto shared = std::make_shared<Shared>();
  std::thread([shared] {
    MPI_Finalize();
    std::lock_guard<std::mutex> l(shared->m);
    shared->done = true;
    shared->cv.notify_all();
  }).detach();
  std::unique_lock<std::mutex> l(shared->m);
  if (shared->cv.wait_for(l, std::chrono::duration<double>(bound), [&] { return shared->done; }))
    return;
  fprintf(stderr,
          "parax: mpi engine: MPI_Finalize waited %g s for the other processes of the job%s; leaving without "
          "it (exit 1) so that mpirun ends the job\n",
          bound, gAnyFailure ? " after a failed collective" : "");
  fflush(stderr);
  _exit(1);
}

// dlopen()ed with RTLD_LOCAL, libmpi's own plugins could not see its
// symbols, and a dlclose() of this library would run the atexit handler
// early; promote libmpi to global and pin this library.
void pinLibraries() {
  Dl_info info;
  if (dladdr((void *)&MPI_Init_thread, &info) && info.dli_fname)
    dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
  if (dladdr((void *)&finaliseAtExit, &info) && info.dli_fname)
    dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

// Variables only an MPI launcher sets (Open MPI's mpirun, MPICH's Hydra,
// srun --mpi=pmix/pmi2); Slurm's own are not enough: without PMI each
// MPI_Init would be a singleton (see LaunchEnvironment.h).
bool launchedByMpi() {
  for (const char *v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (getenv(v))
      return true;
  return false;
}

// Initialises MPI unless the host did; MPI_Init waits for every process of
// the job, so it runs on a helper thread and this waits at most `timeout`.
void ensureMpi(const EngineConfig &config) {
  std::lock_guard<std::mutex> lock(gInitMutex);
  int initialised = 0, finalised = 0;
  MPI_Initialized(&initialised);
  MPI_Finalized(&finalised);
  if (finalised)
    throw EngineError("MPI is already finalised in this process");
  if (initialised) {
    MPI_Query_thread(&gThreadLevel);
    return;
  }
  if (gInitPending)
    throw EngineError("an earlier MPI_Init_thread has not completed (is every process of the job started?)");
  if (config.size > 1 && !launchedByMpi())
    throw EngineError("this process was not started by mpirun or by srun with PMI (no OMPI_COMM_WORLD_SIZE, "
                      "PMIX_RANK or PMI_RANK): the mpi engine needs an MPI launcher; use the gloo engine "
                      "for processes started by hand or by `parax launch`");
  pinLibraries();

  struct Shared {
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    int rc = 0, provided = MPI_THREAD_SINGLE;
  };
  auto shared = std::make_shared<Shared>();
  gInitPending = true;
  std::thread([shared] {
    int provided = MPI_THREAD_SINGLE;
    int rc = MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
    std::lock_guard<std::mutex> l(shared->m);
    shared->rc = rc;
    shared->provided = provided;
    shared->done = true;
    gInitPending = false;
    shared->cv.notify_all();
  }).detach();

  auto deadline = Clock::now() + std::chrono::duration<double>(config.timeoutSeconds);
  std::unique_lock<std::mutex> l(shared->m);
  while (!shared->done) {
    if (Clock::now() >= deadline)
      throw EngineTimeout("MPI_Init_thread did not complete within " + std::to_string(int(config.timeoutSeconds)) +
                          " s (it waits for every process of the job: is one missing or stuck?)");
    if (config.shouldStop && config.shouldStop())
      throw EngineAborted("stopped while waiting for MPI_Init_thread");
    shared->cv.wait_for(l, std::chrono::milliseconds(20));
  }
  if (shared->rc != MPI_SUCCESS)
    throw EngineError("MPI_Init_thread failed: " + mpiError(shared->rc));
  gWeInitialised = true;
  gThreadLevel = shared->provided;
  std::atexit(finaliseAtExit);
  if (gThreadLevel < MPI_THREAD_SERIALIZED)
    throw EngineError("this MPI provides thread level " + std::to_string(gThreadLevel) +
                      " below MPI_THREAD_SERIALIZED; parax calls MPI from several threads");
}

// --- Requests of one step -------------------------------------------------------

// The requests of one algorithm step, and which of them are receives (those
// are cancelled on failure). One per engine, reused: calls are serialised.
struct Pending {
  std::vector<MPI_Request> reqs;
  std::vector<char> isRecv;
  std::vector<int> peer;       // rank in the request's communicator
  std::vector<MPI_Comm> comm;
  void clear() {
    reqs.clear();
    isRecv.clear();
    peer.clear();
    comm.clear();
  }
};

// What a failure message says about the call.
struct Call {
  const char *what;
  uint64_t seq;
  size_t bytes;
  const std::vector<int> *group;
  Clock::time_point start, deadline;
  const char *elem = nullptr, *op = nullptr; // all_reduce only
};

// --- The engine --------------------------------------------------------------------

class MpiEngine final : public CollectiveEngine {
public:
  explicit MpiEngine(const EngineConfig &config) : timeout_(config.timeoutSeconds), shouldStop_(config.shouldStop) {
    for (double b = gFinaliseBound.load(); b < timeout_ && !gFinaliseBound.compare_exchange_weak(b, timeout_);) {
    }
    int rc = MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    if (rc == MPI_SUCCESS)
      rc = MPI_Comm_size(MPI_COMM_WORLD, &size_);
    if (rc != MPI_SUCCESS)
      throw EngineError("MPI_COMM_WORLD: " + mpiError(rc));
    bool told = !(config.size == 1 && config.rank == 0);
    if (told && (config.size != size_ || config.rank != rank_))
      throw EngineError("parax was told this is process " + std::to_string(config.rank) + " of " +
                        std::to_string(config.size) + " but MPI says " + std::to_string(rank_) + " of " +
                        std::to_string(size_) +
                        " (processes not started together by mpirun/srun are MPI singletons): start them "
                        "with `mpirun -n " +
                        std::to_string(config.size) + "`, or use the gloo engine");
    if (gThreadLevel < MPI_THREAD_SERIALIZED) {
      int isMain = 0;
      MPI_Is_thread_main(&isMain);
      if (!isMain)
        throw EngineError("MPI was initialised by the host with thread level " + std::to_string(gThreadLevel) +
                          " (below MPI_THREAD_SERIALIZED) on another thread");
      funnelled_ = true;
      mainThread_ = std::this_thread::get_id();
    }
    // A private copy of the world: parax's messages never meet the host's.
    // MPI_Comm_idup so a process that never arrives is a timeout, not a hang.
    MPI_Request req;
    rc = MPI_Comm_idup(MPI_COMM_WORLD, &world_, &req);
    if (rc != MPI_SUCCESS)
      throw EngineError("MPI_Comm_idup: " + mpiError(rc));
    auto deadline = Clock::now() + std::chrono::duration<double>(timeout_);
    for (int done = 0;;) {
      MPI_Test(&req, &done, MPI_STATUS_IGNORE);
      if (done)
        break;
      if (Clock::now() >= deadline)
        throw EngineTimeout("mpi engine: creating the communicator timed out after " +
                            std::to_string(int(timeout_)) + " s on rank " + std::to_string(rank_) +
                            ": not every process of the job created its engine");
      if (shouldStop_ && shouldStop_())
        throw EngineAborted("mpi engine: stopped while creating the communicator");
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    MPI_Comm_set_errhandler(world_, MPI_ERRORS_RETURN);
  }

  ~MpiEngine() override {
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (finalised || !broken_.empty())
      return; // after a failure, requests may still name these communicators
    for (auto &g : groups_)
      MPI_Comm_free(&g.second.comm);
    if (world_ != MPI_COMM_NULL)
      MPI_Comm_free(&world_);
  }

  const char *name() const override { return "mpi"; }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void allReduce(void *buf, size_t count, ElemType t, ReduceOp op, const std::vector<int> *group) override {
    std::lock_guard<std::mutex> lock(mu_);
    size_t es = sizeOf(t);
    if (es == 0)
      throw EngineError("mpi engine: all_reduce of an unknown element type");
    Call c = begin("all_reduce", count * es, group);
    c.elem = typeName(t);
    c.op = opName(op);
    const Comm &g = commFor(group, c);
    if (g.size == 1 || count == 0)
      return;
    if (count * es <= kRingThresholdBytes || count < size_t(g.size))
      reduceDoubling((char *)buf, count, t, op, g, c);
    else
      reduceRing((char *)buf, count, t, op, g, c);
  }

  void allGather(const void *in, void *out, size_t bytes, const std::vector<int> *group) override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("all_gather", bytes, group);
    const Comm &g = commFor(group, c);
    char *o = (char *)out;
    if (o + size_t(g.rank) * bytes != in)
      std::memmove(o + size_t(g.rank) * bytes, in, bytes);
    if (g.size == 1 || bytes == 0)
      return;
    Pending &p = pend_;
    p.clear();
    for (int r = 0; r < g.size; ++r)
      if (r != g.rank)
        postRecv(o + size_t(r) * bytes, bytes, r, TagAllGather, g.comm, p);
    for (int r = 0; r < g.size; ++r)
      if (r != g.rank)
        postSend(in, bytes, r, TagAllGather, g.comm, p);
    waitAll(p, c);
  }

  void allToAll(const void *in, void *out, size_t bytes) override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("all_to_all", bytes, nullptr);
    const char *i = (const char *)in;
    char *o = (char *)out;
    std::memmove(o + size_t(rank_) * bytes, i + size_t(rank_) * bytes, bytes);
    if (size_ == 1 || bytes == 0)
      return;
    Pending &p = pend_;
    p.clear();
    for (int r = 0; r < size_; ++r)
      if (r != rank_)
        postRecv(o + size_t(r) * bytes, bytes, r, TagAllToAll, world_, p);
    for (int k = 1; k < size_; ++k) { // staggered so every rank does not start with rank 0
      int r = (rank_ + k) % size_;
      postSend(i + size_t(r) * bytes, bytes, r, TagAllToAll, world_, p);
    }
    waitAll(p, c);
  }

  void sendRecv(const void *in, int sendTo, void *out, int recvFrom, size_t bytes) override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("send_recv", bytes, nullptr);
    for (int r : {sendTo, recvFrom})
      if (r < -1 || r >= size_)
        throw EngineError("mpi engine: send_recv names rank " + std::to_string(r) + " of a job of " +
                          std::to_string(size_) + " processes");
    if (sendTo == rank_ && recvFrom == rank_) {
      if (out != in)
        std::memmove(out, in, bytes);
      return;
    }
    Pending &p = pend_;
    p.clear();
    if (recvFrom >= 0)
      postRecv(out, bytes, recvFrom, TagSendRecv, world_, p);
    if (sendTo >= 0)
      postSend(in, bytes, sendTo, TagSendRecv, world_, p);
    waitAll(p, c);
  }

  void broadcast(void *buf, size_t bytes, int root) override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("broadcast", bytes, nullptr);
    if (root < 0 || root >= size_)
      throw EngineError("mpi engine: broadcast from rank " + std::to_string(root) + " of a job of " +
                        std::to_string(size_) + " processes");
    if (size_ == 1 || bytes == 0)
      return;
    // Binomial tree rooted at `root`: receive from the parent, then send to
    // the children (all at once).
    int v = (rank_ - root + size_) % size_;
    int mask = 1;
    Pending &p = pend_;
    p.clear();
    while (mask < size_) {
      if (v & mask) {
        postRecv(buf, bytes, (v - mask + root) % size_, TagBroadcast, world_, p);
        waitAll(p, c);
        break;
      }
      mask <<= 1;
    }
    p.clear();
    for (mask >>= 1; mask > 0; mask >>= 1)
      if (v + mask < size_)
        postSend(buf, bytes, (v + mask + root) % size_, TagBroadcast, world_, p);
    waitAll(p, c);
  }

  void barrier() override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("barrier", 0, nullptr);
    // Dissemination: log2(size) rounds of empty messages.
    for (int k = 1; k < size_; k <<= 1) {
      Pending &p = pend_;
    p.clear();
      postRecv(nullptr, 0, (rank_ - k + size_) % size_, TagBarrier, world_, p);
      postSend(nullptr, 0, (rank_ + k) % size_, TagBarrier, world_, p);
      waitAll(p, c);
    }
  }

  void abort() override { aborted_.store(true, std::memory_order_release); }

private:
  struct Comm {
    MPI_Comm comm = MPI_COMM_NULL;
    int rank = 0, size = 1;
  };

  Call begin(const char *what, size_t bytes, const std::vector<int> *group) {
    if (funnelled_ && std::this_thread::get_id() != mainThread_)
      throw EngineError(std::string("mpi engine: ") + what +
                        " called from a thread other than MPI's main thread (the host initialised MPI "
                        "below MPI_THREAD_SERIALIZED)");
    if (!broken_.empty())
      throw EngineAborted("mpi engine: unusable after an earlier failure: " + broken_);
    if (aborted_.load(std::memory_order_acquire))
      fail<EngineAborted>("mpi engine: aborted");
    Call c{what, ++seq_, bytes, group, Clock::now(), {}};
    c.deadline = c.start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_));
    return c;
  }

  template <typename E> [[noreturn]] void fail(const std::string &message) {
    if (broken_.empty())
      broken_ = message;
    gAnyFailure = true;
    throw E(message);
  }

  std::string where(const Call &c) const {
    std::string s = std::string(c.what) + " #" + std::to_string(c.seq) + " (";
    if (c.elem)
      s += std::string(c.elem) + " " + c.op + ", ";
    s += std::to_string(c.bytes) + " bytes";
    if (c.group)
      s += ", over " + describeRanks(*c.group);
    return s + ") on rank " + std::to_string(rank_) + " of " + std::to_string(size_);
  }

  void check(int rc, const char *what, const Call &c) {
    if (rc != MPI_SUCCESS)
      fail<EngineError>("mpi engine: " + std::string(what) + " failed in " + where(c) + ": " + mpiError(rc));
  }

  // --- Posting and waiting ---------------------------------------------------------

  void postRecv(void *buf, size_t bytes, int peer, int tag, MPI_Comm comm, Pending &p) {
    size_t off = 0;
    do {
      size_t n = std::min(bytes - off, maxMessageBytes());
      MPI_Request r;
      int rc = MPI_Irecv((char *)buf + off, int(n), MPI_BYTE, peer, tag, comm, &r);
      if (rc != MPI_SUCCESS) {
        cancel(p);
        fail<EngineError>("mpi engine: MPI_Irecv: " + mpiError(rc));
      }
      p.reqs.push_back(r);
      p.isRecv.push_back(1);
      p.peer.push_back(peer);
      p.comm.push_back(comm);
      off += n;
    } while (off < bytes);
  }

  void postSend(const void *buf, size_t bytes, int peer, int tag, MPI_Comm comm, Pending &p) {
    size_t off = 0;
    do {
      size_t n = std::min(bytes - off, maxMessageBytes());
      MPI_Request r;
      int rc = MPI_Isend((const char *)buf + off, int(n), MPI_BYTE, peer, tag, comm, &r);
      if (rc != MPI_SUCCESS) {
        cancel(p);
        fail<EngineError>("mpi engine: MPI_Isend: " + mpiError(rc));
      }
      p.reqs.push_back(r);
      p.isRecv.push_back(0);
      p.peer.push_back(peer);
      p.comm.push_back(comm);
      off += n;
    } while (off < bytes);
  }

  // Withdraws what is still pending: receives are cancelled (and waited for
  // briefly, so MPI no longer writes into the caller's buffer); sends, which
  // Open MPI cannot cancel once started, are released to finish on their own.
  void cancel(Pending &p) {
    for (size_t i = 0; i < p.reqs.size(); ++i) {
      MPI_Request &r = p.reqs[i];
      if (r == MPI_REQUEST_NULL)
        continue;
      if (p.isRecv[i]) {
        MPI_Cancel(&r);
        auto until = Clock::now() + std::chrono::seconds(1);
        int done = 0;
        while (!done && Clock::now() < until)
          MPI_Test(&r, &done, MPI_STATUS_IGNORE);
        if (done)
          continue;
      }
      MPI_Request_free(&r);
    }
    p.clear();
  }

  // Polls until request `only` (or every request when only < 0) completes.
  // Spins first (the latency path), then yields, then sleeps a little, so a
  // long wait for a late peer does not burn a core.
  void wait(Pending &p, const Call &c, int only = -1) {
    unsigned spins = 0;
    auto nextStopPoll = c.start;
    for (;;) {
      int done = 0, rc;
      if (only >= 0)
        rc = MPI_Test(&p.reqs[size_t(only)], &done, MPI_STATUS_IGNORE);
      else
        rc = MPI_Testall(int(p.reqs.size()), p.reqs.data(), &done, MPI_STATUSES_IGNORE);
      if (rc != MPI_SUCCESS) {
        cancel(p);
        fail<EngineError>("mpi engine: " + where(c) + ": " + mpiError(rc));
      }
      if (done)
        return;
      if (aborted_.load(std::memory_order_relaxed)) {
        cancel(p);
        fail<EngineAborted>("mpi engine: aborted during " + where(c));
      }
      if ((++spins & 127) != 0)
        continue;
      auto now = Clock::now();
      if (now >= c.deadline) {
        std::string missing = awaited(p);
        cancel(p);
        fail<EngineTimeout>("mpi engine: " + where(c) + " timed out after " + formatSeconds(timeout_) +
                            " (PARAX_COLLECTIVE_TIMEOUT) waiting for " + missing +
                            ": it did not join this collective, or waits itself for another process");
      }
      if (now >= nextStopPoll) {
        nextStopPoll = now + std::chrono::milliseconds(1);
        if (shouldStop_ && shouldStop_()) {
          cancel(p);
          fail<EngineAborted>("mpi engine: stopped during " + where(c));
        }
      }
      auto waited = now - c.start;
      if (waited > std::chrono::seconds(1)) {
        struct timespec ts{0, 200000};
        nanosleep(&ts, nullptr);
      } else if (waited > std::chrono::milliseconds(20)) {
        struct timespec ts{0, 20000};
        nanosleep(&ts, nullptr);
      } else if (waited > std::chrono::milliseconds(1)) {
        sched_yield();
      }
    }
  }

  // The job ranks this step still waits for: the sources of the receives
  // that did not arrive (else the destinations of unfinished sends).
  std::string awaited(const Pending &p) const {
    std::vector<int> ranks;
    for (int wantRecv : {1, 0}) {
      for (size_t i = 0; i < p.reqs.size(); ++i)
        if (p.reqs[i] != MPI_REQUEST_NULL && p.isRecv[i] == wantRecv) {
          int r = p.peer[i];
          // Sub-group communicators number their members in group order.
          for (const auto &g : groups_)
            if (g.second.comm == p.comm[i] && r >= 0 && size_t(r) < g.first.size())
              r = g.first[size_t(r)];
          ranks.push_back(r);
        }
      if (!ranks.empty())
        break;
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    if (ranks.empty())
      return "another process";
    std::string s = ranks.size() == 1 ? "rank " : "ranks ";
    for (size_t i = 0; i < ranks.size(); ++i)
      s += (i ? "," : "") + std::to_string(ranks[i]);
    return s;
  }

  void waitAll(Pending &p, const Call &c) {
    if (!p.reqs.empty())
      wait(p, c, -1);
    p.clear();
  }

  static std::string formatSeconds(double s) {
    char text[32];
    snprintf(text, sizeof text, "%g s", s);
    return text;
  }

  char *scratch(size_t bytes) {
    if (scratch_.size() < bytes)
      scratch_.resize(bytes);
    return scratch_.data();
  }

  // --- allReduce ---------------------------------------------------------------------

  // Recursive doubling; a size that is not a power of two first folds the
  // extra ranks into their neighbours. Partners combine in the same grouping,
  // so every rank ends with the same bits.
  void reduceDoubling(char *buf, size_t count, ElemType t, ReduceOp op, const Comm &g, const Call &c) {
    size_t bytes = count * sizeOf(t);
    char *tmp = scratch(bytes);
    int p = g.size, r = g.rank;
    int pof2 = 1;
    while (pof2 * 2 <= p)
      pof2 *= 2;
    int rem = p - pof2;
    int newRank;
    Pending &q = pend_;
    q.clear();
    if (r < 2 * rem) {
      if (r % 2 == 0) {
        postSend(buf, bytes, r + 1, TagReduceFold, g.comm, q);
        waitAll(q, c);
        newRank = -1;
      } else {
        postRecv(tmp, bytes, r - 1, TagReduceFold, g.comm, q);
        waitAll(q, c);
        reduceInto(buf, tmp, count, t, op);
        newRank = r / 2;
      }
    } else {
      newRank = r - rem;
    }
    if (newRank >= 0) {
      for (int mask = 1; mask < pof2; mask <<= 1) {
        int newPeer = newRank ^ mask;
        int peer = newPeer < rem ? newPeer * 2 + 1 : newPeer + rem;
        postRecv(tmp, bytes, peer, TagReduceDoubling, g.comm, q);
        postSend(buf, bytes, peer, TagReduceDoubling, g.comm, q);
        waitAll(q, c);
        reduceInto(buf, tmp, count, t, op);
      }
    }
    if (r < 2 * rem) {
      if (r % 2)
        postSend(buf, bytes, r - 1, TagReduceUnfold, g.comm, q);
      else
        postRecv(buf, bytes, r + 1, TagReduceUnfold, g.comm, q);
      waitAll(q, c);
    }
  }

  // Ring reduce-scatter then ring all-gather: each rank sends and receives
  // 2(p-1)/p of the buffer. Chunks move in segments so that reducing one
  // segment overlaps receiving the next.
  void reduceRing(char *buf, size_t count, ElemType t, ReduceOp op, const Comm &g, const Call &c) {
    size_t es = sizeOf(t);
    int p = g.size, r = g.rank;
    size_t base = count / size_t(p), extra = count % size_t(p);
    auto first = [&](int i) { return size_t(i) * base + std::min(size_t(i), extra); };
    auto length = [&](int i) { return base + (size_t(i) < extra ? 1 : 0); };
    int right = (r + 1) % p, left = (r - 1 + p) % p;
    // Each segment must be one message (one request) for the waits below.
    size_t segElems = std::max<size_t>(1, std::min(kSegmentBytes, maxMessageBytes()) / es);
    char *tmp = scratch((base + 1) * es);

    for (int s = 0; s < p - 1; ++s) {
      int sendIdx = (r - s + p) % p, recvIdx = (r - s - 1 + p) % p;
      size_t recvLen = length(recvIdx), sendLen = length(sendIdx);
      Pending &q = pend_;
    q.clear();
      size_t segments = (recvLen + segElems - 1) / segElems;
      for (size_t k = 0; k < segments; ++k) {
        size_t n = std::min(segElems, recvLen - k * segElems);
        postRecv(tmp + k * segElems * es, n * es, left, TagReduceScatter, g.comm, q);
      }
      size_t recvReqs = q.reqs.size();
      for (size_t off = 0; off < sendLen; off += segElems) {
        size_t n = std::min(segElems, sendLen - off);
        postSend(buf + (first(sendIdx) + off) * es, n * es, right, TagReduceScatter, g.comm, q);
      }
      // Each segment is exactly one request (segElems above).
      for (size_t k = 0; k < recvReqs; ++k) {
        wait(q, c, int(k));
        size_t n = std::min(segElems, recvLen - k * segElems);
        reduceInto(buf + (first(recvIdx) + k * segElems) * es, tmp + k * segElems * es, n, t, op);
      }
      waitAll(q, c);
    }
    for (int s = 0; s < p - 1; ++s) {
      int sendIdx = (r + 1 - s + p) % p, recvIdx = (r - s + p) % p;
      Pending &q = pend_;
    q.clear();
      postRecv(buf + first(recvIdx) * es, length(recvIdx) * es, left, TagReduceGather, g.comm, q);
      postSend(buf + first(sendIdx) * es, length(sendIdx) * es, right, TagReduceGather, g.comm, q);
      waitAll(q, c);
    }
  }

  // --- Sub-groups ---------------------------------------------------------------------

  const Comm &commFor(const std::vector<int> *group, const Call &c) {
    if (!group)
      return worldComm();
    const std::vector<int> &ranks = *group;
    bool valid = !ranks.empty() && std::is_sorted(ranks.begin(), ranks.end()) &&
                 std::adjacent_find(ranks.begin(), ranks.end()) == ranks.end() && ranks.front() >= 0 &&
                 ranks.back() < size_ && std::binary_search(ranks.begin(), ranks.end(), rank_);
    if (!valid)
      throw EngineError("mpi engine: " + std::string(c.what) + " over " + describeRanks(ranks) + " on rank " +
                        std::to_string(rank_) + " of " + std::to_string(size_) +
                        ": a group must list distinct ascending ranks of the job, this one included");
    if (int(ranks.size()) == size_)
      return worldComm();
    auto it = groups_.find(ranks);
    if (it != groups_.end())
      return it->second;
    return groups_.emplace(ranks, createGroup(ranks, c)).first->second;
  }

  const Comm &worldComm() {
    world0_.comm = world_;
    world0_.rank = rank_;
    world0_.size = size_;
    return world0_;
  }

  // MPI_Comm_create_group blocks until every member calls it, so the members
  // first meet in a nonblocking handshake through the group's first rank
  // (which also checks they name the same group) and only then enter it.
  Comm createGroup(const std::vector<int> &ranks, const Call &c) {
    uint64_t hash = 1469598103934665603ull;
    for (int r : ranks)
      hash = (hash ^ uint64_t(r)) * 1099511628211ull;
    int leader = ranks.front();
    Pending &q = pend_;
    q.clear();
    if (rank_ == leader) {
      std::vector<uint64_t> theirs(ranks.size() - 1);
      for (size_t i = 1; i < ranks.size(); ++i)
        postRecv(&theirs[i - 1], sizeof(uint64_t), ranks[i], TagGroupHello, world_, q);
      waitAll(q, c);
      uint64_t verdict = 0;
      for (size_t i = 1; i < ranks.size(); ++i)
        if (theirs[i - 1] != hash)
          verdict = uint64_t(ranks[i]) + 1;
      for (size_t i = 1; i < ranks.size(); ++i)
        postSend(&verdict, sizeof verdict, ranks[i], TagGroupReady, world_, q);
      waitAll(q, c);
      if (verdict)
        fail<EngineError>("mpi engine: " + where(c) + ": rank " + std::to_string(verdict - 1) +
                          " names a different group for this collective");
    } else {
      uint64_t verdict = 0;
      postRecv(&verdict, sizeof verdict, leader, TagGroupReady, world_, q);
      postSend(&hash, sizeof hash, leader, TagGroupHello, world_, q);
      waitAll(q, c);
      if (verdict)
        fail<EngineError>("mpi engine: " + where(c) + ": rank " + std::to_string(verdict - 1) +
                          " names a different group for this collective (says rank " + std::to_string(leader) +
                          ")");
    }
    MPI_Group worldGroup, sub;
    check(MPI_Comm_group(world_, &worldGroup), "MPI_Comm_group", c);
    check(MPI_Group_incl(worldGroup, int(ranks.size()), ranks.data(), &sub), "MPI_Group_incl", c);
    Comm g;
    check(MPI_Comm_create_group(world_, sub, TagGroupCreate, &g.comm), "MPI_Comm_create_group", c);
    MPI_Group_free(&sub);
    MPI_Group_free(&worldGroup);
    MPI_Comm_set_errhandler(g.comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(g.comm, &g.rank);
    MPI_Comm_size(g.comm, &g.size);
    return g;
  }

  MPI_Comm world_ = MPI_COMM_NULL;
  int rank_ = 0, size_ = 1;
  double timeout_;
  std::function<bool()> shouldStop_;
  std::atomic<bool> aborted_{false};
  std::string broken_; // the first failure; afterwards every call throws
  std::mutex mu_;
  bool funnelled_ = false;
  std::thread::id mainThread_;
  uint64_t seq_ = 0;
  std::map<std::vector<int>, Comm> groups_;
  Comm world0_;
  std::vector<char> scratch_;
  Pending pend_;
};

void copyError(char *err, size_t errlen, const std::string &message) {
  if (!err || errlen == 0)
    return;
  size_t n = std::min(errlen - 1, message.size());
  std::memcpy(err, message.data(), n);
  err[n] = 0;
}

} // namespace

extern "C" PARAX_EXPORT CollectiveEngine *parax_engine_create(const EngineConfig *config, char *err,
                                                                size_t errlen) {
  try {
    EngineConfig defaults;
    const EngineConfig &cfg = config ? *config : defaults;
    ensureMpi(cfg);
    return new MpiEngine(cfg);
  } catch (const std::exception &e) {
    copyError(err, errlen, e.what());
  } catch (...) {
    copyError(err, errlen, "mpi engine: unknown error");
  }
  return nullptr;
}

extern "C" PARAX_EXPORT void parax_engine_mpi_abort_job(int code) {
  int initialised = 0, finalised = 0;
  MPI_Initialized(&initialised);
  MPI_Finalized(&finalised);
  if (initialised && !finalised)
    MPI_Abort(MPI_COMM_WORLD, code);
}

extern "C" PARAX_EXPORT const char *parax_engine_mpi_library_version() {
  static char version[MPI_MAX_LIBRARY_VERSION_STRING + 1];
  static std::once_flag once;
  std::call_once(once, [] {
    int len = 0;
    MPI_Get_library_version(version, &len);
    version[std::min(len, MPI_MAX_LIBRARY_VERSION_STRING)] = 0;
  });
  return version;
}
