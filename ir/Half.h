//===- Half.h - float16 / bfloat16 conversions ------------------*- C++ -*-===//
//
// Storage for float16 and bfloat16 is the raw 16-bit pattern; arithmetic is
// done in float32 and rounded back (round to nearest even), which is what
// XLA's CPU backend does per op.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstring>

namespace parax {

inline float bitsToFloat(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline uint32_t floatToBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

inline float bf16ToFloat(uint16_t h) { return bitsToFloat(uint32_t(h) << 16); }
inline uint16_t floatToBf16(float f) {
  uint32_t b = floatToBits(f);
  if ((b & 0x7fffffffu) > 0x7f800000u) // NaN: keep it quiet
    return uint16_t((b >> 16) | 0x40);
  uint32_t rounding = 0x7fffu + ((b >> 16) & 1u);
  return uint16_t((b + rounding) >> 16);
}

inline float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t man = h & 0x3ffu;
  if (exp == 0) {
    if (man == 0)
      return bitsToFloat(sign);
    // Subnormal: normalise.
    float v = float(man) * (1.0f / 16777216.0f); // man * 2^-24
    return sign ? -v : v;
  }
  if (exp == 31)
    return bitsToFloat(sign | 0x7f800000u | (man << 13));
  return bitsToFloat(sign | ((exp + 112) << 23) | (man << 13));
}

inline uint16_t floatToHalf(float f) {
  uint32_t b = floatToBits(f);
  uint32_t sign = (b >> 16) & 0x8000u;
  uint32_t absb = b & 0x7fffffffu;
  if (absb > 0x7f800000u) // NaN
    return uint16_t(sign | 0x7e00u);
  if (absb >= 0x477ff000u) // rounds to >= 65520: inf
    return uint16_t(sign | 0x7c00u);
  if (absb < 0x38800000u) { // below the smallest normal half: subnormal
    // value * 2^24 rounded to nearest even gives the mantissa.
    float a = bitsToFloat(absb) * 16777216.0f;
    // a < 1024; round half to even by hand.
    uint32_t i = uint32_t(a);
    float frac = a - float(i);
    if (frac > 0.5f || (frac == 0.5f && (i & 1u)))
      ++i;
    return uint16_t(sign | i);
  }
  uint32_t exp = ((absb >> 23) - 112) << 10;
  uint32_t man = (absb >> 13) & 0x3ffu;
  uint32_t rest = absb & 0x1fffu;
  uint32_t h = exp | man;
  if (rest > 0x1000u || (rest == 0x1000u && (man & 1u)))
    ++h; // may carry into the exponent, which is right
  return uint16_t(sign | h);
}

} // namespace parax
