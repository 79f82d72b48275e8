//===- BuiltinSubclass.h - classes deriving from dict, list, str ... -*- C++ -*-===//
//
// `class D(dict)`, `class L(list)`, `class S(str)`, `class I(int)` ...: the
// builtin types are not ClassObjs, so a class statement that names one
// derives from a stand-in ClassObj for it (one per type and evaluator). An
// instance of such a class is an InstanceObj whose builtinValue holds the
// builtin value it is (its dict, list, str ...). The stand-in's methods are
// the builtin's dunders acting on that value (__getitem__ with __missing__,
// __len__, __iter__, operators, comparisons, repr ...); the builtin's named
// methods (d.items(), l.append(), s.upper()) are found on the value when the
// class has no such attribute. As in CPython, the builtin's own methods do
// not call a subclass's overrides (dict.get ignores __getitem__), and the
// operators return plain builtin values (L([1]) + [2] is a list).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Classes.h"
#include "frontend/machine/NameMap.h"

namespace parax::frontend {

/// The builtin types a class may derive from.
bool isSubclassableBuiltin(const std::string &type);
/// The stand-in class for builtin `type` ("dict", "list", ...).
std::shared_ptr<ClassObj> builtinBaseClass(Evaluator &ev, const std::string &type);
/// The builtin type a class derives from ("" when none).
const std::string &builtinTypeOf(const ClassObj &cls);
/// The builtin value of an instance of a builtin's subclass; null otherwise.
const Value *builtinValueOf(const Value &v);
/// `v`, or the builtin value it is (what dict(d), list(l) ... read).
inline const Value &unwrapBuiltin(const Value &v) {
  const Value *b = builtinValueOf(v);
  return b ? *b : v;
}
/// The dict a mapping stands for (dict(m), {**m}, f(**m)): a dict or a dict
/// subclass's own, or one read through m.keys() and m[k] from an object
/// with a keys() method (ChainMap, a user Mapping); None when `v` is none.
Value mappingItems(Evaluator &ev, const Value &v, Loc loc);
/// l[a:b:c] = values and del l[a:b:c] on a list's elements, with Python's
/// rules (a step other than 1 needs as many values as the slice has items).
void assignListSlice(Evaluator &ev, std::vector<Value> &elts, const Value &slice,
                     const Value &values, Loc loc);
void deleteListSlice(Evaluator &ev, std::vector<Value> &elts, const Value &slice);
/// `dict.__getitem__`, `int.__new__` ...: the stand-in's member `name` for
/// builtin `type` (for the type object's attributes); false when none.
bool builtinTypeMember(Evaluator &ev, const std::string &type, const std::string &name,
                       Value &out);

/// d.keys(), d.values(), d.items(): a live view of `dict` (machine/DictViews.cpp);
/// `which` is "keys", "values" or "items"; `prefix` names the view's type
/// ("dict": dict_keys; "odict": OrderedDict's odict_keys).
Value makeDictView(Evaluator &ev, const Value &dict, const std::string &which,
                   const std::string &prefix = "dict");
/// bytes and bytearray (machine/Bytes.cpp): the builtins, str.encode, and
/// whether a value is one of them.
void installBytesBuiltins(Evaluator &ev, NameMap<Value> &b);
Value strEncode(Evaluator &ev, const std::string &s, CallArgs &a);
bool isBytesValue(const Value &v);
/// n.to_bytes(length=1, byteorder='big', *, signed=False) and
/// int.from_bytes(bytes, byteorder='big', *, signed=False).
Value intToBytes(Evaluator &ev, const Value &n, CallArgs &a);
Value intFromBytes(Evaluator &ev, CallArgs &a);
/// The str a bytes value decodes to (str(b, 'utf-8'), b.decode()).
std::string decodeBytesValue(const Value &v, const std::string &encoding,
                             const std::string &errors);

} // namespace parax::frontend
