//===- Array.cpp - concrete arrays ----------------------------------------===//
#include "ir/Array.h"
#include "ir/Diagnostics.h"
#include "ir/HostMemory.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>

namespace parax {

namespace {
std::atomic<int64_t> gLive[MemoryTracker::kMaxDevices];
std::atomic<int64_t> gPeak[MemoryTracker::kMaxDevices];

thread_local int tCurrentDevice = 0;

void account(Placement p, int64_t bytes) { MemoryTracker::add(p, bytes); }

/// Freed large allocations kept for the next one of the same size. Each big
/// buffer would otherwise be a fresh mmap that page-faults on first touch and
/// is unmapped again when freed, every call (a per-example gradient stack is
/// tens of MiB); like XLA's allocator the process keeps that memory. The
/// bytes are not values (not charged, not accounted to a device) and are
/// bounded: at most an eighth of the host-memory limit, at most 256 MiB.
class LargeBlockCache {
public:
  static constexpr size_t kMinBytes = size_t(256) << 10;

  void *take(size_t rounded) {
    if (rounded < kMinBytes)
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = blocks_.find(rounded);
    if (it == blocks_.end())
      return nullptr;
    void *p = it->second;
    blocks_.erase(it);
    held_ -= rounded;
    return p;
  }
  /// Keeps `p` (true) or leaves it to the caller to free.
  bool keep(void *p, size_t rounded) {
    if (rounded < kMinBytes)
      return false;
    std::lock_guard<std::mutex> lock(mutex_);
    if (held_ + rounded > cap())
      return false;
    blocks_.emplace(rounded, p);
    held_ += rounded;
    return true;
  }

private:
  static size_t cap() {
    size_t c = size_t(256) << 20;
    int64_t limit = HostMemory::limit();
    if (limit > 0)
      c = std::min(c, size_t(limit) / 8);
    return c;
  }
  std::mutex mutex_;
  std::multimap<size_t, void *> blocks_;
  size_t held_ = 0;
};

LargeBlockCache &largeBlocks() {
  static LargeBlockCache *c = new LargeBlockCache(); // outlives static Buffers
  return *c;
}

size_t roundedBytes(size_t bytes) { return ((bytes ? bytes : 1) + 63) / 64 * 64; }
} // namespace

void setCurrentDevice(int device) { tCurrentDevice = device; }
int currentDevice() { return tCurrentDevice; }

void MemoryTracker::add(Placement p, int64_t bytes) {
  int n = p.numShards < 1 ? 1 : p.numShards;
  for (int k = 0; k < n; ++k) {
    int dev = (n == 1 ? p.device : k);
    if (dev < 0 || dev >= kMaxDevices)
      continue;
    int64_t share = bytes / n + (k < bytes % n ? 1 : 0);
    int64_t now = gLive[dev].fetch_add(share) + share;
    int64_t peak = gPeak[dev].load();
    while (now > peak && !gPeak[dev].compare_exchange_weak(peak, now)) {
    }
  }
}
int64_t MemoryTracker::live(int d) { return gLive[d].load(); }
int64_t MemoryTracker::peak(int d) { return gPeak[d].load(); }
void MemoryTracker::resetPeaks() {
  for (int d = 0; d < kMaxDevices; ++d)
    gPeak[d].store(gLive[d].load());
}

std::shared_ptr<Buffer> Buffer::allocate(size_t bytes, Placement p,
                                         bool checkBudget) {
  if (bytes > size_t(INT64_MAX) - 64)
    HostMemory::require(INT64_MAX, "an array");
  // Charged before it exists, so an array too big for the host-memory
  // limit is a MemoryError and never touches the allocator.
  if (checkBudget)
    HostMemory::charge(int64_t(bytes), "an array");
  else
    HostMemory::chargeUnchecked(int64_t(bytes));
  std::shared_ptr<Buffer> b(new Buffer());
  size_t rounded = roundedBytes(bytes);
  b->data_ = largeBlocks().take(rounded);
  if (!b->data_)
    b->data_ = std::aligned_alloc(64, rounded);
  if (!b->data_) {
    HostMemory::release(int64_t(bytes));
    throw ParaxError("MemoryError",
                     "out of host memory allocating " + std::to_string(bytes) +
                         " bytes");
  }
  b->bytes_ = bytes;
  if (p.device < 0)
    p.device = tCurrentDevice;
  b->placement_ = p;
  account(p, int64_t(bytes));
  return b;
}

std::shared_ptr<Buffer> Buffer::wrap(void *data, size_t bytes,
                                     std::shared_ptr<const void> owner) {
  std::shared_ptr<Buffer> b(new Buffer());
  b->data_ = data;
  b->bytes_ = bytes;
  b->external_ = true;
  b->owner_ = std::move(owner);
  return b;
}

Buffer::~Buffer() {
  if (external_)
    return;
  account(placement_, -int64_t(bytes_));
  HostMemory::release(int64_t(bytes_));
  if (!largeBlocks().keep(data_, roundedBytes(bytes_)))
    std::free(data_);
}

void Buffer::setPlacement(Placement p) {
  if (external_)
    return;
  if (p.device < 0)
    p.device = tCurrentDevice;
  account(placement_, -int64_t(bytes_));
  placement_ = p;
  account(placement_, int64_t(bytes_));
}

Array Array::allocate(const TensorType &type, Placement p) {
  // No buffer is ever made for a shape whose byte size does not fit: it
  // would be a small buffer under a huge shape.
  checkArraySize(type.dtype, type.shape);
  return Array(type, Buffer::allocate(size_t(type.byteSize()), p));
}

Array Array::scalar(DType dt, double v, bool weak) {
  Array a = allocate(dt, {}, weak);
  a.setDouble(0, v);
  return a;
}

Array Array::scalarInt(DType dt, int64_t v, bool weak) {
  Array a = allocate(dt, {}, weak);
  a.setInt(0, v);
  return a;
}

Array Array::withWeak(bool weak) const {
  Array r = *this;
  r.type_.weak = weak;
  return r;
}

Array Array::reshaped(Shape shape) const {
  checkArraySize(dtype(), shape);
  PARAX_ASSERT(numElements(shape) == size()) << "reshape size mismatch";
  Array r = *this;
  r.type_.shape = std::move(shape);
  return r;
}

double Array::getDouble(int64_t i) const {
  const void *p = raw();
  switch (dtype()) {
  case DType::Bool: return static_cast<const uint8_t *>(p)[i] ? 1.0 : 0.0;
  case DType::I8: return static_cast<const int8_t *>(p)[i];
  case DType::I16: return static_cast<const int16_t *>(p)[i];
  case DType::I32: return static_cast<const int32_t *>(p)[i];
  case DType::U8: return static_cast<const uint8_t *>(p)[i];
  case DType::U16: return static_cast<const uint16_t *>(p)[i];
  case DType::U32: return static_cast<const uint32_t *>(p)[i];
  case DType::F16: return halfToFloat(static_cast<const uint16_t *>(p)[i]);
  case DType::BF16: return bf16ToFloat(static_cast<const uint16_t *>(p)[i]);
  case DType::F32: return static_cast<const float *>(p)[i];
  case DType::F64: return static_cast<const double *>(p)[i];
  case DType::I64: return double(static_cast<const int64_t *>(p)[i]);
  case DType::U64: return double(static_cast<const uint64_t *>(p)[i]);
  }
  return 0;
}

int64_t Array::getInt(int64_t i) const {
  switch (dtype()) {
  // 64-bit integers are read exactly (a double has 53 bits); uint64 values
  // past INT64_MAX come back two's-complement wrapped, so setInt of the
  // result restores them.
  case DType::I64: return static_cast<const int64_t *>(raw())[i];
  case DType::U64: return int64_t(static_cast<const uint64_t *>(raw())[i]);
  case DType::F16:
  case DType::BF16:
  case DType::F32:
  case DType::F64: {
    double d = getDouble(i);
    if (std::isnan(d))
      return 0;
    if (d >= 0x1p63)
      return std::numeric_limits<int64_t>::max();
    if (d <= -0x1p63)
      return std::numeric_limits<int64_t>::min();
    return int64_t(d);
  }
  default:
    return int64_t(getDouble(i));
  }
}

namespace {
template <typename T> T saturatingCast(double v) {
  // float -> int conversion: truncation toward zero, saturating (XLA's CPU
  // convert clamps out-of-range values; NaN becomes 0).
  if (std::isnan(v))
    return T(0);
  if (v <= double(std::numeric_limits<T>::min()))
    return std::numeric_limits<T>::min();
  if (v >= double(std::numeric_limits<T>::max()))
    return std::numeric_limits<T>::max();
  return T(v);
}
} // namespace

void Array::setDouble(int64_t i, double v) {
  void *p = raw();
  switch (dtype()) {
  case DType::Bool: static_cast<uint8_t *>(p)[i] = v != 0; break;
  case DType::I8: static_cast<int8_t *>(p)[i] = saturatingCast<int8_t>(v); break;
  case DType::I16: static_cast<int16_t *>(p)[i] = saturatingCast<int16_t>(v); break;
  case DType::I32: static_cast<int32_t *>(p)[i] = saturatingCast<int32_t>(v); break;
  case DType::U8: static_cast<uint8_t *>(p)[i] = saturatingCast<uint8_t>(v); break;
  case DType::U16: static_cast<uint16_t *>(p)[i] = saturatingCast<uint16_t>(v); break;
  case DType::U32: static_cast<uint32_t *>(p)[i] = saturatingCast<uint32_t>(v); break;
  case DType::F16: static_cast<uint16_t *>(p)[i] = floatToHalf(float(v)); break;
  case DType::BF16: static_cast<uint16_t *>(p)[i] = floatToBf16(float(v)); break;
  case DType::F32: static_cast<float *>(p)[i] = float(v); break;
  case DType::F64: static_cast<double *>(p)[i] = v; break;
  case DType::I64: static_cast<int64_t *>(p)[i] = saturatingCast<int64_t>(v); break;
  case DType::U64: static_cast<uint64_t *>(p)[i] = saturatingCast<uint64_t>(v); break;
  }
}

void Array::setInt(int64_t i, int64_t v) {
  void *p = raw();
  // Integer -> integer wraps (two's complement), as numpy/XLA do.
  switch (dtype()) {
  case DType::Bool: static_cast<uint8_t *>(p)[i] = v != 0; break;
  case DType::I8: static_cast<int8_t *>(p)[i] = int8_t(v); break;
  case DType::I16: static_cast<int16_t *>(p)[i] = int16_t(v); break;
  case DType::I32: static_cast<int32_t *>(p)[i] = int32_t(v); break;
  case DType::U8: static_cast<uint8_t *>(p)[i] = uint8_t(v); break;
  case DType::U16: static_cast<uint16_t *>(p)[i] = uint16_t(v); break;
  case DType::U32: static_cast<uint32_t *>(p)[i] = uint32_t(v); break;
  case DType::I64: static_cast<int64_t *>(p)[i] = v; break;
  case DType::U64: static_cast<uint64_t *>(p)[i] = uint64_t(v); break;
  default: setDouble(i, double(v)); break;
  }
}

Array Array::copy(Placement p) const {
  Array r = allocate(type_, p);
  std::memcpy(r.raw(), raw(), size_t(byteSize()));
  return r;
}

Array Array::astype(DType dt, bool weak) const {
  Array r = allocate(dt, shape(), weak);
  int64_t n = size();
  bool srcFloat = isFloat(dtype());
  for (int64_t i = 0; i < n; ++i) {
    if (srcFloat || isFloat(dt))
      r.setDouble(i, getDouble(i));
    else
      r.setInt(i, getInt(i));
  }
  return r;
}

} // namespace parax
