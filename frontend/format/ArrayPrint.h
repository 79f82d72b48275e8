//===- ArrayPrint.h - numpy's array2string, for every array kind -*- C++ -*-===//
//
// The one port of numpy's arrayprint that both numpy arrays (lib/NumpyPrint)
// and JAX arrays (NumpyFormat: print(x) is str(np.asarray(x))) print through:
// the element formatters (FloatingFormat sized on the summarised data,
// IntegerFormat, bool, str), _formatArray's wrapping and nesting, under the
// print options np.set_printoptions changes. JAX arrays read the same global
// options, as they do in JAX.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Types.h"

#include <cstdint>
#include <functional>
#include <string>

namespace parax::frontend::arrayprint {

/// numpy's print options (np.set_printoptions), numpy 2 defaults.
struct PrintOptions {
  int precision = 8;
  int64_t threshold = 1000;
  int64_t edgeitems = 3;
  int linewidth = 75;
  bool suppress = false;
  std::string floatmode = "maxprec";
  char sign = '-';
  std::string nanstr = "nan", infstr = "inf";
};

/// The options in force (set_printoptions changes them; `with
/// np.printoptions(...)` swaps them for a block).
PrintOptions &globalOptions();

/// How the elements print: numpy picks the formatter by dtype kind.
enum class ElementKind { Bool, Integer, Float16, Float32, Float64, Text };

/// The array being printed, read by row-major flat index.
struct Elements {
  ElementKind kind;
  Shape shape;
  /// Float kinds: the value (exact in double for every float dtype).
  std::function<double(int64_t)> number;
  /// Bool: the truth of an element.
  std::function<bool(int64_t)> truth;
  /// Integer: the decimal digits; Text: what numpy prints for the element
  /// as it is (repr of a str element, ml_dtypes' repr of a bfloat16).
  std::function<std::string(int64_t)> text;
};

/// np.array2string(a, separator=sep, prefix=prefix, suffix=suffix) under
/// `po`, for a non-empty array (0-d included).
std::string array2string(const Elements &a, const PrintOptions &po, const std::string &sep,
                         const std::string &prefix, const std::string &suffix);

} // namespace parax::frontend::arrayprint
