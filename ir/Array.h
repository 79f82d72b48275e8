//===- Array.h - concrete arrays --------------------------------*- C++ -*-===//
//
// A concrete array: a TensorType plus a shared, 64-byte-aligned host buffer in
// row-major order. Arrays are values (copying shares the buffer); kernels
// always write fresh buffers, so sharing is never observable. The buffer
// knows which device(s) it is accounted to, so the memory tracker can report
// each device's live bytes and high-water mark (what the preflight is checked
// against).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Half.h"
#include "ir/Types.h"

#include <atomic>
#include <cstddef>
#include <memory>

namespace parax {

/// Where an array's bytes are accounted: one device, or split evenly over
/// devices [0, numShards) (a pmap result sharded along its mapped axis).
/// device -1 means the calling thread's current device (see
/// setCurrentDevice), which is how kernels running inside a pmap device
/// thread account their results to that device.
struct Placement {
  int device = -1;
  int numShards = 1;
};

/// The device that allocations on this thread are accounted to.
void setCurrentDevice(int device);
int currentDevice();

/// Raw storage. Allocation and release update the MemoryTracker.
class Buffer {
public:
  /// Charges the host-memory budget first (MemoryError past it), unless
  /// `checkBudget` is false: then the bytes are counted but never refused.
  static std::shared_ptr<Buffer> allocate(size_t bytes, Placement p = {},
                                          bool checkBudget = true);
  /// Memory owned by someone else, used in place (the embedding API's
  /// views over host arrays): never freed here and not accounted to a
  /// device; `owner` (may be null) is kept alive as long as the buffer.
  static std::shared_ptr<Buffer> wrap(void *data, size_t bytes,
                                      std::shared_ptr<const void> owner);
  ~Buffer();
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  void *data() { return data_; }
  const void *data() const { return data_; }
  size_t bytes() const { return bytes_; }
  const Placement &placement() const { return placement_; }
  /// Re-accounts the bytes to another placement (pmap outputs).
  void setPlacement(Placement p);

private:
  Buffer() = default;
  void *data_ = nullptr;
  size_t bytes_ = 0;
  Placement placement_;
  bool external_ = false; ///< wrap(): not ours to free or account.
  std::shared_ptr<const void> owner_;
};

/// Per-device live bytes and high-water marks of Buffers (thread-safe).
class MemoryTracker {
public:
  static constexpr int kMaxDevices = 64;
  static void add(Placement p, int64_t bytes);
  static int64_t live(int device);
  static int64_t peak(int device);
  /// Sets every device's peak to its current live bytes.
  static void resetPeaks();
};

class Array {
public:
  Array() = default;
  Array(TensorType type, std::shared_ptr<Buffer> buf)
      : type_(std::move(type)), buf_(std::move(buf)) {}

  /// Uninitialised storage for `type`.
  static Array allocate(const TensorType &type, Placement p = {});
  static Array allocate(DType dt, Shape shape, bool weak = false,
                        Placement p = {}) {
    return allocate(TensorType{dt, std::move(shape), weak}, p);
  }
  /// A rank-0 array holding `v` converted to `dt`.
  static Array scalar(DType dt, double v, bool weak = false);
  static Array scalarInt(DType dt, int64_t v, bool weak = false);

  bool valid() const { return buf_ != nullptr; }
  const TensorType &type() const { return type_; }
  DType dtype() const { return type_.dtype; }
  const Shape &shape() const { return type_.shape; }
  bool weak() const { return type_.weak; }
  int64_t rank() const { return type_.rank(); }
  int64_t size() const { return type_.numElements(); }
  int64_t byteSize() const { return type_.byteSize(); }

  void *raw() { return buf_->data(); }
  const void *raw() const { return buf_->data(); }
  template <typename T> T *data() { return static_cast<T *>(buf_->data()); }
  template <typename T> const T *data() const {
    return static_cast<const T *>(buf_->data());
  }
  const std::shared_ptr<Buffer> &buffer() const { return buf_; }

  /// Same data, another weak flag / shape (element count must match).
  Array withWeak(bool weak) const;
  Array reshaped(Shape shape) const;

  /// Element `i` (flat, row-major) converted to double / int64.
  double getDouble(int64_t i) const;
  int64_t getInt(int64_t i) const;
  /// Stores `v` (converted to the dtype) at flat index i.
  void setDouble(int64_t i, double v);
  void setInt(int64_t i, int64_t v);

  /// A deep copy in a fresh buffer.
  Array copy(Placement p = {}) const;
  /// Element-wise conversion to another dtype (numpy astype semantics:
  /// float->int truncates, ->bool is != 0).
  Array astype(DType dt, bool weak = false) const;

private:
  TensorType type_;
  std::shared_ptr<Buffer> buf_;
};

} // namespace parax
