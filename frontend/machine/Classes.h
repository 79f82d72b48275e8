//===- Classes.h - Python classes, instances and their protocols -*- C++ -*-===//
//
// A `class` statement makes a ClassObj: a name, its bases, the method
// resolution order (C3, as CPython) and an ordered namespace. Calling it
// makes an InstanceObj and runs __init__. Attribute lookup follows Python:
// the instance's own dict, then the MRO, where functions bind to the
// instance (BoundMethod), properties call their getter, and static/class
// methods unwrap. The evaluator's operations (operators, comparisons,
// truth, len, iteration, repr/str, calls, subscripts, with) ask
// callSpecial() first when a value is an instance, so every protocol is one
// lookup of a dunder method - not a switch per operation.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/syntax/Ast.h"
#include "frontend/machine/NameMap.h"
#include "frontend/machine/Value.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <initializer_list>
#include <vector>

namespace parax::frontend {

class Evaluator;

/// A Python class. Values of kind Native.
class ClassObj : public NativeObject, public std::enable_shared_from_this<ClassObj> {
public:
  ClassObj(std::string name, std::string module, std::vector<std::shared_ptr<ClassObj>> bases);
  /// Changes whenever any class is made or any class's attributes or MRO
  /// change: a class lookup remembered with it is right while it is equal.
  static uint64_t epoch() { return epoch_.load(std::memory_order_relaxed); }
  /// Python's __qualname__ (`Outer.Inner`, `f.<locals>.C`); empty for
  /// classes parax makes itself (then the name).
  std::string qualname;

  std::string typeName() const override { return "type"; }
  std::string repr() const override { return "<class '" + qualifiedName() + "'>"; }
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  std::vector<std::string> attrNames() const override;

  /// Computes the MRO (C3 linearisation); raises TypeError if there is none.
  void linearize();
  /// The first class in the MRO whose namespace defines `name`.
  const Value *lookup(const std::string &name) const;
  /// The same, starting after `after` in the MRO (super()).
  const Value *lookupAfter(const ClassObj *after, const std::string &name) const;
  bool isSubclassOf(const ClassObj *other) const;
  void setAttr(const std::string &name, const Value &v);
  bool delAttr(const std::string &name);

  std::string qualifiedName() const { return module_.empty() ? name_ : module_ + "." + name_; }
  const std::string &name() const { return name_; }
  const std::vector<std::shared_ptr<ClassObj>> &bases() const { return bases_; }
  const std::vector<ClassObj *> &mro() const { return mro_; }
  /// The namespace in definition order (dataclasses and NamedTuple read it).
  const std::vector<std::pair<std::string, Value>> &members() const { return dict_; }
  /// Names annotated in the class body, in order (`x: int = 0`).
  std::vector<std::string> annotations;
  /// `__slots__` without `__dict__`: instances take no other attributes.
  bool hasSlots = false;
  std::vector<std::string> slots;
  /// Set when the class is a pytree node (NamedTuple, register_pytree_node,
  /// register_dataclass); its exact instances flatten through it.
  std::shared_ptr<const struct PytreeNodeType> pytreeNode;
  /// The fields of a NamedTuple class, in order, with their defaults.
  std::vector<std::string> tupleFields;
  /// Runs when a class deriving from this one is created (NamedTuple uses
  /// it to read the subclass's fields), as __init_subclass__ would.
  std::function<void(Evaluator &, ClassObj &)> subclassHook;
  /// Set by @dataclasses.dataclass (frontend/lib/PyTypes.cpp).
  std::shared_ptr<struct DataclassFields> dataclass;
  /// `class C(metaclass=M)` (or a base's): a class whose methods act on the
  /// class itself - iteration, len, `in`, [], repr, isinstance checks
  /// (__instancecheck__), calling it (__call__) and attributes the class
  /// lacks (enum's EnumType, abc's ABCMeta). Classes are not created by it:
  /// parax has no type.__new__; a base's __init_subclass__ runs instead.
  std::shared_ptr<ClassObj> metaclass;
  /// Calling the class without its metaclass's __call__: __new__ (if any)
  /// and __init__ (what type.__call__ does).
  Value construct(Evaluator &ev, CallArgs &args);
  /// Set on the class parax makes for a builtin type a class statement
  /// derives from (`class D(dict)`: "dict"; machine/BuiltinSubclass.h).
  std::string builtinType;

private:
  std::string name_, module_;
  std::vector<std::shared_ptr<ClassObj>> bases_;
  std::vector<ClassObj *> mro_; ///< this first; bases are kept alive by bases_
  std::vector<std::pair<std::string, Value>> dict_;
  static void bumpEpoch() { epoch_.fetch_add(1, std::memory_order_relaxed); }
  static inline std::atomic<uint64_t> epoch_{1};
};

/// An instance of a user class.
class InstanceObj : public NativeObject, public std::enable_shared_from_this<InstanceObj> {
public:
  explicit InstanceObj(std::shared_ptr<ClassObj> cls)
      : charge_(int64_t(sizeof(InstanceObj)) + 64, "an object"), cls_(std::move(cls)) {
    role_ = Role::Instance;
  }
  std::string typeName() const override { return cls_->name(); }
  std::string repr() const override;
  bool callable() const override { return cls_->lookup("__call__") != nullptr; }
  Value call(Evaluator &ev, CallArgs &args) override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  std::vector<std::string> attrNames() const override;
  /// self.name = v: a property's setter, a class's __setattr__, or the
  /// instance dict (setOwnAttr, which __slots__ restricts).
  void setAttr(Evaluator &ev, const std::string &name, const Value &v);
  void setOwnAttr(const std::string &name, const Value &v);
  void delAttr(Evaluator &ev, const std::string &name);

  Value selfValue() { return Value::object(Value::Kind::Native, shared_from_this()); }
  const std::shared_ptr<ClassObj> &cls() const { return cls_; }
  Value classValue() const;
  const std::vector<std::pair<std::string, Value>> &attrs() const { return attrs_; }
  const Value *ownAttr(const std::string &name) const;
  /// The builtin value an instance of a builtin's subclass is (the dict of
  /// a `class D(dict)` instance); None for other instances.
  Value builtinValue;

private:
  HostCharge charge_; ///< the object itself (its attributes are values of their own)
  std::shared_ptr<ClassObj> cls_;
  std::vector<std::pair<std::string, Value>> attrs_; ///< insertion order (vars())
};

/// A function bound to its first argument (a method of an instance, or a
/// classmethod bound to its class).
class BoundMethod : public NativeObject {
public:
  BoundMethod(Value self, Value fn) : self_(std::move(self)), fn_(std::move(fn)) {}
  std::string typeName() const override { return "method"; }
  std::string repr() const override;
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  const Value &self() const { return self_; }
  const Value &function() const { return fn_; }

private:
  Value self_, fn_;
};

/// A method written in C++ on a class parax provides (NamedTuple,
/// dataclass-generated methods): binds to the instance like a function.
class NativeMethodObj : public NativeObject {
public:
  NativeMethodObj(std::string name, BuiltinFunction::Impl impl)
      : name_(std::move(name)), impl_(std::move(impl)) {}
  std::string typeName() const override { return "method_descriptor"; }
  std::string repr() const override { return "<method '" + name_ + "'>"; }
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override { return impl_(ev, args); }

private:
  std::string name_;
  BuiltinFunction::Impl impl_;
};
/// Wraps `impl` (which receives self as args[0]) as a class member.
Value nativeMethod(const std::string &name, BuiltinFunction::Impl impl);

/// staticmethod(f), classmethod(f) and property(fget, fset, fdel): the
/// descriptors a class body wraps its functions in.
class StaticMethodObj : public NativeObject {
public:
  explicit StaticMethodObj(Value fn) : fn(std::move(fn)) {}
  std::string typeName() const override { return "staticmethod"; }
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override;
  Value fn;
};
class ClassMethodObj : public NativeObject {
public:
  explicit ClassMethodObj(Value fn) : fn(std::move(fn)) {}
  std::string typeName() const override { return "classmethod"; }
  Value fn;
};
class PropertyObj : public NativeObject {
public:
  PropertyObj(Value get, Value set, Value del) : fget(get), fset(set), fdel(del) {}
  std::string typeName() const override { return "property"; }
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  Value fget, fset, fdel;
};

/// super(): attribute lookup in the MRO of `self`'s class after `cls`.
class SuperObj : public NativeObject {
public:
  SuperObj(std::shared_ptr<ClassObj> cls, Value self) : cls_(std::move(cls)), self_(self) {}
  std::string typeName() const override { return "super"; }
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;

private:
  std::shared_ptr<ClassObj> cls_;
  Value self_;
};

/// The class of an instance, or null.
ClassObj *classOfInstance(const Value &v);
/// A ClassObj value, or null.
ClassObj *asClass(const Value &v);
/// The instance a value is (null for anything else), without a dynamic_cast.
InstanceObj *asInstance(const Value &v);

/// Calls `self.name(args...)` when `self` is an instance whose class
/// defines `name` (a dunder: "__add__", "__len__" ...). Returns false, with
/// `out` untouched, when it does not. The arguments are a braced list so
/// the common answer (not an instance) costs no allocation.
bool callSpecial(Evaluator &ev, const Value &self, const char *name,
                 std::initializer_list<Value> args, Value &out);
/// "__iadd__" for BinOpKind::Add ... (augmented assignment).
const char *inplaceDunder(BinOpKind op);
/// The NotImplemented singleton that binary dunders return to decline.
const Value &notImplemented();

/// Binds a class attribute found by lookup to `self` (functions become
/// bound methods, properties are read, static/class methods unwrap).
Value bindClassAttr(Evaluator &ev, const Value &attr, const Value &self, const Value &cls);

/// Python's builtins for classes: object, staticmethod, classmethod,
/// property, super (zero-argument form reads the running method's frame),
/// NotImplemented, vars.
void installClassBuiltins(Evaluator &ev, NameMap<Value> &b);

} // namespace parax::frontend
