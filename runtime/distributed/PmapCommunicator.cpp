//===- PmapCommunicator.cpp - the communicator a pmap region runs with ----===//
#include "runtime/distributed/PmapCommunicator.h"
#include "ir/Diagnostics.h"
#include "runtime/Communicator.h"
#include "runtime/distributed/HierarchicalCommunicator.h"

namespace parax::runtime {

PmapCommunicator::PmapCommunicator(const ir::Operation &pmap, int axisSize, const StopFlag *stop) {
  int64_t processes = pmap.attrs().getInt("processes", 1);
  dist::ProcessGroup *g = dist::ProcessGroup::current();
  if (processes > 1 && g) {
    if (g->numProcesses() * g->localDevices() != axisSize)
      throw ParaxError("RuntimeError", "pmap over " + std::to_string(axisSize) +
                                           " devices, but the job has " +
                                           std::to_string(g->numProcesses() * g->localDevices()),
                       pmap.loc());
    localDevices = g->localDevices();
    offset = g->processId() * localDevices;
    comm = std::make_unique<HierarchicalCommunicator>(*g, stop);
    return;
  }
  localDevices = axisSize;
  comm = std::make_unique<ThreadCommunicator>(axisSize, stop);
}

} // namespace parax::runtime
