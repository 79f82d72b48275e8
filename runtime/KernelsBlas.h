//===- KernelsBlas.h - an optional system BLAS for large matmuls -*- C++ -*-===//
//
// A tuned dgemm, and an sgemm for CPUs without AVX-512 (where parax's own
// AVX2 kernel is slower than OpenBLAS's; with AVX-512 its own kernel is as
// fast: KernelsGemmF32.cpp), from OpenBLAS (BSD licensed). It is loaded
// with dlopen at first use, so parax neither links nor needs it: without
// libopenblas.so.0 (or with PARAX_BLAS=off) the built-in kernels run. Only
// large products use it (their accumulation order differs from the
// built-in kernel's k order, within float32 tolerance).
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
