//===- Communicator.cpp - collectives between device threads --------------===//
#include "runtime/Communicator.h"
#include "ir/OpRules.h"
#include "ir/Diagnostics.h"
#include "runtime/Kernels.h"

#include <chrono>
#include <cstring>

namespace parax::runtime {

ThreadCommunicator::ThreadCommunicator(int n, const StopFlag *stop)
    : n_(n), stop_(stop), slots_(size_t(n)) {}

void ThreadCommunicator::abort() {
  std::lock_guard<std::mutex> lock(m_);
  aborted_ = true;
  cv_.notify_all();
}

void ThreadCommunicator::barrier() {
  std::unique_lock<std::mutex> lock(m_);
  if (aborted_)
    throw ParaxError("RuntimeError", "another device failed during a collective");
  uint64_t gen = generation_;
  if (++arrived_ == n_) {
    arrived_ = 0;
    ++generation_;
    cv_.notify_all();
    return;
  }
  auto released = [&] { return generation_ != gen || aborted_; };
  if (!stop_) {
    cv_.wait(lock, released);
  } else {
    // A stop is an atomic store that cannot notify: look at it every few
    // milliseconds (only devices that already wait pay for it).
    while (!cv_.wait_for(lock, std::chrono::milliseconds(10), released))
      if (stop_->stopped()) {
        aborted_ = true; // the others leave too, and later collectives fail
        cv_.notify_all();
        throw stop_->error(Loc{});
      }
  }
  if (generation_ == gen)
    throw ParaxError("RuntimeError", "another device failed during a collective");
}

// Protocol: deposit, barrier, device 0 combines (in device order) and clears
// the slots, barrier, every device copies the result into a buffer of its
// own (as each real device holds its result), barrier, device 0 drops the
// shared result. Combining in a fixed order on one thread makes every run
// bit-identical.
template <typename F>
Array ThreadCommunicator::exchange(int device, const Array &x, F &&combine) {
  slots_[size_t(device)] = x;
  barrier();
  if (device == 0) {
    result_ = combine();
    for (auto &s : slots_)
      s = Array();
  }
  barrier();
  Array mine = result_.copy();
  barrier();
  if (device == 0)
    result_ = Array();
  return mine;
}

Array ThreadCommunicator::allReduce(int device, const Array &x, ir::OpKind kind,
                                    const std::vector<int64_t> *groups, int64_t groupSize) {
  ir::OpKind op = ir::collectiveCombiner(kind); // psum: add ...
  if (groups && groupSize > 0) {
    // Every device combines its own group's operands, in group order (the
    // same order on each member, so they agree bit for bit).
    size_t pos = 0;
    while (pos < groups->size() && (*groups)[pos] != device)
      ++pos;
    size_t start = pos - pos % size_t(groupSize);
    slots_[size_t(device)] = x;
    barrier();
    Array acc = slots_[size_t((*groups)[start])].copy();
    for (size_t k = start + 1; k < start + size_t(groupSize) && k < groups->size(); ++k)
      acc = binaryOp(op, acc, slots_[size_t((*groups)[k])], acc.type());
    barrier();
    slots_[size_t(device)] = Array();
    return acc;
  }
  return exchange(device, x, [&] {
    Array acc = slots_[0];
    for (int d = 1; d < n_; ++d)
      acc = binaryOp(op, acc, slots_[size_t(d)], acc.type());
    return acc;
  });
}

Array ThreadCommunicator::allGather(int device, const Array &x, int64_t axis,
                                    bool tiled) {
  return exchange(device, x, [&] {
    std::vector<Array> parts;
    TensorType rt = x.type();
    for (int d = 0; d < n_; ++d) {
      Array p = slots_[size_t(d)];
      if (!tiled) {
        Shape s = p.shape();
        s.insert(s.begin() + axis, 1);
        p = p.reshaped(s);
      }
      parts.push_back(p);
    }
    if (tiled) {
      rt.shape[size_t(axis)] *= n_;
    } else {
      rt.shape.insert(rt.shape.begin() + axis, n_);
    }
    return concatenateOp(parts, axis, rt);
  });
}

Array ThreadCommunicator::permute(int device, const Array &x,
                                  const std::vector<int64_t> &pairs) {
  slots_[size_t(device)] = x;
  barrier();
  // Each device receives into a buffer of its own.
  Array r;
  for (size_t i = 0; i + 1 < pairs.size(); i += 2)
    if (pairs[i + 1] == device)
      r = slots_[size_t(pairs[i])].copy();
  if (!r.valid()) {
    r = Array::allocate(x.type());
    std::memset(r.raw(), 0, size_t(r.byteSize()));
  }
  barrier();
  slots_[size_t(device)] = Array();
  return r;
}

} // namespace parax::runtime
