//===- SyntaxErrors.h - syntax errors in plain words ------------*- C++ -*-===//
//
// Turns what ANTLR and the layout lexer report into ParaxErrors a Python
// user can act on. ANTLR describes an error as an offending token plus the
// set of token types that would have been valid; SyntaxErrorStrategy maps
// the common shapes of that pair to the wording CPython uses ("expected
// ':'", "expected an indented block after 'if' statement on line 3",
// "invalid syntax. Perhaps you forgot a comma?", ...), and otherwise to a
// short list of the expected tokens by name. It stops at the first error:
// parax reports one syntax error per run, as CPython does.
//
// Part of parax_parser: only the parser library sees these ANTLR types.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "grammar/PythonLexerBase.h"
#include "ir/Diagnostics.h"

#include "antlr4-runtime.h"

namespace parax::frontend {

/// The source range of a token (columns 1-based, end exclusive).
Loc tokenLoc(const antlr4::Token *t, uint32_t file);

/// Converts a tokenizer error to the user-facing error.
ParaxError lexErrorToParax(const grammar::LexError &e, uint32_t file);

/// An error strategy that throws the first syntax error as a ParaxError
/// ("SyntaxError" or "IndentationError") instead of recovering.
class SyntaxErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  /// `insideBrackets`: the text being parsed is the inside of brackets (an
  /// f-string field).
  SyntaxErrorStrategy(uint32_t file, bool insideBrackets)
      : file_(file), insideBrackets_(insideBrackets) {}

  void reportError(antlr4::Parser *parser,
                   const antlr4::RecognitionException &e) override;
  antlr4::Token *recoverInline(antlr4::Parser *parser) override;
  void recover(antlr4::Parser *parser, std::exception_ptr e) override;

  /// Whether the error that was thrown could be fixed by more input (the
  /// input stopped inside a block header or before its body): the REPL then
  /// asks for another line instead of reporting it.
  bool errorAtEnd() const { return errorAtEnd_; }

protected:
  void reportUnwantedToken(antlr4::Parser *parser) override;
  void reportMissingToken(antlr4::Parser *parser) override;

private:
  /// Builds the message for `offending` given the `expected` token types
  /// and throws it.
  [[noreturn]] void fail(antlr4::Parser *parser, antlr4::Token *offending,
                         const antlr4::misc::IntervalSet &expected);

  uint32_t file_;
  bool insideBrackets_;
  bool errorAtEnd_ = false;
};

} // namespace parax::frontend
