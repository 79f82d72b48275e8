//===- StrSearch.h - str searching, splitting and character tests -*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"

#include <string>

namespace parax::frontend {

class Evaluator;

/// The bound str method `name` of `s` among find/rfind/index/rindex/count,
/// partition/rpartition, splitlines, removeprefix/removesuffix, the
/// is...() character tests, title/capitalize/swapcase; None otherwise.
Value strSearchMethod(Evaluator &ev, const std::string &s, const std::string &name);

} // namespace parax::frontend
