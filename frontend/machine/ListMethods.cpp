//===- ListMethods.cpp - the methods of list and tuple --------------------===//
//
// list's and tuple's method tables (see BuiltinMethods.h). Growing a list
// goes through growList, which checks the memory budget first.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BuiltinMethods.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"

#include <algorithm>

namespace parax::frontend {

namespace {
Value listAppend(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 1, 1, "append");
  growList(self, 1);
  self.elements().push_back(a.args[0]);
  return Value::none();
}

Value listExtend(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 1, 1, "extend");
  auto items = ev.iterate(a.args[0], a.loc);
  growList(self, items.size());
  auto &el = self.elements();
  el.insert(el.end(), items.begin(), items.end());
  return Value::none();
}

Value listPop(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 0, 1, "pop");
  auto &el = self.elements();
  if (el.empty())
    raise("IndexError", "pop from empty list");
  int64_t i = a.args.empty() ? int64_t(el.size()) - 1 : ev.toIndex(a.args[0], "pop index");
  if (i < 0)
    i += int64_t(el.size());
  if (i < 0 || i >= int64_t(el.size()))
    raise("IndexError", "pop index out of range");
  Value v = std::move(el[size_t(i)]);
  el.erase(el.begin() + i);
  return v;
}

Value listInsert(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 2, 2, "insert");
  auto &el = self.elements();
  int64_t n = int64_t(el.size());
  int64_t i = ev.toIndex(a.args[0], "insert index");
  if (i < 0)
    i = std::max<int64_t>(0, i + n);
  i = std::min(i, n);
  growList(self, 1);
  el.insert(el.begin() + i, a.args[1]);
  return Value::none();
}

Value listReverse(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 0, 0, "reverse");
  std::reverse(self.elements().begin(), self.elements().end());
  return Value::none();
}

Value listCopy(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 0, 0, "copy");
  return Value::list(self.elements());
}

Value listClear(Evaluator &, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 0, 0, "clear");
  self.elements().clear();
  return Value::none();
}

Value listRemove(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 1, 1, "remove");
  auto &el = self.elements();
  for (size_t i = 0; i < el.size(); ++i)
    if (ev.truthy(ev.equals(el[i], a.args[0], a.loc))) {
      el.erase(el.begin() + long(i));
      return Value::none();
    }
  raise("ValueError", "list.remove(x): x not in list");
}

Value listSort(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  if (!a.args.empty())
    raise("TypeError", "sort() takes no positional arguments");
  const Value *key = a.get(99, "key");
  const Value *rev = a.get(99, "reverse");
  sortValues(ev, self.elements(), key ? *key : Value::none(), rev && ev.truthy(*rev));
  return Value::none();
}

// index and count, shared by list and tuple.
Value seqIndex(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 1, 1, "index");
  auto &el = self.elements();
  for (size_t i = 0; i < el.size(); ++i)
    if (ev.truthy(ev.equals(el[i], a.args[0], a.loc)))
      return Value::integer(int64_t(i));
  if (self.isTuple()) // CPython words the two differently
    raise("ValueError", "tuple.index(x): x not in tuple");
  raise("ValueError", ev.repr(a.args[0]) + " is not in list");
}

Value seqCount(Evaluator &ev, const Value &self, const std::string &, CallArgs &a) {
  expectArgs(a, 1, 1, "count");
  int64_t n = 0;
  for (auto &v : self.elements())
    n += ev.truthy(ev.equals(v, a.args[0], a.loc));
  return Value::integer(n);
}
} // namespace

const std::vector<BuiltinMethodDef> &listMethodTable() {
  static const std::vector<BuiltinMethodDef> table = {
      {"append", listAppend},   {"extend", listExtend}, {"pop", listPop},
      {"insert", listInsert},   {"reverse", listReverse}, {"copy", listCopy},
      {"clear", listClear},     {"remove", listRemove}, {"sort", listSort},
      {"index", seqIndex},      {"count", seqCount},
  };
  return table;
}

const std::vector<BuiltinMethodDef> &tupleMethodTable() {
  static const std::vector<BuiltinMethodDef> table = {{"index", seqIndex}, {"count", seqCount}};
  return table;
}

} // namespace parax::frontend
