//===- StrSearch.h - str searches with Python slice bounds ------*- C++ -*-===//
#pragma once

#include "frontend/machine/BuiltinMethods.h"

#include <vector>

namespace parax::frontend {

/// find/rfind/index/rindex/count/startswith/endswith: rows of str's table.
const std::vector<BuiltinMethodDef> &strSearchMethodTable();

} // namespace parax::frontend
