// Which missing JAX names get placeholders and which stay errors.
#include "frontend/machine/Placeholder.h"

#include <gtest/gtest.h>

using namespace parax::frontend;

TEST(Placeholder, OnlyNamesJaxHasGetPlaceholders) {
  EXPECT_TRUE(isJaxApiName("jax", "vmap"));
  EXPECT_TRUE(isJaxApiName("jax.lax", "fori_loop"));
  EXPECT_FALSE(isJaxApiName("jax.lax", "fori_lop")); // a typo: AttributeError, as in JAX
  EXPECT_FALSE(isJaxApiName("jax", "_src"));
  EXPECT_FALSE(isJaxApiName("numpy", "foo")); // not a JAX module
  // jax.tree_util is also jax.tree in parax.
  EXPECT_TRUE(isJaxApiName("jax.tree_util", "map_with_path"));
  // A module whose names parax does not list: any public name.
  EXPECT_TRUE(isJaxApiName("jax.experimental.pallas", "pallas_call"));
}

TEST(Placeholder, KnownModulesAndTheirParents) {
  EXPECT_TRUE(isKnownJaxModule("jax.experimental"));
  EXPECT_TRUE(isKnownJaxModule("jax.experimental.pallas"));
  EXPECT_TRUE(isKnownJaxModule("jax.scipy.stats"));
  EXPECT_TRUE(isKnownJaxModule("jax.scipy.stats.norm"));
  EXPECT_FALSE(isKnownJaxModule("jax.sc"));
  EXPECT_FALSE(isKnownJaxModule("jax.nonexistent"));
  EXPECT_FALSE(isKnownJaxModule("torch"));
}

TEST(Placeholder, ReprNamesItAndUseFails) {
  PlaceholderObject p("jax.foo");
  EXPECT_EQ(p.repr(), "<jax.foo: not implemented in parax>");
  EXPECT_ANY_THROW(p.fail());
}
