//===- PyTypes.cpp - typing, collections.namedtuple, dataclasses ----------===//
//
// The standard-library class makers JAX programs use for parameters and
// state, built on frontend/machine/Classes.h, and the jax.tree_util registrations
// that make classes pytree nodes:
//  - typing.NamedTuple subclasses and collections.namedtuple classes are
//    tuples with named fields: indexing, unpacking, len, ==, hash, repr,
//    _replace/_asdict/_fields, and pytree nodes (JAX treats every
//    namedtuple as one);
//  - @dataclasses.dataclass generates __init__/__repr__/__eq__ (frozen=,
//    field(default_factory=), __post_init__), with fields/replace/asdict;
//  - register_pytree_node(_class), register_dataclass, register_static;
//  - typing's names for annotations (subscriptable, never checked).
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Pytree.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/lib/Modules.h"

#include <algorithm>
#include <optional>

namespace parax::frontend {

namespace {
Value classValue(const std::shared_ptr<ClassObj> &c) {
  return Value::object(Value::Kind::Native, c);
}
std::shared_ptr<ClassObj> sharedClass(ClassObj *c) {
  return std::static_pointer_cast<ClassObj>(c->shared_from_this());
}
std::shared_ptr<ClassObj> objectClass(Evaluator &ev) {
  return sharedClass(asClass(ev.builtin("object")));
}
InstanceObj &instance(const Value &v) { return *asInstance(v); }

/// A new instance of `cls` with `fields` set directly (no __init__).
Value makeInstance(ClassObj &cls, const std::vector<std::string> &fields,
                   const std::vector<Value> &values) {
  auto inst = std::make_shared<InstanceObj>(sharedClass(&cls));
  for (size_t i = 0; i < fields.size(); ++i)
    inst->setOwnAttr(fields[i], values[i]);
  return Value::object(Value::Kind::Native, inst);
}

std::vector<Value> fieldValues(const Value &self, const std::vector<std::string> &fields) {
  std::vector<Value> out;
  for (const std::string &f : fields) {
    const Value *v = instance(self).ownAttr(f);
    out.push_back(v ? *v : Value::none());
  }
  return out;
}

/// Binds a call's arguments to `fields` (positional, then by keyword,
/// then `defaults`), with Python's TypeErrors.
std::vector<Value> bindFields(const std::string &what, const std::vector<std::string> &fields,
                              const std::vector<std::optional<Value>> &defaults,
                              const std::vector<Value> &args,
                              const std::vector<std::pair<std::string, Value>> &kwargs) {
  if (args.size() > fields.size())
    raise("TypeError", what + "() takes " + std::to_string(fields.size() + 1) +
                           " positional arguments but " + std::to_string(args.size() + 1) +
                           " were given");
  std::vector<std::optional<Value>> out(fields.size());
  for (size_t i = 0; i < args.size(); ++i)
    out[i] = args[i];
  for (auto &kw : kwargs) {
    auto it = std::find(fields.begin(), fields.end(), kw.first);
    if (it == fields.end())
      raise("TypeError", what + "() got an unexpected keyword argument '" + kw.first + "'");
    size_t i = size_t(it - fields.begin());
    if (out[i])
      raise("TypeError", what + "() got multiple values for argument '" + kw.first + "'");
    out[i] = kw.second;
  }
  std::vector<Value> values;
  std::vector<std::string> missing;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (!out[i] && defaults[i])
      out[i] = *defaults[i];
    if (!out[i])
      missing.push_back("'" + fields[i] + "'");
    values.push_back(out[i] ? *out[i] : Value());
  }
  if (!missing.empty()) {
    std::string names;
    for (size_t i = 0; i < missing.size(); ++i)
      names += (i ? (i + 1 == missing.size() ? " and " : ", ") : "") + missing[i];
    raise("TypeError", what + "() missing " + std::to_string(missing.size()) +
                           " required positional argument" + (missing.size() > 1 ? "s" : "") +
                           ": " + names);
  }
  return values;
}

//===----------------------------------------------------------------------===//
// NamedTuple
//===----------------------------------------------------------------------===//
std::vector<std::optional<Value>> tupleDefaults(const ClassObj &cls) {
  std::vector<std::optional<Value>> d;
  for (const std::string &f : cls.tupleFields) {
    const Value *v = cls.lookup(f);
    d.push_back(v ? std::optional<Value>(*v) : std::nullopt);
  }
  return d;
}

ClassObj &selfClass(const Value &self) { return *classOfInstance(self); }

/// Makes `cls` a namedtuple class with `fields`: class attributes _fields,
/// and the pytree node JAX gives every namedtuple.
void finishNamedTuple(ClassObj &cls, std::vector<std::string> fields) {
  cls.tupleFields = std::move(fields);
  std::vector<Value> names;
  for (auto &f : cls.tupleFields)
    names.push_back(Value::str(f));
  cls.setAttr("_fields", Value::tuple(names));
  auto node = std::make_shared<PytreeNodeType>();
  node->name = "namedtuple[" + cls.name() + "]";
  node->showsAux = false;
  node->identity = &cls;
  ClassObj *c = &cls;
  node->flatten = [c](const Value &v, std::vector<Value> &children, Value &) {
    children = fieldValues(v, c->tupleFields);
  };
  node->unflatten = [c](const Value &, const std::vector<Value> &children) {
    return makeInstance(*c, c->tupleFields, children);
  };
  cls.pytreeNode = node;
}

std::shared_ptr<ClassObj> makeNamedTupleBase(Evaluator &ev) {
  auto base = std::make_shared<ClassObj>("NamedTuple", "typing",
                                         std::vector<std::shared_ptr<ClassObj>>{objectClass(ev)});
  base->linearize();
  // A class body's annotations are its fields; a subclass of a NamedTuple
  // class extends nothing (as in Python, its fields are the parent's).
  base->subclassHook = [](Evaluator &, ClassObj &cls) {
    std::vector<std::string> fields;
    for (auto &b : cls.bases())
      if (!b->tupleFields.empty())
        fields = b->tupleFields;
    if (fields.empty())
      fields = cls.annotations;
    finishNamedTuple(cls, fields);
  };
  base->setAttr("__new__", nativeMethod("__new__", [](Evaluator &ev, CallArgs &a) {
    ClassObj *cls = asClass(a.args[0]);
    std::vector<Value> rest(a.args.begin() + 1, a.args.end());
    return makeInstance(*cls, cls->tupleFields,
                        bindFields(cls->name(), cls->tupleFields, tupleDefaults(*cls), rest,
                                   a.kwargs));
  }));
  auto values = [](const Value &self) {
    return Value::tuple(fieldValues(self, selfClass(self).tupleFields));
  };
  base->setAttr("__getitem__", nativeMethod("__getitem__", [values](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "__getitem__");
    return ev.getItem(values(a.args[0]), a.args[1], a.loc);
  }));
  base->setAttr("__len__", nativeMethod("__len__", [](Evaluator &, CallArgs &a) {
    return Value::integer(int64_t(selfClass(a.args[0]).tupleFields.size()));
  }));
  base->setAttr("__iter__", nativeMethod("__iter__", [values](Evaluator &, CallArgs &a) {
    return values(a.args[0]);
  }));
  base->setAttr("__eq__", nativeMethod("__eq__", [values](Evaluator &ev, CallArgs &a) {
    Value other = a.args[1];
    if (classOfInstance(other) && !classOfInstance(other)->tupleFields.empty())
      other = values(other);
    if (!other.isTuple())
      return Value::boolean(false);
    return Value::boolean(ev.truthy(ev.equals(values(a.args[0]), other, a.loc)));
  }));
  // Operators and ordering are the tuple's (p + (3,) is a plain tuple).
  auto tupleOf = [values](const Value &v) {
    ClassObj *c = classOfInstance(v);
    return c && !c->tupleFields.empty() ? values(v) : v;
  };
  for (auto [name, op] : {std::pair<const char *, BinOpKind>{"__add__", BinOpKind::Add},
                          {"__mul__", BinOpKind::Mul}}) {
    BinOpKind o = op;
    std::string n = name;
    base->setAttr(n, nativeMethod(n, [tupleOf, o](Evaluator &ev, CallArgs &a) {
      return ev.binary(o, tupleOf(a.args[0]), tupleOf(a.args[1]), a.loc);
    }));
    std::string rn = "__r" + n.substr(2);
    base->setAttr(rn, nativeMethod(rn, [tupleOf, o](Evaluator &ev, CallArgs &a) {
      return ev.binary(o, tupleOf(a.args[1]), tupleOf(a.args[0]), a.loc);
    }));
  }
  for (auto [name, op] : {std::pair<const char *, CmpOpKind>{"__lt__", CmpOpKind::Lt},
                          {"__le__", CmpOpKind::LtE},
                          {"__gt__", CmpOpKind::Gt},
                          {"__ge__", CmpOpKind::GtE}}) {
    CmpOpKind o = op;
    std::string n = name;
    base->setAttr(n, nativeMethod(n, [tupleOf, o](Evaluator &ev, CallArgs &a) {
      return ev.compare(o, tupleOf(a.args[0]), tupleOf(a.args[1]), a.loc);
    }));
  }
  base->setAttr("__contains__", nativeMethod("__contains__", [values](Evaluator &ev, CallArgs &a) {
    return Value::boolean(ev.contains(values(a.args[0]), a.args[1], a.loc));
  }));
  base->setAttr("count", nativeMethod("count", [values](Evaluator &ev, CallArgs &a) {
    return ev.call(ev.getAttr(values(a.args[0]), "count", a.loc),
                   std::vector<Value>(a.args.begin() + 1, a.args.end()), a.loc);
  }));
  base->setAttr("index", nativeMethod("index", [values](Evaluator &ev, CallArgs &a) {
    return ev.call(ev.getAttr(values(a.args[0]), "index", a.loc),
                   std::vector<Value>(a.args.begin() + 1, a.args.end()), a.loc);
  }));
  base->setAttr("__hash__", nativeMethod("__hash__", [values](Evaluator &ev, CallArgs &a) {
    return ev.call(ev.builtin("hash"), {values(a.args[0])}, a.loc);
  }));
  base->setAttr("__repr__", nativeMethod("__repr__", [](Evaluator &ev, CallArgs &a) {
    ClassObj &c = selfClass(a.args[0]);
    std::vector<Value> vs = fieldValues(a.args[0], c.tupleFields);
    std::string s = c.name() + "(";
    for (size_t i = 0; i < vs.size(); ++i)
      s += (i ? ", " : "") + c.tupleFields[i] + "=" + ev.repr(vs[i]);
    return Value::str(s + ")");
  }));
  base->setAttr("_replace", nativeMethod("_replace", [](Evaluator &, CallArgs &a) {
    ClassObj &c = selfClass(a.args[0]);
    std::vector<Value> vs = fieldValues(a.args[0], c.tupleFields);
    for (auto &kw : a.kwargs) {
      auto it = std::find(c.tupleFields.begin(), c.tupleFields.end(), kw.first);
      if (it == c.tupleFields.end())
        raise("ValueError", "Got unexpected field names: ['" + kw.first + "']");
      vs[size_t(it - c.tupleFields.begin())] = kw.second;
    }
    return makeInstance(c, c.tupleFields, vs);
  }));
  base->setAttr("_asdict", nativeMethod("_asdict", [](Evaluator &, CallArgs &a) {
    ClassObj &c = selfClass(a.args[0]);
    std::vector<Value> vs = fieldValues(a.args[0], c.tupleFields);
    Value d = Value::dict();
    for (size_t i = 0; i < vs.size(); ++i)
      d.asDict().set(Value::str(c.tupleFields[i]), vs[i]);
    return d;
  }));
  return base;
}

/// collections.namedtuple(typename, field_names, *, defaults=None).
Value namedtupleFactory(Evaluator &ev, const std::shared_ptr<ClassObj> &base, CallArgs &a) {
  bindArgs(a, {"typename", "field_names", "rename", "defaults", "module"}, 2, "namedtuple");
  if (!a.args[0].isStr())
    raise("TypeError", "namedtuple() typename must be a str");
  std::vector<std::string> fields;
  if (a.args[1].isStr()) {
    std::string cur;
    for (char c : a.args[1].asStr() + " ") {
      if (c == ',' || c == ' ') {
        if (!cur.empty())
          fields.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
  } else {
    for (const Value &f : ev.iterate(a.args[1], a.loc))
      fields.push_back(ev.str(f));
  }
  auto cls = std::make_shared<ClassObj>(a.args[0].asStr(), "__main__",
                                        std::vector<std::shared_ptr<ClassObj>>{base});
  cls->linearize();
  Value defaults = argOr(a, 3, "defaults");
  if (!defaults.isNone()) {
    std::vector<Value> ds = ev.iterate(defaults, a.loc);
    if (ds.size() > fields.size())
      raise("TypeError", "Got more default values than field names");
    for (size_t i = 0; i < ds.size(); ++i)
      cls->setAttr(fields[fields.size() - ds.size() + i], ds[i]);
  }
  finishNamedTuple(*cls, fields);
  return classValue(cls);
}

} // namespace

//===----------------------------------------------------------------------===//
// dataclasses
//===----------------------------------------------------------------------===//
/// dataclasses.field(...): the default (or factory) of one field.
class FieldSpec : public NativeObject {
public:
  std::string typeName() const override { return "Field"; }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override {
    if (name == "name")
      out = Value::str(fieldName);
    else if (name == "default")
      out = hasDefault ? defaultValue : Value::none();
    else if (name == "metadata")
      out = metadata;
    else
      return false;
    return true;
  }
  std::string fieldName;
  bool hasDefault = false, hasFactory = false;
  Value defaultValue, factory, metadata = Value::dict();
};

/// The dataclass fields of a class: its dataclass bases' fields, then its
/// own annotations, each with its default spec.
struct DataclassFields {
  std::vector<std::string> fields;
  std::vector<std::shared_ptr<FieldSpec>> specs;
  bool frozen = false;
};

namespace {
using DataclassInfo = DataclassFields;
const DataclassInfo *dataclassInfo(const ClassObj *c) {
  for (ClassObj *k : c->mro())
    if (k->dataclass)
      return k->dataclass.get();
  return nullptr;
}

Value makeDataclass(Evaluator &ev, const Value &clsv, bool frozen, bool eq, bool order) {
  ClassObj *cls = asClass(clsv);
  if (!cls)
    raise("TypeError", "dataclass() should be applied to a class");
  DataclassInfo info;
  info.frozen = frozen;
  if (const DataclassInfo *base = cls->mro().size() > 1 ? dataclassInfo(cls->mro()[1]) : nullptr)
    info = *base, info.frozen = frozen;
  for (const std::string &name : cls->annotations) {
    auto spec = std::make_shared<FieldSpec>();
    spec->fieldName = name;
    for (auto &m : cls->members())
      if (m.first == name) {
        if (auto *f = m.second.kind() == Value::Kind::Native ? m.second.as<FieldSpec>() : nullptr) {
          *spec = *f;
          spec->fieldName = name;
          if (spec->hasDefault)
            cls->setAttr(name, spec->defaultValue);
          else
            cls->delAttr(name);
        } else {
          spec->hasDefault = true;
          spec->defaultValue = m.second;
        }
      }
    auto it = std::find(info.fields.begin(), info.fields.end(), name);
    if (it != info.fields.end()) {
      info.specs[size_t(it - info.fields.begin())] = spec;
    } else {
      info.fields.push_back(name);
      info.specs.push_back(spec);
    }
  }
  bool sawDefault = false;
  for (auto &sp : info.specs) {
    if (sp->hasDefault || sp->hasFactory)
      sawDefault = true;
    else if (sawDefault)
      raise("TypeError", "non-default argument '" + sp->fieldName + "' follows default argument");
  }
  cls->dataclass = std::make_shared<DataclassFields>(info);
  std::string name = cls->name();
  cls->setAttr("__init__", nativeMethod("__init__", [](Evaluator &ev, CallArgs &a) {
    ClassObj &c = selfClass(a.args[0]);
    const DataclassInfo &di = *dataclassInfo(&c);
    std::vector<std::optional<Value>> defaults;
    for (auto &sp : di.specs)
      defaults.push_back(sp->hasDefault   ? std::optional<Value>(sp->defaultValue)
                         : sp->hasFactory ? std::optional<Value>(Value())
                                          : std::nullopt);
    std::vector<Value> rest(a.args.begin() + 1, a.args.end());
    std::vector<Value> vs = bindFields("__init__", di.fields, defaults, rest, a.kwargs);
    for (size_t i = 0; i < vs.size(); ++i) {
      bool given = i < rest.size() ||
                   std::any_of(a.kwargs.begin(), a.kwargs.end(),
                               [&](auto &kw) { return kw.first == di.fields[i]; });
      if (!given && di.specs[i]->hasFactory)
        vs[i] = ev.call(di.specs[i]->factory, {}, a.loc);
      instance(a.args[0]).setOwnAttr(di.fields[i], vs[i]);
    }
    Value ignored;
    callSpecial(ev, a.args[0], "__post_init__", {}, ignored);
    return Value();
  }));
  if (!cls->lookup("__repr__") || cls->lookup("__repr__") == asClass(ev.builtin("object"))->lookup("__repr__"))
    cls->setAttr("__repr__", nativeMethod("__repr__", [](Evaluator &ev, CallArgs &a) {
      ClassObj &c = selfClass(a.args[0]);
      const DataclassInfo &di = *dataclassInfo(&c);
      std::vector<Value> vs = fieldValues(a.args[0], di.fields);
      std::string s = c.name() + "(";
      for (size_t i = 0; i < vs.size(); ++i)
        s += (i ? ", " : "") + di.fields[i] + "=" + ev.repr(vs[i]);
      return Value::str(s + ")");
    }));
  if (eq) {
    cls->setAttr("__eq__", nativeMethod("__eq__", [](Evaluator &ev, CallArgs &a) {
      ClassObj *c = classOfInstance(a.args[0]), *o = classOfInstance(a.args[1]);
      if (c != o)
        return notImplemented();
      const DataclassInfo &di = *dataclassInfo(c);
      return ev.equals(Value::tuple(fieldValues(a.args[0], di.fields)),
                       Value::tuple(fieldValues(a.args[1], di.fields)), a.loc);
    }));
    if (frozen)
      cls->setAttr("__hash__", nativeMethod("__hash__", [](Evaluator &ev, CallArgs &a) {
        const DataclassInfo &di = *dataclassInfo(classOfInstance(a.args[0]));
        return ev.call(ev.builtin("hash"), {Value::tuple(fieldValues(a.args[0], di.fields))},
                       a.loc);
      }));
    else if (!cls->lookup("__hash__"))
      cls->setAttr("__hash__", Value::none()); // eq without frozen: unhashable
  }
  if (order) {
    // order=True: <, <=, >, >= compare the field tuples of two instances of
    // the same class (NotImplemented otherwise, so Python raises TypeError).
    static const std::pair<const char *, CmpOpKind> cmps[] = {
        {"__lt__", CmpOpKind::Lt}, {"__le__", CmpOpKind::LtE},
        {"__gt__", CmpOpKind::Gt}, {"__ge__", CmpOpKind::GtE}};
    for (auto [dunder, op] : cmps) {
      CmpOpKind k = op;
      cls->setAttr(dunder, nativeMethod(dunder, [k](Evaluator &ev, CallArgs &a) {
        ClassObj *c = classOfInstance(a.args[0]), *o = classOfInstance(a.args[1]);
        if (c != o)
          return notImplemented();
        const DataclassInfo &di = *dataclassInfo(c);
        return ev.compare(k, Value::tuple(fieldValues(a.args[0], di.fields)),
                          Value::tuple(fieldValues(a.args[1], di.fields)), a.loc);
      }));
    }
  }
  if (frozen) {
    cls->setAttr("__setattr__", nativeMethod("__setattr__", [](Evaluator &, CallArgs &a) -> Value {
      raise("FrozenInstanceError", "cannot assign to field '" + a.args[1].asStr() + "'");
    }));
  }
  (void)name;
  return clsv;
}

Value dataclassDecorator(Evaluator &ev, CallArgs &a) {
  bindArgs(a, {"cls", "init", "repr", "eq", "order", "unsafe_hash", "frozen", "match_args",
               "kw_only", "slots", "weakref_slot"},
           0, "dataclass");
  bool frozen = ev.truthy(argOr(a, 6, "frozen", Value::boolean(false)));
  bool eq = ev.truthy(argOr(a, 3, "eq", Value::boolean(true)));
  bool order = ev.truthy(argOr(a, 4, "order", Value::boolean(false)));
  if (order && !eq)
    raise("ValueError", "eq must be true if order is true");
  if (!a.args.empty() && !a.args[0].isNone())
    return makeDataclass(ev, a.args[0], frozen, eq, order);
  return makeBuiltin("dataclass.<locals>.wrap", [frozen, eq, order](Evaluator &ev, CallArgs &d) {
    expectPositional(d, 1, 1, "dataclass");
    return makeDataclass(ev, d.args[0], frozen, eq, order);
  });
}

const DataclassInfo &requireDataclass(const Value &v, const char *fn) {
  ClassObj *c = classOfInstance(v) ? classOfInstance(v) : asClass(v);
  const DataclassInfo *di = c ? dataclassInfo(c) : nullptr;
  if (!di)
    raise("TypeError", std::string(fn) + "() should be called on dataclass instances");
  return *di;
}

/// asdict/astuple: dataclass instances become dicts (or tuples) of their
/// fields, recursively through lists, tuples and dicts, as CPython's do.
Value dataclassAsBuiltins(Evaluator &ev, const Value &v, bool asTuple) {
  ClassObj *c = classOfInstance(v);
  if (const DataclassInfo *di = c ? dataclassInfo(c) : nullptr) {
    std::vector<Value> vs = fieldValues(v, di->fields);
    if (asTuple) {
      for (Value &x : vs)
        x = dataclassAsBuiltins(ev, x, true);
      return Value::tuple(vs);
    }
    Value d = Value::dict();
    for (size_t i = 0; i < vs.size(); ++i)
      d.asDict().set(Value::str(di->fields[i]), dataclassAsBuiltins(ev, vs[i], false));
    return d;
  }
  if (v.isList() || v.isTuple()) {
    std::vector<Value> out;
    for (const Value &x : v.elements())
      out.push_back(dataclassAsBuiltins(ev, x, asTuple));
    return v.isList() ? Value::list(std::move(out)) : Value::tuple(std::move(out));
  }
  if (v.isDict()) {
    Value d = Value::dict();
    for (auto &kv : v.asDict().items())
      d.asDict().set(dataclassAsBuiltins(ev, kv.first, asTuple),
                     dataclassAsBuiltins(ev, kv.second, asTuple));
    return d;
  }
  return v;
}

void installDataclasses(Evaluator &ev, ModuleObject &m) {
  m.def("dataclass", dataclassDecorator);
  m.set("FrozenInstanceError", ev.exceptionTypes().value("FrozenInstanceError"));
  m.def("field", [](Evaluator &, CallArgs &a) {
    auto spec = std::make_shared<FieldSpec>();
    if (const Value *d = a.get(99, "default"))
      spec->hasDefault = true, spec->defaultValue = *d;
    if (const Value *f = a.get(99, "default_factory"))
      spec->hasFactory = true, spec->factory = *f;
    if (const Value *md = a.get(99, "metadata"))
      spec->metadata = *md;
    return Value::object(Value::Kind::Native, spec);
  });
  m.def("fields", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "fields");
    const DataclassInfo &di = requireDataclass(a.args[0], "fields");
    std::vector<Value> out;
    for (auto &sp : di.specs)
      out.push_back(Value::object(Value::Kind::Native, sp));
    return Value::tuple(out);
  });
  m.def("is_dataclass", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "is_dataclass");
    ClassObj *c = classOfInstance(a.args[0]) ? classOfInstance(a.args[0]) : asClass(a.args[0]);
    return Value::boolean(c && dataclassInfo(c));
  });
  m.def("asdict", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "asdict");
    requireDataclass(a.args[0], "asdict");
    return dataclassAsBuiltins(ev, a.args[0], false);
  });
  m.def("astuple", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "astuple");
    requireDataclass(a.args[0], "astuple");
    return dataclassAsBuiltins(ev, a.args[0], true);
  });
  m.def("replace", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "replace");
    const DataclassInfo &di = requireDataclass(a.args[0], "replace");
    CallArgs ca;
    ca.loc = a.loc;
    std::vector<Value> vs = fieldValues(a.args[0], di.fields);
    for (size_t i = 0; i < vs.size(); ++i) {
      auto it = std::find_if(a.kwargs.begin(), a.kwargs.end(),
                             [&](auto &kw) { return kw.first == di.fields[i]; });
      ca.kwargs.emplace_back(di.fields[i], it != a.kwargs.end() ? it->second : vs[i]);
    }
    return ev.call(Value::object(Value::Kind::Native, classOfInstance(a.args[0])->shared_from_this()),
                   ca);
  });
}

//===----------------------------------------------------------------------===//
// jax.tree_util registrations
//===----------------------------------------------------------------------===//
ClassObj &requireClass(const Value &v, const char *fn) {
  ClassObj *c = asClass(v);
  if (!c)
    raise("TypeError", std::string(fn) + "() takes a class parax can register (a class "
                                         "statement's class), got " + typeName(v));
  if (c->pytreeNode)
    raise("ValueError", "Duplicate custom PyTreeDef type registration for " + c->repr() + ".");
  return *c;
}

void installTreeRegistration(Evaluator &ev, ModuleObject &tree) {
  auto registerNode = [](Evaluator &ev, const Value &clsv, Value flattenFn, Value unflattenFn) {
    ClassObj &cls = requireClass(clsv, "register_pytree_node");
    auto node = std::make_shared<PytreeNodeType>();
    node->name = cls.name();
    node->identity = &cls;
    Evaluator *evp = &ev;
    node->flatten = [evp, flattenFn](const Value &v, std::vector<Value> &children, Value &aux) {
      Value r = evp->call(flattenFn, {v});
      std::vector<Value> parts = evp->iterate(r, {});
      if (parts.size() != 2)
        raise("ValueError", "a pytree flatten function must return (children, aux_data)");
      children = evp->iterate(parts[0], {});
      aux = parts[1];
    };
    node->unflatten = [evp, unflattenFn](const Value &aux, const std::vector<Value> &children) {
      return evp->call(unflattenFn, {aux, Value::tuple(children)});
    };
    cls.pytreeNode = node;
  };
  tree.def("register_pytree_node", [registerNode](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"nodetype", "flatten_func", "unflatten_func", "flatten_with_keys_func"}, 3,
             "register_pytree_node");
    registerNode(ev, a.args[0], a.args[1], a.args[2]);
    return Value();
  });
  tree.def("register_pytree_node_class", [registerNode](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "register_pytree_node_class");
    Value clsv = a.args[0];
    Value flattenFn = makeBuiltin("tree_flatten", [](Evaluator &ev, CallArgs &f) {
      return ev.call(ev.getAttr(f.args[0], "tree_flatten", f.loc), {}, f.loc);
    });
    Value unflattenFn = ev.getAttr(clsv, "tree_unflatten", a.loc);
    registerNode(ev, clsv, flattenFn, unflattenFn);
    return clsv;
  });
  tree.def("register_dataclass", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"nodetype", "data_fields", "meta_fields", "drop_fields"}, 1,
             "register_dataclass");
    ClassObj &cls = requireClass(a.args[0], "register_dataclass");
    std::vector<std::string> data, meta;
    Value df = argOr(a, 1, "data_fields"), mf = argOr(a, 2, "meta_fields");
    if (df.isNone() && mf.isNone()) {
      const DataclassInfo *di = dataclassInfo(&cls);
      if (!di)
        raise("TypeError", "register_dataclass without data_fields needs a dataclass");
      for (size_t i = 0; i < di->fields.size(); ++i) {
        Value *st = di->specs[i]->metadata.isDict()
                        ? di->specs[i]->metadata.asDict().find(Value::str("static"))
                        : nullptr;
        (st && ev.truthy(*st) ? meta : data).push_back(di->fields[i]);
      }
    } else {
      for (const Value &v : ev.iterate(df.isNone() ? Value::list({}) : df, a.loc))
        data.push_back(ev.str(v));
      for (const Value &v : ev.iterate(mf.isNone() ? Value::list({}) : mf, a.loc))
        meta.push_back(ev.str(v));
    }
    auto node = std::make_shared<PytreeNodeType>();
    node->name = cls.name();
    node->identity = &cls;
    ClassObj *c = &cls;
    node->flatten = [data, meta](const Value &v, std::vector<Value> &children, Value &aux) {
      children = fieldValues(v, data);
      aux = Value::tuple(fieldValues(v, meta));
    };
    node->unflatten = [c, data, meta](const Value &aux, const std::vector<Value> &children) {
      std::vector<std::string> names = data;
      names.insert(names.end(), meta.begin(), meta.end());
      std::vector<Value> vs = children;
      for (const Value &m : aux.elements())
        vs.push_back(m);
      return makeInstance(*c, names, vs);
    };
    cls.pytreeNode = node;
    return a.args[0];
  });
  tree.def("register_static", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "register_static");
    ClassObj &cls = requireClass(a.args[0], "register_static");
    auto node = std::make_shared<PytreeNodeType>();
    node->name = cls.name();
    node->identity = &cls;
    node->flatten = [](const Value &v, std::vector<Value> &, Value &aux) { aux = v; };
    node->unflatten = [](const Value &aux, const std::vector<Value> &) { return aux; };
    cls.pytreeNode = node;
    return a.args[0];
  });
}

//===----------------------------------------------------------------------===//
// typing
//===----------------------------------------------------------------------===//
/// A name from typing used in annotations: a class (so Generic[T] can be a
/// base) whose subscription returns itself.
std::shared_ptr<ClassObj> typingForm(Evaluator &ev, const std::string &name) {
  auto c = std::make_shared<ClassObj>(name, "typing",
                                      std::vector<std::shared_ptr<ClassObj>>{objectClass(ev)});
  c->linearize();
  c->setAttr("__class_getitem__", makeBuiltin(name + ".__class_getitem__",
                                              [](Evaluator &, CallArgs &a) { return a.args[0]; }));
  return c;
}

void installTyping(Evaluator &ev, ModuleObject &m, const std::shared_ptr<ClassObj> &namedTuple) {
  m.set("NamedTuple", classValue(namedTuple));
  for (const char *name :
       {"Any", "Optional", "Union", "List", "Tuple", "Dict", "Set", "FrozenSet", "Callable",
        "Sequence", "Iterable", "Iterator", "Generator", "Mapping", "MutableMapping", "Type",
        "ClassVar", "Final", "Literal", "Generic", "Protocol", "NoReturn", "Hashable",
        "Sized", "Collection", "Container", "TypeAlias", "Annotated", "Self", "Deque",
        "DefaultDict", "OrderedDict", "Counter", "NewType", "Pattern", "Match", "ChainMap",
        "AbstractSet", "MutableSequence", "MutableSet", "Reversible", "AnyStr", "Text",
        "ByteString", "SupportsInt", "SupportsFloat", "SupportsIndex", "SupportsAbs"})
    m.set(name, classValue(typingForm(ev, name)));
  m.set("TYPE_CHECKING", Value::boolean(false));
  m.def("TypeVar", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 99, "TypeVar");
    return a.args[0];
  });
  m.def("cast", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "cast");
    return a.args[1];
  });
  auto identity = [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "decorator");
    return a.args[0];
  };
  m.def("overload", identity);
  m.def("final", identity);
  m.def("runtime_checkable", identity);
  m.def("no_type_check", identity);
}
} // namespace

void installPythonTypeModules(Evaluator &ev, ModuleObject &typing, ModuleObject &collections,
                              ModuleObject &dataclasses, ModuleObject &treeUtil) {
  std::shared_ptr<ClassObj> namedTuple = makeNamedTupleBase(ev);
  installTyping(ev, typing, namedTuple);
  collections.def("namedtuple", [namedTuple](Evaluator &ev, CallArgs &a) {
    return namedtupleFactory(ev, namedTuple, a);
  });
  installDataclasses(ev, dataclasses);
  installTreeRegistration(ev, treeUtil);
  // collections.py registers OrderedDict and defaultdict as pytree nodes
  // without importing jax.
  Value reg;
  if (treeUtil.getAttr(ev, "register_pytree_node", reg))
    collections.set("_register_pytree_node", reg);
  // OrderedDict's views: odict_keys([...]) ...
  collections.def("_odict_view", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "_odict_view");
    const Value *d = builtinValueOf(a.args[0]);
    if (!d || !d->isDict() || !a.args[1].isStr())
      raise("TypeError", "_odict_view() needs an OrderedDict and a view name");
    return makeDictView(ev, *d, a.args[1].asStr(), "odict");
  });
}

} // namespace parax::frontend
