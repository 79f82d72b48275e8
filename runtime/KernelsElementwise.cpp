//===- KernelsElementwise.cpp - unary, binary, select, convert, iota -----===//
//
// Elementwise kernels. The per-op loops live in KernelsLoops.inc, compiled
// twice below: once for AVX2+FMA (picked at run time when the CPU has it) and
// once for the baseline ISA. Both copies compute bit-identical results; the
// FMA-based math (KernelsMath.inc) only runs fast where the hardware has FMA.
// Every float kernel runs under FTZ/DAZ, as XLA's CPU runtime does.
//
// Semantics (checked against JAX 0.10.2): integer div/rem follow XLA (x/0 =
// -1 or all ones, x%0 = x, INT_MIN/-1 = INT_MIN); floor_div and mod are
// jnp.floor_divide / jnp.remainder as JAX composes them (int x//0 = -2 for
// x != 0, x%0 = 0); integer pow is jnp.power's six-step squaring; shifts by
// >= the bit width give 0 or the sign fill; float->int converts truncate,
// saturate and send NaN to 0; float16/bfloat16 round after every op XLA
// evaluates in the narrow type.
//
//===----------------------------------------------------------------------===//
#include "runtime/Kernels.h"
#include "runtime/KernelsCommon.h"

#include <limits>
#include <math.h>
#include <type_traits>

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

namespace parax::runtime::detail {

#if defined(PARAX_KERNELS_X86)
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,fma"))),              \
                             apply_to = function)
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#pragma GCC optimize("O3", "fp-contract=off", "no-trapping-math")
#endif
namespace avx2 {
// The math must precede the loops that use it.
// clang-format off
#include "runtime/KernelsMath.inc"
#include "runtime/KernelsLoops.inc"
// clang-format on
#undef PARAX_AI
} // namespace avx2
#if defined(__clang__)
#pragma clang attribute pop
#elif defined(__GNUC__)
#pragma GCC pop_options
#endif
#endif // PARAX_KERNELS_X86

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("O3", "fp-contract=off", "no-trapping-math")
#endif
namespace base {
// The math must precede the loops that use it.
// clang-format off
#include "runtime/KernelsMath.inc"
#include "runtime/KernelsLoops.inc"
// clang-format on
#undef PARAX_AI
} // namespace base
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

bool hasAvx2Fma() {
#if defined(PARAX_KERNELS_X86)
  static const bool has =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
#else
  return false;
#endif
}

bool isAmdCpu() {
#if defined(PARAX_KERNELS_X86)
  static const bool amd = __builtin_cpu_is("amd");
  return amd;
#else
  return false;
#endif
}

} // namespace parax::runtime::detail

/// Calls `fn(args...)` from the AVX2 copy of the loops when available.
#if defined(PARAX_KERNELS_X86)
#define PARAX_ISA(fn, ...)                                                     \
  (::parax::runtime::detail::hasAvx2Fma()                                      \
       ? ::parax::runtime::detail::avx2::fn(__VA_ARGS__)                       \
       : ::parax::runtime::detail::base::fn(__VA_ARGS__))
#else
#define PARAX_ISA(fn, ...) ::parax::runtime::detail::base::fn(__VA_ARGS__)
#endif

namespace parax::runtime {

using namespace detail;
using ir::OpKind;

float detail::reduceMaxMinF32(const float *p, int64_t n, bool isMax) {
  return PARAX_ISA(reduceMaxMinF32, p, n, isMax);
}

namespace {

/// Newton steps XLA's rsqrt takes after the hardware estimate.
int rsqrtSteps() { return isAmdCpu() ? 1 : 2; }

Array isFiniteOp(const Array &x, const TensorType &rt) {
  Array y = newArray(rt);
  uint8_t *out = y.data<uint8_t>();
  int64_t n = x.size();
  dispatch(x.dtype(), [&](auto tag) {
    using Tg = decltype(tag);
    using T = typename Tg::T;
    const T *in = x.data<T>();
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (Tg::kind == DType::F32)
        out[i] = (floatToBits(in[i]) & 0x7f800000u) != 0x7f800000u;
      else if constexpr (Tg::kind == DType::F64)
        out[i] = __builtin_isfinite(in[i]);
      else if constexpr (Tg::kind == DType::F16)
        out[i] = (in[i] & 0x7c00u) != 0x7c00u;
      else if constexpr (Tg::kind == DType::BF16)
        out[i] = (in[i] & 0x7f80u) != 0x7f80u;
      else
        out[i] = 1;
    }
  });
  return y;
}

} // namespace

Array unaryOp(OpKind k, const Array &x, const TensorType &resultType) {
  if (k == OpKind::IsFinite)
    return isFiniteOp(x, resultType);
  ScopedFlushDenormal ftz;
  PARAX_ASSERT(x.shape() == resultType.shape && x.dtype() == resultType.dtype)
      << mnemonic(k) << ": result type mismatch";
  Array y = newArray(resultType);
  int64_t n = x.size();
  bool ok = dispatch(x.dtype(), [&](auto tag) -> bool {
    using Tg = decltype(tag);
    using T = typename Tg::T;
    if constexpr (Tg::kind == DType::F32)
      return PARAX_ISA(unaryF32, k, x.data<float>(), y.data<float>(), n,
                       rsqrtSteps());
    else if constexpr (Tg::isF64)
      return PARAX_ISA(unaryF64, k, x.data<double>(), y.data<double>(), n);
    else if constexpr (Tg::isHalf)
      return PARAX_ISA(unaryHalf, k, x.data<uint16_t>(), y.data<uint16_t>(), n,
                       Tg::kind == DType::BF16, rsqrtSteps());
    else if constexpr (Tg::isBool)
      return PARAX_ISA(unaryBool, k, x.data<uint8_t>(), y.data<uint8_t>(), n);
    else
      return PARAX_ISA(unaryIntT<T>, k, x.data<T>(), y.data<T>(), n);
  });
  PARAX_ASSERT(ok) << "unary op " << mnemonic(k) << " is not defined for "
                   << dtypeName(x.dtype());
  return y;
}

Array binaryOp(OpKind k, const Array &a, const Array &b,
               const TensorType &resultType) {
  ScopedFlushDenormal ftz;
  PARAX_ASSERT(a.shape() == b.shape() && a.dtype() == b.dtype())
      << mnemonic(k) << ": operands differ: " << a.type().str() << " vs "
      << b.type().str();
  PARAX_ASSERT(resultType.shape == a.shape()) << mnemonic(k) << ": shape";
  Array y = newArray(resultType);
  int64_t n = a.size();
  bool cmp = ir::isComparison(k);
  bool ok = dispatch(a.dtype(), [&](auto tag) -> bool {
    using Tg = decltype(tag);
    using T = typename Tg::T;
    const T *pa = a.data<T>(), *pb = b.data<T>();
    if (cmp) {
      uint8_t *out = y.data<uint8_t>();
      if constexpr (Tg::kind == DType::F32)
        return PARAX_ISA(compareF32, k, pa, pb, out, n);
      else if constexpr (Tg::isF64)
        return PARAX_ISA(compareF64, k, pa, pb, out, n);
      else if constexpr (Tg::isHalf)
        return PARAX_ISA(compareHalf, k, pa, pb, out, n,
                         Tg::kind == DType::BF16);
      else
        return PARAX_ISA(compareIntT<T>, k, pa, pb, out, n);
    }
    T *out = y.data<T>();
    if constexpr (Tg::kind == DType::F32)
      return PARAX_ISA(binaryF32, k, pa, pb, out, n);
    else if constexpr (Tg::isF64)
      return PARAX_ISA(binaryF64, k, pa, pb, out, n);
    else if constexpr (Tg::isHalf)
      return PARAX_ISA(binaryHalf, k, pa, pb, out, n, Tg::kind == DType::BF16);
    else if constexpr (Tg::isBool)
      return PARAX_ISA(binaryBool, k, pa, pb, out, n);
    else
      return PARAX_ISA(binaryIntT<T>, k, pa, pb, out, n);
  });
  PARAX_ASSERT(ok) << "binary op " << mnemonic(k) << " is not defined for "
                   << dtypeName(a.dtype());
  return y;
}

void binaryOpInto(OpKind k, DType d, const void *a, const void *b, void *y,
                  int64_t n) {
  ScopedFlushDenormal ftz;
  PARAX_ASSERT(!ir::isComparison(k)) << "binaryOpInto: a comparison";
  bool ok = dispatch(d, [&](auto tag) -> bool {
    using Tg = decltype(tag);
    using T = typename Tg::T;
    const T *pa = static_cast<const T *>(a), *pb = static_cast<const T *>(b);
    T *out = static_cast<T *>(y);
    if constexpr (Tg::kind == DType::F32)
      return PARAX_ISA(binaryF32, k, pa, pb, out, n);
    else if constexpr (Tg::isF64)
      return PARAX_ISA(binaryF64, k, pa, pb, out, n);
    else if constexpr (Tg::isHalf)
      return PARAX_ISA(binaryHalf, k, pa, pb, out, n, Tg::kind == DType::BF16);
    else if constexpr (Tg::isBool)
      return PARAX_ISA(binaryBool, k, pa, pb, out, n);
    else
      return PARAX_ISA(binaryIntT<T>, k, pa, pb, out, n);
  });
  PARAX_ASSERT(ok) << "binary op " << mnemonic(k) << " is not defined for "
                   << dtypeName(d);
}

Array selectOp(const Array &pred, const Array &onTrue, const Array &onFalse,
               const TensorType &resultType) {
  PARAX_ASSERT(pred.shape() == onTrue.shape() &&
               onTrue.shape() == onFalse.shape() && pred.dtype() == DType::Bool)
      << "select: operand shapes differ";
  Array y = newArray(resultType);
  int64_t n = pred.size();
  const uint8_t *p = pred.data<uint8_t>();
  dispatchBytes(onTrue.dtype(), [&](auto t) {
    using T = decltype(t);
    const T *a = onTrue.data<T>(), *b = onFalse.data<T>();
    T *out = y.data<T>();
    for (int64_t i = 0; i < n; ++i)
      out[i] = p[i] ? a[i] : b[i];
  });
  return y;
}

namespace {

/// One element of `convert` (numpy astype; XLA's saturating float->int).
template <DType S, DType D>
inline typename Storage<D>::T convertElem(typename Storage<S>::T v) {
  using TD = typename Storage<D>::T;
  constexpr bool srcFloat = Tag<S>::isFloat, dstFloat = Tag<D>::isFloat;
  if constexpr (srcFloat && D == DType::Bool) {
    // float32/64: a float compare (a denormal is false under DAZ); XLA
    // tests the bits of float16/bfloat16 (a bfloat16 denormal is true).
    if constexpr (S == DType::F32 || S == DType::F64)
      return TD(v != 0);
    else
      return TD((v & 0x7fffu) != 0);
  } else if constexpr (S == DType::F64 || D == DType::F64) {
    // Through double: float64 <-> anything is exact or rounds once.
    double f;
    if constexpr (S == DType::F64)
      f = v;
    else if constexpr (srcFloat)
      f = toFloat<S>(v);
    else
      f = double(v);
    if constexpr (D == DType::F64)
      return f;
    else if constexpr (D == DType::F32)
      return float(f);
    else if constexpr (dstFloat)
      return fromFloat<D>(float(f)); // float64 -> half rounds via float32
    else {
      // Truncates toward zero, saturates, NaN -> 0 (XLA's CPU convert).
      if (f != f)
        return TD(0);
      constexpr TD lo = std::numeric_limits<TD>::min();
      constexpr TD hi = std::numeric_limits<TD>::max();
      if (f <= double(lo))
        return lo;
      if (f >= double(hi))
        return hi;
      return TD(f);
    }
  } else if constexpr (srcFloat) {
    float f = toFloat<S>(v);
    if constexpr (dstFloat) {
      return fromFloat<D>(f);
    } else {
      if (f != f)
        return TD(0);
      constexpr TD lo = std::numeric_limits<TD>::min();
      constexpr TD hi = std::numeric_limits<TD>::max();
      if (f <= float(lo))
        return lo;
      if (f >= float(hi))
        return hi;
      return TD(int64_t(f));
    }
  } else {
    if constexpr (dstFloat)
      return fromFloat<D>(float(v));
    else if constexpr (D == DType::Bool)
      return TD(v != 0);
    else
      return TD(v); // integer -> integer wraps (modular since C++20)
  }
}

} // namespace

Array convertOp(const Array &x, const TensorType &resultType) {
  ScopedFlushDenormal ftz;
  PARAX_ASSERT(x.shape() == resultType.shape) << "convert: shape";
  Array y = newArray(resultType);
  int64_t n = x.size();
  if (x.dtype() == resultType.dtype) {
    std::memcpy(y.raw(), x.raw(), size_t(x.byteSize()));
    return y;
  }
  dispatch(x.dtype(), [&](auto st) {
    using S = decltype(st);
    dispatch(resultType.dtype, [&](auto dt) {
      using D = decltype(dt);
      const typename S::T *in = x.data<typename S::T>();
      typename D::T *out = y.data<typename D::T>();
      for (int64_t i = 0; i < n; ++i)
        out[i] = convertElem<S::kind, D::kind>(in[i]);
    });
  });
  return y;
}

Array bitcastConvertOp(const Array &x, const TensorType &resultType) {
  PARAX_ASSERT(dtypeSize(x.dtype()) == dtypeSize(resultType.dtype) &&
               x.shape() == resultType.shape)
      << "bitcast_convert: widths differ";
  Array y = newArray(resultType);
  std::memcpy(y.raw(), x.raw(), size_t(x.byteSize()));
  if (resultType.dtype == DType::Bool) {
    uint8_t *p = y.data<uint8_t>();
    for (int64_t i = 0, n = y.size(); i < n; ++i)
      p[i] = p[i] != 0;
  }
  return y;
}

Array iotaOp(const TensorType &resultType, int64_t dimension) {
  Array y = newArray(resultType);
  const Shape &s = resultType.shape;
  if (y.size() == 0)
    return y;
  PARAX_ASSERT(dimension >= 0 && dimension < int64_t(s.size()))
      << "iota: bad dimension " << dimension;
  int64_t outer = product(s, 0, dimension), len = s[dimension],
          inner = product(s, dimension + 1, int64_t(s.size()));
  dispatch(resultType.dtype, [&](auto tag) {
    using Tg = decltype(tag);
    using T = typename Tg::T;
    T *out = y.data<T>();
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t d = 0; d < len; ++d) {
        T v;
        if constexpr (Tg::isF64)
          v = double(d);
        else if constexpr (Tg::isFloat)
          v = fromFloat<Tg::kind>(float(d));
        else if constexpr (Tg::isBool)
          v = T(d != 0);
        else
          v = T(d);
        T *row = out + (o * len + d) * inner;
        for (int64_t i = 0; i < inner; ++i)
          row[i] = v;
      }
  });
  return y;
}

} // namespace parax::runtime
