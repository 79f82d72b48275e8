//===- AstBuilder.cpp - parse tree to AST: statements ---------------------===//
//
// Statements, blocks, parameters and assignment targets. Each grammar rule
// maps to one AST node as in CPython's `ast` module; `elif` chains become
// nested IfStmts. Constructs outside the subset are reported at once, with
// the keyword's location and a hint (see unsupported()). Compile-time
// errors of CPython ('return' outside function, 'break' outside loop,
// invalid targets, parameter order) are SyntaxErrors here too.
//
// Statement locations span from the first token to the end of the last
// statement of the last block (CPython's end_lineno/end_col_offset).
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/AstBuilder.h"

#include "frontend/syntax/SyntaxErrors.h"
#include "ir/Diagnostics.h"

#include <functional>
#include <set>

namespace parax::frontend {

using P = ParaxParser;

namespace {

/// Extends `l` to the end of the last statement of `block`.
Loc extendTo(Loc l, const Block &block) {
  if (!block.empty()) {
    l.endLine = block.back()->loc.endLine;
    l.endCol = block.back()->loc.endCol;
  }
  return l;
}

BinOpKind augOp(size_t tokenType) {
  switch (tokenType) {
  case P::ADD_ASSIGN:
    return BinOpKind::Add;
  case P::SUB_ASSIGN:
    return BinOpKind::Sub;
  case P::MULT_ASSIGN:
    return BinOpKind::Mul;
  case P::AT_ASSIGN:
    return BinOpKind::MatMul;
  case P::DIV_ASSIGN:
    return BinOpKind::Div;
  case P::MOD_ASSIGN:
    return BinOpKind::Mod;
  case P::AND_ASSIGN:
    return BinOpKind::BitAnd;
  case P::OR_ASSIGN:
    return BinOpKind::BitOr;
  case P::XOR_ASSIGN:
    return BinOpKind::BitXor;
  case P::LEFT_SHIFT_ASSIGN:
    return BinOpKind::LShift;
  case P::RIGHT_SHIFT_ASSIGN:
    return BinOpKind::RShift;
  case P::POWER_ASSIGN:
    return BinOpKind::Pow;
  default:
    return BinOpKind::FloorDiv;
  }
}

/// CPython's name for an expression that cannot be a target.
std::string describeExpr(const Expr *e) {
  switch (e->kind) {
  case ExprKind::Constant:
    switch (cast<ConstantExpr>(e)->type) {
    case ConstantExpr::Type::None:
      return "None";
    case ConstantExpr::Type::Bool:
      return cast<ConstantExpr>(e)->boolValue ? "True" : "False";
    case ConstantExpr::Type::Ellipsis:
      return "ellipsis";
    default:
      return "literal";
    }
  case ExprKind::FString:
    return "f-string expression";
  case ExprKind::BinOp:
  case ExprKind::UnaryOp:
  case ExprKind::BoolOp:
    return "expression";
  case ExprKind::Compare:
    return "comparison";
  case ExprKind::IfExp:
    return "conditional expression";
  case ExprKind::Call:
    return "function call";
  case ExprKind::Lambda:
    return "lambda";
  case ExprKind::ListComp:
    return cast<ListCompExpr>(e)->isGenerator ? "generator expression"
                                              : "list comprehension";
  case ExprKind::DictComp:
    return "dict comprehension";
  case ExprKind::Dict:
    return "dict literal";
  case ExprKind::Set:
    return "set display";
  case ExprKind::Slice:
    return "slice";
  case ExprKind::Starred:
    return "starred";
  case ExprKind::Yield:
    return "yield expression";
  case ExprKind::Tuple:
    return "tuple";
  case ExprKind::List:
    return "list";
  default:
    return "expression";
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Locations and errors
//===----------------------------------------------------------------------===//

Loc AstBuilder::loc(antlr4::Token *t) const { return tokenLoc(t, file_); }

Loc AstBuilder::loc(Ctx *ctx) const {
  Loc a = loc(ctx->getStart());
  antlr4::Token *stop = ctx->getStop();
  if (!stop || stop->getTokenIndex() < ctx->getStart()->getTokenIndex())
    return a;
  return span(a, loc(stop));
}

Loc AstBuilder::span(const Loc &a, const Loc &b) {
  Loc r = a;
  r.endLine = b.endLine;
  r.endCol = b.endCol;
  return r;
}

void AstBuilder::unsupported(const Loc &l, const std::string &msg,
                             const std::string &hint) const {
  throw ParaxError("NotImplementedError", msg, l, hint);
}

void AstBuilder::syntaxError(const Loc &l, const std::string &msg,
                             const std::string &hint) const {
  throw ParaxError("SyntaxError", msg, l, hint);
}

//===----------------------------------------------------------------------===//
// Modules and blocks
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> AstBuilder::buildModule(P::File_inputContext *ctx) {
  auto m = std::make_unique<Module>();
  m->file = file_;
  for (P::StmtContext *s : ctx->stmt())
    buildStmt(s, m->body);
  checkScopeDecls(nullptr, m->body);
  std::vector<std::set<std::string>> enclosing;
  checkNonlocalBindings(m->body, enclosing);
  return m;
}

void AstBuilder::buildStmt(P::StmtContext *ctx, Block &out) {
  if (P::Simple_stmtsContext *s = ctx->simple_stmts())
    buildSimpleStmts(s, out);
  else
    out.push_back(buildCompound(ctx->compound_stmt()));
}

void AstBuilder::buildSimpleStmts(P::Simple_stmtsContext *ctx, Block &out) {
  for (P::Simple_stmtContext *s : ctx->simple_stmt())
    out.push_back(buildSimpleStmt(s));
}

Block AstBuilder::buildSuite(P::SuiteContext *ctx) {
  Block b;
  if (P::Simple_stmtsContext *s = ctx->simple_stmts())
    buildSimpleStmts(s, b);
  else
    for (P::StmtContext *s : ctx->stmt())
      buildStmt(s, b);
  return b;
}

Block AstBuilder::buildLoopSuite(P::SuiteContext *ctx) {
  ++loopDepth_;
  Block b = buildSuite(ctx);
  --loopDepth_;
  return b;
}

//===----------------------------------------------------------------------===//
// Simple statements
//===----------------------------------------------------------------------===//

StmtPtr AstBuilder::buildSimpleStmt(P::Simple_stmtContext *ctx) {
  Loc l = loc(ctx);
  if (P::Expr_stmtContext *c = ctx->expr_stmt())
    return buildExprStmt(c);
  if (P::Del_stmtContext *c = ctx->del_stmt()) {
    auto s = std::make_unique<DeleteStmt>(l);
    for (antlr4::tree::ParseTree *child : c->exprlist()->children)
      if (auto *e = asRule(child)) {
        s->targets.push_back(expr(e));
        checkTarget(s->targets.back().get(), TargetUse::Delete);
      }
    return s;
  }
  if (ctx->pass_stmt())
    return std::make_unique<SimpleStmt>(StmtKind::Pass, l);
  if (ctx->break_stmt()) {
    if (loopDepth_ == 0)
      syntaxError(l, "'break' outside loop");
    return std::make_unique<SimpleStmt>(StmtKind::Break, l);
  }
  if (ctx->continue_stmt()) {
    if (loopDepth_ == 0)
      syntaxError(l, "'continue' not properly in loop");
    return std::make_unique<SimpleStmt>(StmtKind::Continue, l);
  }
  if (P::Return_stmtContext *c = ctx->return_stmt()) {
    if (functionDepth_ == 0)
      syntaxError(l, "'return' outside function");
    ExprPtr value;
    if (c->testlist_star_expr())
      value = buildTupleList(c->testlist_star_expr());
    return std::make_unique<ReturnStmt>(l, std::move(value));
  }
  if (P::Raise_stmtContext *c = ctx->raise_stmt()) {
    auto s = std::make_unique<RaiseStmt>(l);
    if (!c->test().empty())
      s->exc = expr(c->test(0));
    if (c->test().size() > 1)
      s->cause = expr(c->test(1));
    return s;
  }
  if (ctx->global_stmt() || ctx->nonlocal_stmt()) {
    bool global = ctx->global_stmt() != nullptr;
    if (!global && functionDepth_ == 0)
      syntaxError(l, "nonlocal declaration not allowed at module level");
    auto s = std::make_unique<ScopeDeclStmt>(
        global ? StmtKind::Global : StmtKind::Nonlocal, l);
    auto names = global ? ctx->global_stmt()->NAME() : ctx->nonlocal_stmt()->NAME();
    for (antlr4::tree::TerminalNode *n : names) {
      s->names.push_back(n->getText());
      s->nameLocs.push_back(loc(n));
    }
    return s;
  }
  if (P::Assert_stmtContext *c = ctx->assert_stmt()) {
    auto s = std::make_unique<AssertStmt>(l);
    s->test = expr(c->test(0));
    if (c->test().size() > 1)
      s->msg = expr(c->test(1));
    return s;
  }
  P::Import_stmtContext *imp = ctx->import_stmt();
  if (P::Import_nameContext *c = imp->import_name())
    return buildImportName(c);
  return buildImportFrom(imp->import_from());
}

StmtPtr AstBuilder::buildExprStmt(P::Expr_stmtContext *ctx) {
  Loc l = loc(ctx);
  // The operands in order: target(s) and value, skipping '=' tokens.
  std::vector<Ctx *> items;
  for (antlr4::tree::ParseTree *child : ctx->children)
    if (auto *c = asRule(child))
      if (c->getRuleIndex() != P::RuleAnnassign &&
          c->getRuleIndex() != P::RuleAugassign)
        items.push_back(c);

  if (P::AnnassignContext *ann = ctx->annassign()) {
    auto s = std::make_unique<AnnAssignStmt>(l);
    s->target = expr(items[0]);
    checkTarget(s->target.get(), TargetUse::AnnAssign);
    s->annotation = expr(ann->test());
    if (ann->children.size() > 2)
      s->value = expr(asRule(ann->children[3]));
    return s;
  }
  if (P::AugassignContext *aug = ctx->augassign()) {
    ExprPtr target = expr(items[0]);
    checkTarget(target.get(), TargetUse::AugAssign);
    return std::make_unique<AugAssignStmt>(l, std::move(target),
                                           augOp(aug->getStart()->getType()),
                                           expr(items[1]));
  }
  if (items.size() == 1) {
    ExprPtr value = expr(items[0]);
    if (value->kind == ExprKind::Starred)
      syntaxError(value->loc, "can't use starred expression here");
    return std::make_unique<ExprStmt>(l, std::move(value));
  }
  auto s = std::make_unique<AssignStmt>(l);
  for (size_t i = 0; i + 1 < items.size(); ++i) {
    s->targets.push_back(expr(items[i]));
    checkTarget(s->targets.back().get(), TargetUse::Assign);
  }
  s->value = expr(items.back());
  return s;
}

void AstBuilder::checkTarget(const Expr *e, TargetUse use, bool inSequence) {
  switch (e->kind) {
  case ExprKind::Name:
  case ExprKind::Attribute:
  case ExprKind::Subscript:
    return;
  case ExprKind::Tuple:
  case ExprKind::List: {
    std::string what = describeExpr(e);
    if (use == TargetUse::AugAssign)
      syntaxError(e->loc, "'" + what +
                              "' is an illegal expression for augmented "
                              "assignment");
    if (use == TargetUse::AnnAssign)
      syntaxError(e->loc,
                  "only single target (not " + what + ") can be annotated");
    int starred = 0;
    for (const ExprPtr &elt : cast<SequenceExpr>(e)->elts) {
      starred += elt->kind == ExprKind::Starred;
      checkTarget(elt.get(), use, /*inSequence=*/true);
      if (starred > 1)
        syntaxError(elt->loc, "multiple starred expressions in assignment");
    }
    return;
  }
  case ExprKind::Starred:
    if (use == TargetUse::Delete)
      syntaxError(e->loc, "cannot delete starred");
    if (use == TargetUse::AugAssign || use == TargetUse::AnnAssign ||
        !inSequence)
      syntaxError(e->loc,
                  "starred assignment target must be in a list or tuple");
    checkTarget(cast<StarredExpr>(e)->value.get(), use);
    return;
  default:
    break;
  }
  std::string what = describeExpr(e);
  switch (use) {
  case TargetUse::AugAssign:
    syntaxError(e->loc, "'" + what +
                            "' is an illegal expression for augmented "
                            "assignment");
  case TargetUse::AnnAssign:
    syntaxError(e->loc, "illegal target for annotation");
  case TargetUse::Delete:
    syntaxError(e->loc, "cannot delete " + what);
  case TargetUse::Assign:
    if (!inSequence && (what == "function call" || what == "literal" ||
                        what == "expression" || what == "comparison"))
      syntaxError(e->loc, "cannot assign to " + what +
                              " here. Maybe you meant '==' instead of '='?");
    [[fallthrough]];
  default:
    syntaxError(e->loc, "cannot assign to " + what);
  }
}

StmtPtr AstBuilder::buildImportName(P::Import_nameContext *ctx) {
  auto s = std::make_unique<ImportStmt>(loc(ctx));
  for (P::Dotted_as_nameContext *d : ctx->dotted_as_names()->dotted_as_name())
    s->names.push_back({loc(d), d->dotted_name()->getText(),
                        d->NAME() ? d->NAME()->getText() : ""});
  return s;
}

StmtPtr AstBuilder::buildImportFrom(P::Import_fromContext *ctx) {
  if (!ctx->import_dot().empty())
    unsupported(loc(ctx->import_dot(0)),
                "relative imports are not part of parax",
                "import the modules parax provides by name (jax, numpy, "
                "math, time, functools)");
  auto s = std::make_unique<ImportFromStmt>(loc(ctx));
  s->module = ctx->dotted_name()->getText();
  s->moduleLoc = loc(ctx->dotted_name());
  if (ctx->STAR()) {
    if (functionDepth_ > 0)
      syntaxError(loc(ctx->STAR()), "import * only allowed at module level");
    s->names.push_back({loc(ctx->STAR()), "*", ""});
    return s;
  }
  for (P::Import_as_nameContext *a : ctx->import_as_names()->import_as_name())
    s->names.push_back({loc(a), a->NAME(0)->getText(),
                        a->NAME().size() > 1 ? a->NAME(1)->getText() : ""});
  return s;
}

//===----------------------------------------------------------------------===//
// Compound statements
//===----------------------------------------------------------------------===//

StmtPtr AstBuilder::buildCompound(P::Compound_stmtContext *ctx) {
  if (P::If_stmtContext *c = ctx->if_stmt())
    return buildIf(c);
  if (P::While_stmtContext *c = ctx->while_stmt()) {
    auto s = std::make_unique<WhileStmt>(loc(c->WHILE()));
    s->test = expr(c->namedexpr_test());
    s->body = buildLoopSuite(c->suite());
    if (c->else_clause())
      s->orelse = buildSuite(c->else_clause()->suite());
    s->loc = extendTo(extendTo(s->loc, s->body), s->orelse);
    return s;
  }
  if (P::For_stmtContext *c = ctx->for_stmt())
    return buildFor(c);
  if (P::Try_stmtContext *c = ctx->try_stmt())
    return buildTry(c);
  if (P::With_stmtContext *c = ctx->with_stmt())
    return buildWith(c);
  if (P::FuncdefContext *c = ctx->funcdef())
    return buildFuncDef(c, {});
  if (P::ClassdefContext *c = ctx->classdef())
    return buildClassDef(c, {});
  if (P::Async_stmtContext *c = ctx->async_stmt())
    rejectAsync(c);
  P::DecoratedContext *d = ctx->decorated();
  std::vector<ExprPtr> decorators;
  for (P::DecoratorContext *dec : d->decorator())
    decorators.push_back(expr(dec->namedexpr_test()));
  if (P::ClassdefContext *c = d->classdef())
    return buildClassDef(c, std::move(decorators));
  if (P::Async_stmtContext *c = d->async_stmt())
    rejectAsync(c);
  return buildFuncDef(d->funcdef(), std::move(decorators));
}

StmtPtr AstBuilder::buildIf(P::If_stmtContext *ctx) {
  // Build the if and each elif flat (elif chains can be long), then nest
  // every elif into the orelse of the one before it.
  std::vector<std::unique_ptr<IfStmt>> chain;
  chain.push_back(std::make_unique<IfStmt>(loc(ctx->getStart())));
  chain.back()->test = expr(ctx->namedexpr_test());
  chain.back()->body = buildSuite(ctx->suite());
  std::vector<P::Elif_clauseContext *> elifs = ctx->elif_clause();
  // Each elif nests one level deeper in the AST.
  if (elifs.size() >= kMaxExprDepth)
    syntaxError(loc(elifs[kMaxExprDepth - 1]->ELIF()),
                "too many elif clauses in one if statement",
                "look the case up in a dict or a list instead");
  for (P::Elif_clauseContext *e : elifs) {
    chain.push_back(std::make_unique<IfStmt>(loc(e->ELIF())));
    chain.back()->test = expr(e->namedexpr_test());
    chain.back()->body = buildSuite(e->suite());
  }
  if (P::Else_clauseContext *orelse = ctx->else_clause())
    chain.back()->orelse = buildSuite(orelse->suite());
  for (size_t i = chain.size(); i-- > 0;) {
    IfStmt &s = *chain[i];
    s.loc = extendTo(extendTo(s.loc, s.body), s.orelse);
    if (i > 0)
      chain[i - 1]->orelse.push_back(std::move(chain[i]));
  }
  return std::move(chain.front());
}

StmtPtr AstBuilder::buildFor(P::For_stmtContext *ctx) {
  auto s = std::make_unique<ForStmt>(loc(ctx->FOR()));
  s->target = buildTupleList(ctx->exprlist());
  checkTarget(s->target.get(), TargetUse::For);
  s->iter = buildTupleList(ctx->testlist_star_expr());
  s->body = buildLoopSuite(ctx->suite());
  if (ctx->else_clause())
    s->orelse = buildSuite(ctx->else_clause()->suite());
  s->loc = extendTo(extendTo(s->loc, s->body), s->orelse);
  return s;
}

StmtPtr AstBuilder::buildWith(P::With_stmtContext *ctx) {
  auto s = std::make_unique<WithStmt>(loc(ctx->WITH()));
  for (P::With_itemContext *item : ctx->with_item()) {
    WithItem w;
    w.context = expr(item->test());
    if (item->expr()) {
      w.target = expr(item->expr());
      checkTarget(w.target.get(), TargetUse::With);
    }
    s->items.push_back(std::move(w));
  }
  s->body = buildSuite(ctx->suite());
  s->loc = extendTo(s->loc, s->body);
  return s;
}

StmtPtr AstBuilder::buildClassDef(P::ClassdefContext *ctx, std::vector<ExprPtr> decorators) {
  auto c = std::make_unique<ClassDefStmt>(loc(ctx->CLASS()));
  c->name = ctx->NAME()->getText();
  c->nameLoc = loc(ctx->NAME());
  c->decorators = std::move(decorators);
  if (P::ArglistContext *args = ctx->arglist()) {
    // The bases are a call's argument list: class C(A, B, metaclass=M).
    CallExpr call(c->loc);
    buildCall(call, args);
    c->bases = std::move(call.args);
    c->keywords = std::move(call.keywords);
  }
  // A class body is not a function: return/yield stay invalid, loops reset.
  int savedLoops = loopDepth_, savedFunctions = functionDepth_;
  bool *savedOwner = yieldOwner_;
  const char *savedComp = comprehension_;
  loopDepth_ = functionDepth_ = 0;
  yieldOwner_ = nullptr;
  comprehension_ = nullptr;
  c->body = buildSuite(ctx->suite());
  loopDepth_ = savedLoops;
  functionDepth_ = savedFunctions;
  yieldOwner_ = savedOwner;
  comprehension_ = savedComp;
  c->loc = extendTo(c->loc, c->body);
  return c;
}

StmtPtr AstBuilder::buildFuncDef(P::FuncdefContext *ctx,
                                 std::vector<ExprPtr> decorators) {
  auto f = std::make_unique<FunctionDefStmt>(loc(ctx->DEF()));
  f->name = ctx->NAME()->getText();
  f->nameLoc = loc(ctx->NAME());
  f->decorators = std::move(decorators);
  if (ctx->typedargslist())
    f->params = buildParams(ctx->typedargslist());
  if (ctx->test())
    expr(ctx->test()); // the return annotation: checked, then ignored
  int savedLoops = loopDepth_;
  bool *savedOwner = yieldOwner_;
  const char *savedComp = comprehension_;
  loopDepth_ = 0;
  yieldOwner_ = &f->isGenerator;
  comprehension_ = nullptr;
  ++functionDepth_;
  f->body = buildSuite(ctx->suite());
  --functionDepth_;
  yieldOwner_ = savedOwner;
  comprehension_ = savedComp;
  checkScopeDecls(&f->params, f->body);
  loopDepth_ = savedLoops;
  f->loc = extendTo(f->loc, f->body);
  return f;
}

Parameters AstBuilder::buildParams(Ctx *list) {
  Parameters p;
  bool star = false, kwargs = false, sawDefault = false, bareStar = false;
  Loc bareStarLoc;
  std::set<std::string> names;
  auto addName = [&](antlr4::tree::TerminalNode *n) {
    std::string name = n->getText();
    if (!names.insert(name).second)
      syntaxError(loc(n),
                  "duplicate argument '" + name + "' in function definition");
    return name;
  };
  for (antlr4::tree::ParseTree *child : list->children) {
    auto *item = asRule(child);
    if (!item)
      continue;
    // The parts of a typedarg (def) or vararg (lambda).
    antlr4::tree::TerminalNode *name = nullptr;
    P::TestContext *def = nullptr;
    if (auto *t = dynamic_cast<P::TypedargContext *>(item)) {
      if (P::TfpdefContext *fp = t->tfpdef()) {
        name = fp->NAME();
        if (fp->test())
          expr(fp->test()); // annotation: checked, then ignored
      }
      def = t->test();
    } else {
      auto *v = static_cast<P::VarargContext *>(item);
      name = v->NAME();
      def = v->test();
    }
    size_t kind = item->getStart()->getType();
    if (kind == P::DIV)
      unsupported(loc(item),
                  "positional-only parameters ('/') are not part "
                  "of parax",
                  "remove the '/'");
    if (kwargs)
      syntaxError(loc(item), "arguments cannot follow var-keyword argument");
    if (kind == P::STAR) {
      if (star)
        syntaxError(loc(item), "* argument may appear only once");
      star = true;
      if (name) {
        p.varargs = addName(name);
      } else {
        bareStar = true;
        bareStarLoc = loc(item);
      }
      continue;
    }
    if (kind == P::POWER) {
      kwargs = true;
      p.kwargs = addName(name);
      continue;
    }
    Param param{loc(name), addName(name), def ? expr(def) : nullptr};
    if (star) {
      p.kwonly.push_back(std::move(param));
      continue;
    }
    if (def)
      sawDefault = true;
    else if (sawDefault)
      syntaxError(param.loc, "parameter without a default follows parameter "
                             "with a default");
    p.positional.push_back(std::move(param));
  }
  if (bareStar && p.kwonly.empty())
    syntaxError(bareStarLoc, "named arguments must follow bare *");
  return p;
}

StmtPtr AstBuilder::buildTry(P::Try_stmtContext *ctx) {
  auto s = std::make_unique<TryStmt>(loc(ctx->TRY()));
  s->body = buildSuite(ctx->suite());
  Loc end = s->loc;
  end = extendTo(end, s->body);
  std::vector<P::Except_clauseContext *> clauses = ctx->except_clause();
  for (size_t i = 0; i < clauses.size(); ++i) {
    P::Except_clauseContext *c = clauses[i];
    if (c->STAR())
      unsupported(loc(c->STAR()), "except* (exception groups) is not part of parax",
                  "catch the exception with a plain `except`");
    ExceptHandler h;
    h.loc = loc(c->EXCEPT());
    if (c->test()) {
      h.type = expr(c->test());
      if (c->NAME())
        h.name = c->NAME()->getText();
    } else if (i + 1 < clauses.size()) {
      syntaxError(h.loc, "default 'except:' must be last");
    }
    h.body = buildSuite(c->suite());
    end = extendTo(end, h.body);
    s->handlers.push_back(std::move(h));
  }
  if (ctx->else_clause()) {
    s->orelse = buildSuite(ctx->else_clause()->suite());
    end = extendTo(end, s->orelse);
  }
  if (ctx->finally_clause()) {
    s->finalbody = buildSuite(ctx->finally_clause()->suite());
    end = extendTo(end, s->finalbody);
  }
  s->loc = end;
  return s;
}

namespace {
/// The names a statement binds in its own scope (not inside nested defs).
void boundNames(const Stmt *s, std::set<std::string> &out);
void targetNames(const Expr *t, std::set<std::string> &out) {
  if (auto *n = dyn_cast<NameExpr>(t))
    out.insert(n->id);
  else if (auto *q = dyn_cast<SequenceExpr>(t))
    for (const ExprPtr &e : q->elts)
      targetNames(e.get(), out);
  else if (auto *st = dyn_cast<StarredExpr>(t))
    targetNames(st->value.get(), out);
}
void boundNames(const Stmt *s, std::set<std::string> &out) {
  if (auto *a = dyn_cast<AssignStmt>(s))
    for (const ExprPtr &t : a->targets)
      targetNames(t.get(), out);
  else if (auto *a = dyn_cast<AugAssignStmt>(s))
    targetNames(a->target.get(), out);
  else if (auto *a = dyn_cast<AnnAssignStmt>(s))
    targetNames(a->target.get(), out);
  else if (auto *f = dyn_cast<ForStmt>(s))
    targetNames(f->target.get(), out);
  else if (auto *w = dyn_cast<WithStmt>(s)) {
    for (const WithItem &it : w->items)
      if (it.target)
        targetNames(it.target.get(), out);
  } else if (auto *d = dyn_cast<FunctionDefStmt>(s)) {
    out.insert(d->name);
  } else if (auto *i = dyn_cast<ImportStmt>(s)) {
    for (const ImportAlias &a : i->names)
      out.insert(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
  } else if (auto *i = dyn_cast<ImportFromStmt>(s)) {
    for (const ImportAlias &a : i->names)
      out.insert(a.asname.empty() ? a.name : a.asname);
  } else if (auto *d = dyn_cast<DeleteStmt>(s)) {
    for (const ExprPtr &t : d->targets)
      targetNames(t.get(), out);
  }
}

/// The statements directly in a scope's body, nested blocks included but
/// not nested defs: calls `fn` on each.
void forEachStmt(const Block &b, const std::function<void(const Stmt *)> &fn) {
  for (const StmtPtr &sp : b) {
    const Stmt *s = sp.get();
    fn(s);
    if (auto *i = dyn_cast<IfStmt>(s)) {
      forEachStmt(i->body, fn);
      forEachStmt(i->orelse, fn);
    } else if (auto *w = dyn_cast<WhileStmt>(s)) {
      forEachStmt(w->body, fn);
      forEachStmt(w->orelse, fn);
    } else if (auto *f = dyn_cast<ForStmt>(s)) {
      forEachStmt(f->body, fn);
      forEachStmt(f->orelse, fn);
    } else if (auto *w = dyn_cast<WithStmt>(s)) {
      forEachStmt(w->body, fn);
    } else if (auto *t = dyn_cast<TryStmt>(s)) {
      forEachStmt(t->body, fn);
      for (const ExceptHandler &h : t->handlers)
        forEachStmt(h.body, fn);
      forEachStmt(t->orelse, fn);
      forEachStmt(t->finalbody, fn);
    }
  }
}
} // namespace

/// `nonlocal x` needs x bound in an enclosing function: walks every def
/// with the local names of the functions around it.
void AstBuilder::checkNonlocalBindings(const Block &body,
                                       std::vector<std::set<std::string>> &enclosing) {
  forEachStmt(body, [&](const Stmt *s) {
    auto *d = dyn_cast<FunctionDefStmt>(s);
    if (!d)
      return;
    std::set<std::string> locals, declared;
    for (const Param &p : d->params.positional)
      locals.insert(p.name);
    for (const Param &p : d->params.kwonly)
      locals.insert(p.name);
    if (!d->params.varargs.empty())
      locals.insert(d->params.varargs);
    if (!d->params.kwargs.empty())
      locals.insert(d->params.kwargs);
    forEachStmt(d->body, [&](const Stmt *t) {
      boundNames(t, locals);
      if (auto *tr = dyn_cast<TryStmt>(t))
        for (const ExceptHandler &h : tr->handlers)
          if (!h.name.empty())
            locals.insert(h.name);
      auto *g = dyn_cast<ScopeDeclStmt>(t);
      if (!g)
        return;
      for (size_t i = 0; i < g->names.size(); ++i) {
        declared.insert(g->names[i]);
        if (g->isGlobal())
          continue;
        bool bound = false;
        for (const auto &scope : enclosing)
          bound = bound || scope.count(g->names[i]);
        if (!bound)
          syntaxError(g->nameLocs[i], "no binding for nonlocal '" + g->names[i] + "' found");
      }
    });
    for (const std::string &n : declared)
      locals.erase(n);
    enclosing.push_back(std::move(locals));
    checkNonlocalBindings(d->body, enclosing);
    enclosing.pop_back();
  });
}

/// CPython's compile-time checks of global/nonlocal in one scope: a name
/// declared after it was bound, a parameter declared global/nonlocal, a
/// name declared both ways.
void AstBuilder::checkScopeDecls(const Parameters *params, const Block &body) {
  std::set<std::string> paramNames, bound, globals, nonlocals;
  if (params) {
    for (const Param &p : params->positional)
      paramNames.insert(p.name);
    for (const Param &p : params->kwonly)
      paramNames.insert(p.name);
    if (!params->varargs.empty())
      paramNames.insert(params->varargs);
    if (!params->kwargs.empty())
      paramNames.insert(params->kwargs);
  }
  std::function<void(const Block &)> walk = [&](const Block &b) {
    for (const StmtPtr &sp : b) {
      const Stmt *s = sp.get();
      if (auto *g = dyn_cast<ScopeDeclStmt>(s)) {
        const char *what = g->isGlobal() ? "global" : "nonlocal";
        for (size_t i = 0; i < g->names.size(); ++i) {
          const std::string &n = g->names[i];
          if (paramNames.count(n))
            syntaxError(g->nameLocs[i], "name '" + n + "' is parameter and " + what);
          if ((g->isGlobal() ? nonlocals : globals).count(n))
            syntaxError(g->nameLocs[i], "name '" + n + "' is nonlocal and global");
          if (bound.count(n))
            syntaxError(g->nameLocs[i], "name '" + n + "' is assigned to before " +
                                            what + " declaration");
          (g->isGlobal() ? globals : nonlocals).insert(n);
        }
        continue;
      }
      boundNames(s, bound);
      if (auto *i = dyn_cast<IfStmt>(s)) {
        walk(i->body);
        walk(i->orelse);
      } else if (auto *w = dyn_cast<WhileStmt>(s)) {
        walk(w->body);
        walk(w->orelse);
      } else if (auto *f = dyn_cast<ForStmt>(s)) {
        walk(f->body);
        walk(f->orelse);
      } else if (auto *w = dyn_cast<WithStmt>(s)) {
        walk(w->body);
      } else if (auto *t = dyn_cast<TryStmt>(s)) {
        walk(t->body);
        for (const ExceptHandler &h : t->handlers) {
          if (!h.name.empty())
            bound.insert(h.name);
          walk(h.body);
        }
        walk(t->orelse);
        walk(t->finalbody);
      }
    }
  };
  walk(body);
}

void AstBuilder::rejectAsync(P::Async_stmtContext *ctx) {
  Loc l = loc(ctx->ASYNC());
  if (ctx->for_stmt())
    unsupported(l, "async for loops are not part of parax");
  if (ctx->with_stmt())
    unsupported(l, "async with statements are not part of parax");
  unsupported(l, "async functions are not part of parax",
              "JAX dispatch is already asynchronous; call "
              ".block_until_ready() to wait for a result");
}

} // namespace parax::frontend
