//===- DeviceAllocator.h - a caching device memory allocator ----*- C++ -*-===//
//
// cuMemAlloc/cuMemFree cost tens of microseconds and synchronise, so freed
// blocks are kept per size class and reused. Nothing is preallocated: the
// allocator holds only blocks programs asked for (live or cached). When the
// driver runs out of memory the cache is returned to it and the request
// retried once. It tracks the bytes programs hold (requested sizes) and their
// high-water mark, which the runtime reports to the memory planner, and the
// bytes held from the driver (rounded, live + cached).
//
// Size classes: requests round up to 512 bytes up to 1 MiB, then to 2 MiB
// (the driver's own large-page granularity), so a cached block is reused only
// by a request of the same class and never wastes more than that rounding.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/cuda/CudaDriver.h"

#include <map>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace parax::cuda {

class DeviceAllocator {
public:
  explicit DeviceAllocator(const DriverApi &api) : api_(api) {}
  /// Returns the cached blocks to the driver (live blocks are the owner's).
  ~DeviceAllocator();

  /// At least `bytes` of device memory (a distinct block even for 0); 0 with
  /// `status` set when the driver cannot provide it.
  CUdeviceptr allocate(size_t bytes, CUresult &status);
  /// Gives a block back to the cache; false for a pointer it did not hand out.
  bool free(CUdeviceptr p);
  /// Returns every cached block to the driver.
  void emptyCache();

  static size_t sizeClass(size_t bytes);

  size_t bytesInUse() const;     ///< requested bytes of live blocks
  size_t highWaterMark() const;  ///< peak of bytesInUse
  size_t bytesReserved() const;  ///< rounded bytes held from the driver
  size_t cachedBlocks() const;
  size_t driverAllocations() const; ///< cuMemAlloc calls that succeeded
  void resetHighWaterMark();

private:
  const DriverApi &api_;
  mutable std::mutex mutex_;
  struct Live {
    size_t requested, rounded;
  };
  std::unordered_map<CUdeviceptr, Live> live_;
  std::map<size_t, std::vector<CUdeviceptr>> cache_; ///< by size class
  size_t inUse_ = 0, peak_ = 0, reserved_ = 0, cached_ = 0, driverAllocs_ = 0;
};

} // namespace parax::cuda
