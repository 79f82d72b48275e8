//===- FuzzSession.h - one bounded program run for the fuzz targets -------===//
//
// The eval and gen fuzzers run each input as a program on the interpreter
// backend with 2 devices under budgets that no input can escape: 64 MiB per
// device, a 1 GiB host budget and a 20 s timeout (below libFuzzer's
// -rss_limit_mb and -timeout, so a memory bomb is a MemoryError and a long
// loop a TimeoutError), a statement budget and a loop-iteration cap. Every
// failure must be a rendered diagnostic.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "repl/Session.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace parax::fuzz {

inline void runBoundedProgram(const std::string &source, const char *name, int64_t maxSteps) {
  static bool init = [] {
    setenv("PARAX_MAX_LOOP_ITERATIONS", "10000", 1);
    return true;
  }();
  (void)init;
  parax::Options opts;
  opts.devices = 2;
  opts.backend = "interp";
  opts.deviceMemory = 64 << 20;
  opts.maxMemory = int64_t(1) << 30;
  opts.timeout = 20;
  std::string err;
  auto sink = [](const std::string &) {};
  auto session = parax::Session::create(opts, sink, sink, err);
  session->evaluator().options().maxSteps = maxSteps;
  session->runSource(source, name);
}

} // namespace parax::fuzz
