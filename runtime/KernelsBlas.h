//===- KernelsBlas.h - an optional system BLAS for large matmuls -*- C++ -*-===//
//
// A tuned, multi-threaded sgemm (OpenBLAS, BSD licensed) is several times
// faster than parax's own single-threaded kernel on large float32 matrices.
// It is loaded with dlopen at first use, so parax neither links nor needs
// it: without libopenblas.so.0 (or with PARAX_BLAS=off) the built-in kernel
// runs. Only large products use it (their accumulation order differs from
// the built-in kernel's k order, within float32 tolerance).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

namespace parax::runtime::detail {

/// C[M x N] = A[M x K] * B[K x N] (row-major float32) through the system
/// BLAS; returns false when no BLAS is available (nothing was written).
bool blasSgemm(const float *a, const float *b, float *c, int64_t m, int64_t n,
               int64_t k);
/// The same in float64 (cblas_dgemm).
bool blasDgemm(const double *a, const double *b, double *c, int64_t m,
               int64_t n, int64_t k);

} // namespace parax::runtime::detail
