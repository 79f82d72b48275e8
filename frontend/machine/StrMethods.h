//===- StrMethods.h - the rest of str's methods -----------------*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"

#include <string>
#include <vector>

namespace parax::frontend {

/// s.partition, s.splitlines, s.split(maxsplit=...) ...: the bound method,
/// or None when `name` is not one of these (Attributes.cpp has the rest).
Value moreStrMethod(Evaluator &ev, const Value &self, const std::string &name);
std::vector<std::string> moreStrMethodNames();

} // namespace parax::frontend
