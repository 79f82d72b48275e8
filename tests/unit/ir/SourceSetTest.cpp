//===- SourceSetTest.cpp - source buffers live with their owner -----------===//
#include "ir/Diagnostics.h"
#include "ir/Location.h"

#include <gtest/gtest.h>

namespace parax {
namespace {

TEST(SourceSet, RemovesItsBuffersWithItself) {
  size_t before = SourceRegistry::size();
  uint32_t a, b;
  {
    SourceSet set;
    a = set.add("a.py", "x = 1\ny = 2\n");
    b = set.add("b.py", "z = 3\n");
    EXPECT_EQ(SourceRegistry::size(), before + 2);
    EXPECT_EQ(SourceRegistry::line(a, 2), "y = 2");
    set.remove(b);
    EXPECT_EQ(SourceRegistry::size(), before + 1);
    EXPECT_EQ(SourceRegistry::name(b), "<unknown>");
  }
  EXPECT_EQ(SourceRegistry::size(), before);
  // A stale id names nothing: no text, no caret, and no later buffer.
  EXPECT_EQ(SourceRegistry::name(a), "<unknown>");
  EXPECT_EQ(SourceRegistry::line(a, 1), "");
  EXPECT_EQ(renderCaret(Loc{a, 1, 1, 1, 2}), "");
  SourceSet later;
  uint32_t c = later.add("c.py", "w = 4\n");
  EXPECT_NE(c, a);
  EXPECT_NE(c, b);
  EXPECT_EQ(SourceRegistry::name(a), "<unknown>");
}

} // namespace
} // namespace parax
