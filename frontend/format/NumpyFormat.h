//===- NumpyFormat.h - numpy-identical printing ----------------*- C++ -*-===//
//
// print(x) of a JAX array is str(np.asarray(x)); repr(x) is JAX's
// "Array([...], dtype=float32)". These functions reproduce numpy's
// array2string byte for byte for every parax dtype (float shortest-repr per
// dtype, sign/padding/alignment rules, scientific switch, line wrapping at
// 75 columns, summarisation with "..." beyond 1000 elements, blank lines
// between blocks of 3-d+ arrays), and Python's own float repr.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Array.h"

#include <string>

namespace parax::frontend {

/// str(np.asarray(a)): "[1. 2.]", "3", "[[0 1]\n [2 3]]", "[ True False]".
std::string arrayToStr(const Array &a);
/// repr of a jax.Array: "Array([1., 2.], dtype=float32)",
/// "Array(3, dtype=int32, weak_type=True)", "Array([], shape=(0,), dtype=float32)".
std::string arrayToRepr(const Array &a);
/// str() of element `i` of `a` as a numpy scalar of a's dtype, as
/// print(x[i]) shows it (float32 0.1 -> "0.1", bool -> "True"; bfloat16
/// follows ml_dtypes, e.g. 1.1 -> "1.10156").
std::string scalarToStr(const Array &a, int64_t i = 0);
/// Python's repr(float): shortest round-trip, "1.0", "0.1", "1e+16",
/// "1e-05", "inf", "nan", "-0.0".
std::string pythonFloatRepr(double v);
/// Shortest round-trip digits of a float32 as numpy prints a float32 scalar
/// ("0.33333334", "1e-05", "1e+16", "3.0").
std::string float32Repr(float v);

} // namespace parax::frontend
