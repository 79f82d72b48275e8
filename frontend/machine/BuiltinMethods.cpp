//===- BuiltinMethods.cpp - the method registry of the built-in types -----===//
#include "frontend/machine/BuiltinMethods.h"
#include "frontend/machine/Evaluator.h"

#include <algorithm>
#include <deque>
#include <stdexcept>
#include <unordered_map>

namespace parax::frontend {

namespace {
struct Registry {
  std::deque<BuiltinMethod> entries; // stable addresses
  std::unordered_map<std::string, const BuiltinMethod *> byName[4];

  static int slotOf(Value::Kind k) {
    switch (k) {
    case Value::Kind::Str:
      return 0;
    case Value::Kind::List:
      return 1;
    case Value::Kind::Tuple:
      return 2;
    case Value::Kind::Dict:
      return 3;
    default:
      return -1;
    }
  }

  void add(Value::Kind kind, const char *type, const std::vector<BuiltinMethodDef> &defs) {
    for (const BuiltinMethodDef &d : defs) {
      entries.push_back({kind, d.name, std::string(type) + "." + d.name, d.fn});
      // Two files defining one method is a bug parax would otherwise hide
      // (only one of them would ever run).
      if (!byName[slotOf(kind)].emplace(d.name, &entries.back()).second)
        throw std::logic_error(std::string("duplicate built-in method ") + type + "." + d.name);
    }
  }

  Registry() {
    add(Value::Kind::Str, "str", strMethodTable());
    add(Value::Kind::List, "list", listMethodTable());
    add(Value::Kind::Tuple, "tuple", tupleMethodTable());
    add(Value::Kind::Dict, "dict", dictMethodTable());
  }
};

const Registry &registry() {
  static const Registry r; // thread-safe initialisation
  return r;
}
} // namespace

void expectArgs(CallArgs &a, size_t lo, size_t hi, const std::string &name) {
  if (a.args.size() < lo || a.args.size() > hi) {
    std::string want = lo == hi ? std::to_string(lo)
                                : std::to_string(lo) + " to " + std::to_string(hi);
    raise("TypeError", name + "() takes " + want + " argument" +
                           (hi == 1 ? "" : "s") + " (" +
                           std::to_string(a.args.size()) + " given)");
  }
}

const BuiltinMethod *findBuiltinMethod(Value::Kind kind, const std::string &name) {
  int slot = Registry::slotOf(kind);
  if (slot < 0)
    return nullptr;
  const auto &map = registry().byName[slot];
  auto it = map.find(name);
  return it == map.end() ? nullptr : it->second;
}

Value bindBuiltinMethod(const BuiltinMethod &m, const Value &self) {
  const BuiltinMethod *entry = &m;
  return makeBuiltin(m.qualname, [entry, self](Evaluator &ev, CallArgs &a) {
    return entry->call(ev, self, a);
  });
}

std::vector<std::string> builtinMethodNames(Value::Kind kind) {
  std::vector<std::string> r;
  int slot = Registry::slotOf(kind);
  if (slot >= 0)
    for (auto &kv : registry().byName[slot])
      r.push_back(kv.first);
  std::sort(r.begin(), r.end());
  return r;
}

} // namespace parax::frontend
