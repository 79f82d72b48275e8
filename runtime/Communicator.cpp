//===- Communicator.cpp - collectives between device threads --------------===//
#include "runtime/Communicator.h"
#include "ir/OpRules.h"
#include "ir/Diagnostics.h"
#include "runtime/Kernels.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace parax::runtime {

ThreadCommunicator::ThreadCommunicator(int n, const StopFlag *stop)
    : n_(n), stop_(stop), in_(size_t(n)), out_(size_t(n)) {}

void ThreadCommunicator::abort() {
  std::lock_guard<std::mutex> lock(m_);
  aborted_.store(true);
  cv_.notify_all();
}

// The last device to arrive opens the barrier; the others first spin for a
// few tens of microseconds (yielding, so a device thread that has no core
// of its own gets one), then sleep on the condition variable. Collectives
// inside loops (a stencil's halo swap every step) meet at barriers that
// open within microseconds, where a sleep and a wake-up cost far more.
void ThreadCommunicator::barrier() {
  uint64_t gen;
  {
    std::lock_guard<std::mutex> lock(m_);
    if (aborted_.load())
      throw ParaxError("RuntimeError", "another device failed during a collective");
    gen = generation_.load();
    if (++arrived_ == n_) {
      arrived_ = 0;
      generation_.store(gen + 1);
      cv_.notify_all();
      return;
    }
  }
  auto released = [&] { return generation_.load() != gen || aborted_.load(); };
  static const int spinUs = [] {
    const char *e = std::getenv("PARAX_BARRIER_SPIN_US");
    return e && *e ? std::max(0, std::atoi(e)) : 50;
  }();
  auto spinUntil = std::chrono::steady_clock::now() + std::chrono::microseconds(spinUs);
  for (int i = 0; !released(); ++i) {
    if (i % 16 == 15 && std::chrono::steady_clock::now() > spinUntil)
      break;
    std::this_thread::yield();
  }
  std::unique_lock<std::mutex> lock(m_);
  if (!stop_) {
    cv_.wait(lock, released);
  } else {
    // A stop is an atomic store that cannot notify: look at it every few
    // milliseconds (only devices that already wait pay for it).
    while (!cv_.wait_for(lock, std::chrono::milliseconds(10), released))
      if (stop_->stopped()) {
        aborted_.store(true); // the others leave too, and later collectives fail
        cv_.notify_all();
        throw stop_->error(Loc{});
      }
  }
  if (generation_.load() == gen)
    throw ParaxError("RuntimeError", "another device failed during a collective");
}

namespace {

/// Elements per block of an all-reduce slice: the partial results of one
/// block stay in the cache (two ping-pong tiles of 64 KiB at most).
constexpr int64_t kReduceBlock = 8192;

/// Where slice `p` of `m` over `count` elements starts (multiples of 16
/// elements, so slices do not share cache lines).
int64_t sliceStart(int64_t count, size_t p, size_t m) {
  int64_t s = int64_t((__int128)count * int64_t(p) / int64_t(m));
  s = (s + 15) / 16 * 16;
  return std::min(s, count);
}

} // namespace

void ThreadCommunicator::reduceMySlice(ir::OpKind op, DType d,
                                       const std::vector<int> &members,
                                       size_t pos, int64_t count) {
  const size_t m = members.size();
  const int64_t lo = sliceStart(count, pos, m), hi = sliceStart(count, pos + 1, m);
  if (lo >= hi)
    return;
  const size_t es = size_t(dtypeSize(d));
  auto at = [&](const void *p, int64_t i) {
    return static_cast<const char *>(p) + size_t(i) * es;
  };
  char *mine = static_cast<char *>(out_[size_t(members[pos])]);
  std::vector<char> tiles;
  if (m > 2)
    tiles.resize(2 * size_t(kReduceBlock) * es);
  for (int64_t b = lo; b < hi; b += kReduceBlock) {
    int64_t len = std::min(kReduceBlock, hi - b);
    char *dst = mine + size_t(b) * es;
    if (m == 1) {
      std::memcpy(dst, at(in_[size_t(members[0])], b), size_t(len) * es);
    } else {
      // ((x0 (+) x1) (+) x2) ...: the last step writes the result.
      const void *acc = at(in_[size_t(members[0])], b);
      for (size_t k = 1; k < m; ++k) {
        void *y = k + 1 == m ? static_cast<void *>(dst)
                             : tiles.data() + (k % 2) * size_t(kReduceBlock) * es;
        binaryOpInto(op, d, acc, at(in_[size_t(members[k])], b), y, len);
        acc = y;
      }
    }
    for (size_t k = 0; k < m; ++k)
      if (k != pos)
        std::memcpy(static_cast<char *>(out_[size_t(members[k])]) + size_t(b) * es,
                    dst, size_t(len) * es);
  }
}

std::vector<int> ThreadCommunicator::membersOf(int device, const std::vector<int64_t> *groups,
                                               int64_t groupSize, size_t &pos) const {
  std::vector<int> members;
  pos = 0;
  if (groups && groupSize > 0) {
    // A collective over some axes of a device mesh: `device`'s group, in
    // its own order (the same on each member, so they agree bit for bit).
    size_t at = 0;
    while (at < groups->size() && (*groups)[at] != device)
      ++at;
    size_t start = at - at % size_t(groupSize);
    for (size_t k = start; k < start + size_t(groupSize) && k < groups->size(); ++k)
      members.push_back(int((*groups)[k]));
    pos = at - start;
  } else {
    for (int d = 0; d < n_; ++d)
      members.push_back(d);
    pos = size_t(device);
  }
  return members;
}

Array ThreadCommunicator::allReduce(int device, const Array &x, ir::OpKind kind,
                                    const std::vector<int64_t> *groups, int64_t groupSize) {
  ir::OpKind op = ir::collectiveCombiner(kind); // psum: add ...
  size_t pos = 0;
  std::vector<int> members = membersOf(device, groups, groupSize, pos);
  Array mine = Array::allocate(x.type());
  in_[size_t(device)] = x.raw();
  out_[size_t(device)] = mine.raw();
  barrier();
  reduceMySlice(op, x.dtype(), members, pos, x.size());
  barrier(); // every slice is in every result; operands may go
  return mine;
}

Array ThreadCommunicator::allGather(int device, const Array &x, int64_t axis, bool tiled,
                                    const std::vector<int64_t> *groups, int64_t groupSize) {
  // Over some axes of a mesh only the group's operands are copied.
  size_t pos = 0;
  std::vector<int> members = membersOf(device, groups, groupSize, pos);
  const int64_t m = int64_t(members.size());
  TensorType rt = x.type();
  if (tiled)
    rt.shape[size_t(axis)] *= m;
  else
    rt.shape.insert(rt.shape.begin() + axis, m);
  Array mine = Array::allocate(rt);
  in_[size_t(device)] = x.raw();
  barrier();
  // Row-major: for each index of the dims before `axis`, the devices'
  // blocks of the dims from `axis` on follow each other.
  int64_t outer = 1;
  for (int64_t i = 0; i < axis; ++i)
    outer *= x.shape()[size_t(i)];
  size_t inner = outer ? size_t(x.byteSize() / outer) : 0;
  char *dst = static_cast<char *>(mine.raw());
  for (int64_t o = 0; o < outer && inner; ++o)
    for (int64_t k = 0; k < m; ++k)
      std::memcpy(dst + (size_t(o) * size_t(m) + size_t(k)) * inner,
                  static_cast<const char *>(in_[size_t(members[size_t(k)])]) + size_t(o) * inner,
                  inner);
  barrier();
  return mine;
}

Array ThreadCommunicator::permute(int device, const Array &x,
                                  const std::vector<int64_t> &pairs) {
  Array r = Array::allocate(x.type());
  in_[size_t(device)] = x.raw();
  barrier();
  // Each device receives into a buffer of its own.
  bool got = false;
  for (size_t i = 0; i + 1 < pairs.size(); i += 2)
    if (pairs[i + 1] == device) {
      std::memcpy(r.raw(), in_[size_t(pairs[i])], size_t(x.byteSize()));
      got = true;
    }
  if (!got)
    std::memset(r.raw(), 0, size_t(r.byteSize()));
  barrier();
  return r;
}

} // namespace parax::runtime
