//===- ValueTeardownTest.cpp - destroying deep values takes bounded stack -===//
#include "frontend/machine/Value.h"

#include <gtest/gtest.h>

#include <pthread.h>

#include <functional>

using namespace parax::frontend;

namespace {

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

TEST(ValueTeardown, MillionDeepListOnA256KiBThread) {
  onThreadWithStack(256 << 10, [] {
    Value a = Value::list({});
    for (int i = 0; i < 1000000; ++i)
      a = Value::list({a});
    a = Value::none(); // the whole chain goes here
    EXPECT_TRUE(a.isNone());
  });
}

TEST(ValueTeardown, DeepMixedContainers) {
  onThreadWithStack(256 << 10, [] {
    Value v = Value::integer(1);
    for (int i = 0; i < 300000; ++i) {
      Value d = Value::dict();
      d.asDict().set(Value::str("k"), i % 2 ? Value::tuple({v, v}) : Value::list({v}));
      v = d;
    }
    Value keep = v; // two owners: dropping one destroys nothing
    v = Value();
    EXPECT_TRUE(keep.isDict());
  });
}

} // namespace
