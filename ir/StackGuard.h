//===- StackGuard.h - recursion bounded by the native stack left -*- C++ -*-===//
//
// Every recursive entry point (the evaluator's expression and statement
// recursion, Python calls, repr/==/hash of containers, pytree flattening,
// nested-list conversion, the parser) calls checkStack() first. It measures
// the native stack the current thread has left - the thread's stack bounds
// from pthread_getattr_np against the address of the caller's frame - and
// raises RecursionError when less than a safety margin is left. Deep data
// and deep recursion are then a catchable error on any thread, whatever its
// stack size (8 MiB main thread, 1 MiB embedding thread), never a crash.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>

namespace parax {

/// Bytes kept free below every check: room for the C++ work a checked frame
/// does before the next check (a kernel, a diagnostic, unwinding, the
/// formatting of a RecursionError).
constexpr size_t kStackMargin = 192 << 10;

namespace stackguard {
/// The lowest usable address of this thread's stack (above its guard page);
/// 0 until measured, 1 when the bounds are unknown (no checks then).
inline thread_local uintptr_t tlsLow = 0;
uintptr_t measureLow();
[[noreturn]] void raiseExhausted(const char *what);
} // namespace stackguard

/// Bytes of native stack left below the caller's frame on this thread
/// (SIZE_MAX when the thread's stack bounds are unknown).
inline size_t stackLeft() {
  uintptr_t low = stackguard::tlsLow;
  if (low == 0)
    low = stackguard::measureLow();
  uintptr_t here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  if (low == 1 || here < low)
    return SIZE_MAX; // unknown bounds, or running on another stack
  return here - low;
}

/// Raises RecursionError ("maximum recursion depth exceeded" plus `what`,
/// e.g. "while getting the repr of an object") when fewer than `need`
/// bytes of stack are left.
inline void checkStack(const char *what = nullptr, size_t need = kStackMargin) {
  if (__builtin_expect(stackLeft() < need, 0))
    stackguard::raiseExhausted(what);
}

} // namespace parax
