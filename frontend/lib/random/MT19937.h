//===- MT19937.h - the Mersenne Twister of CPython and numpy ---*- C++ -*-===//
//
// One generator behind Python's `random` module and numpy's legacy
// RandomState: the 624-word MT19937 of Matsumoto and Nishimura. The two
// libraries differ only in how they seed it (CPython always seeds by array;
// numpy seeds an integer with init_genrand) and in what they build on top.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace parax::frontend::rng {

class MT19937 {
public:
  static constexpr int kN = 624;

  MT19937() { seedInt(5489u); }
  /// The reference init_genrand (numpy's RandomState(int)).
  void seedInt(uint32_t s);
  /// The reference init_by_array (CPython's seed(), numpy's array seeds).
  void seedArray(const std::vector<uint32_t> &key);

  uint32_t next32();
  /// numpy's next_uint64: two draws, the first in the high half.
  uint64_t next64() {
    uint64_t hi = next32();
    return (hi << 32) | next32();
  }
  /// 53-bit double in [0, 1) from two draws (CPython's random(), numpy's
  /// random_sample).
  double nextDouble() {
    uint32_t a = next32() >> 5, b = next32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

  std::array<uint32_t, kN> key{};
  int pos = kN;

private:
  void refill();
};

} // namespace parax::frontend::rng
