//===- ObjectBuiltins.h - slice, id, delattr, ascii, dir --------*- C++ -*-===//
#pragma once

#include "frontend/machine/NameMap.h"
#include "frontend/machine/Value.h"

#include <string>
#include <unordered_map>

namespace parax::frontend {

/// slice.indices(length): (start, stop, step) clamped as CPython clamps.
Value sliceIndicesTuple(Evaluator &ev, const SliceObj &s, const Value &length);
/// ascii(): a repr with every non-ASCII code point escaped.
std::string asciiRepr(const std::string &repr);
void installObjectBuiltins(Evaluator &ev, NameMap<Value> &b);

} // namespace parax::frontend
