//===- MemoryTest.cpp - planned vs measured device memory -----------------===//
//
// Runs programs through repl/Session with PARAX_MEMCHECK set, which makes
// every compiled program report its memory plan's per-device peak next to
// the peak the MemoryTracker measured while the interpreter ran it:
//   memcheck jit(f) device 0 planned 8192 measured 8192
// The plan must match the measurement, and a fori_loop's memory must not
// depend on its trip count.
//
//===----------------------------------------------------------------------===//
#include "tests/unit/frontend/SessionTestUtil.h"

#include <cstdlib>
#include <regex>

namespace parax::testing {
namespace {

struct MemLine {
  std::string program;
  int device = 0;
  int64_t planned = 0, measured = 0;
};

class MemoryTest : public ::testing::Test {
protected:
  void SetUp() override { setenv("PARAX_MEMCHECK", "1", 1); }
  void TearDown() override { unsetenv("PARAX_MEMCHECK"); }

  /// Runs `src` and returns its memcheck lines.
  std::vector<MemLine> measure(const std::string &src, int devices = 1,
                               const std::string &backend = "interp") {
    Options o = testOptions(devices);
    o.backend = backend;
    RunResult r = runProgram(src, o);
    EXPECT_TRUE(r.ok) << r.err;
    std::vector<MemLine> lines;
    static const std::regex re(R"(memcheck (\S+) device (\d+) planned (\d+) measured (-?\d+))");
    for (std::sregex_iterator it(r.err.begin(), r.err.end(), re), end; it != end; ++it)
      lines.push_back(MemLine{(*it)[1], std::stoi((*it)[2]), std::stoll((*it)[3]),
                              std::stoll((*it)[4])});
    EXPECT_FALSE(lines.empty()) << "no memcheck output:\n" << r.err;
    return lines;
  }

  static std::string foriProgram(int trips) {
    return R"(import jax
import jax.numpy as jnp
from jax import lax
def body(i, x):
    return jnp.tanh(x) * 0.5 + x
@jax.jit
def f(x):
    return lax.fori_loop(0, )" +
           std::to_string(trips) + R"(, body, x)
print(f(jnp.ones(1024))[0])
)";
  }
};

#define EXPECT_PLAN_MATCHES(lines)                                             \
  for (const MemLine &l_ : (lines))                                            \
  EXPECT_EQ(l_.planned, l_.measured)                                           \
      << l_.program << " on device " << l_.device

TEST_F(MemoryTest, ForiLoopPeakIsIndependentOfTheTripCount) {
  std::vector<MemLine> ten = measure(foriProgram(10));
  std::vector<MemLine> many = measure(foriProgram(10000));
  ASSERT_EQ(ten.size(), 1u);
  ASSERT_EQ(many.size(), 1u);
  EXPECT_PLAN_MATCHES(ten);
  EXPECT_PLAN_MATCHES(many);
  EXPECT_EQ(ten[0].planned, many[0].planned);
  EXPECT_EQ(ten[0].measured, many[0].measured);
  EXPECT_GT(ten[0].planned, 0);
  EXPECT_LT(ten[0].planned, 8 * 4096); // a few f32[1024] buffers, not 10
}

TEST_F(MemoryTest, UnrolledPythonLoopGrowsWithItsLength) {
  auto program = [](int n) {
    return R"(import jax
import jax.numpy as jnp
@jax.jit
def f(x):
    ys = []
    for k in range()" +
           std::to_string(n) + R"():
        ys.append(jnp.tanh(x + k))
    return sum(ys)
print(f(jnp.ones(1024))[0])
)";
  };
  std::vector<MemLine> two = measure(program(2)), eight = measure(program(8));
  ASSERT_EQ(two.size(), 1u);
  ASSERT_EQ(eight.size(), 1u);
  EXPECT_PLAN_MATCHES(two);
  EXPECT_PLAN_MATCHES(eight);
  EXPECT_GE(eight[0].planned, 8 * 4096);
  EXPECT_GT(eight[0].planned, two[0].planned);
}

TEST_F(MemoryTest, ScanPlanMatchesMeasurement) {
  std::vector<MemLine> lines = measure(R"(import jax
import jax.numpy as jnp
from jax import lax
def step(c, x):
    y = jnp.sin(x) + c
    return c + jnp.sum(y), y * 2.0
@jax.jit
def f(xs):
    return lax.scan(step, 0.0, xs)
c, ys = f(jnp.ones((64, 256)))
print(c, ys.shape)
)");
  EXPECT_PLAN_MATCHES(lines);
  EXPECT_GE(lines[0].planned, 64 * 256 * 4); // the stacked ys
}

TEST_F(MemoryTest, WhileAndCondPlansMatchMeasurement) {
  std::vector<MemLine> lines = measure(R"(import jax
import jax.numpy as jnp
from jax import lax
@jax.jit
def f(x, k):
    def cond(c):
        return c[0] < 5
    def body(c):
        return c[0] + 1, jnp.exp(c[1]) * 0.1
    n, y = lax.while_loop(cond, body, (0, x))
    return lax.cond(k > 0, lambda v: jnp.tile(v, 4).sum(), lambda v: v.sum(), y)
print(f(jnp.ones(512), 1))
print(f(jnp.ones(512), 0))
)");
  ASSERT_EQ(lines.size(), 2u); // one program, run twice
  // The plan is the peak over both branches: the run that takes the larger
  // (tile) branch reaches it exactly; the other stays below it.
  EXPECT_EQ(lines[0].planned, lines[0].measured);
  EXPECT_EQ(lines[1].planned, lines[0].planned);
  EXPECT_LT(lines[1].measured, lines[1].planned);
}

TEST_F(MemoryTest, PmapPlanMatchesMeasurementOnEveryDevice) {
  std::vector<MemLine> lines = measure(R"(import jax
import jax.numpy as jnp
from jax import lax
def step(x):
    y = jnp.tanh(x) + lax.axis_index('i')
    return lax.psum(y, 'i'), lax.all_gather(y, 'i')
f = jax.pmap(step, axis_name='i')
s, g = f(jnp.ones((4, 256)))
print(s.shape, g.shape)
)",
                                       4);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_PLAN_MATCHES(lines);
  for (const MemLine &l : lines)
    EXPECT_GT(l.planned, 0) << "device " << l.device;
}

TEST_F(MemoryTest, PmapWithForiLoopPeakIsIndependentOfTheTripCount) {
  auto program = [](int trips) {
    return R"(import jax
import jax.numpy as jnp
from jax import lax
def step(x):
    def body(i, c):
        return lax.psum(c, 'i') * 0.25 + jnp.cos(c)
    return lax.fori_loop(0, )" +
           std::to_string(trips) + R"(, body, x)
print(jax.pmap(step, axis_name='i')(jnp.ones((2, 128))).shape)
)";
  };
  std::vector<MemLine> ten = measure(program(10), 2), many = measure(program(2000), 2);
  ASSERT_EQ(ten.size(), 2u);
  ASSERT_EQ(many.size(), 2u);
  EXPECT_PLAN_MATCHES(ten);
  EXPECT_PLAN_MATCHES(many);
  for (size_t d = 0; d < 2; ++d)
    EXPECT_EQ(ten[d].planned, many[d].planned) << "device " << d;
}

//===----------------------------------------------------------------------===//
// The compiled CPU backend: the plan follows codegen::FusionPlan's storage
// decisions (fused values are never stored, rank-0 values live in
// registers, carries may be updated in place, runtime calls get temporaries).
//===----------------------------------------------------------------------===//
TEST_F(MemoryTest, CpuForiLoopPeakIsIndependentOfTheTripCount) {
  std::vector<MemLine> ten = measure(foriProgram(10), 1, "cpu"),
                       many = measure(foriProgram(10000), 1, "cpu");
  ASSERT_EQ(ten.size(), 1u);
  ASSERT_EQ(many.size(), 1u);
  EXPECT_PLAN_MATCHES(ten);
  EXPECT_PLAN_MATCHES(many);
  EXPECT_EQ(ten[0].planned, many[0].planned);
  // The fused body holds the old and the new carry: two f32[1024].
  EXPECT_EQ(ten[0].planned, 2 * 4096);
}

TEST_F(MemoryTest, CpuFusedValuesAreNotPlanned) {
  const char *src = R"(import jax
import jax.numpy as jnp
@jax.jit
def f(x):
    ys = []
    for k in range(8):
        ys.append(jnp.tanh(x + k))
    return sum(ys)
print(f(jnp.ones(1024))[0])
)";
  std::vector<MemLine> cpu = measure(src, 1, "cpu"), interp = measure(src, 1, "interp");
  ASSERT_EQ(cpu.size(), 1u);
  EXPECT_PLAN_MATCHES(cpu);
  EXPECT_EQ(cpu[0].planned, 4096); // one fused loop writes the result
  EXPECT_GE(interp[0].planned, 8 * 4096);
}

TEST_F(MemoryTest, CpuRuntimeCallsAndInPlaceUpdatesMatchMeasurement) {
  std::vector<MemLine> lines = measure(R"(import jax
import jax.numpy as jnp
from jax import lax
@jax.jit
def dus(x):
    def body(i, c):
        return lax.dynamic_update_slice(c, jnp.tanh(lax.dynamic_slice(c, (i,), (1,))), (i,))
    return lax.fori_loop(0, 100, body, x * 1.0)
print(dus(jnp.ones(65536))[0])
@jax.jit
def calls(x):
    y = jnp.cumsum(jnp.tanh(x) + 1.0)
    jax.debug.print("{}", (x * 3.0)[:2])
    return jnp.cumsum(y * 2.0) + y
print(calls(jnp.ones(65536))[0])
@jax.jit
def dots(a, b):
    h = a.astype(jnp.bfloat16) @ b.T.astype(jnp.bfloat16)
    return (a @ b.T).sum() + h.astype(jnp.float32).sum()
print(dots(jnp.ones((128, 128)), jnp.ones((128, 128))))
)",
                                       1, "cpu");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_PLAN_MATCHES(lines);
}

TEST_F(MemoryTest, CpuPmapPlanMatchesMeasurementOnEveryDevice) {
  std::vector<MemLine> lines = measure(R"(import jax
import jax.numpy as jnp
from jax import lax
def step(x, w):
    y = jnp.tanh(x * w) + lax.axis_index('i')
    return lax.psum(y, 'i'), lax.all_gather(y, 'i'), jnp.cumsum(w + x)
f = jax.pmap(step, axis_name='i', in_axes=(1, None))
s, g, c = f(jnp.ones((256, 4)), jnp.ones(256))
print(s.shape, g.shape, c.shape)
)",
                                       4, "cpu");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_PLAN_MATCHES(lines);
  for (const MemLine &l : lines)
    EXPECT_GT(l.planned, 0) << "device " << l.device;
}

} // namespace
} // namespace parax::testing
