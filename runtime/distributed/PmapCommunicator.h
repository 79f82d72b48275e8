//===- PmapCommunicator.h - the communicator a pmap region runs with -*- C++ -*-===//
//
// One process: a ThreadCommunicator over all `axis_size` devices. A pmap
// traced in a multi-process job (attribute processes > 1): this process's
// local devices only, global indices from processId * localDevices, joined
// to the other processes by a HierarchicalCommunicator.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/BackendStop.h"
#include "runtime/DeviceCollectives.h"

#include <memory>

namespace parax::runtime {

struct PmapCommunicator {
  PmapCommunicator(const ir::Operation &pmap, int axisSize, const StopFlag *stop);
  int localDevices = 1; ///< device threads this process runs
  int offset = 0;       ///< global index of the first of them
  std::unique_ptr<DeviceCollectives> comm;
};

} // namespace parax::runtime
