//===- PmapParts.h - pmap operands and results held per device ---*- C++ -*-===//
//
// A pmap normally takes one operand per body argument (shared, or stacked
// with the mapped axis) and gives one result per yield (device 0's, or the
// devices' results stacked). A sharded array is held as one buffer per
// device, so the SPMD pass (frontend/lib/sharding/Partition.cpp) asks for
// its pieces as they are:
//  - "parted_in" (one int per body argument): 1 = that argument is given as
//    one operand per device, device d reads the d-th (no stack to cut);
//  - "parted_out" = 1: every yield gives one result per device, result
//    k * devices + d is device d's yield k, its own buffer (no stacked copy).
// in_axes / out_axes keep one entry per body argument / yield.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

#include <vector>

namespace parax::ir {

struct PmapParts {
  int64_t devices = 1; ///< Devices this process runs (results per parted yield).
  std::vector<unsigned> firstOperand; ///< Per body argument.
  std::vector<bool> partedIn;         ///< Per body argument.
  bool partedOut = false;
  unsigned numArgs() const { return unsigned(firstOperand.size()); }
  /// The operand device `d` reads for body argument `arg`.
  unsigned operandFor(unsigned arg, int64_t d) const {
    return firstOperand[arg] + unsigned(partedIn[arg] ? d : 0);
  }
  /// The result of yield `k` (device `d`'s own when parted).
  unsigned resultFor(unsigned k, int64_t d) const {
    return partedOut ? unsigned(int64_t(k) * devices + d) : k;
  }
};

/// The layout of `pmap` (the op's "processes" attribute divides the devices).
inline PmapParts pmapParts(const Operation &pmap) {
  PmapParts p;
  int64_t n = pmap.attrs().getInt("axis_size");
  int64_t procs = pmap.attrs().has("processes") ? pmap.attrs().getInt("processes") : 1;
  p.devices = procs > 1 ? n / procs : n;
  std::vector<int64_t> parted;
  if (pmap.attrs().has("parted_in"))
    parted = pmap.attrs().getInts("parted_in");
  p.partedOut = pmap.attrs().has("parted_out") && pmap.attrs().getInt("parted_out") != 0;
  unsigned nArgs = pmap.numRegions() ? pmap.region(0).front().numArguments() : 0;
  unsigned next = 0;
  for (unsigned a = 0; a < nArgs; ++a) {
    bool pi = a < parted.size() && parted[a] != 0;
    p.firstOperand.push_back(next);
    p.partedIn.push_back(pi);
    next += pi ? unsigned(p.devices) : 1u;
  }
  return p;
}

/// Whether yield `k` of `pmap` is written by each device straight into its
/// slot of the stacked result (axis 0, so a slot is one contiguous range):
/// the compiled launch passes the slot to the body (codegen emitPmap,
/// runtime parax_rt_pmap), and no stacked copy is made afterwards.
inline bool pmapWritesInPlace(const Operation &pmap, unsigned k) {
  if (pmap.attrs().has("parted_out") && pmap.attrs().getInt("parted_out") != 0)
    return false;
  const auto &outAxes = pmap.attrs().getInts("out_axes");
  return k < outAxes.size() && outAxes[k] == 0;
}

} // namespace parax::ir
