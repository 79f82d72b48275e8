//===- HierarchicalCommunicator.cpp - collectives across processes --------===//
#include "runtime/distributed/HierarchicalCommunicator.h"
#include "ir/Diagnostics.h"
#include "ir/OpRules.h"
#include "runtime/Kernels.h"

#include <chrono>
#include <cstring>
#include <thread>

namespace parax::runtime {

using dist::ElemType;
using dist::ReduceOp;

namespace {
ElemType elemTypeOf(DType t) {
  switch (t) {
  case DType::Bool: return ElemType::U8;
  case DType::I8: return ElemType::I8;
  case DType::I16: return ElemType::I16;
  case DType::I32: return ElemType::I32;
  case DType::I64: return ElemType::I64;
  case DType::U8: return ElemType::U8;
  case DType::U16: return ElemType::U16;
  case DType::U32: return ElemType::U32;
  case DType::U64: return ElemType::U64;
  case DType::F16: return ElemType::F16;
  case DType::BF16: return ElemType::BF16;
  case DType::F32: return ElemType::F32;
  case DType::F64: return ElemType::F64;
  }
  return ElemType::U8;
}

ReduceOp reduceOpOf(ir::OpKind combiner, DType t) {
  if (combiner == ir::OpKind::Max)
    return ReduceOp::Max;
  if (combiner == ir::OpKind::Min)
    return ReduceOp::Min;
  return t == DType::Bool ? ReduceOp::Max : ReduceOp::Sum; // psum of bools is "any"
}

/// "prog.py:15" (no column): where a collective is, for people.
std::string lineOf(const Loc &loc) {
  std::string s = loc.str();
  size_t c = s.rfind(':');
  if (c != std::string::npos && c > 0 && s.find(':') != c)
    s = s.substr(0, c);
  return s;
}
} // namespace

HierarchicalCommunicator::HierarchicalCommunicator(dist::ProcessGroup &group, const StopFlag *stop)
    : group_(group), n_(group.localDevices()), offset_(group.processId() * group.localDevices()),
      total_(group.numProcesses() * group.localDevices()), stop_(stop), slots_(size_t(n_)) {}

void HierarchicalCommunicator::abort() {
  std::lock_guard<std::mutex> lock(m_);
  aborted_ = true;
  cv_.notify_all();
}

void HierarchicalCommunicator::enter(int device, const ir::Operation &op) {
  if (local(device) != 0)
    return;
  where_ = std::string(op.name()) + " #" + std::to_string(group_.nextCollective()) + ", " +
           lineOf(op.loc());
  loc_ = op.loc();
  group_.setPosition("at " + where_);
}

void HierarchicalCommunicator::barrier() {
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
  while (!cv_.wait_for(lock, std::chrono::milliseconds(10), released))
    if (stop_ && stop_->stopped()) {
      aborted_ = true;
      cv_.notify_all();
      throw stop_->error(Loc{});
    }
  if (generation_ == gen)
    throw ParaxError("RuntimeError", "another device failed during a collective");
}

template <typename F> void HierarchicalCommunicator::engineCall(F &&f) {
  struct InFlight { // Ctrl-C / --timeout while the engine waits
    dist::ProcessGroup &g;
    ~InFlight() { g.setInFlight(nullptr, ""); }
  } inFlight{group_};
  group_.setInFlight(stop_, where_);
  try {
    f();
    group_.setPosition("past " + where_ + " (running the program, in no collective)");
  } catch (dist::EngineTimeout &e) {
    throw ParaxError("RuntimeError",
                     where_ + " waited " + std::to_string(int(group_.collectiveTimeout())) +
                         " s (PARAX_COLLECTIVE_TIMEOUT) for the other processes: " +
                         group_.whereAreTheOthers("at " + where_),
                     loc_,
                     "a collective every process must reach was skipped, or a process is stuck; "
                     "run the same collectives in the same order on every process");
  } catch (dist::EngineError &e) {
    // A peer that died closes its connections before the coordinator's
    // abort (which names it and stops this process) arrives: give it a moment.
    std::this_thread::sleep_for(std::chrono::seconds(2));
    throw ParaxError("RuntimeError",
                     where_ + " failed between processes: " + std::string(e.what()) + "; " +
                         group_.whereAreTheOthers("at " + where_),
                     loc_);
  }
}

std::vector<Array> HierarchicalCommunicator::gatherAll(const TensorType &t) {
  size_t bytes = size_t(t.byteSize());
  std::vector<char> mine(bytes * size_t(n_)), all(bytes * size_t(total_));
  for (int d = 0; d < n_; ++d)
    std::memcpy(mine.data() + bytes * size_t(d), slots_[size_t(d)].raw(), bytes);
  engineCall([&] { group_.engine().allGather(mine.data(), all.data(), bytes * size_t(n_)); });
  std::vector<Array> parts;
  for (int k = 0; k < total_; ++k) {
    Array a = Array::allocate(t);
    std::memcpy(a.raw(), all.data() + bytes * size_t(k), bytes);
    parts.push_back(a);
  }
  return parts;
}

Array HierarchicalCommunicator::allReduce(int device, const Array &x, ir::OpKind kind,
                                          const std::vector<int64_t> *groups, int64_t groupSize) {
  ir::OpKind op = ir::collectiveCombiner(kind);
  int l = local(device);
  slots_[size_t(l)] = x;
  barrier();
  if (groups && groupSize > 0) {
    // Mesh-axis groups may span processes: every device combines its own
    // group's operands, in group order, from everyone's operands.
    if (l == 0)
      all_ = gatherAll(x.type());
    barrier();
    size_t pos = 0;
    while (pos < groups->size() && (*groups)[pos] != device)
      ++pos;
    size_t start = pos - pos % size_t(groupSize);
    Array acc = all_[size_t((*groups)[start])].copy();
    for (size_t k = start + 1; k < start + size_t(groupSize) && k < groups->size(); ++k)
      acc = binaryOp(op, acc, all_[size_t((*groups)[k])], acc.type());
    barrier();
    if (l == 0) {
      all_.clear();
      for (auto &s : slots_)
        s = Array();
    }
    return acc;
  }
  if (l == 0) {
    Array acc = slots_[0].copy();
    for (int d = 1; d < n_; ++d)
      acc = binaryOp(op, acc, slots_[size_t(d)], acc.type());
    if (acc.type().numElements() > 0) {
      DType dt = acc.type().dtype;
      engineCall([&] {
        group_.engine().allReduce(acc.raw(), size_t(acc.type().numElements()), elemTypeOf(dt),
                                  reduceOpOf(op, dt));
      });
    }
    result_ = acc;
    for (auto &s : slots_)
      s = Array();
  }
  return shareResult(l);
}

Array HierarchicalCommunicator::shareResult(int l) {
  barrier();
  // The others copy the result; the leader, which made it, keeps it (one
  // pass over the buffer fewer: the whole 64 MiB with one device).
  Array mine = l == 0 ? Array() : result_.copy();
  barrier();
  if (l == 0) {
    mine = std::move(result_);
    result_ = Array();
  }
  return mine;
}

Array HierarchicalCommunicator::allGather(int device, const Array &x, int64_t axis, bool tiled,
                                          const std::vector<int64_t> *groups,
                                          int64_t groupSize) {
  int l = local(device);
  slots_[size_t(l)] = x;
  barrier();
  if (groups && groupSize > 0) {
    // Mesh-axis groups may span processes: every device stacks its own
    // group's operands, in group order, from everyone's operands.
    if (l == 0)
      all_ = gatherAll(x.type());
    barrier();
    size_t pos = 0;
    while (pos < groups->size() && (*groups)[pos] != device)
      ++pos;
    size_t start = pos - pos % size_t(groupSize);
    std::vector<Array> parts;
    for (size_t k = start; k < start + size_t(groupSize) && k < groups->size(); ++k) {
      Array p = all_[size_t((*groups)[k])];
      if (!tiled) {
        Shape s = p.shape();
        s.insert(s.begin() + axis, 1);
        p = p.reshaped(s);
      }
      parts.push_back(p);
    }
    TensorType rt = x.type();
    if (tiled)
      rt.shape[size_t(axis)] *= int64_t(parts.size());
    else
      rt.shape.insert(rt.shape.begin() + axis, int64_t(parts.size()));
    Array mine = concatenateOp(parts, axis, rt);
    barrier();
    if (l == 0) {
      all_.clear();
      for (auto &s : slots_)
        s = Array();
    }
    return mine;
  }
  if (l == 0) {
    std::vector<Array> parts = gatherAll(x.type());
    TensorType rt = x.type();
    for (Array &p : parts)
      if (!tiled) {
        Shape s = p.shape();
        s.insert(s.begin() + axis, 1);
        p = p.reshaped(s);
      }
    if (tiled)
      rt.shape[size_t(axis)] *= total_;
    else
      rt.shape.insert(rt.shape.begin() + axis, total_);
    result_ = concatenateOp(parts, axis, rt);
    for (auto &s : slots_)
      s = Array();
  }
  return shareResult(l);
}

Array HierarchicalCommunicator::permute(int device, const Array &x,
                                        const std::vector<int64_t> &pairs) {
  int l = local(device);
  slots_[size_t(l)] = x;
  barrier();
  if (l == 0)
    all_ = gatherAll(x.type());
  barrier();
  Array r;
  for (size_t i = 0; i + 1 < pairs.size(); i += 2)
    if (pairs[i + 1] == device)
      r = all_[size_t(pairs[i])].copy();
  if (!r.valid()) {
    r = Array::allocate(x.type());
    std::memset(r.raw(), 0, size_t(r.byteSize()));
  }
  barrier();
  if (l == 0) {
    all_.clear();
    for (auto &s : slots_)
      s = Array();
  }
  return r;
}

} // namespace parax::runtime
