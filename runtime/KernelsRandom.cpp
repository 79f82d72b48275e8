//===- KernelsRandom.cpp - the Threefry-2x32 hash -------------------------===//
//
// Threefry-2x32 with 20 rounds, exactly as jax._src.random.threefry2x32 lowers
// it: key schedule (k0, k1, k0 ^ k1 ^ 0x1BD11BDA), five groups of four
// rounds with rotations (13, 15, 26, 6) / (17, 29, 16, 24), and key injection
// (plus the group number) after each group. All arithmetic is mod 2^32.
//
//===----------------------------------------------------------------------===//
#include "runtime/Kernels.h"
#include "runtime/KernelsCommon.h"

namespace parax::runtime {

namespace {

inline uint32_t rotl(uint32_t v, uint32_t r) {
  return (v << r) | (v >> (32u - r));
}

/// Hashes one counter pair (x0, x1) under the key (k0, k1).
inline void threefry(uint32_t k0, uint32_t k1, uint32_t &x0, uint32_t &x1) {
  static constexpr uint32_t kRot[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
  const uint32_t ks[3] = {k0, k1, k0 ^ k1 ^ 0x1BD11BDAu};
  x0 += ks[0];
  x1 += ks[1];
  for (uint32_t group = 0; group < 5; ++group) {
    for (uint32_t r : kRot[group % 2]) {
      x0 += x1;
      x1 = rotl(x1, r);
      x1 ^= x0;
    }
    x0 += ks[(group + 1) % 3];
    x1 += ks[(group + 2) % 3] + group + 1;
  }
}

} // namespace

std::vector<Array> threefry2x32Op(const Array &k0, const Array &k1,
                                  const Array &x0, const Array &x1) {
  PARAX_ASSERT(k0.shape() == x0.shape() && k1.shape() == x0.shape() &&
               x1.shape() == x0.shape() && k0.dtype() == DType::U32 &&
               k1.dtype() == DType::U32 && x0.dtype() == DType::U32 &&
               x1.dtype() == DType::U32)
      << "threefry2x32: operands must be u32 arrays of one shape";
  TensorType t{DType::U32, x0.shape(), false};
  Array y0 = Array::allocate(t), y1 = Array::allocate(t);
  const uint32_t *a = k0.data<uint32_t>(), *b = k1.data<uint32_t>();
  const uint32_t *c = x0.data<uint32_t>(), *d = x1.data<uint32_t>();
  uint32_t *o0 = y0.data<uint32_t>(), *o1 = y1.data<uint32_t>();
  for (int64_t i = 0, n = x0.size(); i < n; ++i) {
    uint32_t v0 = c[i], v1 = d[i];
    threefry(a[i], b[i], v0, v1);
    o0[i] = v0;
    o1[i] = v1;
  }
  return {y0, y1};
}

} // namespace parax::runtime
