//===- EvalFuzzer.cpp - libFuzzer target: run short programs --------------===//
//
// Runs the input as a program under FuzzSession.h's budgets.
//
//===----------------------------------------------------------------------===//
#include "tests/fuzz/FuzzSession.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096)
    return 0;
  parax::fuzz::runBoundedProgram(std::string(reinterpret_cast<const char *>(data), size),
                                 "fuzz.py", 20000);
  return 0;
}
