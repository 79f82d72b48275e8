// Long source lines and deep trace stacks are elided in diagnostics.
#include "ir/Diagnostics.h"
#include "ir/Location.h"

#include <gtest/gtest.h>

using namespace parax;

namespace {
std::vector<std::string> lines(const std::string &s) {
  std::vector<std::string> r;
  size_t at = 0;
  while (at < s.size()) {
    size_t nl = s.find('\n', at);
    r.push_back(s.substr(at, nl - at));
    at = nl == std::string::npos ? s.size() : nl + 1;
  }
  return r;
}
} // namespace

TEST(DiagnosticsElision, ShortLineIsShownWhole) {
  uint32_t f = SourceRegistry::add("short.py", "y = foo(x)\n");
  auto l = lines(renderCaret(Loc{f, 1, 5, 1, 11}));
  ASSERT_EQ(l.size(), 2u);
  EXPECT_EQ(l[0], "    y = foo(x)");
  EXPECT_EQ(l[1], "        ^~~~~~");
}

TEST(DiagnosticsElision, LongLineIsAWindowAroundTheCaret) {
  std::string src = "x = [" + std::string(400000, '1') + "] + bad + [" +
                    std::string(100000, '2') + "]";
  uint32_t f = SourceRegistry::add("long.py", src + "\n");
  uint32_t col = uint32_t(src.find("bad") + 1);
  auto l = lines(renderCaret(Loc{f, 1, col, 1, col + 3}));
  ASSERT_EQ(l.size(), 2u);
  EXPECT_LE(l[0].size(), kMaxSourceColumns + 4);
  EXPECT_EQ(l[0].substr(0, 7), "    ...");
  EXPECT_EQ(l[0].substr(l[0].size() - 3), "...");
  size_t bad = l[0].find("bad");
  ASSERT_NE(bad, std::string::npos);
  // The caret sits under the name, wherever the window starts.
  EXPECT_EQ(l[1].find('^'), bad);
  EXPECT_EQ(l[1].substr(bad), "^~~");
}

TEST(DiagnosticsElision, CaretNearTheStartKeepsTheLeftEdge) {
  std::string src = "bad + [" + std::string(5000, '3') + "]";
  uint32_t f = SourceRegistry::add("left.py", src + "\n");
  auto l = lines(renderCaret(Loc{f, 1, 1, 1, 4}));
  ASSERT_EQ(l.size(), 2u);
  EXPECT_EQ(l[0].substr(0, 7), "    bad");
  EXPECT_EQ(l[0].substr(l[0].size() - 3), "...");
  EXPECT_EQ(l[1], "    ^~~");
}

TEST(DiagnosticsElision, ChainCollapsesRepeats) {
  std::vector<std::string> items{"jit(g)"};
  for (int i = 0; i < 40; ++i)
    items.push_back("f");
  items.push_back("h");
  EXPECT_EQ(elideChain(items), "jit(g) > f (x40) > h");
}

TEST(DiagnosticsElision, LongChainKeepsBothEnds) {
  std::vector<std::string> items;
  for (int i = 0; i < 20; ++i)
    items.push_back("f" + std::to_string(i));
  EXPECT_EQ(elideChain(items), "f0 > f1 > f2 > ... (14 more) ... > f17 > f18 > f19");
  items.resize(kMaxChainEntries);
  EXPECT_EQ(elideChain(items).find("more"), std::string::npos);
}

TEST(DiagnosticsElision, TraceStackRenderIsElided) {
  TraceStack s = TraceFrame::push(nullptr, "jit(g)", {});
  for (int i = 0; i < 1000; ++i)
    s = TraceFrame::push(s, "f", {});
  EXPECT_EQ(TraceFrame::render(s), "jit(g) > f (x1000)");
}
