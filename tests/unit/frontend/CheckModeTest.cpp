// parax check evaluates abstractly: jit results have a shape and a dtype but
// no data, and the first line that needs their data ends the check.
#include "SessionTestUtil.h"

#include <gtest/gtest.h>

using namespace parax;
using namespace parax::testing;

namespace {
Options checkOptions() {
  Options o = testOptions();
  o.checkOnly = true;
  return o;
}
} // namespace

TEST(CheckMode, ShapesWorkAndPrintingTheDataStops) {
  RunResult r = runProgram("import jax\nimport jax.numpy as jnp\n"
                           "y = jax.jit(lambda x: x * 2.0)(jnp.ones((3, 2)))\n"
                           "print(y.shape, y.dtype, (y + 1).T.shape)\n"
                           "print(y)\n"
                           "print('after')\n",
                           checkOptions());
  EXPECT_TRUE(r.ok);
  EXPECT_TRUE(contains(r.out, "program jit(<lambda>)"));
  EXPECT_TRUE(contains(r.out, "(3, 2) float32 (2, 3)"));
  EXPECT_EQ(r.out.find("after"), std::string::npos);
  EXPECT_EQ(r.out.find("0."), std::string::npos);
  EXPECT_TRUE(contains(r.err, "prog.py:5:1: note: parax check stops here"));
}

TEST(CheckMode, ShortCircuitAndAssertStopToo) {
  // `and` and `assert` rewrite tracer-bool errors; the stop must pass through.
  for (const char *line : {"ok = (y > 0) and True\n", "assert y > 0\n"}) {
    RunResult r = runProgram(std::string("import jax\nimport jax.numpy as jnp\n"
                                         "y = jax.jit(lambda x: x + 1)(jnp.zeros(()))\n") +
                                 line + "print('after')\n",
                             checkOptions());
    EXPECT_TRUE(r.ok) << line;
    EXPECT_EQ(r.out.find("after"), std::string::npos) << line;
    EXPECT_TRUE(contains(r.err, "prog.py:4:"));
    EXPECT_TRUE(contains(r.err, "parax check stops here"));
  }
}

TEST(CheckMode, ResultsFeedFurtherPrograms) {
  RunResult r = runProgram("import jax\nimport jax.numpy as jnp\n"
                           "a = jax.jit(lambda x: x * 2.0)(jnp.ones((4,)))\n"
                           "b = jax.jit(lambda x: x.sum())(a)\n"
                           "print(b.shape)\n",
                           checkOptions());
  EXPECT_TRUE(r.ok);
  EXPECT_TRUE(contains(r.out, "reduce_sum"));
  EXPECT_TRUE(contains(r.out, "()\n"));
  EXPECT_TRUE(r.err.empty()) << r.err;
}
