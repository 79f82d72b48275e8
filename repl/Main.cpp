//===- Main.cpp - the parax command -----------------------------------------===//
//
// `parax` (REPL), `parax prog.py [args]`, `parax - [args]` (the program on
// stdin, as is a program piped in without a name), `parax check prog.py`,
// `parax cache info|clear`. Exit codes: 0 success, 1 program error
// (diagnostic on stderr), 2 bad usage (unknown option, unreadable program,
// bad --dump-dir ...).
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Generators.h"
#include "frontend/syntax/Parser.h"
#include "frontend/lib/SandboxedFiles.h"
#include "repl/CacheCommand.h"
#include "repl/Launch.h"
#include "repl/Options.h"
#include "repl/ProgramSource.h"
#include "repl/Repl.h"
#include "repl/Session.h"
#include "runtime/distributed/ProcessGroup.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <new>
#include <unistd.h>

namespace parax::frontend {
/// PARAX_COORDINATOR_ADDRESS + PARAX_NUM_PROCESSES (+ PARAX_PROCESS_ID) set:
/// join the job before the program runs (Distributed.cpp). False with the
/// message on stderr when that fails.
bool joinJobFromEnvironment(Evaluator &ev);
} // namespace parax::frontend

namespace {
/// The last error text the program printed: what the other processes of a
/// job are told when this one fails.
std::string gLastError;

int runCommand(int argc, char **argv) {
  // As python3 under PYTHONUNBUFFERED: each line reaches a pipe or file as
  // it is printed (launchers watching a job's output rely on it).
  if (const char *u = std::getenv("PYTHONUNBUFFERED"); u && *u)
    std::setvbuf(stdout, nullptr, _IOLBF, 1 << 16);
  if (argc >= 2 && std::string(argv[1]) == "launch")
    return parax::runLaunch(argc, argv);
  parax::Options opts;
  std::string error;
  if (!parax::parseOptions(argc, argv, opts, error)) {
    std::fprintf(stderr, "parax: %s\n\n%s", error.c_str(), parax::usageText().c_str());
    return 2;
  }
  if (opts.command == "help") {
    std::fputs(parax::usageText().c_str(), stdout);
    return 0;
  }
  if (!opts.cacheDir.empty()) // the backends read the cache directory from here
    setenv("PARAX_CACHE_DIR", opts.cacheDir.c_str(), 1);
  if (opts.command == "cache")
    return parax::runCacheCommand(opts.program);
  if (opts.command == "version") {
    std::fputs(parax::versionText().c_str(), stdout);
    return 0;
  }
  if (!opts.dumpDir.empty() && !parax::prepareDumpDir(opts.dumpDir, error)) {
    std::fprintf(stderr, "parax: %s\n", error.c_str());
    return 2;
  }
  // Only a person at a terminal gets the REPL; a program piped in runs as
  // a file named <stdin> that stops at its first error, as python3 does.
  if (opts.command == "repl" && !isatty(STDIN_FILENO)) {
    opts.command = "run";
    opts.program = "-";
  }
  // The source is read before the backend starts, so an unreadable one
  // fails at once.
  std::string source;
  if (opts.command != "repl" &&
      !parax::readProgramSource(opts.program, source, error)) {
    std::fprintf(stderr, "parax: %s\n", error.c_str());
    return 2;
  }
  auto out = [](const std::string &s) {
    std::fwrite(s.data(), 1, s.size(), stdout);
  };
  auto err = [](const std::string &s) {
    gLastError = s;
    std::fflush(stdout);
    std::fwrite(s.data(), 1, s.size(), stderr);
    std::fflush(stderr);
  };
  if (opts.command == "check")
    opts.checkOnly = true;
  if (!parax::frontend::makeFileSandbox(opts.allowRead, opts.allowWrite, error)) {
    std::fprintf(stderr, "parax: %s\n", error.c_str());
    return 2;
  }
  auto session = parax::Session::create(opts, out, err, error);
  if (!session) { // the backend is unavailable here (e.g. cuda without a GPU)
    std::fprintf(stderr, "parax: %s\n", error.c_str());
    return 1;
  }
  if (opts.command == "repl")
    return parax::runRepl(*session);
  if (opts.command != "repl" && !opts.checkOnly &&
      !parax::frontend::joinJobFromEnvironment(session->evaluator()))
    return 1;
  bool ok = session->runSource(source, opts.program == "-" ? "<stdin>" : opts.program);
  // The program's end: generators left suspended are closed, as at
  // CPython's exit (their finally clauses may still print).
  if (!opts.checkOnly)
    parax::frontend::GeneratorObj::finalizeAll(session->evaluator());
  std::fflush(stdout);
  std::optional<int> status = session->exitStatus(); // sys.exit(status)
  // Several processes: a failure stops the others at once (naming this
  // process and why); success waits for them at the shutdown barrier.
  int code = status ? *status : (ok ? 0 : 1);
  parax::runtime::dist::ProcessGroup::finish(
      code == 0, status && *status != 0 ? "sys.exit(" + std::to_string(*status) + ")" : gLastError, code);
  return code;
}
} // namespace

int main(int argc, char **argv) {
  try {
    return runCommand(argc, argv);
  } catch (std::bad_alloc &) {
    // Outside a running program (a session turns it into a located
    // MemoryError): still a message and exit 1, never an abort.
    std::fflush(stdout);
    std::fputs("parax: MemoryError: out of host memory\n", stderr);
    return 1;
  }
}
