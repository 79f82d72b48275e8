//===- Debugger.h - the jdb prompt of jax.debug.breakpoint ------*- C++ -*-===//
//
// jax.debug.breakpoint() stops the program and opens a small debugger on the
// terminal, as JAX's "jdb" does: the stopped function's values are names in
// scope, any Python line runs against them, and `c` continues.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Evaluator.h"

#include <functional>
#include <istream>
#include <memory>
#include <string>

namespace parax {

class Session;

class Debugger {
public:
  /// Reads commands from `in`; output and errors go through the session.
  Debugger(Session &session, std::istream &in) : session_(session), in_(in) {}

  /// Stops at `where` (the breakpoint call; `device` names the device under pmap) with
  /// `scope` visible; returns when the user continues (or input ends).
  void stop(const Loc &where, const std::string &device,
            std::shared_ptr<frontend::Scope> scope);

private:
  void list(const Loc &where);

  Session &session_;
  std::istream &in_;
  bool quit_ = false; ///< `q`: ignore the remaining breakpoints.
};

} // namespace parax
