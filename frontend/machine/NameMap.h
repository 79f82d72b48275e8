// Maps keyed by a Python name, searchable by a name whose hash was computed
// once (a NameExpr hashes its identifier when the AST is built), so a
// variable lookup costs one probe and one compare instead of re-hashing the
// string in every scope it passes.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace parax::frontend {

/// A name with its precomputed std::hash.
struct HashedName {
  std::string_view text;
  size_t hash;
  static size_t of(std::string_view s) { return std::hash<std::string_view>{}(s); }
};

struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return HashedName::of(s); }
  size_t operator()(const std::string &s) const noexcept { return HashedName::of(s); }
  size_t operator()(const char *s) const noexcept { return HashedName::of(s); }
  size_t operator()(const HashedName &n) const noexcept { return n.hash; }
};

struct NameEq {
  using is_transparent = void;
  static std::string_view text(std::string_view s) { return s; }
  static std::string_view text(const std::string &s) { return s; }
  static std::string_view text(const char *s) { return s; }
  static std::string_view text(const HashedName &n) { return n.text; }
  template <typename A, typename B> bool operator()(const A &a, const B &b) const noexcept {
    return text(a) == text(b);
  }
};

template <typename V> using NameMap = std::unordered_map<std::string, V, NameHash, NameEq>;
using NameSet = std::unordered_set<std::string, NameHash, NameEq>;

} // namespace parax::frontend
