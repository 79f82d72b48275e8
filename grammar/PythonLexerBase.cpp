//===- PythonLexerBase.cpp - Python's layout rules for the lexer ----------===//
//
// See PythonLexerBase.h for the algorithm. The raw tokens come from the
// generated ParaxLexer (whose token types this file uses); everything the
// parser sees passes through nextToken() below, which keeps a small queue of
// synthetic tokens (NEWLINE, INDENT, DEDENT) in front of the raw ones.
//
//===----------------------------------------------------------------------===//
#include "grammar/PythonLexerBase.h"

#include "ParaxLexer.h"

#include <cstdio>

using namespace antlr4;

namespace parax::grammar {

namespace {

/// Decodes the first code point of a UTF-8 string (0 if empty).
char32_t firstCodePoint(const std::string &s) {
  if (s.empty())
    return 0;
  unsigned char c = s[0];
  int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
  char32_t cp = n == 1   ? c
                : n == 2 ? (c & 0x1f)
                : n == 3 ? (c & 0x0f)
                         : (c & 0x07);
  for (int k = 1; k < n && size_t(k) < s.size(); ++k)
    cp = (cp << 6) | (char32_t(s[k]) & 0x3f);
  return cp;
}

std::string hexCodePoint(char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", unsigned(cp));
  return buf;
}

/// The ASCII character a full-width or typographic one stands for, or 0.
char asciiLookalike(char32_t cp) {
  if (cp >= 0xFF01 && cp <= 0xFF5E)
    return char(cp - 0xFEE0);
  switch (cp) {
  case 0x3001: // 、
    return ',';
  case 0x3002: // 。
    return '.';
  case 0x201C: // “
  case 0x201D: // ”
    return '"';
  case 0x2018: // ‘
  case 0x2019: // ’
    return '\'';
  default:
    return 0;
  }
}

char closerOf(char32_t open) {
  return open == '(' ? ')' : open == '[' ? ']' : '}';
}

const char *bracketWord(char32_t ch) {
  return (ch == '(' || ch == ')')   ? "parenthesis"
         : (ch == '[' || ch == ']') ? "bracket"
                                    : "brace";
}

} // namespace

void Utf8TokenFactory::setSource(const std::string *utf8) {
  utf8_ = utf8;
  offsets_.clear();
  bool ascii = true;
  for (unsigned char c : *utf8)
    ascii &= c < 0x80;
  if (ascii)
    return;
  for (size_t i = 0; i < utf8->size(); ++i)
    if ((static_cast<unsigned char>((*utf8)[i]) & 0xC0) != 0x80)
      offsets_.push_back(uint32_t(i));
  offsets_.push_back(uint32_t(utf8->size()));
}

std::unique_ptr<CommonToken>
Utf8TokenFactory::create(std::pair<TokenSource *, CharStream *> source,
                         size_t type, const std::string &text, size_t channel,
                         size_t start, size_t stop, size_t line,
                         size_t charPositionInLine) {
  auto t = std::make_unique<CommonToken>(source, type, channel, start, stop);
  t->setLine(line);
  t->setCharPositionInLine(charPositionInLine);
  if (!text.empty()) {
    t->setText(text);
  } else if (utf8_ && type != Token::EOF && stop >= start &&
             stop != INVALID_INDEX) {
    size_t b = start, e = stop + 1;
    if (!offsets_.empty()) {
      b = start < offsets_.size() ? offsets_[start] : utf8_->size();
      e = e < offsets_.size() ? offsets_[e] : utf8_->size();
    }
    if (b <= e && e <= utf8_->size())
      t->setText(utf8_->substr(b, e - b));
  }
  return t;
}

std::unique_ptr<CommonToken> Utf8TokenFactory::create(size_t type,
                                                      const std::string &text) {
  return std::make_unique<CommonToken>(type, text);
}

PythonLexerBase::PythonLexerBase(CharStream *input) : Lexer(input) {}

void PythonLexerBase::setUtf8Source(const std::string *utf8) {
  factory_.setSource(utf8);
  setTokenFactory(&factory_);
}

void PythonLexerBase::reset() {
  Lexer::reset();
  pending_.clear();
  indents_.assign(1, 0);
  altIndents_.assign(1, 0);
  brackets_.clear();
  lineHasTokens_ = false;
  atFileStart_ = true;
  sawIndent_ = false;
  done_ = false;
}

std::unique_ptr<Token> PythonLexerBase::nextToken() {
  while (pending_.empty()) {
    std::unique_ptr<Token> raw = Lexer::nextToken();
    switch (raw->getType()) {
    case ParaxLexer::NEWLINE:
      handleNewline(*raw);
      continue;
    case Token::EOF:
      handleEof(*raw);
      continue;
    case ParaxLexer::ERROR_CHAR:
      handleErrorChar(*raw);
    case ParaxLexer::UNTERMINATED_LONG_STRING:
      throw LexError("SyntaxError",
                     "unterminated triple-quoted string literal (detected at "
                     "line " +
                         std::to_string(lastLine()) + ")",
                     raw->getLine(), raw->getCharPositionInLine(), 3,
                     /*atEnd=*/true);
    case ParaxLexer::OPEN_PAREN:
    case ParaxLexer::OPEN_BRACK:
    case ParaxLexer::OPEN_BRACE:
      checkFirstLine(*raw);
      handleOpen(*raw);
      break;
    case ParaxLexer::CLOSE_PAREN:
    case ParaxLexer::CLOSE_BRACK:
    case ParaxLexer::CLOSE_BRACE:
      checkFirstLine(*raw);
      handleClose(*raw);
      break;
    default:
      checkFirstLine(*raw);
      break;
    }
    lineHasTokens_ = true;
    pending_.push_back(std::move(raw));
  }
  std::unique_ptr<Token> t = std::move(pending_.front());
  pending_.pop_front();
  return t;
}

void PythonLexerBase::emitSynthetic(size_t type, const std::string &text,
                                    size_t line, size_t col,
                                    size_t startIndex) {
  auto t = std::make_unique<CommonToken>(
      std::pair<TokenSource *, CharStream *>(this, _input), type,
      DEFAULT_TOKEN_CHANNEL, startIndex, startIndex + text.size() - 1);
  t->setText(text);
  t->setLine(line);
  t->setCharPositionInLine(col);
  pending_.push_back(std::move(t));
}

void PythonLexerBase::checkFirstLine(const Token &raw) {
  if (!atFileStart_)
    return;
  atFileStart_ = false;
  if (insideBrackets_ || raw.getLine() != 1 || raw.getCharPositionInLine() == 0)
    return;
  // Only blanks (not a byte-order mark) count as indentation.
  std::string before =
      _input->getText(misc::Interval(size_t(0), raw.getStartIndex() - 1));
  if (before.find_first_of(" \t\f") == std::string::npos)
    return;
  // The parser reports an INDENT here as "unexpected indent".
  emitSynthetic(ParaxLexer::INDENT, before, 1, raw.getCharPositionInLine(), 0);
}

void PythonLexerBase::handleNewline(const Token &raw) {
  if (insideBrackets_ || !brackets_.empty())
    return; // implicit line joining
  atFileStart_ = false;
  size_t la = _input->LA(1);
  bool blank = la == '\n' || la == '\r' || la == '#' || la == Token::EOF;
  if (lineHasTokens_) {
    emitSynthetic(ParaxLexer::NEWLINE, "\n", raw.getLine(),
                  raw.getCharPositionInLine(), raw.getStartIndex());
    lineHasTokens_ = false;
  }
  if (blank)
    return;

  // Measure the next line's indentation (CPython's tokenizer algorithm).
  std::string text = raw.getText();
  size_t wsStart = text.find('\n') + 1;
  size_t col = 0, alt = 0;
  for (size_t i = wsStart; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ') {
      ++col;
      ++alt;
    } else if (c == '\t') {
      col = (col / kTabSize + 1) * kTabSize;
      ++alt;
    } else if (c == '\f') {
      col = alt = 0;
    }
  }
  size_t line = raw.getLine() + 1;
  size_t tokCol = text.size() - wsStart;
  size_t index = raw.getStartIndex() + wsStart;
  auto tabError = [&] {
    return LexError("TabError",
                    "inconsistent use of tabs and spaces in indentation", line,
                    tokCol);
  };

  if (col == indents_.back()) {
    if (alt != altIndents_.back())
      throw tabError();
    return;
  }
  if (col > indents_.back()) {
    if (indents_.size() >= kMaxIndentLevels)
      throw LexError("IndentationError", "too many levels of indentation", line,
                     tokCol);
    if (alt <= altIndents_.back())
      throw tabError();
    indents_.push_back(col);
    altIndents_.push_back(alt);
    sawIndent_ = true;
    emitSynthetic(ParaxLexer::INDENT, text.substr(wsStart), line, tokCol,
                  index);
    return;
  }
  while (indents_.size() > 1 && col < indents_.back()) {
    indents_.pop_back();
    altIndents_.pop_back();
    emitSynthetic(ParaxLexer::DEDENT, "", line, tokCol, index);
  }
  if (col != indents_.back())
    throw LexError("IndentationError",
                   "unindent does not match any outer indentation level", line,
                   tokCol);
  if (alt != altIndents_.back())
    throw tabError();
}

void PythonLexerBase::handleEof(const Token &raw) {
  size_t line = raw.getLine(), col = raw.getCharPositionInLine();
  if (!done_) {
    if (!brackets_.empty()) {
      const Opener &o = brackets_.back();
      std::string ch(1, char(o.ch));
      throw LexError("SyntaxError", "'" + ch + "' was never closed", o.line,
                     o.col, 1, /*atEnd=*/true);
    }
    if (!insideBrackets_) {
      if (lineHasTokens_)
        emitSynthetic(ParaxLexer::NEWLINE, "\n", line, col,
                      raw.getStartIndex());
      while (indents_.size() > 1) {
        indents_.pop_back();
        altIndents_.pop_back();
        emitSynthetic(ParaxLexer::DEDENT, "", line, col, raw.getStartIndex());
      }
    }
    lineHasTokens_ = false;
    done_ = true;
  }
  emitSynthetic(Token::EOF, "<EOF>", line, col, raw.getStartIndex());
}

void PythonLexerBase::handleOpen(const Token &raw) {
  if (brackets_.size() >= kMaxBracketDepth)
    throw LexError("SyntaxError", "too many nested parentheses", raw.getLine(),
                   raw.getCharPositionInLine());
  brackets_.push_back({firstCodePoint(raw.getText()), raw.getLine(),
                       raw.getCharPositionInLine()});
}

void PythonLexerBase::handleClose(const Token &raw) {
  char32_t ch = firstCodePoint(raw.getText());
  std::string closeText(1, char(ch));
  if (brackets_.empty())
    throw LexError("SyntaxError", "unmatched '" + closeText + "'",
                   raw.getLine(), raw.getCharPositionInLine());
  const Opener &o = brackets_.back();
  if (closerOf(o.ch) != char(ch)) {
    std::string msg = std::string("closing ") + bracketWord(ch) + " '" +
                      closeText + "' does not match opening " +
                      bracketWord(o.ch) + " '" + char(o.ch) + "'";
    if (o.line != raw.getLine())
      msg += " on line " + std::to_string(o.line);
    throw LexError("SyntaxError", msg, raw.getLine(),
                   raw.getCharPositionInLine());
  }
  brackets_.pop_back();
}

size_t PythonLexerBase::lastLine() {
  size_t n = _input->size();
  size_t line = 1;
  if (n == 0)
    return line;
  std::string all = _input->getText(misc::Interval(size_t(0), n - 1));
  for (char c : all)
    line += c == '\n';
  if (all.back() == '\n')
    --line;
  return line;
}

void PythonLexerBase::handleErrorChar(const Token &raw) {
  std::string text = raw.getText();
  char32_t cp = firstCodePoint(text);
  size_t line = raw.getLine(), col = raw.getCharPositionInLine();

  if (cp == '\'' || cp == '"')
    throw LexError("SyntaxError",
                   "unterminated string literal (detected at line " +
                       std::to_string(line) + ")",
                   line, col);
  if (cp == '\\') {
    if (_input->LA(1) == Token::EOF)
      throw LexError("SyntaxError", "unexpected end of file after '\\'", line,
                     col, 1, /*atEnd=*/true);
    throw LexError("SyntaxError",
                   "unexpected character after line continuation character",
                   line, col);
  }
  if (cp < 0x80 && cp >= 0x20 && cp != 0x7f)
    throw LexError("SyntaxError",
                   "invalid syntax: unexpected character '" + text + "'", line,
                   col);
  if (cp < 0xA0 || cp == 0xA0 || cp == 0x3000 || cp == 0xFEFF ||
      (cp >= 0x2000 && cp <= 0x200F) || cp == 0x2028 || cp == 0x2029)
    throw LexError("SyntaxError",
                   "invalid non-printable character " + hexCodePoint(cp), line,
                   col);
  LexError e("SyntaxError",
             "invalid character '" + text + "' (" + hexCodePoint(cp) + ")",
             line, col);
  if (char a = asciiLookalike(cp))
    e.hint = "write the ASCII character '" + std::string(1, a) + "' instead";
  throw e;
}

} // namespace parax::grammar
