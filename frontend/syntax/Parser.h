//===- Parser.h - source text to AST ----------------------------*- C++ -*-===//
//
// The front door of the front end: runs the ANTLR lexer/parser generated from
// grammar/ and converts the parse tree to the AST (frontend/syntax/Ast.h). Syntax
// errors, indentation errors and constructs outside the subset are thrown as
// ParaxError with file:line:col and a message saying what was expected.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/syntax/Ast.h"

#include <memory>
#include <string>

namespace parax::frontend {

/// Parses the whole registered source `fileId` (see SourceRegistry).
/// Throws ParaxError (kind "SyntaxError", "IndentationError", or
/// "NotImplementedError" for constructs outside the subset, e.g.
/// "classes are not part of parax").
std::unique_ptr<Module> parseModule(uint32_t fileId);

/// For the REPL: whether `text` is a complete input, needs more lines (an
/// open bracket, a trailing ':' block header, an unterminated triple-quoted
/// string, a block that has not been closed by an empty line), or is
/// already invalid (parse it to get the error).
enum class InputState { Complete, Incomplete, Invalid };
InputState classifyInput(const std::string &text);

} // namespace parax::frontend
