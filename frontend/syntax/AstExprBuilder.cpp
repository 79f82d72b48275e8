//===- AstExprBuilder.cpp - parse tree to AST: expressions ----------------===//
//
// Expressions. Many rule contexts in a tree merely wrap their only child
// (a `test` that is just an `or_test` ...); expr() skips those in a loop and
// dispatches on the first rule that builds a node. The operators come as
// two flat rules: buildLogic() nests `or`/`and`/`not`/comparisons and
// buildArith() runs a shunting-yard over the arithmetic operators, giving
// Python's precedence and associativity. Calls, subscripts and attributes
// fold over the trailers of an atom.
//
// Depth: expr() tracks, for the node under construction, the depth of its
// deepest child, and refuses trees deeper than kMaxExprDepth while building
// them (operator and trailer folds count their levels too), so that no
// later recursive walk, the destructor included, can overflow the stack.
//
// Strings: adjacent literals concatenate; with any f-string among them the
// result is an FStringExpr whose fields are sub-parsed (buildFieldExpr) at
// their exact position in the file.
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/AstBuilder.h"

#include "ir/Diagnostics.h"
#include "ir/StackGuard.h"

#include <set>

namespace parax::frontend {

using P = ParaxParser;

namespace {

BinOpKind binOp(size_t tokenType) {
  switch (tokenType) {
  case P::OR_OP:
    return BinOpKind::BitOr;
  case P::XOR:
    return BinOpKind::BitXor;
  case P::AND_OP:
    return BinOpKind::BitAnd;
  case P::LEFT_SHIFT:
    return BinOpKind::LShift;
  case P::RIGHT_SHIFT:
    return BinOpKind::RShift;
  case P::ADD:
    return BinOpKind::Add;
  case P::MINUS:
    return BinOpKind::Sub;
  case P::STAR:
    return BinOpKind::Mul;
  case P::AT:
    return BinOpKind::MatMul;
  case P::DIV:
    return BinOpKind::Div;
  case P::MOD:
    return BinOpKind::Mod;
  case P::POWER:
    return BinOpKind::Pow;
  default:
    return BinOpKind::FloorDiv;
  }
}

CmpOpKind cmpOp(P::Comp_opContext *c) {
  switch (c->getStart()->getType()) {
  case P::LESS_THAN:
    return CmpOpKind::Lt;
  case P::GREATER_THAN:
    return CmpOpKind::Gt;
  case P::EQUALS:
    return CmpOpKind::Eq;
  case P::GT_EQ:
    return CmpOpKind::GtE;
  case P::LT_EQ:
    return CmpOpKind::LtE;
  case P::NOT_EQ:
    return CmpOpKind::NotEq;
  case P::IN:
    return CmpOpKind::In;
  case P::NOT:
    return CmpOpKind::NotIn;
  default:
    return c->children.size() == 2 ? CmpOpKind::IsNot : CmpOpKind::Is;
  }
}

/// The rule-context children of `ctx` (skipping tokens such as ',').
std::vector<antlr4::ParserRuleContext *>
ruleChildren(antlr4::ParserRuleContext *ctx) {
  std::vector<antlr4::ParserRuleContext *> out;
  for (antlr4::tree::ParseTree *c : ctx->children)
    if (auto *r = asRule(c))
      out.push_back(r);
  return out;
}

antlr4::tree::TerminalNode *terminal(antlr4::tree::ParseTree *t) {
  return asToken(t);
}

} // namespace

void AstBuilder::addDepth(uint32_t levels, const Loc &where) {
  uint32_t &d = depthStack_.back();
  d += levels;
  if (d >= kMaxExprDepth)
    syntaxError(where, "expression is too deeply nested",
                "split it into several statements");
}

ExprPtr AstBuilder::expr(Ctx *ctx) {
  while (ctx->children.size() == 1) {
    auto *only = asRule(ctx->children[0]);
    if (!only)
      break;
    ctx = only;
  }
  // Nested expr() calls build nested nodes: refuse before recursing on
  // (also when the thread's native stack is short: ir/StackGuard.h).
  if (depthStack_.size() >= kMaxExprDepth || stackLeft() < kStackMargin)
    syntaxError(loc(ctx->getStart()), "expression is too deeply nested",
                "split it into several statements");
  depthStack_.push_back(0);
  ExprPtr e = exprNode(ctx);
  uint32_t d = depthStack_.back() + 1;
  depthStack_.pop_back();
  if (d > kMaxExprDepth)
    syntaxError(e->loc, "expression is too deeply nested",
                "split it into several statements");
  if (!depthStack_.empty() && depthStack_.back() < d)
    depthStack_.back() = d;
  return e;
}

ExprPtr AstBuilder::exprNode(Ctx *ctx) {
  switch (ctx->getRuleIndex()) {
  case P::RuleTest:
    return buildTest(static_cast<P::TestContext *>(ctx));
  case P::RuleLambdef:
    return buildLambda(static_cast<P::LambdefContext *>(ctx));
  case P::RuleNamedexpr_test:
  case P::RuleArgument:
    unsupported(loc(terminal(ctx->children[1])),
                "assignment expressions (:=) are not part of parax",
                "assign the value in a statement of its own first");
  case P::RuleOr_test:
    return buildLogic(static_cast<P::Or_testContext *>(ctx));
  case P::RuleStar_expr:
    return std::make_unique<StarredExpr>(
        loc(ctx), expr(static_cast<Ctx *>(ctx->children[1])));
  case P::RuleExpr:
    return buildArith(static_cast<P::ExprContext *>(ctx));
  case P::RuleAtom_expr:
    return buildAtomExpr(static_cast<P::Atom_exprContext *>(ctx));
  case P::RuleAtom:
    return buildAtom(static_cast<P::AtomContext *>(ctx));
  case P::RuleSubscript_:
    return buildSubscript(static_cast<P::Subscript_Context *>(ctx));
  case P::RuleYield_expr: {
    auto *y = static_cast<P::Yield_exprContext *>(ctx);
    Loc l = loc(ctx);
    if (comprehension_)
      syntaxError(l, std::string("'yield' inside ") + comprehension_);
    if (!yieldOwner_)
      syntaxError(l, "'yield' outside function");
    *yieldOwner_ = true;
    ExprPtr value;
    if (y->test())
      value = expr(y->test());
    else if (y->testlist_star_expr())
      value = buildTupleList(y->testlist_star_expr());
    return std::make_unique<YieldExpr>(l, std::move(value), y->FROM() != nullptr);
  }
  default:
    return buildTupleList(ctx); // testlist_star_expr, exprlist, subscriptlist
  }
}

ExprPtr AstBuilder::buildTupleList(Ctx *ctx) {
  std::vector<Ctx *> elts = ruleChildren(ctx);
  if (ctx->children.size() == 1)
    return expr(elts[0]);
  auto t = std::make_unique<SequenceExpr>(ExprKind::Tuple, loc(ctx));
  for (Ctx *e : elts)
    t->elts.push_back(expr(e));
  return t;
}

ExprPtr AstBuilder::buildTest(P::TestContext *ctx) {
  // or_test 'if' or_test 'else' test
  ExprPtr body = expr(static_cast<Ctx *>(ctx->children[0]));
  ExprPtr test = expr(static_cast<Ctx *>(ctx->children[2]));
  ExprPtr orelse = expr(static_cast<Ctx *>(ctx->children[4]));
  return std::make_unique<IfExpExpr>(loc(ctx), std::move(test), std::move(body),
                                     std::move(orelse));
}

ExprPtr AstBuilder::exprWithDepth(Ctx *ctx, uint32_t &depth) {
  uint32_t saved = depthStack_.back();
  depthStack_.back() = 0;
  ExprPtr e = expr(ctx);
  depth = depthStack_.back();
  depthStack_.back() = std::max(saved, depth);
  return e;
}

uint32_t AstBuilder::checkDepth(uint32_t depth, const Loc &where) const {
  if (depth > kMaxExprDepth)
    syntaxError(where, "expression is too deeply nested",
                "split it into several statements");
  return depth;
}

namespace {

/// An operand of a flat operator rule with its source range and depth.
struct Operand {
  ExprPtr e;
  Loc range; ///< Includes parentheses, which `e->loc` does not.
  uint32_t depth;
};

/// Binding strength of the arithmetic operators; prefix operators bind
/// between `*` and `**`.
int precedence(size_t tokenType, bool prefix) {
  if (prefix)
    return 7;
  switch (tokenType) {
  case P::OR_OP:
    return 1;
  case P::XOR:
    return 2;
  case P::AND_OP:
    return 3;
  case P::LEFT_SHIFT:
  case P::RIGHT_SHIFT:
    return 4;
  case P::ADD:
  case P::MINUS:
    return 5;
  case P::POWER:
    return 8;
  default: // * @ / % //
    return 6;
  }
}

} // namespace

ExprPtr AstBuilder::buildArith(P::ExprContext *ctx) {
  // Shunting-yard over `unary* atom (binop unary* atom)*`.
  struct PendingOp {
    antlr4::Token *tok;
    bool prefix;
  };
  std::vector<Operand> out;
  std::vector<PendingOp> ops;
  auto reduce = [&] {
    PendingOp op = ops.back();
    ops.pop_back();
    size_t type = op.tok->getType();
    Operand rhs = std::move(out.back());
    out.pop_back();
    if (op.prefix) {
      UnaryOpKind k = type == P::ADD     ? UnaryOpKind::Pos
                      : type == P::MINUS ? UnaryOpKind::Neg
                                         : UnaryOpKind::Invert;
      Loc range = span(loc(op.tok), rhs.range);
      uint32_t d = checkDepth(rhs.depth + 1, range);
      out.push_back({std::make_unique<UnaryOpExpr>(range, k, std::move(rhs.e)),
                     range, d});
      return;
    }
    Operand lhs = std::move(out.back());
    out.pop_back();
    Loc range = span(lhs.range, rhs.range);
    uint32_t d = checkDepth(std::max(lhs.depth, rhs.depth) + 1, range);
    out.push_back({std::make_unique<BinOpExpr>(
                       range, binOp(type), std::move(lhs.e), std::move(rhs.e)),
                   range, d});
  };
  bool expectOperand = true;
  for (antlr4::tree::ParseTree *child : ctx->children) {
    if (Ctx *atom = asRule(child)) {
      uint32_t d = 0;
      ExprPtr e = exprWithDepth(atom, d);
      out.push_back({std::move(e), loc(atom), d});
      expectOperand = false;
      continue;
    }
    antlr4::Token *tok = terminal(child)->getSymbol();
    if (expectOperand) {
      ops.push_back({tok, /*prefix=*/true});
      continue;
    }
    size_t type = tok->getType();
    int p = precedence(type, false);
    bool leftAssoc = type != P::POWER;
    while (!ops.empty()) {
      int top = precedence(ops.back().tok->getType(), ops.back().prefix);
      if (top < p || (top == p && !leftAssoc))
        break;
      reduce();
    }
    ops.push_back({tok, /*prefix=*/false});
    expectOperand = true;
  }
  while (!ops.empty())
    reduce();
  depthStack_.back() = out.back().depth - 1; // expr() adds the root's level
  return std::move(out.back().e);
}

ExprPtr AstBuilder::buildLogic(P::Or_testContext *ctx) {
  // Read `not* expr ((or | and | comp_op) not* expr)*` into operands, each
  // with its leading `not`s, and the operators between them.
  struct Item {
    Operand operand;
    std::vector<antlr4::Token *> nots;
  };
  std::vector<Item> items;
  std::vector<size_t> ops;     ///< P::OR, P::AND or 0 for a comparison.
  std::vector<CmpOpKind> cmps; ///< Parallel to `ops`.
  std::vector<antlr4::Token *> nots;
  for (antlr4::tree::ParseTree *child : ctx->children) {
    Ctx *rule = asRule(child);
    if (rule && rule->getRuleIndex() == P::RuleComp_op) {
      ops.push_back(0);
      cmps.push_back(cmpOp(static_cast<P::Comp_opContext *>(rule)));
    } else if (rule) {
      if (!nots.empty() && !ops.empty() && ops.back() == 0)
        syntaxError(loc(nots[0]), "invalid syntax: 'not' after a comparison "
                                  "operator must be in parentheses");
      uint32_t d = 0;
      ExprPtr e = exprWithDepth(rule, d);
      items.push_back({{std::move(e), loc(rule), d}, std::move(nots)});
      nots.clear();
    } else {
      antlr4::Token *tok = terminal(child)->getSymbol();
      if (tok->getType() == P::NOT) {
        nots.push_back(tok);
      } else {
        ops.push_back(tok->getType());
        cmps.push_back(CmpOpKind::Eq);
      }
    }
  }

  // Comparisons bind tightest, then `not`, `and`, `or`: build each
  // comparison chain, wrap it in its `not`s, then group by `and` and `or`.
  std::vector<Operand> ands, ors;
  auto flush = [&](std::vector<Operand> &group, bool isAnd,
                   std::vector<Operand> &into) {
    if (group.size() == 1) {
      into.push_back(std::move(group[0]));
    } else {
      Loc range = span(group.front().range, group.back().range);
      auto b = std::make_unique<BoolOpExpr>(range, isAnd);
      uint32_t d = 0;
      for (Operand &o : group) {
        d = std::max(d, o.depth);
        b->values.push_back(std::move(o.e));
      }
      into.push_back({std::move(b), range, checkDepth(d + 1, range)});
    }
    group.clear();
  };
  for (size_t i = 0; i < items.size();) {
    // items[i .. j] joined by comparison operators.
    size_t j = i;
    while (j < ops.size() && ops[j] == 0)
      ++j;
    Operand cmp = std::move(items[i].operand);
    if (j > i) {
      auto c = std::make_unique<CompareExpr>(
          span(cmp.range, items[j].operand.range));
      Loc range = c->loc;
      uint32_t d = cmp.depth;
      c->left = std::move(cmp.e);
      for (size_t k = i + 1; k <= j; ++k) {
        c->ops.push_back(cmps[k - 1]);
        d = std::max(d, items[k].operand.depth);
        c->comparators.push_back(std::move(items[k].operand.e));
      }
      cmp = {std::move(c), range, checkDepth(d + 1, range)};
    }
    const std::vector<antlr4::Token *> &prefix = items[i].nots;
    for (size_t k = prefix.size(); k-- > 0;) {
      Loc range = span(loc(prefix[k]), cmp.range);
      uint32_t d = checkDepth(cmp.depth + 1, range);
      cmp = {std::make_unique<UnaryOpExpr>(range, UnaryOpKind::Not,
                                           std::move(cmp.e)),
             range, d};
    }
    ands.push_back(std::move(cmp));
    if (j >= ops.size() || ops[j] == P::OR)
      flush(ands, /*isAnd=*/true, ors);
    i = j + 1;
  }
  flush(ors, /*isAnd=*/false, ands);
  depthStack_.back() = ands.back().depth - 1; // expr() adds the root's level
  return std::move(ands.back().e);
}

ExprPtr AstBuilder::buildAtomExpr(P::Atom_exprContext *ctx) {
  if (ctx->AWAIT())
    unsupported(loc(ctx->AWAIT()), "await expressions are not part of parax",
                "JAX dispatch is already asynchronous; call "
                ".block_until_ready() to wait for a result");
  P::AtomContext *atom = ctx->atom();
  ExprPtr e = expr(atom);
  Loc start = loc(atom->getStart());
  size_t n = 0;
  for (P::TrailerContext *t : ctx->trailer()) {
    if (n++ > 0)
      addDepth(1, loc(t->getStart()));
    Loc l = span(start, loc(t->getStop()));
    switch (t->getStart()->getType()) {
    case P::OPEN_PAREN: {
      auto call = std::make_unique<CallExpr>(l);
      call->func = std::move(e);
      if (t->arglist())
        buildCall(*call, t->arglist());
      e = std::move(call);
      break;
    }
    case P::OPEN_BRACK:
      e = std::make_unique<SubscriptExpr>(l, std::move(e),
                                          expr(t->subscriptlist()));
      break;
    default: {
      auto a = std::make_unique<AttributeExpr>(l, std::move(e),
                                               t->NAME()->getText());
      a->attrLoc = loc(t->NAME());
      e = std::move(a);
      break;
    }
    }
  }
  return e;
}

ExprPtr AstBuilder::buildAtom(P::AtomContext *ctx) {
  Loc l = loc(ctx);
  using T = ConstantExpr::Type;
  switch (ctx->getStart()->getType()) {
  case P::OPEN_PAREN:
    if (ctx->yield_expr())
      return expr(ctx->yield_expr());
    return buildDisplay(ctx, ctx->testlist_comp(), ExprKind::Tuple);
  case P::OPEN_BRACK:
    return buildDisplay(ctx, ctx->testlist_comp(), ExprKind::List);
  case P::OPEN_BRACE:
    return buildBraces(ctx);
  case P::NAME:
    return std::make_unique<NameExpr>(l, ctx->getStart()->getText());
  case P::NUMBER:
    return numberLiteral(ctx->getStart()->getText(), l);
  case P::STRING:
    return buildStrings(ctx);
  case P::ELLIPSIS:
    return std::make_unique<ConstantExpr>(l, T::Ellipsis);
  case P::NONE:
    return std::make_unique<ConstantExpr>(l, T::None);
  default: {
    auto c = std::make_unique<ConstantExpr>(l, T::Bool);
    c->boolValue = ctx->getStart()->getType() == P::TRUE;
    return c;
  }
  }
}

ExprPtr AstBuilder::buildDisplay(P::AtomContext *ctx,
                                 P::Testlist_compContext *inner,
                                 ExprKind kind) {
  Loc l = loc(ctx);
  if (!inner)
    return std::make_unique<SequenceExpr>(kind, l);
  std::vector<Ctx *> elts = ruleChildren(inner);
  if (P::Comp_forContext *cf = inner->comp_for()) {
    auto lc = std::make_unique<ListCompExpr>(l);
    lc->isGenerator = kind == ExprKind::Tuple;
    inComprehension(lc->isGenerator ? "generator expression" : "list comprehension", [&] {
      lc->elt = expr(elts[0]);
      lc->generators = buildComprehension(cf);
    });
    return lc;
  }
  if (kind == ExprKind::Tuple && inner->children.size() == 1)
    return expr(elts[0]); // a parenthesized expression
  auto seq = std::make_unique<SequenceExpr>(kind, l);
  for (Ctx *e : elts)
    seq->elts.push_back(expr(e));
  return seq;
}

ExprPtr AstBuilder::buildBraces(P::AtomContext *ctx) {
  Loc l = loc(ctx);
  P::DictorsetmakerContext *dm = ctx->dictorsetmaker();
  if (!dm)
    return std::make_unique<DictExpr>(l);
  if (P::Dict_tailContext *tail = dm->dict_tail()) {
    ExprPtr key, value;
    auto buildItem = [&] {
      if (dm->expr()) {
        value = expr(dm->expr()); // **mapping
      } else {
        key = expr(dm->test(0));
        value = expr(dm->test(1));
      }
    };
    if (P::Comp_forContext *cf = tail->comp_for()) {
      auto dc = std::make_unique<DictCompExpr>(l);
      inComprehension("dict comprehension", [&] {
        buildItem();
        if (!key)
          syntaxError(l, "dict unpacking cannot be used in dict comprehension");
        dc->generators = buildComprehension(cf);
      });
      dc->key = std::move(key);
      dc->value = std::move(value);
      return dc;
    }
    buildItem();
    auto d = std::make_unique<DictExpr>(l);
    d->keys.push_back(std::move(key));
    d->values.push_back(std::move(value));
    for (P::Dict_itemContext *item : tail->dict_item()) {
      if (item->expr()) {
        d->keys.push_back(nullptr);
        d->values.push_back(expr(item->expr()));
      } else {
        d->keys.push_back(expr(item->test(0)));
        d->values.push_back(expr(item->test(1)));
      }
    }
    return d;
  }
  P::Set_tailContext *tail = dm->set_tail();
  if (P::Comp_forContext *cf = tail->comp_for()) {
    auto sc = std::make_unique<ListCompExpr>(l);
    sc->elt = expr(static_cast<Ctx *>(dm->children[0]));
    sc->isSet = true;
    sc->generators = buildComprehension(cf);
    return sc;
  }
  auto s = std::make_unique<SequenceExpr>(ExprKind::Set, l);
  s->elts.push_back(expr(static_cast<Ctx *>(dm->children[0])));
  for (Ctx *e : ruleChildren(tail))
    s->elts.push_back(expr(e));
  return s;
}

ExprPtr AstBuilder::buildSubscript(P::Subscript_Context *ctx) {
  auto s = std::make_unique<SliceExpr>(loc(ctx));
  ExprPtr *slot = &s->lower;
  for (antlr4::tree::ParseTree *c : ctx->children) {
    if (terminal(c)) {
      slot = &s->upper; // the first ':'
    } else if (auto *op = dynamic_cast<P::SliceopContext *>(c)) {
      if (op->test())
        s->step = expr(op->test());
    } else {
      *slot = expr(static_cast<Ctx *>(c));
    }
  }
  return s;
}

ExprPtr AstBuilder::buildLambda(P::LambdefContext *ctx) {
  auto lam = std::make_unique<LambdaExpr>(loc(ctx));
  if (ctx->varargslist())
    lam->params = buildParams(ctx->varargslist());
  bool *savedOwner = yieldOwner_;
  const char *savedComp = comprehension_;
  yieldOwner_ = &lam->isGenerator;
  comprehension_ = nullptr;
  lam->body = expr(ctx->test());
  yieldOwner_ = savedOwner;
  comprehension_ = savedComp;
  return lam;
}

void AstBuilder::buildCall(CallExpr &call, P::ArglistContext *arglist) {
  bool sawKeyword = false, sawKwUnpack = false;
  std::set<std::string> names;
  std::vector<P::ArgumentContext *> args = arglist->argument();
  for (P::ArgumentContext *a : args) {
    size_t first = a->getStart()->getType();
    Loc l = loc(a);
    if (first == P::STAR && a->children.size() == 2) {
      if (sawKwUnpack)
        syntaxError(l, "iterable argument unpacking follows keyword argument "
                       "unpacking");
      call.args.push_back(std::make_unique<StarredExpr>(l, expr(a->test(0))));
    } else if (first == P::POWER && a->children.size() == 2) {
      sawKwUnpack = true;
      call.keywords.push_back({l, "", expr(a->test(0))});
    } else if (a->ASSIGN()) {
      P::TestContext *lhs = a->test(0);
      if (lhs->getStart() != lhs->getStop() ||
          lhs->getStart()->getType() != P::NAME)
        syntaxError(loc(lhs), "expression cannot contain assignment, "
                              "perhaps you meant \"==\"?");
      std::string name = lhs->getText();
      if (!names.insert(name).second)
        syntaxError(loc(lhs), "keyword argument repeated: " + name);
      sawKeyword = true;
      call.keywords.push_back({l, name, expr(a->test(1))});
    } else if (a->WALRUS()) {
      expr(a); // reports the walrus
    } else if (P::Comp_forContext *cf = a->comp_for()) {
      if (args.size() != 1 || !arglist->COMMA().empty())
        syntaxError(l, "Generator expression must be parenthesized");
      auto g = std::make_unique<ListCompExpr>(l);
      g->isGenerator = true;
      inComprehension("generator expression", [&] {
        g->elt = expr(a->test(0));
        g->generators = buildComprehension(cf);
      });
      call.args.push_back(std::move(g));
    } else {
      if (sawKwUnpack)
        syntaxError(l, "positional argument follows keyword argument "
                       "unpacking");
      if (sawKeyword)
        syntaxError(l, "positional argument follows keyword argument");
      call.args.push_back(expr(a->test(0)));
    }
  }
}

std::vector<Comprehension>
AstBuilder::buildComprehension(P::Comp_forContext *ctx) {
  std::vector<Comprehension> gens;
  Ctx *cur = ctx;
  while (cur) {
    P::Comp_iterContext *next = nullptr;
    if (auto *cf = dynamic_cast<P::Comp_forContext *>(cur)) {
      if (cf->ASYNC())
        unsupported(loc(cf->ASYNC()),
                    "async comprehensions are not part of parax");
      Comprehension c;
      c.target = buildTupleList(cf->exprlist());
      checkTarget(c.target.get(), TargetUse::For);
      c.iter = expr(cf->or_test());
      gens.push_back(std::move(c));
      next = cf->comp_iter();
    } else {
      auto *ci = static_cast<P::Comp_ifContext *>(cur);
      gens.back().ifs.push_back(expr(ci->or_test()));
      next = ci->comp_iter();
    }
    cur = next ? static_cast<Ctx *>(next->children[0]) : nullptr;
  }
  return gens;
}

ExprPtr AstBuilder::buildStrings(P::AtomContext *ctx) {
  std::vector<FStringExpr::Part> parts;
  FieldParser parseField = [this](const std::string &text, SrcPos pos) {
    return buildFieldExpr(text, pos);
  };
  // b'...': its characters (each below 256) become a call of the hidden
  // builtin that makes the bytes object (machine/Bytes.cpp).
  bool anyBytes = false, anyText = false;
  std::string byteText;
  for (antlr4::tree::TerminalNode *node : ctx->STRING()) {
    antlr4::Token *tok = node->getSymbol();
    SrcPos start{uint32_t(tok->getLine()), uint32_t(tok->getCharPositionInLine()) + 1};
    StringPieces s = splitStringToken(tok->getText(), start);
    (s.bytes ? anyBytes : anyText) = true;
    if (anyBytes && anyText)
      syntaxError(loc(ctx), "cannot mix bytes and nonbytes literals",
                  "write every piece as b'...' or none");
    if (!s.bytes)
      continue;
    for (unsigned char c : s.body)
      if (c >= 0x80)
        syntaxError(loc(tok), "bytes can only contain ASCII literal characters",
                    "write other bytes as \\xNN escapes");
    if (s.raw) {
      byteText += s.body;
      continue;
    }
    // \u, \U and \N are no escapes in bytes: keep them as written.
    std::string body;
    for (size_t i = 0; i < s.body.size(); ++i) {
      if (s.body[i] == '\\' && i + 1 < s.body.size()) {
        char n = s.body[i + 1];
        body += (n == 'u' || n == 'U' || n == 'N') ? "\\\\" : "\\";
        body += n;
        ++i;
        continue;
      }
      body += s.body[i];
    }
    byteText += decodeEscapes(body, s.bodyStart, file_);
  }
  if (anyBytes) {
    Loc l = loc(ctx);
    auto call = std::make_unique<CallExpr>(l);
    call->func = std::make_unique<NameExpr>(l, "__parax_bytes_literal__");
    auto text = std::make_unique<ConstantExpr>(l, ConstantExpr::Type::Str);
    text->strValue = std::move(byteText);
    call->args.push_back(std::move(text));
    return call;
  }
  for (antlr4::tree::TerminalNode *node : ctx->STRING()) {
    antlr4::Token *tok = node->getSymbol();
    SrcPos start{uint32_t(tok->getLine()),
                 uint32_t(tok->getCharPositionInLine()) + 1};
    StringPieces s = splitStringToken(tok->getText(), start);
    if (s.fstring) {
      splitFString(s, file_, parseField, parts);
    } else {
      FStringExpr::Part p;
      p.literal = s.raw ? s.body : decodeEscapes(s.body, s.bodyStart, file_);
      appendPart(parts, std::move(p));
    }
  }
  Loc l = loc(ctx);
  bool hasField = false;
  for (const FStringExpr::Part &p : parts)
    hasField |= p.value != nullptr;
  if (!hasField) {
    auto c = std::make_unique<ConstantExpr>(l, ConstantExpr::Type::Str);
    if (!parts.empty())
      c->strValue = std::move(parts[0].literal);
    return c;
  }
  auto f = std::make_unique<FStringExpr>(l);
  f->parts = std::move(parts);
  return f;
}

ExprPtr AstBuilder::buildFieldExpr(const std::string &text, SrcPos pos) {
  ParseRun run(text, file_, pos.line, pos.col - 1, /*insideBrackets=*/true);
  P::Fstring_exprContext *tree = nullptr;
  try {
    tree = run.parseFieldExpr();
  } catch (ParaxError &e) {
    if (e.diag().message.rfind("f-string", 0) != 0)
      e.diag().message = "f-string: " + e.diag().message;
    throw;
  }
  return expr(static_cast<Ctx *>(tree->children[0]));
}

} // namespace parax::frontend
