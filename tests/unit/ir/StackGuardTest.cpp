//===- StackGuardTest.cpp - recursion bounded by the native stack left ----===//
#include "ir/Diagnostics.h"
#include "ir/StackGuard.h"

#include <gtest/gtest.h>

#include <pthread.h>

#include <cstring>
#include <functional>

using namespace parax;

namespace {

/// Runs `body` on a new thread with a `bytes`-byte stack.
void onThreadWithStack(size_t bytes, std::function<void()> body) {
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, bytes), 0);
  pthread_t t;
  auto run = [](void *p) -> void * {
    (*static_cast<std::function<void()> *>(p))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&t, &attr, run, &body), 0);
  pthread_join(t, nullptr);
  pthread_attr_destroy(&attr);
}

/// Recurses with a 1 KiB frame until checkStack() throws (the asm keeps
/// the frame alive across the call, so this is not turned into a loop).
thread_local int gDeepest = 0;
__attribute__((noinline)) int recurse(int depth) {
  if (depth > (1 << 30))
    return 0;
  gDeepest = depth;
  char frame[1024];
  std::memset(frame, depth, sizeof frame);
  asm volatile("" : : "r"(frame) : "memory");
  checkStack("in a test");
  int r = recurse(depth + 1);
  asm volatile("" : : "r"(frame) : "memory");
  return r + frame[depth % 1024];
}

/// The stack size this thread really got (glibc may reuse a larger cached
/// stack than the one asked for).
size_t threadStackSize() {
  pthread_attr_t attr;
  size_t size = 0;
  pthread_getattr_np(pthread_self(), &attr);
  pthread_attr_getstacksize(&attr, &size);
  pthread_attr_destroy(&attr);
  return size;
}

TEST(StackGuard, MeasuresTheStackOfTheCurrentThread) {
  for (size_t bytes : {size_t(1) << 20, size_t(256) << 10}) {
    onThreadWithStack(bytes, [] {
      size_t size = threadStackSize(), left = stackLeft();
      EXPECT_LT(left, size);
      EXPECT_GT(left, size - (size_t(64) << 10));
    });
  }
}

TEST(StackGuard, DeepRecursionIsARecursionError) {
  for (size_t bytes : {size_t(512) << 10, size_t(1) << 20, size_t(4) << 20}) {
    onThreadWithStack(bytes, [] {
      try {
        recurse(0);
        ADD_FAILURE() << "no RecursionError";
      } catch (const ParaxError &e) {
        EXPECT_EQ(e.diag().kind, "RecursionError");
        EXPECT_EQ(e.diag().message, "maximum recursion depth exceeded in a test");
        // It stopped at the margin: the rest of the stack was usable.
        size_t used = size_t(gDeepest) * 1024, size = threadStackSize();
        EXPECT_LT(used, size - kStackMargin);
        EXPECT_GT(used, size - kStackMargin - (size_t(128) << 10));
      }
    });
  }
}

TEST(StackGuard, TheMainThreadHasRoom) {
  // The test runner's thread: far more than the margin is left.
  EXPECT_GT(stackLeft(), 4 * kStackMargin);
  EXPECT_NO_THROW(checkStack());
}

} // namespace
