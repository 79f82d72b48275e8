//===- Literals.cpp - number, string and f-string literals ----------------===//
//
// Implements Literals.h. String bodies arrive exactly as written (the lexer
// only delimits them); this file decodes them:
//
//   1. escapes, as CPython's unicode_escape decoder (unknown escapes keep
//      their backslash, `\N{...}` is a named error);
//   2. f-strings, scanned left to right: `{{`/`}}` are literal braces, a
//      field is `{` expression [`=`] [`!` conversion] [`:` spec] `}`, where
//      the expression ends at the first top-level `}`, `!`, `:` or lone `=`
//      (brackets and nested string literals are skipped over) and the spec
//      is itself scanned for nested fields.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Literals.h"

#include "ir/Diagnostics.h"

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace parax::frontend {

namespace {

[[noreturn]] void fail(const char *kind, const std::string &msg, uint32_t file,
                       SrcPos at, uint32_t len = 1, std::string hint = {}) {
  Loc loc{file, at.line, at.col, at.line, at.col + len};
  throw ParaxError(kind, msg, loc, std::move(hint));
}

void appendUtf8(std::string &out, uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

char closerOf(char open) { return open == '(' ? ')' : open == '[' ? ']' : '}'; }

/// Scans one f-string body; see the file comment.
class FStringScanner {
public:
  FStringScanner(const StringPieces &s, uint32_t file,
                 const FieldParser &parseField)
      : b_(s.body), raw_(s.raw), start_(s.bodyStart), file_(file),
        parseField_(parseField), curPos_(s.bodyStart) {}

  void run(std::vector<FStringExpr::Part> &out) {
    size_t i = 0;
    parseParts(i, out, /*inSpec=*/false, 0);
  }

private:
  SrcPos posAt(size_t off) {
    if (off < curOff_) {
      curOff_ = 0;
      curPos_ = start_;
    }
    curPos_ =
        advance(curPos_, std::string_view(b_).substr(curOff_, off - curOff_));
    curOff_ = off;
    return curPos_;
  }

  [[noreturn]] void error(size_t off, const std::string &msg) {
    fail("SyntaxError", msg, file_, posAt(std::min(off, b_.size())));
  }

  void flush(std::string &lit, size_t litStart,
             std::vector<FStringExpr::Part> &out) {
    if (lit.empty())
      return;
    FStringExpr::Part p;
    p.literal = raw_ ? lit : decodeEscapes(lit, posAt(litStart), file_);
    appendPart(out, std::move(p));
    lit.clear();
  }

  /// Literal text and fields up to the end (or, in a spec, up to its '}').
  void parseParts(size_t &i, std::vector<FStringExpr::Part> &out, bool inSpec,
                  int depth) {
    std::string lit;
    size_t litStart = i, n = b_.size();
    while (i < n) {
      char c = b_[i];
      if (c == '\\' && !raw_) {
        if (i + 2 < n && b_[i + 1] == 'N' && b_[i + 2] == '{') {
          size_t e = b_.find('}', i);
          e = e == std::string::npos ? n : e + 1;
          lit.append(b_, i, e - i);
          i = e;
          continue;
        }
        lit += c;
        ++i;
        if (i < n && b_[i] != '{' && b_[i] != '}')
          lit += b_[i++];
        continue;
      }
      if (c == '{') {
        if (!inSpec && i + 1 < n && b_[i + 1] == '{') {
          lit += '{';
          i += 2;
          continue;
        }
        flush(lit, litStart, out);
        parseFieldAt(i, out, depth);
        litStart = i;
        continue;
      }
      if (c == '}') {
        if (inSpec)
          break;
        if (i + 1 < n && b_[i + 1] == '}') {
          lit += '}';
          i += 2;
          continue;
        }
        error(i, "f-string: single '}' is not allowed");
      }
      lit += c;
      ++i;
    }
    flush(lit, litStart, out);
  }

  /// Returns the offset of the character that ends the expression of the
  /// field whose text starts at `j`.
  size_t scanExprEnd(size_t j) {
    size_t exprStart = j, n = b_.size();
    std::string stack;
    while (j < n) {
      char c = b_[j];
      if (c == '\'' || c == '"') {
        bool triple = j + 2 < n && b_[j + 1] == c && b_[j + 2] == c;
        size_t q = j;
        j += triple ? 3 : 1;
        for (;;) {
          if (j >= n)
            error(q, "f-string: unterminated string");
          if (b_[j] == '\\') {
            j += 2;
            continue;
          }
          if (b_[j] == c &&
              (!triple || (j + 2 < n && b_[j + 1] == c && b_[j + 2] == c))) {
            j += triple ? 3 : 1;
            break;
          }
          ++j;
        }
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        stack += c;
        ++j;
        continue;
      }
      if (c == ')' || c == ']' || c == '}') {
        if (stack.empty()) {
          if (c == '}')
            return j;
          error(j, std::string("f-string: unmatched '") + c + "'");
        }
        if (closerOf(stack.back()) != c)
          error(j, std::string("f-string: closing parenthesis '") + c +
                       "' does not match opening parenthesis '" + stack.back() +
                       "'");
        stack.pop_back();
        ++j;
        continue;
      }
      if (c == '#')
        error(j, "f-string expression part cannot include '#'");
      if (stack.empty()) {
        if (c == '!') {
          if (j + 1 < n && b_[j + 1] == '=') {
            j += 2;
            continue;
          }
          return j;
        }
        if (c == ':')
          return j;
        if (c == '=') {
          if (j + 1 < n && b_[j + 1] == '=') {
            j += 2;
            continue;
          }
          if (j > exprStart && std::strchr("=!<>", b_[j - 1]))
            ++j;
          else
            return j;
          continue;
        }
      }
      ++j;
    }
    error(exprStart - 1, "f-string: expecting '}'");
  }

  /// Parses the field whose '{' is at `i`; leaves `i` after its '}'.
  void parseFieldAt(size_t &i, std::vector<FStringExpr::Part> &out, int depth) {
    size_t n = b_.size();
    if (depth >= 2)
      error(i, "f-string: expressions nested too deeply");
    size_t exprStart = i + 1;
    size_t k = scanExprEnd(exprStart);
    std::string text = b_.substr(exprStart, k - exprStart);
    if (text.find_first_not_of(" \t\r\n\f") == std::string::npos)
      error(k, std::string("f-string: valid expression required before '") +
                   b_[k] + "'");
    FStringExpr::Part p;
    p.value = parseField_(text, posAt(exprStart));
    if (b_[k] == '=') {
      ++k;
      while (k < n && std::strchr(" \t\r\n\f", b_[k]))
        ++k;
      p.selfDoc = b_.substr(exprStart, k - exprStart);
    }
    if (k < n && b_[k] == '!') {
      char conv = k + 1 < n ? b_[k + 1] : '}';
      if (conv == '}' || conv == ':')
        error(k + 1, "f-string: missing conversion character");
      if (conv != 's' && conv != 'r' && conv != 'a')
        error(k + 1, std::string("f-string: invalid conversion character '") +
                         conv + "': expected 's', 'r', or 'a'");
      p.conversion = conv;
      k += 2;
    }
    if (k < n && b_[k] == ':') {
      size_t specStart = k + 1, j = specStart;
      SrcPos sp = posAt(specStart);
      auto spec = std::make_unique<FStringExpr>(
          Loc{file_, sp.line, sp.col, sp.line, sp.col});
      parseParts(j, spec->parts, /*inSpec=*/true, depth + 1);
      SrcPos ep = posAt(j);
      spec->loc.endLine = ep.line;
      spec->loc.endCol = ep.col;
      p.spec = std::move(spec);
      k = j;
    }
    if (k >= n || b_[k] != '}')
      error(k, "f-string: expecting '}'");
    i = k + 1;
    out.push_back(std::move(p));
  }

  const std::string &b_;
  bool raw_;
  SrcPos start_;
  uint32_t file_;
  const FieldParser &parseField_;
  size_t curOff_ = 0;
  SrcPos curPos_;
};

} // namespace

SrcPos advance(SrcPos pos, std::string_view s) {
  for (char ch : s) {
    unsigned char c = ch;
    if (c == '\n') {
      ++pos.line;
      pos.col = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++pos.col;
    }
  }
  return pos;
}

StringPieces splitStringToken(const std::string &text, SrcPos start) {
  StringPieces s;
  size_t p = 0;
  while (p < text.size() && text[p] != '\'' && text[p] != '"') {
    char c = char(text[p] | 0x20); // ASCII lower case
    s.raw |= c == 'r';
    s.fstring |= c == 'f';
    s.bytes |= c == 'b';
    ++p;
  }
  if (p >= text.size())
    return s;
  char q = text[p];
  size_t qlen =
      text.compare(p, 3, std::string(3, q)) == 0 && text.size() >= p + 6 ? 3
                                                                         : 1;
  size_t bodyLen = text.size() >= p + 2 * qlen ? text.size() - p - 2 * qlen : 0;
  s.body = text.substr(p + qlen, bodyLen);
  s.bodyStart = {start.line, start.col + uint32_t(p + qlen)};
  return s;
}

std::string decodeEscapes(std::string_view body, SrcPos bodyStart,
                          uint32_t file) {
  std::string out;
  out.reserve(body.size());
  size_t n = body.size();
  auto errorAt = [&](size_t i, const std::string &msg) {
    fail("SyntaxError", msg, file, advance(bodyStart, body.substr(0, i)), 2);
  };
  for (size_t i = 0; i < n;) {
    char c = body[i];
    if (c != '\\' || i + 1 >= n) {
      out += c;
      ++i;
      continue;
    }
    char e = body[i + 1];
    switch (e) {
    case '\n':
      i += 2;
      continue;
    case '\r':
      i += (i + 2 < n && body[i + 2] == '\n') ? 3 : 2;
      continue;
    case '\\':
      out += '\\';
      i += 2;
      continue;
    case '\'':
      out += '\'';
      i += 2;
      continue;
    case '"':
      out += '"';
      i += 2;
      continue;
    case 'a':
      out += '\a';
      i += 2;
      continue;
    case 'b':
      out += '\b';
      i += 2;
      continue;
    case 'f':
      out += '\f';
      i += 2;
      continue;
    case 'n':
      out += '\n';
      i += 2;
      continue;
    case 'r':
      out += '\r';
      i += 2;
      continue;
    case 't':
      out += '\t';
      i += 2;
      continue;
    case 'v':
      out += '\v';
      i += 2;
      continue;
    case 'N':
      fail("NotImplementedError", "\\N{...} escapes are not part of parax",
           file, advance(bodyStart, body.substr(0, i)), 2,
           "write the character itself, or use a \\uXXXX escape");
    case 'x':
    case 'u':
    case 'U': {
      size_t digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
      uint32_t cp = 0;
      for (size_t k = 0; k < digits; ++k) {
        int h = i + 2 + k < n ? hexValue(body[i + 2 + k]) : -1;
        if (h < 0)
          errorAt(i, std::string("(unicode error) truncated \\") + e +
                         std::string(digits, 'X') + " escape");
        cp = cp * 16 + uint32_t(h);
      }
      if (cp > 0x10FFFF)
        errorAt(i, "(unicode error) illegal Unicode character");
      appendUtf8(out, cp);
      i += 2 + digits;
      continue;
    }
    default:
      if (e >= '0' && e <= '7') {
        uint32_t cp = 0;
        size_t k = i + 1;
        for (int d = 0; d < 3 && k < n && body[k] >= '0' && body[k] <= '7';
             ++d, ++k)
          cp = cp * 8 + uint32_t(body[k] - '0');
        appendUtf8(out, cp);
        i = k;
        continue;
      }
      // Unknown escape: Python keeps the backslash.
      out += '\\';
      ++i;
      continue;
    }
  }
  return out;
}

ExprPtr numberLiteral(const std::string &text, Loc loc) {
  std::string s;
  s.reserve(text.size());
  for (char c : text)
    if (c != '_')
      s += c;
  char last = s.empty() ? '0' : s.back();
  if (last == 'j' || last == 'J')
    throw ParaxError("NotImplementedError",
                     "complex numbers are not part of parax", loc);

  auto makeInt = [&](const char *first, const char *end, int base) {
    uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(first, end, v, base);
    auto c = std::make_unique<ConstantExpr>(loc, ConstantExpr::Type::Int);
    if (ec == std::errc::result_out_of_range ||
        v > uint64_t(std::numeric_limits<int64_t>::max()))
      c->strValue = s; // beyond int64: the evaluator makes a big int of it
    else
      c->intValue = int64_t(v);
    return c;
  };

  if (s.size() > 2 && s[0] == '0') {
    char p = char(s[1] | 0x20);
    int base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (base)
      return makeInt(s.data() + 2, s.data() + s.size(), base);
  }
  bool isFloat = s.find_first_of(".eE") != std::string::npos;
  if (!isFloat) {
    if (s.size() > 1 && s[0] == '0' &&
        s.find_first_not_of('0') != std::string::npos)
      throw ParaxError("SyntaxError",
                       "leading zeros in decimal integer literals are not "
                       "permitted",
                       loc, "use an 0o prefix for octal integers");
    return makeInt(s.data(), s.data() + s.size(), 10);
  }
  auto c = std::make_unique<ConstantExpr>(loc, ConstantExpr::Type::Float);
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), c->floatValue,
                                   std::chars_format::general);
  if (ec == std::errc::result_out_of_range)
    c->floatValue = std::strtod(s.c_str(), nullptr); // inf or a denormal/0
  return c;
}

void appendPart(std::vector<FStringExpr::Part> &parts, FStringExpr::Part part) {
  if (!part.value) {
    if (part.literal.empty())
      return;
    if (!parts.empty() && !parts.back().value) {
      parts.back().literal += part.literal;
      return;
    }
  }
  parts.push_back(std::move(part));
}

void splitFString(const StringPieces &s, uint32_t file,
                  const FieldParser &parseField,
                  std::vector<FStringExpr::Part> &out) {
  FStringScanner(s, file, parseField).run(out);
}

} // namespace parax::frontend
