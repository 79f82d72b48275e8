//===- FormatSpec.h - Python's format-spec mini-language --------*- C++ -*-===//
//
// format(value, spec) for the value kinds parax formats: Python ints, floats,
// bools and strings, with Python's exact rules ([[fill]align][sign][z][#][0]
// [width][grouping][.precision][type]; types b c d e E f F g G n o s x X %).
// Used by f-strings, str.format and jax.debug.print ({x:.3f} on a 0-d array
// formats its scalar). An invalid spec throws ParaxError("ValueError", ...)
// with Python's message ("Unknown format code 'd' for object of type 'float'").
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace parax::frontend {

/// A value as the mini-language sees it. Bool formats like int except with
/// an empty spec ("True"). Array scalars arrive widened to a Python number,
/// as numpy's __format__ does (float32 0.1 formats as 0.10000000149011612).
/// An int beyond int64 (machine/BigInt.h): its sign, the digits of its
/// magnitude in base 2, 8, 10 or 16, and its value as a float for the float
/// codes (which may throw OverflowError).
struct BigIntDigits {
  bool negative = false;
  std::function<std::string(int base)> digits;
  std::function<double()> toDouble;
};
struct FormatValue {
  std::variant<int64_t, double, bool, std::string, BigIntDigits> v;
};

std::string applyFormatSpec(const FormatValue &value, std::string_view spec);

/// Splits a str.format template into literal text and fields; used by
/// str.format and jax.debug.print. Each field: name ("" for auto-numbered,
/// digits for positional, identifier for keyword, possibly with .attr/[key]
/// suffixes kept verbatim in `name`), conversion ('r','s','a' or 0) and spec.
/// "{{" and "}}" are literal braces. Throws ParaxError ValueError on a
/// malformed template ("Single '}' encountered in format string").
struct FormatField {
  std::string literalBefore;
  bool hasField = false; ///< False only for the trailing literal.
  std::string name;
  char conversion = 0;
  std::string spec; ///< May itself contain {} fields (nested specs).
};
std::vector<FormatField> parseFormatTemplate(std::string_view tmpl);

} // namespace parax::frontend
