//===- CudaHostTest.cpp - the CUDA backend's host logic on a fake driver --===//
//
// No GPU is needed: a fake DriverApi (plain functions over one global state)
// stands in for libcuda, so discovery, context/module handling, the caching
// allocator and launch sizes are tested for what they ask of the driver.
//
//===----------------------------------------------------------------------===//
#include "codegen/EmitPTX.h"
#include "runtime/Backend.h"
#include "runtime/cuda/CombineKernels.h"
#include "runtime/cuda/CudaDevices.h"
#include "runtime/cuda/DeviceAllocator.h"
#include "runtime/cuda/LaunchConfig.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <string>
#include <sys/stat.h>
#include <vector>

using namespace parax;
using namespace parax::cuda;

namespace {

struct FakeGpu {
  CUresult initResult = CUDA_SUCCESS;
  struct Dev {
    std::string name;
    int major, minor, sms;
  };
  std::vector<Dev> devices;
  int ctxRetains = 0, ctxReleases = 0, streams = 0, moduleLoads = 0,
      moduleUnloads = 0;
  bool rejectPtx = false;
  size_t capacity = size_t(1) << 30, used = 0;
  std::map<CUdeviceptr, size_t> blocks;
  CUdeviceptr next = 0x1000;
  int frees = 0;
};
FakeGpu g;

CUresult fInit(unsigned) { return g.initResult; }
CUresult fName(CUresult r, const char **s) {
  *s = r == CUDA_ERROR_NO_DEVICE ? "CUDA_ERROR_NO_DEVICE" : "CUDA_ERROR_X";
  return CUDA_SUCCESS;
}
CUresult fString(CUresult, const char **s) {
  *s = "fake error";
  return CUDA_SUCCESS;
}
CUresult fCount(int *n) {
  *n = int(g.devices.size());
  return CUDA_SUCCESS;
}
CUresult fGet(CUdevice *d, int i) {
  *d = i;
  return CUDA_SUCCESS;
}
CUresult fGetName(char *name, int len, CUdevice d) {
  snprintf(name, size_t(len), "%s", g.devices[size_t(d)].name.c_str());
  return CUDA_SUCCESS;
}
CUresult fAttr(int *v, int attr, CUdevice d) {
  const FakeGpu::Dev &x = g.devices[size_t(d)];
  if (attr == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
    *v = x.major;
  else if (attr == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
    *v = x.minor;
  else if (attr == CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
    *v = x.sms;
  else if (attr == CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
    *v = 1024;
  else
    return 1;
  return CUDA_SUCCESS;
}
CUresult fTotal(size_t *b, CUdevice) {
  *b = g.capacity;
  return CUDA_SUCCESS;
}
CUresult fRetain(CUcontext *c, CUdevice) {
  ++g.ctxRetains;
  *c = reinterpret_cast<CUcontext>(0x42);
  return CUDA_SUCCESS;
}
CUresult fRelease(CUdevice) {
  ++g.ctxReleases;
  return CUDA_SUCCESS;
}
CUresult fSetCurrent(CUcontext) { return CUDA_SUCCESS; }
CUresult fStreamCreate(CUstream *s, unsigned) {
  ++g.streams;
  *s = reinterpret_cast<CUstream>(0x43);
  return CUDA_SUCCESS;
}
CUresult fStreamDestroy(CUstream) {
  --g.streams;
  return CUDA_SUCCESS;
}
CUresult fLoad(CUmodule *m, const void *, unsigned n, int *opts, void **vals) {
  if (g.rejectPtx) {
    for (unsigned i = 0; i < n; ++i)
      if (opts[i] == CU_JIT_ERROR_LOG_BUFFER)
        snprintf(static_cast<char *>(vals[i]), 64, "ptxas: bad PTX");
    return CUDA_ERROR_INVALID_PTX;
  }
  ++g.moduleLoads;
  *m = reinterpret_cast<CUmodule>(uintptr_t(0x100 + g.moduleLoads));
  return CUDA_SUCCESS;
}
CUresult fGetFunction(CUfunction *f, CUmodule, const char *name) {
  if (std::string(name).rfind("parax_k", 0) != 0)
    return 500; // CUDA_ERROR_NOT_FOUND
  *f = reinterpret_cast<CUfunction>(0x44);
  return CUDA_SUCCESS;
}
CUresult fUnload(CUmodule) {
  ++g.moduleUnloads;
  return CUDA_SUCCESS;
}
CUresult fAlloc(CUdeviceptr *p, size_t bytes) {
  if (g.used + bytes > g.capacity)
    return CUDA_ERROR_OUT_OF_MEMORY;
  g.used += bytes;
  *p = g.next;
  g.next += bytes;
  g.blocks[*p] = bytes;
  return CUDA_SUCCESS;
}
CUresult fFree(CUdeviceptr p) {
  g.used -= g.blocks.at(p);
  g.blocks.erase(p);
  ++g.frees;
  return CUDA_SUCCESS;
}

DriverApi fakeApi() {
  g = FakeGpu();
  DriverApi a;
  a.cuInit = fInit;
  a.cuGetErrorName = fName;
  a.cuGetErrorString = fString;
  a.cuDeviceGetCount = fCount;
  a.cuDeviceGet = fGet;
  a.cuDeviceGetName = fGetName;
  a.cuDeviceGetAttribute = fAttr;
  a.cuDeviceTotalMem = fTotal;
  a.cuDevicePrimaryCtxRetain = fRetain;
  a.cuDevicePrimaryCtxRelease = fRelease;
  a.cuCtxSetCurrent = fSetCurrent;
  a.cuStreamCreate = fStreamCreate;
  a.cuStreamDestroy = fStreamDestroy;
  a.cuModuleLoadDataEx = fLoad;
  a.cuModuleGetFunction = fGetFunction;
  a.cuModuleUnload = fUnload;
  a.cuMemAlloc = fAlloc;
  a.cuMemFree = fFree;
  return a;
}

} // namespace

TEST(CudaDriver, MissingLibraryIsAnError) {
  DriverApi api;
  std::string err;
  EXPECT_FALSE(loadDriver(api, err, "libparax-no-such-driver.so.1"));
  EXPECT_NE(err.find("libparax-no-such-driver.so.1"), std::string::npos) << err;
}

TEST(CudaDriver, StubLibraryLoadsButHasNoDevice) {
  const char *stub = "/usr/local/cuda/lib64/stubs/libcuda.so";
  struct stat st;
  if (::stat(stub, &st) != 0)
    GTEST_SKIP() << stub << " is not installed";
  DriverApi api;
  std::string err;
  ASSERT_TRUE(loadDriver(api, err, stub)) << err;
  std::vector<DeviceInfo> devs;
  EXPECT_FALSE(discoverDevices(api, devs, err));
  EXPECT_NE(err.find("stub"), std::string::npos) << err;
}

TEST(CudaDevices, NoDevice) {
  DriverApi api = fakeApi();
  g.initResult = CUDA_ERROR_NO_DEVICE;
  std::vector<DeviceInfo> devs;
  std::string err;
  EXPECT_FALSE(discoverDevices(api, devs, err));
  EXPECT_NE(err.find("no CUDA device"), std::string::npos) << err;
  EXPECT_NE(err.find("CUDA_ERROR_NO_DEVICE"), std::string::npos) << err;
  g.initResult = CUDA_SUCCESS; // initialised, but an empty list
  EXPECT_FALSE(discoverDevices(api, devs, err));
}

TEST(CudaDevices, ArchPerDevice) {
  DriverApi api = fakeApi();
  g.devices = {{"H200", 9, 0, 132}, {"A10", 8, 6, 72}, {"B200", 10, 0, 148}};
  std::vector<DeviceInfo> devs;
  std::string err;
  ASSERT_TRUE(discoverDevices(api, devs, err)) << err;
  ASSERT_EQ(devs.size(), 3u);
  EXPECT_EQ(devs[0].name, "H200");
  EXPECT_EQ(devs[0].arch, "sm_90");
  EXPECT_EQ(devs[0].smCount, 132);
  EXPECT_EQ(devs[1].arch, "sm_86");
  EXPECT_EQ(devs[2].arch, "sm_90"); // newer than LLVM 19 knows: sm_90 PTX
}

TEST(CudaDevices, TooOldGpu) {
  DriverApi api = fakeApi();
  g.devices = {{"V100", 7, 0, 80}};
  std::vector<DeviceInfo> devs;
  std::string err;
  EXPECT_FALSE(discoverDevices(api, devs, err));
  EXPECT_NE(err.find("7.5"), std::string::npos) << err;
}

TEST(CudaDevices, ContextAndModuleCache) {
  DriverApi api = fakeApi();
  g.devices = {{"H200", 9, 0, 132}};
  std::vector<DeviceInfo> devs;
  std::string err;
  ASSERT_TRUE(discoverDevices(api, devs, err));
  {
    auto ctx = DeviceContext::open(api, devs[0], err);
    ASSERT_TRUE(ctx) << err;
    EXPECT_EQ(g.ctxRetains, 1);
    EXPECT_EQ(g.streams, 1);
    EXPECT_TRUE(ctx->function("ptx A", "parax_k0_add", err));
    EXPECT_TRUE(ctx->function("ptx A", "parax_k1_mul", err));
    EXPECT_EQ(g.moduleLoads, 1); // same text: loaded once
    EXPECT_TRUE(ctx->function("ptx B", "parax_k0_add", err));
    EXPECT_EQ(g.moduleLoads, 2);
    EXPECT_FALSE(ctx->function("ptx B", "missing", err));
    EXPECT_NE(err.find("missing"), std::string::npos) << err;
    g.rejectPtx = true;
    EXPECT_FALSE(ctx->function("ptx C", "parax_k0_add", err));
    EXPECT_NE(err.find("bad PTX"), std::string::npos) << err;
  }
  EXPECT_EQ(g.moduleUnloads, 2);
  EXPECT_EQ(g.ctxReleases, 1);
  EXPECT_EQ(g.streams, 0);
}

TEST(DeviceAllocator, SizeClasses) {
  EXPECT_EQ(DeviceAllocator::sizeClass(0), 512u);
  EXPECT_EQ(DeviceAllocator::sizeClass(1), 512u);
  EXPECT_EQ(DeviceAllocator::sizeClass(513), 1024u);
  EXPECT_EQ(DeviceAllocator::sizeClass(1 << 20), size_t(1) << 20);
  EXPECT_EQ(DeviceAllocator::sizeClass((1 << 20) + 1), size_t(2) << 20);
  EXPECT_EQ(DeviceAllocator::sizeClass(5 << 20), size_t(6) << 20);
}

TEST(DeviceAllocator, ReusesAndTracksHighWater) {
  DriverApi api = fakeApi();
  {
    DeviceAllocator a(api);
    CUresult st;
    CUdeviceptr p = a.allocate(1000, st), q = a.allocate(2000, st);
    ASSERT_TRUE(p && q);
    EXPECT_NE(p, q);
    EXPECT_EQ(a.bytesInUse(), 3000u);
    EXPECT_EQ(a.highWaterMark(), 3000u);
    EXPECT_EQ(a.bytesReserved(), 1024u + 2048u);
    EXPECT_TRUE(a.free(p));
    EXPECT_FALSE(a.free(p)); // twice
    EXPECT_FALSE(a.free(0xdead));
    EXPECT_EQ(a.bytesInUse(), 2000u);
    CUdeviceptr r = a.allocate(900, st); // same class as p: reused
    EXPECT_EQ(r, p);
    EXPECT_EQ(a.driverAllocations(), 2u);
    EXPECT_EQ(a.highWaterMark(), 3000u);
    a.free(q);
    a.free(r);
    EXPECT_EQ(a.bytesInUse(), 0u);
    EXPECT_EQ(a.cachedBlocks(), 2u);
    a.resetHighWaterMark();
    EXPECT_EQ(a.highWaterMark(), 0u);
    // No preallocation: nothing beyond what was asked for was taken.
    EXPECT_EQ(g.used, 1024u + 2048u);
  }
  EXPECT_EQ(g.used, 0u); // the cache went back to the driver
}

TEST(DeviceAllocator, OutOfMemoryEmptiesTheCacheOnce) {
  DriverApi api = fakeApi();
  g.capacity = 8 << 20;
  DeviceAllocator a(api);
  CUresult st;
  CUdeviceptr big = a.allocate(6 << 20, st);
  ASSERT_TRUE(big);
  a.free(big); // cached: 6 MiB held
  CUdeviceptr other = a.allocate(4 << 20, st); // needs the cache back
  EXPECT_TRUE(other) << st;
  EXPECT_EQ(a.cachedBlocks(), 0u);
  EXPECT_EQ(a.bytesReserved(), size_t(4) << 20);
  CUdeviceptr none = a.allocate(6 << 20, st); // really out of memory
  EXPECT_EQ(none, 0u);
  EXPECT_EQ(st, CUDA_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(a.bytesInUse(), size_t(4) << 20);
}

TEST(LaunchConfig, Dims) {
  using codegen::GpuKernelKind;
  LaunchDims d = launchDims(GpuKernelKind::Grid, 1000, 132, 1024);
  EXPECT_EQ(d.block, 256u);
  EXPECT_EQ(d.grid, 4u);
  d = launchDims(GpuKernelKind::Grid, int64_t(1) << 30, 132, 1024);
  EXPECT_EQ(d.grid, 132u * 32);
  d = launchDims(GpuKernelKind::Grid, 0, 132, 1024);
  EXPECT_EQ(d.grid, 0u);
  d = launchDims(GpuKernelKind::Serial, 1 << 20, 132, 1024);
  EXPECT_EQ(d.grid, 1u);
  EXPECT_EQ(d.block, 1u);
  d = launchDims(GpuKernelKind::Block, 1 << 20, 132, 1024);
  EXPECT_EQ(d.grid, 1u);
  EXPECT_EQ(d.block, unsigned(codegen::kGpuBlockThreads));
  // A reduction's first pass: the constant block count, whatever the GPU
  // (its partition fixes the float result), at least one block per SM.
  for (int sms : {1, 132, 1024}) {
    d = launchDims(GpuKernelKind::Blocks, int64_t(1) << 26, sms, 1024);
    EXPECT_EQ(d.grid, unsigned(codegen::kGpuReduceBlocks));
    EXPECT_GE(d.grid, unsigned(sms));
    EXPECT_EQ(d.block, unsigned(codegen::kGpuBlockThreads));
  }
}

TEST(CudaArch, Mapping) {
  EXPECT_EQ(codegen::cudaArchFor(9, 0), "sm_90");
  EXPECT_EQ(codegen::cudaArchFor(8, 9), "sm_89");
  EXPECT_EQ(codegen::cudaArchFor(8, 0), "sm_80");
  EXPECT_EQ(codegen::cudaArchFor(7, 5), "sm_75");
  EXPECT_EQ(codegen::cudaArchFor(7, 0), "");
  EXPECT_EQ(codegen::cudaArchFor(12, 0), "sm_90");
}

TEST(CudaBackend, UnavailableSaysWhatToUse) {
  if (::getenv("PARAX_CUDA_PTX_ONLY"))
    GTEST_SKIP() << "PARAX_CUDA_PTX_ONLY is set";
  std::string err;
  auto b = runtime::createBackend("cuda", 1, err);
  if (b)
    GTEST_SKIP() << "a usable GPU is present";
  // Without a usable GPU: a clear error that names the CPU backend.
  EXPECT_NE(err.find("--backend cpu"), std::string::npos) << err;
  auto a = runtime::createBackend("auto", 1, err);
  ASSERT_TRUE(a) << err;
  EXPECT_EQ(a->name(), "cpu");
}

// The device collectives' combine kernels: one per covered (op, dtype),
// none for the rest (those stay host-staged), and each assembles with
// ptxas for sm_80 and sm_90 without spills or local memory.
TEST(CombineKernels, CoveredAndAssembled) {
  using parax::cuda::combineKernel;
  using parax::ir::OpKind;
  EXPECT_EQ(combineKernel(OpKind::Add, parax::DType::F16).ptx, nullptr);
  EXPECT_EQ(combineKernel(OpKind::Max, parax::DType::F32).ptx, nullptr);
  EXPECT_EQ(combineKernel(OpKind::Add, parax::DType::F64).ptx, nullptr);
  const char *ptxas = "/usr/local/cuda/bin/ptxas";
  struct stat st;
  bool assemble = ::stat(ptxas, &st) == 0;
  int n = 0;
  for (OpKind k : {OpKind::Add, OpKind::Max, OpKind::Min})
    for (parax::DType d : {parax::DType::F32, parax::DType::F64,
                           parax::DType::I32, parax::DType::U32,
                           parax::DType::I64, parax::DType::U64}) {
      parax::cuda::CombineKernel ck = combineKernel(k, d);
      if (!ck.ptx)
        continue;
      ++n;
      ASSERT_NE(ck.unpack, nullptr);
      EXPECT_NE(std::string(ck.ptx).find(std::string(".entry ") + ck.name),
                std::string::npos);
      if (!assemble)
        continue;
      std::string path = ::testing::TempDir() + "/" + ck.name + ".ptx";
      FILE *f = std::fopen(path.c_str(), "w");
      ASSERT_NE(f, nullptr);
      std::fputs(ck.ptx, f);
      std::fclose(f);
      for (const char *arch : {"sm_80", "sm_90"}) {
        std::string cmd = std::string(ptxas) + " -arch=" + arch + " -v " +
                          path + " -o /dev/null 2>&1";
        FILE *p = popen(cmd.c_str(), "r");
        ASSERT_NE(p, nullptr);
        std::string out;
        char buf[512];
        while (std::fgets(buf, sizeof(buf), p))
          out += buf;
        EXPECT_EQ(pclose(p), 0) << ck.name << " " << arch << ": " << out;
        EXPECT_NE(out.find("0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"),
                  std::string::npos) << out;
      }
    }
  EXPECT_EQ(n, 13);
}
