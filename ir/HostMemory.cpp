//===- HostMemory.cpp - the host-memory budget ----------------------------===//
#include "ir/HostMemory.h"
#include "ir/Diagnostics.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <unistd.h>

namespace parax {

std::string formatByteCount(int64_t bytes) {
  const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = double(bytes);
  int u = 0;
  while (v >= 1024 && u < 6) {
    v /= 1024;
    ++u;
  }
  char buf[64];
  if (u == 0)
    std::snprintf(buf, sizeof buf, "%lld B", (long long)bytes);
  else
    std::snprintf(buf, sizeof buf, "%.2f %s", v, units[u]);
  return buf;
}

namespace {
std::atomic<int64_t> gLimit{-1}; // -1: not set yet, use defaultLimit()
std::atomic<int64_t> gLive{0};
std::atomic<int64_t> gPeak{0};


/// MemAvailable from /proc/meminfo, or -1.
int64_t availableBytes() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  int64_t kib;
  std::string unit;
  while (in >> key >> kib) {
    std::getline(in, unit);
    if (key == "MemAvailable:")
      return kib * 1024;
  }
  return -1;
}

void raiseMemoryError(int64_t bytes, const char *what, int64_t limit) {
  throw ParaxError(
      "MemoryError",
      std::string("cannot allocate ") + formatByteCount(bytes) + " for " + what +
          ": " + formatByteCount(gLive.load(std::memory_order_relaxed)) +
          " already held, host-memory limit " + formatByteCount(limit),
      Loc{},
      "build less at once, or raise the limit with --max-memory SIZE "
      "(PARAX_MAX_MEMORY)");
}
} // namespace

void HostMemory::setLimit(int64_t bytes) { gLimit.store(bytes < 0 ? 0 : bytes); }

int64_t HostMemory::limit() {
  int64_t l = gLimit.load(std::memory_order_relaxed);
  if (l < 0) {
    int64_t d = defaultLimit();
    gLimit.compare_exchange_strong(l, d);
    return gLimit.load();
  }
  return l;
}

int64_t HostMemory::defaultLimit() {
  int64_t limit = INT64_MAX;
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && pageSize > 0)
    limit = int64_t(pages) * pageSize / 2;
  int64_t avail = availableBytes();
  if (avail > 0)
    limit = std::min(limit, avail);
  // Under an address-space cap the code, the JIT and the allocator's slack
  // need room too.
  struct rlimit as {};
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
    limit = std::min(limit, int64_t(as.rlim_cur / 2));
  return std::max<int64_t>(limit, int64_t(64) << 20);
}

int64_t HostMemory::live() { return gLive.load(std::memory_order_relaxed); }
int64_t HostMemory::peak() { return gPeak.load(std::memory_order_relaxed); }

void HostMemory::require(int64_t bytes, const char *what) {
  int64_t l = limit();
  if (l <= 0 || bytes <= 0)
    return;
  int64_t now = gLive.load(std::memory_order_relaxed);
  if (bytes > l || now > l - bytes)
    raiseMemoryError(bytes, what, l);
}

void HostMemory::charge(int64_t bytes, const char *what) {
  require(bytes, what);
  chargeUnchecked(bytes);
}

void HostMemory::chargeUnchecked(int64_t bytes) {
  int64_t now = gLive.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  int64_t peak = gPeak.load(std::memory_order_relaxed);
  while (now > peak && !gPeak.compare_exchange_weak(peak, now)) {
  }
}

void HostMemory::release(int64_t bytes) {
  if (bytes)
    gLive.fetch_sub(bytes, std::memory_order_relaxed);
}

} // namespace parax
