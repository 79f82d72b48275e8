//===- Exceptions.h - Python exception types and values ---------*- C++ -*-===//
//
// Python's exceptions as values: the built-in hierarchy (BaseException >
// Exception > ArithmeticError > ZeroDivisionError ..., and JAX's error
// classes under jax.errors) as ExceptionType objects, each with a name and a
// base; an exception instance is an ExceptionValue (its type, args, cause).
//
// Errors travel through C++ as ParaxError. The evaluator's own errors carry
// only a kind string ("ValueError", "ConcretizationTypeError"); an `except`
// clause turns such an error into an ExceptionValue of the type named by the
// kind (exceptionFromError). A Python `raise` throws a RaisedError, a
// ParaxError that also carries the raised value, so `except E as e` gets the
// very object that was raised (its identity, args, cause).
//
// Classes plug in here: `class E(ValueError)` can be an ExceptionType
// subclass whose base() is the class it names, carrying the class body's
// attributes; its call() creates an ExceptionValue (then runs __init__,
// where super().__init__(msg) sets args). Every test of the hierarchy
// (isinstance, issubclass, except matching) goes through
// ExceptionType::isSubclassOf, the one place to teach an MRO.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Builtins.h"
#include "frontend/machine/NameMap.h"
#include "frontend/machine/Value.h"
#include "ir/Diagnostics.h"

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace parax::frontend {

class Evaluator;
class ClassObj;

/// An exception class (ValueError, jax.errors.ConcretizationTypeError ...):
/// callable (makes an ExceptionValue), usable with isinstance/issubclass and
/// in `except`.
class ExceptionType : public TypeObject,
                      public std::enable_shared_from_this<ExceptionType> {
public:
  /// `qualname` is the module-qualified name for repr ("jax.errors.X");
  /// the kind of a ParaxError is the short name.
  ExceptionType(const std::string &qualname, std::shared_ptr<ExceptionType> base);
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  std::vector<std::string> attrNames() const override;

  /// The short name ("ValueError"): the ParaxError kind of its instances.
  const std::string &name() const { return name_; }
  const std::string &qualname() const { return qualname_; }
  const std::shared_ptr<ExceptionType> &base() const { return base_; }
  /// Python issubclass(this, other) (a class is a subclass of itself).
  /// Walks the base chain; a user class with several bases overrides it
  /// with its MRO.
  virtual bool isSubclassOf(const ExceptionType &other) const;
  /// A user class deriving from this exception type (class E(ValueError)):
  /// its body's namespace - methods (__init__, __str__ ...) and class
  /// attributes - as a class whose bases are the parent user exception's
  /// class or object. Null for the built-in types.
  std::shared_ptr<ClassObj> userClass;

private:
  std::string name_, qualname_;
  std::shared_ptr<ExceptionType> base_;
};

/// An exception instance.
class ExceptionValue : public NativeObject,
                       public std::enable_shared_from_this<ExceptionValue> {
public:
  ExceptionValue(std::shared_ptr<ExceptionType> type, std::vector<Value> args)
      : type_(std::move(type)), args_(std::move(args)) {
    role_ = Role::Exception;
  }
  std::string typeName() const override { return type_->name(); }
  std::string repr() const override;
  std::string str() const override;
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override;
  std::vector<std::string> attrNames() const override;

  const std::shared_ptr<ExceptionType> &type() const { return type_; }
  const std::vector<Value> &args() const { return args_; }
  void setArgs(std::vector<Value> args) { args_ = std::move(args); }
  /// self.x = ... on an instance of a user exception class (args too).
  void setAttr(Evaluator &ev, const std::string &name, const Value &v);
  /// Attributes set on the instance, in order.
  std::vector<std::pair<std::string, Value>> attrs;
  /// `raise ... from cause` (None when absent), and the exception being
  /// handled when this one was raised (__context__).
  Value cause, context;
  bool suppressContext = false;
  /// The diagnostic this exception was raised with (location, trace stack,
  /// hint), kept so a re-raise reports the original place.
  Diagnostic diag;
  bool hasDiag = false;
  /// parax's own KeyErrors carry the key's repr as their message: shown
  /// as is by str() and repr().
  bool messageIsRepr = false;
  /// The evaluator's repr for args (str/repr of a Value needs it).
  Evaluator *ev = nullptr;

private:
  std::shared_ptr<ExceptionType> type_;
  std::vector<Value> args_;
};

/// A ParaxError thrown by a Python `raise`: it carries the raised value.
class RaisedError : public ParaxError {
public:
  RaisedError(Diagnostic d, Value exc) : ParaxError(std::move(d)), exc_(std::move(exc)) {}
  const Value &exception() const { return exc_; }

private:
  Value exc_;
};

/// The registry of built-in exception types, one per evaluator.
class ExceptionTypes {
public:
  ExceptionTypes();
  /// The type named `name` (short name), or null.
  std::shared_ptr<ExceptionType> find(const std::string &name) const;
  Value value(const std::string &name) const;
  /// All types that are Python builtins (for installing them as names).
  const std::vector<std::shared_ptr<ExceptionType>> &builtins() const { return builtins_; }
  /// JAX's error classes (jax.errors).
  const std::vector<std::shared_ptr<ExceptionType>> &jaxErrors() const { return jax_; }

private:
  std::shared_ptr<ExceptionType> add(const std::string &qualname, const std::string &base,
                                     bool jax = false);
  std::unordered_map<std::string, std::shared_ptr<ExceptionType>> byName_;
  std::vector<std::shared_ptr<ExceptionType>> builtins_, jax_;
};

/// The ExceptionValue of a value, or null.
ExceptionValue *asException(const Value &v);
/// The ExceptionType of a value (the class object), or null.
ExceptionType *asExceptionType(const Value &v);

/// The exception an error stands for: the raised value of a RaisedError,
/// else a new instance of the type named by its kind (unknown kinds, e.g.
/// backend failures, become RuntimeError-derived types of that name).
Value exceptionFromError(Evaluator &ev, ExceptionTypes &types, const ParaxError &e);
/// Whether exception value `exc` matches an `except` clause's `spec` (a
/// type or a tuple of them); a spec that is not an exception class is a
/// TypeError as in Python.
bool exceptionMatches(const Value &exc, const Value &spec);
/// Sets `exc`'s __context__ to `context` unless it has one (or they are the
/// same), breaking any cycle through `exc` as CPython does. Returns whether
/// it was set.
bool setContext(const Value &exc, const Value &context);
/// `e` as a RaisedError whose exception has `context` as __context__ (an
/// error that escaped an except or finally clause handling `context`); a
/// newly set context is named in a note.
RaisedError chainContext(Evaluator &ev, ExceptionTypes &types, const ParaxError &e,
                         const Value &context);
/// The error to throw for `raise exc`: `exc` may be an exception type (it is
/// called with no arguments) or instance; anything else is a TypeError.
RaisedError makeRaisedError(Evaluator &ev, Value exc, Loc loc);

/// Raises KeyError(key) (its args hold the key itself, as in Python).
[[noreturn]] void raiseKeyError(Evaluator &ev, const Value &key);

/// Installs the exception types as builtins, issubclass(), and the
/// jax.errors module; called once by the evaluator.
void installExceptions(Evaluator &ev, ExceptionTypes &types,
                       NameMap<Value> &builtins,
                       std::unordered_map<std::string, Value> &modules);

} // namespace parax::frontend
