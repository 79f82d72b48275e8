//===- Session.h - the pipeline driver --------------------------*- C++ -*-===//
//
// One parax session: a backend, an evaluator with its global scope, and the
// parsed sources (kept alive because functions point into their ASTs). The
// CLI runner, the REPL and the embedding API all drive programs through it,
// as toyc.cpp drives Toy. A session never exits the process and never lets
// an exception escape: every failure becomes a rendered Diagnostic.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Evaluator.h"
#include "repl/Options.h"
#include "runtime/Backend.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace parax {

class Debugger;

class Session {
public:
  using Sink = std::function<void(const std::string &)>;

  /// Creates a session; returns null and sets `error` if the backend is
  /// unavailable.
  static std::unique_ptr<Session> create(const Options &opts, Sink out,
                                         Sink err, std::string &error);
  ~Session();

  /// Parses and runs `text` (registered as `name`). Returns false after
  /// reporting an error to the error sink.
  bool runSource(const std::string &text, const std::string &name);
  bool runFile(const std::string &path);
  /// REPL input: runs it and echoes the value of a final expression
  /// statement as Python's REPL does.
  bool runInteractive(const std::string &text, const std::string &name);

  /// Runs REPL input with `scope` as its innermost scope (the debugger
  /// stopped in a function); echoes a final expression like runInteractive.
  bool runInScope(const std::string &text, const std::string &name,
                  std::shared_ptr<frontend::Scope> scope);
  /// Writes to the session's output sink.
  void print(const std::string &s) { out_(s); }

  /// Set when a program called sys.exit (raised SystemExit): the status
  /// it asked for. The REPL and the command end with it.
  std::optional<int> exitStatus() const { return exitStatus_; }
  /// The last error, if the previous call failed.
  const std::optional<Diagnostic> &lastError() const { return lastError_; }
  frontend::Evaluator &evaluator() { return *ev_; }
  runtime::Backend &backend() { return *backend_; }
  const Options &options() const { return opts_; }
  /// What stops a running program: Ctrl-C (the REPL's handler), the
  /// --timeout watchdog (each outermost run, e.g. each REPL input).
  runtime::StopFlag &stopFlag() { return stop_; }

private:
  Session() = default;
  bool run(const std::string &text, const std::string &name, bool echo,
           std::shared_ptr<frontend::Scope> scope = nullptr);
  void installDebugger();
  void report(const Diagnostic &d);

  Options opts_;
  Sink out_, err_;
  SourceSet sources_; ///< Every text this session ran; freed with it, last.
  // Before the backend and the evaluator, which point to it.
  runtime::StopFlag stop_;
  runtime::Watchdog watchdog_{stop_};
  int runDepth_ = 0; ///< runs nest when the debugger runs input
  std::unique_ptr<runtime::Backend> backend_;
  std::unique_ptr<frontend::Evaluator> ev_;
  std::vector<std::unique_ptr<frontend::Module>> modules_;
  std::optional<Diagnostic> lastError_;
  std::optional<int> exitStatus_;
  std::unique_ptr<Debugger> debugger_;
};

} // namespace parax
