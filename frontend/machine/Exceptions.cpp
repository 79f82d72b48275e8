//===- Exceptions.cpp - Python exception types and values -----------------===//
//
// The built-in exception hierarchy of CPython 3.11 and JAX's jax.errors
// classes (jax/_src/errors.py), exception instances (args, str, repr,
// __cause__), and the conversions between them and ParaxError.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Evaluator.h"

#include <algorithm>
#include <cctype>

namespace parax::frontend {

//===----------------------------------------------------------------------===//
// ExceptionType
//===----------------------------------------------------------------------===//
ExceptionType::ExceptionType(const std::string &qualname,
                             std::shared_ptr<ExceptionType> base)
    : TypeObject(qualname,
                 [this](const Value &v) {
                   ExceptionValue *e = asException(v);
                   return e && e->type()->isSubclassOf(*this);
                 },
                 nullptr),
      name_(qualname.substr(qualname.rfind('.') + 1)), qualname_(qualname),
      base_(std::move(base)) {}

bool ExceptionType::isSubclassOf(const ExceptionType &other) const {
  for (const ExceptionType *t = this; t; t = t->base_.get())
    if (t == &other)
      return true;
  return false;
}

Value ExceptionType::call(Evaluator &ev, CallArgs &args) {
  // A user class's __init__ decides args (through super().__init__(...));
  // without one, the call's arguments are the args, as BaseException's.
  const Value *init = userClass ? userClass->lookup("__init__") : nullptr;
  if (!init && !args.kwargs.empty())
    raise("TypeError", name_ + "() takes no keyword arguments");
  auto e = std::make_shared<ExceptionValue>(shared_from_this(), args.args);
  e->ev = &ev;
  Value v = Value::object(Value::Kind::Native, e);
  if (init) {
    CallArgs ia = args;
    ia.args.insert(ia.args.begin(), v);
    ev.call(*init, ia);
  }
  return v;
}

void ExceptionValue::setAttr(Evaluator &ev, const std::string &name, const Value &v) {
  if (name == "args") {
    setArgs(ev.iterate(v, ev.currentLoc()));
    return;
  }
  if (name == "__cause__") {
    cause = v;
    return;
  }
  for (auto &kv : attrs)
    if (kv.first == name) {
      kv.second = v;
      return;
    }
  attrs.emplace_back(name, v);
}

bool ExceptionType::getAttr(Evaluator &ev, const std::string &name, Value &out) {
  if (name == "__name__" || name == "__qualname__") {
    out = Value::str(name_);
    return true;
  }
  if (name == "__module__") {
    size_t dot = qualname_.rfind('.');
    out = Value::str(dot == std::string::npos ? "builtins" : qualname_.substr(0, dot));
    return true;
  }
  if (name == "__base__" || name == "__bases__") {
    Value b = base_ ? Value::object(Value::Kind::Native, base_) : ev.builtin("object");
    out = name == "__base__" ? b : Value::tuple({b});
    return true;
  }
  if (name == "__mro__") {
    std::vector<Value> mro;
    for (ExceptionType *t = this; t; t = t->base_.get())
      mro.push_back(Value::object(Value::Kind::Native, t->shared_from_this()));
    if (Value o = ev.builtin("object"); !o.isNone())
      mro.push_back(o);
    out = Value::tuple(std::move(mro));
    return true;
  }
  // A user exception class's class attributes and (unbound) methods.
  for (const ExceptionType *t = this; t; t = t->base_.get())
    if (t->userClass)
      return t->userClass->getAttr(ev, name, out);
  return TypeObject::getAttr(ev, name, out);
}

std::vector<std::string> ExceptionType::attrNames() const {
  return {"__name__", "__qualname__", "__module__", "__base__", "__bases__", "__mro__"};
}

//===----------------------------------------------------------------------===//
// ExceptionValue
//===----------------------------------------------------------------------===//
std::string ExceptionValue::repr() const {
  if (messageIsRepr && args_.size() == 1 && args_[0].isStr())
    return type_->name() + "(" + args_[0].asStr() + ")";
  std::string s = type_->name() + "(";
  for (size_t i = 0; i < args_.size(); ++i) {
    if (i)
      s += ", ";
    s += ev ? ev->repr(args_[i]) : "...";
  }
  return s + ")";
}

namespace {
bool derivesFrom(const ExceptionType *t, const char *name) {
  for (; t; t = t->base().get())
    if (t->name() == name)
      return true;
  return false;
}
} // namespace

std::string ExceptionValue::str() const {
  if (args_.empty())
    return "";
  // OSError(errno, strerror[, filename]): "[Errno 2] No such file: 'x'".
  if (args_.size() >= 2 && args_.size() <= 5 && args_[0].isInt() && ev &&
      derivesFrom(type_.get(), "OSError")) {
    std::string s = "[Errno " + std::to_string(args_[0].asInt()) + "] " + ev->str(args_[1]);
    const Value *file = args_.size() >= 3 ? &args_[2] : nullptr;
    for (auto &kv : attrs)
      if (kv.first == "filename")
        file = &kv.second;
    if (file && !file->isNone())
      s += ": " + ev->repr(*file);
    return s;
  }
  if (messageIsRepr && args_.size() == 1 && args_[0].isStr())
    return args_[0].asStr();
  if (args_.size() == 1) {
    // KeyError shows its key as a repr (KeyError('k') prints 'k').
    if (type_->name() == "KeyError" && ev)
      return ev->repr(args_[0]);
    return ev ? ev->str(args_[0]) : "";
  }
  return ev ? ev->repr(Value::tuple(args_)) : "";
}

bool ExceptionValue::getAttr(Evaluator &evr, const std::string &name, Value &out) {
  for (auto &kv : attrs)
    if (kv.first == name) {
      out = kv.second;
      return true;
    }
  for (const ExceptionType *t = type_.get(); t; t = t->base().get())
    if (t->userClass) {
      if (const Value *m = t->userClass->lookup(name); m && name != "__init__") {
        out = bindClassAttr(evr, *m, Value::object(Value::Kind::Native, shared_from_this()),
                            Value::object(Value::Kind::Native, type_));
        return true;
      }
      break; // userClass's MRO already covers the user classes above it
    }
  if (name == "args") {
    out = Value::tuple(args_);
    return true;
  }
  if (name == "value" && type_->name() == "StopIteration") { // a generator's return value
    out = args_.empty() ? Value() : args_[0];
    return true;
  }
  if (name == "code" && derivesFrom(type_.get(), "SystemExit")) {
    out = args_.empty() ? Value::none() : args_.size() == 1 ? args_[0] : Value::tuple(args_);
    return true;
  }
  if (name == "__cause__") {
    out = cause;
    return true;
  }
  if (name == "__context__") {
    out = context;
    return true;
  }
  if (name == "__suppress_context__") {
    out = Value::boolean(suppressContext);
    return true;
  }
  if (name == "__traceback__") {
    out = Value::none();
    return true;
  }
  if (name == "__class__") {
    out = Value::object(Value::Kind::Native, type_);
    return true;
  }
  return false;
}

std::vector<std::string> ExceptionValue::attrNames() const {
  return {"args", "__cause__", "__context__", "__suppress_context__", "__traceback__",
          "__class__"};
}

ExceptionValue *asException(const Value &v) {
  if (v.kind() != Value::Kind::Native)
    return nullptr;
  auto *n = static_cast<NativeObject *>(v.objectPtr().get());
  return n->role() == NativeObject::Role::Exception ? static_cast<ExceptionValue *>(n) : nullptr;
}

ExceptionType *asExceptionType(const Value &v) {
  return v.kind() == Value::Kind::Native ? v.as<ExceptionType>() : nullptr;
}

//===----------------------------------------------------------------------===//
// The registry
//===----------------------------------------------------------------------===//
ExceptionTypes::ExceptionTypes() {
  add("BaseException", "");
  for (const char *n : {"BaseExceptionGroup", "GeneratorExit", "KeyboardInterrupt", "SystemExit",
                        "Exception"})
    add(n, "BaseException");
  // Exception's subclasses, each after its base (CPython 3.11's hierarchy).
  static const char *const kTree[][2] = {
      {"ArithmeticError", "Exception"},
      {"FloatingPointError", "ArithmeticError"},
      {"OverflowError", "ArithmeticError"},
      {"ZeroDivisionError", "ArithmeticError"},
      {"AssertionError", "Exception"},
      {"AttributeError", "Exception"},
      {"BufferError", "Exception"},
      {"EOFError", "Exception"},
      {"ExceptionGroup", "Exception"},
      {"ImportError", "Exception"},
      {"ModuleNotFoundError", "ImportError"},
      {"LookupError", "Exception"},
      {"IndexError", "LookupError"},
      {"KeyError", "LookupError"},
      {"MemoryError", "Exception"},
      {"NameError", "Exception"},
      {"UnboundLocalError", "NameError"},
      {"OSError", "Exception"},
      {"BlockingIOError", "OSError"},
      {"ChildProcessError", "OSError"},
      {"ConnectionError", "OSError"},
      {"BrokenPipeError", "ConnectionError"},
      {"ConnectionAbortedError", "ConnectionError"},
      {"ConnectionRefusedError", "ConnectionError"},
      {"ConnectionResetError", "ConnectionError"},
      {"FileExistsError", "OSError"},
      {"FileNotFoundError", "OSError"},
      {"InterruptedError", "OSError"},
      {"IsADirectoryError", "OSError"},
      {"NotADirectoryError", "OSError"},
      {"PermissionError", "OSError"},
      {"ProcessLookupError", "OSError"},
      {"TimeoutError", "OSError"},
      {"ReferenceError", "Exception"},
      {"RuntimeError", "Exception"},
      {"NotImplementedError", "RuntimeError"},
      {"RecursionError", "RuntimeError"},
      {"StopAsyncIteration", "Exception"},
      {"StopIteration", "Exception"},
      {"SyntaxError", "Exception"},
      {"IndentationError", "SyntaxError"},
      {"TabError", "IndentationError"},
      {"SystemError", "Exception"},
      {"TypeError", "Exception"},
      {"ValueError", "Exception"},
      {"UnicodeError", "ValueError"},
      {"UnicodeDecodeError", "UnicodeError"},
      {"UnicodeEncodeError", "UnicodeError"},
      {"UnicodeTranslateError", "UnicodeError"},
      {"Warning", "Exception"},
      {"BytesWarning", "Warning"},
      {"DeprecationWarning", "Warning"},
      {"EncodingWarning", "Warning"},
      {"FutureWarning", "Warning"},
      {"ImportWarning", "Warning"},
      {"PendingDeprecationWarning", "Warning"},
      {"ResourceWarning", "Warning"},
      {"RuntimeWarning", "Warning"},
      {"SyntaxWarning", "Warning"},
      {"UnicodeWarning", "Warning"},
      {"UserWarning", "Warning"},
  };
  for (auto &e : kTree)
    add(e[0], e[1]);
  // jax/_src/errors.py (every class there is exported as jax.errors.X).
  static const char *const kJax[][2] = {
      {"JAXTypeError", "TypeError"},
      {"JAXIndexError", "IndexError"},
      {"ConcretizationTypeError", "JAXTypeError"},
      {"NonConcreteBooleanIndexError", "JAXIndexError"},
      {"TracerArrayConversionError", "JAXTypeError"},
      {"TracerIntegerConversionError", "JAXTypeError"},
      {"TracerBoolConversionError", "ConcretizationTypeError"},
      {"UnexpectedTracerError", "JAXTypeError"},
      {"KeyReuseError", "JAXTypeError"},
      {"JaxRuntimeError", "RuntimeError"}, // jaxlib's, re-exported by jax.errors
  };
  for (auto &e : kJax)
    add(std::string("jax.errors.") + e[0], e[1], /*jax=*/true);
  // numpy's own classes: raised by kind name, bound as np.linalg.LinAlgError
  // and np.exceptions.AxisError (not builtins).
  for (auto [qual, base] : {std::pair{"numpy.linalg.LinAlgError", "ValueError"},
                            std::pair{"numpy.exceptions.AxisError", "ValueError"},
                            // a frozen dataclass's assignment (dataclasses.FrozenInstanceError)
                            std::pair{"dataclasses.FrozenInstanceError", "AttributeError"},
                            // JAX's sharding-in-types errors (not in jax.errors)
                            std::pair{"jax._src.core.ShardingTypeError", "Exception"}}) {
    auto t = std::make_shared<ExceptionType>(qual, find(base));
    byName_[t->name()] = t;
  }
}

std::shared_ptr<ExceptionType> ExceptionTypes::add(const std::string &qualname,
                                                   const std::string &base, bool jax) {
  auto t = std::make_shared<ExceptionType>(qualname, base.empty() ? nullptr : find(base));
  byName_[t->name()] = t;
  (jax ? jax_ : builtins_).push_back(t);
  return t;
}

std::shared_ptr<ExceptionType> ExceptionTypes::find(const std::string &name) const {
  auto it = byName_.find(name);
  return it == byName_.end() ? nullptr : it->second;
}

Value ExceptionTypes::value(const std::string &name) const {
  auto t = find(name);
  return t ? Value::object(Value::Kind::Native, t) : Value::none();
}

//===----------------------------------------------------------------------===//
// Errors <-> exception values
//===----------------------------------------------------------------------===//
Value exceptionFromError(Evaluator &ev, ExceptionTypes &types, const ParaxError &e) {
  if (auto *r = dynamic_cast<const RaisedError *>(&e))
    return r->exception();
  const Diagnostic &d = e.diag();
  std::string kind = d.kind;
  // Backend failures carry XLA status names; JAX raises them as
  // JaxRuntimeError("RESOURCE_EXHAUSTED: ...").
  bool status = !kind.empty() && std::all_of(kind.begin(), kind.end(), [](char c) {
    return std::isupper((unsigned char)c) || c == '_';
  });
  std::string message = status ? kind + ": " + d.message : d.message;
  if (status)
    kind = "JaxRuntimeError";
  auto type = types.find(kind);
  if (!type)
    type = types.find("RuntimeError"); // parax's own kinds (InternalError ...)
  Value arg = Value::str(message);
  bool isRepr = false;
  if (kind == "KeyError") {
    // parax's KeyErrors carry repr(key): recover simple keys (str without
    // escapes, int) so that e.args[0] is the key, as in Python.
    const std::string &m = message;
    bool quoted = m.size() >= 2 && (m[0] == '\'' || m[0] == '"') && m.back() == m[0] &&
                  m.find('\\') == std::string::npos &&
                  m.find(m[0], 1) == m.size() - 1;
    bool digits = !m.empty() && m.size() < 19 &&
                  std::all_of(m.begin() + (m[0] == '-'), m.end(),
                              [](char c) { return std::isdigit((unsigned char)c); }) &&
                  m != "-";
    if (quoted)
      arg = Value::str(m.substr(1, m.size() - 2));
    else if (digits)
      arg = Value::integer(std::stoll(m));
    else
      isRepr = true;
  }
  // The protocol's own exceptions (next() running out, close()) have no
  // arguments, as CPython's: StopIteration().args == ().
  bool noArgs = message.empty() && (kind == "StopIteration" || kind == "GeneratorExit");
  auto exc = std::make_shared<ExceptionValue>(type, noArgs ? std::vector<Value>{}
                                                           : std::vector<Value>{arg});
  exc->ev = &ev;
  exc->messageIsRepr = isRepr;
  exc->diag = d;
  exc->hasDiag = true;
  return Value::object(Value::Kind::Native, exc);
}

bool exceptionMatches(const Value &exc, const Value &spec) {
  if (spec.isTuple()) {
    for (const Value &s : spec.elements())
      if (exceptionMatches(exc, s))
        return true;
    return false;
  }
  ExceptionType *t = asExceptionType(spec);
  if (!t)
    raise("TypeError", "catching classes that do not inherit from BaseException is not allowed");
  ExceptionValue *e = asException(exc);
  return e && e->type()->isSubclassOf(*t);
}

bool setContext(const Value &exc, const Value &context) {
  ExceptionValue *x = asException(exc);
  if (!x || exc.identical(context) || !x->context.isNone() || !asException(context))
    return false;
  // As CPython: cut a chain that leads back to `exc` so that contexts never
  // form a cycle (it would never be freed, nor printed in finite time).
  for (ExceptionValue *c = asException(context); c; c = asException(c->context))
    if (c->context.identical(exc)) {
      c->context = Value::none();
      break;
    }
  x->context = context;
  return true;
}

RaisedError chainContext(Evaluator &ev, ExceptionTypes &types, const ParaxError &e,
                         const Value &context) {
  Value exc = exceptionFromError(ev, types, e);
  RaisedError r(e.diag(), exc);
  ExceptionValue *c = asException(context);
  if (setContext(exc, context) && c) {
    std::string msg = c->str();
    r.diag().notes.push_back({c->hasDiag ? c->diag.loc : Loc{},
                              "raised while handling " + c->type()->name() +
                                  (msg.empty() ? "" : ": " + msg)});
  }
  return r;
}

void raiseKeyError(Evaluator &ev, const Value &key) {
  auto e = std::make_shared<ExceptionValue>(ev.exceptionTypes().find("KeyError"),
                                            std::vector<Value>{key});
  e->ev = &ev;
  Diagnostic d;
  d.kind = "KeyError";
  d.message = e->str();
  throw RaisedError(std::move(d), Value::object(Value::Kind::Native, e));
}

RaisedError makeRaisedError(Evaluator &ev, Value exc, Loc loc) {
  if (asExceptionType(exc))
    exc = ev.call(exc, {}, loc);
  ExceptionValue *e = asException(exc);
  if (!e)
    raise("TypeError", "exceptions must derive from BaseException");
  Diagnostic d;
  d.kind = e->type()->name();
  // A library module's own exception class names its module, as CPython's
  // traceback does ("re.error", "statistics.StatisticsError").
  if (e->type()->userClass && e->type()->qualname().rfind("__main__.", 0) != 0 &&
      e->type()->qualname().find('.') != std::string::npos)
    d.kind = e->type()->qualname();
  d.message = ev.str(exc); // a user class's __str__ applies
  d.loc = loc;
  d.stack = ev.callStack();
  return RaisedError(std::move(d), exc);
}

//===----------------------------------------------------------------------===//
// Installation
//===----------------------------------------------------------------------===//
void installExceptions(Evaluator &ev, ExceptionTypes &types,
                       NameMap<Value> &builtins,
                       std::unordered_map<std::string, Value> &modules) {
  for (auto &t : types.builtins())
    builtins[t->name()] = Value::object(Value::Kind::Native, t);
  builtins["EnvironmentError"] = builtins["IOError"] = builtins["OSError"];
  auto errors = modules.find("jax.errors");
  if (errors != modules.end())
    if (auto *m = errors->second.as<ModuleObject>())
      for (auto &t : types.jaxErrors())
        m->set(t->name(), Value::object(Value::Kind::Native, t));
  builtins["issubclass"] = makeBuiltin("issubclass", [](Evaluator &ev, CallArgs &a) -> Value {
    if (a.args.size() != 2)
      raise("TypeError", "issubclass expected 2 arguments, got " + std::to_string(a.args.size()));
    std::vector<Value> specs0 =
        a.args[1].isTuple() ? a.args[1].elements() : std::vector<Value>{a.args[1]};
    for (const Value &spec : specs0)
      if (ClassObj *b = asClass(spec); b && b->metaclass &&
                                       b->metaclass->lookup("__subclasscheck__")) {
        // type(B).__subclasscheck__ (abc's registered virtual subclasses).
        Value r;
        callSpecial(ev, spec, "__subclasscheck__", {a.args[0]}, r);
        if (ev.truthy(r))
          return Value::boolean(true);
      }
    if (ClassObj *c = asClass(a.args[0])) {
      // A class statement's class: its MRO.
      for (const Value &spec : specs0) {
        if (ClassObj *b = asClass(spec); b && c->isSubclassOf(b))
          return Value::boolean(true);
        // class D(dict): issubclass(D, dict)
        if (auto *t = spec.kind() == Value::Kind::Native ? spec.as<TypeObject>() : nullptr)
          if ((!builtinTypeOf(*c).empty() && t->repr() == "<class '" + builtinTypeOf(*c) + "'>") ||
              (!c->tupleFields.empty() && t->repr() == "<class 'tuple'>"))
            return Value::boolean(true);
      }
      return Value::boolean(false);
    }
    auto *cls = a.args[0].kind() == Value::Kind::Native ? a.args[0].as<TypeObject>() : nullptr;
    if (!cls)
      raise("TypeError", "issubclass() arg 1 must be a class");
    std::vector<Value> specs =
        a.args[1].isTuple() ? a.args[1].elements() : std::vector<Value>{a.args[1]};
    for (const Value &spec : specs) {
      if (asClass(spec))
        continue; // a class statement's class: handled above
      auto *base = spec.kind() == Value::Kind::Native ? spec.as<TypeObject>() : nullptr;
      if (!base)
        raise("TypeError", "issubclass() arg 2 must be a class, a tuple of classes, or a union");
      auto *ce = dynamic_cast<ExceptionType *>(cls);
      auto *be = dynamic_cast<ExceptionType *>(base);
      if (ce && be ? ce->isSubclassOf(*be)
                   : cls == base || (cls->repr() == "<class 'bool'>" &&
                                     base->repr() == "<class 'int'>"))
        return Value::boolean(true);
    }
    return Value::boolean(false);
  });
  (void)ev;
}

} // namespace parax::frontend
