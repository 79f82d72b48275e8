//===- DictMethods.h - the rest of dict's methods ---------------*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"
#include "frontend/syntax/Ast.h"

#include <string>

namespace parax::frontend {

/// d.popitem, d.clear, d.update(iterable, **kw), d.fromkeys: the bound
/// method, or None (Attributes.cpp has the rest).
Value moreDictMethod(Evaluator &ev, const Value &self, const std::string &name);
/// dict.fromkeys(iterable, value=None).
Value dictFromKeys(Evaluator &ev, CallArgs &a);
/// d | e (a new dict) and d |= e (in place, any mapping or pairs).
bool dictBinary(Evaluator &ev, BinOpKind op, const Value &a, const Value &b, Value &out);
bool dictInplace(Evaluator &ev, BinOpKind op, const Value &cur, const Value &rhs);

} // namespace parax::frontend
