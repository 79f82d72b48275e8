//===- MemoryCheck.cpp - eager allocation preflight -----------------------===//
#include "frontend/tracing/MemoryCheck.h"

#include <algorithm>
#include "frontend/machine/Evaluator.h"
#include "ir/Array.h"

#include "ir/HostMemory.h"

#include <cstdio>

namespace parax::frontend {

std::string formatBytes(int64_t bytes) { return formatByteCount(bytes); }

void checkEagerAllocation(Evaluator &ev,
                          const std::vector<TensorType> &resultTypes) {
  int64_t budget = ev.options().deviceMemory;
  if (budget <= 0)
    return;
  int64_t need = 0;
  const TensorType *largest = nullptr;
  for (const TensorType &t : resultTypes) {
    need = saturatingAdd(need, t.byteSize()); // each is under 2^62, the sum may not be
    if (!largest || t.byteSize() > largest->byteSize())
      largest = &t;
  }
  // The device the allocation is accounted to (a shard's data is made on
  // its own device).
  int device = std::max(0, currentDevice());
  int64_t live = MemoryTracker::live(device);
  if (saturatingAdd(need, live) <= budget)
    return;
  int n = ev.options().numDevices;
  std::string msg = "eager allocation of " + formatBytes(need) + " for " +
                    largest->str() + " on device " + std::to_string(device) +
                    " exceeds its memory: " +
                    formatBytes(live) + " already in use, budget " +
                    formatBytes(budget) + " per device";
  std::string hint;
  int64_t perDevice = (largest->byteSize() + n - 1) / n;
  bool shardable = largest->rank() > 0 && largest->shape[0] % n == 0;
  if (n > 1 && perDevice <= budget && shardable) {
    Shape shard = largest->shape;
    shard[0] /= n;
    std::string shardTy = TensorType{largest->dtype, shard}.str();
    msg += "; the " + std::to_string(n) + " devices together hold " +
           formatBytes(budget * n) + " and could hold it as " +
           std::to_string(n) + " shards of " + shardTy + " (" +
           formatBytes(perDevice) + " each)";
    // The sharding line to write: split the leading dimension over a
    // mesh of all the devices.
    std::string spec = "P('x'";
    for (int64_t d = 1; d < largest->rank(); ++d)
      spec += ", None";
    spec += ")";
    hint = "create it sharded over the devices: after jax.set_mesh(jax.make_mesh((" +
           std::to_string(n) + ",), ('x',))) pass out_sharding=" + spec +
           " to the call that makes it (jax.random samplers, jnp.zeros/ones/full take it; "
           "from jax.sharding import PartitionSpec as P), so that each device holds only its " +
           shardTy + " shard";
  } else if (largest->dtype == DType::F32 && saturatingAdd(need / 2, live) <= budget) {
    hint = "use a lower precision (dtype=jnp.bfloat16 halves it)";
  } else {
    hint = "make the array smaller or split the computation";
  }
  raise("RESOURCE_EXHAUSTED", msg, hint);
}

} // namespace parax::frontend
