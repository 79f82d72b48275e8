//===- CPythonSeed.cpp - how CPython's random.seed keys its twister -------===//
#include "frontend/lib/random/CPythonSeed.h"
#include "frontend/lib/random/Sha512.h"

#include <cmath>

namespace parax::frontend::rng {

namespace {
std::vector<uint32_t> keyFromWord(uint64_t v) {
  std::vector<uint32_t> key{uint32_t(v)};
  if (v >> 32)
    key.push_back(uint32_t(v >> 32));
  return key;
}
} // namespace

int64_t pythonFloatHash(double v) {
  constexpr int kBits = 61;
  constexpr uint64_t kModulus = (uint64_t(1) << kBits) - 1;
  if (std::isinf(v))
    return v > 0 ? 314159 : -314159;
  if (std::isnan(v))
    return 0;
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  // 28 bits of mantissa at a time, rotating within the 61-bit modulus.
  uint64_t x = 0;
  while (m) {
    x = ((x << 28) & kModulus) | x >> (kBits - 28);
    m *= 268435456.0;
    e -= 28;
    uint64_t y = uint64_t(m);
    m -= double(y);
    x += y;
    if (x >= kModulus)
      x -= kModulus;
  }
  e = e >= 0 ? e % kBits : kBits - 1 - ((-1 - e) % kBits);
  x = ((x << e) & kModulus) | x >> (kBits - e);
  int64_t h = int64_t(x) * sign;
  return h == -1 ? -2 : h;
}

std::vector<uint32_t> seedKeyForInt(int64_t a) {
  return keyFromWord(a < 0 ? uint64_t(0) - uint64_t(a) : uint64_t(a));
}

std::vector<uint32_t> seedKeyForFloat(double a) {
  return keyFromWord(uint64_t(pythonFloatHash(a)));
}

std::vector<uint32_t> seedKeyForStr(const std::string &s) {
  std::array<uint8_t, 64> digest = sha512(s);
  std::vector<uint8_t> bytes(s.begin(), s.end());
  bytes.insert(bytes.end(), digest.begin(), digest.end());
  // The big-endian integer's words, least significant first, without
  // high zero words.
  std::vector<uint32_t> key;
  for (size_t end = bytes.size(); end > 0;) {
    size_t begin = end >= 4 ? end - 4 : 0;
    uint32_t w = 0;
    for (size_t i = begin; i < end; ++i)
      w = (w << 8) | bytes[i];
    key.push_back(w);
    end = begin;
  }
  while (key.size() > 1 && key.back() == 0)
    key.pop_back();
  return key;
}

} // namespace parax::frontend::rng
