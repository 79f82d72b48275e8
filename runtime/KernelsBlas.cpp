//===- KernelsBlas.cpp - an optional system BLAS for large matmuls --------===//
#include "runtime/KernelsBlas.h"

#include <climits>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <initializer_list>

namespace parax::runtime::detail {

namespace {

// The CBLAS interface (cblas.h), declared here so no header is needed.
using CblasSgemm = void (*)(int order, int transA, int transB, int m, int n,
                            int k, float alpha, const float *a, int lda,
                            const float *b, int ldb, float beta, float *c,
                            int ldc);
using CblasDgemm = void (*)(int order, int transA, int transB, int m, int n,
                            int k, double alpha, const double *a, int lda,
                            const double *b, int ldb, double beta, double *c,
                            int ldc);
constexpr int kCblasRowMajor = 101, kCblasNoTrans = 111;

void *loadBlasSymbol(const char *name) {
  const char *env = std::getenv("PARAX_BLAS");
  if (env && (!std::strcmp(env, "off") || !std::strcmp(env, "0")))
    return nullptr;
  for (const char *lib : {"libopenblas.so.0", "libopenblas.so"}) {
    if (void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL))
      if (void *fn = dlsym(h, name))
        return fn;
  }
  return nullptr;
}

} // namespace

bool blasSgemm(const float *a, const float *b, float *c, int64_t m, int64_t n,
               int64_t k) {
  static const CblasSgemm sgemm =
      reinterpret_cast<CblasSgemm>(loadBlasSymbol("cblas_sgemm"));
  if (!sgemm || m > INT_MAX || n > INT_MAX || k > INT_MAX)
    return false;
  sgemm(kCblasRowMajor, kCblasNoTrans, kCblasNoTrans, int(m), int(n), int(k),
        1.0f, a, int(k), b, int(n), 0.0f, c, int(n));
  return true;
}

bool blasDgemm(const double *a, const double *b, double *c, int64_t m,
               int64_t n, int64_t k) {
  static const CblasDgemm dgemm =
      reinterpret_cast<CblasDgemm>(loadBlasSymbol("cblas_dgemm"));
  if (!dgemm || m > INT_MAX || n > INT_MAX || k > INT_MAX)
    return false;
  dgemm(kCblasRowMajor, kCblasNoTrans, kCblasNoTrans, int(m), int(n), int(k),
        1.0, a, int(k), b, int(n), 0.0, c, int(n));
  return true;
}

} // namespace parax::runtime::detail
