//===- ErrorTest.cpp - syntax errors, named errors, REPL input, fuzzing ---===//
//
// What a user sees for code that is not valid Python (a SyntaxError saying
// what was expected, at the right place), for Python outside the subset (a
// NotImplementedError naming the construct, with a hint), the REPL's input
// classification, and robustness: no input crashes or hangs the parser.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Parser.h"
#include "ir/Diagnostics.h"

#include <gtest/gtest.h>

#include <random>

using namespace parax;
using namespace parax::frontend;

namespace {

Diagnostic error(const std::string &src) {
  try {
    parseModule(SourceRegistry::add("err.py", src));
  } catch (const ParaxError &e) {
    return e.diag();
  }
  ADD_FAILURE() << "no error for: " << src;
  return {};
}

struct ErrorCase {
  const char *src;
  const char *kind;
  const char *message;
  uint32_t line, col;
};

void expectErrors(const std::vector<ErrorCase> &cases) {
  for (const ErrorCase &c : cases) {
    Diagnostic d = error(c.src);
    EXPECT_EQ(d.kind, c.kind) << c.src;
    EXPECT_EQ(d.message, c.message) << c.src;
    EXPECT_EQ(d.loc.line, c.line) << c.src;
    EXPECT_EQ(d.loc.col, c.col) << c.src;
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Invalid Python
//===----------------------------------------------------------------------===//

TEST(ErrorTest, SyntaxErrorsSayWhatWasExpected) {
  expectErrors({
      {"a = = 1\n", "SyntaxError",
       "invalid syntax: expected an expression after '='", 1, 5},
      {"x = 1 +\n", "SyntaxError",
       "invalid syntax: expected an expression after '+'", 1, 8},
      {"x = not\n", "SyntaxError",
       "invalid syntax: expected an expression after 'not'", 1, 8},
      {"if x\n    pass\n", "SyntaxError", "expected ':'", 1, 5},
      {"for x in range(3) print(x)\n", "SyntaxError", "expected ':'", 1, 19},
      {"def f(x) -> int\n  pass\n", "SyntaxError", "expected ':'", 1, 16},
      {"while x\n  pass\n", "SyntaxError", "expected ':'", 1, 8},
      {"f = lambda x x: 1\n", "SyntaxError", "expected ':'", 1, 14},
      {"if x = 1:\n  pass\n", "SyntaxError",
       "invalid syntax: maybe you meant '==' instead of '='?", 1, 6},
      {"foo(1, 2 3)\n", "SyntaxError",
       "invalid syntax. Perhaps you forgot a comma?", 1, 10},
      {"x = [a b]\n", "SyntaxError",
       "invalid syntax. Perhaps you forgot a comma?", 1, 8},
      {"print 'hi'\n", "SyntaxError",
       "Missing parentheses in call to 'print'. Did you mean print(...)?", 1,
       7},
      {"x = a == not b\n", "SyntaxError",
       "invalid syntax: 'not' after a comparison operator must be in "
       "parentheses",
       1, 10},
      {"x = a + not b\n", "SyntaxError",
       "invalid syntax: expected an expression after '+'", 1, 9},
      {"x = 1 if 2\n", "SyntaxError",
       "invalid syntax: expected 'else' after '2'", 1, 11},
      {"import\n", "SyntaxError",
       "invalid syntax: expected a name after "
       "'import'",
       1, 7},
      {"x.\n", "SyntaxError", "invalid syntax: expected a name after '.'", 1,
       3},
      {"def if(): pass\n", "SyntaxError",
       "invalid syntax: 'if' is a keyword and cannot be used as a name", 1, 5},
      {"else:\n  pass\n", "SyntaxError",
       "invalid syntax: 'else' must follow an 'if', 'for', 'while' or 'try' "
       "block at the same indentation",
       1, 1},
      {"elif x:\n  pass\n", "SyntaxError",
       "invalid syntax: 'elif' must follow an 'if' block at the same "
       "indentation",
       1, 1},
      {"try:\n  pass\nx = 1\n", "SyntaxError",
       "expected 'except' or 'finally' block", 3, 1},
      {"@dec\nx = 1\n", "SyntaxError",
       "invalid syntax: expected a function definition after the decorator", 2,
       1},
      {"x = $\n", "SyntaxError", "invalid syntax: unexpected character '$'", 1,
       5},
      {"x = (1,\n2\n", "SyntaxError", "'(' was never closed", 1, 5},
      {"x = 1)\n", "SyntaxError", "unmatched ')'", 1, 6},
      {"x = 'abc\n", "SyntaxError",
       "unterminated string literal (detected at line 1)", 1, 5},
  });
}

TEST(ErrorTest, IndentationErrors) {
  expectErrors({
      {"if x:\npass\n", "IndentationError",
       "expected an indented block after 'if' statement on line 1", 2, 1},
      {"def f(x):\n", "IndentationError",
       "expected an indented block after function definition on line 1", 1, 10},
      {"for i in r:\n  pass\nelse:\nx\n", "IndentationError",
       "expected an indented block after 'else' statement on line 3", 4, 1},
      {"  x = 1\n", "IndentationError", "unexpected indent", 1, 3},
      {"x = 1\n    y = 2\n", "IndentationError", "unexpected indent", 2, 5},
      {"if x:\n    a\n  b\n", "IndentationError",
       "unindent does not match any outer indentation level", 3, 3},
  });
}

TEST(ErrorTest, CompileTimeErrorsOfCPython) {
  expectErrors({
      {"return 1\n", "SyntaxError", "'return' outside function", 1, 1},
      {"yield 1\n", "SyntaxError", "'yield' outside function", 1, 1},
      {"x = yield from g()\n", "SyntaxError", "'yield' outside function", 1, 5},
      {"class C:\n  yield 1\n", "SyntaxError", "'yield' outside function", 2, 3},
      {"def f():\n  return [(yield x) for x in y]\n", "SyntaxError",
       "'yield' inside list comprehension", 2, 12},
      {"def f():\n  return ((yield x) for x in y)\n", "SyntaxError",
       "'yield' inside generator expression", 2, 12},
      {"def f():\n  return {k: (yield) for k in y}\n", "SyntaxError",
       "'yield' inside dict comprehension", 2, 15},
      {"break\n", "SyntaxError", "'break' outside loop", 1, 1},
      {"def f():\n  continue\n", "SyntaxError",
       "'continue' not properly in loop", 2, 3},
      {"for x in y:\n  def g():\n    break\n", "SyntaxError",
       "'break' outside loop", 3, 5},
      {"f() = 3\n", "SyntaxError",
       "cannot assign to function call here. Maybe you meant '==' instead of "
       "'='?",
       1, 1},
      {"x + 1 = 3\n", "SyntaxError",
       "cannot assign to expression here. Maybe you meant '==' instead of "
       "'='?",
       1, 1},
      {"None = 1\n", "SyntaxError", "cannot assign to None", 1, 1},
      {"(a, b) += 1\n", "SyntaxError",
       "'tuple' is an illegal expression for augmented assignment", 1, 1},
      {"del f()\n", "SyntaxError", "cannot delete function call", 1, 5},
      {"for f() in x: pass\n", "SyntaxError", "cannot assign to function call",
       1, 5},
      {"*a = 1\n", "SyntaxError",
       "starred assignment target must be in a list or tuple", 1, 1},
      {"a, *b, *c = d\n", "SyntaxError",
       "multiple starred expressions in assignment", 1, 8},
      {"x, y: int = 1, 2\n", "SyntaxError",
       "only single target (not tuple) can be annotated", 1, 1},
      {"*a\n", "SyntaxError", "can't use starred expression here", 1, 1},
      {"def f(x, y=1, z): pass\n", "SyntaxError",
       "parameter without a default follows parameter with a default", 1, 15},
      {"def f(x, x): pass\n", "SyntaxError",
       "duplicate argument 'x' in function definition", 1, 10},
      {"def f(*, **k): pass\n", "SyntaxError",
       "named arguments must follow bare *", 1, 7},
      {"def f(*a, *b): pass\n", "SyntaxError",
       "* argument may appear only once", 1, 11},
      {"def f(**k, a): pass\n", "SyntaxError",
       "arguments cannot follow var-keyword argument", 1, 12},
      {"f(a=1, 2)\n", "SyntaxError",
       "positional argument follows keyword argument", 1, 8},
      {"f(**k, a)\n", "SyntaxError",
       "positional argument follows keyword argument unpacking", 1, 8},
      {"f(**k, *a)\n", "SyntaxError",
       "iterable argument unpacking follows keyword argument unpacking", 1, 8},
      {"f(a=1, a=2)\n", "SyntaxError", "keyword argument repeated: a", 1, 8},
      {"f(a.b=1)\n", "SyntaxError",
       "expression cannot contain assignment, perhaps you meant \"==\"?", 1, 3},
      {"f(x for x in y, 1)\n", "SyntaxError",
       "Generator expression must be parenthesized", 1, 3},
      {"def f():\n  from jax import *\n", "SyntaxError",
       "import * only allowed at module level", 2, 19},
      {"x = {**a for b in c}\n", "SyntaxError",
       "dict unpacking cannot be used in dict comprehension", 1, 5},
  });
}

//===----------------------------------------------------------------------===//
// Python outside the subset
//===----------------------------------------------------------------------===//

TEST(ErrorTest, UnsupportedConstructsAreNamed) {
  struct Case {
    const char *src, *message;
    uint32_t line, col;
    bool hasHint;
  } cases[] = {
      {"async def f():\n  pass\n", "async functions are not part of parax", 1,
       1, true},
      {"async for x in y:\n  pass\n", "async for loops are not part of parax",
       1, 1, false},
      {"async with a:\n  pass\n", "async with statements are not part of parax",
       1, 1, false},
      {"x = await y\n", "await expressions are not part of parax", 1, 5, true},
      {"x = [a async for a in b]\n",
       "async comprehensions are not part of parax", 1, 8, false},
      {"if (n := 10) > 5:\n  pass\n",
       "assignment expressions (:=) are not part of parax", 1, 7, true},
      {"f(y := 1)\n", "assignment expressions (:=) are not part of parax", 1, 5,
       true},
      {"def f(a, /, b): pass\n",
       "positional-only parameters ('/') are not part of parax", 1, 10, true},
      {"from . import x\n", "relative imports are not part of parax", 1, 6,
       true},
      {"match x:\n  case 1:\n    pass\n",
       "match statements are not part of parax", 1, 7, true},
      {"x = 3j\n", "complex numbers are not part of parax", 1, 5, false},
  };
  for (const Case &c : cases) {
    Diagnostic d = error(c.src);
    EXPECT_EQ(d.kind, "NotImplementedError") << c.src;
    EXPECT_EQ(d.message, c.message) << c.src;
    EXPECT_EQ(d.loc.line, c.line) << c.src;
    EXPECT_EQ(d.loc.col, c.col) << c.src;
    EXPECT_EQ(!d.hint.empty(), c.hasHint) << c.src << ": " << d.hint;
  }
  // The location covers the keyword.
  Diagnostic d = error("async def f(): pass\n");
  EXPECT_GT(d.loc.endCol, d.loc.col);
}

TEST(ErrorTest, GlobalAndNonlocalMisuseIsASyntaxErrorAsInCPython) {
  struct Case {
    const char *src, *message;
    uint32_t line, col;
  } cases[] = {
      {"def f():\n  x = 1\n  global x\n",
       "name 'x' is assigned to before global declaration", 3, 10},
      {"def f():\n  def g(): pass\n  global g\n",
       "name 'g' is assigned to before global declaration", 3, 10},
      {"def f(a):\n  global a\n", "name 'a' is parameter and global", 2, 10},
      {"def f(*a):\n  def g():\n    pass\n  nonlocal a\n",
       "name 'a' is parameter and nonlocal", 4, 12},
      {"def f():\n  global y\n  nonlocal y\n", "name 'y' is nonlocal and global", 3, 12},
      {"nonlocal z\n", "nonlocal declaration not allowed at module level", 1, 1},
      {"def f():\n  for i in r:\n    pass\n  global i\n",
       "name 'i' is assigned to before global declaration", 4, 10},
  };
  for (const Case &c : cases) {
    Diagnostic d = error(c.src);
    EXPECT_EQ(d.kind, "SyntaxError") << c.src;
    EXPECT_EQ(d.message, c.message) << c.src;
    EXPECT_EQ(d.loc.line, c.line) << c.src;
    EXPECT_EQ(d.loc.col, c.col) << c.src;
  }
  // Declarations before any binding are fine, at module level too.
  EXPECT_NO_THROW(parseModule(SourceRegistry::add(
      "ok.py", "global g\ndef f():\n  global g\n  g = 1\n  def h():\n"
               "    nonlocal q\n  q = 2\n")));
}

TEST(ErrorTest, ConstructsTheEvaluatorJudgesStillParse) {
  // Decorators, del, with, set displays and dict comprehensions are AST
  // nodes; whether a program may use them is the evaluator's decision.
  EXPECT_NO_THROW(parseModule(SourceRegistry::add(
      "ok.py", "@anything(1)\ndef f(): pass\ndel x\nwith a: pass\n"
               "s = {1, 2}\nd = {k: v for k, v in i}\n"
               "try:\n  raise E from c\nexcept (A, B) as e:\n  raise\n"
               "except:\n  pass\nelse:\n  pass\nfinally:\n  pass\n")));
}

TEST(ErrorTest, TheFirstErrorInSourceOrderIsReported) {
  Diagnostic d = error("x = await y\nasync def g(): pass\n");
  EXPECT_EQ(d.message, "await expressions are not part of parax");
  // Syntax errors come before unsupported constructs anywhere in the file.
  d = error("async def g(): pass\nx = = 1\n");
  EXPECT_EQ(d.kind, "SyntaxError");
  EXPECT_EQ(d.loc.line, 2u);
}

TEST(ErrorTest, ErrorsRenderWithFileLineAndCaret) {
  uint32_t file = SourceRegistry::add("prog.py", "x = 1\ny = = 2\n");
  try {
    parseModule(file);
    FAIL() << "no error";
  } catch (const ParaxError &e) {
    EXPECT_EQ(e.diag().render(),
              "prog.py:2:5: error: SyntaxError: invalid syntax: expected an "
              "expression after '='\n"
              "    y = = 2\n"
              "        ^\n");
  }
}

//===----------------------------------------------------------------------===//
// REPL input classification
//===----------------------------------------------------------------------===//

TEST(ErrorTest, ClassifyInput) {
  struct Case {
    const char *text;
    InputState state;
  } cases[] = {
      {"", InputState::Complete},
      {"x = 1\n", InputState::Complete},
      {"x = 1", InputState::Complete},
      {"print(x)  # comment\n", InputState::Complete},
      {"x = (1,\n", InputState::Incomplete},
      {"x = [1,\n\n", InputState::Incomplete},
      {"f(a,\n  b)\n", InputState::Complete},
      {"s = '''abc\n", InputState::Incomplete},
      {"s = '''abc\n\n", InputState::Incomplete},
      {"x = 1 + \\\n", InputState::Incomplete},
      {"x = 1 + \\", InputState::Incomplete},
      {"if x:\n", InputState::Incomplete},
      {"if x:", InputState::Incomplete},
      {"def f(x):\n    return x\n", InputState::Incomplete},
      {"def f(x):\n    return x\n\n", InputState::Complete},
      {"def f(x):\n    return x\n    \n", InputState::Complete},
      {"for i in r:\n  pass\nelse:\n", InputState::Incomplete},
      {"@jax.jit\n", InputState::Incomplete},
      {"if x:\n\n", InputState::Invalid},
      {"x = = 1\n", InputState::Invalid},
      {"x =\n", InputState::Invalid},
      {"for x in y\n", InputState::Invalid},
      {"if x:\n  a = = 1\n", InputState::Invalid},
      {"x = 1)\n", InputState::Invalid},
      {"x = 'abc\n", InputState::Invalid},
      {"async def f(): pass\n", InputState::Invalid},
      {"return 1\n", InputState::Invalid},
      // Inside open brackets: wrong already (no continuation can fix it),
      // or still open to more lines.
      {"def broken(:\n", InputState::Invalid},
      {"x = (1 2\n", InputState::Invalid},
      {"x = [1,\n  2 3\n", InputState::Invalid},
      {"print(1 +\n", InputState::Incomplete},
      {"def f(a,\n", InputState::Incomplete},
      {"f(x for x in\n", InputState::Incomplete},
      {"f(\"\"\"abc\n", InputState::Incomplete},
      {"if x:\n  f(1,\n", InputState::Incomplete},
  };
  for (const Case &c : cases)
    EXPECT_EQ(int(classifyInput(c.text)), int(c.state)) << c.text;
}

//===----------------------------------------------------------------------===//
// Robustness
//===----------------------------------------------------------------------===//

TEST(ErrorTest, DeepNestingIsAnErrorNotACrash) {
  auto nested = [](int n, const std::string &open, const std::string &close) {
    std::string s = "x = ";
    for (int i = 0; i < n; ++i)
      s += open;
    s += "1";
    for (int i = 0; i < n; ++i)
      s += close;
    return s + "\n";
  };
  EXPECT_NO_THROW(
      parseModule(SourceRegistry::add("n.py", nested(200, "(", ")"))));
  EXPECT_NO_THROW(
      parseModule(SourceRegistry::add("n.py", nested(199, "f(-", ")"))));
  EXPECT_EQ(error(nested(201, "(", ")")).message,
            "too many nested parentheses");
  // The deepest brackets inside the deepest blocks are still fine.
  std::string deep;
  for (int i = 0; i < 99; ++i)
    deep += std::string(size_t(i), ' ') + "if x:\n";
  deep += std::string(99, ' ') + nested(100, "(lambda: [", "])") +
          std::string(99, ' ') + nested(200, "{1: ", "}");
  EXPECT_NO_THROW(parseModule(SourceRegistry::add("d.py", deep)));
  // Long chains without brackets are bounded as well.
  const char *chains[] = {"-",   "not ", "lambda: ", "a if b else ",
                          "2**", "1+",   "a.",       "f()."};
  for (const char *unit : chains) {
    std::string src = "x = ";
    for (int i = 0; i < 5000; ++i)
      src += unit;
    src += "x\n";
    Diagnostic d = error(src);
    EXPECT_EQ(d.kind, "SyntaxError") << unit;
    EXPECT_TRUE(d.message == "expression is too deeply nested" ||
                d.message == "too many nested expressions or blocks")
        << unit << ": " << d.message;
  }
  // Long flat sequences are fine.
  std::string list = "x = [";
  for (int i = 0; i < 20000; ++i)
    list += "1, ";
  EXPECT_NO_THROW(parseModule(SourceRegistry::add("l.py", list + "]\n")));
  std::string elifs = "if a:\n  pass\n";
  for (int i = 0; i < 999; ++i)
    elifs += "elif a:\n  pass\n";
  EXPECT_NO_THROW(parseModule(SourceRegistry::add("e.py", elifs)));
  Diagnostic d = error(elifs + "elif a:\n  pass\n");
  EXPECT_EQ(d.message, "too many elif clauses in one if statement");
  EXPECT_EQ(d.loc.line, 2001u);
}

TEST(ErrorTest, MutatedProgramsNeverCrash) {
  const std::string seed =
      "import jax\nfrom jax import lax\n"
      "def body(i, acc):\n"
      "    x = f'{acc!r:>{w}} {i=}' + \"\"\"t\"\"\"\n"
      "    return acc + x[1:2, ...] * -2 ** 3 if i else [a for a in b]\n"
      "print(lax.fori_loop(0, 3, body, {'k': (1, 2.5e-3)}))\n";
  const std::string alphabet = "()[]{}:'\"\\\n\t #=+-*/%@.,;!fbr{}0x1_eJ中";
  std::mt19937 rng(12345);
  int parsed = 0, rejected = 0;
  for (int iter = 0; iter < 1500; ++iter) {
    std::string s = seed;
    int edits = 1 + int(rng() % 4);
    for (int e = 0; e < edits && !s.empty(); ++e) {
      size_t pos = rng() % s.size();
      switch (rng() % 3) {
      case 0:
        s.erase(pos, 1 + rng() % 3);
        break;
      case 1:
        s.insert(pos, 1, alphabet[rng() % alphabet.size()]);
        break;
      default:
        s[pos] = alphabet[rng() % alphabet.size()];
      }
    }
    try {
      parseModule(SourceRegistry::add("fuzz.py", s));
      ++parsed;
    } catch (const ParaxError &e) {
      ++rejected;
      EXPECT_FALSE(e.diag().kind.empty());
      EXPECT_FALSE(e.diag().message.empty());
    }
    classifyInput(s); // must not throw
  }
  EXPECT_GT(parsed, 0);
  EXPECT_GT(rejected, 0);
}
