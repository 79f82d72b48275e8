//===- KernelsTestUtil.h - helpers for the kernel unit tests ---*- C++ -*-===//
//
// Arrays built from / compared as raw element bits (the form JaxCases.inc
// stores JAX's results in), op lookup by mnemonic, and float comparisons in
// units in the last place.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Array.h"
#include "ir/Operation.h"
#include "runtime/Kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace parax::kernels_test {

using Bits = std::vector<uint32_t>;
using Ints = std::vector<int64_t>;

// Case records of JaxCases.inc. Arrays are held by pointer: GCC 12
// mis-initialises aggregates mixing reference members and empty Ints{}.
struct UnaryCase {
  const char *op, *dtype, *outDtype;
  const Bits *in, *out;
};
struct BinaryCase {
  const char *op, *dtype, *outDtype;
  const Bits *a, *b, *out;
};
struct ConvertCase {
  const char *from, *to;
  const Bits *in, *out;
};
struct ReduceCase {
  const char *op, *dtype;
  Ints shape, axes;
  const Bits *in;
  Ints outShape;
  const Bits *out;
};
struct ArgCase {
  const char *op, *dtype;
  Ints shape;
  int64_t axis;
  const Bits *in;
  Ints outShape;
  const Bits *out;
};
struct CumCase {
  const char *op, *dtype;
  Ints shape;
  int64_t axis;
  bool reverse;
  const Bits *in, *out;
};
struct DotCase {
  const char *dtype;
  Ints lshape, rshape, lb, rb, lc, rc;
  const Bits *l, *r;
  Ints outShape;
  const Bits *out;
};
struct ThreefryCase {
  const Bits *k0, *k1, *x0, *x1, *y0, *y1;
};

inline DType dt(const std::string &name) {
  auto d = parseDType(name);
  EXPECT_TRUE(d.has_value()) << name;
  return d.value_or(DType::F32);
}

inline ir::OpKind opByName(const std::string &m) {
  for (int k = 0; k <= int(ir::OpKind::DebugBreakpoint); ++k)
    if (m == ir::mnemonic(ir::OpKind(k)))
      return ir::OpKind(k);
  ADD_FAILURE() << "unknown op " << m;
  return ir::OpKind::Neg;
}

/// An array of `dtype`/`shape` whose elements have the given bits.
inline Array fromBits(DType d, const Shape &shape, const Bits &b) {
  Array a = Array::allocate(d, shape);
  EXPECT_EQ(int64_t(b.size()), a.size());
  for (int64_t i = 0; i < a.size() && i < int64_t(b.size()); ++i) {
    switch (dtypeSize(d)) {
    case 1:
      a.data<uint8_t>()[i] = uint8_t(b[size_t(i)]);
      break;
    case 2:
      a.data<uint16_t>()[i] = uint16_t(b[size_t(i)]);
      break;
    default:
      a.data<uint32_t>()[i] = b[size_t(i)];
      break;
    }
  }
  return a;
}
inline Array fromBits(const std::string &d, const Shape &shape, const Bits &b) {
  return fromBits(dt(d), shape, b);
}
inline Array vec(const std::string &d, const Bits &b) {
  return fromBits(d, {int64_t(b.size())}, b);
}

inline Bits bitsOf(const Array &a) {
  Bits r(size_t(a.size()));
  for (int64_t i = 0; i < a.size(); ++i) {
    switch (dtypeSize(a.dtype())) {
    case 1:
      r[size_t(i)] = a.data<uint8_t>()[i];
      break;
    case 2:
      r[size_t(i)] = a.data<uint16_t>()[i];
      break;
    default:
      r[size_t(i)] = a.data<uint32_t>()[i];
      break;
    }
  }
  return r;
}

/// Builds an array from values (converted to the dtype).
inline Array values(DType d, const Shape &shape, const std::vector<double> &v) {
  Array a = Array::allocate(d, shape);
  for (size_t i = 0; i < v.size(); ++i)
    a.setDouble(int64_t(i), v[i]);
  return a;
}
inline std::vector<double> toDoubles(const Array &a) {
  std::vector<double> r(size_t(a.size()));
  for (int64_t i = 0; i < a.size(); ++i)
    r[size_t(i)] = a.getDouble(i);
  return r;
}

/// The element as a float (for float dtypes) from its bits.
inline float bitsToValue(DType d, uint32_t b) {
  if (d == DType::F16)
    return halfToFloat(uint16_t(b));
  if (d == DType::BF16)
    return bf16ToFloat(uint16_t(b));
  return bitsToFloat(b);
}

/// Distance in units in the last place between two floats of dtype `d`
/// (0 when both are NaN).
inline int64_t ulpDistance(DType d, uint32_t a, uint32_t b) {
  float fa = bitsToValue(d, a), fb = bitsToValue(d, b);
  if (std::isnan(fa) && std::isnan(fb))
    return 0;
  if (std::isnan(fa) || std::isnan(fb))
    return 1 << 30;
  if (d != DType::F32) {
    // Compare at the 16-bit pattern level.
    auto key = [](uint32_t v) {
      int32_t s = int32_t(v & 0xffffu);
      return (s & 0x8000) ? -(s & 0x7fff) : s;
    };
    return std::llabs(int64_t(key(a)) - key(b));
  }
  auto key = [](uint32_t v) {
    int64_t s = int32_t(v);
    return s < 0 ? -(s & 0x7fffffff) : s;
  };
  return std::llabs(key(a) - key(b));
}

/// Expects `got` to equal `want` element for element (within `ulps` for
/// floats; NaNs of any payload match).
inline void expectBits(DType d, const Bits &got, const Bits &want,
                       const std::string &what, int64_t ulps = 0) {
  ASSERT_EQ(got.size(), want.size()) << what;
  int failures = 0;
  for (size_t i = 0; i < got.size() && failures < 5; ++i) {
    bool ok = isFloat(d) ? ulpDistance(d, got[i], want[i]) <= ulps
                         : got[i] == want[i];
    if (!ok) {
      ++failures;
      ADD_FAILURE() << what << " [" << i << "]: got 0x" << std::hex << got[i]
                    << " want 0x" << want[i] << std::dec << " ("
                    << (isFloat(d) ? bitsToValue(d, got[i]) : double(got[i]))
                    << " vs "
                    << (isFloat(d) ? bitsToValue(d, want[i]) : double(want[i]))
                    << ")";
    }
  }
}

} // namespace parax::kernels_test
