//===- MemoryCheck.h - eager allocation preflight ---------------*- C++ -*-===//
//
// Before an eager op allocates its results on a device, check them against
// the device's memory budget (--device-memory, or a GPU's capacity). An
// over-budget allocation is RESOURCE_EXHAUSTED *before* anything is
// allocated, saying whether the devices together could hold the tensor and
// showing the pmap sharding that would fit.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Types.h"

#include <string>
#include <vector>

namespace parax::frontend {

class Evaluator;

void checkEagerAllocation(Evaluator &ev,
                          const std::vector<TensorType> &resultTypes);

/// "32.0 MiB", "1.5 GiB", "512 B".
std::string formatBytes(int64_t bytes);

} // namespace parax::frontend
