//===- ObjectBuiltins.h - slice, id, delattr, ascii, dir --------*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"

#include <string>
#include <unordered_map>

namespace parax::frontend {

/// slice.indices(length): (start, stop, step) clamped as CPython clamps.
Value sliceIndicesTuple(Evaluator &ev, const SliceObj &s, const Value &length);
/// ascii(): a repr with every non-ASCII code point escaped.
std::string asciiRepr(const std::string &repr);
void installObjectBuiltins(Evaluator &ev, std::unordered_map<std::string, Value> &b);

} // namespace parax::frontend
