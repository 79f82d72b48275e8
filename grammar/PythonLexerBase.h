//===- PythonLexerBase.h - Python's layout rules for the lexer --*- C++ -*-===//
//
// The superclass of the generated ParaxLexer. The grammar's rules produce
// raw tokens (a NEWLINE token carries the line break plus the next line's
// indentation); nextToken() post-processes them the way CPython's tokenizer
// does:
//
//   1. Inside (), [] and {} line breaks are dropped (implicit joining).
//   2. Blank and comment-only lines produce nothing; a logical line ends
//      with exactly one NEWLINE.
//   3. The indentation of each logical line (tabs to the next multiple of
//      8, as CPython) is compared with a stack: deeper pushes and emits
//      INDENT, shallower pops and emits one DEDENT per level, and a level
//      that matches no outer one is an IndentationError. Tabs and spaces
//      that compare differently at tab size 8 and 1 are a TabError.
//   4. At end of input the last line gets its NEWLINE and all open blocks
//      are closed with DEDENTs.
//
// Problems no grammar rule can describe well (unterminated strings, stray
// characters, unbalanced brackets, bad indentation) are thrown as LexError;
// the front end turns them into user diagnostics.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "antlr4-runtime.h"

#include <cstddef>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace parax::grammar {

/// A tokenizer error: the Python exception kind ("SyntaxError",
/// "IndentationError", "TabError"), a message, and where it happened.
class LexError : public std::runtime_error {
public:
  /// `line` is 1-based, `col` 0-based in code points (as ANTLR tokens).
  LexError(std::string kind, const std::string &message, size_t line,
           size_t col, size_t length = 1, bool atEnd = false)
      : std::runtime_error(message), kind_(std::move(kind)), line_(line),
        col_(col), length_(length), atEnd_(atEnd) {}

  const std::string &kind() const { return kind_; }
  size_t line() const { return line_; }
  size_t col() const { return col_; }
  /// Number of code points the error's caret should underline.
  size_t length() const { return length_; }
  /// True when more input could fix it (an open bracket or triple-quoted
  /// string, a trailing backslash): the REPL then asks for more lines.
  bool atEnd() const { return atEnd_; }

  /// A suggestion shown under the error ("" if none).
  std::string hint;

private:
  std::string kind_;
  size_t line_, col_, length_;
  bool atEnd_;
};

/// Creates tokens whose text is sliced from the UTF-8 source once, instead
/// of being re-encoded from ANTLR's UTF-32 buffer on every getText().
class Utf8TokenFactory : public antlr4::TokenFactory<antlr4::CommonToken> {
public:
  /// `utf8` must outlive the lexing; it is the text the char stream holds.
  void setSource(const std::string *utf8);

  std::unique_ptr<antlr4::CommonToken>
  create(std::pair<antlr4::TokenSource *, antlr4::CharStream *> source,
         size_t type, const std::string &text, size_t channel, size_t start,
         size_t stop, size_t line, size_t charPositionInLine) override;
  std::unique_ptr<antlr4::CommonToken> create(size_t type,
                                              const std::string &text) override;

private:
  const std::string *utf8_ = nullptr;
  /// Byte offset of each code point (empty when the source is ASCII).
  std::vector<uint32_t> offsets_;
};

/// Base class of ParaxLexer: INDENT/DEDENT emission and line joining.
class PythonLexerBase : public antlr4::Lexer {
public:
  /// CPython's limits: 100 indentation levels, 200 nested brackets.
  static constexpr size_t kMaxIndentLevels = 100;
  static constexpr size_t kMaxBracketDepth = 200;
  /// Columns per tab stop when measuring indentation.
  static constexpr size_t kTabSize = 8;

  explicit PythonLexerBase(antlr4::CharStream *input);

  std::unique_ptr<antlr4::Token> nextToken() override;
  void reset() override;

  /// Lexes the input as if it were inside brackets: no NEWLINE, INDENT or
  /// DEDENT at all. Used for the replacement fields of f-strings.
  void setInsideBrackets(bool on) { insideBrackets_ = on; }

  /// Whether an INDENT was emitted so far (the input opened a block).
  bool sawIndent() const { return sawIndent_; }
  /// The brackets that would close the ones still open, innermost first
  /// ("])" after "f([1"); the REPL closes them to see whether an
  /// unfinished line is already wrong.
  std::string closingBrackets() const {
    std::string out;
    for (auto it = brackets_.rbegin(); it != brackets_.rend(); ++it)
      out += it->ch == '(' ? ')' : it->ch == '[' ? ']' : '}';
    return out;
  }

  /// Gives the lexer the UTF-8 text its char stream was built from, so
  /// that token texts are sliced from it (see Utf8TokenFactory).
  void setUtf8Source(const std::string *utf8);

private:
  /// An open bracket waiting for its closing partner.
  struct Opener {
    char32_t ch;
    size_t line, col;
  };

  void handleNewline(const antlr4::Token &raw);
  void handleEof(const antlr4::Token &raw);
  [[noreturn]] void handleErrorChar(const antlr4::Token &raw);
  void handleOpen(const antlr4::Token &raw);
  void handleClose(const antlr4::Token &raw);
  /// Emits INDENT if the first line of the file is indented.
  void checkFirstLine(const antlr4::Token &raw);

  /// Queues a synthetic token of `type` at (line, col).
  void emitSynthetic(size_t type, const std::string &text, size_t line,
                     size_t col, size_t startIndex);
  /// The number of the last line of the input (for "detected at line N").
  size_t lastLine();

  Utf8TokenFactory factory_;
  std::deque<std::unique_ptr<antlr4::Token>> pending_;
  std::vector<size_t> indents_{0};    ///< Tab size 8.
  std::vector<size_t> altIndents_{0}; ///< Tab size 1 (TabError check).
  std::vector<Opener> brackets_;
  bool lineHasTokens_ = false;
  bool atFileStart_ = true;
  bool insideBrackets_ = false;
  bool sawIndent_ = false;
  bool done_ = false;
};

} // namespace parax::grammar
