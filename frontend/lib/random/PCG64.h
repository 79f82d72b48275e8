//===- PCG64.h - numpy's default bit generator ------------------*- C++ -*-===//
//
// PCG64 (O'Neill's 128-bit LCG with the XSL-RR output), as numpy's
// Generator uses it: seeded from four SeedSequence words, 32-bit draws
// taken from halves of a 64-bit draw with the other half kept for the next.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

namespace parax::frontend::rng {

class PCG64 {
public:
  using u128 = unsigned __int128;

  /// numpy's pcg64_set_seed from generate_state(4, uint64): words 0,1 are
  /// the state's high and low halves, words 2,3 the increment's.
  void seed(const uint64_t words[4]);

  uint64_t next64() {
    state = state * kMultiplier + inc;
    uint64_t hi = uint64_t(state >> 64), lo = uint64_t(state);
    unsigned rot = unsigned(state >> 122);
    uint64_t x = hi ^ lo;
    return (x >> rot) | (x << ((64 - rot) & 63));
  }
  uint32_t next32() {
    if (hasUint32) {
      hasUint32 = false;
      return uinteger;
    }
    uint64_t v = next64();
    hasUint32 = true;
    uinteger = uint32_t(v >> 32);
    return uint32_t(v);
  }
  double nextDouble() { return double(next64() >> 11) * (1.0 / 9007199254740992.0); }

  u128 state = 0, inc = 0;
  bool hasUint32 = false;
  uint32_t uinteger = 0;

  static constexpr u128 kMultiplier =
      (u128(2549297995355413924ULL) << 64) | u128(4865540595714422341ULL);
};

} // namespace parax::frontend::rng
