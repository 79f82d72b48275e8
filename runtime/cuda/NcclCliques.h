//===- NcclCliques.h - NCCL between the GPUs of one process ------*- C++ -*-===//
//
// When every device of a pmap is its own GPU (one logical device per GPU),
// its all-reduces and all-gathers of arrays go through NCCL: the devices
// of the pmap, or of one device group of a collective over some mesh axes,
// form a clique whose communicators are made together by ncclCommInitAll
// on first use and kept for the process. Each device thread then calls
// its own rank's collective on its own stream (NCCL's one-thread-per-GPU
// model): no host synchronisation, no rendezvous of the host threads.
//
// libnccl.so.2 is opened with dlopen (CudaDriver.h); PARAX_NCCL names
// another library (the tests' fake NCCL over the fake GPUs), PARAX_NCCL=0
// turns NCCL off. Without it the devices' own collectives (events, peer
// copies, combine kernels: DeviceResident.cpp) run instead.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"
#include "ir/Types.h"
#include "runtime/cuda/CudaDriver.h"

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace parax::cuda {

class NcclCliques {
public:
  /// The process's NCCL, or null when it is off or cannot be loaded
  /// (`why` says which, once).
  static NcclCliques *get(std::string &why);

  const NcclApi &api() const { return api_; }
  /// Rank `rank`'s communicator of the clique over GPU ordinals `gpus`
  /// (distinct, in rank order); null with `error` on failure or once
  /// `aborted` (the pmap's flag, read under the cliques' lock) is set.
  ncclComm_t comm(const std::vector<int> &gpus, int rank,
                  const std::atomic<bool> &aborted, std::string &error);
  /// A device of a pmap over `gpus` failed: sets `aborted`, then aborts
  /// every clique over any of these GPUs (so that no peer waits in a
  /// collective for it) and forgets them; the next pmap makes fresh ones.
  void abort(const std::vector<int> &gpus, std::atomic<bool> &aborted);
  /// "ncclInvalidUsage (...)" or the number.
  std::string errorText(ncclResult_t r) const;

  /// NCCL's element type for `t`, or -1 (bool, 16-bit ints have none).
  static int dataType(DType t);
  /// NCCL's reduction for combiner `op` (Add, Max, Min), or -1.
  static int redOp(ir::OpKind op);

private:
  NcclApi api_;
  std::mutex mutex_;
  std::map<std::vector<int>, std::vector<ncclComm_t>> cliques_;
};

} // namespace parax::cuda
