//===- GenFuzzer.cpp - libFuzzer target: generated extreme programs -------===//
//
// The input is a decision stream for ProgramGenerator; the valid program it
// describes runs under FuzzSession.h's budgets.
//
//===----------------------------------------------------------------------===//
#include "tests/fuzz/FuzzSession.h"
#include "tests/fuzz/ProgramGenerator.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096)
    return 0;
  parax::fuzz::runBoundedProgram(parax::fuzz::generateProgram(data, size), "gen.py", 200000);
  return 0;
}
