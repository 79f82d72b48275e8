//===- GenProgram.cpp - print the program a decision stream describes -----===//
//
// usage: parax_gen_program FILE      (a fuzz input, e.g. a crash artifact)
//        parax_gen_program --seed N  (N's bytes from a fixed PRNG: for
//                                     generating programs without libFuzzer)
// Turns a finding of parax_gen_fuzzer into a .py program for the
// regression folder, and drives tests/fuzz/gen_check.py in ordinary builds.
//
//===----------------------------------------------------------------------===//
#include "tests/fuzz/ProgramGenerator.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <vector>

int main(int argc, char **argv) {
  std::vector<uint8_t> bytes;
  if (argc == 3 && std::strcmp(argv[1], "--seed") == 0) {
    std::mt19937_64 rng(std::strtoull(argv[2], nullptr, 10));
    bytes.resize(16 + rng() % 112);
    for (auto &b : bytes)
      b = static_cast<uint8_t>(rng());
  } else if (argc == 2) {
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "parax_gen_program: cannot read %s\n", argv[1]);
      return 2;
    }
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  } else {
    std::fprintf(stderr, "usage: parax_gen_program FILE | --seed N\n");
    return 2;
  }
  std::cout << parax::fuzz::generateProgram(bytes.data(), bytes.size());
  return 0;
}
