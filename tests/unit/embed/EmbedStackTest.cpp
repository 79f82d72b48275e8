//===- EmbedStackTest.cpp - deep recursion on a small embedding thread ----===//
//
// An application calls parax from a std::thread with a 1 MiB stack (a common
// default for worker threads). Deep recursion, deep data and deep source text
// must come back as RecursionError / SyntaxError values, never as a crash,
// and the interpreter must stay usable afterwards.
//
//===----------------------------------------------------------------------===//
#include "parax/parax.h"

#include <gtest/gtest.h>

#include <pthread.h>

#include <functional>
#include <string>
#include <thread>

namespace px = parax::embed;

namespace {

/// Runs `body` on a std::thread whose stack is `bytes` large.
void onThreadWithStack(size_t bytes, const std::function<void()> &body) {
  pthread_attr_t saved, small;
  ASSERT_EQ(pthread_getattr_default_np(&saved), 0);
  ASSERT_EQ(pthread_attr_init(&small), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&small, bytes), 0);
  ASSERT_EQ(pthread_setattr_default_np(&small), 0);
  std::thread t([&] {
    pthread_attr_t attr;
    size_t size = 0;
    pthread_getattr_np(pthread_self(), &attr);
    pthread_attr_getstacksize(&attr, &size);
    pthread_attr_destroy(&attr);
    EXPECT_EQ(size, bytes);
    body();
  });
  t.join();
  pthread_setattr_default_np(&saved);
  pthread_attr_destroy(&small);
  pthread_attr_destroy(&saved);
}

px::Interpreter make() {
  px::Config c;
  c.backend = "interp";
  c.onPrint = [](std::string_view) {};
  return px::Interpreter::create(c).value();
}

constexpr size_t kOneMiB = 1 << 20;

TEST(EmbedStack, RecursionOnA1MiBThreadIsARecursionError) {
  px::Interpreter ip = make();
  onThreadWithStack(kOneMiB, [&] {
    ASSERT_TRUE(ip.run("def depth(n):\n"
                       "    return 0 if n == 0 else 1 + depth(n - 1)\n",
                       "rec.py")
                    .ok());
    EXPECT_EQ(ip.call("depth", {px::Value(100)}).value().toInt(), 100);
    // Deeper than 1 MiB of native stack holds, within Python's 1000 frames.
    px::Result<px::Value> r = ip.call("depth", {px::Value(990)});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, "RecursionError");
    EXPECT_EQ(r.error().file, "rec.py");
    EXPECT_EQ(r.error().line, 2);
    EXPECT_NE(r.error().rendered.find("rec.py:2:"), std::string::npos);
    // The same through run(), and the interpreter still works afterwards.
    px::Status s = ip.run("print(depth(5000))\n", "main.py");
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().kind, "RecursionError");
    EXPECT_EQ(ip.call("depth", {px::Value(50)}).value().toInt(), 50);
  });
}

TEST(EmbedStack, DeepDataOnA1MiBThread) {
  px::Interpreter ip = make();
  onThreadWithStack(kOneMiB, [&] {
    ASSERT_TRUE(ip.run("a, b = [], []\n"
                       "for i in range(100000):\n"
                       "    a = [a]\n"
                       "    b = [b]\n")
                    .ok());
    for (const char *op : {"print(a)\n", "s = str(a)\n", "c = a == b\n",
                           "import jax\nd = jax.tree_util.tree_leaves(a)\n"}) {
      px::Status s = ip.run(op, "deep.py");
      ASSERT_FALSE(s.ok()) << op;
      EXPECT_EQ(s.error().kind, "RecursionError") << op;
    }
    // The host's repr() cannot fail: the too-deep part is elided.
    std::string text = ip.get("a").value().repr();
    EXPECT_EQ(text.substr(0, 3), "[[[");
    EXPECT_NE(text.find("..."), std::string::npos);
    // Dropping a million-deep list on the small thread does not recurse.
    ASSERT_TRUE(ip.run("for i in range(900000):\n"
                       "    a = [a]\n"
                       "a = 0\n")
                    .ok());
    EXPECT_EQ(ip.eval("a + 1").value().toInt(), 1);
  });
}

TEST(EmbedStack, DeepSourceOnA1MiBThread) {
  px::Interpreter ip = make();
  onThreadWithStack(kOneMiB, [&] {
    // Deeply nested brackets and a long operator chain: an error or a
    // value, never a crash.
    std::string parens = "x = " + std::string(190, '(') + "1" + std::string(190, ')') + "\n";
    px::Status p = ip.run(parens);
    if (!p.ok()) {
      EXPECT_TRUE(p.error().kind == "SyntaxError" || p.error().kind == "RecursionError")
          << p.error().rendered;
    }
    std::string sum = "y = 1";
    for (int i = 0; i < 990; ++i)
      sum += " + 1";
    px::Status q = ip.run(sum + "\n");
    if (!q.ok()) {
      EXPECT_TRUE(q.error().kind == "SyntaxError" || q.error().kind == "RecursionError")
          << q.error().rendered;
    } else {
      EXPECT_EQ(ip.eval("y").value().toInt(), 991);
    }
    EXPECT_EQ(ip.eval("2 + 3").value().toInt(), 5);
  });
}

} // namespace
