//===- BuiltinMethods.h - methods of str, list, tuple and dict --*- C++ -*-===//
//
// The methods of the built-in container types as tables of plain functions
// of (receiver, arguments), one table per type, each defined beside the
// type's other code (StrMethods.cpp, ListMethods.cpp, DictMethods.cpp).
// A method call `obj.name(...)` looks the entry up once per call site (the
// AttributeExpr caches it) and runs it directly: no bound method is made
// and no chain of name compares is walked. `obj.name` alone binds it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"

#include <string>
#include <vector>

namespace parax::frontend {

class Evaluator;

/// A method body: `self` is the receiver, `name` the method's own name (one
/// function may serve a family: split and rsplit), `args` the call's
/// arguments without self.
using BuiltinMethodFn = Value (*)(Evaluator &ev, const Value &self, const std::string &name,
                                  CallArgs &args);

/// A row of a type's table, as the type's file writes it.
struct BuiltinMethodDef {
  const char *name;
  BuiltinMethodFn fn;
};

/// A registered method of one value kind.
struct BuiltinMethod {
  Value::Kind kind;
  std::string name;     ///< "split"
  std::string qualname; ///< "str.split"
  BuiltinMethodFn fn;
  Value call(Evaluator &ev, const Value &self, CallArgs &args) const {
    return fn(ev, self, name, args);
  }
};

/// The method `name` of values of `kind` (Str, List, Tuple, Dict), or null.
/// Entries live as long as the program.
const BuiltinMethod *findBuiltinMethod(Value::Kind kind, const std::string &name);
/// Whether values of `kind` have a method table at all.
inline bool hasBuiltinMethods(Value::Kind kind) {
  return kind == Value::Kind::Str || kind == Value::Kind::List || kind == Value::Kind::Tuple ||
         kind == Value::Kind::Dict;
}
/// `self.name` as a bound method object (what `f = s.split` makes).
Value bindBuiltinMethod(const BuiltinMethod &m, const Value &self);
/// The method names of `kind`, sorted (for "did you mean" hints).
std::vector<std::string> builtinMethodNames(Value::Kind kind);

/// Raises TypeError unless `a` has from lo to hi positional arguments.
void expectArgs(CallArgs &a, size_t lo, size_t hi, const std::string &name);

/// The tables, each in its type's file.
const std::vector<BuiltinMethodDef> &strMethodTable();
const std::vector<BuiltinMethodDef> &listMethodTable();
const std::vector<BuiltinMethodDef> &tupleMethodTable();
const std::vector<BuiltinMethodDef> &dictMethodTable();

} // namespace parax::frontend
