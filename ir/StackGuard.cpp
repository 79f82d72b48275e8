//===- StackGuard.cpp - recursion bounded by the native stack left ---------===//
#include "ir/StackGuard.h"
#include "ir/Diagnostics.h"

#include <pthread.h>

namespace parax::stackguard {

uintptr_t measureLow() {
  uintptr_t low = 1;
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void *addr = nullptr;
    size_t size = 0, guard = 0;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0 && addr && size) {
      pthread_attr_getguardsize(&attr, &guard);
      uintptr_t lo = reinterpret_cast<uintptr_t>(addr) + guard;
      uintptr_t hi = reinterpret_cast<uintptr_t>(addr) + size;
      uintptr_t here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
      // Only trust bounds that contain the current frame.
      if (lo < here && here <= hi)
        low = lo;
    }
    pthread_attr_destroy(&attr);
  }
  tlsLow = low;
  return low;
}

void raiseExhausted(const char *what) {
  std::string msg = "maximum recursion depth exceeded";
  if (what && *what)
    msg += std::string(" ") + what;
  throw ParaxError("RecursionError", msg, Loc{},
                   "the program nests calls or data too deeply for the native "
                   "stack of this thread");
}

} // namespace parax::stackguard
