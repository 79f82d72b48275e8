//===- KernelsCommon.h - shared helpers of the kernel files ----*- C++ -*-===//
//
// Internal to runtime/Kernels*.cpp: the element type behind each DType, a
// dispatcher that instantiates a generic lambda once per dtype, float16 /
// bfloat16 rounding policies, the scoped flush-denormal mode XLA's CPU
// runtime executes under, CPU feature detection for the SIMD kernel variants,
// and small shape utilities (strides, row-major odometers).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Array.h"
#include "ir/Diagnostics.h"
#include "ir/Half.h"

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define PARAX_KERNELS_X86 1
#endif

namespace parax::runtime::detail {

//===----------------------------------------------------------------------===//
// DType -> storage type
//===----------------------------------------------------------------------===//

/// The C++ storage type of each dtype. Bool is one byte holding 0 or 1;
/// float16 / bfloat16 are their raw 16-bit patterns.
template <DType D> struct Storage;
template <> struct Storage<DType::Bool> { using T = uint8_t; };
template <> struct Storage<DType::I8> { using T = int8_t; };
template <> struct Storage<DType::I16> { using T = int16_t; };
template <> struct Storage<DType::I32> { using T = int32_t; };
template <> struct Storage<DType::U8> { using T = uint8_t; };
template <> struct Storage<DType::U16> { using T = uint16_t; };
template <> struct Storage<DType::U32> { using T = uint32_t; };
template <> struct Storage<DType::F16> { using T = uint16_t; };
template <> struct Storage<DType::BF16> { using T = uint16_t; };
template <> struct Storage<DType::F32> { using T = float; };
template <> struct Storage<DType::F64> { using T = double; };
template <> struct Storage<DType::I64> { using T = int64_t; };
template <> struct Storage<DType::U64> { using T = uint64_t; };

/// A dtype as a type: `Tag<D>::kind` and `Tag<D>::T`.
template <DType D> struct Tag {
  static constexpr DType kind = D;
  using T = typename Storage<D>::T;
  static constexpr bool isHalf = D == DType::F16 || D == DType::BF16;
  static constexpr bool isF64 = D == DType::F64;
  static constexpr bool isFloat = isHalf || D == DType::F32 || isF64;
  static constexpr bool isBool = D == DType::Bool;
  static constexpr bool isInt = !isFloat && !isBool;
};

/// Calls `f(Tag<D>{})` for the runtime dtype `dt`.
template <typename F> decltype(auto) dispatch(DType dt, F &&f) {
  switch (dt) {
  case DType::Bool:
    return f(Tag<DType::Bool>{});
  case DType::I8:
    return f(Tag<DType::I8>{});
  case DType::I16:
    return f(Tag<DType::I16>{});
  case DType::I32:
    return f(Tag<DType::I32>{});
  case DType::U8:
    return f(Tag<DType::U8>{});
  case DType::U16:
    return f(Tag<DType::U16>{});
  case DType::U32:
    return f(Tag<DType::U32>{});
  case DType::F16:
    return f(Tag<DType::F16>{});
  case DType::BF16:
    return f(Tag<DType::BF16>{});
  case DType::F32:
    return f(Tag<DType::F32>{});
  case DType::F64:
    return f(Tag<DType::F64>{});
  case DType::I64:
    return f(Tag<DType::I64>{});
  case DType::U64:
    return f(Tag<DType::U64>{});
  }
  PARAX_ASSERT(false) << "bad dtype";
  return f(Tag<DType::F32>{});
}

/// Calls `f` with an unsigned integer type of the dtype's byte width: for
/// kernels that only move elements (copies, gathers, select).
template <typename F> decltype(auto) dispatchBytes(DType dt, F &&f) {
  switch (dtypeSize(dt)) {
  case 1:
    return f(uint8_t{});
  case 2:
    return f(uint16_t{});
  case 8:
    return f(uint64_t{});
  default:
    return f(uint32_t{});
  }
}

//===----------------------------------------------------------------------===//
// Element <-> float
//===----------------------------------------------------------------------===//

/// Element value as float (exact for every dtype except large 32-bit ints).
template <DType D> inline float toFloat(typename Storage<D>::T v) {
  if constexpr (D == DType::F16)
    return halfToFloat(v);
  else if constexpr (D == DType::BF16)
    return bf16ToFloat(v);
  else
    return float(v);
}

/// Rounds a float to a float16/bfloat16/float32 element.
template <DType D> inline typename Storage<D>::T fromFloat(float f) {
  if constexpr (D == DType::F16)
    return floatToHalf(f);
  else if constexpr (D == DType::BF16)
    return floatToBf16(f);
  else
    return f;
}

/// Rounding policies for float formulas evaluated in float32: `r(x)` rounds an
/// intermediate to the precision XLA would store it in. For float32 it is the
/// identity; float16 / bfloat16 composites that XLA evaluates op by op in the
/// narrow type use RoundTo<F16/BF16>.
struct NoRound {
  static float r(float x) { return x; }
};
template <DType D> struct RoundTo {
  static float r(float x) { return toFloat<D>(fromFloat<D>(x)); }
};

/// A denormal as DAZ hardware sees it: a zero of the same sign.
inline float dazFloat(float x) {
  uint32_t b = floatToBits(x);
  return bitsToFloat((b & 0x7f800000u) == 0 ? (b & 0x80000000u) : b);
}

/// XLA's float max/min: NaN propagates, max(-0, +0) = +0, min(-0, +0) = -0,
/// denormal operands count as zeros.
inline float maxFloat(float a, float b) {
  a = dazFloat(a);
  b = dazFloat(b);
  if (a != a || b != b)
    return a != a ? a : b;
  if (a == b)
    return bitsToFloat(floatToBits(a) & floatToBits(b));
  return a > b ? a : b;
}
inline float minFloat(float a, float b) {
  a = dazFloat(a);
  b = dazFloat(b);
  if (a != a || b != b)
    return a != a ? a : b;
  if (a == b)
    return bitsToFloat(floatToBits(a) | floatToBits(b));
  return a < b ? a : b;
}

//===----------------------------------------------------------------------===//
// Floating-point environment and CPU features
//===----------------------------------------------------------------------===//

/// XLA's CPU runtime executes with denormals flushed to zero (FTZ) and
/// denormal inputs treated as zero (DAZ); float kernels run under the same
/// MXCSR mode so that e.g. 1e-45f > 0 is false and exp(-88) is 0.
class ScopedFlushDenormal {
public:
  ScopedFlushDenormal() {
#ifdef PARAX_KERNELS_X86
    saved_ = _mm_getcsr();
    _mm_setcsr(saved_ | 0x8040u); // FTZ (bit 15) | DAZ (bit 6)
#endif
  }
  ~ScopedFlushDenormal() {
#ifdef PARAX_KERNELS_X86
    _mm_setcsr(saved_);
#endif
  }
  ScopedFlushDenormal(const ScopedFlushDenormal &) = delete;
  ScopedFlushDenormal &operator=(const ScopedFlushDenormal &) = delete;

private:
  unsigned saved_ = 0;
};

/// max (or min) of a contiguous float32 run, NaN propagating, vectorised
/// (defined with the elementwise loops).
float reduceMaxMinF32(const float *p, int64_t n, bool isMax);

/// True when the AVX2+FMA kernel variants can run on this CPU.
bool hasAvx2Fma();
/// True on AMD CPUs (XLA's rsqrt refinement takes one Newton step there and
/// two on Intel).
bool isAmdCpu();

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

/// Row-major strides (in elements) of `shape`.
inline std::vector<int64_t> stridesOf(const Shape &shape) {
  std::vector<int64_t> s(shape.size());
  int64_t acc = 1;
  for (int64_t i = int64_t(shape.size()) - 1; i >= 0; --i) {
    s[i] = acc;
    acc *= shape[i];
  }
  return s;
}

/// Product of shape[lo, hi).
inline int64_t product(const Shape &shape, int64_t lo, int64_t hi) {
  int64_t n = 1;
  for (int64_t i = lo; i < hi; ++i)
    n *= shape[i];
  return n;
}

/// Row-major counter over `dims`: advance() bumps the index and returns the
/// dimension that was incremented (-1 at the end); `offset` tracks a linear
/// source offset for per-dimension `strides`.
class Odometer {
public:
  Odometer(std::vector<int64_t> dims, std::vector<int64_t> strides)
      : dims_(std::move(dims)), strides_(std::move(strides)),
        idx_(dims_.size(), 0) {}
  int64_t offset() const { return offset_; }
  const std::vector<int64_t> &index() const { return idx_; }
  /// Moves to the next index; false after the last one.
  bool next() {
    for (int64_t d = int64_t(dims_.size()) - 1; d >= 0; --d) {
      if (++idx_[d] < dims_[d]) {
        offset_ += strides_[d];
        return true;
      }
      offset_ -= strides_[d] * (dims_[d] - 1);
      idx_[d] = 0;
    }
    return false;
  }

private:
  std::vector<int64_t> dims_, strides_, idx_;
  int64_t offset_ = 0;
};

/// Allocates the result of a kernel (fresh buffer, given type).
inline Array newArray(const TensorType &t) { return Array::allocate(t); }

} // namespace parax::runtime::detail
