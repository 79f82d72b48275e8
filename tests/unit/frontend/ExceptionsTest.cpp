//===- ExceptionsTest.cpp - the exception hierarchy and its matching -------===//
//
// The built-in exception types (CPython 3.11's hierarchy, JAX's jax.errors
// classes from jax/_src/errors.py) and how parax's own errors, which carry
// only a kind string, map onto them when an except clause matches.
//
//===----------------------------------------------------------------------===//
#include "SessionTestUtil.h"

#include "frontend/machine/Exceptions.h"

namespace parax::testing {
namespace {

using frontend::ExceptionTypes;

bool sub(const ExceptionTypes &t, const char *a, const char *b) {
  return t.find(a)->isSubclassOf(*t.find(b));
}

TEST(ExceptionsTest, BuiltinHierarchyIsCPythons) {
  ExceptionTypes t;
  EXPECT_TRUE(sub(t, "ZeroDivisionError", "ArithmeticError"));
  EXPECT_TRUE(sub(t, "KeyError", "LookupError"));
  EXPECT_FALSE(sub(t, "KeyError", "IndexError"));
  EXPECT_TRUE(sub(t, "UnboundLocalError", "NameError"));
  EXPECT_TRUE(sub(t, "RecursionError", "RuntimeError"));
  EXPECT_TRUE(sub(t, "ModuleNotFoundError", "ImportError"));
  EXPECT_TRUE(sub(t, "KeyboardInterrupt", "BaseException"));
  EXPECT_FALSE(sub(t, "KeyboardInterrupt", "Exception"));
  EXPECT_TRUE(sub(t, "ValueError", "ValueError"));
  EXPECT_EQ(t.find("BaseException")->base(), nullptr);
  EXPECT_EQ(t.find("NoSuchError"), nullptr);
}

TEST(ExceptionsTest, JaxErrorsSubclassTypeErrorAsInJax) {
  ExceptionTypes t;
  EXPECT_TRUE(sub(t, "TracerBoolConversionError", "ConcretizationTypeError"));
  EXPECT_TRUE(sub(t, "ConcretizationTypeError", "TypeError"));
  EXPECT_TRUE(sub(t, "TracerArrayConversionError", "TypeError"));
  EXPECT_TRUE(sub(t, "UnexpectedTracerError", "Exception"));
  EXPECT_TRUE(sub(t, "NonConcreteBooleanIndexError", "IndexError"));
  EXPECT_FALSE(sub(t, "ConcretizationTypeError", "ValueError"));
  EXPECT_EQ(t.find("ConcretizationTypeError")->qualname(),
            "jax.errors.ConcretizationTypeError");
  // jax.errors' classes are not builtins.
  for (auto &b : t.builtins())
    EXPECT_NE(b->name(), "ConcretizationTypeError");
}

TEST(ExceptionsTest, ParaxErrorsAreCaughtByTheirKind) {
  // The evaluator raises kinds; except clauses see instances of the types.
  RunResult r = runProgram(R"(import jax
import jax.numpy as jnp
for f in [lambda: jnp.arange(jax.numpy.ones(()).sum().astype(int) * 0 + 3)[10:].reshape(2),
          lambda: {}[('a', 1)], lambda: {}[7], lambda: {}['k']]:
    try:
        f()
    except LookupError as e:
        print(type(e).__name__, repr(e), e.args)
    except Exception as e:
        print(type(e).__name__)
)");
  EXPECT_TRUE(r.ok) << r.err;
  EXPECT_EQ(r.out, "TypeError\n"
                   "KeyError KeyError(('a', 1)) (('a', 1),)\n"
                   "KeyError KeyError(7) (7,)\n"
                   "KeyError KeyError('k') ('k',)\n");
}

} // namespace
} // namespace parax::testing
