//===- EmbedMemoryTest.cpp - what interpreters keep, and for how long -----===//
//
// Heap figures are mallinfo2()'s in-use bytes (all arenas), compared before
// and after; each test warms up first so that one-time state (ANTLR's DFA,
// LLVM's registries) is already in the starting figure. Only the public
// header is used.
//
//===----------------------------------------------------------------------===//
#include "parax/parax.h"

#include <gtest/gtest.h>

#include <malloc.h>

#include <string>

namespace px = parax::embed;

namespace {

int64_t heapInUse() {
  struct mallinfo2 mi = mallinfo2();
  return int64_t(mi.uordblks + mi.hblkhd);
}

px::Interpreter make(std::string backend, int cachedPrograms = 64) {
  px::Config c;
  c.backend = backend;
  c.cachedPrograms = cachedPrograms;
  c.onPrint = [](std::string_view) {};
  return px::Interpreter::create(c).value();
}

/// About 50 KB of assignments (no function, no jit), distinct per `seed`.
std::string dataSource(int seed) {
  std::string s;
  for (int i = 0; s.size() < 50 * 1024; ++i)
    s += "v" + std::to_string(i) + " = " + std::to_string(seed) + " * 2 + " +
         std::to_string(i) + "\n";
  return s;
}

constexpr int64_t kMB = 1 << 20;

// Before: every run's text stayed in a process-wide registry (about 80 KB
// per 50 KB run, 3 MB here) after its interpreter was gone.
TEST(EmbedMemory, DestroyedInterpretersKeepNoSources) {
  { make("interp").run(dataSource(-1)).check(); }
  int64_t before = heapInUse();
  for (int i = 0; i < 40; ++i) {
    px::Interpreter ip = make("interp");
    ASSERT_TRUE(ip.run(dataSource(i), "prog" + std::to_string(i) + ".py").ok());
  }
  EXPECT_LT(heapInUse() - before, kMB / 2);
}

// Before: each 50 KB run kept its AST (about 1.5 MB) and text for the
// interpreter's life, 60 MB here.
TEST(EmbedMemory, RunsThatDefineNothingAreFreed) {
  px::Interpreter ip = make("interp");
  ASSERT_TRUE(ip.run("def keep(x):\n    return x * 3\n", "defs.py").ok());
  ASSERT_TRUE(ip.run(dataSource(-1)).ok());
  int64_t before = heapInUse();
  for (int i = 0; i < 40; ++i)
    ASSERT_TRUE(ip.run(dataSource(i), "prog" + std::to_string(i) + ".py").ok());
  EXPECT_LT(heapInUse() - before, 2 * kMB);
  // What earlier runs defined still works, with its source for errors.
  EXPECT_EQ(ip.eval("keep(v3) ").value().toInt(), 3 * (39 * 2 + 3));
  px::Result<px::Value> bad = ip.eval("keep(None)");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().rendered.find("return x * 3"), std::string::npos)
      << bad.error().rendered;
  // A failing run's diagnostic is rendered before its source is freed.
  px::Status st = ip.run("a = 1\nb = a + undefined_name\n", "bad.py");
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().rendered.find("b = a + undefined_name"), std::string::npos)
      << st.error().rendered;
  EXPECT_EQ(st.error().file, "bad.py");
}

// Before: each distinct jit program kept about 46 KB (code, IR key) in the
// cpu backend for the interpreter's life, even after its jit object was
// gone, with no way to drop it.
TEST(EmbedMemory, DroppedJitProgramsAreBoundedAndClearable) {
  px::Interpreter ip = make("cpu", 4);
  ASSERT_TRUE(ip.run("import jax, jax.numpy as jnp\nx = jnp.ones(8)\n"
                     "def mk(k):\n    return jax.jit(lambda x: x * k + 1.0)\n"
                     "g = mk(0.5)\ny = g(x)\ndel g\n").ok());
  ip.clearCaches();
  int64_t before = heapInUse();
  for (int i = 0; i < 60; ++i) {
    std::string k = std::to_string(i + 2);
    ASSERT_TRUE(ip.run("g = mk(" + k + ".0)\ny = g(x)\ndel g\n").ok());
    EXPECT_EQ(ip.eval("float(y[0])").value().toDouble(), double(i + 3));
  }
  EXPECT_LT(heapInUse() - before, kMB);
  ip.clearCaches();
  EXPECT_LT(heapInUse() - before, kMB / 4);
}

// clearCaches() also drops the programs of live jit objects (one per
// argument shape here); they compile again when called.
TEST(EmbedMemory, ClearCachesFreesLiveJitObjectsPrograms) {
  px::Interpreter ip = make("cpu", 0);
  ASSERT_TRUE(ip.run("import jax, jax.numpy as jnp\n"
                     "h = jax.jit(lambda x: jnp.sum(x * 2.0))\nh(jnp.ones(1))\n").ok());
  ip.clearCaches();
  int64_t before = heapInUse();
  for (int n = 2; n < 42; ++n)
    ASSERT_TRUE(ip.run("r = h(jnp.ones(" + std::to_string(n) + "))\n").ok());
  EXPECT_GT(heapInUse() - before, kMB / 2); // 40 programs, one per shape
  ip.clearCaches();
  EXPECT_LT(heapInUse() - before, kMB / 4);
  EXPECT_EQ(ip.eval("float(h(jnp.ones(5)))").value().toDouble(), 10.0);
}

// Identical programs made again reuse the kept code (and still run right
// when nothing is kept).
TEST(EmbedMemory, RecreatedJitObjectsReuseOrRecompile) {
  for (int kept : {0, 4}) {
    px::Interpreter ip = make("cpu", kept);
    ASSERT_TRUE(ip.run("import jax, jax.numpy as jnp\nx = jnp.arange(4.0)\n"
                       "def step(x):\n    return jax.jit(lambda v: v * 2.0)(x)\n").ok());
    for (int i = 0; i < 5; ++i)
      EXPECT_EQ(ip.eval("float(step(x)[3])").value().toDouble(), 6.0) << kept;
  }
}

} // namespace
