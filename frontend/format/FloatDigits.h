//===- FloatDigits.h - numpy's Dragon4 float-to-decimal ---------*- C++ -*-===//
//
// Exact decimal digit generation for IEEE half, single and double values with
// the knobs numpy's printing uses: shortest round-trip digits for the value's
// own type ("unique" mode), a cutoff after N fraction or N significant digits,
// a minimum digit count (extra digits are the exact value's, rounded), and
// numpy's trim / padding rules. numpy's format_float_positional and
// format_float_scientific are built on this; so is everything in
// NumpyFormat.cpp. Internal to parax_format.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <bit>
#include <cstdint>
#include <string>

namespace parax::frontend::floatfmt {

/// The binary formats numpy prints with Dragon4.
enum class FloatKind : uint8_t { F16, F32, F64 };

/// numpy's `trim` argument: 'k' keeps everything, '.' trims trailing zeros
/// but keeps the point, '0' leaves one zero after the point, '-' trims zeros
/// and the point.
enum class Trim : uint8_t { Keep, Zeros, LeaveOneZero, DptZeros };

/// Arguments of numpy's dragon4_positional / dragon4_scientific.
struct Options {
  bool scientific = false;
  /// Shortest round-trip digits (numpy `unique=True`) vs exact digits.
  bool unique = true;
  /// For positional output: precision/minDigits count digits after the
  /// point (numpy `fractional=True`) rather than significant digits.
  bool fractional = true;
  int precision = -1; ///< Cutoff; -1 for none.
  int minDigits = -1; ///< Pad with exact digits up to this many; -1 none.
  bool sign = false;  ///< Print '+' for positive values.
  Trim trim = Trim::Keep;
  int padLeft = -1;   ///< Pad with spaces to this many chars left of '.'.
  int padRight = -1;  ///< Pad with spaces to this many chars right of '.'.
  int expDigits = -1; ///< Minimum exponent digits (default 2).
};

/// Formats the value with bit pattern `bits` (low bits of the word) of type
/// `kind` exactly as numpy's dragon4_{positional,scientific} would. NaN and
/// infinities print as "nan" / "inf" / "-inf" (no padding, as numpy).
std::string dragon4(uint64_t bits, FloatKind kind, const Options &opts);

/// Bit patterns of the parax element types (float16 is stored as bits).
inline uint64_t bitsOfF32(float f) { return std::bit_cast<uint32_t>(f); }
inline uint64_t bitsOfF64(double d) { return std::bit_cast<uint64_t>(d); }

/// str() of a numpy float16 / float32 / float64 scalar (numpy >= 2.3 rules:
/// positional for 1e-4 <= |x| < 1e3 / 1e6 / 1e16, else scientific).
std::string numpyScalarStr(uint64_t bits, FloatKind kind);

/// str() / repr() of an ml_dtypes bfloat16 scalar: C++ `ostream << float`
/// (printf "%g", 6 significant digits), NaN printed without a sign.
std::string bfloat16Str(uint16_t bits);

} // namespace parax::frontend::floatfmt
