//===- DictMethods.h - dict.fromkeys and the dict operators ----*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"
#include "frontend/syntax/Ast.h"

#include <string>

namespace parax::frontend {

/// dict.fromkeys(iterable, value=None).
Value dictFromKeys(Evaluator &ev, CallArgs &a);
/// d | e (a new dict) and d |= e (in place, any mapping or pairs).
bool dictBinary(Evaluator &ev, BinOpKind op, const Value &a, const Value &b, Value &out);
bool dictInplace(Evaluator &ev, BinOpKind op, const Value &cur, const Value &rhs);

} // namespace parax::frontend
