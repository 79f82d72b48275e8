//===- HierarchicalCommunicator.h - collectives across processes -*- C++ -*-===//
//
// A pmap region's device threads in one process of a multi-process job: the
// local threads combine first (in device order), then the process's leader
// thread (local device 0) makes ONE engine call per collective, then every
// local device takes its copy of the result. Every device of every process
// gets the same bits. Engine waits are bounded (PARAX_COLLECTIVE_TIMEOUT);
// a timeout names the processes that are elsewhere and where they are.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/BackendStop.h"
#include "runtime/DeviceCollectives.h"
#include "runtime/distributed/ProcessGroup.h"

#include <condition_variable>
#include <mutex>
#include <string>

namespace parax::runtime {

class HierarchicalCommunicator : public DeviceCollectives {
public:
  /// `group`'s process runs `localDevices` device threads, global indices
  /// processId*localDevices + 0..localDevices-1.
  HierarchicalCommunicator(dist::ProcessGroup &group, const StopFlag *stop);

  Array allReduce(int device, const Array &x, ir::OpKind kind,
                  const std::vector<int64_t> *groups = nullptr, int64_t groupSize = 0) override;
  Array allGather(int device, const Array &x, int64_t axis, bool tiled,
                  const std::vector<int64_t> *groups = nullptr, int64_t groupSize = 0) override;
  Array permute(int device, const Array &x, const std::vector<int64_t> &pairs) override;
  void abort() override;
  void enter(int device, const ir::Operation &op) override;

private:
  void barrier();
  /// After the leader (local device 0) set result_: every local device
  /// leaves with its own copy of it.
  Array shareResult(int local);
  int localDeviceCount() const override { return n_; }
  int local(int device) const { return device - offset_; }
  /// Leader only: every device's operand of every process, global order.
  std::vector<Array> gatherAll(const TensorType &t);
  /// Runs an engine call, turning its errors into located parax errors.
  template <typename F> void engineCall(F &&f);

  dist::ProcessGroup &group_;
  int n_, offset_, total_;
  const StopFlag *stop_;
  std::mutex m_;
  std::condition_variable cv_;
  int arrived_ = 0;
  uint64_t generation_ = 0;
  bool aborted_ = false;
  std::vector<Array> slots_;
  std::vector<Array> all_;
  Array result_;
  std::string where_;
  Loc loc_;
};

} // namespace parax::runtime
