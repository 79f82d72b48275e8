//===- StopTest.cpp - the stop flag, the timeout watchdog, stopped waits --===//
//
// StopFlag keeps the first reason asked for and names it in its error; the
// Watchdog requests Timeout once its time is up and nothing once disarmed;
// a device waiting in a collective for a device that never comes leaves
// with the stop's error. No assertion depends on how long anything takes.
//
//===----------------------------------------------------------------------===//
#include "runtime/BackendStop.h"
#include "runtime/Communicator.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace parax::runtime {
namespace {

Array scalar(float v) {
  Array a = Array::allocate(TensorType{DType::F32, {}, false});
  *static_cast<float *>(a.raw()) = v;
  return a;
}

TEST(StopFlag, FirstReasonWinsUntilCleared) {
  StopFlag f;
  EXPECT_FALSE(f.stopped());
  EXPECT_NO_THROW(f.check(Loc{}));
  f.request(StopFlag::Interrupt);
  f.request(StopFlag::Timeout);
  EXPECT_EQ(f.reason(), StopFlag::Interrupt);
  EXPECT_EQ(f.error(Loc{}).diag().kind, "KeyboardInterrupt");
  f.clear();
  EXPECT_FALSE(f.stopped());
  f.setTimeoutName("--timeout 2 s");
  f.request(StopFlag::Timeout);
  ParaxError e = f.error(Loc{});
  EXPECT_EQ(e.diag().kind, "TimeoutError");
  EXPECT_NE(e.diag().message.find("ran past --timeout 2 s"), std::string::npos);
  EXPECT_THROW(f.check(Loc{}), ParaxError);
}

TEST(StopFlag, WordIsWhatCompiledCodeReads) {
  StopFlag f;
  f.request(StopFlag::Timeout);
  EXPECT_EQ(f.word()->load(), int32_t(StopFlag::Timeout));
}

TEST(Watchdog, RequestsTimeoutWhenTimeIsUp) {
  StopFlag f;
  Watchdog w(f);
  w.arm(0.01);
  while (!f.stopped())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(f.reason(), StopFlag::Timeout);
  w.disarm();
}

TEST(Watchdog, DisarmedBeforeItsTimeDoesNothing) {
  StopFlag f;
  Watchdog w(f);
  w.arm(1e6);
  w.disarm();
  w.arm(0); // no timeout: nothing armed
  w.disarm();
  EXPECT_FALSE(f.stopped());
}

TEST(StopFlag, ReleasesADeviceWaitingInACollective) {
  StopFlag f;
  ThreadCommunicator comm(2, &f); // device 1 never joins
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    f.request(StopFlag::Interrupt);
  });
  try {
    comm.allReduce(0, scalar(1), ir::OpKind::Psum);
    ADD_FAILURE() << "the collective returned without its peer";
  } catch (ParaxError &e) {
    EXPECT_EQ(e.diag().kind, "KeyboardInterrupt");
  }
  stopper.join();
  // The group is aborted: a later collective fails at once.
  EXPECT_THROW(comm.allReduce(1, scalar(1), ir::OpKind::Psum), ParaxError);
}

} // namespace
} // namespace parax::runtime
