//===- GeneratorsTest.cpp - generator lifetimes around the evaluator ------===//
//
// What the program suite cannot see: a session that goes away with
// generators suspended in it (their stacks come back, no Python runs while
// the evaluator is torn down), the program's end closing them as CPython's
// exit does, and located diagnostics for misuse. Expected output strings
// were produced by python3.
//
//===----------------------------------------------------------------------===//
#include "SessionTestUtil.h"

#include "frontend/machine/Coroutine.h"
#include "frontend/machine/Generators.h"

namespace parax::testing {
namespace {

const char *kSuspended = R"(def g(name):
    try:
        yield name
        yield name
    finally:
        print("finally", name)

x = g("x")
print(next(x))
def loop():
    while True:
        yield from g("inner")
deep = loop()
print(next(deep))
y = g("y")
print(next(y))
)";

TEST(Generators, ATornDownSessionUnwindsSuspendedBodiesSilently) {
  size_t before = frontend::Coroutine::liveStacks();
  {
    RunResult r = runProgram(kSuspended);
    ASSERT_TRUE(r.ok) << r.err;
    EXPECT_EQ(r.out, "x\ninner\ny\n");
    EXPECT_GT(frontend::Coroutine::liveStacks(), before);
  } // the session, its evaluator and the suspended generators go here
  EXPECT_EQ(frontend::Coroutine::liveStacks(), before);
}

TEST(Generators, TheProgramsEndClosesThemAsCPythonsExitDoes) {
  RunResult r = runProgram(kSuspended);
  ASSERT_TRUE(r.ok) << r.err;
  frontend::GeneratorObj::finalizeAll(r.session->evaluator());
  // Module globals go in the order they were bound (python3 prints the same).
  EXPECT_EQ(r.out, "x\ninner\ny\nfinally x\nfinally inner\nfinally y\n");
}

TEST(Generators, MisuseIsALocatedError) {
  RunResult r = runProgram("def g():\n    x = yield\n\ng().send(1)\n");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.diag->kind, "TypeError");
  EXPECT_EQ(r.diag->loc.line, 4u);
  EXPECT_TRUE(contains(r.diag->message, "just-started generator"));

  r = runProgram("def g():\n    yield 1\n\nit = g()\nnext(it)\nnext(it)\n");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.diag->kind, "StopIteration");
  EXPECT_EQ(r.diag->loc.line, 6u);

  r = runProgram("def g():\n    yield 1\n    return undefined_name\n\nlist(g())\n");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.diag->kind, "NameError");
  EXPECT_EQ(r.diag->loc.line, 3u); // inside the body, not at the consumer
}

TEST(Generators, ErrorsInsideBodiesAreCatchableOutside) {
  RunResult r = runProgram(R"(def g():
    yield 1
    raise KeyError("k")

try:
    for v in g():
        print(v)
except KeyError as e:
    print("caught", repr(e))
print([x for x in (y * 2 for y in range(3))])
)");
  ASSERT_TRUE(r.ok) << r.err;
  EXPECT_EQ(r.out, "1\ncaught KeyError('k')\n[0, 2, 4]\n");
}

} // namespace
} // namespace parax::testing
