//===- LiteralTest.cpp - numbers, strings and f-strings -------------------===//
//
// Literal decoding: every Python escape, raw and triple-quoted strings,
// implicit concatenation, UTF-8 round trips, f-strings (conversions, specs
// with nested fields, `{x=}`, doubled braces, exact field locations), and
// number spellings, with the errors for what parax does not support.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Parser.h"
#include "ir/Diagnostics.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace parax;
using namespace parax::frontend;

namespace {

std::unique_ptr<Module> parse(const std::string &src) {
  return parseModule(SourceRegistry::add("lit.py", src));
}

/// Parses `x = <expr>` and returns the value (kept alive in `holder`).
const Expr *value(const std::string &expr, std::unique_ptr<Module> &holder) {
  holder = parse("x = " + expr + "\n");
  return cast<AssignStmt>(holder->body[0].get())->value.get();
}

std::string str(const std::string &expr) {
  std::unique_ptr<Module> m;
  const Expr *e = value(expr, m);
  EXPECT_EQ(e->kind, ExprKind::Constant) << expr;
  return e->kind == ExprKind::Constant ? cast<ConstantExpr>(e)->strValue : "";
}

const ConstantExpr *number(const std::string &expr,
                           std::unique_ptr<Module> &holder) {
  return cast<ConstantExpr>(value(expr, holder));
}

Diagnostic error(const std::string &src) {
  try {
    parse(src);
  } catch (const ParaxError &e) {
    return e.diag();
  }
  ADD_FAILURE() << "no error for: " << src;
  return {};
}

std::string dump(const std::string &src) {
  std::string d = dumpAst(*parse(src));
  return d.substr(d.find('\n') + 1);
}

} // namespace

//===----------------------------------------------------------------------===//
// Strings
//===----------------------------------------------------------------------===//

TEST(LiteralTest, SimpleEscapes) {
  EXPECT_EQ(str(R"('a\nb\tc\\d\'e\"f')"), "a\nb\tc\\d'e\"f");
  EXPECT_EQ(str(R"("\a\b\f\v\r")"), "\a\b\f\v\r");
  EXPECT_EQ(str(R"('\x41\x7a')"), "Az");
  EXPECT_EQ(str(R"('\101\0\7')"), std::string("A\0\a", 3));
  EXPECT_EQ(str(R"('\u00e9\u4e2d')"), "é中");
  EXPECT_EQ(str(R"('\U0001F600')"), "😀");
}

TEST(LiteralTest, UnknownEscapesKeepTheBackslash) {
  EXPECT_EQ(str(R"('\d\q\{')"), "\\d\\q\\{");
}

TEST(LiteralTest, LineContinuationInsideAString) {
  EXPECT_EQ(str("'ab\\\ncd'"), "abcd");
}

TEST(LiteralTest, RawStrings) {
  EXPECT_EQ(str(R"(r'\n\x41')"), "\\n\\x41");
  EXPECT_EQ(str(R"(R"a\"b")"), "a\\\"b");
  EXPECT_EQ(str(R"(u'plain')"), "plain");
}

TEST(LiteralTest, TripleQuotedStrings) {
  EXPECT_EQ(str("'''a 'quoted' \"x\"\nline2\n'''"),
            "a 'quoted' \"x\"\nline2\n");
  EXPECT_EQ(str("\"\"\"\"\"\""), "");
  // Windows line endings become '\n', as when Python reads the file.
  EXPECT_EQ(str("'''a\r\nb'''"), "a\nb");
}

TEST(LiteralTest, ImplicitConcatenation) {
  EXPECT_EQ(str("'a' \"b\" r'\\c'"), "ab\\c");
  std::unique_ptr<Module> m;
  const Expr *e = value("('a'\n     'b')", m);
  EXPECT_EQ(e->loc.line, 1u);
  EXPECT_EQ(e->loc.col, 6u);
  EXPECT_EQ(e->loc.endLine, 2u);
  EXPECT_EQ(e->loc.endCol, 9u);
}

TEST(LiteralTest, Utf8RoundTrips) {
  std::string text = "设备 {id} psum 后结果: {res} — ünïcödé 😀";
  EXPECT_EQ(str("\"" + text + "\""), text);
  EXPECT_EQ(str("'''" + text + "'''"), text);
  // The dump prints it unescaped, as Python's repr() does.
  EXPECT_EQ(dump("'中文'\n"), "  Expr @1:1\n    Constant '中文' @1:1\n");
}

TEST(LiteralTest, StringErrors) {
  Diagnostic d = error("x = 'a\\N{EM DASH}'\n");
  EXPECT_EQ(d.kind, "NotImplementedError");
  EXPECT_EQ(d.message, "\\N{...} escapes are not part of parax");
  EXPECT_EQ(d.loc.col, 7u);
  EXPECT_FALSE(d.hint.empty());

  d = error("x = 'ab\\x4'\n");
  EXPECT_EQ(d.kind, "SyntaxError");
  EXPECT_EQ(d.message, "(unicode error) truncated \\xXX escape");
  EXPECT_EQ(d.loc.col, 8u);

  d = error("x = '\\U00110000'\n");
  EXPECT_EQ(d.message, "(unicode error) illegal Unicode character");
}

//===----------------------------------------------------------------------===//
// f-strings
//===----------------------------------------------------------------------===//

TEST(LiteralTest, FStringParts) {
  EXPECT_EQ(dump("f\"a{x!r:>{w}.3f}b{y=}c{{d}}\" 'e' f'{z:.2f}'\n"),
            "  Expr @1:1\n"
            "    FString @1:1\n"
            "      literal 'a'\n"
            "      field !r\n"
            "        Name x @1:5\n"
            "        spec: FString @1:9\n"
            "          literal '>'\n"
            "          field\n"
            "            Name w @1:11\n"
            "          literal '.3f'\n"
            "      literal 'b'\n"
            "      field selfDoc='y='\n"
            "        Name y @1:19\n"
            "      literal 'c{d}e'\n"
            "      field\n"
            "        Name z @1:37\n"
            "        spec: FString @1:39\n"
            "          literal '.2f'\n");
}

TEST(LiteralTest, FStringFieldsAreFullExpressions) {
  std::unique_ptr<Module> m;
  auto *f = cast<FStringExpr>(
      value("f\"{d['k'] + g(1, n=2)!s} {a[1:2]} {x if c else y}\"", m));
  ASSERT_EQ(f->parts.size(), 5u);
  EXPECT_EQ(f->parts[0].value->kind, ExprKind::BinOp);
  EXPECT_EQ(f->parts[0].conversion, 's');
  EXPECT_EQ(f->parts[1].literal, " ");
  EXPECT_EQ(f->parts[2].value->kind, ExprKind::Subscript);
  EXPECT_EQ(f->parts[4].value->kind, ExprKind::IfExp);
  // Comparisons with '=' and '!' are not mistaken for `=` or a conversion.
  auto *g = cast<FStringExpr>(value("f'{a == b}{a != b}{a <= b}{a >= b}'", m));
  ASSERT_EQ(g->parts.size(), 4u);
  for (const FStringExpr::Part &p : g->parts) {
    EXPECT_EQ(p.value->kind, ExprKind::Compare);
    EXPECT_TRUE(p.selfDoc.empty());
    EXPECT_EQ(p.conversion, 0);
  }
}

TEST(LiteralTest, FStringSelfDocumentingFields) {
  std::unique_ptr<Module> m;
  auto *f = cast<FStringExpr>(value("f'{ x = !r:>8}{y=:.2f}'", m));
  ASSERT_EQ(f->parts.size(), 2u);
  EXPECT_EQ(f->parts[0].selfDoc, " x = ");
  EXPECT_EQ(f->parts[0].conversion, 'r');
  ASSERT_TRUE(f->parts[0].spec);
  EXPECT_EQ(f->parts[0].spec->parts[0].literal, ">8");
  EXPECT_EQ(f->parts[1].selfDoc, "y=");
  EXPECT_EQ(f->parts[1].conversion, 0);
}

TEST(LiteralTest, FStringLiteralPiecesAreDecoded) {
  std::unique_ptr<Module> m;
  auto *f = cast<FStringExpr>(value("f'a\\n{x}\\t\\x41{{'", m));
  ASSERT_EQ(f->parts.size(), 3u);
  EXPECT_EQ(f->parts[0].literal, "a\n");
  EXPECT_EQ(f->parts[2].literal, "\tA{");
  auto *r = cast<FStringExpr>(value("rf'\\n{x}'", m));
  EXPECT_EQ(r->parts[0].literal, "\\n");
  // Without fields an f-string is a plain constant.
  EXPECT_EQ(str("f'{{a}}'"), "{a}");
  // Only the f-prefixed pieces of a concatenation have fields.
  auto *c = cast<FStringExpr>(value("'{a}' f'{b}' '{c}'", m));
  ASSERT_EQ(c->parts.size(), 3u);
  EXPECT_EQ(c->parts[0].literal, "{a}");
  EXPECT_EQ(c->parts[2].literal, "{c}");
}

TEST(LiteralTest, FStringLocationsPointIntoTheFile) {
  auto m = parse("s = f'中文{a}'\n"
                 "t = f'''\n"
                 "  {b +\n"
                 "     c}'''\n");
  auto *s = cast<FStringExpr>(cast<AssignStmt>(m->body[0].get())->value.get());
  const Loc &a = s->parts[1].value->loc;
  EXPECT_EQ(a.line, 1u);
  EXPECT_EQ(a.col, 10u);
  EXPECT_EQ(a.file, m->file);
  auto *t = cast<FStringExpr>(cast<AssignStmt>(m->body[1].get())->value.get());
  auto *sum = cast<BinOpExpr>(t->parts[1].value.get());
  EXPECT_EQ(sum->loc.line, 3u);
  EXPECT_EQ(sum->loc.col, 4u);
  EXPECT_EQ(sum->rhs->loc.line, 4u);
  EXPECT_EQ(sum->rhs->loc.col, 6u);
}

TEST(LiteralTest, NestedFStrings) {
  std::unique_ptr<Module> m;
  auto *f = cast<FStringExpr>(value("f'''{f\"{x:>{w}}\"}'''", m));
  auto *inner = cast<FStringExpr>(f->parts[0].value.get());
  ASSERT_EQ(inner->parts.size(), 1u);
  EXPECT_EQ(inner->parts[0].spec->parts[1].value->kind, ExprKind::Name);
}

TEST(LiteralTest, FStringErrors) {
  struct Case {
    const char *src, *message;
    uint32_t col;
  } cases[] = {
      {"x = f'{}'\n", "f-string: valid expression required before '}'", 8},
      {"x = f'{ }'\n", "f-string: valid expression required before '}'", 9},
      {"x = f'}'\n", "f-string: single '}' is not allowed", 7},
      {"x = f'{a'\n", "f-string: expecting '}'", 7},
      {"x = f'{a!x}'\n",
       "f-string: invalid conversion character 'x': expected 's', 'r', or "
       "'a'",
       10},
      {"x = f'{a!}'\n", "f-string: missing conversion character", 10},
      {"x = f'{a!r x}'\n", "f-string: expecting '}'", 11},
      {"x = f'{a:{b:{c}}}'\n", "f-string: expressions nested too deeply", 13},
      {"x = f'{a#}'\n", "f-string expression part cannot include '#'", 9},
      {"x = f'{a)}'\n", "f-string: unmatched ')'", 9},
      {"x = f'{a b}'\n",
       "f-string: invalid syntax. Perhaps you forgot a "
       "comma?",
       10},
      {"x = f'{1 +}'\n",
       "f-string: invalid syntax: expected an expression after '+'", 11},
  };
  for (const Case &c : cases) {
    Diagnostic d = error(c.src);
    EXPECT_EQ(d.kind, "SyntaxError") << c.src;
    EXPECT_EQ(d.message, c.message) << c.src;
    EXPECT_EQ(d.loc.line, 1u) << c.src;
    EXPECT_EQ(d.loc.col, c.col) << c.src;
  }
  // Named errors inside fields keep their kind.
  EXPECT_EQ(error("x = f'{(y := 1)}'\n").kind, "NotImplementedError");
}

//===----------------------------------------------------------------------===//
// Numbers
//===----------------------------------------------------------------------===//

TEST(LiteralTest, Integers) {
  std::unique_ptr<Module> m;
  struct Case {
    const char *text;
    int64_t value;
  } cases[] = {{"0", 0},      {"00", 0},
               {"42", 42},    {"1_000_000", 1000000},
               {"0xFF", 255}, {"0x_ff", 255},
               {"0o17", 15},  {"0O7_7", 63},
               {"0b101", 5},  {"9223372036854775807", INT64_MAX}};
  for (const Case &c : cases) {
    const ConstantExpr *n = number(c.text, m);
    EXPECT_EQ(n->type, ConstantExpr::Type::Int) << c.text;
    EXPECT_EQ(n->intValue, c.value) << c.text;
  }
}

TEST(LiteralTest, Floats) {
  std::unique_ptr<Module> m;
  struct Case {
    const char *text;
    double value;
  } cases[] = {{"1.0", 1.0},    {"1e-3", 1e-3},      {".5", 0.5},
               {"5.", 5.0},     {"1_000.5", 1000.5}, {"1.e5", 1e5},
               {"2E+2", 200.0}, {"0e0", 0.0},        {"1e-400", 0.0}};
  for (const Case &c : cases) {
    const ConstantExpr *n = number(c.text, m);
    EXPECT_EQ(n->type, ConstantExpr::Type::Float) << c.text;
    EXPECT_EQ(n->floatValue, c.value) << c.text;
  }
  EXPECT_TRUE(std::isinf(number("1e400", m)->floatValue));
}

TEST(LiteralTest, FloatsDumpLikePythonRepr) {
  EXPECT_EQ(dump("[0.1, 1e16, 1e15, 1.5e-7, 0.0001, 123.456, 1e400, "
                 "123456789012345678.0]\n"),
            "  Expr @1:1\n"
            "    List @1:1\n"
            "      Constant 0.1 @1:2\n"
            "      Constant 1e+16 @1:7\n"
            "      Constant 1000000000000000.0 @1:13\n"
            "      Constant 1.5e-07 @1:19\n"
            "      Constant 0.0001 @1:27\n"
            "      Constant 123.456 @1:35\n"
            "      Constant inf @1:44\n"
            "      Constant 1.2345678901234568e+17 @1:51\n");
}

TEST(LiteralTest, NumberErrors) {
  Diagnostic d = error("x = 1 + 2j\n");
  EXPECT_EQ(d.kind, "NotImplementedError");
  EXPECT_EQ(d.message, "complex numbers are not part of parax");
  EXPECT_EQ(d.loc.col, 9u);
  EXPECT_EQ(error("x = 1.5J\n").kind, "NotImplementedError");

  // Ints beyond int64 are Python's big ints, not errors.
  parse("x = 9223372036854775808\n");
  parse("x = 0x1_0000_0000_0000_0000\n");

  d = error("x = 0777\n");
  EXPECT_EQ(d.message,
            "leading zeros in decimal integer literals are not permitted");
  EXPECT_EQ(d.hint, "use an 0o prefix for octal integers");
}
