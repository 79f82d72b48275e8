//===- MT19937.cpp - the Mersenne Twister ---------------------------------===//
#include "frontend/lib/random/MT19937.h"

#include <algorithm>

namespace parax::frontend::rng {

void MT19937::seedInt(uint32_t s) {
  key[0] = s;
  for (int i = 1; i < kN; ++i)
    key[i] = 1812433253u * (key[i - 1] ^ (key[i - 1] >> 30)) + uint32_t(i);
  pos = kN;
}

void MT19937::seedArray(const std::vector<uint32_t> &init) {
  seedInt(19650218u);
  size_t len = init.empty() ? 1 : init.size();
  int i = 1;
  size_t j = 0;
  for (size_t k = std::max<size_t>(kN, len); k; --k) {
    uint32_t word = init.empty() ? 0 : init[j];
    key[i] = (key[i] ^ ((key[i - 1] ^ (key[i - 1] >> 30)) * 1664525u)) + word + uint32_t(j);
    ++i;
    ++j;
    if (i >= kN) {
      key[0] = key[kN - 1];
      i = 1;
    }
    if (j >= len)
      j = 0;
  }
  for (int k = kN - 1; k; --k) {
    key[i] = (key[i] ^ ((key[i - 1] ^ (key[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
    ++i;
    if (i >= kN) {
      key[0] = key[kN - 1];
      i = 1;
    }
  }
  key[0] = 0x80000000u; // non-zero initial state
  pos = kN;
}

void MT19937::refill() {
  constexpr int kM = 397;
  constexpr uint32_t kMatrixA = 0x9908b0dfu, kUpper = 0x80000000u, kLower = 0x7fffffffu;
  auto twist = [&](int i, int next, int far) {
    uint32_t y = (key[i] & kUpper) | (key[next] & kLower);
    key[i] = key[far] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  };
  int i = 0;
  for (; i < kN - kM; ++i)
    twist(i, i + 1, i + kM);
  for (; i < kN - 1; ++i)
    twist(i, i + 1, i + kM - kN);
  twist(kN - 1, 0, kM - 1);
  pos = 0;
}

uint32_t MT19937::next32() {
  if (pos >= kN)
    refill();
  uint32_t y = key[pos++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

} // namespace parax::frontend::rng
