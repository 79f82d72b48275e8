//===- EvalExpr.cpp - expression evaluation -------------------------------===//
//
// One case per ExprKind. Errors raised anywhere below an expression get that
// expression's location unless something deeper already set one, so the
// caret points at the innermost construct that failed.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/machine/BuiltinMethods.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/FastArithmetic.h"
#include "frontend/machine/Generators.h"
#include "frontend/machine/Iterators.h"
#include "frontend/machine/Hashing.h"
#include "frontend/machine/Sets.h"
#include "frontend/format/FormatSpec.h"
#include "frontend/tracing/Trace.h"
#include "runtime/BackendStop.h"

#include <algorithm>
#include <atomic>
#include <typeinfo>

namespace parax::frontend {

std::string formatValue(Evaluator &ev, const Value &v, const std::string &spec,
                        char conversion);


Value Evaluator::eval(const Expr &e, Frame &f) {
  try {
    checkStack();
    switch (e.kind) {
    case ExprKind::Name:
      {
      auto *n = cast<NameExpr>(&e);
      Scope &s = *f.scope;
      // A function's local, in the slot the name was found in before.
      if (int i = cachedSlot(*n, s); i >= 0) {
        if (!s.slots[i].isUnbound())
          return s.slots[i];
      } else if (s.info && !s.declared && s.vars.empty()) {
        // Not one of the function's locals: a closure's, a global, a builtin.
        if (const Value *v = s.parent ? lookupOuter(HashedName{n->id, n->hash}, s.parent.get())
                                      : cachedGlobal(*n))
          return *v;
      }
      return lookup(HashedName{n->id, n->hash}, f, e.loc);
    }
    case ExprKind::Constant: {
      auto *c = cast<ConstantExpr>(&e);
      switch (c->type) {
      case ConstantExpr::Type::None: return Value::none();
      case ConstantExpr::Type::Bool: return Value::boolean(c->boolValue);
      case ConstantExpr::Type::Int:
        if (!c->strValue.empty()) // beyond int64: kept as its digits
          return parseIntText(c->strValue, 0);
        return Value::integer(c->intValue);
      case ConstantExpr::Type::Float: return Value::floating(c->floatValue);
      case ConstantExpr::Type::Str:
        if (!c->cachedValue)
          c->cachedValue = Value::str(c->strValue).objectPtr();
        return Value::object(Value::Kind::Str, std::static_pointer_cast<Object>(c->cachedValue));
      case ConstantExpr::Type::Ellipsis: return Value::ellipsis();
      }
      return Value::none();
    }
    case ExprKind::FString:
      return evalFString(*cast<FStringExpr>(&e), f);
    case ExprKind::BinOp: {
      auto *b = cast<BinOpExpr>(&e);
      Value l = evalOperand(*b->lhs, f);
      Value r = evalOperand(*b->rhs, f);
      if (Value q; fastArithmetic(b->op, l, r, q))
        return q;
      curLoc_ = e.loc;
      return binary(b->op, l, r, e.loc);
    }
    case ExprKind::UnaryOp: {
      auto *u = cast<UnaryOpExpr>(&e);
      Value v = eval(*u->operand, f);
      curLoc_ = e.loc;
      return unary(u->op, v, e.loc);
    }
    case ExprKind::BoolOp: {
      auto *b = cast<BoolOpExpr>(&e);
      Value v;
      for (size_t i = 0; i < b->values.size(); ++i) {
        v = eval(*b->values[i], f);
        if (i + 1 == b->values.size())
          break;
        curLoc_ = b->values[i]->loc;
        bool t;
        try {
          t = truthy(v);
        } catch (ParaxError &err) {
          annotate(err, b->values[i]->loc);
          if (err.diag().kind == "TracerBoolConversionError" &&
              err.diag().hint.find("axis_index") == std::string::npos)
            err.diag().hint = std::string("`") + (b->isAnd ? "and" : "or") +
                              "` needs a Python bool; for arrays use " +
                              (b->isAnd ? "jnp.logical_and(a, b) or a & b"
                                        : "jnp.logical_or(a, b) or a | b");
          throw;
        }
        if (b->isAnd ? !t : t)
          return v;
      }
      return v;
    }
    case ExprKind::Compare: {
      auto *c = cast<CompareExpr>(&e);
      Value left = evalOperand(*c->left, f);
      Value result;
      for (size_t i = 0; i < c->ops.size(); ++i) {
        Value right = evalOperand(*c->comparators[i], f);
        if (bool b; fastCompare(c->ops[i], left, right, b)) {
          result = Value::boolean(b);
          if (!b)
            return result;
        } else {
          curLoc_ = e.loc;
          result = compare(c->ops[i], left, right, e.loc);
          if (i + 1 < c->ops.size() && !truthy(result))
            return result;
        }
        if (i + 1 == c->ops.size())
          break;
        left = std::move(right);
      }
      return result;
    }
    case ExprKind::IfExp: {
      auto *i = cast<IfExpExpr>(&e);
      Value t = eval(*i->test, f);
      bool b;
      if (fastTruthy(t, b))
        return eval(b ? *i->body : *i->orelse, f);
      try {
        b = truthy(t);
      } catch (ParaxError &err) {
        annotate(err, i->test->loc);
        if (err.diag().kind == "TracerBoolConversionError")
          err.diag().hint = "`a if cond else b` on a traced condition cannot "
                            "be traced; use jnp.where(cond, a, b) or "
                            "lax.cond(cond, true_fun, false_fun, operand)";
        throw;
      }
      return eval(b ? *i->body : *i->orelse, f);
    }
    case ExprKind::Call:
      return evalCall(*cast<CallExpr>(&e), f);
    case ExprKind::Attribute: {
      auto *a = cast<AttributeExpr>(&e);
      Value obj = evalOperand(*a->value, f);
      if (Value v; instanceAttr(*a, obj, v))
        return v;
      curLoc_ = e.loc;
      return getAttr(obj, a->attr, e.loc);
    }
    case ExprKind::Subscript: {
      auto *s = cast<SubscriptExpr>(&e);
      Value obj = evalOperand(*s->value, f);
      Value idx = s->index->kind == ExprKind::Slice || s->index->kind == ExprKind::Tuple
                      ? evalSubscriptIndex(*s->index, f)
                      : evalOperand(*s->index, f);
      // xs[i] of a list or tuple, i in range: getItem's first case, inline.
      if (const Value *item = sequenceItem(obj, idx))
        return *item;
      curLoc_ = e.loc;
      return getItem(obj, idx, e.loc);
    }
    case ExprKind::Slice:
      return evalSubscriptIndex(e, f);
    case ExprKind::Tuple:
    case ExprKind::List: {
      std::vector<Value> items;
      for (auto &el : cast<SequenceExpr>(&e)->elts) {
        if (auto *st = dyn_cast<StarredExpr>(el.get())) {
          auto more = iterate(eval(*st->value, f), st->loc);
          items.insert(items.end(), more.begin(), more.end());
        } else {
          items.push_back(eval(*el, f));
        }
      }
      return e.kind == ExprKind::Tuple ? Value::tuple(std::move(items))
                                       : Value::list(std::move(items));
    }
    case ExprKind::Set: {
      auto &elts = cast<SequenceExpr>(&e)->elts;
      if (elts.size() > 2 && std::all_of(elts.begin(), elts.end(), [](const ExprPtr &x) {
            return cpythonFoldsToConstant(*x);
          })) {
        std::vector<Value> items;
        for (auto &el : elts)
          items.push_back(eval(*el, f));
        return setFromConstantDisplay(*this, items);
      }
      Value r = newSet(Value::Kind::Set);
      for (auto &el : cast<SequenceExpr>(&e)->elts) {
        if (auto *st = dyn_cast<StarredExpr>(el.get())) {
          for (const Value &v : iterate(eval(*st->value, f), st->loc))
            asSet(r).add(*this, v);
        } else {
          Value v = eval(*el, f);
          try {
            asSet(r).add(*this, v);
          } catch (ParaxError &err) { // `unhashable type` points at the item
            annotate(err, el->loc);
            throw;
          }
        }
      }
      return r;
    }
    case ExprKind::Dict: {
      auto *d = cast<DictExpr>(&e);
      Value r = Value::dict();
      for (size_t i = 0; i < d->keys.size(); ++i) {
        if (!d->keys[i]) {
          Value other = mappingItems(*this, eval(*d->values[i], f), d->values[i]->loc);
          if (!other.isDict())
            raise("TypeError", "'" + typeName(other) + "' object is not a mapping");
          for (auto &kv : other.asDict().items())
            r.asDict().set(kv.first, kv.second);
          continue;
        }
        Value k = eval(*d->keys[i], f);
        try {
          // Unhashable keys raise TypeError, as in Python (str, int, float
          // and None always hash: no need to compute it here).
          if (!k.isStr() && !k.isInt() && !k.isFloat() && !k.isNone())
            pyHash(*this, k);
        } catch (ParaxError &err) {
          curLoc_ = d->keys[i]->loc;
          annotate(err, d->keys[i]->loc);
          throw;
        }
        r.asDict().set(k, eval(*d->values[i], f));
      }
      return r;
    }
    case ExprKind::Lambda: {
      auto *l = cast<LambdaExpr>(&e);
      return makeFunction("<lambda>", e.loc, l->params, nullptr, l->body.get(), f,
                          l->isGenerator);
    }
    case ExprKind::ListComp:
      if (cast<ListCompExpr>(&e)->isGenerator)
        return evalGeneratorExp(*cast<ListCompExpr>(&e), f);
      return evalComprehension(*cast<ListCompExpr>(&e), f);
    case ExprKind::DictComp:
      return evalDictComp(*cast<DictCompExpr>(&e), f);
    case ExprKind::Starred:
      raise("SyntaxError", "can't use starred expression here");
    case ExprKind::Yield: {
      auto *y = cast<YieldExpr>(&e);
      if (!runningGen_) // the parser rejects it; a defensive fallback
        raise("SyntaxError", "'yield' outside function");
      if (y->isFrom)
        return yieldFrom(eval(*y->value, f), e.loc);
      Value v = y->value ? eval(*y->value, f) : Value::none();
      curLoc_ = e.loc;
      return runningGen_->yieldValue(v);
    }
    }
  } catch (ParaxError &err) {
    annotate(err, e.loc);
    throw;
  }
  return Value::none();
}

Value Evaluator::evalSubscriptIndex(const Expr &e, Frame &f) {
  if (auto *s = dyn_cast<SliceExpr>(&e)) {
    auto sl = std::make_shared<SliceObj>();
    if (s->lower)
      sl->lower = eval(*s->lower, f);
    if (s->upper)
      sl->upper = eval(*s->upper, f);
    if (s->step)
      sl->step = eval(*s->step, f);
    return Value::object(Value::Kind::Slice, sl);
  }
  if (e.kind == ExprKind::Tuple) {
    std::vector<Value> items;
    for (auto &el : cast<SequenceExpr>(&e)->elts)
      items.push_back(evalSubscriptIndex(*el, f));
    return Value::tuple(std::move(items));
  }
  return eval(e, f);
}

namespace {
/// `obj.name` where obj is a plain instance and name its class's function
/// (not shadowed by the instance's own attribute): the function, to be
/// called with obj first - what the BoundMethod getAttr would make does,
/// without making it.
/// `lookup` finds a name in a class (Evaluator::classAttrsAt's cache).
template <typename Lookup>
bool plainMethod(const Value &obj, const std::string &name, Value &fn, Lookup &&lookup) {
  if (obj.kind() != Value::Kind::Native)
    return false;
  Object *o = obj.objectPtr().get();
  if (typeid(*o) != typeid(InstanceObj) ||
      (name[0] == '_' && (name == "__class__" || name == "__dict__")))
    return false;
  auto *inst = static_cast<InstanceObj *>(o);
  const Value *m = lookup(*inst->cls());
  if (!m || m->kind() != Value::Kind::Function || inst->ownAttr(name))
    return false;
  fn = *m;
  return true;
}

/// The built-in method `a.attr` of values of `kind`, through the call
/// site's cache.
const BuiltinMethod *cachedBuiltinMethod(const AttributeExpr &a, Value::Kind kind) {
  std::atomic_ref<const void *> cache(a.methodCache);
  auto *m = static_cast<const BuiltinMethod *>(cache.load(std::memory_order_relaxed));
  if (m && m->kind == kind)
    return m;
  m = findBuiltinMethod(kind, a.attr);
  if (m)
    cache.store(m, std::memory_order_relaxed);
  return m;
}
} // namespace

/// Lends a call's argument vector from the evaluator's spares and takes it
/// back (emptied) when the call is over.
struct ArgBufferLease {
  static constexpr size_t kMaxKept = 64, kMaxCapacity = 32;
  std::vector<std::vector<Value>> &spares;
  std::vector<Value> &args;
  ArgBufferLease(std::vector<std::vector<Value>> &spares, std::vector<Value> &args)
      : spares(spares), args(args) {
    if (!spares.empty()) {
      args = std::move(spares.back());
      spares.pop_back();
    }
  }
  ~ArgBufferLease() {
    if (args.capacity() && args.capacity() <= kMaxCapacity && spares.size() < kMaxKept) {
      args.clear();
      spares.push_back(std::move(args));
    }
  }
};

Value Evaluator::evalCall(const CallExpr &c, Frame &f) {
  Value fn;
  const BuiltinMethod *builtinMethod = nullptr; // obj.name(...) of a str, list ...
  Value self;          // the receiver of a built-in method
  bool method = false; // fn is a plain method of `self`: self is its first argument
  if (auto *a = dyn_cast<AttributeExpr>(c.func.get())) {
    // A method call: as eval(Attribute) would, minus the bound method.
    Value obj = eval(*a->value, f);
    curLoc_ = a->loc;
    if (hasBuiltinMethods(obj.kind()) && (builtinMethod = cachedBuiltinMethod(*a, obj.kind()))) {
      self = std::move(obj);
    } else {
      try {
        checkStack();
        if (plainMethod(obj, a->attr, fn,
                        [&](const ClassObj &c) { return classAttrsAt(*a, c).attr; })) {
          self = std::move(obj);
          method = true;
        } else {
          fn = getAttr(obj, a->attr, a->loc);
        }
      } catch (ParaxError &err) {
        annotate(err, a->loc);
        throw;
      }
    }
  } else {
    fn = eval(*c.func, f);
  }
  if (fn.kind() == Value::Kind::Function)
    if (Value r; callPlain(fn, method ? &self : nullptr, c, f, r))
      return r;
  CallArgs args;
  ArgBufferLease lease(argBuffers_, args.args);
  args.loc = c.loc;
  args.args.reserve(c.args.size() + 1);
  if (method)
    args.args.push_back(std::move(self));
  for (auto &a : c.args) {
    if (auto *st = dyn_cast<StarredExpr>(a.get())) {
      auto items = iterate(eval(*st->value, f), st->loc);
      args.args.insert(args.args.end(), items.begin(), items.end());
    } else {
      args.args.push_back(eval(*a, f));
    }
  }
  for (auto &kw : c.keywords) {
    Value v = eval(*kw.value, f);
    if (kw.name.empty()) {
      if (Value m = mappingItems(*this, v, kw.value->loc); m.isDict())
        v = m;
      if (!v.isDict())
        raise("TypeError", "argument after ** must be a mapping, not " +
                               typeName(v));
      for (auto &kv : v.asDict().items()) {
        if (!kv.first.isStr())
          raise("TypeError", "keywords must be strings");
        args.kwargs.emplace_back(kv.first.asStr(), kv.second);
      }
    } else {
      for (auto &existing : args.kwargs)
        if (existing.first == kw.name)
          raise("SyntaxError", "keyword argument repeated: " + kw.name);
      args.kwargs.emplace_back(kw.name, std::move(v));
    }
  }
  curLoc_ = c.loc;
  try {
    if (builtinMethod) {
      checkStack();
      return builtinMethod->call(*this, self, args);
    }
    return call(fn, args);
  } catch (ParaxError &err) {
    annotate(err, c.loc);
    throw;
  }
}

Value Evaluator::evalFString(const FStringExpr &e, Frame &f) {
  std::string out;
  for (const auto &p : e.parts) {
    if (!p.value) {
      out += p.literal;
      continue;
    }
    out += p.selfDoc;
    Value v = eval(*p.value, f);
    std::string spec;
    if (p.spec)
      spec = eval(*p.spec, f).asStr();
    char conv = p.conversion;
    if (!p.selfDoc.empty() && !conv && spec.empty())
      conv = 'r';
    out += formatValue(*this, v, spec, conv);
  }
  return Value::str(out);
}

namespace {
/// Runs the generators of a comprehension in a child scope, calling `emit`
/// for each element.
template <typename Emit>
void runGenerators(Evaluator &ev, const std::vector<Comprehension> &gens,
                   size_t level, std::shared_ptr<Scope> scope,
                   const std::function<Value(const Expr &)> &evalIn,
                   const std::function<void(const Expr &, const Value &)> &assignIn,
                   Emit &&emit) {
  if (level == gens.size()) {
    emit();
    return;
  }
  const Comprehension &g = gens[level];
  Value it = evalIn(*g.iter);
  ItemCursor items(ev, it, g.iter->loc);
  for (Value item; items.next(item);) {
    if (ev.options().stop) // a comprehension runs no statements to poll at
      ev.options().stop->check(g.iter->loc);
    assignIn(*g.target, item);
    bool keep = true;
    for (auto &cond : g.ifs)
      if (!ev.truthy(evalIn(*cond))) {
        keep = false;
        break;
      }
    if (keep)
      runGenerators(ev, gens, level + 1, scope, evalIn, assignIn, emit);
  }
}
} // namespace

Value Evaluator::evalComprehension(const ListCompExpr &e, Frame &f) {
  // The comprehension has its own scope: its targets do not leak.
  auto scope = newScope();
  scope->parent = f.scope;
  Frame inner{scope, {}};
  // The first iterable is evaluated in the enclosing scope (Python rule).
  std::vector<Value> out;
  auto evalIn = [&](const Expr &x) {
    if (&x == e.generators[0].iter.get())
      return eval(x, f);
    return eval(x, inner);
  };
  auto assignIn = [&](const Expr &t, const Value &v) { assign(t, v, inner); };
  runGenerators(*this, e.generators, 0, scope, evalIn, assignIn,
                [&]() { out.push_back(eval(*e.elt, inner)); });
  if (e.isSet)
    return setFromItems(*this, Value::Kind::Set, out);
  return Value::list(std::move(out));
}

Value Evaluator::evalGeneratorExp(const ListCompExpr &e, Frame &f) {
  // The first iterable is evaluated, and iter() called on it, at once (so
  // its errors show here); the rest runs as the generator is iterated.
  Value first = getIterator(*this, eval(*e.generators[0].iter, f), e.generators[0].iter->loc);
  ++functionsByFile_[e.loc.file]; // the generator points into the AST
  auto scope = newScope();
  scope->parent = f.scope;
  noteClosureScope(f.scope);
  // Stepped in place, one cursor per `for` clause: the next item is made
  // on the consumer's stack, and a generator expression dropped half-way
  // costs nothing to discard.
  auto cursors = std::make_shared<std::vector<ItemCursor>>();
  auto step = [this, &e, first, scope, cursors](Value &out) -> bool {
    Frame inner{scope, {}};
    const std::vector<Comprehension> &gens = e.generators;
    std::vector<ItemCursor> &cs = *cursors;
    if (cs.empty() && !first.isNone())
      cs.emplace_back(*this, first, gens[0].iter->loc);
    while (!cs.empty()) {
      size_t level = cs.size() - 1;
      const Comprehension &g = gens[level];
      if (opts_.stop) // a generator expression runs no statements to poll at
        opts_.stop->check(g.iter->loc);
      Value item;
      if (!cs.back().next(item)) {
        cs.pop_back();
        continue;
      }
      assign(*g.target, item, inner);
      bool keep = true;
      for (auto &cond : g.ifs)
        if (!truthy(eval(*cond, inner))) {
          keep = false;
          break;
        }
      if (!keep)
        continue;
      if (level + 1 == gens.size()) {
        out = eval(*e.elt, inner);
        return true;
      }
      cs.emplace_back(*this, eval(*gens[level + 1].iter, inner), gens[level + 1].iter->loc);
    }
    return false;
  };
  auto gen = std::make_shared<GeneratorObj>(*this, "<genexpr>", GeneratorObj::Step(step));
  noteGenerator(gen);
  return Value::object(Value::Kind::Native, gen);
}

Value Evaluator::evalDictComp(const DictCompExpr &e, Frame &f) {
  auto scope = newScope();
  scope->parent = f.scope;
  Frame inner{scope, {}};
  Value out = Value::dict();
  auto evalIn = [&](const Expr &x) {
    if (&x == e.generators[0].iter.get())
      return eval(x, f);
    return eval(x, inner);
  };
  auto assignIn = [&](const Expr &t, const Value &v) { assign(t, v, inner); };
  runGenerators(*this, e.generators, 0, scope, evalIn, assignIn, [&]() {
    Value k = eval(*e.key, inner);
    out.asDict().set(k, eval(*e.value, inner));
  });
  return out;
}

} // namespace parax::frontend
