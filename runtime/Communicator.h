//===- Communicator.h - collectives between device threads ------*- C++ -*-===//
//
// The in-process communicator of the interpreter and CPU backends: N device
// threads meet at a barrier, deposit their operand, and read a result that
// is computed once, in device order, so every run and every device sees
// bit-identical values. If one device fails, the others are released with
// an error instead of waiting forever; with a StopFlag, waiting devices
// also leave when a stop is requested (Ctrl-C, interrupt(), --timeout).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Array.h"
#include "ir/Operation.h"
#include "runtime/BackendStop.h"
#include "runtime/DeviceCollectives.h"

#include <condition_variable>
#include <mutex>
#include <vector>

namespace parax::runtime {

class ThreadCommunicator : public DeviceCollectives {
public:
  explicit ThreadCommunicator(int numDevices, const StopFlag *stop = nullptr);
  int size() const { return n_; }

  /// psum / pmax / pmin over all devices (kind: Psum, Pmax or Pmin), or,
  /// with `groups` (concatenated groups of `groupSize` devices, each in its
  /// own order), over the devices of `device`'s group: a collective over
  /// some axes of a device mesh.
  Array allReduce(int device, const Array &x, ir::OpKind kind,
                  const std::vector<int64_t> *groups = nullptr, int64_t groupSize = 0) override;
  /// all_gather along `axis` (a new axis, or concatenated when tiled).
  Array allGather(int device, const Array &x, int64_t axis, bool tiled) override;
  /// ppermute: `pairs` is [src0, dst0, src1, dst1, ...]; devices that are no
  /// destination receive zeros.
  Array permute(int device, const Array &x, const std::vector<int64_t> &pairs) override;

  /// Marks the group failed: waiting devices throw instead of hanging.
  void abort() override;

private:
  void barrier();
  template <typename F> Array exchange(int device, const Array &x, F &&combine);

  int n_;
  const StopFlag *stop_;
  std::mutex m_;
  std::condition_variable cv_;
  int arrived_ = 0;
  uint64_t generation_ = 0;
  bool aborted_ = false;
  std::vector<Array> slots_;
  Array result_;
};

} // namespace parax::runtime
