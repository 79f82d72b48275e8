//===- Regex.h - Python's regular expressions (the re module's engine) -*- C++ -*-===//
//
// A backtracking matcher with Python's `re` syntax and semantics (not
// std::regex, whose ECMAScript dialect differs): greedy, lazy and
// possessive quantifiers, {m,n}, classes with ranges and \d\w\s, anchors
// (^ $ \A \Z \b \B, MULTILINE), groups (capturing, (?:), (?P<name>),
// (?P=name), \1, atomic (?>)), lookahead and fixed-width lookbehind,
// conditionals (?(1)a|b), inline and scoped flags, VERBOSE. Patterns and
// subjects are code points; positions are code-point indices, as Python's.
// Errors carry CPython's message and the pattern position.
//
// Plain C++ with no interpreter values: frontend/lib/ReModule.cpp wraps it
// as the module `_regex` that re.py builds the Python API on.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace parax::regex {

/// The flag bits, with CPython's values.
enum Flag : int {
  IGNORECASE = 2,
  LOCALE = 4,
  MULTILINE = 8,
  DOTALL = 16,
  UNICODE = 32,
  VERBOSE = 64,
  DEBUG = 128,
  ASCII = 256,
};

/// A pattern error: CPython's message ("nothing to repeat") and position.
struct Error {
  static constexpr size_t kNoPos = size_t(-1); ///< errors CPython gives no position
  std::string message;
  size_t pos = 0;
};

struct Node;

/// Where a match attempt must start and end.
enum class Anchor { Search, Match, FullMatch };

class Regex {
public:
  /// Compiles `pattern`; on failure returns null and fills `err`.
  static std::unique_ptr<Regex> compile(const std::u32string &pattern, int flags, Error &err);
  ~Regex();

  /// The number of capturing groups.
  int groups() const { return groups_; }
  /// (?P<name>...) groups: name and index, in pattern order.
  const std::vector<std::pair<std::string, int>> &groupNames() const { return names_; }
  /// The flags, with inline flags of the pattern added (and UNICODE for a
  /// str pattern without ASCII, as CPython reports them).
  int flags() const { return flags_; }

  /// Tries to match in s[pos:endpos]. On success fills `spans` with
  /// 2*(groups+1) code-point offsets (-1 for a group that did not take part)
  /// and `lastIndex` with the last group closed (-1 if none).
  /// `mustAdvance`: a match starting at `pos` may not be empty there (the
  /// rule that moves findall/sub/split past an empty match).
  /// Throws std::runtime_error when the match recurses too deep.
  bool match(const std::u32string &s, size_t pos, size_t endpos, Anchor anchor,
             std::vector<int64_t> &spans, int &lastIndex, bool mustAdvance = false) const;

private:
  Regex() = default;
  std::unique_ptr<Node> root_;
  int groups_ = 0;
  int flags_ = 0;
  std::vector<std::pair<std::string, int>> names_;
  friend class Parser;
};

/// UTF-8 <-> code points (invalid bytes decode as U+FFFD).
std::u32string decodeUtf8(const std::string &s);
std::string encodeUtf8(const std::u32string &s);

} // namespace parax::regex
