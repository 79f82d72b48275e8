//===- Main.cpp - the parax command -----------------------------------------===//
//
// `parax` (REPL), `parax prog.py [args]`, `parax check prog.py`,
// `parax cache info|clear`. Exit codes:
// 0 success, 1 program error (diagnostic on stderr), 2 bad usage.
//
//===----------------------------------------------------------------------===//
#include "frontend/Parser.h"
#include "repl/CacheCommand.h"
#include "repl/Options.h"
#include "repl/Repl.h"
#include "repl/Session.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

int main(int argc, char **argv) {
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
  auto out = [](const std::string &s) {
    std::fwrite(s.data(), 1, s.size(), stdout);
  };
  auto err = [](const std::string &s) {
    std::fflush(stdout);
    std::fwrite(s.data(), 1, s.size(), stderr);
    std::fflush(stderr);
  };
  if (opts.command == "check")
    opts.checkOnly = true;
  auto session = parax::Session::create(opts, out, err, error);
  if (!session) { // the backend is unavailable here (e.g. cuda without a GPU)
    std::fprintf(stderr, "parax: %s\n", error.c_str());
    return 1;
  }
  if (opts.command == "repl")
    return parax::runRepl(*session);
  if (access(opts.program.c_str(), R_OK) != 0) {
    std::fprintf(stderr, "parax: can't open file '%s': No such file or directory\n",
                 opts.program.c_str());
    return 2;
  }
  bool ok = session->runFile(opts.program);
  std::fflush(stdout);
  return ok ? 0 : 1;
}
