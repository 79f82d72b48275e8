// The re module's engine (frontend/lib/Regex.h): Python's syntax, its
// matching semantics and CPython's error messages and positions. The
// expected values are what CPython 3.11's re gives for the same calls.
#include "frontend/lib/Regex.h"

#include <gtest/gtest.h>

using namespace parax::regex;

namespace {
std::unique_ptr<Regex> compileOk(const std::string &p, int flags = 0) {
  Error err;
  auto re = Regex::compile(decodeUtf8(p), flags, err);
  EXPECT_TRUE(re) << p << ": " << err.message << " at " << err.pos;
  return re;
}

/// The span of the first match (search), or {-1, -1}.
std::pair<long, long> search(const std::string &p, const std::string &s, int flags = 0,
                             Anchor anchor = Anchor::Search) {
  auto re = compileOk(p, flags);
  if (!re)
    return {-2, -2};
  std::vector<int64_t> spans;
  int last;
  if (!re->match(decodeUtf8(s), 0, decodeUtf8(s).size(), anchor, spans, last))
    return {-1, -1};
  return {long(spans[0]), long(spans[1])};
}

/// The text of group `g` of the first match ("<none>" when unmatched).
std::string group(const std::string &p, const std::string &s, int g, int flags = 0) {
  auto re = compileOk(p, flags);
  std::vector<int64_t> spans;
  int last;
  std::u32string u = decodeUtf8(s);
  if (!re || !re->match(u, 0, u.size(), Anchor::Search, spans, last))
    return "<nomatch>";
  if (spans[2 * g] < 0)
    return "<none>";
  return encodeUtf8(u.substr(size_t(spans[2 * g]), size_t(spans[2 * g + 1] - spans[2 * g])));
}

Error compileError(const std::string &p, int flags = 0) {
  Error err;
  auto re = Regex::compile(decodeUtf8(p), flags, err);
  EXPECT_FALSE(re) << p << " compiled";
  return err;
}
} // namespace

TEST(Regex, LiteralsAndClasses) {
  EXPECT_EQ(search("abc", "xxabcxx"), std::make_pair(2L, 5L));
  EXPECT_EQ(search(R"(\d+)", "ab 123 4"), std::make_pair(3L, 6L));
  EXPECT_EQ(search(R"([a-c]+)", "zzbcaz"), std::make_pair(2L, 5L));
  EXPECT_EQ(search(R"([^a-c ]+)", "abc de"), std::make_pair(4L, 6L));
  EXPECT_EQ(search(R"([]a]+)", "x]a]"), std::make_pair(1L, 4L));
  EXPECT_EQ(search(R"([\w.-]+@\w+\.com)", "mail: a.b-c@ex.com!"), std::make_pair(6L, 18L));
  EXPECT_EQ(search(R"(\s+)", "a \t\nb"), std::make_pair(1L, 4L));
  EXPECT_EQ(search(R"(\W)", "ab_c!"), std::make_pair(4L, 5L));
  EXPECT_EQ(search("a.c", "a\nc abc"), std::make_pair(4L, 7L));
  EXPECT_EQ(search("a.c", "a\nc", DOTALL), std::make_pair(0L, 3L));
  EXPECT_EQ(search(R"(\x41\u00e9)", "zAé"), std::make_pair(1L, 3L));
}

TEST(Regex, QuantifiersGreedyLazyPossessive) {
  EXPECT_EQ(group("<(.+)>", "<a><b>", 1), "a><b");
  EXPECT_EQ(group("<(.+?)>", "<a><b>", 1), "a");
  EXPECT_EQ(group(R"((\d{2,3}))", "12345", 1), "123");
  EXPECT_EQ(group(R"((\d{2,3}?))", "12345", 1), "12");
  EXPECT_EQ(group(R"(a{,2}(b))", "aaab", 0), "aab");
  EXPECT_EQ(search("a{3}", "aa aaa"), std::make_pair(3L, 6L));
  EXPECT_EQ(search("x{a}", "x{a}"), std::make_pair(0L, 4L)); // not a quantifier: literal
  EXPECT_EQ(search("a++a", "aaa"), std::make_pair(-1L, -1L));
  EXPECT_EQ(search("(?>a+)b", "aab"), std::make_pair(0L, 3L));
  EXPECT_EQ(group("(ab)*c", "ababc", 1), "ab");
  EXPECT_EQ(group("(a|ab)(c|bcd)(d*)", "abcd", 3), "");
  EXPECT_EQ(search("(a*)*b", "aaab"), std::make_pair(0L, 4L));
  EXPECT_EQ(search("(a?)+?b", "b"), std::make_pair(0L, 1L));
}

TEST(Regex, AnchorsAndBoundaries) {
  EXPECT_EQ(search("^b", "a\nb"), std::make_pair(-1L, -1L));
  EXPECT_EQ(search("^b", "a\nb", MULTILINE), std::make_pair(2L, 3L));
  EXPECT_EQ(search("a$", "a\n"), std::make_pair(0L, 1L));
  EXPECT_EQ(search("a$", "a\nb"), std::make_pair(-1L, -1L));
  EXPECT_EQ(search("a$", "a\nb", MULTILINE), std::make_pair(0L, 1L));
  EXPECT_EQ(search(R"(a\Z)", "a\n"), std::make_pair(-1L, -1L));
  EXPECT_EQ(search(R"(\bcat\b)", "concat cat"), std::make_pair(7L, 10L));
  EXPECT_EQ(search(R"(\Bcat)", "cat concat"), std::make_pair(7L, 10L));
  EXPECT_EQ(search("abc", "xabc", 0, Anchor::Match), std::make_pair(-1L, -1L));
  EXPECT_EQ(search("ab", "abc", 0, Anchor::FullMatch), std::make_pair(-1L, -1L));
  EXPECT_EQ(search("ab|abc", "abc", 0, Anchor::FullMatch), std::make_pair(0L, 3L));
}

TEST(Regex, GroupsAndBackreferences) {
  EXPECT_EQ(group(R"((?P<word>\w+) (?P=word))", "hello hello world", 1), "hello");
  EXPECT_EQ(group(R"((\w)\1)", "abccd", 0), "cc");
  EXPECT_EQ(group("(a)|(b)", "b", 1), "<none>");
  EXPECT_EQ(group("(?:a|b)+(c)", "abac", 1), "c");
  EXPECT_EQ(group("(?i)(A)\\1", "aA", 0), "aA");
  EXPECT_EQ(group("(a)?(?(1)b|c)", "c", 0), "c");
  EXPECT_EQ(group("(a)?(?(1)b|c)", "ab", 0), "ab");
  auto re = compileOk(R"((?P<y>\d{4})-(?P<m>\d\d))");
  ASSERT_TRUE(re);
  EXPECT_EQ(re->groups(), 2);
  ASSERT_EQ(re->groupNames().size(), 2u);
  EXPECT_EQ(re->groupNames()[1].first, "m");
  std::vector<int64_t> spans;
  int last;
  std::u32string s = decodeUtf8("on 2024-05");
  ASSERT_TRUE(re->match(s, 0, s.size(), Anchor::Search, spans, last));
  EXPECT_EQ(last, 2);
}

TEST(Regex, Lookaround) {
  EXPECT_EQ(search(R"(\w+(?=!))", "hi there!"), std::make_pair(3L, 8L));
  EXPECT_EQ(search(R"(\d+(?!px))", "12px 34em"), std::make_pair(0L, 1L));
  EXPECT_EQ(search(R"((?<=\$)\d+)", "cost $42"), std::make_pair(6L, 8L));
  EXPECT_EQ(search(R"((?<!\$)\b\d+)", "$42 17"), std::make_pair(4L, 6L));
  EXPECT_EQ(compileError("(?<=a+)b").message, "look-behind requires fixed-width pattern");
}

TEST(Regex, FlagsAndVerbose) {
  EXPECT_EQ(search("HELLO", "say hello", IGNORECASE), std::make_pair(4L, 9L));
  EXPECT_EQ(search("[A-Z]+", "abc", IGNORECASE), std::make_pair(0L, 3L));
  EXPECT_EQ(search("(?i:A)b", "aB ab"), std::make_pair(3L, 5L));
  EXPECT_EQ(search(R"(\d+ # digits
                       \s* [a-z]+ # word)",
                   "x 12  ab", VERBOSE),
            std::make_pair(2L, 8L));
  EXPECT_EQ(search(R"(\w+)", "é1", ASCII), std::make_pair(1L, 2L));
  EXPECT_EQ(search(R"(\w+)", "é1"), std::make_pair(0L, 2L));
  auto re = compileOk("(?im)a");
  EXPECT_EQ(re->flags(), IGNORECASE | MULTILINE | UNICODE);
}

TEST(Regex, EmptyMatchesMustAdvance) {
  // re.sub('x*', '-', 'abxd') == '-a-b--d-': the matches findall walks.
  auto re = compileOk("x*");
  std::u32string s = decodeUtf8("abxd");
  std::vector<std::pair<int64_t, int64_t>> found;
  std::vector<int64_t> spans;
  int last;
  size_t at = 0;
  bool must = false;
  while (at <= s.size() && re->match(s, at, s.size(), Anchor::Search, spans, last, must)) {
    found.emplace_back(spans[0], spans[1]);
    at = size_t(spans[1]);
    must = spans[0] == spans[1];
  }
  std::vector<std::pair<int64_t, int64_t>> want = {{0, 0}, {1, 1}, {2, 3}, {3, 3}, {4, 4}};
  EXPECT_EQ(found, want);
}

TEST(Regex, ErrorsAsCPython) {
  auto e = compileError("a(b");
  EXPECT_EQ(e.message, "missing ), unterminated subpattern");
  EXPECT_EQ(e.pos, 1u);
  e = compileError("a)");
  EXPECT_EQ(e.message, "unbalanced parenthesis");
  EXPECT_EQ(e.pos, 1u);
  e = compileError("*a");
  EXPECT_EQ(e.message, "nothing to repeat");
  EXPECT_EQ(e.pos, 0u);
  e = compileError("a**");
  EXPECT_EQ(e.message, "multiple repeat");
  EXPECT_EQ(e.pos, 2u);
  e = compileError("[a-");
  EXPECT_EQ(e.message, "unterminated character set");
  EXPECT_EQ(e.pos, 0u);
  e = compileError("[z-a]");
  EXPECT_EQ(e.message, "bad character range z-a");
  EXPECT_EQ(e.pos, 1u);
  e = compileError(R"(\q)");
  EXPECT_EQ(e.message, "bad escape \\q");
  e = compileError(R"((a)\2)");
  EXPECT_EQ(e.message, "invalid group reference 2");
  EXPECT_EQ(e.pos, 4u);
  e = compileError("(?P<n>a)(?P<n>b)");
  EXPECT_EQ(e.message, "redefinition of group name 'n' as group 2; was group 1");
  e = compileError("(?P=zz)");
  EXPECT_EQ(e.message, "unknown group name 'zz'");
  e = compileError("a{3,2}");
  EXPECT_EQ(e.message, "min repeat greater than max repeat");
  e = compileError("a(?i)b");
  EXPECT_EQ(e.message, "global flags not at the start of the expression");
}

TEST(Regex, DeepRecursionIsAnErrorNotACrash) {
  std::u32string s;
  for (int i = 0; i < 200000; ++i)
    s += U"ab";
  s += U"c";
  std::vector<int64_t> spans;
  int last;
  // A repeated group whose body matches one way iterates without
  // recursing: any length, and the group holds the last iteration.
  auto det = compileOk("(ab)*c");
  ASSERT_TRUE(det->match(s, 0, s.size(), Anchor::Match, spans, last));
  EXPECT_EQ(spans[1], int64_t(s.size()));
  EXPECT_EQ(spans[2], int64_t(s.size()) - 3);
  // One with alternatives recurses per iteration; when the thread's stack
  // runs short it throws instead of overflowing it.
  auto re = compileOk("(a|b)*c");
  EXPECT_THROW(re->match(s, 0, s.size(), Anchor::Match, spans, last), std::runtime_error);
  // A single-character repeat counts in a loop: no depth at all.
  auto flat = compileOk("a*b");
  std::u32string t(500000, U'a');
  t += U'b';
  ASSERT_TRUE(flat->match(t, 0, t.size(), Anchor::Match, spans, last));
  EXPECT_EQ(spans[1], int64_t(t.size()));
}

TEST(Regex, DeeplyNestedGroupsAreAnErrorNotACrash) {
  std::string p(200000, '(');
  p += "a";
  p += std::string(200000, ')');
  Error err;
  auto re = Regex::compile(decodeUtf8(p), 0, err);
  EXPECT_FALSE(re);
  EXPECT_EQ(err.message, "too many nested groups for parax's parser");
  // A moderately nested one is fine.
  EXPECT_EQ(group("((((((a))))))", "xa", 6), "a");
}
