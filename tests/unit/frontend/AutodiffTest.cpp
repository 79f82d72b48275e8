// Autodiff: the rule table covers the op table, and differentiated programs
// run in a session that survives autodiff errors.
#include "SessionTestUtil.h"
#include "frontend/lib/autodiff/Autodiff.h"

#include <gtest/gtest.h>

#include <set>

using namespace parax;
using namespace parax::testing;

TEST(Autodiff, EveryOpHasRulesOrIsDeclaredNonDifferentiable) {
  // Adding an op to Ops.def without its autodiff entry fails here: give it a
  // jvp and a vjp (or region rules), or mark it non-differentiable.
  const auto &table = frontend::ad::rules();
  // Ops JAX does not differentiate either (NotImplementedError at use).
  std::set<ir::OpKind> gaps = {ir::OpKind::Pmax,
                               ir::OpKind::Pmin, ir::OpKind::Yield, ir::OpKind::Return};
  for (size_t k = 0; k < table.byKind.size(); ++k) {
    auto kind = ir::OpKind(k);
    const frontend::ad::Rule &r = table.byKind[k];
    bool covered = r.nonDifferentiable || (r.jvp && r.vjp) || (r.regionJvp && r.regionBwd);
    if (gaps.count(kind))
      EXPECT_FALSE(covered) << ir::mnemonic(kind) << " now has rules: drop it from the gaps";
    else
      EXPECT_TRUE(covered) << ir::mnemonic(kind) << " has no autodiff rules";
  }
}

TEST(Autodiff, GradOfGradThroughControlFlow) {
  RunResult r = runProgram("import jax\nimport jax.numpy as jnp\nfrom jax import lax\n"
                           "f = lambda x: lax.cond(x > 0.0, lambda v: v ** 3, lambda v: -v, x)\n"
                           "print(jax.grad(jax.grad(f))(2.0), jax.grad(jax.grad(f))(-1.0))\n"
                           "g = lambda x: lax.scan(lambda c, _: (c * x, None), 1.0, None, length=4)[0]\n"
                           "print(jax.grad(g)(2.0), jax.jit(jax.grad(jax.grad(g)))(2.0))\n");
  ASSERT_TRUE(r.ok) << r.err;
  EXPECT_EQ(r.out, "12.0 0.0\n32.0 48.0\n");
}

TEST(Autodiff, ErrorsAreCatchableAndTheSessionGoesOn) {
  RunResult r = runProgram(
      "import jax\nimport jax.numpy as jnp\n"
      "try:\n    jax.grad(lambda x: x * 2.0)(jnp.ones(2))\n"
      "except TypeError as e:\n    print('caught', 'scalar-output' in str(e))\n"
      "try:\n    jax.jit(jax.grad(lambda x: jax.lax.while_loop(lambda c: c < 3.0, "
      "lambda c: c + x, 0.0)))(1.0)\n"
      "except ValueError as e:\n    print('caught', 'Reverse-mode' in str(e))\n"
      "print(jax.grad(lambda x: x * x)(3.0))\n");
  ASSERT_TRUE(r.ok) << r.err;
  EXPECT_EQ(r.out, "caught True\ncaught True\n6.0\n");
}

TEST(Autodiff, DumpShowsTheTransformedProgram) {
  Options o = testOptions();
  o.dumps.push_back("ir");
  RunResult r = runProgram("import jax\nimport jax.numpy as jnp\n"
                           "print(jax.jit(jax.grad(lambda x: jnp.sum(jnp.sin(x))))(jnp.ones(2)))\n",
                           o);
  ASSERT_TRUE(r.ok) << r.err;
  EXPECT_TRUE(contains(r.err, "cos"));
  EXPECT_TRUE(contains(r.out, "[0.5403023 0.5403023]"));
}
