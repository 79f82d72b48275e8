//===- DeviceAllocator.cpp - a caching device memory allocator ------------===//
#include "runtime/cuda/DeviceAllocator.h"

#include <algorithm>

namespace parax::cuda {

size_t DeviceAllocator::sizeClass(size_t bytes) {
  const size_t small = 512, large = size_t(2) << 20;
  bytes = std::max<size_t>(bytes, 1);
  if (bytes <= (size_t(1) << 20))
    return (bytes + small - 1) / small * small;
  return (bytes + large - 1) / large * large;
}

DeviceAllocator::~DeviceAllocator() { emptyCache(); }

CUdeviceptr DeviceAllocator::allocate(size_t bytes, CUresult &status) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t rounded = sizeClass(bytes);
  CUdeviceptr p = 0;
  auto it = cache_.find(rounded);
  if (it != cache_.end() && !it->second.empty()) {
    p = it->second.back();
    it->second.pop_back();
    --cached_;
  } else {
    status = api_.cuMemAlloc(&p, rounded);
    if (status == CUDA_ERROR_OUT_OF_MEMORY && cached_ > 0) {
      // Return what the cache holds and try once more.
      for (auto &[size, blocks] : cache_)
        for (CUdeviceptr b : blocks) {
          api_.cuMemFree(b);
          reserved_ -= size;
        }
      cache_.clear();
      cached_ = 0;
      status = api_.cuMemAlloc(&p, rounded);
    }
    if (status != CUDA_SUCCESS)
      return 0;
    reserved_ += rounded;
    ++driverAllocs_;
  }
  status = CUDA_SUCCESS;
  live_[p] = {bytes, rounded};
  inUse_ += bytes;
  peak_ = std::max(peak_, inUse_);
  return p;
}

bool DeviceAllocator::free(CUdeviceptr p) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = live_.find(p);
  if (it == live_.end())
    return false;
  inUse_ -= it->second.requested;
  cache_[it->second.rounded].push_back(p);
  ++cached_;
  live_.erase(it);
  return true;
}

void DeviceAllocator::emptyCache() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto &[size, blocks] : cache_)
    for (CUdeviceptr b : blocks) {
      api_.cuMemFree(b);
      reserved_ -= size;
    }
  cache_.clear();
  cached_ = 0;
}

size_t DeviceAllocator::bytesInUse() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return inUse_;
}
size_t DeviceAllocator::highWaterMark() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return peak_;
}
size_t DeviceAllocator::bytesReserved() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return reserved_;
}
size_t DeviceAllocator::cachedBlocks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return cached_;
}
size_t DeviceAllocator::driverAllocations() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return driverAllocs_;
}
void DeviceAllocator::resetHighWaterMark() {
  std::lock_guard<std::mutex> lock(mutex_);
  peak_ = inUse_;
}

} // namespace parax::cuda
