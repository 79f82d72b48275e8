//===- CoroutineTest.cpp - bodies on their own native stacks --------------===//
//
// The mechanism under generators, alone: suspend/resume order, errors
// crossing back to the resumer, a body suspended inside a catch block while
// the resumer throws and catches its own exceptions, nesting, the stack
// guard measuring the body's own stack, and stacks going back when bodies
// finish.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Coroutine.h"
#include "ir/Diagnostics.h"
#include "ir/StackGuard.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

using namespace parax;
using namespace parax::frontend;

namespace {

TEST(Coroutine, ResumesWhereItSuspended) {
  std::vector<std::string> log;
  Coroutine *self = nullptr;
  Coroutine co([&] {
    for (int i = 0; i < 3; ++i) {
      log.push_back("body " + std::to_string(i));
      self->suspend();
    }
    log.push_back("end");
  });
  self = &co;
  EXPECT_FALSE(co.started());
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(co.resume());
    EXPECT_FALSE(co.running());
    log.push_back("caller " + std::to_string(i));
  }
  EXPECT_FALSE(co.resume());
  EXPECT_TRUE(co.finished());
  EXPECT_FALSE(co.resume()); // a finished body stays finished
  EXPECT_EQ(log, (std::vector<std::string>{"body 0", "caller 0", "body 1", "caller 1",
                                           "body 2", "caller 2", "end"}));
}

TEST(Coroutine, ErrorsReachTheResumer) {
  Coroutine *self = nullptr;
  Coroutine co([&] {
    self->suspend();
    throw ParaxError("ValueError", "from the body");
  });
  self = &co;
  EXPECT_TRUE(co.resume());
  try {
    co.resume();
    FAIL() << "the body's error was lost";
  } catch (ParaxError &e) {
    EXPECT_EQ(e.diag().kind, "ValueError");
  }
  EXPECT_TRUE(co.finished());
}

TEST(Coroutine, SuspendsInsideACatchBlock) {
  // Each side's exceptions in flight stay its own: the body leaves its
  // catch block after the resumer has thrown and caught several.
  Coroutine *self = nullptr;
  std::string seen;
  Coroutine co([&] {
    try {
      throw std::runtime_error("body's");
    } catch (std::exception &e) {
      self->suspend();
      seen = e.what();
      try {
        throw; // the body's own exception is still the current one
      } catch (std::runtime_error &again) {
        seen += std::string(" / ") + again.what();
      }
    }
  });
  self = &co;
  EXPECT_TRUE(co.resume());
  for (int i = 0; i < 3; ++i) {
    try {
      throw std::logic_error("resumer's");
    } catch (std::logic_error &e) {
      EXPECT_EQ(std::string(e.what()), "resumer's");
    }
  }
  EXPECT_EQ(std::uncaught_exceptions(), 0);
  EXPECT_FALSE(co.resume());
  EXPECT_EQ(seen, "body's / body's");
}

TEST(Coroutine, BodiesResumeOtherBodies) {
  std::vector<int> order;
  Coroutine *inner = nullptr, *outer = nullptr;
  Coroutine in([&] {
    order.push_back(2);
    inner->suspend();
    order.push_back(4);
  });
  Coroutine out([&] {
    order.push_back(1);
    in.resume();
    order.push_back(3);
    outer->suspend();
    in.resume();
    order.push_back(5);
  });
  inner = &in;
  outer = &out;
  EXPECT_TRUE(out.resume());
  EXPECT_FALSE(out.resume());
  EXPECT_TRUE(in.finished());
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3, 4, 5}));
}

/// Real recursion (the frame is used after the call, so no compiler can
/// turn it into a loop).
__attribute__((noinline)) int recurse(int n) {
  checkStack();
  volatile int pad[128];
  pad[0] = n;
  if (n == 0)
    return 0;
  pad[1] = recurse(n - 1);
  return pad[1] + 1 + (pad[0] - n);
}

TEST(Coroutine, TheStackGuardMeasuresTheBodysStack) {
  // Unbounded recursion inside a body is a RecursionError, not a fault.
  Coroutine co([] { recurse(1 << 30); });
  try {
    co.resume();
    FAIL() << "recursion was not stopped";
  } catch (ParaxError &e) {
    EXPECT_EQ(e.diag().kind, "RecursionError");
  }
  // A recursion that fits runs to the end; the resumer's bound is back.
  Coroutine ok([] { EXPECT_EQ(recurse(2000), 2000); });
  EXPECT_FALSE(ok.resume());
  EXPECT_GT(stackLeft(), size_t(1) << 20);
}

TEST(Coroutine, FinishedBodiesGiveTheirStacksBack) {
  size_t before = Coroutine::liveStacks();
  for (int i = 0; i < 2000; ++i) {
    Coroutine *self = nullptr;
    Coroutine co([&] { self->suspend(); });
    self = &co;
    EXPECT_TRUE(co.resume());
    EXPECT_EQ(Coroutine::liveStacks(), before + 1);
    EXPECT_FALSE(co.resume());
  }
  EXPECT_EQ(Coroutine::liveStacks(), before);
}

} // namespace
