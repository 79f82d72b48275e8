//===- EmbeddedPython.h - standard-library modules written in Python -----===//
//
// The .py files in frontend/lib/python are compiled into parax at build
// time (CMake writes EmbeddedPython.cpp from them): modules that are
// natural to write in Python (operator, itertools, the Python half of
// functools), as CPython and JAX ship theirs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace parax::frontend {

/// The source of the embedded module `name` ("operator"), or null.
const std::string *embeddedPythonSource(const std::string &name);

} // namespace parax::frontend
