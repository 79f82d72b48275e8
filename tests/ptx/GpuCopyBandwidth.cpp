//===- GpuCopyBandwidth.cpp - device-to-device copy bandwidth -------------===//
//
// The reference for scripts/gpu-check: first one "device" line per GPU
// (name, arch, SMs, memory total/free from cuMemGetInfo, the pageable
// memory access (HMM) attribute) and the driver version, then cuMemcpyDtoD
// of 1 GiB on GPU 0 (best of 10), counted as bytes read + written: "bench
// copy_bandwidth X GB/s". Exits 1 with the reason when no GPU is usable.
//
//===----------------------------------------------------------------------===//
#include "runtime/cuda/CudaDevices.h"
#include "runtime/cuda/DeviceAllocator.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

using namespace parax::cuda;

int main() {
  DriverApi api;
  std::string err;
  std::vector<DeviceInfo> devs;
  if (!loadDriver(api, err, driverLibrary()) ||
      !discoverDevices(api, devs, err)) {
    std::fprintf(stderr, "copy bandwidth: %s\n", err.c_str());
    return 1;
  }
  int version = 0;
  api.cuDriverGetVersion(&version);
  std::printf("driver CUDA %d.%d\n", version / 1000, version % 1000 / 10);
  for (const DeviceInfo &d : devs) {
    auto c = DeviceContext::open(api, d, err);
    size_t freeB = 0, totalB = 0;
    if (c)
      api.cuMemGetInfo(&freeB, &totalB);
    std::printf("device %d: %s, %s, %d SMs, %.1f GiB total, %.1f GiB free, "
                "pageable memory access (HMM) %s\n",
                d.ordinal, d.name.c_str(), d.arch.c_str(), d.smCount,
                double(d.totalMemory) / double(1 << 30),
                double(freeB) / double(1 << 30),
                d.pageableMemoryAccess ? "yes" : "no");
  }
  auto ctx = DeviceContext::open(api, devs[0], err);
  if (!ctx) {
    std::fprintf(stderr, "copy bandwidth: %s\n", err.c_str());
    return 1;
  }
  const size_t bytes = size_t(1) << 30;
  DeviceAllocator alloc(api);
  CUresult st;
  CUdeviceptr a = alloc.allocate(bytes, st), b = alloc.allocate(bytes, st);
  if (!a || !b) {
    std::fprintf(stderr, "copy bandwidth: cuMemAlloc: %s\n",
                 errorText(api, st).c_str());
    return 1;
  }
  double best = 1e30;
  for (int i = 0; i < 11; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    st = api.cuMemcpyDtoD(b, a, bytes);
    if (st == CUDA_SUCCESS)
      st = api.cuCtxSynchronize();
    if (st != CUDA_SUCCESS) {
      std::fprintf(stderr, "copy bandwidth: %s\n", errorText(api, st).c_str());
      return 1;
    }
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             t0)
                   .count();
    if (i > 0) // the first copy warms up
      best = std::min(best, t);
  }
  std::printf("bench copy_bandwidth %.1f GB/s (%s, %s)\n",
              2.0 * double(bytes) / best / 1e9, devs[0].name.c_str(),
              devs[0].arch.c_str());
  alloc.free(a);
  alloc.free(b);
  return 0;
}
