//===- Ast.cpp - the parax AST: operator names and the AST dump -----------===//
//
// dumpAst() prints `--dump ast`, the surface of the AST golden tests. The
// format is stable: one line per node, indented two spaces per level,
//
//   <role>: <Kind> <details> @<line>:<col>
//
// where <role> names the field the node fills when its parent has several
// kinds of children (`test:`, `target:`, `value:`, ...) and is omitted for
// plain lists (statements of a body, call arguments, tuple elements).
// Lines without `@` are not nodes but groupings (`else:`, `comprehension`,
// the literal pieces of an f-string). Strings and floats print as Python's
// repr() prints them.
//
//   Module
//     FunctionDef body @3:1
//       arg i @3:10
//       arg acc @3:13
//       Return @4:5
//         BinOp + @4:12
//           Name acc @4:12
//           Name i @4:18
//
//===----------------------------------------------------------------------===//
#include "frontend/syntax/Ast.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace parax::frontend {

const char *binOpSymbol(BinOpKind k) {
  switch (k) {
  case BinOpKind::Add:
    return "+";
  case BinOpKind::Sub:
    return "-";
  case BinOpKind::Mul:
    return "*";
  case BinOpKind::Div:
    return "/";
  case BinOpKind::FloorDiv:
    return "//";
  case BinOpKind::Mod:
    return "%";
  case BinOpKind::Pow:
    return "**";
  case BinOpKind::MatMul:
    return "@";
  case BinOpKind::BitAnd:
    return "&";
  case BinOpKind::BitOr:
    return "|";
  case BinOpKind::BitXor:
    return "^";
  case BinOpKind::LShift:
    return "<<";
  case BinOpKind::RShift:
    return ">>";
  }
  return "?";
}

const char *cmpOpSymbol(CmpOpKind k) {
  switch (k) {
  case CmpOpKind::Eq:
    return "==";
  case CmpOpKind::NotEq:
    return "!=";
  case CmpOpKind::Lt:
    return "<";
  case CmpOpKind::LtE:
    return "<=";
  case CmpOpKind::Gt:
    return ">";
  case CmpOpKind::GtE:
    return ">=";
  case CmpOpKind::Is:
    return "is";
  case CmpOpKind::IsNot:
    return "is not";
  case CmpOpKind::In:
    return "in";
  case CmpOpKind::NotIn:
    return "not in";
  }
  return "?";
}

namespace {

/// Python's repr() of a str.
std::string reprStr(const std::string &s) {
  bool hasSingle = s.find('\'') != std::string::npos;
  bool hasDouble = s.find('"') != std::string::npos;
  char q = hasSingle && !hasDouble ? '"' : '\'';
  std::string out(1, q);
  for (unsigned char c : s) {
    switch (c) {
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c == q) {
        out += '\\';
        out += char(c);
      } else if (c < 0x20 || c == 0x7F) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        out += buf;
      } else {
        out += char(c); // UTF-8 passes through, as Python prints it
      }
    }
  }
  return out + q;
}

/// Python's repr() of a float (shortest round-trip digits).
std::string reprFloat(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  char buf[64];
  auto res =
      std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  std::string sign;
  if (sci[0] == '-') {
    sign = "-";
    sci.erase(0, 1);
  }
  size_t e = sci.find('e');
  int exp = std::stoi(sci.substr(e + 1));
  std::string digits = sci.substr(0, e);
  if (digits.size() > 1)
    digits.erase(1, 1); // drop the '.'
  if (exp >= -4 && exp < 16) {
    std::string out;
    if (exp >= 0) {
      std::string ip =
          digits.substr(0, std::min(digits.size(), size_t(exp) + 1));
      ip.resize(size_t(exp) + 1, '0');
      std::string fp =
          digits.size() > size_t(exp) + 1 ? digits.substr(exp + 1) : "0";
      out = ip + "." + fp;
    } else {
      out = "0." + std::string(size_t(-exp - 1), '0') + digits;
    }
    return sign + out;
  }
  std::string m = digits.substr(0, 1);
  if (digits.size() > 1)
    m += "." + digits.substr(1);
  char ebuf[16];
  std::snprintf(ebuf, sizeof ebuf, "e%c%02d", exp < 0 ? '-' : '+',
                std::abs(exp));
  return sign + m + ebuf;
}

class Dumper {
public:
  std::string out;

  void block(const Block &b, int ind) {
    for (const StmtPtr &s : b)
      stmt(s.get(), ind);
  }

private:
  void line(int ind, const std::string &role, const std::string &text,
            const Loc *l = nullptr) {
    out.append(size_t(ind) * 2, ' ');
    if (!role.empty())
      out += role + ": ";
    out += text;
    if (l && l->valid())
      out += " @" + std::to_string(l->line) + ":" + std::to_string(l->col);
    out += '\n';
  }

  void orelse(const Block &b, int ind) {
    if (b.empty())
      return;
    line(ind, "", "else:");
    block(b, ind + 1);
  }

  void params(const Parameters &p, int ind) {
    for (const Param &a : p.positional) {
      line(ind, "", "arg " + a.name, &a.loc);
      if (a.defaultValue)
        expr(a.defaultValue.get(), ind + 1, "default");
    }
    if (!p.varargs.empty())
      line(ind, "", "vararg " + p.varargs);
    for (const Param &a : p.kwonly) {
      line(ind, "", "kwonlyarg " + a.name, &a.loc);
      if (a.defaultValue)
        expr(a.defaultValue.get(), ind + 1, "default");
    }
    if (!p.kwargs.empty())
      line(ind, "", "kwarg " + p.kwargs);
  }

  void generators(const std::vector<Comprehension> &gens, int ind) {
    for (const Comprehension &c : gens) {
      line(ind, "", "comprehension");
      expr(c.target.get(), ind + 1, "target");
      expr(c.iter.get(), ind + 1, "iter");
      for (const ExprPtr &cond : c.ifs)
        expr(cond.get(), ind + 1, "if");
    }
  }

  void fstring(const FStringExpr *f, int ind, const std::string &role) {
    line(ind, role, "FString", &f->loc);
    for (const FStringExpr::Part &p : f->parts) {
      if (!p.value) {
        line(ind + 1, "", "literal " + reprStr(p.literal));
        continue;
      }
      std::string text = "field";
      if (p.conversion)
        text += std::string(" !") + p.conversion;
      if (!p.selfDoc.empty())
        text += " selfDoc=" + reprStr(p.selfDoc);
      line(ind + 1, "", text);
      expr(p.value.get(), ind + 2, "");
      if (p.spec)
        fstring(p.spec.get(), ind + 2, "spec");
    }
  }

  void expr(const Expr *e, int ind, const std::string &role) {
    const Loc *l = &e->loc;
    switch (e->kind) {
    case ExprKind::Name:
      line(ind, role, "Name " + cast<NameExpr>(e)->id, l);
      return;
    case ExprKind::Constant: {
      auto *c = cast<ConstantExpr>(e);
      std::string v;
      switch (c->type) {
      case ConstantExpr::Type::None:
        v = "None";
        break;
      case ConstantExpr::Type::Bool:
        v = c->boolValue ? "True" : "False";
        break;
      case ConstantExpr::Type::Int:
        v = std::to_string(c->intValue);
        break;
      case ConstantExpr::Type::Float:
        v = reprFloat(c->floatValue);
        break;
      case ConstantExpr::Type::Str:
        v = reprStr(c->strValue);
        break;
      case ConstantExpr::Type::Ellipsis:
        v = "Ellipsis";
        break;
      }
      line(ind, role, "Constant " + v, l);
      return;
    }
    case ExprKind::FString:
      fstring(cast<FStringExpr>(e), ind, role);
      return;
    case ExprKind::BinOp: {
      auto *b = cast<BinOpExpr>(e);
      line(ind, role, std::string("BinOp ") + binOpSymbol(b->op), l);
      expr(b->lhs.get(), ind + 1, "");
      expr(b->rhs.get(), ind + 1, "");
      return;
    }
    case ExprKind::UnaryOp: {
      auto *u = cast<UnaryOpExpr>(e);
      static const char *names[] = {"-", "+", "not", "~"};
      line(ind, role, std::string("UnaryOp ") + names[int(u->op)], l);
      expr(u->operand.get(), ind + 1, "");
      return;
    }
    case ExprKind::BoolOp: {
      auto *b = cast<BoolOpExpr>(e);
      line(ind, role, b->isAnd ? "BoolOp and" : "BoolOp or", l);
      for (const ExprPtr &v : b->values)
        expr(v.get(), ind + 1, "");
      return;
    }
    case ExprKind::Compare: {
      auto *c = cast<CompareExpr>(e);
      std::string ops;
      for (CmpOpKind op : c->ops)
        ops += std::string(" ") + cmpOpSymbol(op);
      line(ind, role, "Compare" + ops, l);
      expr(c->left.get(), ind + 1, "");
      for (const ExprPtr &v : c->comparators)
        expr(v.get(), ind + 1, "");
      return;
    }
    case ExprKind::IfExp: {
      auto *i = cast<IfExpExpr>(e);
      line(ind, role, "IfExp", l);
      expr(i->test.get(), ind + 1, "test");
      expr(i->body.get(), ind + 1, "body");
      expr(i->orelse.get(), ind + 1, "orelse");
      return;
    }
    case ExprKind::Call: {
      auto *c = cast<CallExpr>(e);
      line(ind, role, "Call", l);
      expr(c->func.get(), ind + 1, "func");
      for (const ExprPtr &a : c->args)
        expr(a.get(), ind + 1, "");
      for (const Keyword &k : c->keywords) {
        line(ind + 1, "", "keyword " + (k.name.empty() ? "**" : k.name),
             &k.loc);
        expr(k.value.get(), ind + 2, "");
      }
      return;
    }
    case ExprKind::Attribute: {
      auto *a = cast<AttributeExpr>(e);
      line(ind, role, "Attribute " + a->attr, l);
      expr(a->value.get(), ind + 1, "");
      return;
    }
    case ExprKind::Subscript: {
      auto *s = cast<SubscriptExpr>(e);
      line(ind, role, "Subscript", l);
      expr(s->value.get(), ind + 1, "");
      expr(s->index.get(), ind + 1, "index");
      return;
    }
    case ExprKind::Slice: {
      auto *s = cast<SliceExpr>(e);
      line(ind, role, "Slice", l);
      if (s->lower)
        expr(s->lower.get(), ind + 1, "lower");
      if (s->upper)
        expr(s->upper.get(), ind + 1, "upper");
      if (s->step)
        expr(s->step.get(), ind + 1, "step");
      return;
    }
    case ExprKind::Tuple:
    case ExprKind::List:
    case ExprKind::Set: {
      const char *name = e->kind == ExprKind::Tuple  ? "Tuple"
                         : e->kind == ExprKind::List ? "List"
                                                     : "Set";
      line(ind, role, name, l);
      for (const ExprPtr &x : cast<SequenceExpr>(e)->elts)
        expr(x.get(), ind + 1, "");
      return;
    }
    case ExprKind::Dict: {
      auto *d = cast<DictExpr>(e);
      line(ind, role, "Dict", l);
      for (size_t i = 0; i < d->keys.size(); ++i) {
        if (d->keys[i])
          expr(d->keys[i].get(), ind + 1, "key");
        expr(d->values[i].get(), ind + 1, d->keys[i] ? "value" : "unpack");
      }
      return;
    }
    case ExprKind::Lambda: {
      auto *lam = cast<LambdaExpr>(e);
      line(ind, role, "Lambda", l);
      params(lam->params, ind + 1);
      expr(lam->body.get(), ind + 1, "body");
      return;
    }
    case ExprKind::ListComp: {
      auto *c = cast<ListCompExpr>(e);
      line(ind, role, c->isGenerator ? "GeneratorExp" : "ListComp", l);
      expr(c->elt.get(), ind + 1, "elt");
      generators(c->generators, ind + 1);
      return;
    }
    case ExprKind::Yield: {
      auto *y = cast<YieldExpr>(e);
      line(ind, role, y->isFrom ? "YieldFrom" : "Yield", l);
      if (y->value)
        expr(y->value.get(), ind + 1, "value");
      return;
    }
    case ExprKind::DictComp: {
      auto *c = cast<DictCompExpr>(e);
      line(ind, role, "DictComp", l);
      expr(c->key.get(), ind + 1, "key");
      expr(c->value.get(), ind + 1, "value");
      generators(c->generators, ind + 1);
      return;
    }
    case ExprKind::Starred:
      line(ind, role, "Starred", l);
      expr(cast<StarredExpr>(e)->value.get(), ind + 1, "");
      return;
    }
  }

  void stmt(const Stmt *s, int ind) {
    const Loc *l = &s->loc;
    switch (s->kind) {
    case StmtKind::Expr:
      line(ind, "", "Expr", l);
      expr(cast<ExprStmt>(s)->value.get(), ind + 1, "");
      return;
    case StmtKind::Assign: {
      auto *a = cast<AssignStmt>(s);
      line(ind, "", "Assign", l);
      for (const ExprPtr &t : a->targets)
        expr(t.get(), ind + 1, "target");
      expr(a->value.get(), ind + 1, "value");
      return;
    }
    case StmtKind::AugAssign: {
      auto *a = cast<AugAssignStmt>(s);
      line(ind, "", std::string("AugAssign ") + binOpSymbol(a->op) + "=", l);
      expr(a->target.get(), ind + 1, "target");
      expr(a->value.get(), ind + 1, "value");
      return;
    }
    case StmtKind::AnnAssign: {
      auto *a = cast<AnnAssignStmt>(s);
      line(ind, "", "AnnAssign", l);
      expr(a->target.get(), ind + 1, "target");
      expr(a->annotation.get(), ind + 1, "annotation");
      if (a->value)
        expr(a->value.get(), ind + 1, "value");
      return;
    }
    case StmtKind::Return:
      line(ind, "", "Return", l);
      if (cast<ReturnStmt>(s)->value)
        expr(cast<ReturnStmt>(s)->value.get(), ind + 1, "");
      return;
    case StmtKind::If: {
      auto *i = cast<IfStmt>(s);
      line(ind, "", "If", l);
      expr(i->test.get(), ind + 1, "test");
      block(i->body, ind + 1);
      orelse(i->orelse, ind + 1);
      return;
    }
    case StmtKind::While: {
      auto *w = cast<WhileStmt>(s);
      line(ind, "", "While", l);
      expr(w->test.get(), ind + 1, "test");
      block(w->body, ind + 1);
      orelse(w->orelse, ind + 1);
      return;
    }
    case StmtKind::For: {
      auto *f = cast<ForStmt>(s);
      line(ind, "", "For", l);
      expr(f->target.get(), ind + 1, "target");
      expr(f->iter.get(), ind + 1, "iter");
      block(f->body, ind + 1);
      orelse(f->orelse, ind + 1);
      return;
    }
    case StmtKind::Break:
      line(ind, "", "Break", l);
      return;
    case StmtKind::Continue:
      line(ind, "", "Continue", l);
      return;
    case StmtKind::Pass:
      line(ind, "", "Pass", l);
      return;
    case StmtKind::FunctionDef: {
      auto *f = cast<FunctionDefStmt>(s);
      line(ind, "", "FunctionDef " + f->name, l);
      for (const ExprPtr &d : f->decorators)
        expr(d.get(), ind + 1, "decorator");
      params(f->params, ind + 1);
      block(f->body, ind + 1);
      return;
    }
    case StmtKind::ClassDef: {
      auto *c = cast<ClassDefStmt>(s);
      line(ind, "", "ClassDef " + c->name, l);
      for (const ExprPtr &d : c->decorators)
        expr(d.get(), ind + 1, "decorator");
      for (const ExprPtr &b : c->bases)
        expr(b.get(), ind + 1, "base");
      for (const Keyword &k : c->keywords)
        expr(k.value.get(), ind + 1, "keyword " + k.name);
      block(c->body, ind + 1);
      return;
    }
    case StmtKind::Import:
    case StmtKind::ImportFrom: {
      const std::vector<ImportAlias> *names;
      if (auto *i = dyn_cast<ImportStmt>(s)) {
        line(ind, "", "Import", l);
        names = &i->names;
      } else {
        auto *f = cast<ImportFromStmt>(s);
        line(ind, "", "ImportFrom " + f->module, l);
        names = &f->names;
      }
      for (const ImportAlias &a : *names)
        line(ind + 1, "",
             "alias " + a.name + (a.asname.empty() ? "" : " as " + a.asname),
             &a.loc);
      return;
    }
    case StmtKind::Assert: {
      auto *a = cast<AssertStmt>(s);
      line(ind, "", "Assert", l);
      expr(a->test.get(), ind + 1, "test");
      if (a->msg)
        expr(a->msg.get(), ind + 1, "msg");
      return;
    }
    case StmtKind::With: {
      auto *w = cast<WithStmt>(s);
      line(ind, "", "With", l);
      for (const WithItem &item : w->items) {
        line(ind + 1, "", "withitem");
        expr(item.context.get(), ind + 2, "context");
        if (item.target)
          expr(item.target.get(), ind + 2, "as");
      }
      block(w->body, ind + 1);
      return;
    }
    case StmtKind::Delete:
      line(ind, "", "Delete", l);
      for (const ExprPtr &t : cast<DeleteStmt>(s)->targets)
        expr(t.get(), ind + 1, "");
      return;
    case StmtKind::Try: {
      auto *t = cast<TryStmt>(s);
      line(ind, "", "Try", l);
      block(t->body, ind + 1);
      for (const ExceptHandler &h : t->handlers) {
        line(ind + 1, "", "ExceptHandler" + (h.name.empty() ? "" : " as " + h.name), &h.loc);
        if (h.type)
          expr(h.type.get(), ind + 2, "type");
        block(h.body, ind + 2);
      }
      orelse(t->orelse, ind + 1);
      if (!t->finalbody.empty()) {
        line(ind + 1, "", "finally:");
        block(t->finalbody, ind + 2);
      }
      return;
    }
    case StmtKind::Raise: {
      auto *r = cast<RaiseStmt>(s);
      line(ind, "", "Raise", l);
      if (r->exc)
        expr(r->exc.get(), ind + 1, "exc");
      if (r->cause)
        expr(r->cause.get(), ind + 1, "cause");
      return;
    }
    case StmtKind::Global:
    case StmtKind::Nonlocal: {
      auto *g = cast<ScopeDeclStmt>(s);
      std::string names;
      for (const std::string &n : g->names)
        names += " " + n;
      line(ind, "", (g->isGlobal() ? "Global" : "Nonlocal") + names, l);
      return;
    }
    case StmtKind::Unsupported:
      line(ind, "", "Unsupported " + cast<UnsupportedStmt>(s)->what, l);
      return;
    }
  }
};

} // namespace

std::string dumpAst(const Module &m) {
  Dumper d;
  d.out = "Module\n";
  d.block(m.body, 1);
  return std::move(d.out);
}

} // namespace parax::frontend
