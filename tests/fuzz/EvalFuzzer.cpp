//===- EvalFuzzer.cpp - libFuzzer target: run short programs --------------===//
//
// Runs the input as a program on the interpreter backend with 2 devices, a
// 64 MiB device budget and a step budget, so that no input can hang or
// exhaust memory. Every failure must be a rendered diagnostic.
//
//===----------------------------------------------------------------------===//
#include "repl/Session.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096)
    return 0;
  static bool init = [] {
    setenv("PARAX_MAX_LOOP_ITERATIONS", "10000", 1);
    return true;
  }();
  (void)init;
  parax::Options opts;
  opts.devices = 2;
  opts.backend = "interp";
  opts.deviceMemory = 64 << 20;
  // Below libFuzzer's -rss_limit_mb and its -timeout: a memory bomb is a
  // MemoryError and a long loop a TimeoutError, not an OOM or timeout report.
  opts.maxMemory = int64_t(1) << 30;
  opts.timeout = 20;
  std::string err;
  auto sink = [](const std::string &) {};
  auto session = parax::Session::create(opts, sink, sink, err);
  session->evaluator().options().maxSteps = 20000;
  session->runSource(std::string(reinterpret_cast<const char *>(data), size), "fuzz.py");
  return 0;
}
