//===- StrMethods.cpp - the methods of str --------------------------------===//
//
// str's method table (see BuiltinMethods.h): format/join/split and the
// other transforms, partition, splitlines, expandtabs, case mappings and
// the is* predicates, translate/maketrans. The searches that take Python
// slice bounds (find/index/count/startswith/endswith) are in StrSearch.cpp.
// Case mappings and predicates cover ASCII letters; other characters are
// kept as they are.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/machine/BuiltinMethods.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/StrSearch.h"
#include "frontend/format/FormatSpec.h"
#include "ir/Diagnostics.h"

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
    return Value::list(std::move(out));
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
    return Value::list(std::move(out));
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
  return Value::list(std::move(out));
}

bool allChars(const std::string &s, bool (*pred)(unsigned char)) {
  if (s.empty())
    return false;
  for (unsigned char c : s)
    if (!pred(c))
      return false;
  return true;
}

std::string strFormat(Evaluator &ev, const std::string &tmpl, CallArgs &a) {
  std::string out;
  size_t autoIndex = 0;
  bool usedAuto = false, usedManual = false;
  for (const FormatField &f : parseFormatTemplate(tmpl)) {
    out += f.literalBefore;
    if (!f.hasField)
      continue;
    // Split off .attr / [key] suffixes.
    size_t cut = f.name.find_first_of(".[");
    std::string head = f.name.substr(0, cut);
    Value v;
    if (head.empty()) {
      if (usedManual)
        raise("ValueError", "cannot switch from manual field specification to "
                            "automatic field numbering");
      usedAuto = true;
      if (autoIndex >= a.args.size())
        raise("IndexError", "Replacement index " + std::to_string(autoIndex) +
                                " out of range for positional args tuple");
      v = a.args[autoIndex++];
    } else if (std::all_of(head.begin(), head.end(), ::isdigit)) {
      if (usedAuto)
        raise("ValueError", "cannot switch from automatic field numbering to "
                            "manual field specification");
      usedManual = true;
      size_t i = std::stoul(head);
      if (i >= a.args.size())
        raise("IndexError", "Replacement index " + head +
                                " out of range for positional args tuple");
      v = a.args[i];
    } else {
      const Value *kv = nullptr;
      for (auto &kw : a.kwargs)
        if (kw.first == head)
          kv = &kw.second;
      if (!kv)
        raise("KeyError", "'" + head + "'");
      v = *kv;
    }
    while (cut != std::string::npos && cut < f.name.size()) {
      if (f.name[cut] == '.') {
        size_t next = f.name.find_first_of(".[", cut + 1);
        v = ev.getAttr(v, f.name.substr(cut + 1, next - cut - 1), a.loc);
        cut = next;
      } else {
        size_t close = f.name.find(']', cut);
        std::string key = f.name.substr(cut + 1, close - cut - 1);
        Value k = (!key.empty() && std::all_of(key.begin(), key.end(), ::isdigit))
                      ? Value::integer(std::stoll(key))
                      : Value::str(key);
        v = ev.getItem(v, k, a.loc);
        cut = close == std::string::npos ? close : close + 1;
      }
    }
    // A spec may itself contain fields ("{x:{w}}").
    std::string spec = f.spec;
    if (spec.find('{') != std::string::npos)
      spec = strFormat(ev, spec, a);
    out += formatValue(ev, v, spec, f.conversion);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// The methods: (ev, self, name, args) as BuiltinMethodFn.
//===----------------------------------------------------------------------===//

Value strFormatMethod(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  return Value::str(strFormat(ev, self.asStr(), a));
}

Value strJoin(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  const std::string &s = self.asStr();
  expectArgs(a, 1, 1, "join");
  std::vector<Value> items = ev.iterate(a.args[0], a.loc);
  // Sized (and checked against the budget) before it is built.
  int64_t total = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    items[i] = unwrapBuiltin(items[i]); // a str subclass joins as its str
    if (!items[i].isStr())
      raise("TypeError", "sequence item " + std::to_string(i) +
                             ": expected str instance, " + typeName(items[i]) + " found");
    int64_t add = int64_t(items[i].asStr().size()) + (i ? int64_t(s.size()) : 0);
    total = total > INT64_MAX - add ? INT64_MAX : total + add;
  }
  requireStrBytes(total);
  std::string out;
  out.reserve(size_t(total));
  for (size_t i = 0; i < items.size(); ++i) {
    if (i)
      out += s;
    out += items[i].asStr();
  }
  return Value::str(std::move(out));
}

Value strUpperLower(Evaluator &, const Value &self, const std::string &name, CallArgs &a) {
  if (!a.args.empty())
    raise("TypeError", "str." + name + "() takes no arguments (" + std::to_string(a.args.size()) +
                           " given)");
  std::string r = self.asStr();
  bool upper = name == "upper";
  for (char &c : r)
    c = upper ? char(toupper((unsigned char)c)) : char(tolower((unsigned char)c));
  return Value::str(std::move(r));
}

Value strStrip(Evaluator &, const Value &self, const std::string &name, CallArgs &a) {
  const std::string &s = self.asStr();
  std::string chars = " \t\n\r\f\v";
  if (!a.args.empty() && a.args[0].isStr())
    chars = a.args[0].asStr();
  size_t b = 0, e = s.size();
  if (name != "rstrip")
    while (b < e && chars.find(s[b]) != std::string::npos)
      ++b;
  if (name != "lstrip")
    while (e > b && chars.find(s[e - 1]) != std::string::npos)
      --e;
  return Value::str(s.substr(b, e - b));
}

Value strReplace(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  const std::string &s = self.asStr();
  expectArgs(a, 2, 2, "replace");
  std::string from = strArgOf(a, 0, "replace"), to = strArgOf(a, 1, "replace");
  if (from.empty())
    return self;
  if (to.size() > from.size()) { // the result grows: size it first
    int64_t count = 0;
    for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + from.size()))
      ++count;
    int64_t growth = int64_t(to.size() - from.size());
    requireStrBytes(count > (INT64_MAX - int64_t(s.size())) / growth
                        ? INT64_MAX
                        : int64_t(s.size()) + count * growth);
  }
  std::string r;
  size_t start = 0, pos;
  while ((pos = s.find(from, start)) != std::string::npos) {
    r.append(s, start, pos - start);
    r += to;
    start = pos + from.size();
  }
  r.append(s, start, std::string::npos);
  return Value::str(std::move(r));
}

Value strJustify(Evaluator &ev, const Value &self, const std::string &name, CallArgs &a) {
  const std::string &s = self.asStr();
  expectArgs(a, 1, name == "zfill" ? 1 : 2, name);
  int64_t w = ev.toIndex(a.args[0], name);
  std::string fill = a.args.size() > 1 ? strArgOf(a, 1, name) : " ";
  int64_t len = int64_t(displayWidth(s));
  if (w <= len)
    return self;
  int64_t pad = w - len;
  requireStrBytes(int64_t(s.size()) + pad * int64_t(fill.size()));
  auto rep = [&](int64_t n) {
    std::string r;
    for (int64_t i = 0; i < n; ++i)
      r += fill;
    return r;
  };
  if (name == "ljust")
    return Value::str(s + rep(pad));
  if (name == "rjust")
    return Value::str(rep(pad) + s);
  if (name == "zfill") {
    if (!s.empty() && (s[0] == '-' || s[0] == '+'))
      return Value::str(s.substr(0, 1) + std::string(size_t(pad), '0') + s.substr(1));
    return Value::str(std::string(size_t(pad), '0') + s);
  }
  int64_t left = pad / 2 + (pad & w & 1);
  return Value::str(rep(left) + s + rep(pad - left));
}

Value strIsClass(Evaluator &, const Value &self, const std::string &name, CallArgs &) {
  const std::string &s = self.asStr();
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
  if (name == "isalpha")
    return Value::boolean(allChars(s, [](unsigned char c) { return bool(std::isalpha(c)); }));
  if (name == "isspace")
    return Value::boolean(allChars(s, [](unsigned char c) { return bool(std::isspace(c)); }));
  // isdigit, isdecimal, isnumeric: ASCII digits
  return Value::boolean(allChars(s, [](unsigned char c) { return bool(std::isdigit(c)); }));
}

Value strSplit(Evaluator &ev, const Value &self, const std::string &name, CallArgs &a) {
  if (a.args.size() > 2)
    raise("TypeError", name + "() takes at most 2 arguments (" +
                           std::to_string(a.args.size()) + " given)");
  const Value *sep = a.get(0, "sep"), *mx = a.get(1, "maxsplit");
  int64_t maxsplit = mx ? ev.toIndex(*mx, "maxsplit") : -1;
  return splitImpl(self.asStr(), sep, maxsplit, name == "rsplit");
}

Value strPartition(Evaluator &, const Value &self, const std::string &name, CallArgs &a) {
  const std::string &s = self.asStr();
  expectArgs(a, 1, 1, name);
  std::string sep = strArgOf(a, 0, name);
  if (sep.empty())
    raise("ValueError", "empty separator");
  size_t pos = name == "partition" ? s.find(sep) : s.rfind(sep);
  if (pos == std::string::npos)
    return name == "partition" ? Value::tuple({self, Value::str(""), Value::str("")})
                               : Value::tuple({Value::str(""), Value::str(""), self});
  return Value::tuple({Value::str(s.substr(0, pos)), Value::str(sep),
                       Value::str(s.substr(pos + sep.size()))});
}

Value strSplitlines(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  const std::string &s = self.asStr();
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
  return Value::list(std::move(out));
}

Value strExpandtabs(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  const std::string &s = self.asStr();
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
}

Value strRecase(Evaluator &, const Value &self, const std::string &name, CallArgs &) {
  std::string r = self.asStr();
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
}

Value strRemoveAffix(Evaluator &, const Value &self, const std::string &name, CallArgs &a) {
  const std::string &s = self.asStr();
  std::string p = strArgOf(a, 0, name);
  if (name == "removeprefix")
    return p.size() <= s.size() && s.compare(0, p.size(), p) == 0 ? Value::str(s.substr(p.size()))
                                                                  : self;
  bool ends = p.size() <= s.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
  return ends ? Value::str(s.substr(0, s.size() - p.size())) : self;
}

Value strIsCase(Evaluator &, const Value &self, const std::string &name, CallArgs &) {
  bool anyCased = false, ok = true, prevCased = false;
  for (unsigned char c : self.asStr()) {
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
}

uint32_t codePointOf(const std::string &c) {
  unsigned char c0 = c[0];
  uint32_t cp = c0 < 0x80 ? c0 : (c0 >> 5) == 6 ? (c0 & 0x1f) : (c0 >> 4) == 14 ? (c0 & 0x0f) : (c0 & 0x07);
  for (size_t k = 1; k < c.size(); ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(c[k]) & 0x3f);
  return cp;
}

std::vector<std::string> codePoints(const std::string &t) {
  std::vector<std::string> r;
  std::vector<size_t> st = codePointStarts(t);
  for (size_t i = 0; i + 1 < st.size(); ++i)
    r.push_back(t.substr(st[i], st[i + 1] - st[i]));
  return r;
}

// str.maketrans(x, y[, z]) reaches here with x as self.
Value strMaketrans(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  Value d = Value::dict();
  if (a.args.empty() || !a.args[0].isStr())
    raise("TypeError", "maketrans() argument 2 must be str");
  auto from = codePoints(self.asStr()), to = codePoints(a.args[0].asStr());
  if (from.size() != to.size())
    raise("ValueError", "the first two maketrans arguments must have equal length");
  for (size_t i = 0; i < from.size(); ++i)
    d.asDict().set(Value::integer(codePointOf(from[i])), Value::integer(codePointOf(to[i])));
  if (a.args.size() > 1 && a.args[1].isStr())
    for (auto &c : codePoints(a.args[1].asStr()))
      d.asDict().set(Value::integer(codePointOf(c)), Value::none());
  return d;
}

Value strTranslate(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  if (a.args.size() != 1)
    raise("TypeError", "translate() takes exactly one argument (" +
                           std::to_string(a.args.size()) + " given)");
  std::string out;
  for (const std::string &c : codePoints(self.asStr())) {
    Value r;
    try {
      r = ev.getItem(a.args[0], Value::integer(codePointOf(c)), a.loc);
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
}

Value strFormatMap(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  if (a.args.size() != 1 || !a.args[0].isDict())
    raise("TypeError", "format_map() argument must be a mapping");
  CallArgs kw;
  kw.loc = a.loc;
  for (auto &kv : a.args[0].asDict().items())
    if (kv.first.isStr())
      kw.kwargs.emplace_back(kv.first.asStr(), kv.second);
  return Value::str(strFormat(ev, self.asStr(), kw));
}

Value strEncodeMethod(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  return strEncode(ev, self.asStr(), a);
}
} // namespace

const std::vector<BuiltinMethodDef> &strMethodTable() {
  static const std::vector<BuiltinMethodDef> table = [] {
    std::vector<BuiltinMethodDef> t = {
        {"format", strFormatMethod},   {"format_map", strFormatMap}, {"join", strJoin},
        {"upper", strUpperLower},      {"lower", strUpperLower},     {"strip", strStrip},
        {"lstrip", strStrip},          {"rstrip", strStrip},         {"replace", strReplace},
        {"ljust", strJustify},         {"rjust", strJustify},        {"center", strJustify},
        {"zfill", strJustify},         {"split", strSplit},          {"rsplit", strSplit},
        {"partition", strPartition},   {"rpartition", strPartition}, {"splitlines", strSplitlines},
        {"expandtabs", strExpandtabs}, {"casefold", strRecase},      {"swapcase", strRecase},
        {"title", strRecase},          {"capitalize", strRecase},    {"removeprefix", strRemoveAffix},
        {"removesuffix", strRemoveAffix}, {"isupper", strIsCase},    {"islower", strIsCase},
        {"istitle", strIsCase},        {"isalnum", strIsClass},      {"isalpha", strIsClass},
        {"isspace", strIsClass},       {"isdigit", strIsClass},      {"isdecimal", strIsClass},
        {"isnumeric", strIsClass},     {"isascii", strIsClass},      {"isprintable", strIsClass},
        {"isidentifier", strIsClass},  {"maketrans", strMaketrans},  {"translate", strTranslate},
        {"encode", strEncodeMethod},
    };
    for (const BuiltinMethodDef &d : strSearchMethodTable())
      t.push_back(d);
    return t;
  }();
  return table;
}

} // namespace parax::frontend
