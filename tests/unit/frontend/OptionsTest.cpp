//===- OptionsTest.cpp - memory budgets on the command line ---------------===//
#include "repl/Options.h"

#include <gtest/gtest.h>

using namespace parax;

namespace {
bool budget(const std::string &text, int64_t &out, std::string &error) {
  return parseMemoryBudget("--device-memory", text, 1, out, error);
}
} // namespace

TEST(OptionsTest, SizesTakeUnits) {
  EXPECT_EQ(parseByteSize("4096"), 4096);
  EXPECT_EQ(parseByteSize("2KiB"), 2048);
  EXPECT_EQ(parseByteSize("3MiB"), 3 << 20);
  EXPECT_EQ(parseByteSize("1GiB"), int64_t(1) << 30);
  EXPECT_EQ(parseByteSize("1TiB"), int64_t(1) << 40);
  EXPECT_EQ(parseByteSize("1500MB"), int64_t(1500000000));
  EXPECT_EQ(parseByteSize("1e9"), int64_t(1000000000));
  EXPECT_EQ(parseByteSize("1.5KB"), 1500);
  EXPECT_FALSE(parseByteSize("abc"));
  EXPECT_FALSE(parseByteSize("-5"));
  EXPECT_FALSE(parseByteSize("5 parsecs"));
  EXPECT_FALSE(parseByteSize("1e30")); // past 2**63: not a wrapped number
  EXPECT_FALSE(parseByteSize("99999999999999999999"));
}

TEST(OptionsTest, BudgetsAreNeverSilentlyUnlimited) {
  int64_t v = -1;
  std::string error;
  EXPECT_FALSE(budget("0", v, error));
  EXPECT_NE(error.find("too small"), std::string::npos) << error;
  EXPECT_FALSE(budget("0.5", v, error));
  EXPECT_FALSE(budget("lots", v, error));
  EXPECT_NE(error.find("cannot parse"), std::string::npos) << error;
  EXPECT_FALSE(budget("1e30", v, error));
  EXPECT_NE(error.find("too large"), std::string::npos) << error;
  EXPECT_FALSE(budget("2EiB", v, error));
  EXPECT_EQ(v, -1);
  EXPECT_TRUE(budget("32GiB", v, error));
  EXPECT_EQ(v, int64_t(32) << 30);
}

TEST(OptionsTest, HostBudgetHasAFloor) {
  int64_t v = 0;
  std::string error;
  EXPECT_FALSE(parseMemoryBudget("--max-memory", "100", int64_t(1) << 20, v, error));
  EXPECT_TRUE(parseMemoryBudget("--max-memory", "512MiB", int64_t(1) << 20, v, error));
  EXPECT_EQ(v, int64_t(512) << 20);
}

TEST(OptionsTest, VersionNamesLlvmAndBackends) {
  std::string v = versionText();
  EXPECT_EQ(v.rfind("parax ", 0), 0u) << v;
  EXPECT_NE(v.find("LLVM"), std::string::npos) << v;
  EXPECT_NE(v.find("cpu"), std::string::npos) << v;
}
