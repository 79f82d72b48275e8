//===- NcclEngine.cpp - CollectiveEngine over NCCL (libparax_engine_nccl.so) ===//
//
// GPU buffers between processes. NOT YET RUN ON A GPU: built and tested
// against the fake libnccl/libcuda of tests/nccl only.
//
// Contract beyond CollectiveEngine.h:
//  - Every buffer is device memory (a CUdeviceptr cast to void*) of the
//    engine's context: the calling thread's current context at creation,
//    else the primary context of GPU (local rank % GPU count).
//  - NCCL's unique id goes through EngineConfig::store (the coordinator's
//    key-value store): rank 0 publishes it under parax/nccl/<n>/unique_id,
//    n counting the engines this rank created on that store (the same on
//    every rank).
//  - A sub-group gets its communicator from ncclCommSplit(world, color =
//    the group's first rank), which every rank of the job must enter: the
//    groups of one call must partition the job, as a mesh axis's groups do
//    (each rank passes its own group, all at the same point).
//  - int16/uint16 are refused (NCCL has no 16-bit integer type).
//
// Never hang: communicators are created non-blocking (ncclConfig_t
// blocking = 0) and every operation is polled (ncclCommGetAsyncError, then
// cuStreamQuery on the engine's stream) against the deadline, abort() and
// shouldStop; on failure the communicator is ncclCommAbort()ed, which is
// NCCL's way to release a stuck kernel, and the engine refuses later calls.
//
// libnccl.so.2 and libcuda.so.1 are dlopen()ed (PARAX_NCCL_LIBRARY and
// PARAX_CUDA_DRIVER override the names, as CudaDriver.cpp does for CUDA).
//
//===----------------------------------------------------------------------===//
#include "runtime/distributed/CollectiveEngine.h"
#include "runtime/distributed/LaunchEnvironment.h"
#include "runtime/distributed/engines/NcclAbi.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <sched.h>
#include <thread>
#include <time.h>

#define PARAX_EXPORT __attribute__((visibility("default")))

using namespace parax::runtime::dist;
using namespace parax::nccl_abi;

namespace {

using Clock = std::chrono::steady_clock;

NcclEntryPoints nccl;
CudaEntryPoints cuda;

template <typename F> bool bind(void *lib, const char *name, F &slot, std::string &missing) {
  slot = reinterpret_cast<F>(dlsym(lib, name));
  if (!slot)
    missing += (missing.empty() ? "" : ", ") + std::string(name);
  return slot != nullptr;
}

// Opens both libraries once per process; returns "" or why not.
std::string loadLibraries() {
  static std::once_flag once;
  static std::string error;
  std::call_once(once, [] {
    const char *ncclName = getenv("PARAX_NCCL_LIBRARY") ? getenv("PARAX_NCCL_LIBRARY") : "libnccl.so.2";
    const char *cudaName = getenv("PARAX_CUDA_DRIVER") ? getenv("PARAX_CUDA_DRIVER") : "libcuda.so.1";
    void *n = dlopen(ncclName, RTLD_NOW | RTLD_LOCAL);
    if (!n) {
      error = std::string("cannot load ") + ncclName + ": " + dlerror();
      return;
    }
    void *c = dlopen(cudaName, RTLD_NOW | RTLD_LOCAL);
    if (!c) {
      error = std::string("cannot load ") + cudaName + ": " + dlerror();
      return;
    }
    std::string missing;
    bind(n, "ncclGetVersion", nccl.ncclGetVersion, missing);
    bind(n, "ncclGetErrorString", nccl.ncclGetErrorString, missing);
    bind(n, "ncclGetUniqueId", nccl.ncclGetUniqueId, missing);
    bind(n, "ncclCommInitRankConfig", nccl.ncclCommInitRankConfig, missing);
    bind(n, "ncclCommSplit", nccl.ncclCommSplit, missing);
    bind(n, "ncclCommGetAsyncError", nccl.ncclCommGetAsyncError, missing);
    bind(n, "ncclCommCount", nccl.ncclCommCount, missing);
    bind(n, "ncclCommUserRank", nccl.ncclCommUserRank, missing);
    bind(n, "ncclCommAbort", nccl.ncclCommAbort, missing);
    bind(n, "ncclCommDestroy", nccl.ncclCommDestroy, missing);
    bind(n, "ncclAllReduce", nccl.ncclAllReduce, missing);
    bind(n, "ncclAllGather", nccl.ncclAllGather, missing);
    bind(n, "ncclBroadcast", nccl.ncclBroadcast, missing);
    bind(n, "ncclSend", nccl.ncclSend, missing);
    bind(n, "ncclRecv", nccl.ncclRecv, missing);
    bind(n, "ncclGroupStart", nccl.ncclGroupStart, missing);
    bind(n, "ncclGroupEnd", nccl.ncclGroupEnd, missing);
    if (!missing.empty()) {
      error = std::string(ncclName) + " lacks " + missing + " (parax needs NCCL 2.18 or newer)";
      return;
    }
    bind(c, "cuInit", cuda.cuInit, missing);
    bind(c, "cuGetErrorString", cuda.cuGetErrorString, missing);
    bind(c, "cuDeviceGetCount", cuda.cuDeviceGetCount, missing);
    bind(c, "cuDeviceGet", cuda.cuDeviceGet, missing);
    bind(c, "cuDevicePrimaryCtxRetain", cuda.cuDevicePrimaryCtxRetain, missing);
    bind(c, "cuCtxGetCurrent", cuda.cuCtxGetCurrent, missing);
    bind(c, "cuCtxSetCurrent", cuda.cuCtxSetCurrent, missing);
    bind(c, "cuStreamCreate", cuda.cuStreamCreate, missing);
    bind(c, "cuStreamDestroy_v2", cuda.cuStreamDestroy, missing);
    bind(c, "cuStreamQuery", cuda.cuStreamQuery, missing);
    bind(c, "cuMemAlloc_v2", cuda.cuMemAlloc, missing);
    bind(c, "cuMemFree_v2", cuda.cuMemFree, missing);
    if (!missing.empty())
      error = std::string(cudaName) + " lacks " + missing;
  });
  return error;
}

std::string ncclText(ncclResult_t r) {
  const char *t = nccl.ncclGetErrorString ? nccl.ncclGetErrorString(r) : nullptr;
  return (t ? std::string(t) : "NCCL error") + " (" + std::to_string(r) + ")";
}

std::string cudaText(CUresult r) {
  const char *t = nullptr;
  if (cuda.cuGetErrorString)
    cuda.cuGetErrorString(r, &t);
  return (t ? std::string(t) : "CUDA error") + " (" + std::to_string(r) + ")";
}

// NCCL's element types; int16/uint16 have none.
int ncclType(ElemType t) {
  switch (t) {
  case ElemType::F32:
    return ncclFloat32;
  case ElemType::F64:
    return ncclFloat64;
  case ElemType::F16:
    return ncclFloat16;
  case ElemType::BF16:
    return ncclBfloat16;
  case ElemType::I8:
    return ncclInt8;
  case ElemType::U8:
    return ncclUint8;
  case ElemType::I32:
    return ncclInt32;
  case ElemType::U32:
    return ncclUint32;
  case ElemType::I64:
    return ncclInt64;
  case ElemType::U64:
    return ncclUint64;
  case ElemType::I16:
  case ElemType::U16:
    return -1;
  }
  return -1;
}

int ncclOp(ReduceOp op) {
  switch (op) {
  case ReduceOp::Sum:
    return ncclSum;
  case ReduceOp::Prod:
    return ncclProd;
  case ReduceOp::Max:
    return ncclMax;
  case ReduceOp::Min:
    return ncclMin;
  }
  return ncclSum;
}

std::string toHex(const ncclUniqueId &id) {
  static const char *digits = "0123456789abcdef";
  std::string s;
  for (unsigned char c : id.internal) {
    s += digits[c >> 4];
    s += digits[c & 15];
  }
  return s;
}

bool fromHex(const std::string &s, ncclUniqueId &id) {
  if (s.size() != 2 * sizeof id.internal)
    return false;
  auto nibble = [](char c) { return c >= 'a' ? c - 'a' + 10 : c - '0'; };
  for (size_t i = 0; i < sizeof id.internal; ++i)
    id.internal[i] = char(nibble(s[2 * i]) << 4 | nibble(s[2 * i + 1]));
  return true;
}

// The n-th engine a rank creates on a store uses key n: the same on every
// process (and on every thread of the tests, where ranks are threads of one
// process sharing a store).
int nextEngineNumber(const KeyValueStore *store, int rank) {
  static std::mutex m;
  static std::map<std::pair<const KeyValueStore *, int>, int> counts;
  std::lock_guard<std::mutex> l(m);
  return counts[{store, rank}]++;
}

struct Call {
  const char *what;
  uint64_t seq;
  size_t bytes;
  Clock::time_point start, deadline;
};

class NcclEngine final : public CollectiveEngine {
public:
  explicit NcclEngine(const EngineConfig &config)
      : rank_(config.rank), size_(config.size), timeout_(config.timeoutSeconds), stop_(config.shouldStop) {
    if (!config.store)
      throw EngineError("nccl engine: needs the coordinator's key-value store for NCCL's unique id");
    if (size_ < 1 || rank_ < 0 || rank_ >= size_)
      throw EngineError("nccl engine: rank " + std::to_string(rank_) + " of " + std::to_string(size_));
    checkCuda(cuda.cuInit(0), "cuInit");
    checkCuda(cuda.cuCtxGetCurrent(&ctx_), "cuCtxGetCurrent");
    if (!ctx_) {
      int count = 0;
      checkCuda(cuda.cuDeviceGetCount(&count), "cuDeviceGetCount");
      if (count < 1)
        throw EngineError("nccl engine: no GPU");
      auto env = detectLaunchEnvironment();
      int ordinal = (env ? env->localRank : rank_) % count;
      CUdevice dev;
      checkCuda(cuda.cuDeviceGet(&dev, ordinal), "cuDeviceGet");
      checkCuda(cuda.cuDevicePrimaryCtxRetain(&ctx_, dev), "cuDevicePrimaryCtxRetain");
    }
    checkCuda(cuda.cuCtxSetCurrent(ctx_), "cuCtxSetCurrent");
    checkCuda(cuda.cuStreamCreate(&stream_, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    checkCuda(cuda.cuMemAlloc(&token_, sizeof(int32_t)), "cuMemAlloc");

    std::string key = "parax/nccl/" + std::to_string(nextEngineNumber(config.store, rank_)) + "/unique_id";
    ncclUniqueId id;
    if (rank_ == 0) {
      checkNccl(nccl.ncclGetUniqueId(&id), "ncclGetUniqueId");
      config.store->set(key, toHex(id));
    } else if (!fromHex(config.store->get(key, timeout_), id)) {
      throw EngineError("nccl engine: the key-value store's " + key + " is not a NCCL unique id");
    }
    ncclConfig_t cfg;
    cfg.blocking = 0;
    Call c = begin("ncclCommInitRank", 0);
    ncclResult_t rc = nccl.ncclCommInitRankConfig(&world_, size_, id, rank_, &cfg);
    if (rc != ncclSuccess && rc != ncclInProgress)
      throw EngineError("nccl engine: ncclCommInitRankConfig: " + ncclText(rc));
    settle(world_, c);
    seq_ = 0; // collectives count from 1 in messages
  }

  ~NcclEngine() override {
    if (cuda.cuCtxSetCurrent)
      cuda.cuCtxSetCurrent(ctx_);
    for (auto &g : groups_)
      broken_.empty() ? nccl.ncclCommDestroy(g.second) : nccl.ncclCommAbort(g.second);
    if (world_)
      broken_.empty() ? nccl.ncclCommDestroy(world_) : nccl.ncclCommAbort(world_);
    if (token_)
      cuda.cuMemFree(token_);
    if (stream_)
      cuda.cuStreamDestroy(stream_);
  }

  const char *name() const override { return "nccl"; }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void allReduce(void *buf, size_t count, ElemType t, ReduceOp op, const std::vector<int> *group) override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("all_reduce", count);
    int type = ncclType(t);
    if (type < 0)
      throw EngineError("nccl engine: NCCL has no 16-bit integer type (int16/uint16 all_reduce)");
    ncclComm_t comm = commFor(group, c);
    run(comm, c, nccl.ncclAllReduce(buf, buf, count, type, ncclOp(op), comm, stream_));
  }

  void allGather(const void *in, void *out, size_t bytes, const std::vector<int> *group) override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("all_gather", bytes);
    ncclComm_t comm = commFor(group, c);
    run(comm, c, nccl.ncclAllGather(in, out, bytes, ncclUint8, comm, stream_));
  }

  void allToAll(const void *in, void *out, size_t bytes) override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("all_to_all", bytes);
    nccl.ncclGroupStart();
    for (int r = 0; r < size_; ++r) {
      nccl.ncclSend((const char *)in + size_t(r) * bytes, bytes, ncclUint8, r, world_, stream_);
      nccl.ncclRecv((char *)out + size_t(r) * bytes, bytes, ncclUint8, r, world_, stream_);
    }
    run(world_, c, nccl.ncclGroupEnd());
  }

  void sendRecv(const void *in, int sendTo, void *out, int recvFrom, size_t bytes) override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("send_recv", bytes);
    for (int r : {sendTo, recvFrom})
      if (r < -1 || r >= size_)
        throw EngineError("nccl engine: send_recv names rank " + std::to_string(r) + " of " +
                          std::to_string(size_));
    if (sendTo < 0 && recvFrom < 0)
      return;
    nccl.ncclGroupStart();
    if (sendTo >= 0)
      nccl.ncclSend(in, bytes, ncclUint8, sendTo, world_, stream_);
    if (recvFrom >= 0)
      nccl.ncclRecv(out, bytes, ncclUint8, recvFrom, world_, stream_);
    run(world_, c, nccl.ncclGroupEnd());
  }

  void broadcast(void *buf, size_t bytes, int root) override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("broadcast", bytes);
    if (root < 0 || root >= size_)
      throw EngineError("nccl engine: broadcast from rank " + std::to_string(root));
    run(world_, c, nccl.ncclBroadcast(buf, buf, bytes, ncclUint8, root, world_, stream_));
  }

  void barrier() override {
    std::lock_guard<std::mutex> lock(mu_);
    Call c = begin("barrier", 0);
    run(world_, c, nccl.ncclAllReduce((void *)token_, (void *)token_, 1, ncclInt32, ncclSum, world_, stream_));
  }

  void abort() override { aborted_ = true; }

private:
  void checkCuda(CUresult r, const char *what) {
    if (r != CUDA_SUCCESS)
      throw EngineError(std::string("nccl engine: ") + what + ": " + cudaText(r));
  }
  void checkNccl(ncclResult_t r, const char *what) {
    if (r != ncclSuccess)
      throw EngineError(std::string("nccl engine: ") + what + ": " + ncclText(r));
  }

  Call begin(const char *what, size_t bytes) {
    if (!broken_.empty())
      throw EngineAborted("nccl engine: unusable after an earlier failure: " + broken_);
    if (aborted_)
      fail<EngineAborted>(nullptr, "nccl engine: aborted");
    if (ctx_)
      cuda.cuCtxSetCurrent(ctx_);
    Call c{what, ++seq_, bytes, Clock::now(), {}};
    c.deadline = c.start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_));
    return c;
  }

  std::string where(const Call &c) const {
    return std::string(c.what) + " #" + std::to_string(c.seq) + " (" + std::to_string(c.bytes) + ") on rank " +
           std::to_string(rank_) + " of " + std::to_string(size_);
  }

  // Aborts `comm` (NCCL's way to free a stuck kernel) and poisons the engine.
  template <typename E> [[noreturn]] void fail(ncclComm_t comm, const std::string &message) {
    if (comm)
      nccl.ncclCommAbort(comm);
    if (comm == world_)
      world_ = nullptr;
    for (auto it = groups_.begin(); it != groups_.end(); ++it)
      if (it->second == comm) {
        groups_.erase(it);
        break;
      }
    if (broken_.empty())
      broken_ = message;
    throw E(message);
  }

  // Waits for a communicator being created (non-blocking init or split).
  void settle(ncclComm_t comm, const Call &c) {
    poll(comm, c, [&]() -> int {
      ncclResult_t st = ncclSuccess;
      ncclResult_t rc = nccl.ncclCommGetAsyncError(comm, &st);
      if (rc != ncclSuccess)
        return rc;
      return st == ncclInProgress ? -1 : st;
    });
  }

  // Enqueued with result `rc`: waits for NCCL to finish enqueueing (a
  // non-blocking communicator may say in progress) and for the stream.
  void run(ncclComm_t comm, const Call &c, ncclResult_t rc) {
    if (rc != ncclSuccess && rc != ncclInProgress)
      fail<EngineError>(comm, "nccl engine: " + where(c) + ": " + ncclText(rc));
    poll(comm, c, [&]() -> int {
      ncclResult_t st = ncclSuccess;
      nccl.ncclCommGetAsyncError(comm, &st);
      if (st == ncclInProgress)
        return -1;
      if (st != ncclSuccess)
        return st;
      CUresult q = cuda.cuStreamQuery(stream_);
      if (q == CUDA_ERROR_NOT_READY)
        return -1;
      return q == CUDA_SUCCESS ? 0 : 1000000 + q;
    });
  }

  // `state` returns -1 while pending, 0 when done, else an error code (NCCL,
  // or 1000000 + a CUDA code).
  template <typename F> void poll(ncclComm_t comm, const Call &c, F &&state) {
    unsigned spins = 0;
    auto nextStop = c.start;
    for (;;) {
      int s = state();
      if (s == 0)
        return;
      if (s > 0)
        fail<EngineError>(comm, "nccl engine: " + where(c) + ": " +
                                    (s >= 1000000 ? cudaText(s - 1000000) : ncclText(s)));
      if (aborted_)
        fail<EngineAborted>(comm, "nccl engine: aborted during " + where(c));
      if ((++spins & 63) != 0)
        continue;
      auto now = Clock::now();
      if (now >= c.deadline) {
        char t[32];
        snprintf(t, sizeof t, "%g s", timeout_);
        fail<EngineTimeout>(comm, "nccl engine: " + where(c) + " timed out after " + t +
                                      " (PARAX_COLLECTIVE_TIMEOUT): a process did not join this collective");
      }
      if (now >= nextStop) {
        nextStop = now + std::chrono::milliseconds(1);
        if (stop_ && stop_())
          fail<EngineAborted>(comm, "nccl engine: stopped during " + where(c));
      }
      if (now - c.start > std::chrono::milliseconds(20)) {
        struct timespec ts{0, 50000};
        nanosleep(&ts, nullptr);
      } else if (now - c.start > std::chrono::milliseconds(1)) {
        sched_yield();
      }
    }
  }

  ncclComm_t commFor(const std::vector<int> *group, const Call &c) {
    if (!group)
      return world_;
    const std::vector<int> &g = *group;
    bool valid = !g.empty() && std::is_sorted(g.begin(), g.end()) &&
                 std::adjacent_find(g.begin(), g.end()) == g.end() && g.front() >= 0 && g.back() < size_ &&
                 std::binary_search(g.begin(), g.end(), rank_);
    if (!valid)
      throw EngineError(std::string("nccl engine: ") + c.what + ": a group must list distinct ascending ranks "
                        "of the job, this one included");
    if (int(g.size()) == size_)
      return world_;
    auto it = groups_.find(g);
    if (it != groups_.end())
      return it->second;
    ncclConfig_t cfg;
    cfg.blocking = 0;
    ncclComm_t sub = nullptr;
    ncclResult_t rc = nccl.ncclCommSplit(world_, g.front(), rank_, &sub, &cfg);
    if (rc != ncclSuccess && rc != ncclInProgress)
      fail<EngineError>(world_, "nccl engine: ncclCommSplit in " + where(c) + ": " + ncclText(rc));
    settle(sub, c);
    int n = 0;
    nccl.ncclCommCount(sub, &n);
    if (n != int(g.size()))
      fail<EngineError>(sub, "nccl engine: " + where(c) + ": the ranks named different groups (this rank's has " +
                                 std::to_string(g.size()) + ", NCCL's split " + std::to_string(n) + ")");
    return groups_.emplace(g, sub).first->second;
  }

  int rank_, size_;
  double timeout_;
  std::function<bool()> stop_;
  std::atomic<bool> aborted_{false};
  std::string broken_;
  std::mutex mu_;
  uint64_t seq_ = 0;
  CUcontext ctx_ = nullptr;
  CUstream stream_ = nullptr;
  CUdeviceptr token_ = 0;
  ncclComm_t world_ = nullptr;
  std::map<std::vector<int>, ncclComm_t> groups_;
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
    std::string why = loadLibraries();
    if (!why.empty())
      throw EngineError("nccl engine: " + why);
    EngineConfig defaults;
    return new NcclEngine(config ? *config : defaults);
  } catch (const std::exception &e) {
    copyError(err, errlen, e.what());
  } catch (...) {
    copyError(err, errlen, "nccl engine: unknown error");
  }
  return nullptr;
}
