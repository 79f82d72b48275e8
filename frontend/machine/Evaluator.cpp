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
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/FastArithmetic.h"
#include "frontend/machine/Placeholder.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/Generators.h"
#include "frontend/machine/Iterators.h"
#include "frontend/machine/DictMethods.h"
#include "frontend/machine/Hashing.h"
#include "frontend/machine/Sets.h"
#include "frontend/syntax/Parser.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/EmbeddedPython.h"
#include "runtime/Backend.h"

#include <algorithm>

namespace parax::frontend {

void installBuiltins(Evaluator &ev, NameMap<Value> &b);
void installModules(Evaluator &ev, std::unordered_map<std::string, Value> &m);

[[noreturn]] void raise(const std::string &kind, const std::string &msg,
                        const std::string &hint) {
  throw ParaxError(kind, msg, Loc{}, hint);
}

Evaluator::Evaluator(EvalOptions opts, runtime::Backend &backend,
                     OutputSink out)
    : opts_(std::move(opts)), backend_(backend), out_(std::move(out)),
      globals_(std::make_shared<Scope>()), scope_(globals_) {
  excTypes_ = std::make_unique<ExceptionTypes>();
  installBuiltins(*this, builtins_);
  installModules(*this, modules_);
  installExceptions(*this, *excTypes_, builtins_, modules_);
  globals_->vars["__name__"] = Value::str("__main__");
  enterEvaluator(this);
  backend_.setPrintSink(out_);
}

namespace {
// Freed scope blocks (a Scope and its shared_ptr control block, one size)
// kept for reuse on this thread. Plain storage, so a scope freed while the
// thread's destructors run (or after) still finds it; `closed` then sends
// blocks back to the heap.
struct ScopeBlocks {
  static constexpr int kKeep = 256;
  void *free[kKeep];
  int count = 0;
  size_t blockBytes = 0;
  bool closed = false;
};
thread_local ScopeBlocks tScopeBlocks;
struct ScopeBlocksCloser {
  ~ScopeBlocksCloser() {
    tScopeBlocks.closed = true;
    while (tScopeBlocks.count > 0)
      ::operator delete(tScopeBlocks.free[--tScopeBlocks.count]);
  }
};
thread_local ScopeBlocksCloser tScopeBlocksCloser;

template <typename T> struct ScopeAllocator {
  using value_type = T;
  ScopeAllocator() = default;
  template <typename U> ScopeAllocator(const ScopeAllocator<U> &) {}
  T *allocate(size_t n) {
    ScopeBlocks &b = tScopeBlocks;
    (void)&tScopeBlocksCloser; // registers the closer on this thread
    if (n * sizeof(T) == b.blockBytes && b.count > 0)
      return static_cast<T *>(b.free[--b.count]);
    return static_cast<T *>(::operator new(n * sizeof(T)));
  }
  void deallocate(T *p, size_t n) {
    ScopeBlocks &b = tScopeBlocks;
    if (!b.closed && b.count < ScopeBlocks::kKeep &&
        (b.blockBytes == 0 || b.blockBytes == n * sizeof(T))) {
      b.blockBytes = n * sizeof(T);
      b.free[b.count++] = p;
      return;
    }
    ::operator delete(p);
  }
  template <typename U> bool operator==(const ScopeAllocator<U> &) const { return true; }
  template <typename U> bool operator!=(const ScopeAllocator<U> &) const { return false; }
};
} // namespace

std::shared_ptr<Scope> newScope() {
  return std::allocate_shared<Scope>(ScopeAllocator<Scope>());
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
  // Suspended generators first: their stacks hold values of this
  // evaluator's scopes; they unwind without running Python.
  tearingDown_ = true;
  for (auto &w : generators_)
    if (auto g = w.lock())
      g->kill();
  leaveEvaluator(this);
  for (auto &w : closureScopes_)
    if (auto s = w.lock())
      s->clear();
  globals_->vars.clear();
}


void Evaluator::annotate(ParaxError &e, Loc loc) {
  Diagnostic &d = e.diag();
  if (!d.loc.valid()) {
    d.loc = loc;
    if (!d.stack)
      d.stack = callStack();
  }
}

//===----------------------------------------------------------------------===//
// Function info: which names are local
//===----------------------------------------------------------------------===//
namespace {
void collectTargetNames(const Expr *t, NameSet &out) {
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

void collectLocals(const Block &b, NameSet &out) {
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
    case StmtKind::ClassDef:
      out.insert(cast<ClassDefStmt>(s)->name);
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
    case StmtKind::Try: {
      auto *t = cast<TryStmt>(s);
      collectLocals(t->body, out);
      for (auto &h : t->handlers) {
        if (!h.name.empty())
          out.insert(h.name);
        collectLocals(h.body, out);
      }
      collectLocals(t->orelse, out);
      collectLocals(t->finalbody, out);
      break;
    }
    default:
      break;
    }
  }
}
/// Whether a body (not its nested defs) has a try or with statement.
bool hasHandlers(const Block &b) {
  for (const StmtPtr &sp : b) {
    const Stmt *s = sp.get();
    if (s->kind == StmtKind::Try || s->kind == StmtKind::With)
      return true;
    if (auto *i = dyn_cast<IfStmt>(s)) {
      if (hasHandlers(i->body) || hasHandlers(i->orelse))
        return true;
    } else if (auto *w = dyn_cast<WhileStmt>(s)) {
      if (hasHandlers(w->body) || hasHandlers(w->orelse))
        return true;
    } else if (auto *f = dyn_cast<ForStmt>(s)) {
      if (hasHandlers(f->body) || hasHandlers(f->orelse))
        return true;
    }
  }
  return false;
}

/// The global/nonlocal declarations of a body (not of nested defs).
void collectDecls(const Block &b, NameMap<bool> &out) {
  for (const StmtPtr &sp : b) {
    const Stmt *s = sp.get();
    if (auto *g = dyn_cast<ScopeDeclStmt>(s))
      for (auto &n : g->names)
        out[n] = g->isGlobal();
    else if (auto *i = dyn_cast<IfStmt>(s)) {
      collectDecls(i->body, out);
      collectDecls(i->orelse, out);
    } else if (auto *w = dyn_cast<WhileStmt>(s)) {
      collectDecls(w->body, out);
      collectDecls(w->orelse, out);
    } else if (auto *f = dyn_cast<ForStmt>(s)) {
      collectDecls(f->body, out);
      collectDecls(f->orelse, out);
    } else if (auto *w = dyn_cast<WithStmt>(s)) {
      collectDecls(w->body, out);
    } else if (auto *t = dyn_cast<TryStmt>(s)) {
      collectDecls(t->body, out);
      for (auto &h : t->handlers)
        collectDecls(h.body, out);
      collectDecls(t->orelse, out);
      collectDecls(t->finalbody, out);
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
  if (body) {
    collectLocals(*body, info->locals);
    // Declared names live in another scope.
    collectDecls(*body, info->declared);
    info->hasHandlers = hasHandlers(*body);
    for (auto &d : info->declared)
      info->locals.erase(d.first);
  }
  // Slots: parameters first, in binding order, then the other locals.
  auto addSlot = [&](const std::string &n) {
    if (info->locals.count(n) && info->slotOf.emplace(n, uint32_t(info->slotNames.size())).second)
      info->slotNames.push_back(n);
  };
  for (auto &p : params.positional)
    addSlot(p.name);
  for (auto &p : params.kwonly)
    addSlot(p.name);
  if (!params.varargs.empty())
    addSlot(params.varargs);
  if (!params.kwargs.empty())
    addSlot(params.kwargs);
  std::vector<std::string> rest(info->locals.begin(), info->locals.end());
  std::sort(rest.begin(), rest.end());
  for (auto &n : rest)
    addSlot(n);
  info->paramsInSlots = true;
  for (size_t i = 0; i < params.positional.size(); ++i)
    if (i >= info->slotNames.size() || info->slotNames[i] != params.positional[i].name)
      info->paramsInSlots = false;
  info->plainParams = info->paramsInSlots && params.varargs.empty() &&
                      params.kwargs.empty() && params.kwonly.empty();
  static std::atomic<uint64_t> nextLayout{1};
  info->layoutId = nextLayout.fetch_add(1, std::memory_order_relaxed);
  const FunctionInfo *raw = info.get();
  infos_[key] = std::move(info);
  return raw;
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//
namespace {
/// The module scope a function of a module parax ships in Python runs in
/// (its `global` names live there, not in the program's globals); null for
/// the program's own functions.
Scope *libraryModuleScope(Scope *s) {
  Scope *root = s;
  while (root->parent)
    root = root->parent.get();
  return root != s && !root->locals && !root->classBody ? root : nullptr;
}
} // namespace

const Value *Evaluator::lookupOuter(HashedName key, Scope *first) const {
  for (Scope *p = first; p && p != globals_.get(); p = p->parent.get()) {
    if (const Value *v = p->find(key))
      return v;
    // A function that declares the name global makes it global for the
    // functions nested in it too.
    if (p->declared) {
      auto d = p->declared->find(key);
      if (d != p->declared->end() && d->second)
        break;
    }
  }
  auto g = globals_->vars.find(key);
  if (g != globals_->vars.end())
    return &g->second;
  auto b = builtins_.find(key);
  return b != builtins_.end() ? &b->second : nullptr;
}

namespace {
/// The index of an AST site in the evaluators' lookup caches, handed out
/// process-wide on first use (an AST may be run by several evaluators;
/// each keeps its own entries).
uint32_t cacheIndexOf(uint32_t &site) {
  static std::atomic<uint32_t> nextIndex{1};
  std::atomic_ref<uint32_t> index(site);
  uint32_t i = index.load(std::memory_order_relaxed);
  if (i == 0) {
    uint32_t mine = nextIndex.fetch_add(1, std::memory_order_relaxed);
    i = index.compare_exchange_strong(i, mine, std::memory_order_relaxed) ? mine : i;
  }
  return i;
}
/// Sites past this many are not cached (their tables would grow too big).
constexpr uint32_t kMaxCacheIndex = 1u << 22;
} // namespace

const Evaluator::ClassAttrs &Evaluator::classAttrsAt(const AttributeExpr &a,
                                                     const ClassObj &cls) {
  // Two entries per site (a call site often sees a class and a subclass),
  // the newer first.
  uint32_t i = cacheIndexOf(a.classCacheIndex);
  uint64_t epoch = ClassObj::epoch();
  size_t at = 2 * size_t(i);
  if (at + 1 < classCache_.size())
    for (size_t k = at; k < at + 2; ++k)
      if (classCache_[k].cls == &cls && classCache_[k].epoch == epoch)
        return classCache_[k];
  ClassAttrs e{&cls, epoch, cls.lookup(a.attr), cls.lookup("__setattr__")};
  if (i >= kMaxCacheIndex) {
    thread_local ClassAttrs scratch;
    return scratch = e;
  }
  if (at + 1 >= classCache_.size())
    classCache_.resize(std::max<size_t>(at + 2, 2 * classCache_.size()));
  classCache_[at + 1] = classCache_[at];
  return classCache_[at] = e;
}

namespace {
/// The instance `obj` is when it is a plain one (not a subclass of a
/// built-in type or another kind of native object), else null.
InstanceObj *plainInstance(const Value &obj) {
  if (obj.kind() != Value::Kind::Native)
    return nullptr;
  Object *o = obj.objectPtr().get();
  if (typeid(*o) != typeid(InstanceObj))
    return nullptr;
  auto *inst = static_cast<InstanceObj *>(o);
  return inst->builtinValue.isNone() ? inst : nullptr;
}
bool isDunder(const std::string &name) { return name.size() > 4 && name[0] == '_' && name[1] == '_'; }
} // namespace

bool Evaluator::instanceAttr(const AttributeExpr &a, const Value &obj, Value &out) {
  InstanceObj *inst = plainInstance(obj);
  if (!inst || isDunder(a.attr))
    return false;
  // No class attribute of that name (so no property): the instance's own
  // value is the answer, as InstanceObj::getAttr would find.
  if (classAttrsAt(a, *inst->cls()).attr)
    return false;
  const Value *v = inst->ownAttr(a.attr);
  if (!v)
    return false;
  out = *v;
  return true;
}

bool Evaluator::storeInstanceAttr(const AttributeExpr &a, const Value &obj, const Value &v) {
  InstanceObj *inst = plainInstance(obj);
  if (!inst || isDunder(a.attr))
    return false;
  const ClassAttrs &c = classAttrsAt(a, *inst->cls());
  if (c.setattr || (c.attr && c.attr->kind() == Value::Kind::Native))
    return false; // __setattr__, or perhaps a property: InstanceObj::setAttr
  inst->setOwnAttr(a.attr, v);
  return true;
}

const Value *Evaluator::cachedGlobal(const NameExpr &n) {
  uint32_t i = cacheIndexOf(n.globalIndex);
  uint64_t stamp = globals_->vars.stamp();
  if (i < globalCache_.size() && globalCache_[i].stamp == stamp && globalCache_[i].value)
    return globalCache_[i].value;
  const Value *v = lookupOuter(HashedName{n.id, n.hash}, nullptr);
  if (v && i < kMaxCacheIndex) {
    if (i >= globalCache_.size())
      globalCache_.resize(std::max<size_t>(i + 1, 2 * globalCache_.size()));
    globalCache_[i] = {stamp, v};
  }
  return v;
}

Value Evaluator::lookup(HashedName key, Frame &f, Loc loc) {
  Scope *s = f.scope.get();
  if (s->declared) {
    auto d = s->declared->find(key);
    // `global x`: skip the enclosing function scopes.
    if (d != s->declared->end() && d->second) {
      if (Scope *m = libraryModuleScope(s)) {
        if (Value *v = m->find(key))
          return *v;
      }
      s = nullptr;
    }
  }
  if (s) {
    // The common case first: a name bound in the running scope.
    if (Value *v = s->find(key))
      return *v;
    if (s->locals && s->locals->count(key))
      raise("UnboundLocalError", "cannot access local variable '" + std::string(key.text) +
                                     "' where it is not associated with a value");
  }
  if (const Value *v = lookupOuter(key, s ? s->parent.get() : nullptr))
    return *v;
  const std::string name(key.text);
  std::vector<std::string> known;
  for (Scope *sc = f.scope.get(); sc; sc = sc->parent.get())
    sc->forEach([&](const std::string &n, const Value &) { known.push_back(n); });
  for (auto &kv : globals_->vars)
    known.push_back(kv.first);
  for (auto &kv : builtins_)
    known.push_back(kv.first);
  std::string hint;
  if (name == "jnp" || name == "np" || name == "lax" || name == "jax")
    hint = "add the import, e.g. `import jax.numpy as jnp` or `from jax import lax`";
  else
    hint = unknownNameHint("", name, known);
  raise("NameError", "name '" + name + "' is not defined", hint);
}

namespace {
/// The scope a `global`/`nonlocal` name of `s` binds in (null: `s` itself).
Scope *declaredScope(Scope &s, Scope &globals, const std::string &name) {
  if (!s.declared)
    return nullptr;
  auto d = s.declared->find(name);
  if (d == s.declared->end())
    return nullptr;
  if (d->second) {
    Scope *m = libraryModuleScope(&s);
    return m ? m : &globals;
  }
  for (Scope *p = s.parent.get(); p; p = p->parent.get())
    if (p->locals && p->locals->count(name))
      return p;
  raise("SyntaxError", "no binding for nonlocal '" + name + "' found");
}
} // namespace

void Evaluator::assignName(const std::string &name, const Value &v, Frame &f) {
  if (Scope *target = declaredScope(*f.scope, *globals_, name)) {
    target->set(name, v);
    return;
  }
  bool fresh = f.scope->set(name, v);
  if (fresh && f.scope->classBody)
    f.scope->definitionOrder.push_back(name);
}

bool Evaluator::deleteName(const std::string &name, Frame &f) {
  Scope *target = declaredScope(*f.scope, *globals_, name);
  return (target ? target : f.scope.get())->erase(name);
}

void Evaluator::storeItem(const SubscriptExpr &target, const Value &obj, const Value &idx,
                          const Value &v) {
  const SubscriptExpr *s = &target;
  Value ignored;
  if (obj.kind() == Value::Kind::Native && callSpecial(*this, obj, "__setitem__", {idx, v}, ignored))
    return;
  if (obj.isList()) {
    auto &el = obj.elements();
    if (idx.is(Value::Kind::Slice)) {
      assignListSlice(*this, el, idx, v, s->loc);
      recountList(obj);
      return;
    }
    int64_t i = idx.isInt() ? idx.asInt() : toIndex(idx, "list indices");
    int64_t n = int64_t(el.size());
    if (i < 0)
      i += n;
    if (i < 0 || i >= n)
      raise("IndexError", "list assignment index out of range");
    el[size_t(i)] = v;
    return;
  }
  if (obj.isDict()) {
    pyHash(*this, idx); // unhashable keys raise TypeError, as in Python
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

void Evaluator::storeAttr(const AttributeExpr &target, const Value &obj, const Value &v) {
  if (storeInstanceAttr(target, obj, v))
    return;
  setAttribute(obj, target.attr, v);
}

void Evaluator::setAttribute(const Value &obj, const std::string &name, const Value &v) {
  if (obj.kind() == Value::Kind::Native) {
    if (auto *inst = asInstance(obj)) {
      inst->setAttr(*this, name, v);
      return;
    }
    if (auto *exc = obj.as<ExceptionValue>()) {
      exc->setAttr(*this, name, v);
      return;
    }
    if (auto *cls = obj.as<ClassObj>()) {
      cls->setAttr(name, v);
      return;
    }
    if (auto *mod = obj.as<ModuleObject>()) { // sys.stdout = buffer
      mod->set(name, v);
      return;
    }
  }
  if (obj.kind() == Value::Kind::Function) {
    auto &attrs = obj.asFunction().attrs;
    for (auto &kv : attrs)
      if (kv.first == name) {
        kv.second = v;
        return;
      }
    attrs.emplace_back(name, v);
    return;
  }
  raise("AttributeError", "'" + typeName(obj) + "' object attribute '" + name +
                              "' is read-only");
}

void Evaluator::assign(const Expr &target, const Value &v, Frame &f) {
  switch (target.kind) {
  case ExprKind::Name: {
    auto *n = cast<NameExpr>(&target);
    // A function's local: its slot (declared names have none).
    if (int i = cachedSlot(*n, *f.scope); i >= 0) {
      f.scope->slots[i] = v;
      return;
    }
    // Rebinding a name the scope already holds: one hashed probe.
    if (!f.scope->declared) {
      auto it = f.scope->vars.find(HashedName{n->id, n->hash});
      if (it != f.scope->vars.end()) {
        it->second = v;
        return;
      }
    }
    assignName(n->id, v, f);
    return;
  }
  case ExprKind::Tuple:
  case ExprKind::List: {
    auto &elts = cast<SequenceExpr>(&target)->elts;
    size_t star = elts.size();
    for (size_t i = 0; i < elts.size(); ++i)
      if (elts[i]->kind == ExprKind::Starred)
        star = i;
    // Without a starred target, one item more than the targets decides
    // "too many values" (an endless iterator included).
    std::vector<Value> items = star == elts.size()
                                   ? takeItems(*this, v, elts.size() + 1, target.loc)
                                   : iterate(v, target.loc);
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
    storeItem(*s, obj, evalSubscriptIndex(*s->index, f), v);
    return;
  }
  case ExprKind::Attribute: {
    auto *at = cast<AttributeExpr>(&target);
    storeAttr(*at, eval(*at->value, f), v);
    return;
  }
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
      : slot(slot), saved(std::move(slot)) {
    slot = std::move(s);
  }
  ~ScopeSwap() { slot = std::move(saved); }
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

Evaluator::Flow Evaluator::execAugAssign(const AugAssignStmt &aug, Frame &f) {
  const AugAssignStmt *a = &aug;
  // As Python does: the target's object and index once (a[f()] += 1
  // calls f once), then its current value, then the right-hand side.
  const Expr &target = *a->target;
  auto *sub = dyn_cast<SubscriptExpr>(&target);
  auto *att = dyn_cast<AttributeExpr>(&target);
  Value obj, idx, cur;
  // xs[i] += ... of a list and an int: read and written in place (the
  // right-hand side may resize the list: the index is checked again).
  auto listItem = [&]() -> Value * {
    // obj is a list this statement may write: the item is not const.
    return sub && obj.isList() ? const_cast<Value *>(sequenceItem(obj, idx)) : nullptr;
  };
  if (sub || att) {
    obj = evalOperand(sub ? *sub->value : *att->value, f);
    if (sub)
      idx = evalSubscriptIndex(*sub->index, f);
    curLoc_ = target.loc;
    try {
      if (Value *item = listItem())
        cur = *item;
      else if (!att || !instanceAttr(*att, obj, cur))
        cur = sub ? getItem(obj, idx, target.loc) : getAttr(obj, att->attr, target.loc);
    } catch (ParaxError &err) {
      annotate(err, target.loc);
      throw;
    }
  } else {
    cur = evalOperand(target, f);
  }
  Value rhs = evalOperand(*a->value, f);
  auto store = [&](const Value &r) {
    if (Value *item = listItem())
      *item = r;
    else if (sub)
      storeItem(*sub, obj, idx, r);
    else if (att)
      storeAttr(*att, obj, r);
    else
      assign(target, r, f);
  };
  if (Value q; fastArithmetic(a->op, cur, rhs, q)) {
    store(q);
    return Flow::Normal;
  }
  // Lists are mutable: `xs += it` extends and `xs *= n` repeats in place,
  // so other names bound to the same list see the change, as in Python.
  if (classOfInstance(cur)) {
    Value r;
    if (callSpecial(*this, cur, inplaceDunder(a->op), {rhs}, r) &&
        !r.identical(notImplemented())) {
      store(r);
      return Flow::Normal;
    }
  }
  if (setInplace(*this, a->op, cur, rhs) || // s |= t mutates s
      dictInplace(*this, a->op, cur, rhs))
    return Flow::Normal;
  if (cur.isList() && a->op == BinOpKind::Add) {
    auto items = iterate(rhs, a->value->loc);
    growList(cur, items.size());
    auto &el = cur.elements();
    el.insert(el.end(), items.begin(), items.end());
    return Flow::Normal;
  }
  if (cur.isList() && a->op == BinOpKind::Mul && (rhs.isInt() || rhs.isBool())) {
    Value repeated = binary(a->op, cur, rhs, a->loc);
    cur.elements() = std::move(repeated.elements());
    recountList(cur);
    return Flow::Normal;
  }
  store(binary(a->op, cur, rhs, a->loc));
  return Flow::Normal;
}

Evaluator::Flow Evaluator::execStmt(const Stmt &s, Frame &f) {
  curLoc_ = s.loc;
  if (opts_.maxSteps && ++steps_ > opts_.maxSteps)
    throw ParaxError("RuntimeError", "the program exceeded its budget of " +
                                         std::to_string(opts_.maxSteps) + " steps",
                     s.loc);
  if (opts_.stop)
    opts_.stop->check(s.loc);
  try {
    checkStack();
    switch (s.kind) {
    case StmtKind::Expr:
      eval(*cast<ExprStmt>(&s)->value, f);
      return Flow::Normal;
    case StmtKind::Assign: {
      auto *a = cast<AssignStmt>(&s);
      Value v = eval(*a->value, f);
      // `x = ...` to a function's local: the value moves into its slot.
      if (a->targets.size() == 1 && a->targets[0]->kind == ExprKind::Name)
        if (int i = cachedSlot(*cast<NameExpr>(a->targets[0].get()), *f.scope); i >= 0) {
          f.scope->slots[i] = std::move(v);
          return Flow::Normal;
        }
      for (auto &t : a->targets)
        assign(*t, v, f);
      return Flow::Normal;
    }
    case StmtKind::AugAssign:
      return execAugAssign(*cast<AugAssignStmt>(&s), f);
    case StmtKind::AnnAssign: {
      auto *a = cast<AnnAssignStmt>(&s);
      if (f.scope->classBody)
        if (auto *n = dyn_cast<NameExpr>(a->target.get()))
          if (std::find(f.scope->annotations.begin(), f.scope->annotations.end(), n->id) ==
              f.scope->annotations.end())
            f.scope->annotations.push_back(n->id);
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
      Value t = eval(*i->test, f);
      bool b;
      if (!fastTruthy(t, b))
        b = truthy(t);
      if (b)
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
          if (!fastTruthy(t, go))
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
      Value fn = makeFunction(d->name, d->loc, d->params, &d->body, nullptr, f, d->isGenerator);
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
    case StmtKind::ClassDef:
      execClassDef(*cast<ClassDefStmt>(&s), f);
      return Flow::Normal;
    case StmtKind::Import:
      execImport(*cast<ImportStmt>(&s), f);
      return Flow::Normal;
    case StmtKind::ImportFrom:
      execImportFrom(*cast<ImportFromStmt>(&s), f);
      return Flow::Normal;
    case StmtKind::Assert: {
      auto *a = cast<AssertStmt>(&s);
      if (!truthy(eval(*a->test, f))) {
        // An AssertionError value whose args are the message as given
        // (`except AssertionError as e` sees e.args == (msg,) or ()).
        std::vector<Value> args;
        if (a->msg)
          args.push_back(eval(*a->msg, f));
        Value exc = call(excTypes_->value("AssertionError"), args, s.loc);
        RaisedError err = makeRaisedError(*this, exc, s.loc);
        if (err.diag().message.empty())
          err.diag().message = "assertion failed";
        if (ExceptionValue *e = asException(exc)) {
          e->diag = err.diag();
          e->hasDiag = true;
        }
        throw err;
      }
      return Flow::Normal;
    }
    case StmtKind::With:
      return execWith(*cast<WithStmt>(&s), f);
    case StmtKind::Delete: {
      for (auto &t : cast<DeleteStmt>(&s)->targets) {
        if (auto *n = dyn_cast<NameExpr>(t.get())) {
          if (!deleteName(n->id, f))
            raise("NameError", "name '" + n->id + "' is not defined");
        } else if (auto *at = dyn_cast<AttributeExpr>(t.get())) {
          Value obj = eval(*at->value, f);
          if (auto *inst = obj.kind() == Value::Kind::Native ? asInstance(obj) : nullptr)
            inst->delAttr(*this, at->attr);
          else if (auto *cls = asClass(obj); cls && cls->delAttr(at->attr))
            ;
          else
            raise("AttributeError", "cannot delete attribute '" + at->attr + "' of '" +
                                        typeName(obj) + "' object");
        } else if (auto *sub = dyn_cast<SubscriptExpr>(t.get())) {
          Value obj = eval(*sub->value, f);
          Value idx = evalSubscriptIndex(*sub->index, f);
          Value ignored;
          if (callSpecial(*this, obj, "__delitem__", {idx}, ignored)) {
          } else if (obj.isDict()) {
            if (!obj.asDict().erase(idx))
              raiseKeyError(*this, idx);
          } else if (obj.isList() && idx.is(Value::Kind::Slice)) {
            deleteListSlice(*this, obj.elements(), idx);
            recountList(obj);
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
    case StmtKind::Try:
      return execTry(*cast<TryStmt>(&s), f);
    case StmtKind::Global:
    case StmtKind::Nonlocal:
      return Flow::Normal; // decided statically (functionInfo)
    case StmtKind::Raise:
      execRaise(*cast<RaiseStmt>(&s), f);
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

bool Evaluator::currentMethodContext(std::shared_ptr<ClassObj> &cls, Value &self) const {
  if (calls_.empty())
    return false;
  auto [fn, scope] = calls_.back();
  cls = fn->definingClass.lock();
  if (!cls || fn->params->positional.empty())
    return false;
  Value *v = scope->find(fn->params->positional[0].name);
  if (!v)
    return false;
  self = *v;
  return true;
}

namespace {
/// The function inside a class-body member (plain, static, class method or
/// property accessor), for recording its defining class.
void forEachFunction(const Value &v, const std::function<void(FunctionObj &)> &fn) {
  if (v.kind() == Value::Kind::Function) {
    fn(v.asFunction());
    return;
  }
  if (v.kind() != Value::Kind::Native)
    return;
  if (auto *sm = v.as<StaticMethodObj>())
    forEachFunction(sm->fn, fn);
  else if (auto *cm = v.as<ClassMethodObj>())
    forEachFunction(cm->fn, fn);
  else if (auto *p = v.as<PropertyObj>())
    for (const Value *acc : {&p->fget, &p->fset, &p->fdel})
      forEachFunction(*acc, fn);
}
} // namespace

void Evaluator::execClassDef(const ClassDefStmt &s, Frame &f) {
  std::vector<Value> decos;
  for (auto &de : s.decorators)
    decos.push_back(eval(*de, f));
  std::vector<std::shared_ptr<ClassObj>> bases;
  // class E(ValueError): an exception type whose body is a class (see
  // ExceptionType::userClass); its ClassObj derives from the parent user
  // exception's class, if any.
  std::shared_ptr<ExceptionType> exceptionBase;
  for (auto &b : s.bases) {
    Value v = eval(*b, f);
    if (ExceptionType *et = asExceptionType(v)) {
      if (exceptionBase)
        raise("NotImplementedError", "a class deriving from two exception classes is not "
                                     "supported by parax");
      exceptionBase = std::static_pointer_cast<ExceptionType>(et->shared_from_this());
      if (et->userClass)
        bases.push_back(et->userClass);
      continue;
    }
    ClassObj *c = asClass(v);
    if (auto *t = v.kind() == Value::Kind::Native ? v.as<TypeObject>() : nullptr; t && !c) {
      // class D(dict), class S(str) ...: the builtin's stand-in class.
      std::string tn = t->repr().substr(8, t->repr().size() - 10);
      if (isSubclassableBuiltin(tn)) {
        bases.push_back(builtinBaseClass(*this, tn));
        continue;
      }
      if (tn == "bool" || tn == "slice" || tn == "range")
        raise("TypeError", "type '" + tn + "' is not an acceptable base type",
              tn == "bool" ? "derive from int, or wrap the value in a class of your own"
                           : "wrap the value in a class of your own");
    }
    if (!c)
      raise("TypeError", "a class can only derive from classes; " + repr(v) + " (of type " +
                             typeName(v) + ") is not a class parax supports as a base",
            "parax classes derive from object, user classes, exceptions and dict, list, "
            "tuple, set, frozenset, str, int, float");
    bases.push_back(std::static_pointer_cast<ClassObj>(c->shared_from_this()));
  }
  // metaclass= (or a base's) and the other keywords, for __init_subclass__.
  std::shared_ptr<ClassObj> metaclass;
  std::vector<std::pair<std::string, Value>> classKeywords;
  for (auto &k : s.keywords) {
    if (k.name.empty())
      raise("NotImplementedError", "class keywords from **mapping are not supported by parax");
    Value kv = eval(*k.value, f);
    if (k.name != "metaclass") {
      classKeywords.emplace_back(k.name, kv);
      continue;
    }
    if (ClassObj *m = asClass(kv))
      metaclass = std::static_pointer_cast<ClassObj>(m->shared_from_this());
    else if (!(kv.kind() == Value::Kind::Native && kv.as<TypeObject>() &&
               kv.as<TypeObject>()->repr() == "<class 'type'>"))
      raise("TypeError", "metaclass must be a class, not " + typeName(kv));
  }
  for (auto &b : bases)
    if (!metaclass && b->metaclass)
      metaclass = b->metaclass;
  if (bases.empty())
    bases.push_back(std::static_pointer_cast<ClassObj>(
        asClass(builtin("object"))->shared_from_this()));
  std::string builtinBase;
  for (auto &b : bases) {
    const std::string &t = builtinTypeOf(*b);
    if (!t.empty() && !builtinBase.empty() && t != builtinBase)
      raise("TypeError", "multiple bases have instance lay-out conflict",
            "derive from one builtin type (" + builtinBase + " or " + t + ") only");
    if (!t.empty())
      builtinBase = t;
  }
  // Classes of an embedded module (collections.defaultdict) are that module's.
  std::string module = "__main__";
  if (isLibraryFile(s.loc.file)) { // "<parax>/collections.py"
    std::string file = SourceRegistry::name(s.loc.file);
    if (file.rfind("<parax>/", 0) == 0 && file.size() > 11)
      module = file.substr(8, file.size() - 11);
  }
  auto cls = std::make_shared<ClassObj>(s.name, module, bases);
  cls->linearize();
  cls->metaclass = metaclass;
  cls->qualname = qualnameIn(f, s.name);
  auto scope = std::make_shared<Scope>();
  scope->classBody = true;
  scope->qualname = cls->qualname;
  scope->parent = f.scope == globals_ ? nullptr : f.scope;
  {
    ScopeSwap swap(scope_, scope);
    Frame body{scope, {}};
    execBlock(s.body, body);
  }
  for (const std::string &name : scope->definitionOrder) {
    auto it = scope->vars.find(name);
    if (it == scope->vars.end())
      continue; // deleted in the body
    forEachFunction(it->second, [&](FunctionObj &fn) { fn.definingClass = cls; });
    if (name == "__slots__") {
      cls->hasSlots = true;
      std::vector<Value> names =
          it->second.isStr() ? std::vector<Value>{it->second} : iterate(it->second, s.loc);
      for (const Value &n : names)
        if (n.isStr())
          cls->slots.push_back(n.asStr());
    }
    cls->setAttr(name, it->second);
  }
  cls->annotations = scope->annotations;
  Value v = Value::object(Value::Kind::Native, cls);
  if (exceptionBase) {
    auto et = std::make_shared<ExceptionType>(module + "." + s.name, exceptionBase);
    et->userClass = cls;
    v = Value::object(Value::Kind::Native, et);
  }
  for (ClassObj *base : cls->mro())
    if (base != cls.get() && base->subclassHook) {
      base->subclassHook(*this, *cls);
      break;
    }
  // A base's __init_subclass__ (an implicit classmethod) gets the new class
  // and the class statement's keywords.
  const Value *initSub = cls->lookupAfter(cls.get(), "__init_subclass__");
  if (initSub && !exceptionBase) {
    Value fn = *initSub;
    if (auto *cm = fn.kind() == Value::Kind::Native ? fn.as<ClassMethodObj>() : nullptr)
      fn = cm->fn;
    CallArgs ia;
    ia.args = {Value::object(Value::Kind::Native, cls)};
    ia.kwargs = classKeywords;
    ia.loc = s.loc;
    curLoc_ = s.loc;
    call(fn, ia);
  } else if (!classKeywords.empty()) {
    raise("TypeError", s.name + ".__init_subclass__() takes no keyword arguments");
  }
  for (size_t i = decos.size(); i-- > 0;) {
    curLoc_ = s.decorators[i]->loc;
    try {
      v = call(decos[i], {v}, s.decorators[i]->loc);
    } catch (ParaxError &e) {
      annotate(e, s.decorators[i]->loc);
      throw;
    }
  }
  assignName(s.name, v, f);
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
    // Item by item: a generator's next value is made when the body wants it.
    ItemCursor items(*this, it, s.iter->loc);
    for (Value item; items.next(item);)
      if (auto fl = runBody(item))
        return *fl;
  }
  return execBlock(s.orelse, f);
}

Evaluator::Flow Evaluator::execWith(const WithStmt &s, Frame &f) {
  return execWithFrom(s, 0, f);
}

Evaluator::Flow Evaluator::execWithFrom(const WithStmt &s, size_t item, Frame &f) {
  if (item == s.items.size())
    return execBlock(s.body, f);
  const WithItem &it = s.items[item];
  Value ctx = eval(*it.context, f);
  if (ClassObj *cls = classOfInstance(ctx); cls && cls->lookup("__enter__")) {
    // The context manager protocol: __exit__ runs however the rest of the
    // statement ends; a true result from it swallows the error.
    Value entered;
    callSpecial(*this, ctx, "__enter__", {}, entered);
    if (it.target)
      assign(*it.target, entered, f);
    Flow fl;
    try {
      fl = execWithFrom(s, item + 1, f);
    } catch (ParaxError &e) {
      annotate(e, s.loc);
      // __exit__(type, value, traceback) runs while the error is handled:
      // an error it raises gets this one as __context__.
      Value exc = exceptionFromError(*this, *excTypes_, e);
      ExceptionValue *x = asException(exc);
      if (x && !x->hasDiag) {
        x->diag = e.diag();
        x->hasDiag = true;
      }
      Value type = x ? Value::object(Value::Kind::Native, x->type()) : Value::none();
      Value suppress;
      handling_.push_back(exc);
      struct Pop {
        std::vector<Value> &v;
        size_t n;
        ~Pop() { v.resize(n); }
      } pop{handling_, handling_.size() - 1};
      try {
        callSpecial(*this, ctx, "__exit__", {type, exc, Value::none()}, suppress);
      } catch (ParaxError &inner) {
        auto *raised = dynamic_cast<RaisedError *>(&inner);
        if (raised && raised->exception().identical(exc))
          throw;
        throw chainContext(*this, *excTypes_, inner, exc);
      }
      if (truthy(suppress))
        return Flow::Normal;
      throw;
    }
    Value ignored;
    callSpecial(*this, ctx, "__exit__", {Value::none(), Value::none(), Value::none()}, ignored);
    return fl;
  }
  auto *n = ctx.kind() == Value::Kind::Native ? ctx.asNative() : nullptr;
  if (!n || n->typeName() != "disable_jit") {
    curLoc_ = it.context->loc;
    raise("TypeError",
          "'" + typeName(ctx) + "' object does not support the context manager protocol",
          "a context manager is an object with __enter__ and __exit__ methods, or "
          "jax.disable_jit()");
  }
  if (it.target)
    assign(*it.target, Value::none(), f);
  ++disableJitDepth;
  struct Exit {
    Evaluator &ev;
    ~Exit() { --ev.disableJitDepth; }
  } exit{*this};
  return execWithFrom(s, item + 1, f);
}

Evaluator::Flow Evaluator::execTry(const TryStmt &s, Frame &f) {
  // What RAII guards restore as an error unwinds through them; reset here
  // as well, so that a caught error never leaves a trace, a frame or a
  // disable_jit level behind whatever raised it.
  // Inside a generator's body, traces, axes and depth are counted from
  // the bases its resumer set (a later resume may come from elsewhere).
  const size_t traces = traces_.size() - tracesBase_, axes = eagerAxes.size() - axesBase_,
               handling = handling_.size();
  const TraceStack stack = stack_;
  const size_t pendingFrames = lazyFrames_.size();
  const int jitDepth = disableJitDepth, depth = depth_ - depthBase_;
  const bool muted = muted_;
  auto restore = [&] {
    if (traces_.size() > tracesBase_ + traces)
      traces_.resize(tracesBase_ + traces);
    if (eagerAxes.size() > axesBase_ + axes)
      eagerAxes.resize(axesBase_ + axes);
    if (handling_.size() > handling)
      handling_.resize(handling);
    if (lazyFrames_.size() >= pendingFrames) { // else made real, and popped since
      lazyFrames_.shrink(pendingFrames);
      stack_ = stack;
    }
    disableJitDepth = jitDepth;
    depth_ = depthBase_ + depth;
    muted_ = muted;
    scope_ = f.scope;
  };
  Flow fl = Flow::Normal;
  std::exception_ptr pending; // an error that `finally` must re-raise
  try {
    bool raised = false;
    try {
      fl = execBlock(s.body, f);
    } catch (ParaxError &e) {
      if (s.handlers.empty())
        throw;
      restore();
      raised = true;
      Value exc = exceptionFromError(*this, *excTypes_, e);
      // Keep where it was raised, for a bare re-raise.
      if (ExceptionValue *x = asException(exc); x && !x->hasDiag) {
        x->diag = e.diag();
        x->hasDiag = true;
      }
      const ExceptHandler *h = nullptr;
      for (const ExceptHandler &hd : s.handlers) {
        if (!hd.type) {
          h = &hd;
          break;
        }
        Value spec = eval(*hd.type, f);
        curLoc_ = hd.type->loc;
        try {
          if (exceptionMatches(exc, spec)) {
            h = &hd;
            break;
          }
        } catch (ParaxError &bad) {
          annotate(bad, hd.type->loc);
          throw;
        }
      }
      if (!h)
        throw;
      handling_.push_back(exc);
      struct Pop {
        std::vector<Value> &v;
        size_t n;
        ~Pop() { v.resize(n); }
      } pop{handling_, handling};
      if (!h->name.empty())
        assignName(h->name, exc, f);
      // `except E as e` unbinds e at the end of the clause, as in Python.
      struct Unbind {
        Evaluator &ev;
        const std::string &name;
        Frame &f;
        ~Unbind() {
          try {
            if (!name.empty())
              ev.deleteName(name, f);
          } catch (ParaxError &) {
          }
        }
      } unbind{*this, h->name, f};
      try {
        fl = execBlock(h->body, f);
      } catch (ParaxError &inner) {
        throw chainContext(*this, *excTypes_, inner, exc);
      }
    }
    if (!raised && fl == Flow::Normal)
      fl = execBlock(s.orelse, f);
  } catch (const GeneratorKill &) {
    throw; // a discarded generator unwinding: no Python runs
  } catch (...) {
    if (s.finalbody.empty())
      throw;
    pending = std::current_exception();
    restore();
  }
  if (!s.finalbody.empty()) {
    Value returning = f.returnValue;
    Flow ff;
    try {
      ff = execBlock(s.finalbody, f);
    } catch (ParaxError &inner) {
      if (!pending)
        throw;
      // The pending error becomes the new one's __context__.
      try {
        std::rethrow_exception(pending);
      } catch (ParaxError &old) {
        throw chainContext(*this, *excTypes_, inner,
                           exceptionFromError(*this, *excTypes_, old));
      } catch (...) {
      }
      throw;
    }
    // return/break/continue in `finally` discards the pending error or
    // the earlier return, as in Python.
    if (ff != Flow::Normal)
      return ff;
    f.returnValue = returning;
    if (pending)
      std::rethrow_exception(pending);
  }
  return fl;
}

void Evaluator::execRaise(const RaiseStmt &s, Frame &f) {
  if (!s.exc) {
    if (handling_.empty())
      raise("RuntimeError", "No active exception to reraise");
    Value exc = handling_.back();
    ExceptionValue *e = asException(exc);
    if (e && e->hasDiag) // re-raise reports where it was first raised
      throw RaisedError(e->diag, exc);
    throw makeRaisedError(*this, exc, s.loc);
  }
  Value exc = eval(*s.exc, f);
  Value cause;
  if (s.cause)
    cause = eval(*s.cause, f);
  curLoc_ = s.loc;
  RaisedError err = makeRaisedError(*this, exc, s.loc);
  ExceptionValue *e = asException(err.exception());
  auto describe = [](const Value &v) {
    ExceptionValue *x = asException(v);
    std::string msg = x->str();
    return x->type()->name() + (msg.empty() ? "" : ": " + msg);
  };
  auto noteOf = [&](const Value &v, const std::string &what) {
    ExceptionValue *x = asException(v);
    err.diag().notes.push_back({x->hasDiag ? x->diag.loc : Loc{}, what + describe(v)});
  };
  if (s.cause) {
    if (asExceptionType(cause))
      cause = call(cause, {}, s.cause->loc);
    if (!cause.isNone() && !asException(cause))
      raise("TypeError", "exception causes must derive from BaseException");
    e->cause = cause;
    e->suppressContext = true;
  }
  if (!handling_.empty())
    setContext(err.exception(), handling_.back());
  if (!e->cause.isNone())
    noteOf(e->cause, "this exception was directly caused by ");
  else if (!e->suppressContext && !e->context.isNone())
    noteOf(e->context, "raised while handling ");
  e->diag = err.diag();
  e->hasDiag = true;
  throw err;
}

void Evaluator::noteImport(const std::string &dotted) {
  if (dotted.compare(0, 3, "jax") == 0 && (dotted.size() == 3 || dotted[3] == '.'))
    jaxImported = true;
}

void Evaluator::execImport(const ImportStmt &s, Frame &f) {
  for (const ImportAlias &a : s.names) {
    curLoc_ = a.loc;
    noteImport(a.name);
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
  noteImport(s.module);
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
    if (m && (m->getAttr(*this, a.name, v) || (loadHalfFor(*m) && m->getAttr(*this, a.name, v)))) {
      assignName(a.asname.empty() ? a.name : a.asname, v, f);
      continue;
    }
    // A submodule (`from jax import numpy`, `from jax.scipy import special`).
    std::string subName = s.module + "." + a.name;
    auto sub = modules_.find(subName);
    if (sub != modules_.end() || embeddedPythonSource(subName) || isKnownJaxModule(subName)) {
      assignName(a.asname.empty() ? a.name : a.asname, importModule(subName, a.loc), f);
      continue;
    }
    // A JAX name parax lacks: a placeholder that fails where it is used.
    if (isJaxApiName(s.module, a.name)) {
      assignName(a.asname.empty() ? a.name : a.asname, makePlaceholder(subName), f);
      continue;
    }
    std::string hint =
        unknownNameHint(m ? m->name() : s.module, a.name,
                        m ? m->attrNames() : std::vector<std::string>{});
    throw ParaxError("ImportError",
                     "cannot import name '" + a.name + "' from '" + s.module +
                         "'" + (m ? " (parax provides no such name)" : ""),
                     a.loc, hint);
  }
}

Value Evaluator::importModule(const std::string &dotted, Loc loc) {
  auto it = modules_.find(dotted);
  if (it != modules_.end()) {
    // A native module with a Python half gets it on first import (not at
    // start-up: most programs never import it). JAX's native modules get
    // theirs later still, when a name is missing (most programs use only
    // the C++ half of jax.numpy, and parsing the rest would slow start-up).
    if (embeddedPythonSource(dotted) && !isJaxModuleName(dotted) &&
        extendedModules_.insert(dotted).second)
      loadEmbeddedModule(dotted, it->second.as<ModuleObject>());
    return it->second;
  }
  // As in Python, a submodule's parents are imported first, and it becomes
  // their attribute (`import jax.scipy.special` makes jax.scipy.special).
  size_t dot = dotted.rfind('.');
  // A parent still running its own body (os.py imports os.path) is not
  // imported again: its module object appears when its body finishes.
  std::string parentName = dot == std::string::npos ? "" : dotted.substr(0, dot);
  Value parent = parentName.empty() || importing_.count(parentName)
                     ? Value()
                     : importModule(parentName, loc);
  importing_.insert(dotted);
  struct Done {
    std::unordered_set<std::string> &s;
    const std::string &n;
    ~Done() { s.erase(n); }
  } done{importing_, dotted};
  Value found = loadEmbeddedModule(dotted);
  if (found.isNone() && isKnownJaxModule(dotted))
    found = Value::object(Value::Kind::Native, std::make_shared<ModuleObject>(dotted));
  if (!found.isNone()) {
    if (auto *pm = parent.as<ModuleObject>()) {
      Value existing;
      if (!pm->getAttr(*this, dotted.substr(dot + 1), existing))
        pm->set(dotted.substr(dot + 1), found);
    }
    return modules_[dotted] = found;
  }
  std::string top = dotted.substr(0, dotted.find('.'));
  std::string hint = "parax provides jax (numpy, lax, random, nn, tree_util, errors), numpy, "
                     "math, time, functools, operator, itertools, typing, collections, "
                     "dataclasses, sys, os, io, json, copy, enum, abc, numbers, string, "
                     "textwrap, warnings, contextlib, logging, heapq, bisect, statistics and re";
  throw ParaxError("ModuleNotFoundError",
                   "parax provides no module '" + dotted + "'", loc, hint);
}

bool Evaluator::loadHalfFor(ModuleObject &m) {
  // JAX's modules and numpy have Python halves (lib/python/NAME.py): the
  // functions composed of the C++ ones, loaded on the first name C++ lacks.
  bool halved = isJaxModuleName(m.name()) || m.name() == "numpy";
  if (!halved || !embeddedPythonSource(m.name()) ||
      !extendedModules_.insert(m.name()).second)
    return false;
  loadEmbeddedModule(m.name(), &m);
  return true;
}

Value Evaluator::loadEmbeddedModule(const std::string &name, ModuleObject *into) {
  const std::string *source = embeddedPythonSource(name);
  if (!source)
    return Value();
  uint32_t file = embeddedSources_.add("<parax>/" + name + ".py", *source);
  embeddedFiles_.push_back(file);
  embeddedAsts_.push_back(parseModule(file));
  auto scope = std::make_shared<Scope>();
  {
    // The module runs at top level, not inside the caller's frames.
    std::vector<std::pair<const FunctionObj *, Scope *>> savedCalls;
    std::swap(savedCalls, calls_);
    struct Restore {
      std::vector<std::pair<const FunctionObj *, Scope *>> &calls, &saved;
      ~Restore() { std::swap(calls, saved); }
    } restore{calls_, savedCalls};
    execModuleIn(*embeddedAsts_.back(), scope);
  }
  std::shared_ptr<ModuleObject> mod;
  if (!into)
    mod = std::make_shared<ModuleObject>(name);
  ModuleObject &target = into ? *into : *mod;
  for (auto &kv : scope->vars)
    target.set(kv.first, kv.second);
  return mod ? Value::object(Value::Kind::Native, mod) : Value::none();
}

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//
std::string Evaluator::qualnameIn(const Frame &f, const std::string &name) const {
  const Scope *s = f.scope.get();
  if (s->classBody)
    return s->qualname + "." + name;
  if (s->info)
    for (auto it = calls_.rbegin(); it != calls_.rend(); ++it)
      if (it->second == s)
        return (it->first->qualname.empty() ? it->first->name : it->first->qualname) +
               ".<locals>." + name;
  return name;
}

Value Evaluator::makeFunction(const std::string &name, Loc loc,
                              const Parameters &p, const Block *body,
                              const Expr *exprBody, Frame &f, bool isGenerator) {
  ++functionsByFile_[loc.file];
  auto fn = std::make_shared<FunctionObj>();
  fn->name = name;
  fn->qualname = qualnameIn(f, name);
  fn->inLibrary = isLibraryFile(loc.file);
  fn->isGenerator = isGenerator;
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
  // Module-level functions close over globals (looked up at the end anyway);
  // methods skip the class body they are defined in, as in Python.
  std::shared_ptr<Scope> enclosing = f.scope;
  while (enclosing && enclosing->classBody)
    enclosing = enclosing->parent;
  fn->closure = enclosing == globals_ ? nullptr : enclosing;
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
  // The common call: exactly the positional parameters, nothing else.
  if (args.args.size() == npos && args.kwargs.empty() && p.varargs.empty() &&
      p.kwargs.empty() && p.kwonly.empty() && fn.info->paramsInSlots) {
    for (size_t i = 0; i < npos; ++i)
      scope.slots[i] = args.args[i];
    return;
  }
  std::vector<bool> bound(npos, false);
  auto fname = [&] { return (fn.qualname.empty() ? fn.name : fn.qualname) + "()"; };
  for (size_t i = 0; i < args.args.size(); ++i) {
    if (i < npos) {
      scope.set(p.positional[i].name, args.args[i]);
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
      raise("TypeError", fname() + " takes " + expected + " positional argument" +
                             (npos == 1 && req == npos ? "" : "s") + " but " +
                             std::to_string(args.args.size()) +
                             (args.args.size() == 1 ? " was" : " were") +
                             " given");
    }
    scope.set(p.varargs, Value::tuple(
        std::vector<Value>(args.args.begin() + npos, args.args.end())));
  } else if (!p.varargs.empty()) {
    scope.set(p.varargs, Value::tuple({}));
  }
  Value kwdict = p.kwargs.empty() ? Value() : Value::dict();
  for (auto &kw : args.kwargs) {
    bool found = false;
    for (size_t i = 0; i < npos; ++i)
      if (p.positional[i].name == kw.first) {
        if (bound[i])
          raise("TypeError",
                fname() + " got multiple values for argument '" + kw.first + "'");
        scope.set(kw.first, kw.second);
        bound[i] = true;
        found = true;
      }
    for (auto &k : p.kwonly)
      if (k.name == kw.first) {
        scope.set(kw.first, kw.second);
        found = true;
      }
    if (!found) {
      if (p.kwargs.empty())
        raise("TypeError",
              fname() + " got an unexpected keyword argument '" + kw.first + "'");
      kwdict.asDict().set(Value::str(kw.first), kw.second);
    }
  }
  if (!p.kwargs.empty())
    scope.set(p.kwargs, kwdict);
  std::vector<std::string> missing;
  for (size_t i = 0; i < npos; ++i)
    if (!bound[i]) {
      if (fn.hasDefault[i])
        scope.set(p.positional[i].name, fn.defaults[i]);
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
    raise("TypeError", fname() + " missing " + std::to_string(missing.size()) +
                           " required positional argument" +
                           (missing.size() > 1 ? "s" : "") + ": " + names);
  }
  for (size_t i = 0; i < p.kwonly.size(); ++i)
    if (!scope.find(p.kwonly[i].name)) {
      if (fn.kwHasDefault[i])
        scope.set(p.kwonly[i].name, fn.kwDefaults[i]);
      else
        raise("TypeError", fname() + " missing 1 required keyword-only argument: '" +
                               p.kwonly[i].name + "'");
    }
}

std::shared_ptr<Scope> Evaluator::newActivation(const FunctionObj &fn) {
  auto scope = newScope();
  scope->parent = fn.closure;
  scope->locals = &fn.info->locals;
  scope->info = fn.info;
  scope->slots.assign(fn.info->slotNames.size(), Value::unbound());
  if (!fn.info->declared.empty())
    scope->declared = &fn.info->declared;
  return scope;
}

Value Evaluator::callFunction(const Value &f, CallArgs &args) {
  FunctionObj &fn = f.asFunction();
  auto scope = newActivation(fn);
  bindParams(fn, args, *scope);
  return runActivation(f, fn, std::move(scope));
}

Value Evaluator::runActivation(const Value &f, FunctionObj &fn, std::shared_ptr<Scope> scope) {
  // Python's limit on nested calls, then the native stack actually left
  // (short on embedding threads; see ir/StackGuard.h).
  if (depth_ >= recursionLimit)
    raise("RecursionError", "maximum recursion depth exceeded",
          "a function recursed " + std::to_string(recursionLimit) +
              " calls deep (Python's limit); rewrite the recursion as a loop");
  checkStack();
  if (fn.isGenerator) // the body runs when the generator is iterated
    return makeGenerator(f, scope);
  ++depth_;
  struct DepthGuard {
    int &d;
    ~DepthGuard() { --d; }
  } guard{depth_};
  ScopeSwap swap(scope_, scope);
  calls_.emplace_back(&fn, scope.get());
  struct CallPop {
    std::vector<std::pair<const FunctionObj *, Scope *>> &calls;
    ~CallPop() { calls.pop_back(); }
  } callPop{calls_};
  Frame frame{std::move(scope), {}};
  if (fn.exprBody)
    return eval(*fn.exprBody, frame);
  Flow fl = execBlock(*fn.body, frame);
  if (fl == Flow::Break || fl == Flow::Continue)
    raise("SyntaxError", "'break' outside loop");
  return fl == Flow::Return ? std::move(frame.returnValue) : Value::none();
}

bool Evaluator::callPlain(const Value &fnValue, Value *self, const CallExpr &c, Frame &f,
                          Value &result) {
  FunctionObj &fn = fnValue.asFunction();
  size_t nargs = c.args.size() + (self ? 1 : 0);
  if (!fn.info->plainParams || fn.params->positional.size() != nargs ||
      !c.keywords.empty() || fn.inLibrary)
    return false;
  for (auto &a : c.args)
    if (a->kind == ExprKind::Starred)
      return false;
  auto scope = newActivation(fn);
  size_t k = 0;
  if (self)
    scope->slots[k++] = std::move(*self);
  for (auto &a : c.args)
    scope->slots[k++] = evalOperand(*a, f);
  curLoc_ = c.loc;
  try {
    checkStack();
    FrameGuard frame(*this, fn.name, c.loc);
    result = runActivation(fnValue, fn, std::move(scope));
  } catch (ParaxError &err) {
    annotate(err, c.loc);
    throw;
  }
  return true;
}

Value Evaluator::call(const Value &f, CallArgs &args) {
  // Native callables nest too (partial(partial(...)), jit of jit, map).
  checkStack();
  switch (f.kind()) {
  case Value::Kind::Function: {
    FunctionObj &fn = f.asFunction();
    FrameGuard frame(*this, fn.name, args.loc);
    if (!fn.inLibrary || !args.loc.valid() || isLibraryFile(args.loc.file))
      return callFunction(f, args);
    try {
      return callFunction(f, args);
    } catch (ParaxError &e) {
      // An error inside a module parax ships in Python is the caller's: it
      // is reported at the program's call, the library line as a note.
      Diagnostic &d = e.diag();
      if (d.loc.valid() && isLibraryFile(d.loc.file)) {
        // A message with a hint was written for the program's author; the
        // library's own line would only be noise there.
        if (d.hint.empty())
          d.notes.insert(d.notes.begin(),
                         DiagNote{d.loc, "raised here, in " + SourceRegistry::name(d.loc.file)});
        d.loc = args.loc;
        d.stack = frame.outer();
        if (auto *r = dynamic_cast<RaisedError *>(&e))
          if (ExceptionValue *x = asException(r->exception()))
            x->diag = d;
      }
      throw;
    }
  }
  case Value::Kind::Native: {
    auto *n = f.asNative();
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
    return callFunction(f, args);
  return call(f, args);
}

Value Evaluator::callLabelled(const Value &f, std::vector<Value> args,
                              const std::string &label, Loc loc) {
  CallArgs a;
  a.args = std::move(args);
  a.loc = loc.valid() ? loc : curLoc_;
  if (f.kind() == Value::Kind::Function && !label.empty()) {
    FrameGuard frame(*this, label, a.loc);
    return callFunction(f, a);
  }
  if (!label.empty()) {
    FrameGuard frame(*this, label, a.loc);
    return call(f, a);
  }
  return call(f, a);
}

} // namespace parax::frontend
