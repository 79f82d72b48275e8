//===- FormatSpec.cpp - Python's format-spec mini-language ----------------===//
//
// A port of CPython 3.11's Python/formatter_unicode.c (spec parsing, number
// layout with fill/sign/prefix/grouping, string padding), of the parts of
// Python/pystrtod.c's format_float_short that shape float output, and of the
// MarkupIterator of Objects/stringlib/unicode_format.h for str.format
// templates. Digits come from std::to_chars, which gives the same correctly
// rounded (ties-to-even) and shortest round-trip digits as David Gay's dtoa
// in modes 2, 3 and 0. Specs and strings are UTF-8; widths count code points
// as Python does. The process is assumed to run in the C locale, so 'n'
// formats like 'd' / 'g'.
//
//===----------------------------------------------------------------------===//

#include "frontend/format/FormatSpec.h"

#include "frontend/format/NumpyFormat.h"
#include "ir/Diagnostics.h"
#include "ir/HostMemory.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>

namespace parax::frontend {

namespace {

[[noreturn]] void valueError(std::string msg) {
  throw ParaxError("ValueError", std::move(msg));
}

//===----------------------------------------------------------------------===//
// UTF-8
//===----------------------------------------------------------------------===//

std::u32string decodeUtf8(std::string_view s) {
  std::u32string out;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    char32_t cp = n == 1   ? c
                  : n == 2 ? (c & 0x1f)
                  : n == 3 ? (c & 0x0f)
                           : (c & 0x07);
    for (int k = 1; k < n && i + k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
    out += cp;
    i += size_t(n);
  }
  return out;
}

void appendUtf8(std::string &out, char32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xc0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += char(0xe0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3f));
    out += char(0x80 | (cp & 0x3f));
  } else {
    out += char(0xf0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3f));
    out += char(0x80 | ((cp >> 6) & 0x3f));
    out += char(0x80 | (cp & 0x3f));
  }
}

void appendFill(std::string &out, char32_t fill, int64_t n) {
  if (n <= 0)
    return;
  std::string one;
  appendUtf8(one, fill);
  if (one.size() == 1) {
    out.append(size_t(n), one[0]);
    return;
  }
  out.reserve(out.size() + size_t(n) * one.size());
  for (int64_t i = 0; i < n; ++i)
    out += one;
}

/// A field of `width` code points of `fill` must fit the host-memory budget
/// before it is built: '{:>100000000000}' is a MemoryError, not a 100 GB
/// string.
void requireField(char32_t fill, int64_t width) {
  if (width <= 0)
    return;
  std::string one;
  appendUtf8(one, fill);
  int64_t perChar = int64_t(one.size());
  HostMemory::require(width > INT64_MAX / perChar ? INT64_MAX : width * perChar,
                      "a formatted str");
}

/// "\x1f": how CPython's messages show a non-printable code.
std::string hexEscape(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "\\x%x", unsigned(c));
  return buf;
}

/// How CPython quotes a format code in messages: 'd', or '\x1' outside
/// printable ASCII.
std::string codeText(char32_t c) {
  if (c > 32 && c < 128)
    return std::string(1, char(c));
  return hexEscape(c);
}

//===----------------------------------------------------------------------===//
// Spec parsing (parse_internal_render_format_spec)
//===----------------------------------------------------------------------===//

/// Thousands grouping: none, ',' / '_' every 3 digits, '_' every 4.
enum class Grouping : char {
  None = 0,
  Comma = ',',
  Underscore = '_',
  Four = '4'
};

struct Spec {
  char32_t fill = ' ';
  char32_t align = '>';
  bool alternate = false;
  bool noNeg0 = false;
  char sign = 0;
  int64_t width = -1;
  Grouping grouping = Grouping::None;
  int64_t precision = -1;
  char32_t type = 0;
};

/// True for the code 0 (no type) and for the characters of `set`.
bool isOneOf(char32_t c, std::string_view set) {
  return c == 0 || (c < 128 && set.find(char(c)) != std::string_view::npos);
}

bool isAlign(char32_t c) {
  return c == '<' || c == '>' || c == '=' || c == '^';
}

/// get_integer: returns the number of digits consumed.
int getInteger(const std::u32string &s, size_t &pos, int64_t &result) {
  int64_t acc = 0;
  int n = 0;
  for (; pos < s.size() && s[pos] >= '0' && s[pos] <= '9'; ++pos, ++n) {
    int64_t d = s[pos] - '0';
    if (acc > (INT64_MAX - d) / 10)
      valueError("Too many decimal digits in format string");
    acc = acc * 10 + d;
  }
  result = acc;
  return n;
}

Spec parseSpec(std::string_view specUtf8, const char *typeName,
               char32_t defaultType, char32_t defaultAlign) {
  const std::u32string s = decodeUtf8(specUtf8);
  Spec f;
  f.align = defaultAlign;
  f.type = defaultType;
  size_t pos = 0, end = s.size();
  bool fillSpecified = false, alignSpecified = false;
  if (end - pos >= 2 && isAlign(s[pos + 1])) {
    f.align = s[pos + 1];
    f.fill = s[pos];
    fillSpecified = alignSpecified = true;
    pos += 2;
  } else if (end - pos >= 1 && isAlign(s[pos])) {
    f.align = s[pos];
    alignSpecified = true;
    ++pos;
  }
  if (pos < end && (s[pos] == '+' || s[pos] == '-' || s[pos] == ' '))
    f.sign = char(s[pos++]);
  if (pos < end && s[pos] == 'z') {
    f.noNeg0 = true;
    ++pos;
  }
  if (pos < end && s[pos] == '#') {
    f.alternate = true;
    ++pos;
  }
  if (!fillSpecified && pos < end && s[pos] == '0') {
    f.fill = '0';
    if (!alignSpecified && defaultAlign == '>')
      f.align = '=';
    ++pos;
  }
  if (getInteger(s, pos, f.width) == 0)
    f.width = -1;
  if (pos < end && s[pos] == ',') {
    f.grouping = Grouping::Comma;
    ++pos;
  }
  if (pos < end && s[pos] == '_') {
    if (f.grouping != Grouping::None)
      valueError("Cannot specify both ',' and '_'.");
    f.grouping = Grouping::Underscore;
    ++pos;
  }
  if (pos < end && s[pos] == ',' && f.grouping == Grouping::Underscore)
    valueError("Cannot specify both ',' and '_'.");
  if (pos < end && s[pos] == '.') {
    ++pos;
    if (getInteger(s, pos, f.precision) == 0)
      valueError("Format specifier missing precision");
  }
  if (end - pos > 1)
    valueError("Invalid format specifier '" + std::string(specUtf8) +
               "' for object of type '" + typeName + "'");
  if (end - pos == 1)
    f.type = s[pos++];

  if (f.grouping != Grouping::None && !isOneOf(f.type, "defgEG%F")) {
    // '_' groups bin/oct/hex digits by four; ',' is not allowed there.
    if (f.grouping == Grouping::Underscore && isOneOf(f.type, "boxX"))
      f.grouping = Grouping::Four;
    else
      valueError(std::string("Cannot specify '") + char(f.grouping) +
                 "' with '" + codeText(f.type) + "'.");
  }
  return f;
}

[[noreturn]] void unknownCode(char32_t type, const char *typeName) {
  valueError("Unknown format code '" + codeText(type) +
             "' for object of type '" + typeName + "'");
}

//===----------------------------------------------------------------------===//
// Number layout (calc_number_widths + fill_number)
//===----------------------------------------------------------------------===//

/// _PyUnicode_InsertThousandsGrouping: groups `digits` from the right,
/// zero-extending (with separators) up to `minWidth` characters.
std::string groupDigits(const std::string &digits, int64_t minWidth,
                        int groupSize, const std::string &sep) {
  minWidth = std::max<int64_t>(0, minWidth);
  const int64_t sepLen = int64_t(sep.size());
  int64_t remaining = int64_t(digits.size());
  // Built right to left, reversed (prepending each group would make a wide
  // zero-padded field quadratic), and turned around at the end.
  std::string out;
  bool useSep = false, broken = false;
  auto emit = [&](int64_t len) {
    int64_t zeros = std::max<int64_t>(0, len - remaining);
    int64_t chars = std::max<int64_t>(0, std::min(remaining, len));
    if (useSep)
      out.append(sep.rbegin(), sep.rend());
    for (int64_t k = remaining - 1; k >= remaining - chars; --k)
      out += digits[size_t(k)];
    out.append(size_t(zeros), '0');
    useSep = true;
    remaining -= chars;
    minWidth -= len;
  };
  if (groupSize > 0) {
    for (;;) {
      emit(std::min<int64_t>(groupSize,
                             std::max<int64_t>({remaining, minWidth, 1})));
      if (remaining <= 0 && minWidth <= 0) {
        broken = true;
        break;
      }
      minWidth -= sepLen;
    }
  }
  if (!broken)
    emit(std::max<int64_t>({remaining, minWidth, 1}));
  std::reverse(out.begin(), out.end());
  return out;
}

/// Lays out [lpad][sign][prefix][spad][grouped digits][.][remainder][rpad].
/// `digits` may be empty only for 'c' (the character is the remainder).
std::string layoutNumber(const Spec &f, char signChar,
                         const std::string &prefix, const std::string &digits,
                         bool hasDecimal, const std::string &remainder,
                         int64_t remainderLen, bool upper) {
  requireField(f.fill, f.width);
  char sign = 0;
  if (f.sign == '+')
    sign = signChar == '-' ? '-' : '+';
  else if (f.sign == ' ')
    sign = signChar == '-' ? '-' : ' ';
  else if (signChar == '-')
    sign = '-';
  const int64_t nSign = sign ? 1 : 0;
  const int64_t nonDigit =
      nSign + int64_t(prefix.size()) + (hasDecimal ? 1 : 0) + remainderLen;
  const int64_t minWidth =
      (f.fill == '0' && f.align == '=') ? f.width - nonDigit : 0;
  int groupSize = 0;
  std::string sep;
  if (f.grouping == Grouping::Comma || f.grouping == Grouping::Underscore) {
    groupSize = 3;
    sep = std::string(1, char(f.grouping));
  } else if (f.grouping == Grouping::Four) {
    groupSize = 4;
    sep = "_";
  }
  std::string grouped =
      digits.empty() ? "" : groupDigits(digits, minWidth, groupSize, sep);
  std::string pre = prefix;
  if (upper) {
    for (char &c : pre)
      c = char(std::toupper(static_cast<unsigned char>(c)));
    for (char &c : grouped)
      c = char(std::toupper(static_cast<unsigned char>(c)));
  }
  int64_t lpad = 0, spad = 0, rpad = 0;
  int64_t padding = f.width - (nonDigit + int64_t(grouped.size()));
  if (padding > 0) {
    switch (f.align) {
    case '<':
      rpad = padding;
      break;
    case '^':
      lpad = padding / 2;
      rpad = padding - lpad;
      break;
    case '=':
      spad = padding;
      break;
    default:
      lpad = padding;
      break;
    }
  }
  std::string out;
  out.reserve(size_t(std::max<int64_t>(f.width, 0)) + grouped.size() +
              remainder.size() + pre.size() + 2);
  appendFill(out, f.fill, lpad);
  if (sign)
    out += sign;
  out += pre;
  appendFill(out, f.fill, spad);
  out += grouped;
  if (hasDecimal)
    out += '.';
  out += remainder;
  appendFill(out, f.fill, rpad);
  return out;
}

//===----------------------------------------------------------------------===//
// Integers (format_long_internal)
//===----------------------------------------------------------------------===//

/// An int given as its sign and the digits of its magnitude in a base.
std::string formatIntDigits(bool negative,
                            const std::function<std::string(int)> &digitsIn,
                            const Spec &f) {
  if (f.precision != -1)
    valueError("Precision not allowed in integer format specifier");
  if (f.noNeg0)
    valueError("Negative zero coercion (z) not allowed in integer format "
               "specifier");
  int base = 10;
  const char *prefix = "";
  switch (f.type) {
  case 'b':
    base = 2;
    prefix = "0b";
    break;
  case 'o':
    base = 8;
    prefix = "0o";
    break;
  case 'x':
  case 'X':
    base = 16;
    prefix = "0x";
    break;
  default:
    break;
  }
  return layoutNumber(f, negative ? '-' : 0, f.alternate ? prefix : "",
                      digitsIn(base), false, "", 0, f.type == 'X');
}

std::string formatInt(int64_t v, const Spec &f) {
  if (f.precision != -1)
    valueError("Precision not allowed in integer format specifier");
  if (f.noNeg0)
    valueError("Negative zero coercion (z) not allowed in integer format "
               "specifier");
  if (f.type == 'c') {
    if (f.sign)
      valueError("Sign not allowed with integer format specifier 'c'");
    if (f.alternate)
      valueError("Alternate form (#) not allowed with integer format "
                 "specifier 'c'");
    if (v < 0 || v > 0x10ffff)
      throw ParaxError("OverflowError", "%c arg not in range(0x110000)");
    std::string ch;
    appendUtf8(ch, char32_t(v));
    return layoutNumber(f, 0, "", "", false, ch, 1, false);
  }
  uint64_t mag = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  return formatIntDigits(v < 0, [mag](int base) {
    char buf[80];
    auto res = std::to_chars(buf, buf + sizeof buf, mag, base);
    return std::string(buf, res.ptr);
  }, f);
}

//===----------------------------------------------------------------------===//
// Floats (format_float_internal + PyOS_double_to_string)
//===----------------------------------------------------------------------===//

/// Digits of |v| as Gay's dtoa returns them: no leading or trailing zeros,
/// value = 0.DIGITS * 10^decpt. mode 0: shortest; 2: `nd` significant
/// digits; 3: `nd` digits after the point ("" with decpt = -nd when the
/// value rounds to zero).
std::pair<std::string, int> dtoa(double v, int mode, int nd) {
  if (v == 0)
    return {"0", 1};
  std::string s;
  if (mode == 3) {
    std::vector<char> buf(size_t(nd) + 400);
    auto res = std::to_chars(buf.data(), buf.data() + buf.size(), v,
                             std::chars_format::fixed, nd);
    s.assign(buf.data(), res.ptr);
    size_t dot = s.find('.');
    int decpt = int(dot == std::string::npos ? s.size() : dot);
    std::string digits;
    for (char c : s)
      if (c != '.')
        digits += c;
    size_t lead = digits.find_first_not_of('0');
    if (lead == std::string::npos)
      return {"", -nd};
    digits.erase(0, lead);
    decpt -= int(lead);
    digits.erase(digits.find_last_not_of('0') + 1);
    return {digits, decpt};
  }
  std::vector<char> buf(size_t(mode == 2 ? nd : 0) + 64);
  std::to_chars_result res =
      mode == 2 ? std::to_chars(buf.data(), buf.data() + buf.size(), v,
                                std::chars_format::scientific, nd - 1)
                : std::to_chars(buf.data(), buf.data() + buf.size(), v,
                                std::chars_format::scientific);
  s.assign(buf.data(), res.ptr);
  size_t e = s.find('e');
  std::string digits;
  for (size_t i = 0; i < e; ++i)
    if (s[i] != '.')
      digits += s[i];
  digits.erase(digits.find_last_not_of('0') + 1);
  if (digits.empty())
    digits = "0";
  return {digits, std::stoi(s.substr(e + 1)) + 1};
}

/// format_float_short: `code` is one of e f g r (upper-case variants give
/// "INF"/"NAN" and 'E').
std::string doubleToString(double val, char32_t code, int precision, bool alt,
                           bool addDot0, bool noNeg0) {
  const bool upper = code == 'E' || code == 'F' || code == 'G';
  char c = char(upper ? std::tolower(int(code)) : int(code));
  int mode = 0;
  switch (c) {
  case 'e':
    mode = 2;
    ++precision;
    break;
  case 'f':
    mode = 3;
    break;
  case 'g':
    mode = 2;
    if (precision == 0)
      precision = 1;
    break;
  default:
    mode = 0;
    break;
  }
  bool sign = std::signbit(val);
  if (std::isnan(val))
    return upper ? "NAN" : "nan";
  if (std::isinf(val))
    return std::string(sign ? "-" : "") + (upper ? "INF" : "inf");
  auto [digits, decpt] = dtoa(std::fabs(val), mode, precision);
  const int64_t nDigits = int64_t(digits.size());
  if (noNeg0 && sign && (digits.empty() || digits == "0"))
    sign = false;

  bool useExp = false;
  int64_t vEnd = nDigits;
  switch (c) {
  case 'e':
    useExp = true;
    vEnd = precision;
    break;
  case 'f':
    vEnd = int64_t(decpt) + precision;
    break;
  case 'g':
    if (decpt <= -4 || decpt > (addDot0 ? precision - 1 : precision))
      useExp = true;
    if (alt)
      vEnd = precision;
    break;
  default:
    if (decpt <= -4 || decpt > 16)
      useExp = true;
    break;
  }
  int exp = 0;
  int64_t dp = decpt;
  if (useExp) {
    exp = decpt - 1;
    dp = 1;
  }
  const int64_t vStart = dp <= 0 ? dp - 1 : 0;
  if (!useExp && addDot0)
    vEnd = std::max(vEnd, dp + 1);
  else
    vEnd = std::max(vEnd, dp);

  std::string out = sign ? "-" : "";
  if (dp <= 0) {
    out.append(size_t(dp - vStart), '0');
    out += '.';
    out.append(size_t(-dp), '0');
  } else {
    out.append(size_t(-vStart), '0');
  }
  if (0 < dp && dp <= nDigits) {
    out.append(digits, 0, size_t(dp));
    out += '.';
    out.append(digits, size_t(dp));
  } else {
    out += digits;
  }
  if (nDigits < dp) {
    out.append(size_t(dp - nDigits), '0');
    out += '.';
    out.append(size_t(vEnd - dp), '0');
  } else {
    out.append(size_t(vEnd - nDigits), '0');
  }
  if (out.back() == '.' && !alt)
    out.pop_back();
  if (useExp) {
    out += upper ? 'E' : 'e';
    out += exp < 0 ? '-' : '+';
    int ae = exp < 0 ? -exp : exp;
    if (ae < 10)
      out += '0';
    out += std::to_string(ae);
  }
  return out;
}

std::string formatFloat(double val, const Spec &f) {
  if (f.precision > INT_MAX)
    valueError("precision too big");
  // 'f' writes `precision` digits after the point, 'e'/'g' up to that many.
  HostMemory::require(std::max<int64_t>(f.precision, 0) * 3,
                      "the digits of a formatted float");
  char32_t type = f.type;
  int defaultPrecision = 6;
  bool addDot0 = false, addPct = false;
  if (type == 0) {
    // Like repr without a precision, else like 'g' with at least one
    // digit after the point.
    addDot0 = true;
    type = 'r';
    defaultPrecision = 0;
  }
  if (type == 'n')
    type = 'g';
  if (type == '%') {
    type = 'f';
    val *= 100;
    addPct = true;
  }
  int precision = int(f.precision);
  if (precision < 0)
    precision = defaultPrecision;
  else if (type == 'r')
    type = 'g';
  std::string buf =
      doubleToString(val, type, precision, f.alternate, addDot0, f.noNeg0);
  if (addPct)
    buf += '%';

  size_t pos = 0;
  char signChar = 0;
  if (buf[0] == '-') {
    signChar = '-';
    pos = 1;
  }
  size_t digitsEnd = pos;
  while (digitsEnd < buf.size() && buf[digitsEnd] >= '0' &&
         buf[digitsEnd] <= '9')
    ++digitsEnd;
  bool hasDecimal = digitsEnd < buf.size() && buf[digitsEnd] == '.';
  std::string remainder = buf.substr(digitsEnd + (hasDecimal ? 1 : 0));
  return layoutNumber(f, signChar, "", buf.substr(pos, digitsEnd - pos),
                      hasDecimal, remainder, int64_t(remainder.size()), false);
}

//===----------------------------------------------------------------------===//
// Strings (format_string_internal)
//===----------------------------------------------------------------------===//

std::string formatString(const std::string &value, const Spec &f) {
  if (f.sign == ' ')
    valueError("Space not allowed in string format specifier");
  if (f.sign)
    valueError("Sign not allowed in string format specifier");
  if (f.noNeg0)
    valueError("Negative zero coercion (z) not allowed in string format "
               "specifier");
  if (f.alternate)
    valueError("Alternate form (#) not allowed in string format specifier");
  if (f.align == '=')
    valueError("'=' alignment not allowed in string format specifier");
  requireField(f.fill, f.width);
  // Code points are counted on the UTF-8 bytes (no decoded copy); `bytes`
  // is where the first `len` of them end.
  int64_t len = 0;
  size_t bytes = 0;
  for (; bytes < value.size(); ++bytes)
    if ((static_cast<unsigned char>(value[bytes]) & 0xc0) != 0x80) {
      if (f.precision >= 0 && len == f.precision)
        break;
      ++len;
    }
  int64_t total = f.width >= 0 && f.width > len ? f.width : len;
  int64_t lpad = f.align == '>'   ? total - len
                 : f.align == '^' ? (total - len) / 2
                                  : 0;
  int64_t rpad = total - len - lpad;
  std::string out;
  out.reserve(bytes + size_t(total - len));
  appendFill(out, f.fill, lpad);
  out.append(value, 0, bytes);
  appendFill(out, f.fill, rpad);
  return out;
}

} // namespace

std::string applyFormatSpec(const FormatValue &value, std::string_view spec) {
  if (const auto *s = std::get_if<std::string>(&value.v)) {
    if (spec.empty())
      return *s;
    Spec f = parseSpec(spec, "str", 's', '<');
    if (f.type != 's')
      unknownCode(f.type, "str");
    return formatString(*s, f);
  }
  if (const auto *d = std::get_if<double>(&value.v)) {
    if (spec.empty())
      return pythonFloatRepr(*d);
    Spec f = parseSpec(spec, "float", 0, '>');
    if (!isOneOf(f.type, "eEfFgGn%"))
      unknownCode(f.type, "float");
    return formatFloat(*d, f);
  }
  if (const auto *b = std::get_if<BigIntDigits>(&value.v)) {
    if (spec.empty())
      return (b->negative ? "-" : "") + b->digits(10);
    Spec f = parseSpec(spec, "int", 'd', '>');
    if (f.type == 'c')
      throw ParaxError("OverflowError", "Python int too large to convert to C long");
    if (f.type != 0 && isOneOf(f.type, "bdoxXn"))
      return formatIntDigits(b->negative, b->digits, f);
    if (f.type != 0 && isOneOf(f.type, "eEfFgG%"))
      return formatFloat(b->toDouble(), f);
    unknownCode(f.type, "int");
  }
  const bool isBool = std::holds_alternative<bool>(value.v);
  const int64_t iv =
      isBool ? int64_t(std::get<bool>(value.v)) : std::get<int64_t>(value.v);
  const char *typeName = isBool ? "bool" : "int";
  if (spec.empty())
    return isBool ? (iv ? "True" : "False") : std::to_string(iv);
  Spec f = parseSpec(spec, typeName, 'd', '>');
  if (f.type != 0 && isOneOf(f.type, "bcdoxXn"))
    return formatInt(iv, f);
  if (f.type != 0 && isOneOf(f.type, "eEfFgG%"))
    return formatFloat(double(iv), f);
  unknownCode(f.type, typeName);
}

std::vector<FormatField> parseFormatTemplate(std::string_view tmpl) {
  std::vector<FormatField> fields;
  std::string literal;
  size_t pos = 0;
  const size_t end = tmpl.size();
  while (pos < end) {
    // Literal text up to the first '{' or '}'.
    const size_t start = pos;
    char c = 0;
    bool markup = false;
    while (pos < end) {
      c = tmpl[pos++];
      if (c == '{' || c == '}') {
        markup = true;
        break;
      }
    }
    const bool atEnd = pos >= end;
    size_t len = pos - start;
    if (markup && c == '}' && (atEnd || tmpl[pos] != '}'))
      valueError("Single '}' encountered in format string");
    if (markup && atEnd && c == '{')
      valueError("Single '{' encountered in format string");
    if (markup && !atEnd) {
      if (tmpl[pos] == c) {
        ++pos; // "{{" or "}}": one literal brace
        markup = false;
      } else {
        --len;
      }
    }
    literal.append(tmpl.substr(start, len));
    if (!markup)
      continue;

    // parse_field: name up to ':' '!' or '}', skipping [...] keys.
    FormatField field;
    field.hasField = true;
    char32_t conversion = 0;
    const size_t nameStart = pos;
    c = 0;
    while (pos < end) {
      c = tmpl[pos++];
      if (c == '{')
        valueError("unexpected '{' in field name");
      if (c == '[') {
        while (pos < end && tmpl[pos] != ']')
          ++pos;
        continue;
      }
      if (c == '}' || c == ':' || c == '!')
        break;
    }
    if (c != '}' && c != ':' && c != '!')
      valueError("expected '}' before end of string");
    field.name = std::string(tmpl.substr(nameStart, pos - 1 - nameStart));
    if (c == '!' || c == ':') {
      bool closed = false;
      if (c == '!') {
        if (pos >= end)
          valueError("end of string while looking for conversion specifier");
        // The conversion is one code point (validated below).
        const size_t convStart = pos;
        unsigned char lead = static_cast<unsigned char>(tmpl[pos]);
        pos += lead < 0x80         ? 1
               : (lead >> 5) == 6  ? 2
               : (lead >> 4) == 14 ? 3
                                   : 4;
        pos = std::min(pos, end);
        conversion = decodeUtf8(tmpl.substr(convStart, pos - convStart))[0];
        if (pos < end) {
          char n = tmpl[pos++];
          if (n == '}')
            closed = true;
          else if (n != ':')
            valueError("expected ':' after conversion specifier");
        }
      }
      if (!closed) {
        const size_t specStart = pos;
        int depth = 1;
        while (pos < end) {
          char s = tmpl[pos++];
          if (s == '{') {
            ++depth;
          } else if (s == '}' && --depth == 0) {
            closed = true;
            break;
          }
        }
        if (!closed)
          valueError("unmatched '{' in format spec");
        field.spec = std::string(tmpl.substr(specStart, pos - 1 - specStart));
      }
      if (c == '!') {
        if (conversion != 'r' && conversion != 's' && conversion != 'a') {
          std::string text = conversion > 32 && conversion < 127
                                 ? std::string(1, char(conversion))
                                 : hexEscape(conversion);
          valueError("Unknown conversion specifier " + text);
        }
        field.conversion = char(conversion);
      }
    }
    field.literalBefore = std::move(literal);
    literal.clear();
    fields.push_back(std::move(field));
  }
  if (!literal.empty()) {
    FormatField tail;
    tail.literalBefore = std::move(literal);
    fields.push_back(std::move(tail));
  }
  return fields;
}

} // namespace parax::frontend
