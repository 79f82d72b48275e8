//===- Regex.cpp - Python's regular expressions: parser and matcher -------===//
//
// The parser turns a pattern into a tree of Nodes (CPython's error messages
// and positions); the matcher walks the tree with continuations: each node
// matches at a position and calls "the rest of the pattern" with where it
// ended, so backtracking is returning false. A repeat of a single-character
// node (.*, \d+, [a-z]{2,5}) counts its run in a loop instead of recursing
// per character, which keeps the native stack flat for the common cases.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Regex.h"
#include "ir/StackGuard.h"

#include <algorithm>
#include <stdexcept>
#include <type_traits>

namespace parax::regex {

//===----------------------------------------------------------------------===//
// UTF-8
//===----------------------------------------------------------------------===//
std::u32string decodeUtf8(const std::string &s) {
  std::u32string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    unsigned char c = (unsigned char)s[i];
    char32_t cp;
    size_t n;
    if (c < 0x80) {
      cp = c;
      n = 1;
    } else if ((c >> 5) == 6) {
      cp = c & 0x1F;
      n = 2;
    } else if ((c >> 4) == 14) {
      cp = c & 0x0F;
      n = 3;
    } else if ((c >> 3) == 30) {
      cp = c & 0x07;
      n = 4;
    } else {
      out.push_back(0xFFFD);
      ++i;
      continue;
    }
    if (i + n > s.size()) {
      out.push_back(0xFFFD);
      break;
    }
    for (size_t k = 1; k < n; ++k)
      cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3F);
    out.push_back(cp);
    i += n;
  }
  return out;
}

std::string encodeUtf8(const std::u32string &s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t c : s) {
    if (c < 0x80) {
      out.push_back(char(c));
    } else if (c < 0x800) {
      out.push_back(char(0xC0 | (c >> 6)));
      out.push_back(char(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      out.push_back(char(0xE0 | (c >> 12)));
      out.push_back(char(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(char(0x80 | (c & 0x3F)));
    } else {
      out.push_back(char(0xF0 | (c >> 18)));
      out.push_back(char(0x80 | ((c >> 12) & 0x3F)));
      out.push_back(char(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(char(0x80 | (c & 0x3F)));
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Character properties (Unicode approximated by its common scripts)
//===----------------------------------------------------------------------===//
namespace {
bool isDigit(char32_t c, bool ascii) {
  if (c >= '0' && c <= '9')
    return true;
  if (ascii || c < 0x660)
    return false;
  // Other scripts' decimal digits: Arabic-Indic, Devanagari, fullwidth.
  return (c >= 0x660 && c <= 0x669) || (c >= 0x6F0 && c <= 0x6F9) ||
         (c >= 0x966 && c <= 0x96F) || (c >= 0xFF10 && c <= 0xFF19);
}
bool isAlphaWide(char32_t c) {
  return c == 0xAA || c == 0xB5 || c == 0xBA || (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) ||
         (c >= 0x250 && c <= 0x2FF) || (c >= 0x370 && c <= 0x3FF && c != 0x37E && c != 0x387) ||
         (c >= 0x400 && c <= 0x52F) || (c >= 0x531 && c <= 0x587) || (c >= 0x5D0 && c <= 0x5EA) ||
         (c >= 0x620 && c <= 0x64A) || (c >= 0x904 && c <= 0x939) ||
         (c >= 0x1E00 && c <= 0x1FFF) || (c >= 0x3040 && c <= 0x30FF) ||
         (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
         (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xFF21 && c <= 0xFF3A) ||
         (c >= 0xFF41 && c <= 0xFF5A);
}
bool isWord(char32_t c, bool ascii) {
  if (c < 0x80)
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  return !ascii && (isAlphaWide(c) || isDigit(c, false));
}
bool isSpace(char32_t c, bool ascii) {
  if (c == ' ' || (c >= '\t' && c <= '\r'))
    return true;
  if (ascii)
    return false;
  return (c >= 0x1C && c <= 0x1F) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
         c == 0x205F || c == 0x3000;
}
char32_t lower(char32_t c) {
  if (c >= 'A' && c <= 'Z')
    return c + 32;
  if (c < 0x80)
    return c;
  if ((c >= 0xC0 && c <= 0xDE && c != 0xD7) || (c >= 0x391 && c <= 0x3AB && c != 0x3A2) ||
      (c >= 0x410 && c <= 0x42F) || (c >= 0xFF21 && c <= 0xFF3A))
    return c + 32;
  if (c >= 0x400 && c <= 0x40F)
    return c + 80;
  if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 &&
      c != 0x17F)
    return ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) ? (c % 2 ? c + 1 : c)
                                                                       : (c % 2 ? c : c + 1);
  return c;
}
char32_t upper(char32_t c) {
  if (c >= 'a' && c <= 'z')
    return c - 32;
  if (c < 0x80)
    return c;
  if ((c >= 0xE0 && c <= 0xFE && c != 0xF7) || (c >= 0x3B1 && c <= 0x3CB && c != 0x3C2) ||
      (c >= 0x430 && c <= 0x44F) || (c >= 0xFF41 && c <= 0xFF5A))
    return c - 32;
  if (c >= 0x450 && c <= 0x45F)
    return c - 80;
  if (c >= 0x100 && c <= 0x17F && lower(c) == c) {
    char32_t u = ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) ? c - 1 : c - 1;
    if (u >= 0x100 && lower(u) == c)
      return u;
  }
  return c;
}
} // namespace

//===----------------------------------------------------------------------===//
// The pattern tree
//===----------------------------------------------------------------------===//
enum class NK {
  Empty, Char, Any, Class, Seq, Alt, Repeat, Group, Backref, Bol, Eol, StrStart, StrEnd,
  WordB, NotWordB, Look, Atomic, Cond
};

/// \d \w \s and their negations, inside or outside a class.
enum ClassEscape : uint8_t { CE_DIGIT = 1, CE_NDIGIT = 2, CE_WORD = 4, CE_NWORD = 8,
                             CE_SPACE = 16, CE_NSPACE = 32 };

struct Node {
  NK kind = NK::Empty;
  char32_t ch = 0;
  bool icase = false, dotall = false, multiline = false, ascii = false;
  std::vector<std::pair<char32_t, char32_t>> ranges; ///< Class
  uint8_t escapes = 0;                               ///< Class: ClassEscape bits
  bool negate = false;                               ///< Class; Look (negative)
  std::vector<std::unique_ptr<Node>> kids;
  int min = 0, max = -1; ///< Repeat (max -1: unbounded)
  bool lazy = false, possessive = false;
  int group = 0;         ///< Group, Backref, Cond
  bool behind = false;   ///< Look
  size_t width = 0;      ///< Look behind: the fixed width

  bool isSingle() const { return kind == NK::Char || kind == NK::Any || kind == NK::Class; }
};

namespace {
bool classHas(const Node &n, char32_t c) {
  for (auto &r : n.ranges)
    if (c >= r.first && c <= r.second)
      return true;
  uint8_t e = n.escapes;
  if (e) {
    if ((e & CE_DIGIT) && isDigit(c, n.ascii))
      return true;
    if ((e & CE_NDIGIT) && !isDigit(c, n.ascii))
      return true;
    if ((e & CE_WORD) && isWord(c, n.ascii))
      return true;
    if ((e & CE_NWORD) && !isWord(c, n.ascii))
      return true;
    if ((e & CE_SPACE) && isSpace(c, n.ascii))
      return true;
    if ((e & CE_NSPACE) && !isSpace(c, n.ascii))
      return true;
  }
  return false;
}

bool singleMatches(const Node &n, char32_t c) {
  switch (n.kind) {
  case NK::Char:
    return c == n.ch || (n.icase && (lower(c) == lower(n.ch) || upper(c) == upper(n.ch)));
  case NK::Any:
    return n.dotall || c != '\n';
  case NK::Class: {
    bool in = classHas(n, c) ||
              (n.icase && (classHas(n, lower(c)) || classHas(n, upper(c))));
    return in != n.negate;
  }
  default:
    return false;
  }
}
} // namespace

//===----------------------------------------------------------------------===//
// Parser
//===----------------------------------------------------------------------===//
class Parser {
public:
  Parser(const std::u32string &p, int flags) : p_(p), flags_(flags) {}

  std::unique_ptr<Regex> run(Error &err) {
    try {
      // Global inline flags may only lead the pattern (3.11).
      scanLeadingFlags();
      auto re = std::unique_ptr<Regex>(new Regex());
      re->root_ = parseAlt();
      if (pos_ < p_.size()) {
        if (p_[pos_] == ')')
          fail("unbalanced parenthesis", pos_);
        fail("unexpected end of pattern", pos_);
      }
      for (auto &ref : pendingRefs_)
        if (ref.first > groups_)
          fail("invalid group reference " + std::to_string(ref.first), ref.second);
      re->groups_ = groups_;
      re->names_ = names_;
      int f = flags_;
      if (!(f & ASCII) && !(f & LOCALE))
        f |= UNICODE;
      re->flags_ = f;
      return re;
    } catch (Error &e) {
      err = e;
      return nullptr;
    }
  }

private:
  [[noreturn]] void fail(const std::string &msg, size_t at) { throw Error{msg, at}; }

  bool more() const { return pos_ < p_.size(); }
  char32_t peek(size_t ahead = 0) const {
    return pos_ + ahead < p_.size() ? p_[pos_ + ahead] : 0;
  }
  bool eat(char32_t c) {
    if (more() && p_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool verbose() const { return flags_ & VERBOSE; }
  bool icase() const { return flags_ & IGNORECASE; }

  void skipVerbose() {
    if (!verbose())
      return;
    while (more()) {
      char32_t c = p_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        ++pos_;
      } else if (c == '#') {
        while (more() && p_[pos_] != '\n')
          ++pos_;
      } else {
        break;
      }
    }
  }

  static int flagBit(char32_t c) {
    switch (c) {
    case 'i': return IGNORECASE;
    case 'L': return LOCALE;
    case 'm': return MULTILINE;
    case 's': return DOTALL;
    case 'u': return UNICODE;
    case 'x': return VERBOSE;
    case 'a': return ASCII;
    default: return 0;
    }
  }

  /// (?imsx) groups at the very start set the flags for the whole pattern
  /// (VERBOSE changes how everything after is read).
  void scanLeadingFlags() {
    size_t save = pos_;
    for (;;) {
      if (verbose())
        skipVerbose();
      if (!(peek() == '(' && peek(1) == '?'))
        break;
      size_t q = pos_ + 2;
      int add = 0;
      while (q < p_.size() && flagBit(p_[q]))
        add |= flagBit(p_[q++]);
      if (!add || q >= p_.size() || p_[q] != ')')
        break;
      flags_ |= add;
      pos_ = q + 1;
      leadingEnd_ = pos_;
    }
    pos_ = save;
  }

  std::unique_ptr<Node> make(NK k) {
    auto n = std::make_unique<Node>();
    n->kind = k;
    n->icase = icase();
    n->dotall = flags_ & DOTALL;
    n->multiline = flags_ & MULTILINE;
    n->ascii = flags_ & ASCII;
    return n;
  }

  std::unique_ptr<Node> parseAlt() {
    // Deeply nested groups recurse here: stop while the stack has room.
    if (stackLeft() < kStackMargin)
      fail("too many nested groups for parax's parser", pos_);
    auto first = parseSeq();
    if (!(more() && peek() == '|'))
      return first;
    auto alt = make(NK::Alt);
    alt->kids.push_back(std::move(first));
    while (eat('|'))
      alt->kids.push_back(parseSeq());
    return alt;
  }

  std::unique_ptr<Node> parseSeq() {
    auto seq = make(NK::Seq);
    for (;;) {
      skipVerbose();
      if (!more() || peek() == '|' || peek() == ')')
        break;
      size_t atomPos = pos_;
      auto atom = parseAtom();
      if (!atom)
        continue; // a comment or a flags group
      atom = parseQuantifiers(std::move(atom), atomPos);
      seq->kids.push_back(std::move(atom));
    }
    if (seq->kids.size() == 1)
      return std::move(seq->kids[0]);
    return seq;
  }

  /// {m}, {m,}, {,n}, {m,n} at pos_: true (and the bounds) when well formed.
  bool braceQuantifier(size_t at, int &lo, int &hi, size_t &end) const {
    if (at >= p_.size() || p_[at] != '{')
      return false;
    size_t q = at + 1;
    auto number = [&](int &out) {
      size_t s = q;
      int64_t v = 0;
      while (q < p_.size() && p_[q] >= '0' && p_[q] <= '9') {
        v = std::min<int64_t>(v * 10 + (p_[q] - '0'), INT32_MAX);
        ++q;
      }
      out = int(v);
      return q > s;
    };
    bool hasLo = number(lo);
    if (!hasLo)
      lo = 0;
    if (q < p_.size() && p_[q] == ',') {
      ++q;
      if (!number(hi))
        hi = -1;
    } else {
      if (!hasLo)
        return false;
      hi = lo;
    }
    if (q >= p_.size() || p_[q] != '}')
      return false;
    end = q + 1;
    return true;
  }

  bool atQuantifier() const {
    char32_t c = peek();
    int lo, hi;
    size_t end;
    return c == '*' || c == '+' || c == '?' || braceQuantifier(pos_, lo, hi, end);
  }

  std::unique_ptr<Node> parseQuantifiers(std::unique_ptr<Node> atom, size_t atomPos) {
    skipVerbose();
    if (!more() || !atQuantifier())
      return atom;
    size_t qpos = pos_;
    int lo = 0, hi = -1;
    char32_t c = peek();
    if (c == '*') {
      ++pos_;
    } else if (c == '+') {
      lo = 1;
      ++pos_;
    } else if (c == '?') {
      hi = 1;
      ++pos_;
    } else {
      size_t end;
      braceQuantifier(pos_, lo, hi, end);
      if (hi != -1 && lo > hi)
        fail("min repeat greater than max repeat", qpos + 1);
      pos_ = end;
    }
    if (isAnchor(*atom))
      fail("nothing to repeat", qpos);
    auto rep = make(NK::Repeat);
    rep->min = lo;
    rep->max = hi;
    if (eat('?'))
      rep->lazy = true;
    else if (eat('+'))
      rep->possessive = true;
    rep->kids.push_back(std::move(atom));
    skipVerbose();
    if (more() && atQuantifier())
      fail("multiple repeat", pos_);
    (void)atomPos;
    return rep;
  }

  static bool isAnchor(const Node &n) {
    switch (n.kind) {
    case NK::Bol: case NK::Eol: case NK::StrStart: case NK::StrEnd: case NK::WordB:
    case NK::NotWordB:
      return true;
    default:
      return false;
    }
  }

  std::unique_ptr<Node> parseAtom() {
    size_t start = pos_;
    char32_t c = p_[pos_++];
    switch (c) {
    case '(':
      return parseGroup(start);
    case '[':
      return parseClass(start);
    case '.':
      return make(NK::Any);
    case '^':
      return make(NK::Bol);
    case '$':
      return make(NK::Eol);
    case '\\':
      return parseEscape(start);
    case '*': case '+': case '?':
      fail("nothing to repeat", start);
    case '{': {
      int lo, hi;
      size_t end;
      if (braceQuantifier(start, lo, hi, end))
        fail("nothing to repeat", start);
      break;
    }
    default:
      break;
    }
    auto n = make(NK::Char);
    n->ch = c;
    return n;
  }

  std::string groupName(size_t at, char32_t close) {
    size_t s = pos_;
    while (more() && peek() != close)
      ++pos_;
    if (!more())
      fail("missing " + std::string(1, char(close)) + ", unterminated name", s);
    std::u32string name = p_.substr(s, pos_ - s);
    ++pos_;
    std::string utf8 = encodeUtf8(name);
    if (name.empty())
      fail("missing group name", s);
    bool ok = !(name[0] >= '0' && name[0] <= '9');
    for (char32_t ch : name)
      ok &= isWord(ch, false);
    if (!ok)
      fail("bad character in group name '" + utf8 + "'", s);
    (void)at;
    return utf8;
  }

  int groupIndex(const std::string &name) const {
    for (auto &kv : names_)
      if (kv.first == name)
        return kv.second;
    return -1;
  }

  std::unique_ptr<Node> capture(size_t start, const std::string &name) {
    int g = ++groups_;
    if (!name.empty()) {
      int prev = groupIndex(name);
      if (prev >= 0)
        fail("redefinition of group name '" + name + "' as group " + std::to_string(g) +
                 "; was group " + std::to_string(prev),
             start + 4);
      names_.emplace_back(name, g);
    }
    open_.push_back(g);
    auto body = parseAlt();
    open_.pop_back();
    closeGroup(start);
    auto n = make(NK::Group);
    n->group = g;
    n->kids.push_back(std::move(body));
    return n;
  }

  void closeGroup(size_t start) {
    if (!eat(')'))
      fail("missing ), unterminated subpattern", start);
  }

  std::unique_ptr<Node> parseGroup(size_t start) {
    if (!eat('?'))
      return capture(start, "");
    if (!more())
      fail("unexpected end of pattern", pos_);
    char32_t c = peek();
    if (c == ':') {
      ++pos_;
      auto body = parseAlt();
      closeGroup(start);
      return body;
    }
    if (c == 'P') {
      ++pos_;
      if (eat('<'))
        return capture(start, groupName(start, '>'));
      if (eat('=')) {
        size_t namePos = pos_;
        std::string name = groupName(start, ')');
        int g = groupIndex(name);
        if (g < 0)
          fail("unknown group name '" + name + "'", namePos);
        return backref(g, namePos);
      }
      if (more())
        fail("unknown extension ?P" + encodeUtf8(std::u32string(1, peek())), start + 1);
      fail("unexpected end of pattern", pos_);
    }
    if (c == '=' || c == '!') {
      ++pos_;
      return look(start, false, c == '!');
    }
    if (c == '<' && (peek(1) == '=' || peek(1) == '!')) {
      bool neg = peek(1) == '!';
      pos_ += 2;
      return look(start, true, neg);
    }
    if (c == '#') {
      while (more() && peek() != ')')
        ++pos_;
      if (!eat(')'))
        fail("missing ), unterminated comment", start);
      return nullptr;
    }
    if (c == '>') {
      ++pos_;
      auto body = parseAlt();
      closeGroup(start);
      auto n = make(NK::Atomic);
      n->kids.push_back(std::move(body));
      return n;
    }
    if (c == '(') {
      ++pos_;
      size_t refPos = pos_;
      std::string ref;
      while (more() && peek() != ')')
        ref += char(p_[pos_++]);
      if (!eat(')'))
        fail("missing ), unterminated name", refPos);
      int g = -1;
      if (!ref.empty() && std::all_of(ref.begin(), ref.end(), ::isdigit)) {
        g = std::stoi(ref);
        if (g == 0)
          fail("bad group number", refPos);
        pendingRefs_.emplace_back(g, refPos);
      } else {
        g = groupIndex(ref);
        if (g < 0)
          fail("unknown group name '" + ref + "'", refPos);
      }
      auto n = make(NK::Cond);
      n->group = g;
      n->kids.push_back(parseSeq());
      if (eat('|')) {
        n->kids.push_back(parseSeq());
        if (more() && peek() == '|')
          fail("conditional backref with more than two branches", pos_);
      } else {
        n->kids.push_back(make(NK::Empty));
      }
      closeGroup(start);
      return n;
    }
    // Flags: (?imsx) (leading only) or (?imsx-imsx:...)
    int add = 0, remove = 0;
    size_t flagPos = pos_;
    while (more() && flagBit(peek()))
      add |= flagBit(p_[pos_++]);
    if (eat('-')) {
      while (more() && flagBit(peek()))
        remove |= flagBit(p_[pos_++]);
      if (!remove)
        fail("missing flag", pos_);
    }
    if (eat(')')) {
      if (remove)
        fail("missing :", pos_ - 1);
      if (!add)
        fail("unknown extension ?)", flagPos - 1);
      if (start >= leadingEnd_)
        fail("global flags not at the start of the expression", start);
      return nullptr; // already applied by scanLeadingFlags
    }
    if (eat(':')) {
      int saved = flags_;
      flags_ = (flags_ | add) & ~remove;
      auto body = parseAlt();
      flags_ = saved;
      closeGroup(start);
      return body;
    }
    if (!more())
      fail("missing -, : or )", pos_);
    if (add || remove)
      fail("unknown flag", pos_);
    fail("unknown extension ?" + encodeUtf8(std::u32string(1, peek())), start + 1);
  }

  std::unique_ptr<Node> look(size_t start, bool behind, bool negative) {
    auto body = parseAlt();
    closeGroup(start);
    auto n = make(NK::Look);
    n->behind = behind;
    n->negate = negative;
    if (behind) {
      long w = fixedWidth(*body);
      if (w < 0)
        fail("look-behind requires fixed-width pattern", Error::kNoPos);
      n->width = size_t(w);
    }
    n->kids.push_back(std::move(body));
    return n;
  }

  /// The one width a node matches, or -1 when it varies.
  static long fixedWidth(const Node &n) {
    switch (n.kind) {
    case NK::Char: case NK::Any: case NK::Class:
      return 1;
    case NK::Seq: {
      long w = 0;
      for (auto &k : n.kids) {
        long kw = fixedWidth(*k);
        if (kw < 0)
          return -1;
        w += kw;
      }
      return w;
    }
    case NK::Alt: {
      long w = -2;
      for (auto &k : n.kids) {
        long kw = fixedWidth(*k);
        if (kw < 0 || (w != -2 && kw != w))
          return -1;
        w = kw;
      }
      return w < 0 ? 0 : w;
    }
    case NK::Repeat: {
      if (n.min != n.max)
        return -1;
      long kw = fixedWidth(*n.kids[0]);
      return kw < 0 ? -1 : kw * n.min;
    }
    case NK::Group: case NK::Atomic:
      return fixedWidth(*n.kids[0]);
    case NK::Backref:
      return -1;
    case NK::Cond: {
      long a = fixedWidth(*n.kids[0]), b = fixedWidth(*n.kids[1]);
      return a >= 0 && a == b ? a : -1;
    }
    default:
      return 0;
    }
  }

  std::unique_ptr<Node> backref(int g, size_t at) {
    for (int o : open_)
      if (o == g)
        fail("cannot refer to an open group", at);
    auto n = make(NK::Backref);
    n->group = g;
    return n;
  }

  static int hexValue(char32_t c) {
    if (c >= '0' && c <= '9')
      return int(c - '0');
    if (c >= 'a' && c <= 'f')
      return int(c - 'a' + 10);
    if (c >= 'A' && c <= 'F')
      return int(c - 'A' + 10);
    return -1;
  }

  /// \xhh \uhhhh \Uhhhhhhhh after the letter.
  char32_t hexEscape(size_t start, char32_t letter) {
    size_t digits = letter == 'x' ? 2 : letter == 'u' ? 4 : 8;
    char32_t v = 0;
    for (size_t i = 0; i < digits; ++i) {
      int h = hexValue(peek());
      if (h < 0) {
        std::string text = "\\" + encodeUtf8(p_.substr(start + 1, pos_ - start - 1));
        fail("incomplete escape " + text, start);
      }
      v = v * 16 + char32_t(h);
      ++pos_;
    }
    if (v > 0x10FFFF)
      fail("bad escape \\" + encodeUtf8(p_.substr(start + 1, pos_ - start - 1)), start);
    return v;
  }

  /// The character a simple escape stands for (\n \t ...); false if none.
  bool simpleEscape(char32_t c, char32_t &out) {
    switch (c) {
    case 'n': out = '\n'; return true;
    case 't': out = '\t'; return true;
    case 'r': out = '\r'; return true;
    case 'f': out = '\f'; return true;
    case 'v': out = '\v'; return true;
    case 'a': out = '\a'; return true;
    default: return false;
    }
  }

  static uint8_t classEscapeBit(char32_t c) {
    switch (c) {
    case 'd': return CE_DIGIT;
    case 'D': return CE_NDIGIT;
    case 'w': return CE_WORD;
    case 'W': return CE_NWORD;
    case 's': return CE_SPACE;
    case 'S': return CE_NSPACE;
    default: return 0;
    }
  }

  [[noreturn]] void badEscape(char32_t c, size_t start) {
    fail("bad escape \\" + encodeUtf8(std::u32string(1, c)), start);
  }

  char32_t octal(char32_t first) {
    char32_t v = first - '0';
    for (int i = 0; i < 2 && peek() >= '0' && peek() <= '7'; ++i)
      v = v * 8 + (p_[pos_++] - '0');
    return v;
  }

  std::unique_ptr<Node> parseEscape(size_t start) {
    if (!more())
      fail("bad escape (end of pattern)", start);
    char32_t c = p_[pos_++];
    if (uint8_t bit = classEscapeBit(c)) {
      auto n = make(NK::Class);
      n->escapes = bit;
      return n;
    }
    switch (c) {
    case 'b': return make(NK::WordB);
    case 'B': return make(NK::NotWordB);
    case 'A': return make(NK::StrStart);
    case 'Z': return make(NK::StrEnd);
    default: break;
    }
    auto lit = make(NK::Char);
    if (simpleEscape(c, lit->ch))
      return lit;
    if (c == 'x' || c == 'u' || c == 'U') {
      lit->ch = hexEscape(start, c);
      return lit;
    }
    if (c == '0') {
      lit->ch = octal('0');
      return lit;
    }
    if (c >= '1' && c <= '9') {
      // \123 (three octal digits) is a character; otherwise a group number.
      if (c <= '7' && peek() >= '0' && peek() <= '7' && peek(1) >= '0' && peek(1) <= '7') {
        char32_t v = (c - '0') * 64 + (p_[pos_] - '0') * 8 + (p_[pos_ + 1] - '0');
        pos_ += 2;
        if (v > 0377)
          fail("octal escape value \\" + encodeUtf8(p_.substr(start + 1, 3)) +
                   " outside of range 0-0o377",
               start);
        lit->ch = v;
        return lit;
      }
      int g = int(c - '0');
      if (peek() >= '0' && peek() <= '9')
        g = g * 10 + int(p_[pos_++] - '0');
      if (g > groups_)
        fail("invalid group reference " + std::to_string(g), start + 1);
      return backref(g, start + 1);
    }
    if (c < 0x80 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
      badEscape(c, start);
    lit->ch = c;
    return lit;
  }

  /// One class member at pos_ (after '[' or a previous member): a char, or
  /// an escape class (returned through `bit`).
  char32_t classChar(uint8_t &bit, size_t &at) {
    at = pos_;
    bit = 0;
    char32_t c = p_[pos_++];
    if (c != '\\')
      return c;
    if (!more())
      fail("bad escape (end of pattern)", at);
    char32_t e = p_[pos_++];
    if ((bit = classEscapeBit(e)))
      return 0;
    char32_t out;
    if (simpleEscape(e, out))
      return out;
    if (e == 'b')
      return '\b';
    if (e == 'x' || e == 'u' || e == 'U')
      return hexEscape(at, e);
    if (e >= '0' && e <= '7')
      return octal(e);
    if (e >= '8' && e <= '9')
      badEscape(e, at);
    if (e < 0x80 && ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z')))
      badEscape(e, at);
    return e;
  }

  std::unique_ptr<Node> parseClass(size_t start) {
    auto n = make(NK::Class);
    if (eat('^'))
      n->negate = true;
    bool first = true;
    for (;;) {
      if (!more())
        fail("unterminated character set", start);
      if (peek() == ']' && !first) {
        ++pos_;
        break;
      }
      first = false;
      uint8_t bit;
      size_t at;
      char32_t lo = classChar(bit, at);
      if (bit) {
        n->escapes |= bit;
        if (peek() == '-' && peek(1) != ']' && peek(1) != 0)
          fail("bad character range " + encodeUtf8(p_.substr(at, pos_ + 2 - at)), at);
        continue;
      }
      if (peek() == '-' && peek(1) != ']' && pos_ + 1 < p_.size()) {
        ++pos_;
        uint8_t bit2;
        size_t at2;
        char32_t hi = classChar(bit2, at2);
        if (bit2 || hi < lo)
          fail("bad character range " + encodeUtf8(p_.substr(at, pos_ - at)), at);
        n->ranges.emplace_back(lo, hi);
      } else {
        n->ranges.emplace_back(lo, lo);
      }
    }
    return n;
  }

  const std::u32string &p_;
  size_t pos_ = 0;
  int flags_;
  size_t leadingEnd_ = 0;
  int groups_ = 0;
  std::vector<std::pair<std::string, int>> names_;
  std::vector<int> open_;
  std::vector<std::pair<int, size_t>> pendingRefs_;
};

std::unique_ptr<Regex> Regex::compile(const std::u32string &pattern, int flags, Error &err) {
  if ((flags & ASCII) && (flags & LOCALE)) {
    err = {"ASCII and LOCALE flags are incompatible", 0};
    return nullptr;
  }
  Parser p(pattern, flags);
  return p.run(err);
}

Regex::~Regex() = default;

//===----------------------------------------------------------------------===//
// Matcher
//===----------------------------------------------------------------------===//
namespace {
/// A non-owning reference to a callable (the continuation); it lives as
/// long as the full expression that made it.
template <typename Sig> class FnRef;
template <typename R, typename... A> class FnRef<R(A...)> {
public:
  template <typename F, typename = std::enable_if_t<!std::is_same_v<std::decay_t<F>, FnRef>>>
  FnRef(F &&f) // NOLINT: implicit on purpose
      : obj_(const_cast<void *>(static_cast<const void *>(&f))),
        call_([](void *o, A... a) -> R { return (*static_cast<std::remove_reference_t<F> *>(o))(a...); }) {}
  R operator()(A... a) const { return call_(obj_, a...); }

private:
  void *obj_;
  R (*call_)(void *, A...);
};
using Cont = FnRef<bool(size_t)>;


struct Matcher {
  const std::u32string &s;
  size_t end; ///< endpos
  std::vector<int64_t> &caps;
  int &last;
  size_t depth = 0;

  /// The matcher recurses per node; it stops, with an exception the re
  /// module turns into RecursionError, while the thread's stack still has
  /// room (ir/StackGuard.h), never overflowing it.
  struct Depth {
    Matcher &m;
    explicit Depth(Matcher &m) : m(m) {
      if ((++m.depth & 63) == 0 && stackLeft() < kStackMargin)
        throw std::runtime_error("regular expression match too deep");
    }
    ~Depth() { --m.depth; }
  };

  bool wordAt(size_t i, bool ascii) const { return i < end && isWord(s[i], ascii); }

  bool seq(const Node &n, size_t idx, size_t i, Cont k) {
    if (idx == n.kids.size())
      return k(i);
    return match(*n.kids[idx], i, [&](size_t j) { return seq(n, idx + 1, j, k); });
  }

  /// A body that matches at most one way at a position (chars, classes,
  /// anchors, groups and sequences of them: (ab)*, (\d\d)+).
  static bool deterministic(const Node &n) {
    switch (n.kind) {
    case NK::Char: case NK::Any: case NK::Class: case NK::Bol: case NK::Eol:
    case NK::StrStart: case NK::StrEnd: case NK::WordB: case NK::NotWordB: case NK::Empty:
      return true;
    case NK::Seq: case NK::Group:
      for (auto &k : n.kids)
        if (!deterministic(*k))
          return false;
      return true;
    default:
      return false;
    }
  }

  /// A repeat of a deterministic body, without recursing per iteration:
  /// find where each iteration ends, then offer the rest of the pattern
  /// the counts from the most (greedy) or the fewest (lazy), with the
  /// body's groups holding their last iteration.
  bool repeatDeterministic(const Node &n, size_t i, Cont k) {
    const Node &body = *n.kids[0];
    std::vector<int64_t> saved = caps;
    int savedLast = last;
    std::vector<size_t> ends{i};
    size_t at = i;
    while (n.max < 0 || int(ends.size()) - 1 < n.max) {
      size_t next = at;
      if (!match(body, at, [&](size_t j) {
            next = j;
            return true;
          }) ||
          next == at)
        break;
      ends.push_back(next);
      at = next;
    }
    int most = int(ends.size()) - 1;
    auto attempt = [&](int c) {
      caps = saved;
      last = savedLast;
      if (c > 0)
        match(body, ends[size_t(c - 1)], [](size_t) { return true; });
      return k(ends[size_t(c)]);
    };
    if (n.lazy) {
      for (int c = n.min; c <= most; ++c)
        if (attempt(c))
          return true;
    } else {
      for (int c = most; c >= n.min; --c)
        if (attempt(c))
          return true;
    }
    caps = saved;
    last = savedLast;
    return false;
  }

  bool repeatGeneral(const Node &n, int count, size_t i, Cont k) {
    const Node &body = *n.kids[0];
    bool canMore = n.max < 0 || count < n.max;
    if (n.lazy) {
      if (count >= n.min && k(i))
        return true;
      if (!canMore)
        return false;
      return match(body, i, [&](size_t j) {
        if (j == i && count >= n.min)
          return false; // an empty iteration adds nothing
        return repeatGeneral(n, count + 1, j, k);
      });
    }
    if (canMore && match(body, i, [&](size_t j) {
          if (j == i && count >= n.min)
            return false;
          return repeatGeneral(n, count + 1, j, k);
        }))
      return true;
    return count >= n.min && k(i);
  }

  bool repeat(const Node &n, size_t i, Cont k) {
    const Node &body = *n.kids[0];
    size_t maxCount = n.max < 0 ? SIZE_MAX : size_t(n.max);
    if (body.isSingle()) {
      size_t c = 0;
      if (n.lazy) {
        while (c < size_t(n.min)) {
          if (i + c >= end || !singleMatches(body, s[i + c]))
            return false;
          ++c;
        }
        for (;;) {
          if (k(i + c))
            return true;
          if (c >= maxCount || i + c >= end || !singleMatches(body, s[i + c]))
            return false;
          ++c;
        }
      }
      while (c < maxCount && i + c < end && singleMatches(body, s[i + c]))
        ++c;
      if (c < size_t(n.min))
        return false;
      if (n.possessive)
        return k(i + c);
      for (size_t t = c + 1; t-- > size_t(n.min);)
        if (k(i + t))
          return true;
      return false;
    }
    if (!n.possessive && deterministic(body))
      return repeatDeterministic(n, i, k);
    if (n.possessive) {
      // Take each iteration's first way, never giving any back.
      size_t at = i;
      int count = 0;
      while (n.max < 0 || count < n.max) {
        size_t next = at;
        bool ok = match(body, at, [&](size_t j) {
          next = j;
          return true;
        });
        if (!ok || (next == at && count >= n.min))
          break;
        at = next;
        ++count;
      }
      return count >= n.min && k(at);
    }
    return repeatGeneral(n, 0, i, k);
  }

  bool match(const Node &n, size_t i, Cont k) {
    Depth guard(*this);
    switch (n.kind) {
    case NK::Empty:
      return k(i);
    case NK::Char: case NK::Any: case NK::Class:
      return i < end && singleMatches(n, s[i]) && k(i + 1);
    case NK::Seq:
      return seq(n, 0, i, k);
    case NK::Alt:
      for (auto &kid : n.kids)
        if (match(*kid, i, k))
          return true;
      return false;
    case NK::Repeat:
      return repeat(n, i, k);
    case NK::Group: {
      int g = n.group;
      return match(*n.kids[0], i, [&](size_t j) {
        int64_t os = caps[2 * g], oe = caps[2 * g + 1];
        int ol = last;
        caps[2 * g] = int64_t(i);
        caps[2 * g + 1] = int64_t(j);
        last = g;
        if (k(j))
          return true;
        caps[2 * g] = os;
        caps[2 * g + 1] = oe;
        last = ol;
        return false;
      });
    }
    case NK::Backref: {
      int64_t gs = caps[2 * n.group], ge = caps[2 * n.group + 1];
      if (gs < 0)
        return false;
      size_t len = size_t(ge - gs);
      if (i + len > end)
        return false;
      for (size_t t = 0; t < len; ++t) {
        char32_t a = s[size_t(gs) + t], b = s[i + t];
        if (a != b && !(n.icase && lower(a) == lower(b)))
          return false;
      }
      return k(i + len);
    }
    case NK::Bol:
      return (i == 0 || (n.multiline && s[i - 1] == '\n')) && k(i);
    case NK::Eol:
      return (i == end || (i + 1 == end && s[i] == '\n') || (n.multiline && s[i] == '\n')) &&
             k(i);
    case NK::StrStart:
      return i == 0 && k(i);
    case NK::StrEnd:
      return i == end && k(i);
    case NK::WordB:
    case NK::NotWordB: {
      bool before = i > 0 && wordAt(i - 1, n.ascii);
      bool after = wordAt(i, n.ascii);
      bool boundary = before != after;
      return boundary == (n.kind == NK::WordB) && k(i);
    }
    case NK::Look: {
      bool found;
      if (n.behind) {
        found = i >= n.width &&
                match(*n.kids[0], i - n.width, [&](size_t j) { return j == i; });
      } else {
        found = match(*n.kids[0], i, [](size_t) { return true; });
      }
      return found != n.negate && k(i);
    }
    case NK::Atomic: {
      size_t at = i;
      if (!match(*n.kids[0], i, [&](size_t j) {
            at = j;
            return true;
          }))
        return false;
      return k(at);
    }
    case NK::Cond: {
      bool matched = n.group < int(caps.size() / 2) && caps[2 * n.group] >= 0;
      return match(*n.kids[matched ? 0 : 1], i, k);
    }
    }
    return false;
  }
};
} // namespace

bool Regex::match(const std::u32string &s, size_t pos, size_t endpos, Anchor anchor,
                  std::vector<int64_t> &spans, int &lastIndex, bool mustAdvance) const {
  endpos = std::min(endpos, s.size());
  if (pos > endpos)
    return false;
  spans.assign(size_t(2 * (groups_ + 1)), -1);
  lastIndex = -1;
  Matcher m{s, endpos, spans, lastIndex};
  for (size_t start = pos; start <= endpos; ++start) {
    size_t stop = 0;
    bool ok = m.match(*root_, start, [&](size_t j) {
      if (anchor == Anchor::FullMatch && j != endpos)
        return false;
      if (mustAdvance && start == pos && j == start)
        return false;
      stop = j;
      return true;
    });
    if (ok) {
      spans[0] = int64_t(start);
      spans[1] = int64_t(stop);
      return true;
    }
    if (anchor != Anchor::Search)
      break;
    std::fill(spans.begin(), spans.end(), -1);
    lastIndex = -1;
  }
  return false;
}

} // namespace parax::regex
