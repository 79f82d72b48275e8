//===- BuiltinSubclass.cpp - classes deriving from dict, list, str ... ----===//
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/Hashing.h"
#include "frontend/machine/ObjectBuiltins.h"
#include "frontend/machine/Sets.h"
#include "frontend/lib/LibUtil.h"

#include <map>

namespace parax::frontend {

namespace {
const char *const kSubclassable[] = {"dict", "list", "tuple", "set", "frozenset",
                                     "str",  "int",  "float"};

bool isMutable(const std::string &t) { return t == "dict" || t == "list" || t == "set"; }
bool isNumeric(const std::string &t) { return t == "int" || t == "float"; }

/// The value a stand-in method acts on: an instance's builtin value, or a
/// plain value of the type itself (dict.__repr__({}) works too).
const Value &selfValue(const std::string &type, const std::string &method, const Value &self) {
  if (const Value *b = builtinValueOf(self))
    return *b;
  if (typeName(self) == type || (type == "int" && self.isBool()))
    return self;
  raise("TypeError", "descriptor '" + method + "' requires a '" + type +
                         "' object but received a '" + typeName(self) + "'");
}

/// The dunder names of BinOpKind, in its order.
const char *const kBinary[] = {"add", "sub",    "mul", "truediv", "floordiv", "mod",   "pow",
                               "matmul", "and", "or",  "xor",     "lshift",   "rshift"};

std::vector<Value> rest(const CallArgs &a) {
  return std::vector<Value>(a.args.begin() + (a.args.empty() ? 0 : 1), a.args.end());
}

void def(ClassObj &c, const std::string &type, const std::string &name,
         std::function<Value(Evaluator &, const Value &self, const Value &v, CallArgs &)> impl,
         size_t minArgs = 0, size_t maxArgs = 0) {
  std::string qual = type + "." + name;
  c.setAttr(name, nativeMethod(name, [=](Evaluator &ev, CallArgs &a) {
    if (a.args.empty())
      raise("TypeError", "descriptor '" + name + "' of '" + type + "' object needs an argument");
    size_t n = a.args.size() - 1;
    if (n < minArgs || n > maxArgs)
      raise("TypeError", qual + "() takes " +
                             (minArgs == maxArgs ? "exactly " + std::to_string(minArgs)
                                                 : "at most " + std::to_string(maxArgs)) +
                             " argument" + (maxArgs == 1 ? "" : "s") + " (" + std::to_string(n) +
                             " given)");
    const Value &self = a.args[0];
    return impl(ev, self, selfValue(type, name, self), a);
  }));
}

/// The element of list `v` at index `idx` (as `l[i] = x` and `del l[i]` find it).
Value &listSlot(Evaluator &ev, const Value &v, const Value &idx) {
  auto &el = v.elements();
  int64_t i = ev.toIndex(idx, "list indices");
  int64_t n = int64_t(el.size());
  if (i < 0)
    i += n;
  if (i < 0 || i >= n)
    raise("IndexError", "list assignment index out of range");
  return el[size_t(i)];
}

std::shared_ptr<ClassObj> makeBase(Evaluator &ev, const std::string &type) {
  auto object = std::static_pointer_cast<ClassObj>(asClass(ev.builtin("object"))->shared_from_this());
  auto c = std::make_shared<ClassObj>(type, "", std::vector<std::shared_ptr<ClassObj>>{object});
  c->linearize();
  c->builtinType = type;
  ClassObj &cls = *c;

  // __new__ makes the instance and its value: an empty one for the mutable
  // types (their __init__ fills it), the type called with the arguments for
  // the immutable ones (tuple(...), int('7', 16) ...).
  cls.setAttr("__new__", Value::object(Value::Kind::Native, std::make_shared<StaticMethodObj>(
      makeBuiltin(type + ".__new__", [type](Evaluator &ev, CallArgs &a) -> Value {
        ClassObj *target = a.args.empty() ? nullptr : asClass(a.args[0]);
        if (!target)
          raise("TypeError", type + ".__new__(X): X is not a type object");
        if (builtinTypeOf(*target) != type)
          raise("TypeError", type + ".__new__(" + target->name() + "): " + target->name() +
                                 " is not a subtype of " + type);
        auto inst = std::make_shared<InstanceObj>(
            std::static_pointer_cast<ClassObj>(target->shared_from_this()));
        CallArgs ca;
        ca.loc = a.loc;
        if (!isMutable(type)) {
          ca.args = rest(a);
          ca.kwargs = a.kwargs;
        }
        inst->builtinValue = unwrapBuiltin(ev.call(ev.builtin(type), ca));
        return Value::object(Value::Kind::Native, inst);
      }))));

  // __init__ of the mutable types sets the contents, as dict(...) would make them.
  cls.setAttr("__init__", nativeMethod("__init__", [type](Evaluator &ev, CallArgs &a) -> Value {
    if (a.args.empty())
      raise("TypeError", "descriptor '__init__' of '" + type + "' object needs an argument");
    const Value &v = selfValue(type, "__init__", a.args[0]);
    if (!isMutable(type))
      return Value(); // object.__init__: __new__ already made the value
    CallArgs ca;
    ca.args = rest(a);
    ca.kwargs = a.kwargs;
    ca.loc = a.loc;
    Value made = ev.call(ev.builtin(type), ca);
    if (type == "dict")
      v.asDict().assign(made.asDict().items());
    else if (type == "list")
      v.elements() = made.elements();
    else
      ev.call(ev.getAttr(v, "clear", a.loc), {}), ev.call(ev.getAttr(v, "update", a.loc), {made});
    return Value();
  }));

  // A set subclass shows its class, Z({1, 2}); the others show the value.
  def(cls, type, "__repr__", [](Evaluator &ev, const Value &self, const Value &v, CallArgs &) {
    if (v.isAnySet() && classOfInstance(self)) {
      std::string name = classOfInstance(self)->name();
      return Value::str(asSet(v).size() == 0 ? name + "()" : name + "(" + ev.repr(v) + ")");
    }
    return Value::str(ev.repr(v));
  });
  if (type == "str")
    def(cls, type, "__str__", [](Evaluator &, const Value &, const Value &v, CallArgs &) {
      return v;
    });
  // format(x, '') is str(x), which a subclass's __repr__ may change.
  def(cls, type, "__format__", [](Evaluator &ev, const Value &self, const Value &v, CallArgs &a) {
    std::string spec = a.args[1].isStr() ? a.args[1].asStr() : "";
    if (spec.empty())
      return Value::str(ev.str(self));
    return Value::str(formatValue(ev, v, spec, 0));
  }, 1, 1);

  static const std::pair<const char *, CmpOpKind> cmps[] = {
      {"__eq__", CmpOpKind::Eq}, {"__ne__", CmpOpKind::NotEq}, {"__lt__", CmpOpKind::Lt},
      {"__le__", CmpOpKind::LtE}, {"__gt__", CmpOpKind::Gt},   {"__ge__", CmpOpKind::GtE}};
  for (auto [name, op] : cmps) {
    CmpOpKind k = op;
    def(cls, type, name, [k](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
      return ev.compare(k, v, unwrapBuiltin(a.args[1]), a.loc);
    }, 1, 1);
  }
  def(cls, type, "__hash__", [type](Evaluator &ev, const Value &self, const Value &v, CallArgs &a) {
    if (isMutable(type))
      raise("TypeError", "unhashable type: '" + typeName(self) + "'");
    return ev.call(ev.builtin("hash"), {v}, a.loc);
  });
  def(cls, type, "__bool__", [](Evaluator &ev, const Value &, const Value &v, CallArgs &) {
    return Value::boolean(ev.truthy(v));
  });

  if (!isNumeric(type)) {
    def(cls, type, "__len__", [](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
      return ev.call(ev.builtin("len"), {v}, a.loc);
    });
    def(cls, type, "__iter__", [](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
      return ev.call(ev.builtin("iter"), {v}, a.loc);
    });
    def(cls, type, "__contains__", [](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
      return Value::boolean(ev.contains(v, a.args[1], a.loc));
    }, 1, 1);
  }
  if (type == "dict") {
    // A missing key asks the subclass's __missing__ (defaultdict, Counter).
    def(cls, type, "__getitem__", [](Evaluator &ev, const Value &self, const Value &v,
                                     CallArgs &a) {
      if (Value *found = v.asDict().find(a.args[1]))
        return *found;
      if (ClassObj *c = classOfInstance(self))
        if (const Value *m = c->lookup("__missing__"))
          return ev.call(bindClassAttr(ev, *m, self, Value::object(Value::Kind::Native,
                                                                   c->shared_from_this())),
                         {a.args[1]}, a.loc);
      return ev.getItem(v, a.args[1], a.loc);
    }, 1, 1);
  } else if (type != "set" && type != "frozenset" && !isNumeric(type)) {
    def(cls, type, "__getitem__", [](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
      return ev.getItem(v, a.args[1], a.loc);
    }, 1, 1);
  }
  if (type == "dict" || type == "list") {
    def(cls, type, "__setitem__", [](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
      if (v.isDict()) {
        pyHash(ev, a.args[1]); // unhashable keys raise TypeError
        v.asDict().set(a.args[1], a.args[2]);
      } else if (a.args[1].is(Value::Kind::Slice)) {
        assignListSlice(ev, v.elements(), a.args[1], a.args[2], a.loc);
      } else {
        listSlot(ev, v, a.args[1]) = a.args[2];
      }
      return Value();
    }, 2, 2);
    def(cls, type, "__delitem__", [](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
      if (v.isDict()) {
        if (!v.asDict().erase(a.args[1]))
          raiseKeyError(ev, a.args[1]);
      } else if (a.args[1].is(Value::Kind::Slice)) {
        deleteListSlice(ev, v.elements(), a.args[1]);
      } else {
        Value &slot = listSlot(ev, v, a.args[1]);
        auto &el = v.elements();
        el.erase(el.begin() + (&slot - el.data()));
      }
      return Value();
    }, 1, 1);
  }

  // Operators: the builtin's, on the values; results are plain builtins.
  auto binary = [&](BinOpKind op) {
    std::string n = kBinary[int(op)];
    def(cls, type, "__" + n + "__", [op](Evaluator &ev, const Value &, const Value &v,
                                         CallArgs &a) {
      return ev.binary(op, v, unwrapBuiltin(a.args[1]), a.loc);
    }, 1, 1);
    def(cls, type, "__r" + n + "__", [op](Evaluator &ev, const Value &, const Value &v,
                                          CallArgs &a) {
      return ev.binary(op, unwrapBuiltin(a.args[1]), v, a.loc);
    }, 1, 1);
  };
  if (isNumeric(type)) {
    for (int op = 0; op <= int(BinOpKind::RShift); ++op)
      if (BinOpKind(op) != BinOpKind::MatMul &&
          (type == "int" || op < int(BinOpKind::MatMul)))
        binary(BinOpKind(op));
    static const std::pair<const char *, UnaryOpKind> unary[] = {
        {"__neg__", UnaryOpKind::Neg}, {"__pos__", UnaryOpKind::Pos},
        {"__invert__", UnaryOpKind::Invert}};
    for (auto [name, op] : unary) {
      if (op == UnaryOpKind::Invert && type != "int")
        continue;
      UnaryOpKind k = op;
      def(cls, type, name, [k](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
        return ev.unary(k, v, a.loc);
      });
    }
    for (const char *conv : {"abs", "int", "float", "round"}) {
      std::string fn = conv;
      def(cls, type, std::string("__") + conv + "__",
          [fn](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
            std::vector<Value> args{v};
            for (size_t i = 1; i < a.args.size(); ++i)
              args.push_back(a.args[i]);
            return ev.call(ev.builtin(fn), args, a.loc);
          }, 0, fn == "round" ? 1 : 0);
    }
    if (type == "int")
      def(cls, type, "__index__", [](Evaluator &, const Value &, const Value &v, CallArgs &) {
        return v;
      });
  } else if (type == "list" || type == "tuple" || type == "str") {
    binary(BinOpKind::Add);
    binary(BinOpKind::Mul);
    if (type == "str")
      def(cls, type, "__mod__", [](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
        return ev.binary(BinOpKind::Mod, v, unwrapBuiltin(a.args[1]), a.loc);
      }, 1, 1);
  } else {
    // dict | dict; set algebra.
    binary(BinOpKind::BitOr);
    if (type != "dict") {
      binary(BinOpKind::BitAnd);
      binary(BinOpKind::Sub);
      binary(BinOpKind::BitXor);
    }
  }
  // In-place operators of the mutable types change the value and return self.
  if (type == "list") {
    def(cls, type, "__iadd__", [](Evaluator &ev, const Value &self, const Value &v, CallArgs &a) {
      ev.call(ev.getAttr(v, "extend", a.loc), {unwrapBuiltin(a.args[1])}, a.loc);
      return self;
    }, 1, 1);
    def(cls, type, "__imul__", [](Evaluator &ev, const Value &self, const Value &v, CallArgs &a) {
      Value r = ev.binary(BinOpKind::Mul, v, a.args[1], a.loc);
      v.elements() = r.elements();
      return self;
    }, 1, 1);
    def(cls, type, "__reversed__", [](Evaluator &ev, const Value &, const Value &v, CallArgs &a) {
      return ev.call(ev.builtin("reversed"), {v}, a.loc);
    });
  }
  if (type == "dict" || type == "set") {
    def(cls, type, "__ior__", [](Evaluator &ev, const Value &self, const Value &v, CallArgs &a) {
      ev.call(ev.getAttr(v, "update", a.loc), {unwrapBuiltin(a.args[1])}, a.loc);
      return self;
    }, 1, 1);
  }
  return c;
}
} // namespace

bool isSubclassableBuiltin(const std::string &type) {
  for (const char *t : kSubclassable)
    if (type == t)
      return true;
  return false;
}

std::shared_ptr<ClassObj> builtinBaseClass(Evaluator &ev, const std::string &type) {
  // One stand-in per type and evaluator, so isinstance and super() agree.
  static std::map<std::pair<const Evaluator *, std::string>, std::shared_ptr<ClassObj>> bases;
  auto &slot = bases[{&ev, type}];
  if (!slot)
    slot = makeBase(ev, type);
  return slot;
}

const std::string &builtinTypeOf(const ClassObj &cls) {
  static const std::string none;
  for (const ClassObj *c : cls.mro())
    if (!c->builtinType.empty())
      return c->builtinType;
  return none;
}

const Value *builtinValueOf(const Value &v) {
  if (v.kind() != Value::Kind::Native)
    return nullptr;
  auto *inst = asInstance(v);
  // bytes keep their bytes there too, but are no builtin's subclass.
  return inst && !inst->builtinValue.isNone() && !builtinTypeOf(*inst->cls()).empty()
             ? &inst->builtinValue
             : nullptr;
}

namespace {
/// The indices a slice selects in a sequence of length n.
std::vector<size_t> sliceIndexList(Evaluator &ev, const Value &slice, size_t n, int64_t &start,
                                   int64_t &step) {
  Value t = sliceIndicesTuple(ev, *slice.as<SliceObj>(), Value::integer(int64_t(n)));
  start = t.elements()[0].asInt();
  int64_t stop = t.elements()[1].asInt();
  step = t.elements()[2].asInt();
  std::vector<size_t> idx;
  for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
    idx.push_back(size_t(i));
  return idx;
}
} // namespace

void assignListSlice(Evaluator &ev, std::vector<Value> &elts, const Value &slice,
                     const Value &values, Loc loc) {
  std::vector<Value> items = ev.iterate(values, loc); // a copy: l[:] = l works
  int64_t start, step;
  std::vector<size_t> idx = sliceIndexList(ev, slice, elts.size(), start, step);
  if (step == 1) {
    size_t lo = size_t(start), hi = idx.empty() ? lo : idx.back() + 1;
    if (hi < lo)
      hi = lo;
    requireSequence(int64_t(elts.size() - (hi - lo) + items.size()));
    elts.erase(elts.begin() + lo, elts.begin() + hi);
    elts.insert(elts.begin() + lo, items.begin(), items.end());
    return;
  }
  if (items.size() != idx.size())
    raise("ValueError", "attempt to assign sequence of size " + std::to_string(items.size()) +
                            " to extended slice of size " + std::to_string(idx.size()));
  for (size_t k = 0; k < idx.size(); ++k)
    elts[idx[k]] = items[k];
}

void deleteListSlice(Evaluator &ev, std::vector<Value> &elts, const Value &slice) {
  int64_t start, step;
  std::vector<size_t> idx = sliceIndexList(ev, slice, elts.size(), start, step);
  std::vector<bool> drop(elts.size(), false);
  for (size_t i : idx)
    drop[i] = true;
  std::vector<Value> kept;
  for (size_t i = 0; i < elts.size(); ++i)
    if (!drop[i])
      kept.push_back(std::move(elts[i]));
  elts = std::move(kept);
}

Value mappingItems(Evaluator &ev, const Value &v, Loc loc) {
  const Value &u = unwrapBuiltin(v);
  if (u.isDict())
    return u;
  ClassObj *c = classOfInstance(v);
  if (!c || !c->lookup("keys"))
    return Value();
  Value d = Value::dict();
  for (const Value &k : ev.iterate(ev.call(ev.getAttr(v, "keys", loc), {}, loc), loc))
    d.asDict().set(k, ev.getItem(v, k, loc));
  return d;
}

bool builtinTypeMember(Evaluator &ev, const std::string &type, const std::string &name,
                       Value &out) {
  if (!isSubclassableBuiltin(type) || name.size() < 5 || name.compare(0, 2, "__") != 0)
    return false;
  auto base = builtinBaseClass(ev, type);
  for (auto &kv : base->members())
    if (kv.first == name) {
      out = kv.second;
      if (auto *sm = out.kind() == Value::Kind::Native ? out.as<StaticMethodObj>() : nullptr)
        out = sm->fn;
      return true;
    }
  return false;
}

} // namespace parax::frontend
