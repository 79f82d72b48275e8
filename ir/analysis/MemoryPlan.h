//===- MemoryPlan.h - per-device peak memory of a program -------*- C++ -*-===//
//
// Buffer liveness over the IR, simulated in execution order: every op
// result is a buffer on the device that computes it (reshape aliases its
// operand, constants already exist), released after its last use; a loop
// body counts once (simulated for two iterations so that carries replaced
// by fresh buffers are seen), an unrolled Python loop counts as unrolled,
// cond takes its worst branch, and a pmap region is simulated once per
// device. The result is what the program allocates beyond the memory that
// already exists when it starts (its arguments and constants), per device,
// with the buffers that are live at each device's peak.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

#include <string>
#include <vector>

namespace parax::ir {

/// A buffer live at a device's peak.
struct PlannedBuffer {
  const Value *value = nullptr; ///< The SSA value that owns it.
  int64_t bytes = 0;
  Loc loc;                      ///< Where it was created.
  TraceStack stack;
  std::string what;             ///< "f32[2048,2048] from tanh"
  int count = 1;                ///< Identical buffers merged (unrolled loops).
};

struct DevicePlan {
  int64_t peak = 0;                  ///< Bytes above the starting baseline.
  std::vector<PlannedBuffer> atPeak; ///< Largest first.
};

struct MemoryPlan {
  std::vector<DevicePlan> devices; ///< One per device the program touches.
  int worstDevice() const;
  int64_t maxPeak() const;
};

/// Plans `f` (a program entry) for `numDevices` devices.
MemoryPlan planMemory(const Func &f, int numDevices);

} // namespace parax::ir
