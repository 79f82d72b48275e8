//===- FakeNccl.cpp - a host-memory NCCL and CUDA driver for the nccl engine's tests ===//
//
// libparax_fake_nccl.so exports the NCCL and CUDA entry points of
// runtime/distributed/engines/NcclAbi.h, so one file serves as both
// PARAX_NCCL_LIBRARY and PARAX_CUDA_DRIVER. Ranks are threads of one
// process; "device memory" is host memory; a collective runs when the last
// rank of its communicator enqueues it, and each stream counts the work it
// still waits for (cuStreamQuery: CUDA_ERROR_NOT_READY until then). Like
// NCCL with blocking = 0, creation and split return ncclInProgress until
// every rank has joined. Counters let the tests see splits and aborts.
//
//===----------------------------------------------------------------------===//
#include "runtime/distributed/engines/NcclAbi.h"
#include "tests/nccl/FakeNcclReduce.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <vector>

using namespace parax::nccl_abi;
using namespace fakenccl;

#define FAKE extern "C" __attribute__((visibility("default")))

namespace parax::nccl_abi {
struct CUstream_st {
  std::atomic<int> pending{0};
};
struct Group;
struct ncclComm {
  Group *g = nullptr;
  int rank = 0;
  ncclResult_t state = ncclInProgress;
  bool aborted = false;
  uint64_t seq = 0;
};
} // namespace parax::nccl_abi

namespace {

struct Op {
  int kind = 0; // 1 allreduce, 2 allgather, 3 broadcast, 4 split
  const void *send = nullptr;
  void *recv = nullptr;
  size_t count = 0;
  int type = 0, op = 0, root = 0, color = 0, key = 0;
  CUstream_st *stream = nullptr;
  ncclComm *newcomm = nullptr;
};
struct Msg {
  const void *send;
  void *recv;
  size_t bytes;
  CUstream_st *stream;
};

} // namespace

namespace parax::nccl_abi {
struct Group {
  int n = 0;
  std::vector<ncclComm *> members;
  int joined = 0;
  std::map<uint64_t, std::vector<Op>> ops; // by sequence number, one slot per rank
  std::map<std::pair<int, int>, std::deque<Msg>> sends, recvs;
};
} // namespace parax::nccl_abi

namespace {

std::mutex M;
std::map<std::string, Group *> byId;
int idCounter = 0;
std::atomic<int> splits{0}, aborts{0};

Group *newGroup(int n) {
  Group *g = new Group;
  g->n = n;
  g->members.assign(size_t(n), nullptr);
  return g;
}

// Runs a collective once every rank has enqueued it (called under M).
void execute(Group *g, std::vector<Op> &ops) {
  const Op &o0 = ops[0];
  bool same = std::all_of(ops.begin(), ops.end(), [&](const Op &o) {
    return o.kind == o0.kind && o.count == o0.count && o.type == o0.type && o.op == o0.op && o.root == o0.root;
  });
  if (!same) {
    for (ncclComm *c : g->members)
      c->state = ncclInvalidUsage;
    return;
  }
  size_t bytes = o0.count * typeSize(o0.type);
  if (o0.kind == 1) {
    std::vector<char> acc((const char *)ops[0].send, (const char *)ops[0].send + bytes);
    for (int r = 1; r < g->n; ++r)
      reduce(acc.data(), ops[size_t(r)].send, o0.count, o0.type, o0.op);
    for (Op &o : ops)
      std::memcpy(o.recv, acc.data(), bytes);
  } else if (o0.kind == 2) {
    std::vector<char> all(bytes * size_t(g->n));
    for (int r = 0; r < g->n; ++r)
      std::memcpy(all.data() + size_t(r) * bytes, ops[size_t(r)].send, bytes);
    for (Op &o : ops)
      std::memcpy(o.recv, all.data(), all.size());
  } else if (o0.kind == 3) {
    std::vector<char> data((const char *)ops[size_t(o0.root)].send,
                           (const char *)ops[size_t(o0.root)].send + bytes);
    for (Op &o : ops)
      std::memcpy(o.recv, data.data(), bytes);
  } else if (o0.kind == 4) {
    std::map<int, std::vector<std::pair<int, int>>> byColor; // color -> (key, old rank)
    for (int r = 0; r < g->n; ++r)
      if (ops[size_t(r)].color != NCCL_SPLIT_NOCOLOR)
        byColor[ops[size_t(r)].color].push_back({ops[size_t(r)].key, r});
    for (auto &[color, ranks] : byColor) {
      std::sort(ranks.begin(), ranks.end());
      Group *sub = newGroup(int(ranks.size()));
      for (size_t i = 0; i < ranks.size(); ++i) {
        ncclComm *c = ops[size_t(ranks[i].second)].newcomm;
        c->g = sub;
        c->rank = int(i);
        c->state = ncclSuccess;
        sub->members[i] = c;
      }
      sub->joined = sub->n;
    }
    ++splits;
  }
  for (Op &o : ops)
    if (o.stream)
      --o.stream->pending;
}

ncclResult_t post(ncclComm *c, Op op) {
  std::lock_guard<std::mutex> l(M);
  if (!c || c->aborted || !c->g)
    return ncclInvalidUsage;
  if (op.stream)
    ++op.stream->pending;
  Group *g = c->g;
  auto &slots = g->ops[c->seq++];
  if (slots.empty())
    slots.resize(size_t(g->n));
  slots[size_t(c->rank)] = op;
  bool full = std::all_of(slots.begin(), slots.end(), [](const Op &o) { return o.kind != 0; });
  if (full) {
    uint64_t seq = c->seq - 1;
    execute(g, slots);
    g->ops.erase(seq);
  }
  return ncclSuccess;
}

void matchP2p(Group *g, std::pair<int, int> channel) {
  auto &s = g->sends[channel];
  auto &r = g->recvs[channel];
  while (!s.empty() && !r.empty()) {
    std::memcpy(r.front().recv, s.front().send, std::min(s.front().bytes, r.front().bytes));
    --s.front().stream->pending;
    --r.front().stream->pending;
    s.pop_front();
    r.pop_front();
  }
}

} // namespace

// --- NCCL -------------------------------------------------------------------------

FAKE ncclResult_t ncclGetVersion(int *v) {
  *v = 21903;
  return ncclSuccess;
}
FAKE const char *ncclGetErrorString(ncclResult_t r) {
  switch (r) {
  case ncclSuccess:
    return "no error";
  case ncclInvalidUsage:
    return "invalid usage";
  case ncclInProgress:
    return "operation in progress";
  default:
    return "fake nccl error";
  }
}
FAKE ncclResult_t ncclGetUniqueId(ncclUniqueId *id) {
  std::lock_guard<std::mutex> l(M);
  std::memset(id, 0, sizeof *id);
  snprintf(id->internal, sizeof id->internal, "fake-nccl-%d", ++idCounter);
  return ncclSuccess;
}
FAKE ncclResult_t ncclCommInitRankConfig(ncclComm_t *comm, int n, ncclUniqueId id, int rank, ncclConfig_t *config) {
  if (!config || config->size != sizeof(ncclConfig_t) || config->magic != 0xcafebeef || config->blocking != 0)
    return ncclInvalidArgument; // the engine must ask for non-blocking
  std::lock_guard<std::mutex> l(M);
  std::string key(id.internal, strnlen(id.internal, sizeof id.internal));
  Group *&g = byId[key];
  if (!g)
    g = newGroup(n);
  if (g->n != n || rank < 0 || rank >= n || g->members[size_t(rank)])
    return ncclInvalidArgument;
  ncclComm *c = new ncclComm;
  c->g = g;
  c->rank = rank;
  g->members[size_t(rank)] = c;
  if (++g->joined == n)
    for (ncclComm *m : g->members)
      m->state = ncclSuccess;
  *comm = c;
  return ncclInProgress;
}
FAKE ncclResult_t ncclCommSplit(ncclComm_t comm, int color, int key, ncclComm_t *newcomm, ncclConfig_t *config) {
  ncclComm *c = new ncclComm; // valid at once, in progress until every rank split
  *newcomm = c;
  Op op;
  op.kind = 4;
  op.color = color;
  op.key = key;
  op.newcomm = c;
  ncclResult_t r = post(comm, op);
  return r == ncclSuccess ? ncclInProgress : r;
}
FAKE ncclResult_t ncclCommGetAsyncError(ncclComm_t comm, ncclResult_t *st) {
  std::lock_guard<std::mutex> l(M);
  *st = comm->aborted ? ncclInvalidUsage : comm->state;
  return ncclSuccess;
}
FAKE ncclResult_t ncclCommCount(ncclComm_t comm, int *n) {
  std::lock_guard<std::mutex> l(M);
  *n = comm->g ? comm->g->n : 0;
  return ncclSuccess;
}
FAKE ncclResult_t ncclCommUserRank(ncclComm_t comm, int *r) {
  std::lock_guard<std::mutex> l(M);
  *r = comm->rank;
  return ncclSuccess;
}
FAKE ncclResult_t ncclCommAbort(ncclComm_t comm) {
  std::lock_guard<std::mutex> l(M);
  if (comm)
    comm->aborted = true;
  ++aborts;
  return ncclSuccess;
}
FAKE ncclResult_t ncclCommDestroy(ncclComm_t comm) { return ncclSuccess; } // kept: peers may still look
FAKE ncclResult_t ncclAllReduce(const void *send, void *recv, size_t count, int type, int op, ncclComm_t comm,
                                CUstream s) {
  Op o;
  o.kind = 1;
  o.send = send;
  o.recv = recv;
  o.count = count;
  o.type = type;
  o.op = op;
  o.stream = s;
  return post(comm, o);
}
FAKE ncclResult_t ncclAllGather(const void *send, void *recv, size_t count, int type, ncclComm_t comm, CUstream s) {
  Op o;
  o.kind = 2;
  o.send = send;
  o.recv = recv;
  o.count = count;
  o.type = type;
  o.stream = s;
  return post(comm, o);
}
FAKE ncclResult_t ncclBroadcast(const void *send, void *recv, size_t count, int type, int root, ncclComm_t comm,
                                CUstream s) {
  Op o;
  o.kind = 3;
  o.send = send;
  o.recv = recv;
  o.count = count;
  o.type = type;
  o.root = root;
  o.stream = s;
  return post(comm, o);
}
FAKE ncclResult_t ncclSend(const void *buf, size_t count, int type, int peer, ncclComm_t comm, CUstream s) {
  std::lock_guard<std::mutex> l(M);
  if (comm->aborted || peer < 0 || peer >= comm->g->n)
    return ncclInvalidArgument;
  ++s->pending;
  std::pair<int, int> ch{comm->rank, peer};
  comm->g->sends[ch].push_back({buf, nullptr, count * typeSize(type), s});
  matchP2p(comm->g, ch);
  return ncclSuccess;
}
FAKE ncclResult_t ncclRecv(void *buf, size_t count, int type, int peer, ncclComm_t comm, CUstream s) {
  std::lock_guard<std::mutex> l(M);
  if (comm->aborted || peer < 0 || peer >= comm->g->n)
    return ncclInvalidArgument;
  ++s->pending;
  std::pair<int, int> ch{peer, comm->rank};
  comm->g->recvs[ch].push_back({nullptr, buf, count * typeSize(type), s});
  matchP2p(comm->g, ch);
  return ncclSuccess;
}
FAKE ncclResult_t ncclGroupStart() { return ncclSuccess; }
FAKE ncclResult_t ncclGroupEnd() { return ncclSuccess; }

FAKE int fake_nccl_splits() { return splits; }
FAKE int fake_nccl_aborts() { return aborts; }

// --- CUDA driver ----------------------------------------------------------------------

namespace {
thread_local CUcontext current = nullptr;
}
FAKE CUresult cuInit(unsigned) { return CUDA_SUCCESS; }
FAKE CUresult cuGetErrorString(CUresult r, const char **t) {
  *t = r == CUDA_ERROR_NOT_READY ? "CUDA_ERROR_NOT_READY" : "fake CUDA error";
  return CUDA_SUCCESS;
}
FAKE CUresult cuDeviceGetCount(int *n) {
  *n = 1;
  return CUDA_SUCCESS;
}
FAKE CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  *d = ordinal;
  return CUDA_SUCCESS;
}
FAKE CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice) {
  static char ctx;
  *c = (CUcontext)&ctx;
  return CUDA_SUCCESS;
}
FAKE CUresult cuCtxGetCurrent(CUcontext *c) {
  *c = current;
  return CUDA_SUCCESS;
}
FAKE CUresult cuCtxSetCurrent(CUcontext c) {
  current = c;
  return CUDA_SUCCESS;
}
FAKE CUresult cuStreamCreate(CUstream *s, unsigned) {
  *s = new CUstream_st;
  return CUDA_SUCCESS;
}
FAKE CUresult cuStreamDestroy_v2(CUstream s) {
  std::lock_guard<std::mutex> l(M);
  (void)s; // kept: an aborted collective may still name it
  return CUDA_SUCCESS;
}
FAKE CUresult cuStreamQuery(CUstream s) { return s->pending.load() == 0 ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY; }
FAKE CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
  *p = (CUdeviceptr)calloc(1, bytes ? bytes : 1);
  return CUDA_SUCCESS;
}
FAKE CUresult cuMemFree_v2(CUdeviceptr p) {
  (void)p; // kept: see cuStreamDestroy_v2
  return CUDA_SUCCESS;
}
