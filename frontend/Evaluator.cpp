//===- Evaluator.cpp - statements, scopes and calls -----------------------===//
//
// Executes statements and user-function calls. Expressions are in
// EvalExpr.cpp, Python operators in Operators.cpp, attribute access in
// Attributes.cpp, builtins in Builtins.cpp.
//
// Scoping follows Python 3: a function's local names are those it assigns
// anywhere in its body (computed once per body in functionInfo); other names
// resolve through the defining scopes at *lookup* time, which gives closures
// Python's late binding.
//
//===----------------------------------------------------------------------===//
#include "frontend/Evaluator.h"
#include "frontend/Trace.h"
#include "runtime/Backend.h"

#include <algorithm>

namespace parax::frontend {

void installBuiltins(Evaluator &ev, std::unordered_map<std::string, Value> &b);
void installModules(Evaluator &ev, std::unordered_map<std::string, Value> &m);

[[noreturn]] void raise(const std::string &kind, const std::string &msg,
                        const std::string &hint) {
  throw ParaxError(kind, msg, Loc{}, hint);
}

std::string closestName(const std::string &name,
                        const std::vector<std::string> &candidates) {
  std::string best;
  size_t bestDist = std::max<size_t>(2, name.size() / 3) + 1;
  for (const std::string &c : candidates) {
    // Levenshtein distance with transpositions counted as one edit.
    size_t n = name.size(), m = c.size();
    std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1));
    for (size_t i = 0; i <= n; ++i)
      d[i][0] = i;
    for (size_t j = 0; j <= m; ++j)
      d[0][j] = j;
    for (size_t i = 1; i <= n; ++i)
      for (size_t j = 1; j <= m; ++j) {
        size_t cost = name[i - 1] == c[j - 1] ? 0 : 1;
        d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1,
                            d[i - 1][j - 1] + cost});
        if (i > 1 && j > 1 && name[i - 1] == c[j - 2] &&
            name[i - 2] == c[j - 1])
          d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    if (d[n][m] < bestDist) {
      bestDist = d[n][m];
      best = c;
    }
  }
  return best;
}

Evaluator::Evaluator(EvalOptions opts, runtime::Backend &backend,
                     OutputSink out)
    : opts_(std::move(opts)), backend_(backend), out_(std::move(out)),
      globals_(std::make_shared<Scope>()), scope_(globals_) {
  installBuiltins(*this, builtins_);
  installModules(*this, modules_);
  globals_->vars["__name__"] = Value::str("__main__");
  backend_.setPrintSink(out_);
}

/// A nested function stored in the scope it closes over is a reference
/// cycle (Python's garbage collector would free it; shared_ptr cannot), and
/// that scope may hold tracers that keep whole IR modules alive. Scopes that
/// closures captured are remembered weakly and emptied when the evaluator
/// goes, so an embedding application can create and drop interpreters
/// without leaking.
void Evaluator::noteClosureScope(const std::shared_ptr<Scope> &s) {
  if (closureScopes_.size() >= 2 * closureScopesLive_ + 64) {
    std::erase_if(closureScopes_, [](const std::weak_ptr<Scope> &w) { return w.expired(); });
    closureScopesLive_ = closureScopes_.size();
  }
  closureScopes_.push_back(s);
}

Evaluator::~Evaluator() {
  for (auto &w : closureScopes_)
    if (auto s = w.lock())
      s->vars.clear();
  globals_->vars.clear();
}

Evaluator::FrameGuard::FrameGuard(Evaluator &ev, const std::string &label,
                                  Loc loc)
    : ev(ev), saved(ev.stack_) {
  ev.stack_ = TraceFrame::push(ev.stack_, label, loc);
}

void Evaluator::annotate(ParaxError &e, Loc loc) {
  Diagnostic &d = e.diag();
  if (!d.loc.valid()) {
    d.loc = loc;
    if (!d.stack)
      d.stack = stack_;
  }
}

//===----------------------------------------------------------------------===//
// Function info: which names are local
//===----------------------------------------------------------------------===//
namespace {
void collectTargetNames(const Expr *t, std::unordered_set<std::string> &out) {
  if (!t)
    return;
  if (auto *n = dyn_cast<NameExpr>(t))
    out.insert(n->id);
  else if (auto *s = dyn_cast<SequenceExpr>(t))
    for (auto &e : s->elts)
      collectTargetNames(e.get(), out);
  else if (auto *st = dyn_cast<StarredExpr>(t))
    collectTargetNames(st->value.get(), out);
}

void collectLocals(const Block &b, std::unordered_set<std::string> &out) {
  for (const StmtPtr &sp : b) {
    const Stmt *s = sp.get();
    switch (s->kind) {
    case StmtKind::Assign:
      for (auto &t : cast<AssignStmt>(s)->targets)
        collectTargetNames(t.get(), out);
      break;
    case StmtKind::AugAssign:
      collectTargetNames(cast<AugAssignStmt>(s)->target.get(), out);
      break;
    case StmtKind::AnnAssign:
      if (cast<AnnAssignStmt>(s)->value)
        collectTargetNames(cast<AnnAssignStmt>(s)->target.get(), out);
      break;
    case StmtKind::For: {
      auto *f = cast<ForStmt>(s);
      collectTargetNames(f->target.get(), out);
      collectLocals(f->body, out);
      collectLocals(f->orelse, out);
      break;
    }
    case StmtKind::While:
      collectLocals(cast<WhileStmt>(s)->body, out);
      collectLocals(cast<WhileStmt>(s)->orelse, out);
      break;
    case StmtKind::If:
      collectLocals(cast<IfStmt>(s)->body, out);
      collectLocals(cast<IfStmt>(s)->orelse, out);
      break;
    case StmtKind::With: {
      auto *w = cast<WithStmt>(s);
      for (auto &it : w->items)
        collectTargetNames(it.target.get(), out);
      collectLocals(w->body, out);
      break;
    }
    case StmtKind::FunctionDef:
      out.insert(cast<FunctionDefStmt>(s)->name);
      break;
    case StmtKind::Import:
      for (auto &a : cast<ImportStmt>(s)->names) {
        std::string n = a.asname.empty() ? a.name.substr(0, a.name.find('.'))
                                         : a.asname;
        out.insert(n);
      }
      break;
    case StmtKind::ImportFrom:
      for (auto &a : cast<ImportFromStmt>(s)->names)
        out.insert(a.asname.empty() ? a.name : a.asname);
      break;
    case StmtKind::Delete:
      for (auto &t : cast<DeleteStmt>(s)->targets)
        collectTargetNames(t.get(), out);
      break;
    default:
      break;
    }
  }
}
} // namespace

const FunctionInfo *Evaluator::functionInfo(const void *key,
                                            const Parameters &params,
                                            const Block *body,
                                            const Expr *exprBody) {
  auto it = infos_.find(key);
  if (it != infos_.end())
    return it->second.get();
  auto info = std::make_unique<FunctionInfo>();
  for (auto &p : params.positional)
    info->locals.insert(p.name);
  for (auto &p : params.kwonly)
    info->locals.insert(p.name);
  if (!params.varargs.empty())
    info->locals.insert(params.varargs);
  if (!params.kwargs.empty())
    info->locals.insert(params.kwargs);
  if (body)
    collectLocals(*body, info->locals);
  const FunctionInfo *raw = info.get();
  infos_[key] = std::move(info);
  return raw;
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//
Value Evaluator::lookup(const std::string &name, Frame &f, Loc loc) {
  Scope *s = f.scope.get();
  if (s->locals && s->locals->count(name)) {
    auto it = s->vars.find(name);
    if (it != s->vars.end())
      return it->second;
    raise("UnboundLocalError", "cannot access local variable '" + name +
                                   "' where it is not associated with a value");
  }
  for (; s; s = s->parent.get()) {
    auto it = s->vars.find(name);
    if (it != s->vars.end())
      return it->second;
  }
  auto g = globals_->vars.find(name);
  if (g != globals_->vars.end())
    return g->second;
  auto b = builtins_.find(name);
  if (b != builtins_.end())
    return b->second;
  std::vector<std::string> known;
  for (Scope *sc = f.scope.get(); sc; sc = sc->parent.get())
    for (auto &kv : sc->vars)
      known.push_back(kv.first);
  for (auto &kv : globals_->vars)
    known.push_back(kv.first);
  for (auto &kv : builtins_)
    known.push_back(kv.first);
  std::string close = closestName(name, known);
  std::string hint;
  if (name == "jnp" || name == "np" || name == "lax" || name == "jax")
    hint = "add the import, e.g. `import jax.numpy as jnp` or `from jax import lax`";
  else if (!close.empty())
    hint = "did you mean '" + close + "'?";
  raise("NameError", "name '" + name + "' is not defined", hint);
}

void Evaluator::assignName(const std::string &name, const Value &v, Frame &f) {
  f.scope->vars[name] = v;
}

void Evaluator::assign(const Expr &target, const Value &v, Frame &f) {
  switch (target.kind) {
  case ExprKind::Name:
    assignName(cast<NameExpr>(&target)->id, v, f);
    return;
  case ExprKind::Tuple:
  case ExprKind::List: {
    auto &elts = cast<SequenceExpr>(&target)->elts;
    std::vector<Value> items = iterate(v, target.loc);
    size_t star = elts.size();
    for (size_t i = 0; i < elts.size(); ++i)
      if (elts[i]->kind == ExprKind::Starred)
        star = i;
    if (star == elts.size()) {
      if (items.size() != elts.size()) {
        if (items.size() > elts.size())
          raise("ValueError", "too many values to unpack (expected " +
                                  std::to_string(elts.size()) + ")");
        raise("ValueError", "not enough values to unpack (expected " +
                                std::to_string(elts.size()) + ", got " +
                                std::to_string(items.size()) + ")");
      }
      for (size_t i = 0; i < elts.size(); ++i)
        assign(*elts[i], items[i], f);
      return;
    }
    size_t after = elts.size() - star - 1;
    if (items.size() < star + after)
      raise("ValueError", "not enough values to unpack (expected at least " +
                              std::to_string(star + after) + ", got " +
                              std::to_string(items.size()) + ")");
    for (size_t i = 0; i < star; ++i)
      assign(*elts[i], items[i], f);
    std::vector<Value> mid(items.begin() + star, items.end() - after);
    assign(*cast<StarredExpr>(elts[star].get())->value, Value::list(mid), f);
    for (size_t i = 0; i < after; ++i)
      assign(*elts[star + 1 + i], items[items.size() - after + i], f);
    return;
  }
  case ExprKind::Subscript: {
    auto *s = cast<SubscriptExpr>(&target);
    Value obj = eval(*s->value, f);
    Value idx = evalSubscriptIndex(*s->index, f);
    if (obj.isList()) {
      auto &el = obj.elements();
      int64_t i = toIndex(idx, "list indices");
      int64_t n = int64_t(el.size());
      if (i < 0)
        i += n;
      if (i < 0 || i >= n)
        raise("IndexError", "list assignment index out of range");
      el[size_t(i)] = v;
      return;
    }
    if (obj.isDict()) {
      std::string key;
      if (!hashableKey(idx, key))
        raise("TypeError", "unhashable type: '" + typeName(idx) + "'");
      obj.asDict().set(idx, v);
      return;
    }
    if (obj.isArrayValue()) {
      std::string name = s->value->kind == ExprKind::Name
                             ? cast<NameExpr>(s->value.get())->id
                             : "x";
      raise("TypeError",
            "JAX arrays are immutable and do not support in-place item "
            "assignment. Instead of x[idx] = y, use x = x.at[idx].set(y) or "
            "another .at[] method: "
            "https://docs.jax.dev/en/latest/_autosummary/"
            "jax.numpy.ndarray.at.html",
            "write `" + name + " = " + name + ".at[idx].set(value)`");
    }
    raise("TypeError",
          "'" + typeName(obj) + "' object does not support item assignment");
  }
  case ExprKind::Attribute:
    raise("AttributeError",
          "cannot set attribute '" + cast<AttributeExpr>(&target)->attr +
              "': attribute assignment is not part of parax");
  case ExprKind::Starred:
    raise("SyntaxError", "starred assignment target must be in a list or tuple");
  default:
    raise("SyntaxError", "cannot assign to expression");
  }
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//
void Evaluator::execModule(const Module &m, Value *lastExpr) {
  execModuleIn(m, globals_, lastExpr);
}

namespace {
/// Makes `scope` the evaluator's current scope for a C++ block.
struct ScopeSwap {
  std::shared_ptr<Scope> &slot;
  std::shared_ptr<Scope> saved;
  ScopeSwap(std::shared_ptr<Scope> &slot, std::shared_ptr<Scope> s)
      : slot(slot), saved(slot) {
    slot = std::move(s);
  }
  ~ScopeSwap() { slot = saved; }
};
} // namespace

void Evaluator::execModuleIn(const Module &m, std::shared_ptr<Scope> scope,
                             Value *lastExpr) {
  ScopeSwap swap(scope_, scope);
  Frame f{scope, {}};
  for (size_t i = 0; i < m.body.size(); ++i) {
    const Stmt &s = *m.body[i];
    if (lastExpr && i + 1 == m.body.size() && s.kind == StmtKind::Expr) {
      curLoc_ = s.loc;
      try {
        *lastExpr = eval(*cast<ExprStmt>(&s)->value, f);
      } catch (ParaxError &e) {
        annotate(e, s.loc);
        throw;
      }
      return;
    }
    Flow fl = execStmt(s, f);
    if (fl == Flow::Return)
      throw ParaxError("SyntaxError", "'return' outside function", s.loc);
    if (fl == Flow::Break || fl == Flow::Continue)
      throw ParaxError("SyntaxError", "'break' outside loop", s.loc);
  }
}

Value Evaluator::evalInGlobals(const Expr &e) {
  Frame f{globals_, {}};
  return eval(e, f);
}

Evaluator::Flow Evaluator::execBlock(const Block &b, Frame &f) {
  for (const StmtPtr &s : b) {
    Flow fl = execStmt(*s, f);
    if (fl != Flow::Normal)
      return fl;
  }
  return Flow::Normal;
}

Evaluator::Flow Evaluator::execStmt(const Stmt &s, Frame &f) {
  curLoc_ = s.loc;
  if (opts_.maxSteps && ++steps_ > opts_.maxSteps)
    throw ParaxError("RuntimeError", "the program exceeded its budget of " +
                                         std::to_string(opts_.maxSteps) + " steps",
                     s.loc);
  if (opts_.interrupt && opts_.interrupt->load(std::memory_order_relaxed))
    throw ParaxError("KeyboardInterrupt", "the program was interrupted", s.loc);
  try {
    checkStack();
    switch (s.kind) {
    case StmtKind::Expr:
      eval(*cast<ExprStmt>(&s)->value, f);
      return Flow::Normal;
    case StmtKind::Assign: {
      auto *a = cast<AssignStmt>(&s);
      Value v = eval(*a->value, f);
      for (auto &t : a->targets)
        assign(*t, v, f);
      return Flow::Normal;
    }
    case StmtKind::AugAssign: {
      auto *a = cast<AugAssignStmt>(&s);
      Value rhs = eval(*a->value, f);
      // Lists are mutable: `xs += it` extends and `xs *= n` repeats in place,
      // so other names bound to the same list see the change, as in Python.
      Value cur = eval(*a->target, f);
      if (cur.isList() && a->op == BinOpKind::Add) {
        auto items = iterate(rhs, a->value->loc);
        auto &el = cur.elements();
        el.insert(el.end(), items.begin(), items.end());
        return Flow::Normal;
      }
      if (cur.isList() && a->op == BinOpKind::Mul && (rhs.isInt() || rhs.isBool())) {
        Value repeated = binary(a->op, cur, rhs, s.loc);
        cur.elements() = repeated.elements();
        return Flow::Normal;
      }
      assign(*a->target, binary(a->op, cur, rhs, s.loc), f);
      return Flow::Normal;
    }
    case StmtKind::AnnAssign: {
      auto *a = cast<AnnAssignStmt>(&s);
      if (a->value)
        assign(*a->target, eval(*a->value, f), f);
      return Flow::Normal;
    }
    case StmtKind::Return: {
      auto *r = cast<ReturnStmt>(&s);
      f.returnValue = r->value ? eval(*r->value, f) : Value::none();
      return Flow::Return;
    }
    case StmtKind::If: {
      auto *i = cast<IfStmt>(&s);
      if (truthy(eval(*i->test, f)))
        return execBlock(i->body, f);
      return execBlock(i->orelse, f);
    }
    case StmtKind::While: {
      auto *w = cast<WhileStmt>(&s);
      while (true) {
        curLoc_ = w->test->loc;
        Value t = eval(*w->test, f);
        bool go;
        try {
          go = truthy(t);
        } catch (ParaxError &e) {
          if (e.diag().kind == "TracerBoolConversionError" &&
              e.diag().hint.find("axis_index") == std::string::npos)
            e.diag().hint = "a Python `while` on a traced value cannot be traced; "
                            "use lax.while_loop(cond_fun, body_fun, init_val)";
          throw;
        }
        if (!go)
          return execBlock(w->orelse, f);
        Flow fl = execBlock(w->body, f);
        if (fl == Flow::Break)
          return Flow::Normal;
        if (fl == Flow::Return)
          return fl;
      }
    }
    case StmtKind::For:
      return execFor(*cast<ForStmt>(&s), f);
    case StmtKind::Break:
      return Flow::Break;
    case StmtKind::Continue:
      return Flow::Continue;
    case StmtKind::Pass:
      return Flow::Normal;
    case StmtKind::FunctionDef: {
      auto *d = cast<FunctionDefStmt>(&s);
      // Decorators are evaluated before the function is created.
      std::vector<Value> decos;
      for (auto &de : d->decorators)
        decos.push_back(eval(*de, f));
      Value fn = makeFunction(d->name, d->loc, d->params, &d->body, nullptr, f);
      for (size_t i = decos.size(); i-- > 0;) {
        curLoc_ = d->decorators[i]->loc;
        try {
          fn = call(decos[i], {fn}, d->decorators[i]->loc);
        } catch (ParaxError &e) {
          annotate(e, d->decorators[i]->loc);
          throw;
        }
      }
      assignName(d->name, fn, f);
      return Flow::Normal;
    }
    case StmtKind::Import:
      execImport(*cast<ImportStmt>(&s), f);
      return Flow::Normal;
    case StmtKind::ImportFrom:
      execImportFrom(*cast<ImportFromStmt>(&s), f);
      return Flow::Normal;
    case StmtKind::Assert: {
      auto *a = cast<AssertStmt>(&s);
      if (!truthy(eval(*a->test, f))) {
        std::string msg = a->msg ? str(eval(*a->msg, f)) : "";
        throw ParaxError("AssertionError", msg.empty() ? "assertion failed" : msg,
                         s.loc);
      }
      return Flow::Normal;
    }
    case StmtKind::With:
      return execWith(*cast<WithStmt>(&s), f);
    case StmtKind::Delete: {
      for (auto &t : cast<DeleteStmt>(&s)->targets) {
        if (auto *n = dyn_cast<NameExpr>(t.get())) {
          if (!f.scope->vars.erase(n->id))
            raise("NameError", "name '" + n->id + "' is not defined");
        } else if (auto *sub = dyn_cast<SubscriptExpr>(t.get())) {
          Value obj = eval(*sub->value, f);
          Value idx = evalSubscriptIndex(*sub->index, f);
          if (obj.isDict()) {
            if (!obj.asDict().erase(idx))
              raise("KeyError", repr(idx));
          } else if (obj.isList()) {
            auto &el = obj.elements();
            int64_t i = toIndex(idx, "list indices");
            if (i < 0)
              i += int64_t(el.size());
            if (i < 0 || i >= int64_t(el.size()))
              raise("IndexError", "list assignment index out of range");
            el.erase(el.begin() + i);
          } else {
            raise("TypeError", "'" + typeName(obj) +
                                   "' object doesn't support item deletion");
          }
        } else {
          raise("SyntaxError", "cannot delete this expression");
        }
      }
      return Flow::Normal;
    }
    case StmtKind::Unsupported: {
      auto *u = cast<UnsupportedStmt>(&s);
      raise("NotImplementedError", u->what + " are not part of parax");
    }
    }
  } catch (ParaxError &e) {
    annotate(e, s.loc);
    throw;
  }
  return Flow::Normal;
}

Evaluator::Flow Evaluator::execFor(const ForStmt &s, Frame &f) {
  Value it = eval(*s.iter, f);
  auto runBody = [&](const Value &item) -> std::optional<Flow> {
    assign(*s.target, item, f);
    Flow fl = execBlock(s.body, f);
    if (fl == Flow::Break)
      return Flow::Normal;
    if (fl == Flow::Return)
      return fl;
    return std::nullopt;
  };
  if (it.is(Value::Kind::Range)) {
    // Iterate lazily: `for i in range(10**9)` must not build a list.
    auto *r = it.as<RangeObj>();
    int64_t n = r->length();
    for (int64_t i = 0; i < n; ++i)
      if (auto fl = runBody(Value::integer(r->at(i))))
        return *fl;
  } else {
    for (const Value &item : iterate(it, s.iter->loc))
      if (auto fl = runBody(item))
        return *fl;
  }
  return execBlock(s.orelse, f);
}

Evaluator::Flow Evaluator::execWith(const WithStmt &s, Frame &f) {
  // The only context managers in the subset: jax.disable_jit() and
  // jax.numpy_dtype_promotion/default_device-like no-ops are not provided.
  int entered = 0;
  for (auto &item : s.items) {
    Value ctx = eval(*item.context, f);
    auto *n = ctx.kind() == Value::Kind::Native ? ctx.as<NativeObject>() : nullptr;
    if (!n || n->typeName() != "disable_jit") {
      curLoc_ = item.context->loc;
      raise("TypeError",
            "'" + typeName(ctx) +
                "' object does not support the context manager protocol",
            "the only context manager in parax is `with jax.disable_jit():`");
    }
    if (item.target)
      assign(*item.target, Value::none(), f);
    ++disableJitDepth;
    ++entered;
  }
  struct Exit {
    Evaluator &ev;
    int n;
    ~Exit() { ev.disableJitDepth -= n; }
  } exit{*this, entered};
  return execBlock(s.body, f);
}

void Evaluator::execImport(const ImportStmt &s, Frame &f) {
  for (const ImportAlias &a : s.names) {
    curLoc_ = a.loc;
    Value mod = importModule(a.name, a.loc);
    if (!a.asname.empty()) {
      assignName(a.asname, mod, f);
    } else {
      // `import jax.numpy` binds `jax`.
      std::string top = a.name.substr(0, a.name.find('.'));
      assignName(top, importModule(top, a.loc), f);
    }
  }
}

void Evaluator::execImportFrom(const ImportFromStmt &s, Frame &f) {
  curLoc_ = s.moduleLoc.valid() ? s.moduleLoc : s.loc;
  Value mod = importModule(s.module, s.moduleLoc);
  for (const ImportAlias &a : s.names) {
    curLoc_ = a.loc;
    if (a.name == "*") {
      raise("NotImplementedError", "`from " + s.module +
                                       " import *` is not part of parax",
            "import the names you use explicitly");
    }
    Value v;
    auto *m = mod.as<ModuleObject>();
    if (m && m->getAttr(*this, a.name, v)) {
      assignName(a.asname.empty() ? a.name : a.asname, v, f);
      continue;
    }
    // A submodule (`from jax import numpy`).
    auto sub = modules_.find(s.module + "." + a.name);
    if (sub != modules_.end()) {
      assignName(a.asname.empty() ? a.name : a.asname, sub->second, f);
      continue;
    }
    std::string close = m ? closestName(a.name, m->attrNames()) : "";
    throw ParaxError("ImportError",
                     "cannot import name '" + a.name + "' from '" + s.module +
                         "'" + (m ? " (parax provides no such name)" : ""),
                     a.loc, close.empty() ? "" : "did you mean '" + close + "'?");
  }
}

Value Evaluator::importModule(const std::string &dotted, Loc loc) {
  auto it = modules_.find(dotted);
  if (it != modules_.end())
    return it->second;
  std::string top = dotted.substr(0, dotted.find('.'));
  std::string hint = "parax provides jax, jax.numpy, jax.lax, jax.random, "
                     "numpy, math, time and functools";
  throw ParaxError("ModuleNotFoundError",
                   "parax provides no module '" + dotted + "'", loc, hint);
}

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//
Value Evaluator::makeFunction(const std::string &name, Loc loc,
                              const Parameters &p, const Block *body,
                              const Expr *exprBody, Frame &f) {
  auto fn = std::make_shared<FunctionObj>();
  fn->name = name;
  fn->loc = loc;
  fn->params = &p;
  fn->body = body;
  fn->exprBody = exprBody;
  for (auto &prm : p.positional) {
    fn->hasDefault.push_back(prm.defaultValue != nullptr);
    fn->defaults.push_back(prm.defaultValue ? eval(*prm.defaultValue, f)
                                            : Value::none());
  }
  for (auto &prm : p.kwonly) {
    fn->kwHasDefault.push_back(prm.defaultValue != nullptr);
    fn->kwDefaults.push_back(prm.defaultValue ? eval(*prm.defaultValue, f)
                                              : Value::none());
  }
  // Module-level functions close over globals (looked up at the end anyway).
  fn->closure = f.scope == globals_ ? nullptr : f.scope;
  if (fn->closure)
    noteClosureScope(fn->closure);
  const void *key = body ? static_cast<const void *>(body)
                         : static_cast<const void *>(exprBody);
  fn->info = functionInfo(key, p, body, exprBody);
  return Value::object(Value::Kind::Function, fn);
}

void Evaluator::bindParams(FunctionObj &fn, CallArgs &args, Scope &scope) {
  const Parameters &p = *fn.params;
  size_t npos = p.positional.size();
  std::vector<bool> bound(npos, false);
  std::string fname = fn.name + "()";
  for (size_t i = 0; i < args.args.size(); ++i) {
    if (i < npos) {
      scope.vars[p.positional[i].name] = args.args[i];
      bound[i] = true;
    }
  }
  if (args.args.size() > npos) {
    if (p.varargs.empty()) {
      size_t req = 0;
      for (bool h : fn.hasDefault)
        req += !h;
      std::string expected = req == npos ? std::to_string(npos)
                                         : "from " + std::to_string(req) +
                                               " to " + std::to_string(npos);
      raise("TypeError", fname + " takes " + expected + " positional argument" +
                             (npos == 1 && req == npos ? "" : "s") + " but " +
                             std::to_string(args.args.size()) +
                             (args.args.size() == 1 ? " was" : " were") +
                             " given");
    }
    scope.vars[p.varargs] = Value::tuple(
        std::vector<Value>(args.args.begin() + npos, args.args.end()));
  } else if (!p.varargs.empty()) {
    scope.vars[p.varargs] = Value::tuple({});
  }
  Value kwdict = Value::dict();
  for (auto &kw : args.kwargs) {
    bool found = false;
    for (size_t i = 0; i < npos; ++i)
      if (p.positional[i].name == kw.first) {
        if (bound[i])
          raise("TypeError",
                fname + " got multiple values for argument '" + kw.first + "'");
        scope.vars[kw.first] = kw.second;
        bound[i] = true;
        found = true;
      }
    for (auto &k : p.kwonly)
      if (k.name == kw.first) {
        scope.vars[kw.first] = kw.second;
        found = true;
      }
    if (!found) {
      if (p.kwargs.empty())
        raise("TypeError",
              fname + " got an unexpected keyword argument '" + kw.first + "'");
      kwdict.asDict().set(Value::str(kw.first), kw.second);
    }
  }
  if (!p.kwargs.empty())
    scope.vars[p.kwargs] = kwdict;
  std::vector<std::string> missing;
  for (size_t i = 0; i < npos; ++i)
    if (!bound[i]) {
      if (fn.hasDefault[i])
        scope.vars[p.positional[i].name] = fn.defaults[i];
      else
        missing.push_back(p.positional[i].name);
    }
  if (!missing.empty()) {
    std::string names;
    for (size_t i = 0; i < missing.size(); ++i) {
      if (i)
        names += i + 1 == missing.size() ? " and " : ", ";
      names += "'" + missing[i] + "'";
    }
    raise("TypeError", fname + " missing " + std::to_string(missing.size()) +
                           " required positional argument" +
                           (missing.size() > 1 ? "s" : "") + ": " + names);
  }
  for (size_t i = 0; i < p.kwonly.size(); ++i)
    if (!scope.vars.count(p.kwonly[i].name)) {
      if (fn.kwHasDefault[i])
        scope.vars[p.kwonly[i].name] = fn.kwDefaults[i];
      else
        raise("TypeError", fname + " missing 1 required keyword-only argument: '" +
                               p.kwonly[i].name + "'");
    }
}

Value Evaluator::callFunction(FunctionObj &fn, CallArgs &args) {
  // Python's limit on nested calls, then the native stack actually left
  // (short on embedding threads; see ir/StackGuard.h).
  if (depth_ >= kMaxCallDepth)
    raise("RecursionError", "maximum recursion depth exceeded",
          "a function recursed " + std::to_string(kMaxCallDepth) +
              " calls deep (Python's limit); rewrite the recursion as a loop");
  checkStack();
  ++depth_;
  struct DepthGuard {
    int &d;
    ~DepthGuard() { --d; }
  } guard{depth_};
  auto scope = std::make_shared<Scope>();
  scope->parent = fn.closure;
  scope->locals = &fn.info->locals;
  bindParams(fn, args, *scope);
  ScopeSwap swap(scope_, scope);
  Frame frame{scope, {}};
  if (fn.exprBody)
    return eval(*fn.exprBody, frame);
  Flow fl = execBlock(*fn.body, frame);
  if (fl == Flow::Break || fl == Flow::Continue)
    raise("SyntaxError", "'break' outside loop");
  return fl == Flow::Return ? frame.returnValue : Value::none();
}

Value Evaluator::call(const Value &f, CallArgs &args) {
  // Native callables nest too (partial(partial(...)), jit of jit, map).
  checkStack();
  switch (f.kind()) {
  case Value::Kind::Function: {
    FunctionObj &fn = f.asFunction();
    FrameGuard frame(*this, fn.name, args.loc);
    return callFunction(fn, args);
  }
  case Value::Kind::Native: {
    auto *n = f.as<NativeObject>();
    if (!n->callable())
      break;
    return n->call(*this, args);
  }
  case Value::Kind::DType: {
    // jnp.float32(3.0): a scalar array of that dtype.
    Value conv = getAttr(importModule("jax.numpy", args.loc), "asarray", args.loc);
    if (args.args.size() != 1)
      raise("TypeError", std::string(dtypeName(f.asDType())) +
                             "() takes exactly one argument");
    CallArgs a;
    a.args = {args.args[0]};
    a.kwargs = {{"dtype", Value::dtype(f.asDType())}};
    a.loc = args.loc;
    return call(conv, a);
  }
  default:
    break;
  }
  raise("TypeError", "'" + typeName(f) + "' object is not callable");
}

Value Evaluator::call(const Value &f, std::vector<Value> args, Loc loc) {
  CallArgs a;
  a.args = std::move(args);
  a.loc = loc.valid() ? loc : curLoc_;
  return call(f, a);
}

Value Evaluator::callAs(const Value &f, CallArgs &args, const std::string &label) {
  FrameGuard frame(*this, label, args.loc);
  if (f.kind() == Value::Kind::Function)
    return callFunction(f.asFunction(), args);
  return call(f, args);
}

Value Evaluator::callLabelled(const Value &f, std::vector<Value> args,
                              const std::string &label, Loc loc) {
  CallArgs a;
  a.args = std::move(args);
  a.loc = loc.valid() ? loc : curLoc_;
  if (f.kind() == Value::Kind::Function && !label.empty()) {
    FunctionObj &fn = f.asFunction();
    FrameGuard frame(*this, label, a.loc);
    return callFunction(fn, a);
  }
  if (!label.empty()) {
    FrameGuard frame(*this, label, a.loc);
    return call(f, a);
  }
  return call(f, a);
}

} // namespace parax::frontend
