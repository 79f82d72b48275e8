//===- StrSearch.cpp - str searches with Python slice bounds --------------===//
//
// find/rfind/index/rindex/count and startswith/endswith, whose start and
// end count code points as Python does (not bytes): rows of str's method
// table (StrMethods.cpp). ASCII strings take the byte offsets directly.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/StrSearch.h"
#include "frontend/machine/BuiltinMethods.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"

#include <algorithm>
#include <cctype>

namespace parax::frontend {

namespace {
bool isContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

/// Code points of `s`.
int64_t cpLength(const std::string &s) {
  int64_t n = 0;
  for (unsigned char c : s)
    n += !isContinuation(c);
  return n;
}

/// The byte offset of code point `i` (0 <= i <= length).
size_t cpToByte(const std::string &s, int64_t i) {
  size_t b = 0;
  while (b < s.size() && i > 0) {
    ++b;
    while (b < s.size() && isContinuation((unsigned char)s[b]))
      ++b;
    --i;
  }
  return b;
}

int64_t byteToCp(const std::string &s, size_t b) {
  int64_t n = 0;
  for (size_t i = 0; i < b && i < s.size(); ++i)
    n += !isContinuation((unsigned char)s[i]);
  return n;
}

bool ascii(const std::string &s) {
  for (unsigned char c : s)
    if (c >= 0x80)
      return false;
  return true;
}

std::string strParam(const CallArgs &a, size_t i, const std::string &fn) {
  if (i >= a.args.size())
    raise("TypeError", fn + "() takes at least " + std::to_string(i + 1) + " argument (" +
                           std::to_string(a.args.size()) + " given)");
  if (!a.args[i].isStr())
    raise("TypeError", "must be str, not " + typeName(a.args[i]));
  return a.args[i].asStr();
}

/// A start/end argument as Python slices them: None is the default,
/// negative counts from the end, the result is clamped to [0, len]
/// (start may stay past the end: such a search finds nothing).
int64_t bound(Evaluator &ev, const CallArgs &a, size_t i, int64_t dflt, int64_t len) {
  if (i >= a.args.size() || a.args[i].isNone())
    return dflt;
  int64_t v = ev.toIndex(a.args[i], "slice indices");
  if (v < 0)
    v = std::max<int64_t>(0, v + len);
  return v;
}

/// find/rfind/index/rindex/count over the code points [start, end).
Value search(Evaluator &ev, const Value &self, const std::string &name, CallArgs &a) {
  const std::string &s = self.asStr();
  if (a.args.size() > 3)
    raise("TypeError", name + " expected at most 3 arguments, got " +
                           std::to_string(a.args.size()));
  std::string sub = strParam(a, 0, name);
  bool fast = ascii(s);
  int64_t len = fast ? int64_t(s.size()) : cpLength(s);
  int64_t start = bound(ev, a, 1, 0, len), end = std::min(bound(ev, a, 2, len, len), len);
  bool reverse = name == "rfind" || name == "rindex";
  auto notFound = [&]() -> Value {
    if (name == "index" || name == "rindex")
      raise("ValueError", "substring not found");
    return Value::integer(-1);
  };
  if (start > len || start > end)
    return name == "count" ? Value::integer(0) : notFound();
  size_t b0 = fast ? size_t(start) : cpToByte(s, start);
  size_t b1 = fast ? size_t(end) : cpToByte(s, end);
  std::string_view view(s.data() + b0, b1 - b0);
  if (name == "count") {
    if (sub.empty())
      return Value::integer(end - start + 1);
    int64_t n = 0;
    for (size_t p = view.find(sub); p != std::string_view::npos; p = view.find(sub, p + sub.size()))
      ++n;
    return Value::integer(n);
  }
  size_t p = reverse ? view.rfind(sub) : view.find(sub);
  if (p == std::string_view::npos)
    return notFound();
  return Value::integer(fast ? int64_t(b0 + p) : byteToCp(s, b0 + p));
}

/// startswith/endswith(prefix or tuple of them, start, end).
Value affix(Evaluator &ev, const Value &self, const std::string &name, CallArgs &a) {
  const std::string &s = self.asStr();
  bool ends = name == "endswith";
  if (a.args.empty() || a.args.size() > 3)
    raise("TypeError", std::string(ends ? "endswith" : "startswith") + "() takes from 1 to 3 "
                       "arguments");
  std::vector<Value> cands = a.args[0].isTuple() ? a.args[0].elements()
                                                 : std::vector<Value>{a.args[0]};
  bool fast = ascii(s);
  int64_t len = fast ? int64_t(s.size()) : cpLength(s);
  int64_t start = bound(ev, a, 1, 0, len), end = std::min(bound(ev, a, 2, len, len), len);
  if (start > len)
    return Value::boolean(false);
  size_t b0 = fast ? size_t(start) : cpToByte(s, start);
  size_t b1 = fast ? size_t(std::max(start, end)) : cpToByte(s, std::max(start, end));
  std::string_view view(s.data() + b0, b1 - b0);
  for (const Value &c : cands) {
    if (!c.isStr())
      raise("TypeError", std::string(ends ? "endswith" : "startswith") +
                             " first arg must be str or a tuple of str, not " + typeName(c));
    const std::string &p = c.asStr();
    if (end < start)
      continue;
    if (p.size() <= view.size() &&
        (ends ? view.compare(view.size() - p.size(), p.size(), p) == 0
              : view.compare(0, p.size(), p) == 0))
      return Value::boolean(true);
  }
  return Value::boolean(false);
}
} // namespace

const std::vector<BuiltinMethodDef> &strSearchMethodTable() {
  static const std::vector<BuiltinMethodDef> table = {
      {"find", search},      {"rfind", search},        {"index", search},
      {"rindex", search},    {"count", search},        {"startswith", affix},
      {"endswith", affix},
  };
  return table;
}

} // namespace parax::frontend
