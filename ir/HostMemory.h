//===- HostMemory.h - the host-memory budget --------------------*- C++ -*-===//
//
// One process-wide accountant of the host bytes that Python values hold:
// strings, list/tuple/dict storage and array buffers. Producers of large
// values ask `require` before they allocate, and every value is charged
// while it lives, so a program that builds too much stops with MemoryError
// at its own line instead of growing the process until the kernel (or an
// address-space cap) kills it. The limit is --max-memory / PARAX_MAX_MEMORY,
// by default half the physical memory (less if less is available).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

#include <cstdint>

namespace parax {

/// "512 B", "16.00 MiB", "4.00 TiB": byte counts in messages.
std::string formatByteCount(int64_t bytes);

class HostMemory {
public:
  /// Bytes the values of this process may hold; 0 means no limit.
  static void setLimit(int64_t bytes);
  static int64_t limit();
  /// The default limit: min(50% of physical RAM, available RAM, half of an
  /// address-space rlimit), never below 64 MiB.
  static int64_t defaultLimit();
  /// Bytes held now, and the most held at once.
  static int64_t live();
  static int64_t peak();

  /// Throws ParaxError MemoryError when `bytes` more would exceed the limit
  /// (charges nothing). `what` names the value: "a str of 1e9 characters".
  static void require(int64_t bytes, const char *what);
  /// Charges `bytes` (after the same check as require).
  static void charge(int64_t bytes, const char *what);
  /// Charges without a check (bytes already allocated that must be counted).
  static void chargeUnchecked(int64_t bytes);
  static void release(int64_t bytes);
};

/// Keeps a growing container's charge in step with its capacity: update()
/// charges (or releases) the difference; the destructor releases it all.
class HostCharge {
public:
  HostCharge() = default;
  explicit HostCharge(int64_t bytes, const char *what) { update(bytes, what); }
  ~HostCharge() { HostMemory::release(bytes_); }
  HostCharge(const HostCharge &) = delete;
  HostCharge &operator=(const HostCharge &) = delete;
  void update(int64_t bytes, const char *what) {
    if (bytes > bytes_)
      HostMemory::charge(bytes - bytes_, what);
    else
      HostMemory::release(bytes_ - bytes);
    bytes_ = bytes;
  }
  int64_t bytes() const { return bytes_; }
  /// Like update, but never throws: for storage that already grew.
  void sync(int64_t bytes) {
    if (bytes > bytes_)
      HostMemory::chargeUnchecked(bytes - bytes_);
    else
      HostMemory::release(bytes_ - bytes);
    bytes_ = bytes;
  }

private:
  int64_t bytes_ = 0;
};

} // namespace parax
