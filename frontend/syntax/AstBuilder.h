//===- AstBuilder.h - ANTLR parse tree to AST -------------------*- C++ -*-===//
//
// Internal to parax_parser (with Parser.cpp and SyntaxErrors.cpp, the only
// code that sees ANTLR types). ParseRun owns one lexer/parser pass over a
// text; AstBuilder walks the resulting parse tree and produces the AST of
// frontend/syntax/Ast.h, reporting constructs outside the subset as named errors
// and the semantic syntax errors CPython reports at compile time (invalid
// assignment targets, argument order, 'return' outside function ...).
//
// The builder is split over two files: AstBuilder.cpp (statements,
// parameters, assignment targets) and AstExprBuilder.cpp (expressions,
// literals, f-strings).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/syntax/Ast.h"
#include "frontend/syntax/Literals.h"

#include "ParaxParser.h"

#include <memory>
#include <set>
#include <string>

namespace parax::frontend {

using grammar::ParaxParser;

/// `t` as a rule context, or null for a token. Cheaper than dynamic_cast,
/// which walks the class hierarchy comparing type names.
inline antlr4::ParserRuleContext *asRule(antlr4::tree::ParseTree *t) {
  return typeid(*t) == typeid(antlr4::tree::TerminalNodeImpl)
             ? nullptr
             : static_cast<antlr4::ParserRuleContext *>(t);
}

/// `t` as a token node, or null for a rule context.
inline antlr4::tree::TerminalNode *asToken(antlr4::tree::ParseTree *t) {
  return typeid(*t) == typeid(antlr4::tree::TerminalNodeImpl)
             ? dynamic_cast<antlr4::tree::TerminalNode *>(t)
             : nullptr;
}

/// One lexer + parser pass over a text. The parse tree it returns lives as
/// long as the ParseRun. Errors are thrown as ParaxError.
class ParseRun {
public:
  /// `text` is lexed as if it started at (`line`, `col0`) (0-based column)
  /// of `file`; `insideBrackets` lexes it as the inside of brackets (for
  /// f-string fields: no NEWLINE/INDENT tokens).
  ParseRun(const std::string &text, uint32_t file, size_t line = 1,
           size_t col0 = 0, bool insideBrackets = false);
  ~ParseRun();

  /// Parses a whole module (rule file_input).
  ParaxParser::File_inputContext *parseFile();
  /// Parses an f-string replacement field (rule fstring_expr).
  ParaxParser::Fstring_exprContext *parseFieldExpr();

  /// After a ParaxError from the lexer: whether the input ended inside a
  /// bracket, a triple-quoted string or after a backslash (REPL: more
  /// lines are needed, even after an empty one).
  bool lexErrorAtEnd() const;
  /// After a ParaxError from the parser: whether it happened at the end of
  /// the input, in a block header or before a block body (REPL: more lines
  /// are needed unless an empty line was entered).
  bool parseErrorAtEnd() const;
  /// Whether the lexer opened an indented block.
  bool sawIndent() const;
  /// After a lexer error at the end: the brackets that close the open ones.
  std::string closingBrackets() const;

  /// The ANTLR objects (Parser.cpp).
  struct Impl;

private:
  std::unique_ptr<Impl> impl_;
};

/// Builds the AST from a parse tree. One builder per module parse.
class AstBuilder {
public:
  /// Expressions nested deeper than this, and if statements with this many
  /// elif clauses, are a SyntaxError (keeps every recursive walk of the
  /// AST, including its destructor, off the stack limit).
  static constexpr uint32_t kMaxExprDepth = 1000;

  explicit AstBuilder(uint32_t file) : file_(file) {}

  std::unique_ptr<Module> buildModule(ParaxParser::File_inputContext *ctx);

private:
  using Ctx = antlr4::ParserRuleContext;

  //===--- Locations ------------------------------------------------------===//
  Loc loc(antlr4::Token *t) const;
  Loc loc(antlr4::tree::TerminalNode *n) const { return loc(n->getSymbol()); }
  /// From the start of `ctx` to the end of its last token.
  Loc loc(Ctx *ctx) const;
  /// From the start of `a` to the end of `b`.
  static Loc span(const Loc &a, const Loc &b);
  [[noreturn]] void unsupported(const Loc &l, const std::string &msg,
                                const std::string &hint = {}) const;
  [[noreturn]] void syntaxError(const Loc &l, const std::string &msg,
                                const std::string &hint = {}) const;

  //===--- Statements (AstBuilder.cpp) ------------------------------------===//
  void buildStmt(ParaxParser::StmtContext *ctx, Block &out);
  void buildSimpleStmts(ParaxParser::Simple_stmtsContext *ctx, Block &out);
  StmtPtr buildSimpleStmt(ParaxParser::Simple_stmtContext *ctx);
  StmtPtr buildExprStmt(ParaxParser::Expr_stmtContext *ctx);
  StmtPtr buildCompound(ParaxParser::Compound_stmtContext *ctx);
  Block buildSuite(ParaxParser::SuiteContext *ctx);
  Block buildLoopSuite(ParaxParser::SuiteContext *ctx);
  /// An if statement with its elif and else clauses (elifs nest).
  StmtPtr buildIf(ParaxParser::If_stmtContext *ctx);
  StmtPtr buildFor(ParaxParser::For_stmtContext *ctx);
  StmtPtr buildWith(ParaxParser::With_stmtContext *ctx);
  StmtPtr buildFuncDef(ParaxParser::FuncdefContext *ctx,
                       std::vector<ExprPtr> decorators);
  StmtPtr buildClassDef(ParaxParser::ClassdefContext *ctx,
                        std::vector<ExprPtr> decorators);
  StmtPtr buildImportName(ParaxParser::Import_nameContext *ctx);
  StmtPtr buildImportFrom(ParaxParser::Import_fromContext *ctx);
  StmtPtr buildTry(ParaxParser::Try_stmtContext *ctx);
  /// global/nonlocal SyntaxErrors of one scope (params null: the module).
  void checkScopeDecls(const Parameters *params, const Block &body);
  void checkNonlocalBindings(const Block &body,
                             std::vector<std::set<std::string>> &enclosing);
  [[noreturn]] void rejectAsync(ParaxParser::Async_stmtContext *ctx);
  /// The parameters of a def (typedargslist) or lambda (varargslist).
  Parameters buildParams(Ctx *list);

  /// Where a target expression appears (selects CPython's message).
  enum class TargetUse { Assign, AugAssign, AnnAssign, Delete, For, With };
  /// Checks that `e` can be assigned to (or deleted).
  void checkTarget(const Expr *e, TargetUse use, bool inSequence = false);

  //===--- Expressions (AstExprBuilder.cpp) -------------------------------===//
  /// Builds any expression rule; skips single-child wrapper rules and
  /// enforces kMaxExprDepth.
  ExprPtr expr(Ctx *ctx);
  ExprPtr exprNode(Ctx *ctx);
  ExprPtr buildTest(ParaxParser::TestContext *ctx);
  /// `or`/`and`/`not`/comparisons: a flat rule nested by precedence.
  ExprPtr buildLogic(ParaxParser::Or_testContext *ctx);
  /// Bitwise, arithmetic and unary operators: a flat rule nested by
  /// precedence (shunting-yard).
  ExprPtr buildArith(ParaxParser::ExprContext *ctx);
  ExprPtr buildAtomExpr(ParaxParser::Atom_exprContext *ctx);
  ExprPtr buildAtom(ParaxParser::AtomContext *ctx);
  ExprPtr buildDisplay(ParaxParser::AtomContext *ctx,
                       ParaxParser::Testlist_compContext *inner, ExprKind kind);
  ExprPtr buildBraces(ParaxParser::AtomContext *ctx);
  /// A comma-separated list: one element without a trailing comma is the
  /// element itself, anything else a TupleExpr.
  ExprPtr buildTupleList(Ctx *ctx);
  ExprPtr buildSubscript(ParaxParser::Subscript_Context *ctx);
  ExprPtr buildLambda(ParaxParser::LambdefContext *ctx);
  void buildCall(CallExpr &call, ParaxParser::ArglistContext *args);
  std::vector<Comprehension>
  buildComprehension(ParaxParser::Comp_forContext *ctx);
  ExprPtr buildStrings(ParaxParser::AtomContext *ctx);
  /// Parses the text of an f-string field (a sub-parse) into an expression.
  ExprPtr buildFieldExpr(const std::string &text, SrcPos pos);
  /// Accounts for `levels` extra nesting created by folding a chain at
  /// `where`; throws beyond kMaxExprDepth.
  void addDepth(uint32_t levels, const Loc &where);
  /// expr(), also returning the depth of the built tree.
  ExprPtr exprWithDepth(Ctx *ctx, uint32_t &depth);
  /// Returns `depth`; throws beyond kMaxExprDepth.
  uint32_t checkDepth(uint32_t depth, const Loc &where) const;

  uint32_t file_;
  int functionDepth_ = 0; ///< Inside a def or lambda body.
  int loopDepth_ = 0;     ///< Inside a for/while body (reset by def).
  /// The innermost def's or lambda's isGenerator flag, which a `yield`
  /// sets (null at module and class level: `yield` is an error there).
  bool *yieldOwner_ = nullptr;
  /// Inside a comprehension ("list comprehension" ...), where `yield` is
  /// an error; null elsewhere (reset by def and lambda).
  const char *comprehension_ = nullptr;
  /// Builds a comprehension's parts with `yield` rejected in them.
  template <typename F> void inComprehension(const char *kind, F &&build) {
    const char *saved = comprehension_;
    comprehension_ = kind;
    build();
    comprehension_ = saved;
  }
  /// Per expression under construction: the depth of its deepest child.
  std::vector<uint32_t> depthStack_;
};

} // namespace parax::frontend
