//===- HostMemoryTest.cpp - the host-memory budget ------------------------===//
#include "ir/Array.h"
#include "ir/Diagnostics.h"
#include "ir/HostMemory.h"

#include <gtest/gtest.h>

using namespace parax;

namespace {
/// Restores the process-wide limit after each test.
struct LimitScope {
  int64_t saved = HostMemory::limit();
  explicit LimitScope(int64_t limit) { HostMemory::setLimit(limit); }
  ~LimitScope() { HostMemory::setLimit(saved); }
};

std::string kindOf(const std::function<void()> &f) {
  try {
    f();
  } catch (ParaxError &e) {
    return e.diag().kind;
  }
  return "";
}
} // namespace

TEST(HostMemoryTest, RequireRaisesMemoryErrorPastTheLimit) {
  LimitScope limit(HostMemory::live() + (int64_t(1) << 20));
  EXPECT_EQ(kindOf([] { HostMemory::require(int64_t(1) << 19, "x"); }), "");
  EXPECT_EQ(kindOf([] { HostMemory::require(int64_t(2) << 20, "x"); }), "MemoryError");
  EXPECT_EQ(kindOf([] { HostMemory::require(INT64_MAX, "x"); }), "MemoryError");
}

TEST(HostMemoryTest, ChargesAreReleased) {
  int64_t before = HostMemory::live();
  {
    HostCharge c(1000, "x");
    EXPECT_EQ(HostMemory::live(), before + 1000);
    c.update(5000, "x");
    EXPECT_EQ(HostMemory::live(), before + 5000);
    c.sync(200);
    EXPECT_EQ(HostMemory::live(), before + 200);
  }
  EXPECT_EQ(HostMemory::live(), before);
}

TEST(HostMemoryTest, AFailedChargeChargesNothing) {
  LimitScope limit(HostMemory::live() + 4096);
  int64_t before = HostMemory::live();
  HostCharge c;
  EXPECT_EQ(kindOf([&] { c.update(1 << 20, "x"); }), "MemoryError");
  EXPECT_EQ(c.bytes(), 0);
  EXPECT_EQ(HostMemory::live(), before);
}

TEST(HostMemoryTest, ArrayBuffersAreChargedBeforeTheyAllocate) {
  int64_t before = HostMemory::live();
  {
    Array a = Array::allocate(DType::F32, {256, 256});
    EXPECT_EQ(HostMemory::live(), before + 256 * 256 * 4);
  }
  EXPECT_EQ(HostMemory::live(), before);
  LimitScope limit(HostMemory::live() + (int64_t(1) << 20));
  EXPECT_EQ(kindOf([] { Array::allocate(DType::F32, {1 << 20, 1 << 10}); }),
            "MemoryError");
  EXPECT_EQ(HostMemory::live(), before);
}

TEST(HostMemoryTest, NoLimitMeansUnlimited) {
  LimitScope limit(0);
  EXPECT_EQ(kindOf([] { HostMemory::require(int64_t(1) << 50, "x"); }), "");
}

TEST(HostMemoryTest, TheDefaultLimitIsPositive) {
  EXPECT_GE(HostMemory::defaultLimit(), int64_t(64) << 20);
}
