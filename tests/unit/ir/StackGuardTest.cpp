//===- StackGuardTest.cpp - recursion bounded by the native stack left ----===//
#include "ir/Diagnostics.h"
#include "ir/StackGuard.h"

#include <gtest/gtest.h>

#include <pthread.h>

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

/// Recurses with a 1 KiB frame until checkStack() throws; returns the depth.
int recurse(int depth) {
  volatile char frame[1024];
  frame[0] = char(depth);
  checkStack("in a test");
  return recurse(depth + 1) + frame[0] * 0;
}

TEST(StackGuard, MeasuresTheStackOfTheCurrentThread) {
  onThreadWithStack(1 << 20, [] {
    size_t left = stackLeft();
    EXPECT_LT(left, size_t(1) << 20);
    EXPECT_GT(left, size_t(900) << 10);
  });
  onThreadWithStack(256 << 10, [] { EXPECT_LT(stackLeft(), size_t(256) << 10); });
}

TEST(StackGuard, DeepRecursionIsARecursionError) {
  for (size_t bytes : {size_t(512) << 10, size_t(1) << 20, size_t(4) << 20}) {
    onThreadWithStack(bytes, [bytes] {
      try {
        recurse(0);
        ADD_FAILURE() << "no RecursionError";
      } catch (const ParaxError &e) {
        EXPECT_EQ(e.diag().kind, "RecursionError");
        EXPECT_EQ(e.diag().message, "maximum recursion depth exceeded in a test");
        // It stopped near the margin: most of the stack was usable.
        EXPECT_LT(stackLeft(), bytes);
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
