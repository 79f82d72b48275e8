//===- FakeNcclOnFakeGpus.cpp - NCCL in one process over the strict fake GPUs ===//
//
// Built into libparax_fake_cuda.so, so that PARAX_NCCL can name the same
// library as PARAX_CUDA_DRIVER: ncclCommInitAll makes one communicator per
// fake GPU of a clique, and ncclAllReduce / ncclAllGather run on the fake
// GPUs' memory, in stream order, as NCCL's kernels would:
//  - a rank's call checks that its buffers are live allocations of its own
//    GPU and that it is on a stream, then waits (on the host, the fake's
//    lock released) until every rank of the clique has made the same call;
//    the last one then enqueues the collective on every rank's stream, so
//    each rank's part comes after whatever that rank enqueued before it;
//  - on each stream the collective is two entries: an arrival marker, then
//    the step that, the first time it runs on any stream, runs every other
//    rank's stream up to its marker (its operand is then complete), combines
//    the operands in rank order ((x0 + x1) + x2 ... : the CPU's order) and
//    writes every rank's result; on the other streams it finds it done;
//  - a call that does not match its peers' (kind, count, type, op) fails
//    the test; ncclCommAbort releases ranks waiting for a peer that failed.
// Each collective counts as one launch (NCCL's kernel) and logs
// "nccl allreduce|allgather count N type T ranks R" to $PARAX_FAKE_CUDA_LOG.
// Point-to-point (ncclSend/Recv) is not emulated: those calls fail.
//
//===----------------------------------------------------------------------===//
#include "FakeCudaState.h"
#include "tests/nccl/FakeNcclReduce.h"

#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <memory>

using namespace parax::nccl_abi;

namespace parax::nccl_abi {
struct Clique;
struct ncclComm {
  Clique *clique = nullptr;
  int rank = 0;
  uint64_t posted = 0; ///< collectives this rank has called
};
} // namespace parax::nccl_abi

namespace {

struct Part {
  const void *send = nullptr;
  void *recv = nullptr;
  fakecuda::Stream *stream = nullptr;
  bool arrived = false; ///< its stream reached the collective
};
struct Collective {
  int kind = 0; // 1 allreduce, 2 allgather
  size_t count = 0;
  int type = 0, op = 0;
  std::vector<Part> parts;
  int called = 0;
  bool enqueued = false, done = false;
};

} // namespace

namespace parax::nccl_abi {
struct Clique {
  int n = 0;
  std::vector<int> gpus;
  std::map<uint64_t, std::shared_ptr<Collective>> pending; ///< by sequence
  bool aborted = false;
};
} // namespace parax::nccl_abi

namespace {

std::condition_variable_any joined;

/// Runs `s`'s queue until `flag` is set (by the entry that sets it).
void runUntil(fakecuda::Stream &s, const bool &flag) {
  while (!flag) {
    if (s.queue.empty()) {
      fakecuda::fail("an NCCL collective waits for a rank that never reaches it");
      std::abort();
    }
    std::function<void()> op = std::move(s.queue.front());
    s.queue.pop_front();
    op();
  }
}

void execute(Collective &c) {
  size_t bytes = c.count * fakenccl::typeSize(c.type);
  size_t n = c.parts.size();
  if (c.kind == 1) {
    std::vector<char> acc(static_cast<const char *>(c.parts[0].send),
                          static_cast<const char *>(c.parts[0].send) + bytes);
    for (size_t r = 1; r < n; ++r)
      fakenccl::reduce(acc.data(), c.parts[r].send, c.count, c.type, c.op);
    for (Part &p : c.parts)
      std::memcpy(p.recv, acc.data(), bytes);
  } else {
    std::vector<char> all(n * bytes);
    for (size_t r = 0; r < n; ++r)
      std::memcpy(all.data() + r * bytes, c.parts[r].send, bytes);
    for (Part &p : c.parts)
      std::memcpy(p.recv, all.data(), all.size());
  }
  c.done = true;
}

ncclResult_t post(ncclComm *comm, int kind, const void *send, void *recv,
                  size_t count, int type, int op, void *stream) {
  std::unique_lock<std::recursive_mutex> lock(fakecuda::mu);
  Clique &q = *comm->clique;
  size_t bytes = count * fakenccl::typeSize(type);
  size_t recvBytes = kind == 2 ? bytes * size_t(q.n) : bytes;
  int gpu = q.gpus[size_t(comm->rank)];
  if (!stream) {
    fakecuda::fail("an NCCL collective on the legacy default stream");
    return ncclInvalidUsage;
  }
  if (bytes && (fakecuda::deviceOf(uintptr_t(send), bytes) != gpu ||
                fakecuda::deviceOf(uintptr_t(recv), recvBytes) != gpu)) {
    fakecuda::fail("an NCCL buffer that is not a live allocation of the rank's GPU");
    return ncclInvalidArgument;
  }
  uint64_t seq = comm->posted++;
  std::shared_ptr<Collective> &slot = q.pending[seq];
  if (!slot) {
    slot = std::make_shared<Collective>();
    slot->kind = kind;
    slot->count = count;
    slot->type = type;
    slot->op = op;
    slot->parts.resize(size_t(q.n));
  }
  std::shared_ptr<Collective> c = slot;
  if (c->kind != kind || c->count != count || c->type != type || c->op != op) {
    fakecuda::fail("NCCL ranks called different collectives");
    return ncclInvalidUsage;
  }
  c->parts[size_t(comm->rank)] = {send, recv,
                                  static_cast<fakecuda::Stream *>(stream), false};
  if (++c->called == q.n) {
    for (size_t r = 0; r < c->parts.size(); ++r) {
      fakecuda::Stream *s = c->parts[r].stream;
      s->queue.push_back([c, r] { c->parts[r].arrived = true; });
      s->queue.push_back([c, r] {
        if (c->done)
          return;
        for (Part &p : c->parts)
          runUntil(*p.stream, p.arrived);
        execute(*c);
      });
      ++fakecuda::total.launches;
    }
    c->enqueued = true;
    q.pending.erase(seq);
    fakecuda::logLine(std::string(kind == 1 ? "nccl allreduce" : "nccl allgather") +
                      " count " + std::to_string(count) + " type " +
                      std::to_string(type) + " ranks " + std::to_string(q.n) + "\n");
    joined.notify_all();
    return ncclSuccess;
  }
  joined.wait(lock, [&] { return c->enqueued || q.aborted; });
  return c->enqueued ? ncclSuccess : ncclInvalidUsage;
}

} // namespace

#define FAKE extern "C" __attribute__((visibility("default")))

FAKE ncclResult_t ncclGetVersion(int *v) {
  *v = 21805;
  return ncclSuccess;
}
FAKE const char *ncclGetErrorString(ncclResult_t r) {
  return r == ncclSuccess ? "no error" : "fake NCCL error";
}
FAKE ncclResult_t ncclCommInitAll(ncclComm **comms, int n, const int *devs) {
  std::lock_guard<std::recursive_mutex> lock(fakecuda::mu);
  if (n < 1)
    return ncclInvalidArgument;
  auto *q = new Clique; // lives as long as the process, like its comms
  q->n = n;
  for (int r = 0; r < n; ++r) {
    if (devs[r] < 0 || size_t(devs[r]) >= fakecuda::gpus.size())
      return ncclInvalidArgument;
    q->gpus.push_back(devs[r]);
  }
  for (int r = 0; r < n; ++r)
    comms[r] = new ncclComm{q, r, 0};
  fakecuda::logLine("nccl init ranks " + std::to_string(n) + "\n");
  return ncclSuccess;
}
FAKE ncclResult_t ncclCommDestroy(ncclComm *) { return ncclSuccess; }
FAKE ncclResult_t ncclCommAbort(ncclComm *comm) {
  std::lock_guard<std::recursive_mutex> lock(fakecuda::mu);
  comm->clique->aborted = true;
  joined.notify_all();
  return ncclSuccess;
}
FAKE ncclResult_t ncclAllReduce(const void *send, void *recv, size_t count,
                                int type, int op, ncclComm *comm, void *s) {
  return post(comm, 1, send, recv, count, type, op, s);
}
FAKE ncclResult_t ncclAllGather(const void *send, void *recv, size_t count,
                                int type, ncclComm *comm, void *s) {
  return post(comm, 2, send, recv, count, type, 0, s);
}
FAKE ncclResult_t ncclSend(const void *, size_t, int, int, ncclComm *, void *) {
  fakecuda::fail("ncclSend is not emulated by the fake NCCL");
  return ncclInvalidUsage;
}
FAKE ncclResult_t ncclRecv(void *, size_t, int, int, ncclComm *, void *) {
  fakecuda::fail("ncclRecv is not emulated by the fake NCCL");
  return ncclInvalidUsage;
}
FAKE ncclResult_t ncclGroupStart() { return ncclSuccess; }
FAKE ncclResult_t ncclGroupEnd() { return ncclSuccess; }
