//===- Tokens.h - the token stream, for debugging and tests -----*- C++ -*-===//
//
// A printable view of what the parser sees after PythonLexerBase's layout
// processing (NEWLINE, INDENT, DEDENT), one token per line:
//
//   1:1 NAME 'x'
//   1:3 '='
//   1:5 NUMBER '1'
//   1:6 NEWLINE
//   2:1 EOF
//
// Implemented in Parser.cpp; keeps ANTLR types out of its users.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace parax::frontend {

/// Lexes `text` and prints its tokens (line:col is 1-based, in code
/// points; a newline inside a token's text prints as `\n`). Throws
/// ParaxError for tokenizer errors.
std::string dumpTokens(const std::string &text);

} // namespace parax::frontend
