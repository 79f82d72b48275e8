//===- KernelsBlas.cpp - an optional system BLAS for large matmuls --------===//
#include "runtime/KernelsBlas.h"
#include "runtime/Kernels.h"
#include "runtime/KernelsGemm.h"

#include <climits>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <algorithm>
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
using SetThreads = void (*)(int);

/// OpenBLAS 0.3.21 (Debian 12's) predates AMD's AVX-512 cores (Zen 4 and
/// 5) and runs its AVX2 "Haswell" kernels on them; its "SkylakeX" kernels
/// run there and are 1.9x faster (sgemm 1024, one thread, Zen 5: 128 ->
/// 245 GFLOP/s). OpenBLAS picks its kernels when it is loaded, from
/// OPENBLAS_CORETYPE if set: set here, at start-up (before any thread
/// could read the environment), unless the user has chosen (this
/// project's build machines set OPENBLAS_CORETYPE=Haswell themselves).
bool preferAvx512BlasKernels() {
#if defined(__x86_64__) && defined(__GNUC__)
  if (std::getenv("OPENBLAS_CORETYPE"))
    return false;
  __builtin_cpu_init();
  if (__builtin_cpu_is("amd") && __builtin_cpu_supports("avx512f") &&
      __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl"))
    return setenv("OPENBLAS_CORETYPE", "SkylakeX", 0) == 0;
#endif
  return false;
}
[[maybe_unused]] const bool kAvx512BlasKernels = preferAvx512BlasKernels();

void *loadBlasSymbol(const char *name) {
  const char *env = std::getenv("PARAX_BLAS");
  if (env && (!std::strcmp(env, "off") || !std::strcmp(env, "0")))
    return nullptr;
  for (const char *lib : {"libopenblas.so.0", "libopenblas.so"}) {
    if (void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL))
      if (void *fn = dlsym(h, name)) {
        // One BLAS thread per call: parallelism comes from the pool
        // (blasTiles), so BLAS threads never compete with the devices'
        // and loops' threads for the cores.
        static const bool single = [h] {
          if (auto set = reinterpret_cast<SetThreads>(dlsym(h, "openblas_set_num_threads")))
            set(1);
          return true;
        }();
        (void)single;
        return fn;
      }
  }
  return nullptr;
}

thread_local const IntraOp *tlsIntraOp = nullptr;

/// C = A * B as tiles of the longer of M and N, one BLAS call each, split
/// over this thread's IntraOp (every element is one tile's: the same
/// products in the same order as one call over the whole matrix).
template <class T, class Gemm>
void blasTiles(Gemm gemm, const T *a, const T *b, T *c, int64_t m, int64_t n,
               int64_t k) {
  const IntraOp *io = tlsIntraOp;
  int width = io && io->parallelFor ? io->width : 1;
  forEachGemmTile(
      width,
      [&](int64_t count, const std::function<void(int64_t)> &fn) {
        io->parallelFor(count, fn);
      },
      m, n, k, 16, 16, [&](int64_t lo, int64_t hi, bool alongN) {
        if (alongN)
          gemm(kCblasRowMajor, kCblasNoTrans, kCblasNoTrans, int(m),
               int(hi - lo), int(k), T(1), a, int(k), b + lo, int(n), T(0),
               c + lo, int(n));
        else
          gemm(kCblasRowMajor, kCblasNoTrans, kCblasNoTrans, int(hi - lo),
               int(n), int(k), T(1), a + lo * k, int(k), b, int(n), T(0),
               c + lo * n, int(n));
      });
}

} // namespace

bool blasSgemm(const float *a, const float *b, float *c, int64_t m, int64_t n,
               int64_t k) {
  static const CblasSgemm sgemm =
      reinterpret_cast<CblasSgemm>(loadBlasSymbol("cblas_sgemm"));
  if (!sgemm || m > INT_MAX || n > INT_MAX || k > INT_MAX)
    return false;
  blasTiles<float>(sgemm, a, b, c, m, n, k);
  return true;
}

bool blasDgemm(const double *a, const double *b, double *c, int64_t m,
               int64_t n, int64_t k) {
  static const CblasDgemm dgemm =
      reinterpret_cast<CblasDgemm>(loadBlasSymbol("cblas_dgemm"));
  if (!dgemm || m > INT_MAX || n > INT_MAX || k > INT_MAX)
    return false;
  blasTiles<double>(dgemm, a, b, c, m, n, k);
  return true;
}

} // namespace parax::runtime::detail

namespace parax::runtime {

IntraOpScope::IntraOpScope(const IntraOp *io) : prev_(detail::tlsIntraOp) {
  detail::tlsIntraOp = io;
}
IntraOpScope::~IntraOpScope() { detail::tlsIntraOp = prev_; }
const IntraOp *currentIntraOp() { return detail::tlsIntraOp; }

} // namespace parax::runtime
