// "did you mean" hints: a curated table for known gaps, a length-relative
// distance threshold for typos.
#include "frontend/machine/Suggest.h"

#include <gtest/gtest.h>

using namespace parax::frontend;

TEST(Suggest, EditDistanceCountsTranspositionsOnce) {
  EXPECT_EQ(editDistance("fori_loop", "fori_loop"), 0u);
  EXPECT_EQ(editDistance("fori_lopo", "fori_loop"), 1u);
  EXPECT_EQ(editDistance("zeroes", "zeros"), 1u);
  EXPECT_EQ(editDistance("fft", "dot"), 2u);
  EXPECT_EQ(editDistance("", "abc"), 3u);
}

TEST(Suggest, TyposWithinTheThresholdAreSuggested) {
  std::vector<std::string> jnp{"zeros", "ones", "arange", "sum", "concatenate"};
  EXPECT_EQ(closestName("zeroes", jnp), "zeros");
  EXPECT_EQ(closestName("concatnate", jnp), "concatenate");
  EXPECT_EQ(closestName("concatenat", jnp), "concatenate");
}

TEST(Suggest, FarNamesAreNotSuggested) {
  std::vector<std::string> jnp{"dot", "len", "max", "pmap"};
  EXPECT_EQ(closestName("fft", jnp), "");   // 2 edits on 3 letters
  EXPECT_EQ(closestName("open", jnp), "");  // 2 edits on 4 letters
  EXPECT_EQ(closestName("linalg", {"ling", "alg"}), "");
}

TEST(Suggest, ShortNamesOnlyMatchACaseChange) {
  EXPECT_EQ(closestName("q", {"x", "y"}), "");
  EXPECT_EQ(closestName("xy", {"xz", "x"}), "");
  EXPECT_EQ(closestName("X", {"x", "y"}), "x");
}

TEST(Suggest, KnownGapsGetTheCuratedHintNotALookAlike) {
  std::vector<std::string> jax{"pmap", "jit", "numpy", "lax"};
  EXPECT_NE(unknownNameHint("jax", "make_jaxpr", jax).find("does not support jax.make_jaxpr"),
            std::string::npos);
  EXPECT_NE(unknownNameHint("jax.lax", "custom_root", {"scan"}).find("custom_root"),
            std::string::npos);
  EXPECT_NE(unknownNameHint("jax.numpy", "fft", {"dot"}).find("jnp.fft"), std::string::npos);
  EXPECT_NE(unknownNameHint("", "input", {"int", "print"}).find("cannot read stdin"),
            std::string::npos);
}

TEST(Suggest, UnknownNameHintFallsBack) {
  EXPECT_EQ(unknownNameHint("jax.numpy", "zeroes", {"zeros"}), "did you mean 'zeros'?");
  EXPECT_EQ(unknownNameHint("jax.numpy", "qqq", {"zeros"}, "parax does not provide it"),
            "parax does not provide it");
}
