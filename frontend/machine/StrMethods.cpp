//===- StrMethods.cpp - the rest of str's methods -------------------------===//
//
// str methods beyond the basic ones of Attributes.cpp: split/rsplit with
// maxsplit, find/rfind/index/rindex/count/startswith/endswith with start and
// end (in code points), partition, splitlines, expandtabs, casefold, title,
// capitalize, swapcase, removeprefix/suffix, translate/maketrans and the
// is* predicates. Case mappings and predicates cover ASCII letters; other
// characters are kept as they are.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/StrMethods.h"

#include <algorithm>

namespace parax::frontend {

namespace {
/// The byte offset of each code point of `s`, plus s.size() at the end.
std::vector<size_t> codePointStarts(const std::string &s) {
  std::vector<size_t> r;
  for (size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xc0) != 0x80)
      r.push_back(i);
  r.push_back(s.size());
  return r;
}

/// Python's start/end arguments (code points, negative from the end,
/// clamped) as byte offsets.
void byteRange(Evaluator &ev, CallArgs &a, size_t first, const std::string &s, size_t &b,
               size_t &e, const std::vector<size_t> &cps) {
  int64_t n = int64_t(cps.size()) - 1;
  auto idx = [&](size_t pos, int64_t dflt) {
    if (pos >= a.args.size() || a.args[pos].isNone())
      return dflt;
    if (a.args[pos].isBigInt())
      return bigOf(a.args[pos]).isNegative() ? int64_t(0) : n;
    int64_t i = ev.toIndex(a.args[pos], "slice indices");
    if (i < 0)
      i = std::max<int64_t>(0, i + n);
    return std::min(i, n);
  };
  int64_t bi = idx(first, 0), ei = idx(first + 1, n);
  b = cps[size_t(bi)];
  e = std::max(b, cps[size_t(ei)]);
  (void)s;
}

int64_t toCodePoint(const std::vector<size_t> &cps, size_t byte) {
  return int64_t(std::lower_bound(cps.begin(), cps.end(), byte) - cps.begin());
}

bool isSpaceByte(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || c == 0x1c || c == 0x1d || c == 0x1e || c == 0x1f; }

std::string strArgOf(CallArgs &a, size_t i, const std::string &fn) {
  if (i >= a.args.size() || !a.args[i].isStr())
    raise("TypeError", fn + "() argument must be str, not " +
                           (i < a.args.size() ? typeName(a.args[i]) : std::string("nothing")));
  return a.args[i].asStr();
}

Value splitImpl(const std::string &s, const Value *sepArg, int64_t maxsplit, bool fromRight) {
  std::vector<Value> out;
  if (!sepArg || sepArg->isNone()) {
    // Runs of whitespace separate; leading/trailing whitespace is dropped.
    std::vector<std::pair<size_t, size_t>> words;
    if (!fromRight) {
      size_t i = 0;
      while (i < s.size()) {
        while (i < s.size() && isSpaceByte(s[i]))
          ++i;
        if (i >= s.size())
          break;
        if (maxsplit >= 0 && int64_t(words.size()) == maxsplit) {
          words.emplace_back(i, s.size()); // the rest, trailing space included
          break;
        }
        size_t j = i;
        while (j < s.size() && !isSpaceByte(s[j]))
          ++j;
        words.emplace_back(i, j);
        i = j;
      }
    } else {
      size_t i = s.size();
      while (i > 0) {
        while (i > 0 && isSpaceByte(s[i - 1]))
          --i;
        if (i == 0)
          break;
        if (maxsplit >= 0 && int64_t(words.size()) == maxsplit) {
          words.emplace_back(0, i); // the rest, leading space included
          break;
        }
        size_t j = i;
        while (j > 0 && !isSpaceByte(s[j - 1]))
          --j;
        words.emplace_back(j, i);
        i = j;
      }
      std::reverse(words.begin(), words.end());
    }
    for (auto [b, e] : words)
      out.push_back(Value::str(s.substr(b, e - b)));
    return Value::list(out);
  }
  if (!sepArg->isStr())
    raise("TypeError", "must be str or None, not " + typeName(*sepArg));
  const std::string &sep = sepArg->asStr();
  if (sep.empty())
    raise("ValueError", "empty separator");
  if (!fromRight) {
    size_t start = 0, pos;
    int64_t n = 0;
    while ((maxsplit < 0 || n < maxsplit) && (pos = s.find(sep, start)) != std::string::npos) {
      out.push_back(Value::str(s.substr(start, pos - start)));
      start = pos + sep.size();
      ++n;
    }
    out.push_back(Value::str(s.substr(start)));
    return Value::list(out);
  }
  size_t end = s.size();
  int64_t n = 0;
  while (maxsplit < 0 || n < maxsplit) {
    if (end < sep.size())
      break;
    size_t pos = s.rfind(sep, end - sep.size());
    if (pos == std::string::npos)
      break;
    out.push_back(Value::str(s.substr(pos + sep.size(), end - pos - sep.size())));
    end = pos;
    ++n;
  }
  out.push_back(Value::str(s.substr(0, end)));
  std::reverse(out.begin(), out.end());
  return Value::list(out);
}

bool allChars(const std::string &s, bool (*pred)(unsigned char)) {
  if (s.empty())
    return false;
  for (unsigned char c : s)
    if (!pred(c))
      return false;
  return true;
}
} // namespace

Value moreStrMethod(Evaluator &, const Value &self, const std::string &name) {
  const std::string s = self.asStr();
  auto mk = [&](BuiltinFunction::Impl impl) { return makeBuiltin("str." + name, std::move(impl)); };
  if (name == "split" || name == "rsplit")
    return mk([s, name](Evaluator &ev, CallArgs &a) {
      const Value *sep = a.get(0, "sep"), *mx = a.get(1, "maxsplit");
      int64_t maxsplit = mx ? ev.toIndex(*mx, "maxsplit") : -1;
      return splitImpl(s, sep, maxsplit, name == "rsplit");
    });
  if (name == "find" || name == "rfind" || name == "index" || name == "rindex" ||
      name == "count" || name == "startswith" || name == "endswith")
    return mk([s, name](Evaluator &ev, CallArgs &a) -> Value {
      if (a.args.empty() || a.args.size() > 3)
        raise("TypeError", name + "() takes at least 1 argument (" +
                               std::to_string(a.args.size()) + " given)");
      std::vector<size_t> cps = codePointStarts(s);
      size_t b, e;
      byteRange(ev, a, 1, s, b, e, cps);
      std::string_view window = std::string_view(s).substr(b, e - b);
      if (name == "startswith" || name == "endswith") {
        std::vector<Value> options = a.args[0].isTuple() ? a.args[0].elements()
                                                         : std::vector<Value>{a.args[0]};
        for (const Value &o : options) {
          if (!o.isStr())
            raise("TypeError", name + " first arg must be str or a tuple of str, not " +
                                   typeName(o));
          const std::string &p = o.asStr();
          if (p.size() <= window.size() &&
              (name == "startswith" ? window.substr(0, p.size()) == p
                                    : window.substr(window.size() - p.size()) == p))
            return Value::boolean(true);
        }
        return Value::boolean(false);
      }
      std::string p = strArgOf(a, 0, name);
      if (name == "count") {
        if (p.empty())
          return Value::integer(toCodePoint(cps, e) - toCodePoint(cps, b) + 1);
        int64_t n = 0;
        for (size_t pos = window.find(p); pos != std::string::npos; pos = window.find(p, pos + p.size()))
          ++n;
        return Value::integer(n);
      }
      bool right = name[0] == 'r';
      size_t pos = right ? window.rfind(p) : window.find(p);
      if (pos == std::string::npos) {
        if (name == "index" || name == "rindex")
          raise("ValueError", "substring not found");
        return Value::integer(-1);
      }
      return Value::integer(toCodePoint(cps, b + pos));
    });
  if (name == "partition" || name == "rpartition")
    return mk([s, name](Evaluator &, CallArgs &a) {
      std::string sep = strArgOf(a, 0, name);
      if (sep.empty())
        raise("ValueError", "empty separator");
      size_t pos = name == "partition" ? s.find(sep) : s.rfind(sep);
      if (pos == std::string::npos)
        return name == "partition"
                   ? Value::tuple({Value::str(s), Value::str(""), Value::str("")})
                   : Value::tuple({Value::str(""), Value::str(""), Value::str(s)});
      return Value::tuple({Value::str(s.substr(0, pos)), Value::str(sep),
                           Value::str(s.substr(pos + sep.size()))});
    });
  if (name == "splitlines")
    return mk([s](Evaluator &ev, CallArgs &a) {
      const Value *ke = a.get(0, "keepends");
      bool keep = ke && ev.truthy(*ke);
      std::vector<Value> out;
      size_t i = 0, start = 0;
      while (i < s.size()) {
        unsigned char c = s[i];
        size_t brk = 0;
        if (c == '\r')
          brk = i + 1 < s.size() && s[i + 1] == '\n' ? 2 : 1;
        else if (c == '\n' || c == '\v' || c == '\f' || c == 0x1c || c == 0x1d || c == 0x1e)
          brk = 1;
        else if (c == 0xc2 && i + 1 < s.size() && (unsigned char)s[i + 1] == 0x85)
          brk = 2; // U+0085
        else if (c == 0xe2 && i + 2 < s.size() && (unsigned char)s[i + 1] == 0x80 &&
                 ((unsigned char)s[i + 2] == 0xa8 || (unsigned char)s[i + 2] == 0xa9))
          brk = 3; // U+2028, U+2029
        if (!brk) {
          ++i;
          continue;
        }
        out.push_back(Value::str(s.substr(start, (keep ? i + brk : i) - start)));
        i += brk;
        start = i;
      }
      if (start < s.size())
        out.push_back(Value::str(s.substr(start)));
      return Value::list(out);
    });
  if (name == "expandtabs")
    return mk([s](Evaluator &ev, CallArgs &a) {
      const Value *ts = a.get(0, "tabsize");
      int64_t tab = ts ? ev.toIndex(*ts, "tabsize") : 8;
      std::string out;
      int64_t col = 0;
      for (size_t i = 0; i < s.size(); ++i) {
        unsigned char c = s[i];
        if (c == '\t') {
          if (tab > 0) {
            int64_t n = tab - col % tab;
            requireStrBytes(int64_t(out.size()) + n);
            out.append(size_t(n), ' ');
            col += n;
          }
        } else if (c == '\n' || c == '\r') {
          out += char(c);
          col = 0;
        } else {
          out += char(c);
          if ((c & 0xc0) != 0x80)
            ++col;
        }
      }
      return Value::str(out);
    });
  if (name == "casefold" || name == "swapcase" || name == "title" || name == "capitalize")
    return mk([s, name](Evaluator &, CallArgs &) {
      std::string r = s;
      bool prevCased = false;
      for (size_t i = 0; i < r.size(); ++i) {
        unsigned char c = r[i];
        bool cased = std::isalpha(c);
        if (name == "casefold")
          r[i] = char(std::tolower(c));
        else if (name == "swapcase")
          r[i] = char(std::isupper(c) ? std::tolower(c) : std::toupper(c));
        else if (name == "title")
          r[i] = char(prevCased ? std::tolower(c) : std::toupper(c));
        else
          r[i] = char(i == 0 ? std::toupper(c) : std::tolower(c));
        prevCased = cased;
      }
      return Value::str(r);
    });
  if (name == "removeprefix" || name == "removesuffix")
    return mk([s, name](Evaluator &, CallArgs &a) {
      std::string p = strArgOf(a, 0, name);
      if (name == "removeprefix")
        return Value::str(s.compare(0, p.size(), p) == 0 && p.size() <= s.size() ? s.substr(p.size()) : s);
      bool ends = p.size() <= s.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
      return Value::str(ends ? s.substr(0, s.size() - p.size()) : s);
    });
  if (name == "isupper" || name == "islower" || name == "istitle") {
    return mk([s, name](Evaluator &, CallArgs &) {
      bool anyCased = false, ok = true, prevCased = false;
      for (unsigned char c : s) {
        bool up = std::isupper(c), low = std::islower(c);
        anyCased |= up || low;
        if (name == "isupper" && low)
          ok = false;
        if (name == "islower" && up)
          ok = false;
        if (name == "istitle" && ((up && prevCased) || (low && !prevCased)))
          ok = false;
        prevCased = up || low;
      }
      return Value::boolean(ok && anyCased);
    });
  }
  if (name == "isalnum" || name == "isnumeric" || name == "isdecimal" || name == "isascii" ||
      name == "isprintable" || name == "isidentifier")
    return mk([s, name](Evaluator &, CallArgs &) {
      if (name == "isascii")
        return Value::boolean(std::all_of(s.begin(), s.end(), [](char c) { return !(c & 0x80); }));
      if (name == "isprintable")
        return Value::boolean(std::all_of(s.begin(), s.end(), [](char c) {
          unsigned char u = c;
          return u >= 0x80 || (u >= 0x20 && u != 0x7f);
        }));
      if (name == "isidentifier") {
        if (s.empty() || std::isdigit((unsigned char)s[0]))
          return Value::boolean(false);
        return Value::boolean(std::all_of(s.begin(), s.end(), [](char c) {
          unsigned char u = c;
          return u >= 0x80 || std::isalnum(u) || u == '_';
        }));
      }
      if (name == "isalnum")
        return Value::boolean(allChars(s, [](unsigned char c) { return bool(std::isalnum(c)); }));
      return Value::boolean(allChars(s, [](unsigned char c) { return bool(std::isdigit(c)); }));
    });
  if (name == "maketrans")
    // str.maketrans(x, y[, z]) reaches here with x as self.
    return mk([self](Evaluator &, CallArgs &a) {
      Value d = Value::dict();
      auto cps = [](const std::string &t) {
        std::vector<std::string> r;
        std::vector<size_t> st = codePointStarts(t);
        for (size_t i = 0; i + 1 < st.size(); ++i)
          r.push_back(t.substr(st[i], st[i + 1] - st[i]));
        return r;
      };
      auto ordOf = [](const std::string &c) {
        unsigned char c0 = c[0];
        uint32_t cp = c0 < 0x80 ? c0 : (c0 >> 5) == 6 ? (c0 & 0x1f) : (c0 >> 4) == 14 ? (c0 & 0x0f) : (c0 & 0x07);
        for (size_t k = 1; k < c.size(); ++k)
          cp = (cp << 6) | (static_cast<unsigned char>(c[k]) & 0x3f);
        return Value::integer(cp);
      };
      if (a.args.empty() || !a.args[0].isStr())
        raise("TypeError", "maketrans() argument 2 must be str");
      auto from = cps(self.asStr()), to = cps(a.args[0].asStr());
      if (from.size() != to.size())
        raise("ValueError", "the first two maketrans arguments must have equal length");
      for (size_t i = 0; i < from.size(); ++i)
        d.asDict().set(ordOf(from[i]), ordOf(to[i]));
      if (a.args.size() > 1 && a.args[1].isStr())
        for (auto &c : cps(a.args[1].asStr()))
          d.asDict().set(ordOf(c), Value::none());
      return d;
    });
  if (name == "translate")
    return mk([s](Evaluator &ev, CallArgs &a) {
      if (a.args.size() != 1)
        raise("TypeError", "translate() takes exactly one argument (" +
                               std::to_string(a.args.size()) + " given)");
      std::string out;
      std::vector<size_t> st = codePointStarts(s);
      for (size_t i = 0; i + 1 < st.size(); ++i) {
        std::string c = s.substr(st[i], st[i + 1] - st[i]);
        unsigned char c0 = c[0];
        uint32_t cp = c0 < 0x80 ? c0 : (c0 >> 5) == 6 ? (c0 & 0x1f) : (c0 >> 4) == 14 ? (c0 & 0x0f) : (c0 & 0x07);
        for (size_t k = 1; k < c.size(); ++k)
          cp = (cp << 6) | (static_cast<unsigned char>(c[k]) & 0x3f);
        Value r;
        try {
          r = ev.getItem(a.args[0], Value::integer(cp), a.loc);
        } catch (ParaxError &e) {
          if (e.diag().kind != "KeyError" && e.diag().kind != "IndexError")
            throw;
          out += c;
          continue;
        }
        if (r.isNone())
          continue;
        if (r.isStr())
          out += r.asStr();
        else if (r.isInt())
          out += ev.str(ev.call(ev.builtin("chr"), {r}, a.loc));
        else
          raise("TypeError", "character mapping must return integer, None or str");
      }
      return Value::str(out);
    });
  if (name == "format_map")
    return mk([s](Evaluator &ev, CallArgs &a) {
      if (a.args.size() != 1 || !a.args[0].isDict())
        raise("TypeError", "format_map() argument must be a mapping");
      CallArgs kw;
      kw.loc = a.loc;
      for (auto &kv : a.args[0].asDict().items())
        if (kv.first.isStr())
          kw.kwargs.emplace_back(kv.first.asStr(), kv.second);
      return ev.call(ev.getAttr(Value::str(s), "format", a.loc), kw);
    });
  return Value::none();
}

std::vector<std::string> moreStrMethodNames() {
  return {"split", "rsplit", "find", "rfind", "index", "rindex", "count", "startswith",
          "endswith", "partition", "rpartition", "splitlines", "expandtabs", "casefold",
          "swapcase", "title", "capitalize", "removeprefix", "removesuffix", "isupper",
          "islower", "istitle", "isalnum", "isnumeric", "isdecimal", "isascii",
          "isprintable", "isidentifier", "maketrans", "translate", "format_map"};
}

} // namespace parax::frontend
