//===- EmbedTest.cpp - the public embedding API (include/parax/parax.h) ---===//
//
// Only the public header is used here, as an application would.
//
//===----------------------------------------------------------------------===//
#include "parax/parax.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <mutex>
#include <thread>

namespace px = parax::embed;

namespace {

px::Interpreter make(std::string backend = "interp", int devices = 1,
                     std::function<void(std::string_view)> onPrint = {}) {
  px::Config c;
  c.backend = backend;
  c.devices = devices;
  c.onPrint = onPrint ? onPrint : [](std::string_view) {};
  return px::Interpreter::create(c).value();
}

TEST(Embed, CallsJitFunctionOnAView) {
  px::Interpreter ip = make();
  ASSERT_TRUE(ip.run("import jax\nimport jax.numpy as jnp\n"
                     "f = jax.jit(lambda x, y: (x * y + 1.0, jnp.sum(x)))\n").ok());
  float xs[6] = {1, 2, 3, 4, 5, 6};
  px::Array x = px::Array::view(xs, {2, 3});
  EXPECT_EQ(x.raw(), static_cast<const void *>(xs)); // no copy
  px::Value r = ip.call("f", {x, 2.0f}).value();
  ASSERT_EQ(r.kind(), px::Value::Kind::Tuple);
  px::Array a = r.elements()[0].array();
  EXPECT_EQ(a.dtype(), px::DType::Float32);
  EXPECT_EQ(a.shape(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(a.toVector<float>(), (std::vector<float>{3, 5, 7, 9, 11, 13}));
  EXPECT_FLOAT_EQ(r.elements()[1].toDouble(), 21.0);
  EXPECT_THROW(a.data<int32_t>(), px::Exception);
}

TEST(Embed, MisalignedViewIsCopied) {
  alignas(8) char bytes[9 * 4] = {};
  float v = 2.5f;
  std::memcpy(bytes + 1, &v, 4);
  px::Array a = px::Array::view(px::DType::Float32, {1}, bytes + 1);
  EXPECT_NE(a.raw(), static_cast<const void *>(bytes + 1));
  EXPECT_FLOAT_EQ(a.data<float>()[0], 2.5f);
}

TEST(Embed, ShapeWhoseByteSizeOverflowsIsAValueError) {
  // 2^32 * 2^32 elements wrapped to 0: a view over a huge shape and no bytes.
  const std::vector<int64_t> huge{int64_t(1) << 32, int64_t(1) << 32};
  float one = 1;
  for (auto make : {+[](const std::vector<int64_t> &s, const float *p) {
                      return px::Array::view(px::DType::Float32, s, p);
                    },
                    +[](const std::vector<int64_t> &s, const float *p) {
                      return px::Array::copyOf(px::DType::Float32, s, p);
                    },
                    +[](const std::vector<int64_t> &s, const float *) {
                      return px::Array::zeros(px::DType::Float32, s);
                    }}) {
    try {
      (void)make(huge, &one);
      FAIL() << "expected an exception";
    } catch (const px::Exception &e) {
      EXPECT_EQ(e.error().kind, "ValueError");
      EXPECT_NE(e.error().message.find("array is too big"), std::string::npos);
    }
  }
  EXPECT_EQ(px::Array::view(px::DType::Float32, {1}, &one).size(), 1);
}

TEST(Embed, ErrorsAreValuesWithTheDiagnostic) {
  px::Interpreter ip = make();
  ASSERT_TRUE(ip.run("x = 40\n").ok());
  px::Status s = ip.run("y = 1\nz = x + undefined_name\n", "prog.py");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, "NameError");
  EXPECT_EQ(s.error().file, "prog.py");
  EXPECT_EQ(s.error().line, 2);
  EXPECT_EQ(s.error().col, 9);
  EXPECT_NE(s.error().rendered.find("prog.py:2:9"), std::string::npos);
  EXPECT_NE(s.error().rendered.find("undefined_name"), std::string::npos);
  px::Status syn = ip.run("def f(:\n");
  EXPECT_EQ(syn.error().kind, "SyntaxError");
  // Earlier definitions survive errors.
  EXPECT_EQ(ip.eval("x + 2").value().toInt(), 42);
  // The exception route carries the same Error.
  try {
    (void)ip.eval("1 / 0").value();
    FAIL() << "expected an exception";
  } catch (const px::Exception &e) {
    EXPECT_EQ(e.error().kind, "ZeroDivisionError");
  }
  EXPECT_EQ(ip.get("nope").error().kind, "NameError");
  EXPECT_EQ(ip.call("x", {}).error().kind, "TypeError");
}

TEST(Embed, HostConstantsAndPrintCapture) {
  std::string printed;
  px::Interpreter ip = make("interp", 1, [&](std::string_view s) { printed += s; });
  int32_t table[4] = {1, 2, 3, 4};
  ASSERT_TRUE(ip.set("scale", 3.0).ok());
  ASSERT_TRUE(ip.set("table", px::Array::view(table, {4})).ok());
  ASSERT_TRUE(ip.set("name", px::Value("parax")).ok());
  EXPECT_FALSE(ip.set("not a name", 1).ok());
  ASSERT_TRUE(ip.run("import jax.numpy as jnp\n"
                     "print(name, jnp.sum(table) * scale)\n").ok());
  EXPECT_EQ(printed, "parax 30.0\n");
  printed.clear();
  ASSERT_TRUE(ip.run("import jax\n"
                     "@jax.jit\n"
                     "def f(v):\n"
                     "    jax.debug.print('v={}', v)\n"
                     "    return v\n"
                     "f(table)\n").ok());
  EXPECT_EQ(printed, "v=[1 2 3 4]\n");
  auto g = ip.globals();
  EXPECT_NE(std::find(g.begin(), g.end(), "table"), g.end());
  px::Value t = ip.get("table").value();
  EXPECT_EQ(t.array().toVector<int32_t>(), (std::vector<int32_t>{1, 2, 3, 4}));
  EXPECT_EQ(ip.eval("(1, 2.5, 'a', None)").value().repr(), "(1, 2.5, 'a', None)");
}

TEST(Embed, KeywordArgumentsAndPytrees) {
  px::Interpreter ip = make();
  ASSERT_TRUE(ip.run("import jax\n"
                     "def loss(params, x, scale=1.0):\n"
                     "    w, b = params\n"
                     "    return (w * x + b) * scale\n"
                     "jl = jax.jit(loss)\n").ok());
  float w[2] = {2, 3}, b[2] = {1, 1}, x[2] = {10, 20};
  px::Value params = px::Value::tuple({px::Array::view(w, {2}), px::Array::view(b, {2})});
  px::Value r = ip.call("jl", {params, px::Array::view(x, {2})}, {{"scale", 0.5}}).value();
  EXPECT_EQ(r.array().toVector<float>(), (std::vector<float>{10.5f, 30.5f}));
}

TEST(Embed, PmapOverTwoDevices) {
  px::Interpreter ip = make("interp", 2);
  EXPECT_EQ(ip.devices(), 2);
  ASSERT_TRUE(ip.run("import jax\nfrom jax import lax\n"
                     "g = jax.pmap(lambda v: lax.psum(v, 'i'), axis_name='i')\n").ok());
  float xs[4] = {1, 2, 3, 4};
  px::Array r = ip.call("g", {px::Array::view(xs, {2, 2})}).value().array();
  EXPECT_EQ(r.shape(), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(r.toVector<float>(), (std::vector<float>{4, 6, 4, 6}));
}

TEST(Embed, CpuBackendJit) {
  px::Interpreter ip = make("cpu");
  EXPECT_EQ(ip.backendName(), "cpu");
  ASSERT_TRUE(ip.run("import jax, jax.numpy as jnp\n"
                     "f = jax.jit(lambda x: jnp.tanh(x) * 2.0)\n").ok());
  std::vector<float> xs(1000, 0.5f);
  px::Array r = ip.call("f", {px::Array::view(xs.data(), {1000})}).value().array();
  EXPECT_NEAR(r.data<float>()[999], 2 * std::tanh(0.5f), 1e-6);
}

TEST(Embed, BadConfigIsAnError) {
  px::Config c;
  c.backend = "tpu";
  auto r = px::Interpreter::create(c);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("tpu"), std::string::npos);
  c.backend = "interp";
  c.devices = 100;
  EXPECT_FALSE(px::Interpreter::create(c).ok());
}

TEST(Embed, ValuesStayWithTheirInterpreter) {
  px::Interpreter a = make(), b = make();
  ASSERT_TRUE(a.run("def f(x):\n    return x + 1\n").ok());
  px::Value f = a.get("f").value();
  EXPECT_TRUE(f.isCallable());
  EXPECT_EQ(a.call(f, {1}).value().toInt(), 2);
  EXPECT_EQ(b.call(f, {1}).error().kind, "ValueError");
}

TEST(Embed, StepBudget) {
  px::Config c;
  c.backend = "interp";
  c.maxSteps = 1000;
  px::Interpreter ip = px::Interpreter::create(c).value();
  EXPECT_FALSE(ip.run("while True:\n    pass\n").ok());
}

TEST(Embed, InterruptFromAnotherThread) {
  px::Interpreter ip = make();
  std::atomic<bool> done{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    while (!done) {
      ip.interrupt();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  px::Status s = ip.run("i = 0\nwhile True:\n    i = i + 1\n");
  done = true;
  stopper.join();
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, "KeyboardInterrupt");
  EXPECT_GT(ip.eval("i").value().toInt(), 0); // still usable
}

// The interp backend polls the flag once per loop iteration, so a compiled
// loop stops too (also inside pmap, where a device that stops releases the
// others from their collectives).
TEST(Embed, InterruptStopsInterpLoops) {
  px::Interpreter ip = make("interp", 2);
  ASSERT_TRUE(ip.run("import jax\nfrom jax import lax\n"
                     "body = lambda i, c: c + 1.0\n"
                     "spin = jax.jit(lambda x: lax.fori_loop(0, 2000000000, body, x))\n"
                     "pspin = jax.pmap(lambda x: lax.fori_loop(0, 2000000000,\n"
                     "    lambda i, c: lax.psum(c, 'd') * 0.5, x), axis_name='d')\n").ok());
  for (const char *prog : {"spin(1.0)\n", "import jax.numpy as jnp\npspin(jnp.ones(2))\n"}) {
    std::atomic<bool> done{false};
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      while (!done) {
        ip.interrupt();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    });
    px::Status s = ip.run(prog);
    done = true;
    stopper.join();
    ASSERT_FALSE(s.ok()) << prog;
    EXPECT_EQ(s.error().kind, "KeyboardInterrupt") << s.error().rendered;
  }
}

// interrupt() from another thread while the call runs (repeated: the call
// clears the flag when it starts, so one early store could be lost).
px::Status runInterrupted(px::Interpreter &ip, const std::function<px::Status()> &call) {
  std::atomic<bool> done{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    while (!done) {
      ip.interrupt();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  px::Status s = call();
  done = true;
  stopper.join();
  return s;
}

// Code the cpu backend compiled polls the stop word at each loop back edge:
// an endless while_loop, a 2e9-iteration fori_loop and scan, a pmap whose
// devices meet in a psum every iteration, and call() of a jit function all
// return control with KeyboardInterrupt at the loop's line; the interpreter
// keeps its globals and runs on.
TEST(Embed, InterruptStopsCompiledLoops) {
  for (const char *backend : {"cpu", "interp"}) {
    px::Interpreter ip = make(backend, 2);
    ASSERT_TRUE(ip.run("import jax\nfrom jax import lax\nimport jax.numpy as jnp\n"
                       "kept = 41\n"
                       "forever = jax.jit(lambda x: lax.while_loop(\n"
                       "    lambda c: c > -1.0, lambda c: c + 1.0, x))\n"
                       "long = jax.jit(lambda x: lax.fori_loop(0, 2000000000,\n"
                       "    lambda i, c: c * 1.0000001 + 0.5, x))\n"
                       "scanned = jax.jit(lambda x: lax.scan(\n"
                       "    lambda c, _: (c * 0.5 + 1.0, None), x, None, length=2000000000)[0])\n"
                       "pspin = jax.pmap(lambda x: lax.fori_loop(0, 2000000000,\n"
                       "    lambda i, c: lax.psum(c, 'd') * 0.5, x), axis_name='d')\n",
                       "defs.py")
                    .ok());
    struct Case {
      const char *prog;
      int line;
    } cases[] = {{"forever(0.0)\n", 5}, {"long(0.0)\n", 7},
                 {"scanned(1.0)\n", 9}, {"pspin(jnp.ones(2))\n", 11}};
    for (const Case &c : cases) {
      px::Status s = runInterrupted(ip, [&] { return ip.run(c.prog); });
      ASSERT_FALSE(s.ok()) << backend << ": " << c.prog;
      EXPECT_EQ(s.error().kind, "KeyboardInterrupt") << backend << ": " << s.error().rendered;
      EXPECT_EQ(s.error().file, "defs.py") << backend << ": " << s.error().rendered;
      EXPECT_EQ(s.error().line, c.line) << backend << ": " << s.error().rendered;
    }
    px::Value f = ip.get("forever").value();
    px::Status s = runInterrupted(ip, [&] { return ip.call(f, {0.0f}).status(); });
    ASSERT_FALSE(s.ok()) << backend;
    EXPECT_EQ(s.error().kind, "KeyboardInterrupt") << backend;
    EXPECT_EQ(ip.eval("kept + 1").value().toInt(), 42) << backend; // still usable
  }
}

// Config::timeout bounds each call, in Python code and in compiled loops;
// the next call starts with a fresh clock and a clear flag.
TEST(Embed, TimeoutBoundsEachCall) {
  for (const char *backend : {"cpu", "interp"}) {
    px::Config c;
    c.backend = backend;
    c.devices = 2;
    c.timeout = 0.3;
    c.onPrint = [](std::string_view) {};
    px::Interpreter ip = px::Interpreter::create(c).value();
    ASSERT_TRUE(ip.run("import jax\nfrom jax import lax\nimport jax.numpy as jnp\n"
                       "forever = jax.jit(lambda x: lax.while_loop(\n"
                       "    lambda c: c > -1.0, lambda c: c + 1.0, x))\n"
                       "pspin = jax.pmap(lambda x: lax.fori_loop(0, 2000000000,\n"
                       "    lambda i, c: lax.psum(c, 'd') * 0.5, x), axis_name='d')\n")
                    .ok());
    for (const char *prog : {"forever(0.0)\n", "pspin(jnp.ones(2))\n", "while True:\n    pass\n"}) {
      px::Status s = ip.run(prog);
      ASSERT_FALSE(s.ok()) << backend << ": " << prog;
      EXPECT_EQ(s.error().kind, "TimeoutError") << backend << ": " << s.error().rendered;
      EXPECT_NE(s.error().message.find("Config::timeout (0.3 s)"), std::string::npos)
          << s.error().message;
      EXPECT_GT(s.error().line, 0) << s.error().rendered;
    }
    EXPECT_EQ(ip.eval("1 + 1").value().toInt(), 2) << backend;
  }
  px::Config bad;
  bad.timeout = -1;
  EXPECT_EQ(px::Interpreter::create(bad).error().kind, "ValueError");
}

// Several interpreters on several threads, each with its own programs, and
// one interpreter shared by the same threads (its calls are serialized).
TEST(Embed, ConcurrentUseFromThreads) {
  px::Interpreter shared = make();
  px::Status st = shared.run("import jax, jax.numpy as jnp\n"
                             "f = jax.jit(lambda x, k: jnp.sum(x) * k)\n"
                             "calls = []\n"
                             "def bump():\n    calls.append(1)\n    return len(calls)\n");
  ASSERT_TRUE(st.ok()) << st.error().rendered;
  constexpr int kThreads = 4, kIters = 25;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      px::Interpreter own = make(t % 2 ? "cpu" : "interp");
      if (!own.run("import jax, jax.numpy as jnp\n"
                   "g = jax.jit(lambda x: jnp.cumsum(x)[-1] + " + std::to_string(t) + ")\n").ok())
        ++failures;
      std::vector<float> xs(64);
      for (int i = 0; i < kIters; ++i) {
        for (size_t j = 0; j < xs.size(); ++j)
          xs[j] = float(i + t);
        px::Array a = px::Array::view(xs.data(), {64});
        auto r1 = own.call("g", {a});
        auto r2 = shared.call("f", {a, t + 1});
        auto r3 = shared.call("bump", {});
        if (!r1 || !r2 || !r3 ||
            r1.value().toDouble() != 64.0 * (i + t) + t ||
            r2.value().toDouble() != 64.0 * (i + t) * (t + 1))
          ++failures;
      }
    });
  }
  for (auto &th : threads)
    th.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(shared.eval("len(calls)").value().toInt(), kThreads * kIters);
}

// Two interpreters on two threads, each parsing many distinct programs
// (the ANTLR runtime's shared caches: parses are serialized) and compiling
// and running jit programs at the same time; every result is checked.
TEST(Embed, TwoInterpretersParseAndJitConcurrently) {
  std::atomic<int> failures{0};
  std::string firstError;
  std::mutex errorMu;
  auto work = [&](std::string backend, int t) {
    px::Interpreter ip = make(backend);
    for (int i = 0; i < 20; ++i) {
      // Distinct text each time: new f-strings, defs and constants.
      std::string k = std::to_string(t * 100 + i);
      std::string src = "import jax, jax.numpy as jnp\n"
                        "def scale_" + k + "(x, k=" + k + ".0):\n"
                        "    return jnp.sum(x * k) + len(f'{k:>8}')\n"
                        "f = jax.jit(scale_" + k + ")\n"
                        "r = float(f(jnp.arange(4.0)))\n";
      for (int j = 0; j < 30; ++j)
        src += "w" + std::to_string(j) + " = [" + k + ", (" + std::to_string(j) +
               ", {'a': " + k + "})]\n";
      px::Status st = ip.run(src, "t" + std::to_string(t) + ".py");
      double want = 6.0 * (t * 100 + i) + 8;
      px::Result<px::Value> r = st.ok() ? ip.get("r") : px::Result<px::Value>(st.error());
      if (!r || r.value().toDouble() != want) {
        std::lock_guard<std::mutex> lock(errorMu);
        if (firstError.empty())
          firstError = r ? "r = " + r.value().repr() : r.error().rendered;
        ++failures;
      }
    }
  };
  std::thread a(work, "cpu", 1), b(work, "cpu", 2), c(work, "interp", 3);
  a.join();
  b.join();
  c.join();
  EXPECT_EQ(failures.load(), 0) << firstError;
}

} // namespace

namespace {
TEST(Embed, Float64ResultsWithX64) {
  px::Interpreter ip = make("cpu");
  ASSERT_TRUE(ip.run("import jax\njax.config.update('jax_enable_x64', True)\n"
                     "import jax.numpy as jnp\n"
                     "f = jax.jit(lambda x: (x / 3, jnp.arange(3) * 2**40))\n").ok());
  std::vector<double> xs{1.0, 2.0};
  px::Value r = ip.call("f", {px::Array::view(xs.data(), {2})}).value();
  px::Array a = r.elements()[0].array(), b = r.elements()[1].array();
  EXPECT_EQ(a.dtype(), px::DType::Float64);
  EXPECT_EQ(a.toVector<double>(), (std::vector<double>{1.0 / 3, 2.0 / 3}));
  EXPECT_EQ(b.dtype(), px::DType::Int64);
  EXPECT_EQ(b.data<int64_t>()[2], int64_t(1) << 41);
  EXPECT_EQ(px::dtypeName(px::DType::UInt64), "uint64");
  ASSERT_TRUE(ip.run("jax.config.update('jax_enable_x64', False)\n").ok());
}
} // namespace
