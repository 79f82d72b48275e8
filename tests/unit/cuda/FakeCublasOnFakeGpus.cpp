//===- FakeCublasOnFakeGpus.cpp - cuBLAS's SGEMM over the strict fake GPUs ===//
//
// Built into libparax_fake_cuda.so, so that PARAX_CUBLAS can name the same
// library as PARAX_CUDA_DRIVER. A handle belongs to the GPU current when it
// was made and runs on the stream set on it (the legacy default stream is
// refused: parax always sets one). cublasSgemmStridedBatched checks, as
// cuBLAS does, the sizes and leading dimensions, and beyond it that every
// operand's whole extent is inside one live allocation of the handle's GPU;
// it is then enqueued on the stream and computed there, column-major,
// each output one fma per k in ascending k. It counts as one launch and
// logs "cublas sgemm m M n N k K batch B opa A opb B" to $PARAX_FAKE_CUDA_LOG.
//
//===----------------------------------------------------------------------===//
#include "FakeCudaState.h"

#include <cmath>
#include <string>

namespace {

struct Handle {
  int gpu = 0;
  fakecuda::Stream *stream = nullptr;
};

constexpr int kSuccess = 0, kNotInitialized = 1, kInvalidValue = 7;

/// Elements spanned by `batch` column-major rows x cols matrices.
size_t extent(long long rows, long long cols, long long ld, long long stride,
              long long batch) {
  if (rows <= 0 || cols <= 0 || batch <= 0)
    return 0;
  return size_t((batch - 1) * stride + (cols - 1) * ld + rows);
}

} // namespace

#define FAKE extern "C" __attribute__((visibility("default")))

FAKE int cublasCreate_v2(void **handle) {
  std::lock_guard<std::recursive_mutex> lock(fakecuda::mu);
  *handle = new Handle{fakecuda::currentGpu(), nullptr};
  return kSuccess;
}
FAKE int cublasDestroy_v2(void *handle) {
  delete static_cast<Handle *>(handle);
  return kSuccess;
}
FAKE int cublasGetVersion_v2(void *, int *version) {
  *version = 130000;
  return kSuccess;
}
FAKE int cublasSetStream_v2(void *handle, void *stream) {
  static_cast<Handle *>(handle)->stream = static_cast<fakecuda::Stream *>(stream);
  return kSuccess;
}

FAKE int cublasSgemmStridedBatched(void *handle, int opa, int opb, int m, int n,
                                   int k, const float *alpha, const float *A,
                                   int lda, long long strideA, const float *B,
                                   int ldb, long long strideB, const float *beta,
                                   float *C, int ldc, long long strideC,
                                   int batch) {
  std::lock_guard<std::recursive_mutex> lock(fakecuda::mu);
  Handle *h = static_cast<Handle *>(handle);
  if (!h)
    return kNotInitialized;
  if (!h->stream) {
    fakecuda::fail("cuBLAS on the legacy default stream");
    return kInvalidValue;
  }
  // op(A) is m x k, op(B) k x n; stored A is m x k (N) or k x m (T).
  long long aRows = opa ? k : m, aCols = opa ? m : k;
  long long bRows = opb ? n : k, bCols = opb ? k : n;
  if (m < 0 || n < 0 || k < 0 || batch < 0 || (opa != 0 && opa != 1) ||
      (opb != 0 && opb != 1) || lda < std::max(1LL, aRows) ||
      ldb < std::max(1LL, bRows) || ldc < std::max(1, m)) {
    fakecuda::fail("cublasSgemmStridedBatched: invalid sizes or leading dimensions");
    return kInvalidValue;
  }
  size_t ea = extent(aRows, aCols, lda, strideA, batch);
  size_t eb = extent(bRows, bCols, ldb, strideB, batch);
  size_t ec = extent(m, n, ldc, strideC, batch);
  auto inside = [&](const void *p, size_t elems) {
    return elems == 0 ||
           fakecuda::deviceOf(uintptr_t(p), elems * sizeof(float)) == h->gpu;
  };
  if (!inside(A, ea) || !inside(B, eb) || !inside(C, ec)) {
    fakecuda::fail("a cuBLAS operand that is not inside a live allocation of "
                   "the handle's GPU");
    return kInvalidValue;
  }
  float al = *alpha, be = *beta; // host pointer mode: read at the call
  h->stream->queue.push_back([=] {
    for (long long i = 0; i < batch; ++i) {
      const float *a = A + i * strideA, *b = B + i * strideB;
      float *c = C + i * strideC;
      for (long long j = 0; j < n; ++j)
        for (long long r = 0; r < m; ++r) {
          float acc = 0.0f;
          for (long long p = 0; p < k; ++p) {
            float x = opa ? a[p + r * lda] : a[r + p * lda];
            float y = opb ? b[j + p * ldb] : b[p + j * ldb];
            acc = std::fma(x, y, acc);
          }
          float &out = c[r + j * ldc];
          out = be == 0.0f ? al * acc : al * acc + be * out;
        }
    }
  });
  ++fakecuda::total.launches;
  fakecuda::logLine("cublas sgemm m " + std::to_string(m) + " n " +
                    std::to_string(n) + " k " + std::to_string(k) + " batch " +
                    std::to_string(batch) + " opa " + std::to_string(opa) +
                    " opb " + std::to_string(opb) + "\n");
  return kSuccess;
}
