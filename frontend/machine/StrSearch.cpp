//===- StrSearch.cpp - str searching, splitting and character tests ------===//
//
// The str methods that take Python slice bounds or look for separators:
// find/rfind/index/rindex/count (with start and end, in code points as
// Python counts them, not bytes), partition/rpartition, splitlines,
// removeprefix/removesuffix; and the character-class tests isalnum,
// isupper, islower, isidentifier, isdecimal, isnumeric, istitle with
// title, capitalize and swapcase (ASCII letters; other characters are
// neither upper nor lower case here).
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/StrSearch.h"
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

Value makeMethod(const std::string &name, BuiltinFunction::Impl impl) {
  return makeBuiltin("str." + name, std::move(impl));
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
Value search(Evaluator &ev, const std::string &s, const std::string &name, CallArgs &a) {
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

/// Python's line boundaries: \n \r \r\n \v \f \x1c \x1d \x1e \x85 \u2028 \u2029.
size_t lineBreakAt(const std::string &s, size_t i) {
  unsigned char c = s[i];
  if (c == '\r')
    return i + 1 < s.size() && s[i + 1] == '\n' ? 2 : 1;
  if (c == '\n' || c == '\v' || c == '\f' || c == 0x1c || c == 0x1d || c == 0x1e)
    return 1;
  if (c == 0xC2 && i + 1 < s.size() && (unsigned char)s[i + 1] == 0x85)
    return 2;
  if (c == 0xE2 && i + 2 < s.size() && (unsigned char)s[i + 1] == 0x80 &&
      ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9))
    return 3;
  return 0;
}

bool allChars(const std::string &s, int (*pred)(int)) {
  if (s.empty())
    return false;
  for (unsigned char c : s)
    if (c >= 0x80 || !pred(c))
      return false;
  return true;
}

/// split/rsplit(sep=None, maxsplit=-1) as Python splits.
Value splitStr(Evaluator &ev, const std::string &s, bool right, CallArgs &a) {
  Value sepArg, maxArg;
  if (a.args.size() > 2)
    raise("TypeError", std::string(right ? "rsplit" : "split") +
                           "() takes at most 2 arguments (" + std::to_string(a.args.size()) +
                           " given)");
  if (a.args.size() > 0)
    sepArg = a.args[0];
  if (a.args.size() > 1)
    maxArg = a.args[1];
  for (auto &kw : a.kwargs) {
    if (kw.first == "sep")
      sepArg = kw.second;
    else if (kw.first == "maxsplit")
      maxArg = kw.second;
    else
      raise("TypeError", "'" + kw.first + "' is an invalid keyword argument for split()");
  }
  int64_t maxsplit = maxArg.isNone() ? -1 : ev.toIndex(maxArg, "maxsplit");
  std::vector<std::string> parts;
  if (sepArg.isNone()) {
    auto ws = [](unsigned char c) { return c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f); };
    if (!right) {
      size_t i = 0;
      while (i < s.size()) {
        while (i < s.size() && ws(s[i]))
          ++i;
        if (i >= s.size())
          break;
        if (maxsplit >= 0 && int64_t(parts.size()) == maxsplit) {
          size_t e = s.size();
          while (e > i && ws(s[e - 1]))
            --e;
          parts.push_back(s.substr(i, e - i));
          break;
        }
        size_t j = i;
        while (j < s.size() && !ws(s[j]))
          ++j;
        parts.push_back(s.substr(i, j - i));
        i = j;
      }
    } else {
      size_t i = s.size();
      while (i > 0) {
        while (i > 0 && ws(s[i - 1]))
          --i;
        if (i == 0)
          break;
        if (maxsplit >= 0 && int64_t(parts.size()) == maxsplit) {
          size_t b = 0;
          while (b < i && ws(s[b]))
            ++b;
          parts.push_back(s.substr(b, i - b));
          break;
        }
        size_t j = i;
        while (j > 0 && !ws(s[j - 1]))
          --j;
        parts.push_back(s.substr(j, i - j));
        i = j;
      }
      std::reverse(parts.begin(), parts.end());
    }
  } else {
    if (!sepArg.isStr())
      raise("TypeError", "must be str or None, not " + typeName(sepArg));
    const std::string &sep = sepArg.asStr();
    if (sep.empty())
      raise("ValueError", "empty separator");
    if (!right) {
      size_t start = 0, pos;
      while ((maxsplit < 0 || int64_t(parts.size()) < maxsplit) &&
             (pos = s.find(sep, start)) != std::string::npos) {
        parts.push_back(s.substr(start, pos - start));
        start = pos + sep.size();
      }
      parts.push_back(s.substr(start));
    } else {
      size_t end = s.size();
      while (maxsplit < 0 || int64_t(parts.size()) < maxsplit) {
        if (end < sep.size())
          break;
        size_t pos = s.rfind(sep, end - sep.size());
        if (pos == std::string::npos)
          break;
        parts.push_back(s.substr(pos + sep.size(), end - pos - sep.size()));
        end = pos;
      }
      parts.push_back(s.substr(0, end));
      std::reverse(parts.begin(), parts.end());
    }
  }
  std::vector<Value> out;
  out.reserve(parts.size());
  for (auto &p : parts)
    out.push_back(Value::str(std::move(p)));
  return Value::list(out);
}

/// startswith/endswith(prefix or tuple of them, start, end).
Value affix(Evaluator &ev, const std::string &s, bool ends, CallArgs &a) {
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

Value strSearchMethod(Evaluator &, const std::string &s, const std::string &name) {
  if (name == "split" || name == "rsplit")
    return makeMethod(name, [s, name](Evaluator &ev, CallArgs &a) {
      return splitStr(ev, s, name == "rsplit", a);
    });
  if (name == "startswith" || name == "endswith")
    return makeMethod(name, [s, name](Evaluator &ev, CallArgs &a) {
      return affix(ev, s, name == "endswith", a);
    });
  if (name == "find" || name == "rfind" || name == "index" || name == "rindex" ||
      name == "count")
    return makeMethod(name, [s, name](Evaluator &ev, CallArgs &a) {
      return search(ev, s, name, a);
    });
  if (name == "partition" || name == "rpartition")
    return makeMethod(name, [s, name](Evaluator &, CallArgs &a) {
      if (a.args.size() != 1)
        raise("TypeError", name + "() takes exactly one argument (" +
                               std::to_string(a.args.size()) + " given)");
      std::string sep = strParam(a, 0, name);
      if (sep.empty())
        raise("ValueError", "empty separator");
      size_t p = name == "partition" ? s.find(sep) : s.rfind(sep);
      if (p == std::string::npos)
        return name == "partition"
                   ? Value::tuple({Value::str(s), Value::str(""), Value::str("")})
                   : Value::tuple({Value::str(""), Value::str(""), Value::str(s)});
      return Value::tuple({Value::str(s.substr(0, p)), Value::str(sep),
                           Value::str(s.substr(p + sep.size()))});
    });
  if (name == "splitlines")
    return makeMethod(name, [s](Evaluator &ev, CallArgs &a) {
      bool keep = false;
      if (!a.args.empty())
        keep = ev.truthy(a.args[0]);
      for (auto &kw : a.kwargs) {
        if (kw.first != "keepends")
          raise("TypeError", "splitlines() got an unexpected keyword argument '" + kw.first +
                                 "'");
        keep = ev.truthy(kw.second);
      }
      std::vector<Value> lines;
      size_t start = 0, i = 0;
      while (i < s.size()) {
        size_t br = lineBreakAt(s, i);
        if (!br) {
          ++i;
          continue;
        }
        lines.push_back(Value::str(s.substr(start, (keep ? i + br : i) - start)));
        i += br;
        start = i;
      }
      if (start < s.size())
        lines.push_back(Value::str(s.substr(start)));
      return Value::list(lines);
    });
  if (name == "removeprefix" || name == "removesuffix")
    return makeMethod(name, [s, name](Evaluator &, CallArgs &a) {
      if (a.args.size() != 1)
        raise("TypeError", name + "() takes exactly one argument (" +
                               std::to_string(a.args.size()) + " given)");
      std::string x = strParam(a, 0, name);
      if (name == "removeprefix")
        return Value::str(s.compare(0, x.size(), x) == 0 ? s.substr(x.size()) : s);
      bool has = x.size() <= s.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
      return Value::str(has && !x.empty() ? s.substr(0, s.size() - x.size()) : s);
    });
  if (name == "isalnum" || name == "isdecimal" || name == "isnumeric")
    return makeMethod(name, [s, name](Evaluator &, CallArgs &) {
      return Value::boolean(allChars(s, name == "isalnum" ? ::isalnum : ::isdigit));
    });
  if (name == "isupper" || name == "islower")
    return makeMethod(name, [s, name](Evaluator &, CallArgs &) {
      bool cased = false;
      for (unsigned char c : s) {
        if (name == "isupper" ? islower(c) : isupper(c))
          return Value::boolean(false);
        cased |= bool(isalpha(c));
      }
      return Value::boolean(cased);
    });
  if (name == "isidentifier")
    return makeMethod(name, [s](Evaluator &, CallArgs &) {
      if (s.empty() || isdigit((unsigned char)s[0]))
        return Value::boolean(false);
      for (unsigned char c : s)
        if (c < 0x80 && !isalnum(c) && c != '_')
          return Value::boolean(false);
      return Value::boolean(true);
    });
  if (name == "istitle")
    return makeMethod(name, [s](Evaluator &, CallArgs &) {
      bool cased = false, prevCased = false;
      for (unsigned char c : s) {
        if (isupper(c)) {
          if (prevCased)
            return Value::boolean(false);
          prevCased = cased = true;
        } else if (islower(c)) {
          if (!prevCased)
            return Value::boolean(false);
          prevCased = cased = true;
        } else {
          prevCased = false;
        }
      }
      return Value::boolean(cased);
    });
  if (name == "title" || name == "capitalize" || name == "swapcase")
    return makeMethod(name, [s, name](Evaluator &, CallArgs &) {
      std::string r = s;
      bool prevCased = false;
      for (size_t i = 0; i < r.size(); ++i) {
        unsigned char c = r[i];
        if (name == "swapcase")
          r[i] = char(isupper(c) ? tolower(c) : toupper(c));
        else if (name == "capitalize")
          r[i] = char(i == 0 ? toupper(c) : tolower(c));
        else {
          r[i] = char(prevCased ? tolower(c) : toupper(c));
          prevCased = isalpha(c);
        }
      }
      return Value::str(r);
    });
  return Value::none();
}

} // namespace parax::frontend
