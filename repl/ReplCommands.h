//===- ReplCommands.h - the REPL's ':' commands -----------------*- C++ -*-===//
#pragma once

#include <string>

namespace parax {
class Session;

/// Runs one ':' command line (":ir f", ":time expr", ...), writing to
/// stdout/stderr. Returns false for :quit.
bool runReplCommand(Session &session, const std::string &line);

/// The :help text.
std::string replHelpText();

} // namespace parax
