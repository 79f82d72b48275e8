//===- DeviceCollectives.h - what a pmap's device threads call --*- C++ -*-===//
//
// The collectives a pmap region's device threads meet in: in one process the
// ThreadCommunicator; across processes the HierarchicalCommunicator (local
// threads combine first, then one engine call per collective). `device` is
// the device's global index (what axis_index returns).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Array.h"
#include "ir/Operation.h"

#include <vector>

namespace parax::runtime {

class DeviceCollectives {
public:
  virtual ~DeviceCollectives() = default;
  virtual Array allReduce(int device, const Array &x, ir::OpKind kind,
                          const std::vector<int64_t> *groups = nullptr, int64_t groupSize = 0) = 0;
  /// With `groups` (as allReduce's): gathers only the device's group.
  virtual Array allGather(int device, const Array &x, int64_t axis, bool tiled,
                          const std::vector<int64_t> *groups = nullptr,
                          int64_t groupSize = 0) = 0;
  virtual Array permute(int device, const Array &x, const std::vector<int64_t> &pairs) = 0;
  virtual void abort() = 0;
  /// The device threads of this process that meet here (they share its
  /// cores: parallel loops inside a pmap divide the cores among them).
  virtual int localDeviceCount() const = 0;
  /// Called by each device thread before a collective: op for the messages
  /// that say where a process is (only the cross-process one records it).
  virtual void enter(int /*device*/, const ir::Operation & /*op*/) {}
};

} // namespace parax::runtime
