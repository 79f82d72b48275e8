//===- EvaluatorTest.cpp - Python semantics of the evaluator --------------===//
//
// Runs small programs through repl/Session and compares what they print
// with what CPython prints for the same source (every expected string here
// was produced by python3). Errors must become diagnostics with the Python
// exception name as kind and the line:col of the offending expression.
//
//===----------------------------------------------------------------------===//
#include "SessionTestUtil.h"

namespace parax::testing {
namespace {

class EvaluatorTest : public ::testing::Test {
protected:
  /// Runs `src` and returns its stdout; a failed run fails the test.
  std::string run(const std::string &src) {
    RunResult r = runProgram(src);
    EXPECT_TRUE(r.ok) << r.err;
    return r.out;
  }
  /// Runs `src`, which must fail; returns the diagnostic.
  Diagnostic fail(const std::string &src) {
    last_ = runProgram(src);
    EXPECT_FALSE(last_.ok) << "program succeeded; stdout:\n" << last_.out;
    EXPECT_TRUE(last_.diag.has_value());
    return last_.diag.value_or(Diagnostic{});
  }
  /// The last failed run, whose session keeps the source its diagnostic
  /// names (so the test can render it).
  RunResult last_;
};

/// Expects a diagnostic of `kind` at line:col whose message contains `phrase`.
#define EXPECT_DIAG(d, kind_, line_, col_, phrase)                             \
  do {                                                                         \
    const Diagnostic &d_ = (d);                                                \
    EXPECT_EQ(d_.kind, kind_) << d_.render();                                  \
    EXPECT_EQ(d_.loc.line, uint32_t(line_)) << d_.render();                    \
    EXPECT_EQ(d_.loc.col, uint32_t(col_)) << d_.render();                      \
    EXPECT_TRUE(contains(d_.message, phrase));                                 \
  } while (0)

//===----------------------------------------------------------------------===//
// Scopes and closures
//===----------------------------------------------------------------------===//

TEST_F(EvaluatorTest, AssignmentInAFunctionMakesANewLocal) {
  EXPECT_EQ(run(R"(x = 1
def f():
    x = 2
    return x
def g():
    return x + 10
print(f(), g(), x)
)"),
            "2 11 1\n");
}

TEST_F(EvaluatorTest, ReadingALocalBeforeItsAssignmentIsUnboundLocalError) {
  // A name assigned anywhere in a body is local in the whole body.
  Diagnostic d = fail(R"(x = 1
def f():
    y = x
    x = 2
    return y
f()
)");
  EXPECT_EQ(d.kind, "UnboundLocalError") << d.render();
  EXPECT_EQ(d.loc.line, 3u) << d.render();
  EXPECT_EQ(d.loc.col, 9u) << d.render();
  EXPECT_TRUE(contains(d.message, "'x'"));
}

TEST_F(EvaluatorTest, ClosuresBindLate) {
  EXPECT_EQ(run(R"(fs = [lambda: i for i in range(3)]
print([h() for h in fs])
gs = [lambda i=i: i for i in range(3)]
print([h() for h in gs])
def make():
    y = 1
    def get():
        return y
    y = 5
    return get
print(make()())
def counter():
    n = [0]
    def inc():
        n[0] += 1
        return n[0]
    return inc
c = counter()
c()
print(c(), c())
)"),
            "[2, 2, 2]\n[0, 1, 2]\n5\n2 3\n");
}

TEST_F(EvaluatorTest, GlobalsDefinedAfterAFunctionAreVisibleWhenItRuns) {
  EXPECT_EQ(run(R"(def f():
    return later * 2
later = 21
print(f())
)"),
            "42\n");
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

TEST_F(EvaluatorTest, DefaultsKeywordsStarArgsAndDoubleStarKwargs) {
  EXPECT_EQ(run(R"(def f(a, b=2, *args, c=3, **kw):
    return (a, b, args, c, kw)
print(f(1))
print(f(1, 5, 6, 7, c=9, d=4, e=5))
print(f(*[1, 2], **{'c': 0}))
print(f(b=7, a=8))
def h(*, k):
    return k
print(h(k=4))
)"),
            "(1, 2, (), 3, {})\n"
            "(1, 5, (6, 7), 9, {'d': 4, 'e': 5})\n"
            "(1, 2, (), 0, {})\n"
            "(8, 7, (), 3, {})\n"
            "4\n");
}

TEST_F(EvaluatorTest, DefaultValuesAreEvaluatedOnce) {
  EXPECT_EQ(run(R"(def g(x, acc=[]):
    acc.append(x)
    return acc
g(1)
print(g(2))
)"),
            "[1, 2]\n");
}

TEST_F(EvaluatorTest, MissingArgumentIsTypeError) {
  Diagnostic d = fail("def f(a, b):\n    return a\nf(1)\n");
  EXPECT_EQ(d.kind, "TypeError") << d.render();
  EXPECT_EQ(d.loc.line, 3u);
  EXPECT_TRUE(contains(d.message, "missing 1 required positional argument: 'b'"));
}

TEST_F(EvaluatorTest, UnexpectedKeywordIsTypeError) {
  Diagnostic d = fail("def f(a):\n    return a\nf(1, z=2)\n");
  EXPECT_EQ(d.kind, "TypeError") << d.render();
  EXPECT_EQ(d.loc.line, 3u);
  EXPECT_TRUE(contains(d.message, "unexpected keyword argument 'z'"));
}

TEST_F(EvaluatorTest, TooManyPositionalArgumentsIsTypeError) {
  Diagnostic d = fail("def f(a):\n    return a\nf(1, 2)\n");
  EXPECT_EQ(d.kind, "TypeError") << d.render();
  EXPECT_TRUE(contains(d.message, "takes 1 positional argument but 2 were given"));
}

//===----------------------------------------------------------------------===//
// Assignment
//===----------------------------------------------------------------------===//

TEST_F(EvaluatorTest, NestedAndStarredUnpacking) {
  EXPECT_EQ(run(R"(a, (b, c), *d = 1, (2, 3), 4, 5
print(a, b, c, d)
first, *mid, last = range(5)
print(first, mid, last)
[p, q] = "xy"
p, q = q, p
print(p, q)
for i, (j, k) in enumerate([(1, 2), (3, 4)]):
    print(i, j, k)
*init, = [7, 8]
print(init)
)"),
            "1 2 3 [4, 5]\n0 [1, 2, 3] 4\ny x\n0 1 2\n1 3 4\n[7, 8]\n");
}

TEST_F(EvaluatorTest, UnpackingCountMismatchesAreValueErrors) {
  Diagnostic many = fail("a, b = 1, 2, 3\n");
  EXPECT_EQ(many.kind, "ValueError") << many.render();
  EXPECT_TRUE(contains(many.message, "too many values to unpack (expected 2)"));
  Diagnostic few = fail("x = 0\na, b, c = 1, 2\n");
  EXPECT_EQ(few.kind, "ValueError") << few.render();
  EXPECT_EQ(few.loc.line, 2u);
  EXPECT_TRUE(contains(few.message, "not enough values to unpack (expected 3, got 2)"));
}

TEST_F(EvaluatorTest, AugmentedAssignmentMutatesListsButRebindsTuples) {
  EXPECT_EQ(run(R"(a = [1]
b = a
a += [2]
print(a, b, a is b)
t = (1,)
u = t
t += (2,)
print(t, u)
a *= 2
print(b)
xs = [1, 2, 3]
xs[0] += 5
xs[-1] *= 10
print(xs)
d = {'k': 1}
d['k'] -= 3
print(d)
n = 7
n //= 2
n **= 3
n %= 5
print(n)
)"),
            "[1, 2] [1, 2] True\n(1, 2) (1,)\n[1, 2, 1, 2]\n[6, 2, 30]\n{'k': -2}\n2\n");
}

//===----------------------------------------------------------------------===//
// Comprehensions and loops
//===----------------------------------------------------------------------===//

TEST_F(EvaluatorTest, ComprehensionsHaveTheirOwnScope) {
  EXPECT_EQ(run(R"(x = 10
ys = [x for x in range(3)]
print(x, ys)
print([(i, j) for i in range(3) for j in range(i) if (i + j) % 2])
print({k: k * k for k in range(3)})
def scale(n):
    return [n * v for v in range(3)]
print(scale(4))
print([[r * 3 + c for c in range(3)] for r in range(2)])
print(sum(v * v for v in range(4)))
)"),
            "10 [0, 1, 2]\n[(1, 0), (2, 1)]\n{0: 0, 1: 1, 2: 4}\n[0, 4, 8]\n"
            "[[0, 1, 2], [3, 4, 5]]\n14\n");
}

TEST_F(EvaluatorTest, LoopElseBreakAndContinue) {
  EXPECT_EQ(run(R"(for i in range(3):
    pass
else:
    print("for done", i)
for i in range(10):
    if i == 2:
        break
else:
    print("not printed")
print("broke at", i)
n = 0
while n < 5:
    n += 1
    if n % 2:
        continue
    print("even", n)
else:
    print("while done", n)
while True:
    break
else:
    print("not printed")
for c in []:
    print("never")
else:
    print("empty else")
)"),
            "for done 2\nbroke at 2\neven 2\neven 4\nwhile done 5\nempty else\n");
}

TEST_F(EvaluatorTest, BreakLeavesOnlyTheInnermostLoop) {
  EXPECT_EQ(run(R"(out = []
for i in range(3):
    for j in range(3):
        if j > i:
            break
        out.append((i, j))
print(out)
)"),
            "[(0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)]\n");
}

//===----------------------------------------------------------------------===//
// Builtins
//===----------------------------------------------------------------------===//

TEST_F(EvaluatorTest, SequenceBuiltins) {
  EXPECT_EQ(run(R"(print(len([1, 2]), len((3,)), len({'a': 1}), len("abc"), len(range(2, 10, 3)))
print(list(range(5, 0, -2)), tuple(range(3)))
print(list(enumerate("ab", start=1)), list(zip([1, 2, 3], "ab")))
print(sorted([3, 1, 2]), sorted([3, 1, 2], reverse=True), sorted(["b", "a"]))
)"),
            "2 1 1 3 3\n[5, 3, 1] (0, 1, 2)\n[(1, 'a'), (2, 'b')] [(1, 'a'), (2, 'b')]\n"
            "[1, 2, 3] [3, 2, 1] ['a', 'b']\n");
}

TEST_F(EvaluatorTest, NumericBuiltins) {
  EXPECT_EQ(run(R"(print(min(3, 1, 2), max([4, 9, 2]), min([5, 3], key=lambda v: -v), max("abc"))
print(sum([1, 2, 3]), sum([0.5, 0.25], 1), abs(-3), abs(-2.5))
print(round(2.5), round(3.5), round(0.125, 2), round(-1.5), round(2.675, 2))
print(int(3.9), int(-3.9), int("42"), int(True), float(2), float("1.5"), bool(0), bool([]), bool("x"))
print(str(12), str(1.0), tuple([1, 2]), list((1, 2)), dict(a=1, b=2))
print(isinstance(1, int), isinstance(True, int), isinstance(1.0, (int, float)), isinstance("s", float))
print(7 // 2, -7 // 2, 7 % -3, -7 % 3, 2 ** 10, 2 ** -1, 7 / 2)
)"),
            "1 9 5 c\n6 1.75 3 2.5\n2 4 0.12 -2 2.67\n"
            "3 -3 42 1 2.0 1.5 False False True\n12 1.0 (1, 2) [1, 2] {'a': 1, 'b': 2}\n"
            "True True True False\n3 -4 -2 2 1024 0.5 3.5\n");
}

//===----------------------------------------------------------------------===//
// str / repr
//===----------------------------------------------------------------------===//

TEST_F(EvaluatorTest, StrOfScalars) {
  EXPECT_EQ(run("print(None, True, False, 1, -0.0, 1e16, 1.5e-7, 0.1 + 0.2, 1e22, 100.0, "
                "1e-5, 1 / 3)\nprint(float('inf'), -float('inf'), float('nan'))\n"),
            "None True False 1 -0.0 1e+16 1.5e-07 0.30000000000000004 1e+22 100.0 1e-05 "
            "0.3333333333333333\ninf -inf nan\n");
}

TEST_F(EvaluatorTest, ReprOfStringsPicksQuotesAndEscapes) {
  EXPECT_EQ(run(R"(print(repr("a'b"), repr('say "hi"'), repr("it's \"x\""), repr("tab\there"), repr("nl\n"))
)"),
            "\"a'b\" 'say \"hi\"' 'it\\'s \"x\"' 'tab\\there' 'nl\\n'\n");
}

TEST_F(EvaluatorTest, ContainersPrintTheirElementsRepr) {
  EXPECT_EQ(run(R"(print((1,), (), [], {}, [1, [2, (3, 4)]], {'a': [1, 'b'], 2: None})
print(str("s"), ["s", 'q'], ("t",))
print(range(3), range(1, 10, 2), repr(...))
)"),
            "(1,) () [] {} [1, [2, (3, 4)]] {'a': [1, 'b'], 2: None}\n"
            "s ['s', 'q'] ('t',)\nrange(0, 3) range(1, 10, 2) Ellipsis\n");
}

TEST_F(EvaluatorTest, ReprOfArraysDTypesAndFunctions) {
  std::string out = run(R"(import jax.numpy as jnp
x = jnp.array([1, 2])
print(repr(x), x, x.dtype, repr(x.dtype), jnp.float32)
print(repr(jnp.float32(1.5)), [jnp.int32(3)])
def f():
    pass
print(repr(f)[:12], repr(len))
)");
  EXPECT_EQ(out, "Array([1, 2], dtype=int32) [1 2] int32 dtype('int32') "
                 "<class 'jax.numpy.float32'>\n"
                 "Array(1.5, dtype=float32) [Array(3, dtype=int32)]\n"
                 "<function f  <built-in function len>\n");
}

//===----------------------------------------------------------------------===//
// f-strings and str.format
//===----------------------------------------------------------------------===//

TEST_F(EvaluatorTest, FStrings) {
  EXPECT_EQ(run(R"(x = 42
s = "hi"
w = 7
print(f"{x!r} {s!r} {s}")
print(f"[{x:>5}] [{x:<5}] [{x:^6}] [{x:05d}]")
print(f"{3.14159:.2f} {2.5:e} {1234567.891:,.1f} {1000000:,}")
print(f"{255:#x} {255:b} {255:o} {0.5:%} {-3:+d}")
print(f"{{literal}} {x:{w}}|")
print(f"{'s':*^7}|{s.upper()}|{[1, 2][1]}|{x + 1}")
print("{} and {name}".format(1, name="n"), "{:.3f}".format(2 / 3))
)"),
            "42 'hi' hi\n[   42] [42   ] [  42  ] [00042]\n"
            "3.14 2.500000e+00 1,234,567.9 1,000,000\n0xff 11111111 377 50.000000% -3\n"
            "{literal}      42|\n***s***|HI|2|43\n1 and n 0.667\n");
}

TEST_F(EvaluatorTest, SelfDocumentingFString) {
  EXPECT_EQ(run("x = 42\nprint(f\"{x=}\", f\"{x + 1 = }\")\n"), "x=42 x + 1 = 43\n");
}

//===----------------------------------------------------------------------===//
// Errors become diagnostics
//===----------------------------------------------------------------------===//

TEST_F(EvaluatorTest, ZeroDivisionPointsAtTheOperator) {
  Diagnostic d = fail("a = 1\nb = 0\nprint(a // b)\n");
  EXPECT_EQ(d.kind, "ZeroDivisionError") << d.render();
  EXPECT_EQ(d.loc.line, 3u);
  EXPECT_EQ(d.loc.col, 7u) << d.render(); // the whole `a // b`
  EXPECT_TRUE(contains(d.render(), "prog.py:3:7: error: ZeroDivisionError"));
}

TEST_F(EvaluatorTest, NameErrorSuggestsTheClosestName) {
  Diagnostic d = fail("counter = 1\nprint(countr + 1)\n");
  EXPECT_DIAG(d, "NameError", 2, 7, "name 'countr' is not defined");
  EXPECT_TRUE(contains(d.hint, "counter"));
}

TEST_F(EvaluatorTest, IndexAndKeyErrors) {
  Diagnostic idx = fail("xs = [1, 2]\ny = xs[2]\n");
  EXPECT_EQ(idx.kind, "IndexError") << idx.render();
  EXPECT_EQ(idx.loc.line, 2u);
  EXPECT_TRUE(contains(idx.message, "list index out of range"));
  Diagnostic key = fail("d = {'a': 1}\n\ny = d['b']\n");
  EXPECT_EQ(key.kind, "KeyError") << key.render();
  EXPECT_EQ(key.loc.line, 3u);
  EXPECT_TRUE(contains(key.message, "'b'"));
}

TEST_F(EvaluatorTest, UnsupportedOperandTypesIsTypeError) {
  Diagnostic d = fail("x = 1 + 'a'\n");
  EXPECT_DIAG(d, "TypeError", 1, 5, "unsupported operand type(s) for +: 'int' and 'str'");
}

TEST_F(EvaluatorTest, FailedAssertIsAssertionErrorWithItsMessage) {
  Diagnostic d = fail("x = 3\nassert x < 2, f'x is {x}'\n");
  EXPECT_EQ(d.kind, "AssertionError") << d.render();
  EXPECT_EQ(d.loc.line, 2u);
  EXPECT_TRUE(contains(d.message, "x is 3"));
}

TEST_F(EvaluatorTest, ErrorInsideAFunctionShowsTheCallChain) {
  RunResult r = runProgram(R"(def inner(v):
    return v[5]
def outer():
    return inner([1])
outer()
)");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.diag->kind, "IndexError");
  EXPECT_EQ(r.diag->loc.line, 2u);
  EXPECT_TRUE(contains(r.err, "prog.py:2:12: error: IndexError"));
  EXPECT_TRUE(contains(r.err, "    return v[5]\n"));
  EXPECT_TRUE(contains(r.err, "outer > inner"));
}

TEST_F(EvaluatorTest, OutputBeforeAnErrorIsKept) {
  RunResult r = runProgram("print('first')\nx = undefined_name\nprint('never')\n");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.out, "first\n");
  EXPECT_EQ(r.diag->kind, "NameError");
}

TEST_F(EvaluatorTest, UnsupportedStatementsAreNamedErrors) {
  Diagnostic c = fail("async def f():\n    pass\n");
  EXPECT_EQ(c.kind, "NotImplementedError") << c.render();
  EXPECT_TRUE(contains(c.message, "async"));
}

//===----------------------------------------------------------------------===//
// Exceptions, global and nonlocal
//===----------------------------------------------------------------------===//

TEST_F(EvaluatorTest, AReRaiseCarriesTheSameExceptionObject) {
  EXPECT_EQ(run(R"(def f():
    try:
        raise KeyError("k")
    except LookupError as e:
        saved = e
        try:
            raise
        except KeyError as again:
            return saved is again, repr(again), again.args
print(f())
)"),
            "(True, \"KeyError('k')\", ('k',))\n");
}

TEST_F(EvaluatorTest, GlobalAndNonlocalBindOutsideTheFunction) {
  EXPECT_EQ(run(R"(n = 0
def outer():
    m = 1
    def inner():
        global n
        nonlocal m
        n += 10
        m += 1
    inner()
    inner()
    return m
print(outer(), n)
)"),
            "3 20\n");
}

TEST_F(EvaluatorTest, FinallyRunsAndTheErrorPropagatesToTheOuterHandler) {
  EXPECT_EQ(run(R"(try:
    try:
        1 / 0
    finally:
        print("cleanup")
except ArithmeticError as e:
    print(type(e).__name__, e.__context__)
)"),
            "cleanup\nZeroDivisionError None\n");
}

TEST_F(EvaluatorTest, AnUncaughtRaiseIsADiagnosticAtTheRaise) {
  Diagnostic d = fail("def f(n):\n    raise ValueError(f'bad {n}')\nf(3)\n");
  EXPECT_DIAG(d, "ValueError", 2, 5, "bad 3");
}

} // namespace
} // namespace parax::testing
