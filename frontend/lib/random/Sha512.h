//===- Sha512.h - SHA-512 digest --------------------------------*- C++ -*-===//
//
// FIPS 180-4 SHA-512, which CPython's random.seed(str) hashes the seed's
// bytes with (version 2 seeding).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace parax::frontend::rng {

std::array<uint8_t, 64> sha512(const std::string &bytes);

} // namespace parax::frontend::rng
