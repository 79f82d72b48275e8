//===- CPythonSeed.h - how CPython's random.seed keys its twister -*- C++ -*-===//
//
// random.seed(a) feeds MT19937's init_by_array with the 32-bit words
// (least significant first) of an unsigned integer: |a| for an int, the
// int of a str's UTF-8 bytes followed by their SHA-512 (version 2), and
// hash(a) read as an unsigned word for a float.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace parax::frontend::rng {

/// CPython's hash() of a float (modulo the Mersenne prime 2^61 - 1).
int64_t pythonFloatHash(double v);
std::vector<uint32_t> seedKeyForInt(int64_t a);
std::vector<uint32_t> seedKeyForFloat(double a);
std::vector<uint32_t> seedKeyForStr(const std::string &utf8);

} // namespace parax::frontend::rng
