//===- DictViews.cpp - d.keys(), d.values(), d.items() --------------------===//
//
// The views are live: an instance of a class parax provides (dict_keys,
// dict_values, dict_items) whose builtinValue is the dict itself, so a
// change to the dict shows through the view, as in CPython. They iterate,
// have len and `in`, print as dict_keys([...]), and keys/items views are
// set-like: ==, <=, &, |, -, ^ with any iterable (giving sets), isdisjoint.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Exceptions.h"
#include "frontend/machine/Sets.h"
#include "frontend/lib/LibUtil.h"

#include <map>
#include <tuple>

namespace parax::frontend {

namespace {
enum class ViewKind { Keys, Values, Items };

std::string viewName(ViewKind k, const std::string &prefix) {
  return prefix + (k == ViewKind::Keys ? "_keys" : k == ViewKind::Values ? "_values" : "_items");
}

const Value &viewDict(const Value &self) { return asInstance(self)->builtinValue; }

std::vector<Value> viewItems(const Value &dict, ViewKind k) {
  std::vector<Value> out;
  for (auto &kv : dict.asDict().items())
    out.push_back(k == ViewKind::Keys     ? kv.first
                  : k == ViewKind::Values ? kv.second
                                          : Value::tuple({kv.first, kv.second}));
  return out;
}

std::shared_ptr<ClassObj> makeViewClass(Evaluator &ev, ViewKind kind, const std::string &prefix) {
  auto object = std::static_pointer_cast<ClassObj>(asClass(ev.builtin("object"))->shared_from_this());
  std::string name = viewName(kind, prefix);
  auto c = std::make_shared<ClassObj>(name, "", std::vector<std::shared_ptr<ClassObj>>{object});
  c->linearize();
  auto def = [&](const std::string &m, BuiltinFunction::Impl impl) {
    c->setAttr(m, nativeMethod(m, std::move(impl)));
  };
  ViewKind k = kind;
  auto items = [k](const Value &self) { return viewItems(viewDict(self), k); };
  def("__iter__", [items](Evaluator &ev, CallArgs &a) {
    return ev.call(ev.builtin("iter"), {Value::list(items(a.args[0]))}, a.loc);
  });
  def("__reversed__", [items](Evaluator &ev, CallArgs &a) {
    return ev.call(ev.builtin("reversed"), {Value::list(items(a.args[0]))}, a.loc);
  });
  def("__len__", [](Evaluator &, CallArgs &a) {
    return Value::integer(int64_t(viewDict(a.args[0]).asDict().items().size()));
  });
  def("__bool__", [](Evaluator &, CallArgs &a) {
    return Value::boolean(!viewDict(a.args[0]).asDict().items().empty());
  });
  def("__repr__", [name, items](Evaluator &ev, CallArgs &a) {
    return Value::str(name + "(" + ev.repr(Value::list(items(a.args[0]))) + ")");
  });
  def("__contains__", [k, items](Evaluator &ev, CallArgs &a) -> Value {
    const Value &d = viewDict(a.args[0]);
    const Value &x = a.args[1];
    if (k == ViewKind::Keys)
      return Value::boolean(ev.contains(d, x, a.loc));
    if (k == ViewKind::Items) {
      if (!x.isTuple() || x.elements().size() != 2)
        return Value::boolean(false);
      if (!ev.contains(d, x.elements()[0], a.loc))
        return Value::boolean(false);
      return Value::boolean(ev.truthy(
          ev.equals(ev.getItem(d, x.elements()[0], a.loc), x.elements()[1], a.loc)));
    }
    return Value::boolean(ev.contains(Value::list(items(a.args[0])), x, a.loc));
  });
  if (kind == ViewKind::Values)
    return c; // values views compare by identity and have no set operations
  // Set-like, built as CPython's dictviews_* build the result (the same
  // insertion order, so the same printed order): set(left), then
  // update / difference_update / symmetric_difference_update with the
  // right; & keeps the right's items that are in the left.
  auto asSetValue = [items](Evaluator &ev, const Value &self) {
    return ev.call(ev.builtin("set"), {Value::list(items(self))}, {});
  };
  auto setOp = [](Evaluator &ev, const std::string &op, const Value &left, const Value &right,
                  Loc loc) -> Value {
    if (op == "and") {
      if (right.is(Value::Kind::Set) &&
          ev.call(ev.builtin("len"), {left}, loc).asInt() <=
              ev.call(ev.builtin("len"), {right}, loc).asInt())
        return ev.call(ev.getAttr(right, "intersection", loc), {left}, loc);
      Value result = ev.call(ev.builtin("set"), {}, loc);
      Value add = ev.getAttr(result, "add", loc);
      for (const Value &x : ev.iterate(right, loc))
        if (ev.contains(left, x, loc))
          ev.call(add, {x}, loc);
      return result;
    }
    Value result = ev.call(ev.builtin("set"), {left}, loc);
    const char *m = op == "or" ? "update" : op == "sub" ? "difference_update"
                                                        : "symmetric_difference_update";
    ev.call(ev.getAttr(result, m, loc), {right}, loc);
    return result;
  };
  for (const char *name : {"and", "or", "sub", "xor"}) {
    std::string op = name;
    def(std::string("__") + name + "__", [setOp, op](Evaluator &ev, CallArgs &a) {
      return setOp(ev, op, a.args[0], a.args[1], a.loc);
    });
    def(std::string("__r") + name + "__", [setOp, op](Evaluator &ev, CallArgs &a) {
      return setOp(ev, op, a.args[1], a.args[0], a.loc);
    });
  }
  static const std::pair<const char *, CmpOpKind> cmps[] = {
      {"__eq__", CmpOpKind::Eq}, {"__ne__", CmpOpKind::NotEq}, {"__lt__", CmpOpKind::Lt},
      {"__le__", CmpOpKind::LtE}, {"__gt__", CmpOpKind::Gt},   {"__ge__", CmpOpKind::GtE}};
  for (auto [name, op] : cmps) {
    CmpOpKind o = op;
    def(name, [asSetValue, o](Evaluator &ev, CallArgs &a) -> Value {
      const Value &rhs = a.args[1];
      ClassObj *rc = classOfInstance(rhs);
      bool setLike = rhs.isAnySet() ||
                     (rc && rc->builtinType.empty() && rc->name().size() > 5 &&
                      (rc->name().compare(rc->name().size() - 5, 5, "_keys") == 0 ||
                       rc->name().compare(rc->name().size() - 6, 6, "_items") == 0));
      if (!setLike)
        return o == CmpOpKind::Eq ? Value::boolean(false)
               : o == CmpOpKind::NotEq ? Value::boolean(true) : notImplemented();
      Value r = rhs.isAnySet() ? rhs : ev.call(ev.builtin("set"), {rhs}, a.loc);
      return ev.compare(o, asSetValue(ev, a.args[0]), r, a.loc);
    });
  }
  def("isdisjoint", [items](Evaluator &ev, CallArgs &a) {
    Value mine = ev.call(ev.builtin("set"), {Value::list(items(a.args[0]))}, a.loc);
    for (const Value &x : ev.iterate(a.args[1], a.loc))
      if (ev.contains(mine, x, a.loc))
        return Value::boolean(false);
    return Value::boolean(true);
  });
  c->setAttr("__hash__", Value()); // unhashable, as a set
  return c;
}
} // namespace

Value makeDictView(Evaluator &ev, const Value &dict, const std::string &which,
                   const std::string &prefix) {
  static std::map<std::tuple<const Evaluator *, int, std::string>, std::shared_ptr<ClassObj>>
      classes;
  ViewKind k = which == "keys" ? ViewKind::Keys : which == "values" ? ViewKind::Values
                                                                    : ViewKind::Items;
  auto &slot = classes[{&ev, int(k), prefix}];
  if (!slot)
    slot = makeViewClass(ev, k, prefix);
  auto inst = std::make_shared<InstanceObj>(slot);
  inst->builtinValue = dict;
  return Value::object(Value::Kind::Native, inst);
}

} // namespace parax::frontend
