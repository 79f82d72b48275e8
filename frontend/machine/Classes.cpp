//===- Classes.cpp - Python classes, instances and their protocols --------===//
#include "frontend/machine/Classes.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/tracing/Jit.h"
#include "frontend/tracing/Pytree.h"
#include "frontend/lib/LibUtil.h"

#include <algorithm>
#include <cstdio>

namespace parax::frontend {

namespace {
std::string address(const void *p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%012lx", (unsigned long)(uintptr_t)p);
  return buf;
}

/// A native object that is nothing but its repr (NotImplemented).
class Singleton : public NativeObject {
public:
  explicit Singleton(std::string name) : name_(std::move(name)) {}
  std::string typeName() const override { return name_ + "Type"; }
  std::string repr() const override { return name_; }

private:
  std::string name_;
};

Value *findMember(std::vector<std::pair<std::string, Value>> &d, const std::string &name) {
  for (auto &kv : d)
    if (kv.first == name)
      return &kv.second;
  return nullptr;
}
const Value *findMember(const std::vector<std::pair<std::string, Value>> &d,
                        const std::string &name) {
  for (auto &kv : d)
    if (kv.first == name)
      return &kv.second;
  return nullptr;
}
} // namespace

Value nativeMethod(const std::string &name, BuiltinFunction::Impl impl) {
  return Value::object(Value::Kind::Native, std::make_shared<NativeMethodObj>(name, std::move(impl)));
}

std::shared_ptr<const PytreeNodeType> pytreeNodeOf(const Value &v) {
  ClassObj *c = classOfInstance(v);
  return c ? c->pytreeNode : nullptr;
}

const Value &notImplemented() {
  static const Value v =
      Value::object(Value::Kind::Native, std::make_shared<Singleton>("NotImplemented"));
  return v;
}

namespace {
NativeObject *nativeWithRole(const Value &v, NativeObject::Role r) {
  if (v.kind() != Value::Kind::Native)
    return nullptr;
  auto *n = static_cast<NativeObject *>(v.objectPtr().get());
  return n->role() == r ? n : nullptr;
}
} // namespace

ClassObj *asClass(const Value &v) {
  return static_cast<ClassObj *>(nativeWithRole(v, NativeObject::Role::Class));
}

InstanceObj *asInstance(const Value &v) {
  return static_cast<InstanceObj *>(nativeWithRole(v, NativeObject::Role::Instance));
}

ClassObj *classOfInstance(const Value &v) {
  InstanceObj *i = asInstance(v);
  return i ? i->cls().get() : nullptr;
}

//===----------------------------------------------------------------------===//
// ClassObj
//===----------------------------------------------------------------------===//
ClassObj::ClassObj(std::string name, std::string module,
                   std::vector<std::shared_ptr<ClassObj>> bases)
    : name_(std::move(name)), module_(std::move(module)), bases_(std::move(bases)) {
  role_ = Role::Class;
  bumpEpoch();
}

void ClassObj::linearize() {
  bumpEpoch();
  // C3: merge the bases' MROs and the list of bases, always taking the
  // first head that appears in no other list's tail.
  std::vector<std::vector<ClassObj *>> seqs;
  for (auto &b : bases_)
    seqs.push_back(b->mro());
  std::vector<ClassObj *> direct;
  for (auto &b : bases_)
    direct.push_back(b.get());
  seqs.push_back(direct);
  mro_ = {this};
  for (;;) {
    seqs.erase(std::remove_if(seqs.begin(), seqs.end(), [](auto &s) { return s.empty(); }),
               seqs.end());
    if (seqs.empty())
      return;
    ClassObj *head = nullptr;
    for (auto &s : seqs) {
      ClassObj *cand = s.front();
      bool inTail = false;
      for (auto &t : seqs)
        inTail |= std::find(t.begin() + 1, t.end(), cand) != t.end();
      if (!inTail) {
        head = cand;
        break;
      }
    }
    if (!head) {
      std::string names;
      for (auto &b : bases_)
        names += (names.empty() ? "" : ", ") + b->name();
      raise("TypeError", "Cannot create a consistent method resolution order (MRO) for bases " +
                             names);
    }
    mro_.push_back(head);
    for (auto &s : seqs)
      if (s.front() == head)
        s.erase(s.begin());
  }
}

const Value *ClassObj::lookup(const std::string &name) const {
  for (const ClassObj *c : mro_)
    if (const Value *v = findMember(c->dict_, name))
      return v;
  return nullptr;
}

const Value *ClassObj::lookupAfter(const ClassObj *after, const std::string &name) const {
  auto it = std::find(mro_.begin(), mro_.end(), after);
  if (it == mro_.end())
    return nullptr;
  for (++it; it != mro_.end(); ++it)
    if (const Value *v = findMember((*it)->dict_, name))
      return v;
  return nullptr;
}

bool ClassObj::isSubclassOf(const ClassObj *other) const {
  return std::find(mro_.begin(), mro_.end(), other) != mro_.end();
}

void ClassObj::setAttr(const std::string &name, const Value &v) {
  bumpEpoch();
  if (Value *slot = findMember(dict_, name))
    *slot = v;
  else
    dict_.emplace_back(name, v);
}

bool ClassObj::delAttr(const std::string &name) {
  bumpEpoch();
  for (auto it = dict_.begin(); it != dict_.end(); ++it)
    if (it->first == name) {
      dict_.erase(it);
      return true;
    }
  return false;
}

std::vector<std::string> ClassObj::attrNames() const {
  std::vector<std::string> names;
  for (const ClassObj *c : mro_)
    for (auto &kv : c->dict_)
      names.push_back(kv.first);
  return names;
}

bool ClassObj::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  Value self = Value::object(Value::Kind::Native, shared_from_this());
  if (name == "__name__" || name == "__qualname__") {
    out = Value::str(name == "__qualname__" && !qualname.empty() ? qualname : name_);
    return true;
  }
  if (name == "__module__") {
    out = Value::str(module_.empty() ? "builtins" : module_);
    return true;
  }
  if (name == "__bases__" || name == "__mro__") {
    std::vector<Value> cs;
    if (name == "__bases__")
      for (auto &b : bases_)
        cs.push_back(Value::object(Value::Kind::Native, b));
    else
      for (ClassObj *c : mro_)
        cs.push_back(Value::object(Value::Kind::Native, c->shared_from_this()));
    out = Value::tuple(cs);
    return true;
  }
  if (name == "__dict__") {
    out = Value::dict();
    for (auto &kv : dict_)
      out.asDict().set(Value::str(kv.first), kv.second);
    return true;
  }
  const Value *v = lookup(name);
  if (!v && metaclass) {
    // An attribute of the metaclass, bound to this class (EnumType's
    // __members__, ABCMeta.register).
    if (const Value *m = metaclass->lookup(name)) {
      out = bindClassAttr(ev, *m, self, Value::object(Value::Kind::Native, metaclass));
      return true;
    }
  }
  if (!v)
    return false;
  // On the class itself: functions stay plain functions, classmethods bind
  // to the class, staticmethods unwrap, properties are the property object.
  if (v->kind() == Value::Kind::Native) {
    if (auto *cm = v->as<ClassMethodObj>()) {
      out = Value::object(Value::Kind::Native, std::make_shared<BoundMethod>(self, cm->fn));
      return true;
    }
    if (auto *sm = v->as<StaticMethodObj>()) {
      out = sm->fn;
      return true;
    }
  }
  out = *v;
  return true;
}

Value ClassObj::call(Evaluator &ev, CallArgs &args) {
  if (metaclass)
    if (const Value *mc = metaclass->lookup("__call__")) {
      CallArgs a = args;
      a.args.insert(a.args.begin(), Value::object(Value::Kind::Native, shared_from_this()));
      return ev.call(*mc, a);
    }
  return construct(ev, args);
}

Value ClassObj::construct(Evaluator &ev, CallArgs &args) {
  Value cls = Value::object(Value::Kind::Native, shared_from_this());
  // A class may make its instances another way (__new__ of a builtin base
  // such as NamedTuple's tuple); plain classes allocate an InstanceObj.
  if (const Value *nw = lookup("__new__")) {
    CallArgs na = args;
    na.args.insert(na.args.begin(), cls);
    Value fn = *nw;
    if (auto *sm = fn.kind() == Value::Kind::Native ? fn.as<StaticMethodObj>() : nullptr)
      fn = sm->fn;
    Value made = ev.call(fn, na);
    if (classOfInstance(made) && classOfInstance(made)->isSubclassOf(this))
      if (const Value *init = lookup("__init__")) {
        CallArgs ia = args;
        ia.args.insert(ia.args.begin(), made);
        ev.call(*init, ia);
      }
    return made;
  }
  Value inst = Value::object(Value::Kind::Native,
                             std::make_shared<InstanceObj>(
                                 std::static_pointer_cast<ClassObj>(shared_from_this())));
  if (const Value *init = lookup("__init__")) {
    CallArgs ia = args;
    ia.args.insert(ia.args.begin(), inst);
    Value r = ev.call(*init, ia);
    if (!r.isNone())
      raise("TypeError", "__init__() should return None, not '" + frontend::typeName(r) + "'");
  } else if (!args.args.empty() || !args.kwargs.empty()) {
    raise("TypeError", name_ + "() takes no arguments");
  }
  return inst;
}

//===----------------------------------------------------------------------===//
// InstanceObj
//===----------------------------------------------------------------------===//
std::string InstanceObj::repr() const {
  return "<" + cls_->qualifiedName() + " object at " + address(this) + ">";
}

Value InstanceObj::classValue() const { return Value::object(Value::Kind::Native, cls_); }

const Value *InstanceObj::ownAttr(const std::string &name) const {
  return findMember(attrs_, name);
}

std::vector<std::string> InstanceObj::attrNames() const {
  std::vector<std::string> names;
  for (auto &kv : attrs_)
    names.push_back(kv.first);
  for (auto &n : cls_->attrNames())
    names.push_back(n);
  return names;
}

Value bindClassAttr(Evaluator &ev, const Value &attr, const Value &self, const Value &cls) {
  switch (attr.kind()) {
  case Value::Kind::Function:
    return Value::object(Value::Kind::Native, std::make_shared<BoundMethod>(self, attr));
  case Value::Kind::Native:
    if (auto *p = attr.as<PropertyObj>()) {
      if (p->fget.isNone())
        raise("AttributeError", "property has no getter");
      return ev.call(p->fget, {self});
    }
    if (auto *sm = attr.as<StaticMethodObj>())
      return sm->fn;
    if (auto *cm = attr.as<ClassMethodObj>())
      return Value::object(Value::Kind::Native, std::make_shared<BoundMethod>(cls, cm->fn));
    // jax.jit of a method binds like a function (JAX's PjitFunction is a
    // descriptor); built-in functions and partials do not.
    if (attr.as<JitFunction>() || attr.as<NativeMethodObj>())
      return Value::object(Value::Kind::Native, std::make_shared<BoundMethod>(self, attr));
    return attr;
  default:
    return attr;
  }
}

bool InstanceObj::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  bool dunder = name.size() > 4 && name[0] == '_' && name[1] == '_';
  if (dunder && name == "__class__") {
    out = classValue();
    return true;
  }
  if (dunder && name == "__dict__") {
    out = Value::dict();
    for (auto &kv : attrs_)
      out.asDict().set(Value::str(kv.first), kv.second);
    return true;
  }
  const Value *classAttr = cls_->lookup(name);
  // Data descriptors (properties) win over the instance dict.
  if (classAttr && classAttr->kind() == Value::Kind::Native && classAttr->as<PropertyObj>()) {
    out = bindClassAttr(ev, *classAttr, selfValue(), classValue());
    return true;
  }
  if (const Value *v = ownAttr(name)) {
    out = *v;
    return true;
  }
  if (classAttr) {
    out = bindClassAttr(ev, *classAttr, selfValue(), classValue());
    return true;
  }
  // The builtin's own methods (d.items(), l.append(), s.upper()) act on
  // the value of an instance of a builtin's subclass.
  if (builtinValueOf(selfValue()) && name.compare(0, 2, "__") != 0) {
    try {
      out = ev.getAttr(builtinValue, name, ev.currentLoc());
      return true;
    } catch (ParaxError &e) {
      if (e.diag().kind != "AttributeError")
        throw;
    }
  }
  if (const Value *ga = cls_->lookup("__getattr__")) {
    out = ev.call(bindClassAttr(ev, *ga, selfValue(), classValue()), {Value::str(name)});
    return true;
  }
  return false;
}

void InstanceObj::setAttr(Evaluator &ev, const std::string &name, const Value &v) {
  if (const Value *classAttr = cls_->lookup(name))
    if (classAttr->kind() == Value::Kind::Native)
      if (auto *p = classAttr->as<PropertyObj>()) {
        if (p->fset.isNone())
          raise("AttributeError", "property '" + name + "' of '" + cls_->name() +
                                      "' object has no setter");
        ev.call(p->fset, {selfValue(), v});
        return;
      }
  if (const Value *sa = cls_->lookup("__setattr__")) {
    ev.call(*sa, {selfValue(), Value::str(name), v});
    return;
  }
  setOwnAttr(name, v);
}

void InstanceObj::setOwnAttr(const std::string &name, const Value &v) {
  if (Value *slot = findMember(attrs_, name)) {
    *slot = v;
    return;
  }
  bool slotted = true;
  for (const ClassObj *c : cls_->mro()) // object itself has no __dict__ either
    slotted &= c->hasSlots || (c->bases().empty() && c->name() == "object");
  if (slotted && cls_->mro().size() > 0) {
    bool allowed = false;
    for (const ClassObj *c : cls_->mro())
      allowed |= std::find(c->slots.begin(), c->slots.end(), name) != c->slots.end();
    if (!allowed)
      raise("AttributeError", "'" + cls_->name() + "' object has no attribute '" + name + "'");
  }
  attrs_.emplace_back(name, v);
}

void InstanceObj::delAttr(Evaluator &ev, const std::string &name) {
  for (auto it = attrs_.begin(); it != attrs_.end(); ++it)
    if (it->first == name) {
      attrs_.erase(it);
      return;
    }
  raise("AttributeError", "'" + cls_->name() + "' object has no attribute '" + name + "'");
}

Value InstanceObj::call(Evaluator &ev, CallArgs &args) {
  const Value *c = cls_->lookup("__call__");
  if (!c)
    raise("TypeError", "'" + cls_->name() + "' object is not callable");
  CallArgs a = args;
  a.args.insert(a.args.begin(), selfValue());
  return ev.call(*c, a);
}

//===----------------------------------------------------------------------===//
// Methods and descriptors
//===----------------------------------------------------------------------===//
std::string BoundMethod::repr() const {
  std::string fname = fn_.kind() == Value::Kind::Function ? fn_.asFunction().name : "?";
  std::string owner = frontend::typeName(self_);
  if (auto *c = asClass(self_))
    owner = c->name();
  return "<bound method " + owner + "." + fname + " of " +
         (asClass(self_) ? asClass(self_)->repr() : "<" + owner + " object>") + ">";
}

Value BoundMethod::call(Evaluator &ev, CallArgs &args) {
  CallArgs a = args;
  a.args.insert(a.args.begin(), self_);
  return ev.call(fn_, a);
}

bool BoundMethod::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  if (name == "__self__") {
    out = self_;
    return true;
  }
  if (name == "__func__") {
    out = fn_;
    return true;
  }
  if (name == "__name__" && fn_.kind() == Value::Kind::Function) {
    out = Value::str(fn_.asFunction().name);
    return true;
  }
  return false;
}

Value StaticMethodObj::call(Evaluator &ev, CallArgs &args) { return ev.call(fn, args); }

bool PropertyObj::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  // @x.setter / @x.deleter return a new property with that accessor.
  Value get = fget, set = fset, del = fdel;
  Value *slot = name == "setter" ? &set : name == "deleter" ? &del : name == "getter" ? &get
                                                                                     : nullptr;
  if (name == "fget" || name == "fset" || name == "fdel") {
    out = name == "fget" ? fget : name == "fset" ? fset : fdel;
    return true;
  }
  if (name == "__isabstractmethod__") { // @property over an @abc.abstractmethod
    Value flag;
    for (const Value *acc : {&fget, &fset, &fdel})
      if (!acc->isNone()) {
        try {
          flag = ev.getAttr(*acc, "__isabstractmethod__", ev.currentLoc());
        } catch (ParaxError &) {
          continue;
        }
        if (ev.truthy(flag)) {
          out = Value::boolean(true);
          return true;
        }
      }
    out = Value::boolean(false);
    return true;
  }
  if (!slot)
    return false;
  out = makeBuiltin("property." + name, [get, set, del, name](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "property." + name);
    Value g = get, s = set, d = del;
    (name == "setter" ? s : name == "deleter" ? d : g) = a.args[0];
    return Value::object(Value::Kind::Native, std::make_shared<PropertyObj>(g, s, d));
  });
  return true;
}

bool SuperObj::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  if (ExceptionValue *e = asException(self_)) {
    // super() in a user exception class: the next user class up, then
    // BaseException's own methods.
    ClassObj *start = nullptr;
    for (const ExceptionType *t = e->type().get(); t && !start; t = t->base().get())
      start = t->userClass.get();
    if (const Value *v = start ? start->lookupAfter(cls_.get(), name) : nullptr) {
      out = bindClassAttr(ev, *v, self_, Value::object(Value::Kind::Native, e->type()));
      return true;
    }
    Value self = self_;
    if (name == "__init__") {
      out = makeBuiltin("BaseException.__init__", [self](Evaluator &, CallArgs &a) {
        asException(self)->setArgs(a.args);
        return Value();
      });
      return true;
    }
    if (name == "__str__" || name == "__repr__") {
      bool str = name == "__str__";
      out = makeBuiltin("BaseException." + name, [self, str](Evaluator &, CallArgs &) {
        ExceptionValue *x = asException(self);
        return Value::str(str ? x->str() : x->repr());
      });
      return true;
    }
    return self_.asNative()->getAttr(ev, name, out);
  }
  ClassObj *start = classOfInstance(self_);
  Value clsv = self_;
  if (!start) {
    start = asClass(self_); // super() in a classmethod
  } else {
    clsv = Value::object(Value::Kind::Native, start->shared_from_this());
  }
  if (!start)
    return false;
  const Value *v = start->lookupAfter(cls_.get(), name);
  if (!v) {
    if (name == "__init__" || name == "__init_subclass__") {
      // object.__init__: accepts the instance and nothing else.
      out = makeBuiltin("object.__init__", [](Evaluator &, CallArgs &) { return Value(); });
      return true;
    }
    if (name == "__new__") {
      // object.__new__(cls): a bare instance of cls.
      out = makeBuiltin("object.__new__", [](Evaluator &, CallArgs &a) {
        ClassObj *c = a.args.empty() ? nullptr : asClass(a.args[0]);
        if (!c)
          raise("TypeError", "object.__new__(X): X is not a type object");
        return Value::object(Value::Kind::Native,
                             std::make_shared<InstanceObj>(
                                 std::static_pointer_cast<ClassObj>(c->shared_from_this())));
      });
      return true;
    }
    return false;
  }
  out = asClass(self_) && v->kind() == Value::Kind::Function ? *v
                                                             : bindClassAttr(ev, *v, self_, clsv);
  return true;
}

//===----------------------------------------------------------------------===//
// Protocols
//===----------------------------------------------------------------------===//
bool callSpecial(Evaluator &ev, const Value &self, const char *name,
                 std::initializer_list<Value> args, Value &out) {
  ClassObj *cls = classOfInstance(self);
  if (!cls)
    if (ClassObj *c = asClass(self))
      cls = c->metaclass.get(); // len(Color), `x in Color`: the metaclass's methods
  if (!cls)
    if (ExceptionValue *e = asException(self))
      for (const ExceptionType *t = e->type().get(); t && !cls; t = t->base().get())
        cls = t->userClass.get();
  if (!cls)
    return false;
  const Value *m = cls->lookup(name);
  if (!m || m->isNone())
    return false;
  Value bound = bindClassAttr(ev, *m, self,
                              Value::object(Value::Kind::Native, cls->shared_from_this()));
  out = ev.call(bound, std::vector<Value>(args), ev.currentLoc());
  return true;
}

void installClassBuiltins(Evaluator &ev, NameMap<Value> &b) {
  auto object = std::make_shared<ClassObj>("object", "", std::vector<std::shared_ptr<ClassObj>>{});
  object->linearize();
  b["object"] = Value::object(Value::Kind::Native, object);
  b["NotImplemented"] = notImplemented();
  b["staticmethod"] = makeBuiltin("staticmethod", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "staticmethod");
    return Value::object(Value::Kind::Native, std::make_shared<StaticMethodObj>(a.args[0]));
  });
  b["classmethod"] = makeBuiltin("classmethod", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "classmethod");
    return Value::object(Value::Kind::Native, std::make_shared<ClassMethodObj>(a.args[0]));
  });
  b["property"] = makeBuiltin("property", [](Evaluator &, CallArgs &a) {
    bindArgs(a, {"fget", "fset", "fdel", "doc"}, 0, "property");
    return Value::object(Value::Kind::Native,
                         std::make_shared<PropertyObj>(argOr(a, 0, "fget"), argOr(a, 1, "fset"),
                                                       argOr(a, 2, "fdel")));
  });
  b["super"] = makeBuiltin("super", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 0, 2, "super");
    std::shared_ptr<ClassObj> cls;
    Value self;
    if (a.args.size() == 2) {
      ClassObj *c = asClass(a.args[0]);
      if (!c)
        raise("TypeError", "super() argument 1 must be a type, not " + typeName(a.args[0]));
      cls = std::static_pointer_cast<ClassObj>(c->shared_from_this());
      self = a.args[1];
    } else {
      if (!ev.currentMethodContext(cls, self))
        raise("RuntimeError", "super(): no arguments",
              "call super() inside a method defined in a class body, or pass "
              "super(Class, self)");
    }
    return Value::object(Value::Kind::Native, std::make_shared<SuperObj>(cls, self));
  });
  b["vars"] = makeBuiltin("vars", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "vars");
    return ev.getAttr(a.args[0], "__dict__", a.loc);
  });
}

} // namespace parax::frontend
