//===- Repl.h - the interactive loop ----------------------------*- C++ -*-===//
#pragma once

namespace parax {
class Session;
/// Runs the REPL on stdin/stdout until EOF or :quit; returns the exit code.
int runRepl(Session &session);
} // namespace parax
