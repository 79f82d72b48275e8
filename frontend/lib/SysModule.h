//===- SysModule.h - sys, the standard streams and SystemExit ---*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"
#include "ir/Diagnostics.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace parax::frontend {

class Evaluator;

/// The sys module (native; sys.py adds version_info and float_info), the
/// hidden helper module _parax (files, environ, warnings' caller lines) and
/// time's sleep/monotonic; called once by installModules.
void installStdlibModules(Evaluator &ev, std::unordered_map<std::string, Value> &mods);

/// print()'s output: to `file` when given (its write method; sys.stdout
/// and sys.stderr are the session's streams), else to sys.stdout - which
/// the program may have replaced (contextlib.redirect_stdout).
/// `pieces` are the strings print() writes (each argument, the separators
/// and the end), written one call each to a stream of the program's.
void printTo(Evaluator &ev, const Value &file, const std::vector<std::string> &pieces);

/// When `e` is an uncaught SystemExit (sys.exit), the process exit status
/// as CPython computes it (None: 0, an int: itself, anything else: printed
/// to stderr - returned in `message` - and 1); nullopt for other errors.
std::optional<int> systemExitStatus(const ParaxError &e, std::string &message);

} // namespace parax::frontend
