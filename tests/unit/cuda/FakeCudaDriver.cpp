//===- FakeCudaDriver.cpp - a libcuda stand-in for the launch path test ---===//
//
// Built as a shared library and loaded through PARAX_CUDA_DRIVER, it lets
// `--backend cuda` run its whole host path without a GPU: one sm_90 device
// with pageable memory access, modules kept as PTX text, functions found by
// their `.entry` in it, and launches checked (grid and block sizes, one
// readable argument pointer per `.param` of the entry) and logged to
// $PARAX_FAKE_CUDA_LOG. Kernels do not run: results are meaningless.
//
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace {

struct Module {
  std::string ptx;
};
struct Function {
  std::string name;
  int params = 0;
};
std::mutex logMutex;

int fail(const char *what) {
  std::fprintf(stderr, "fake cuda: %s\n", what);
  return 1; // CUDA_ERROR_INVALID_VALUE
}

} // namespace

extern "C" {
int cuInit(unsigned) { return 0; }
int cuDriverGetVersion(int *v) {
  *v = 13000;
  return 0;
}
int cuGetErrorString(int, const char **s) {
  *s = "fake error";
  return 0;
}
int cuGetErrorName(int, const char **s) {
  *s = "CUDA_ERROR_FAKE";
  return 0;
}
int cuDeviceGetCount(int *n) {
  *n = 1;
  return 0;
}
int cuDeviceGet(int *d, int i) {
  *d = i;
  return 0;
}
int cuDeviceGetName(char *name, int len, int) {
  std::snprintf(name, size_t(len), "Fake GPU");
  return 0;
}
int cuDeviceGetAttribute(int *v, int attr, int) {
  switch (attr) {
  case 1: *v = 1024; return 0;  // max threads per block
  case 16: *v = 132; return 0;  // SMs
  case 75: *v = 9; return 0;    // compute capability
  case 76: *v = 0; return 0;
  case 88: *v = 1; return 0;    // pageable memory access
  default: return 1;
  }
}
int cuDeviceTotalMem_v2(size_t *b, int) {
  *b = size_t(80) << 30;
  return 0;
}
int cuDevicePrimaryCtxRetain(void **c, int) {
  static int ctx;
  *c = &ctx;
  return 0;
}
int cuDevicePrimaryCtxRelease_v2(int) { return 0; }
int cuCtxSetCurrent(void *) { return 0; }
int cuCtxSynchronize() { return 0; }
int cuModuleLoadDataEx(void **m, const void *image, unsigned, int *, void **) {
  std::string ptx = static_cast<const char *>(image);
  if (ptx.find(".target sm_") == std::string::npos ||
      ptx.find(".entry") == std::string::npos)
    return fail("module without .target or .entry");
  *m = new Module{ptx};
  return 0;
}
int cuModuleGetFunction(void **f, void *m, const char *name) {
  const std::string &ptx = static_cast<Module *>(m)->ptx;
  size_t at = ptx.find(".entry " + std::string(name) + "(");
  if (at == std::string::npos)
    return 500; // CUDA_ERROR_NOT_FOUND
  size_t end = ptx.find(')', at);
  auto *fn = new Function{name, 0};
  for (size_t p = ptx.find(".param", at); p < end; p = ptx.find(".param", p + 1))
    ++fn->params;
  *f = fn;
  return 0;
}
int cuModuleUnload(void *) { return 0; }
int cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                   unsigned by, unsigned bz, unsigned, void *, void **params,
                   void **) {
  auto *fn = static_cast<Function *>(f);
  if (gx < 1 || gy != 1 || gz != 1 || by != 1 || bz != 1 ||
      (bx != 1 && bx != 256))
    return fail("unexpected launch dimensions");
  unsigned sum = 0; // touch each argument: a bad pointer crashes here
  for (int i = 0; i < fn->params; ++i) {
    if (!params || !params[i])
      return fail("missing kernel argument");
    sum += *static_cast<volatile unsigned char *>(params[i]);
  }
  (void)sum;
  if (const char *log = std::getenv("PARAX_FAKE_CUDA_LOG")) {
    std::lock_guard<std::mutex> lock(logMutex);
    if (FILE *out = std::fopen(log, "a")) {
      std::fprintf(out, "launch %s grid %u block %u params %d\n",
                   fn->name.c_str(), gx, bx, fn->params);
      std::fclose(out);
    }
  }
  return 0;
}
int cuMemAlloc_v2(unsigned long long *, size_t) { return 2; }
int cuMemFree_v2(unsigned long long) { return 1; }
int cuMemcpyHtoD_v2(unsigned long long, const void *, size_t) { return 1; }
int cuMemcpyDtoH_v2(void *, unsigned long long, size_t) { return 1; }
int cuMemcpyDtoD_v2(unsigned long long, unsigned long long, size_t) {
  return 1;
}
int cuStreamCreate(void **s, unsigned) {
  static int stream;
  *s = &stream;
  return 0;
}
int cuStreamSynchronize(void *) { return 0; }
int cuStreamDestroy_v2(void *) { return 0; }
}
