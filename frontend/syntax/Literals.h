//===- Literals.h - number, string and f-string literals --------*- C++ -*-===//
//
// Decoding of literal tokens into AST values, independent of ANTLR: number
// spellings (`0x_ff`, `1_000.5`, `1e-3`), string bodies with all of
// Python's escapes, and the splitting of f-strings into literal pieces and
// replacement fields (`{x!r:>{w}}`, `{x=}`, `{{`). The expression text of a
// field is handed to a callback (AstBuilder sub-parses it) together with its
// position in the original file, so locations inside f-strings are exact.
//
// Errors are thrown as ParaxError with the location of the offending
// character.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/syntax/Ast.h"

#include <functional>
#include <string>
#include <string_view>

namespace parax::frontend {

/// A position in a source file: 1-based line and column (code points).
struct SrcPos {
  uint32_t line = 1;
  uint32_t col = 1;
};

/// One string token split into its prefix flags and its body.
struct StringPieces {
  bool raw = false;
  bool fstring = false;
  bool bytes = false;
  std::string body; ///< The text between the quotes, undecoded.
  SrcPos bodyStart; ///< Where the body begins in the file.
};

/// Splits the text of a STRING token that starts at `start`.
StringPieces splitStringToken(const std::string &tokenText, SrcPos start);

/// Decodes the escapes of a non-raw string body (`\n`, `\x41`, `\u00e9`,
/// octal, line continuation ...); unknown escapes keep their backslash as
/// in Python. `bodyStart` locates errors such as a truncated `\x` escape.
std::string decodeEscapes(std::string_view body, SrcPos bodyStart,
                          uint32_t file);

/// Converts a NUMBER token to an int or float ConstantExpr. Throws for
/// imaginary literals, ints beyond 64 bits and decimal leading zeros.
ExprPtr numberLiteral(const std::string &text, Loc loc);

/// Parses the expression text of an f-string field that starts at `pos`.
using FieldParser = std::function<ExprPtr(const std::string &text, SrcPos pos)>;

/// Splits an f-string body into parts (literal pieces are decoded unless
/// `raw`), appending them to `out`. `parseField` builds each field's
/// expression.
void splitFString(const StringPieces &s, uint32_t file,
                  const FieldParser &parseField,
                  std::vector<FStringExpr::Part> &out);

/// Appends `part` to `parts`, merging adjacent literal pieces and dropping
/// empty ones.
void appendPart(std::vector<FStringExpr::Part> &parts, FStringExpr::Part part);

/// Advances `pos` over the UTF-8 text `s` (newlines start a new line).
SrcPos advance(SrcPos pos, std::string_view s);

} // namespace parax::frontend
