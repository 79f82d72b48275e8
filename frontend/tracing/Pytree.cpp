//===- Pytree.cpp - flattening nested containers --------------------------===//
#include "frontend/tracing/Pytree.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"

#include <algorithm>

namespace parax::frontend {

size_t TreeDef::numLeaves() const {
  checkStack();
  if (kind == Kind::Leaf)
    return 1;
  size_t n = 0;
  for (auto &c : children)
    n += c.numLeaves();
  return n;
}

bool TreeDef::operator==(const TreeDef &o) const {
  checkStack("in comparison");
  if (kind != o.kind || children.size() != o.children.size())
    return false;
  if (kind == Kind::Dict)
    for (size_t i = 0; i < keys.size(); ++i)
      if (!keysEqual(keys[i], o.keys[i]))
        return false;
  if (kind == Kind::Custom && (node->identity != o.node->identity || auxKey != o.auxKey))
    return false;
  for (size_t i = 0; i < children.size(); ++i)
    if (children[i] != o.children[i])
      return false;
  return true;
}

std::string TreeDef::shortStr(Evaluator &ev) const {
  checkStack("while getting the repr of an object");
  switch (kind) {
  case Kind::Leaf: return "*";
  case Kind::None: return "None";
  case Kind::Tuple:
  case Kind::List: {
    std::string s = kind == Kind::Tuple ? "(" : "[";
    for (size_t i = 0; i < children.size(); ++i)
      s += (i ? ", " : "") + children[i].shortStr(ev);
    if (kind == Kind::Tuple && children.size() == 1)
      s += ",";
    return s + (kind == Kind::Tuple ? ")" : "]");
  }
  case Kind::Dict: {
    std::string s = "{";
    for (size_t i = 0; i < children.size(); ++i)
      s += (i ? ", " : "") + ev.repr(keys[i]) + ": " + children[i].shortStr(ev);
    return s + "}";
  }
  case Kind::Custom: {
    std::string s = "CustomNode(" + node->name +
                    (node->showsAux ? "[" + ev.str(aux) + "]" : "") + ", [";
    for (size_t i = 0; i < children.size(); ++i)
      s += (i ? ", " : "") + children[i].shortStr(ev);
    return s + "])";
  }
  }
  return "?";
}

std::string TreeDef::str(Evaluator &ev) const {
  return "PyTreeDef(" + shortStr(ev) + ")";
}

TreeDef flatten(Evaluator &ev, const Value &v, std::vector<Value> &leaves) {
  checkStack("while flattening a pytree");
  TreeDef d;
  if (v.isNone()) {
    d.kind = TreeDef::Kind::None;
  } else if (v.isTuple() || v.isList()) {
    d.kind = v.isTuple() ? TreeDef::Kind::Tuple : TreeDef::Kind::List;
    for (const Value &e : v.elements())
      d.children.push_back(flatten(ev, e, leaves));
  } else if (v.isDict()) {
    d.kind = TreeDef::Kind::Dict;
    std::vector<std::pair<Value, Value>> items = v.asDict().items();
    std::stable_sort(items.begin(), items.end(), [&](auto &a, auto &b) {
      return ev.truthy(ev.compare(CmpOpKind::Lt, a.first, b.first, {}));
    });
    for (auto &kv : items) {
      d.keys.push_back(kv.first);
      d.children.push_back(flatten(ev, kv.second, leaves));
    }
  } else if (auto node = pytreeNodeOf(v)) {
    d.kind = TreeDef::Kind::Custom;
    d.node = node;
    std::vector<Value> children;
    node->flatten(v, children, d.aux);
    if (!hashableKey(d.aux, d.auxKey))
      raise("TypeError", "the aux data of a " + node->name + " pytree node must be hashable");
    for (const Value &c : children)
      d.children.push_back(flatten(ev, c, leaves));
  } else {
    leaves.push_back(v);
  }
  return d;
}

Value unflatten(const TreeDef &def, const std::vector<Value> &leaves,
                size_t &pos) {
  checkStack("while unflattening a pytree");
  switch (def.kind) {
  case TreeDef::Kind::Leaf:
    return leaves[pos++];
  case TreeDef::Kind::None:
    return Value::none();
  case TreeDef::Kind::Tuple:
  case TreeDef::Kind::List: {
    std::vector<Value> items;
    for (auto &c : def.children)
      items.push_back(unflatten(c, leaves, pos));
    return def.kind == TreeDef::Kind::Tuple ? Value::tuple(std::move(items))
                                            : Value::list(std::move(items));
  }
  case TreeDef::Kind::Dict: {
    Value d = Value::dict();
    for (size_t i = 0; i < def.children.size(); ++i)
      d.asDict().set(def.keys[i], unflatten(def.children[i], leaves, pos));
    return d;
  }
  case TreeDef::Kind::Custom: {
    std::vector<Value> children;
    for (auto &c : def.children)
      children.push_back(unflatten(c, leaves, pos));
    return def.node->unflatten(def.aux, children);
  }
  }
  return Value::none();
}

Value unflatten(const TreeDef &def, const std::vector<Value> &leaves) {
  size_t pos = 0;
  return unflatten(def, leaves, pos);
}

namespace {
void paths(Evaluator &ev, const TreeDef &d, const std::string &prefix,
           std::vector<std::string> &out) {
  checkStack();
  switch (d.kind) {
  case TreeDef::Kind::Leaf:
    out.push_back(prefix);
    return;
  case TreeDef::Kind::None:
    return;
  case TreeDef::Kind::Tuple:
  case TreeDef::Kind::List:
    for (size_t i = 0; i < d.children.size(); ++i)
      paths(ev, d.children[i], prefix + "[" + std::to_string(i) + "]", out);
    return;
  case TreeDef::Kind::Dict:
    for (size_t i = 0; i < d.children.size(); ++i)
      paths(ev, d.children[i], prefix + "[" + ev.repr(d.keys[i]) + "]", out);
    return;
  case TreeDef::Kind::Custom:
    for (size_t i = 0; i < d.children.size(); ++i)
      paths(ev, d.children[i], prefix + "[<flat index " + std::to_string(i) + ">]", out);
    return;
  }
}

std::string describe(const TreeDef &d) {
  switch (d.kind) {
  case TreeDef::Kind::Leaf: return "a pytree leaf";
  case TreeDef::Kind::None: return "None";
  case TreeDef::Kind::Tuple:
    return "a tuple of length " + std::to_string(d.children.size());
  case TreeDef::Kind::List:
    return "a list of length " + std::to_string(d.children.size());
  case TreeDef::Kind::Dict:
    return "a dict with " + std::to_string(d.children.size()) + " key" +
           (d.children.size() == 1 ? "" : "s");
  case TreeDef::Kind::Custom:
    return "a " + d.node->name + " node with " + std::to_string(d.children.size()) +
           " children";
  }
  return "?";
}

bool diff(Evaluator &ev, const TreeDef &a, const TreeDef &b,
          const std::string &path, std::string &out, const std::string &nameA,
          const std::string &nameB) {
  checkStack();
  if (a.kind != b.kind || a.children.size() != b.children.size() ||
      (a.kind == TreeDef::Kind::Dict && !(a == b) &&
       a.children.size() == b.children.size() && [&] {
         for (size_t i = 0; i < a.keys.size(); ++i)
           if (!keysEqual(a.keys[i], b.keys[i]))
             return true;
         return false;
       }())) {
    out = nameA + path + " is " + describe(a) + " but the corresponding " +
          "component of " + nameB + " is " + describe(b);
    if (a.kind == b.kind && a.kind != TreeDef::Kind::Dict)
      out += ", so the lengths do not match";
    else if (a.kind == TreeDef::Kind::Dict && b.kind == TreeDef::Kind::Dict)
      out += ", so the keys do not match";
    else
      out += ", so their Python types differ";
    return true;
  }
  for (size_t i = 0; i < a.children.size(); ++i) {
    std::string sub = a.kind == TreeDef::Kind::Dict
                          ? "[" + ev.repr(a.keys[i]) + "]"
                          : "[" + std::to_string(i) + "]";
    if (diff(ev, a.children[i], b.children[i], path + sub, out, nameA, nameB))
      return true;
  }
  return false;
}
} // namespace

std::vector<std::string> leafPaths(Evaluator &ev, const TreeDef &def) {
  std::vector<std::string> out;
  paths(ev, def, "", out);
  return out;
}

std::string describeTreeDifference(Evaluator &ev, const TreeDef &a,
                                   const TreeDef &b, const std::string &nameA,
                                   const std::string &nameB) {
  std::string out;
  diff(ev, a, b, "", out, nameA, nameB);
  return out;
}

bool broadcastPrefix(Evaluator &ev, const Value &prefix, const TreeDef &full,
                     std::vector<Value> &out, std::string &path) {
  checkStack();
  // A leaf (int or None) of the prefix covers the whole subtree.
  bool isContainer = prefix.isTuple() || prefix.isList() || prefix.isDict();
  if (!isContainer) {
    for (size_t i = 0; i < full.numLeaves(); ++i)
      out.push_back(prefix);
    return true;
  }
  TreeDef::Kind want = prefix.isTuple() ? TreeDef::Kind::Tuple
                       : prefix.isList() ? TreeDef::Kind::List
                                         : TreeDef::Kind::Dict;
  if (full.kind != want) {
    return false;
  }
  if (prefix.isDict()) {
    auto &items = prefix.asDict().items();
    if (items.size() != full.children.size())
      return false;
    for (size_t i = 0; i < full.children.size(); ++i) {
      Value *v = prefix.asDict().find(full.keys[i]);
      if (!v)
        return false;
      std::string sub = path + "[" + ev.repr(full.keys[i]) + "]";
      std::string p = sub;
      if (!broadcastPrefix(ev, *v, full.children[i], out, p)) {
        path = p;
        return false;
      }
    }
    return true;
  }
  auto &elts = prefix.elements();
  if (elts.size() != full.children.size())
    return false;
  for (size_t i = 0; i < elts.size(); ++i) {
    std::string p = path + "[" + std::to_string(i) + "]";
    if (!broadcastPrefix(ev, elts[i], full.children[i], out, p)) {
      path = p;
      return false;
    }
  }
  return true;
}

} // namespace parax::frontend
