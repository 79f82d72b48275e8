//===- Communicator.h - collectives between device threads ------*- C++ -*-===//
//
// The in-process communicator of the interpreter and CPU backends: N device
// threads meet at a barrier and publish their operand and their own result
// buffer; then every device does its share of the work and writes straight
// into the results:
//  - all-reduce (psum/pmax/pmin) is a reduce-scatter fused with an
//    all-gather: device p of a group combines slice p of all the group's
//    operands, in group order (((x0 (+) x1) (+) x2) ...: the serial combine,
//    so every run and every device sees the same bits as one thread
//    combining in device order), and copies the slice into every member's
//    result;
//  - all_gather: each device copies every operand into its own result;
//  - ppermute: each destination copies its source's operand.
// No device allocates anything but its result. If one device fails, the
// others are released with an error instead of waiting forever; with a
// StopFlag, waiting devices also leave when a stop is requested (Ctrl-C,
// interrupt(), --timeout).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Array.h"
#include "ir/Operation.h"
#include "runtime/BackendStop.h"
#include "runtime/DeviceCollectives.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <vector>

namespace parax::runtime {

class ThreadCommunicator : public DeviceCollectives {
public:
  explicit ThreadCommunicator(int numDevices, const StopFlag *stop = nullptr);
  int size() const { return n_; }
  int localDeviceCount() const override { return n_; }

  /// psum / pmax / pmin over all devices (kind: Psum, Pmax or Pmin), or,
  /// with `groups` (concatenated groups of `groupSize` devices, each in its
  /// own order), over the devices of `device`'s group: a collective over
  /// some axes of a device mesh.
  Array allReduce(int device, const Array &x, ir::OpKind kind,
                  const std::vector<int64_t> *groups = nullptr, int64_t groupSize = 0) override;
  /// all_gather along `axis` (a new axis, or concatenated when tiled), of
  /// all devices or, with `groups`, of `device`'s group in group order.
  Array allGather(int device, const Array &x, int64_t axis, bool tiled,
                  const std::vector<int64_t> *groups = nullptr, int64_t groupSize = 0) override;
  /// ppermute: `pairs` is [src0, dst0, src1, dst1, ...]; devices that are no
  /// destination receive zeros.
  Array permute(int device, const Array &x, const std::vector<int64_t> &pairs) override;

  /// Marks the group failed: waiting devices throw instead of hanging.
  void abort() override;

private:
  void barrier();
  /// The devices `device` combines with (all, or its group) and its place.
  std::vector<int> membersOf(int device, const std::vector<int64_t> *groups, int64_t groupSize,
                             size_t &pos) const;
  /// This device's share of an all-reduce over `members` (the group, in
  /// combine order; `pos` is this device's place in it) of `count`
  /// elements of dtype `d`.
  void reduceMySlice(ir::OpKind op, DType d, const std::vector<int> &members,
                     size_t pos, int64_t count);

  int n_;
  const StopFlag *stop_;
  std::mutex m_;
  std::condition_variable cv_;
  int arrived_ = 0;                       ///< m_
  std::atomic<uint64_t> generation_{0};   ///< written under m_
  std::atomic<bool> aborted_{false};      ///< written under m_
  /// Per device, between the collective's two barriers: its operand's data
  /// and its result's data.
  std::vector<const void *> in_;
  std::vector<void *> out_;
};

} // namespace parax::runtime
