//===- LexerTest.cpp - tokens, layout and tokenizer errors ----------------===//
//
// The lexer as the parser sees it (dumpTokens): NEWLINE/INDENT/DEDENT
// emission, implicit and explicit line joining, blank and comment lines,
// tabs, code-point columns, and the tokenizer's errors with their
// positions.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Tokens.h"
#include "ir/Diagnostics.h"

#include <gtest/gtest.h>

using namespace parax;
using parax::frontend::dumpTokens;

namespace {

/// The token types only (no positions or texts), space-separated.
std::string types(const std::string &src) {
  std::string dump = dumpTokens(src), out;
  size_t pos = 0;
  while (pos < dump.size()) {
    size_t eol = dump.find('\n', pos);
    std::string line = dump.substr(pos, eol - pos);
    pos = eol + 1;
    line = line.substr(line.find(' ') + 1); // drop line:col
    line = line.substr(0, line.find(' '));  // drop the text
    out += (out.empty() ? "" : " ") + line;
  }
  return out;
}

/// The tokenizer error for `src` (fails the test if there is none).
Diagnostic lexError(const std::string &src) {
  try {
    dumpTokens(src);
  } catch (const ParaxError &e) {
    return e.diag();
  }
  ADD_FAILURE() << "no error for: " << src;
  return {};
}

} // namespace

TEST(LexerTest, SimpleStatement) {
  EXPECT_EQ(dumpTokens("x = 1\n"), "1:1 NAME x\n"
                                   "1:3 '='\n"
                                   "1:5 NUMBER 1\n"
                                   "1:6 NEWLINE\n"
                                   "2:1 EOF\n");
}

TEST(LexerTest, MissingFinalNewlineIsAdded) {
  EXPECT_EQ(types("x"), "NAME NEWLINE EOF");
  EXPECT_EQ(types(""), "EOF");
  EXPECT_EQ(types("\n\n  \n# only a comment\n"), "EOF");
}

TEST(LexerTest, BlankAndCommentLinesProduceNothing) {
  EXPECT_EQ(types("a\n\n# c\n   # indented comment\n\t\nb\n"),
            "NAME NEWLINE NAME NEWLINE EOF");
  EXPECT_EQ(types("a  # trailing\n"), "NAME NEWLINE EOF");
}

TEST(LexerTest, IndentAndNestedDedents) {
  std::string src = "if a:\n"
                    "    if b:\n"
                    "        if c:\n"
                    "            x = 1\n"
                    "# comment at column 0 does not dedent\n"
                    "\n"
                    "y = 2\n";
  EXPECT_EQ(types(src), "'if' NAME ':' NEWLINE INDENT "
                        "'if' NAME ':' NEWLINE INDENT "
                        "'if' NAME ':' NEWLINE INDENT "
                        "NAME '=' NUMBER NEWLINE "
                        "DEDENT DEDENT DEDENT NAME '=' NUMBER NEWLINE EOF");
  // The DEDENTs sit at the first token of the dedented line.
  std::string dump = dumpTokens(src);
  EXPECT_NE(dump.find("7:1 DEDENT\n7:1 DEDENT\n7:1 DEDENT\n7:1 NAME y"),
            std::string::npos)
      << dump;
  EXPECT_NE(dump.find("2:5 INDENT"), std::string::npos) << dump;
}

TEST(LexerTest, PartialDedent) {
  EXPECT_EQ(types("if a:\n  if b:\n    x\n  y\nz\n"),
            "'if' NAME ':' NEWLINE INDENT 'if' NAME ':' NEWLINE INDENT "
            "NAME NEWLINE DEDENT NAME NEWLINE DEDENT NAME NEWLINE EOF");
}

TEST(LexerTest, EndOfFileClosesOpenBlocks) {
  EXPECT_EQ(types("def f():\n  if x:\n    return 1"),
            "'def' NAME '(' ')' ':' NEWLINE INDENT 'if' NAME ':' NEWLINE "
            "INDENT 'return' NUMBER NEWLINE DEDENT DEDENT EOF");
}

TEST(LexerTest, ImplicitLineJoiningInsideBrackets) {
  // No NEWLINE or INDENT inside (), [] or {}, whatever the indentation.
  EXPECT_EQ(types("x = (1,\n        2,\n  3)\ny = [\n]\nz = {\n 'a':\n1}\n"),
            "NAME '=' '(' NUMBER ',' NUMBER ',' NUMBER ')' NEWLINE "
            "NAME '=' '[' ']' NEWLINE "
            "NAME '=' '{' STRING ':' NUMBER '}' NEWLINE EOF");
  // Comments and blank lines inside brackets are fine too.
  EXPECT_EQ(types("f(a,  # first\n\n  b)\n"),
            "NAME '(' NAME ',' NAME ')' NEWLINE EOF");
}

TEST(LexerTest, BackslashContinuation) {
  EXPECT_EQ(types("x = 1 + \\\n    2\ny\n"),
            "NAME '=' NUMBER '+' NUMBER NEWLINE NAME NEWLINE EOF");
  EXPECT_EQ(types("if a and \\\n   b:\n  pass\n"),
            "'if' NAME 'and' NAME ':' NEWLINE INDENT 'pass' NEWLINE DEDENT "
            "EOF");
}

TEST(LexerTest, WindowsAndOldMacLineEndings) {
  EXPECT_EQ(
      types("if a:\r\n  x\r\ny\r\n"),
      "'if' NAME ':' NEWLINE INDENT NAME NEWLINE DEDENT NAME NEWLINE EOF");
  EXPECT_EQ(types("a\rb\r"), "NAME NEWLINE NAME NEWLINE EOF");
}

TEST(LexerTest, TabsCountToTheNextMultipleOfEight) {
  // A tab at the start of a line is 8 columns; consistent use is fine.
  EXPECT_EQ(types("if a:\n\tif b:\n\t\tx\n\ty\n"),
            "'if' NAME ':' NEWLINE INDENT 'if' NAME ':' NEWLINE INDENT NAME "
            "NEWLINE DEDENT NAME NEWLINE DEDENT EOF");
  // Tab then spaces: still consistent when compared both ways.
  EXPECT_EQ(
      types("if a:\n\t  x\n\t  y\n"),
      "'if' NAME ':' NEWLINE INDENT NAME NEWLINE NAME NEWLINE DEDENT EOF");
}

TEST(LexerTest, TabError) {
  // One tab and eight spaces are the same column at tab size 8 but not 1.
  Diagnostic d = lexError("if a:\n\tx\n        y\n");
  EXPECT_EQ(d.kind, "TabError");
  EXPECT_EQ(d.message, "inconsistent use of tabs and spaces in indentation");
  EXPECT_EQ(d.loc.line, 3u);
  EXPECT_EQ(d.loc.col, 9u);
}

TEST(LexerTest, UnindentMismatch) {
  Diagnostic d = lexError("if a:\n    x\n  y\n");
  EXPECT_EQ(d.kind, "IndentationError");
  EXPECT_EQ(d.message, "unindent does not match any outer indentation level");
  EXPECT_EQ(d.loc.line, 3u);
  EXPECT_EQ(d.loc.col, 3u);
}

TEST(LexerTest, TooManyIndentationLevels) {
  std::string src;
  for (int i = 0; i < 101; ++i)
    src += std::string(size_t(i), ' ') + "if x:\n";
  src += std::string(101, ' ') + "pass\n";
  Diagnostic d = lexError(src);
  EXPECT_EQ(d.kind, "IndentationError");
  EXPECT_EQ(d.message, "too many levels of indentation");
}

TEST(LexerTest, FirstLineIndentIsAnIndentToken) {
  // The parser reports it as "unexpected indent".
  EXPECT_EQ(types("  x\n"), "INDENT NAME NEWLINE EOF");
  // A byte-order mark is not indentation.
  EXPECT_EQ(types("\xEF\xBB\xBFx = 1\n"), "NAME '=' NUMBER NEWLINE EOF");
}

TEST(LexerTest, ColumnsCountCodePoints) {
  // Each CJK character is one column (not three bytes).
  std::string dump = dumpTokens("s = '中文'; 变量 = 1\n");
  EXPECT_NE(dump.find("1:5 STRING '中文'"), std::string::npos) << dump;
  EXPECT_NE(dump.find("1:9 ';'"), std::string::npos) << dump;
  EXPECT_NE(dump.find("1:11 NAME 变量"), std::string::npos) << dump;
  EXPECT_NE(dump.find("1:14 '='"), std::string::npos) << dump;
}

TEST(LexerTest, KeywordsAndSoftKeywords) {
  EXPECT_EQ(types("match = print\n"), "NAME '=' NAME NEWLINE EOF");
  EXPECT_EQ(types("not None is True\n"),
            "'not' 'None' 'is' 'True' NEWLINE EOF");
  EXPECT_EQ(types("async await yield class\n"),
            "'async' 'await' 'yield' 'class' NEWLINE EOF");
}

TEST(LexerTest, NumbersAndStrings) {
  EXPECT_EQ(types("0x_ff 0o17 0b1 1_000 1e-3 .5 1. 1_000.5 2j\n"),
            "NUMBER NUMBER NUMBER NUMBER NUMBER NUMBER NUMBER NUMBER NUMBER "
            "NEWLINE EOF");
  EXPECT_EQ(types("r'a' f\"b\" rb'c' Rf'd' u'e' '''f\n''' \"g\\\"\"\n"),
            "STRING STRING STRING STRING STRING STRING STRING NEWLINE EOF");
  // A triple-quoted string spans lines without NEWLINE tokens.
  std::string dump = dumpTokens("s = \"\"\"a\nb\"\"\"\nt = 1\n");
  EXPECT_NE(dump.find("3:1 NAME t"), std::string::npos) << dump;
}

TEST(LexerTest, Operators) {
  EXPECT_EQ(types("a **= b // c -> d := e ... f != g <<= h @= i\n"),
            "NAME '**=' NAME '//' NAME '->' NAME ':=' NAME '...' NAME '!=' "
            "NAME '<<=' NAME '@=' NAME NEWLINE EOF");
}

TEST(LexerTest, UnterminatedStrings) {
  Diagnostic d = lexError("x = 'abc\ny = 1\n");
  EXPECT_EQ(d.kind, "SyntaxError");
  EXPECT_EQ(d.message, "unterminated string literal (detected at line 1)");
  EXPECT_EQ(d.loc.line, 1u);
  EXPECT_EQ(d.loc.col, 5u);

  d = lexError("x = 1\ns = \"\"\"abc\n\nmore\n");
  EXPECT_EQ(d.message,
            "unterminated triple-quoted string literal (detected at line 4)");
  EXPECT_EQ(d.loc.line, 2u);
  EXPECT_EQ(d.loc.col, 5u);
}

TEST(LexerTest, StrayCharacters) {
  Diagnostic d = lexError("x = a $ b\n");
  EXPECT_EQ(d.kind, "SyntaxError");
  EXPECT_EQ(d.message, "invalid syntax: unexpected character '$'");
  EXPECT_EQ(d.loc.col, 7u);

  // Full-width punctuation (common with CJK input methods) gets a hint.
  d = lexError("f(a，b)\n");
  EXPECT_EQ(d.message, "invalid character '，' (U+FF0C)");
  EXPECT_EQ(d.loc.col, 4u);
  EXPECT_EQ(d.hint, "write the ASCII character ',' instead");

  d = lexError("x = 1\xC2\xA0+ 2\n");
  EXPECT_EQ(d.message, "invalid non-printable character U+00A0");

  d = lexError("x = 1 \\ 2\n");
  EXPECT_EQ(d.message,
            "unexpected character after line continuation character");
}

TEST(LexerTest, UnbalancedBrackets) {
  Diagnostic d = lexError("x = (1,\n  2\ny = 3\n");
  EXPECT_EQ(d.message, "'(' was never closed");
  EXPECT_EQ(d.loc.line, 1u);
  EXPECT_EQ(d.loc.col, 5u);

  d = lexError("x = [1, 2)\n");
  EXPECT_EQ(d.message,
            "closing parenthesis ')' does not match opening bracket '['");
  EXPECT_EQ(d.loc.col, 10u);

  d = lexError("x = {\n1: 2]\n");
  EXPECT_EQ(d.message, "closing bracket ']' does not match opening brace "
                       "'{' on line 1");

  d = lexError("x = 1)\n");
  EXPECT_EQ(d.message, "unmatched ')'");
  EXPECT_EQ(d.loc.col, 6u);
}

TEST(LexerTest, TooManyNestedParentheses) {
  EXPECT_NO_THROW(dumpTokens("x = " + std::string(200, '(') + "1" +
                             std::string(200, ')') + "\n"));
  Diagnostic d = lexError("x = " + std::string(201, '[') + "1" +
                          std::string(201, ']') + "\n");
  EXPECT_EQ(d.message, "too many nested parentheses");
  EXPECT_EQ(d.loc.col, 205u);
}

TEST(LexerTest, BadBytes) {
  Diagnostic d = lexError(std::string("x = 1\ny\0 = 2\n", 13));
  EXPECT_EQ(d.message, "source code cannot contain null bytes");
  EXPECT_EQ(d.loc.line, 2u);
  EXPECT_EQ(d.loc.col, 2u);

  d = lexError("s = '\xff'\n");
  EXPECT_EQ(d.message, "source is not valid UTF-8 (byte 0xff)");
  EXPECT_EQ(d.loc.col, 6u);
  // Overlong encodings and surrogates are invalid too.
  EXPECT_EQ(lexError("'\xC0\xAF'\n").kind, "SyntaxError");
  EXPECT_EQ(lexError("'\xED\xA0\x80'\n").kind, "SyntaxError");
}
