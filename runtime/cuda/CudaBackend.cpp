//===- CudaBackend.cpp - `--backend cuda` ---------------------------------===//
#include "runtime/cuda/CudaBackend.h"
#include "codegen/EmitPTX.h"
#include "codegen/LLVMHeaders.h" // llvm::Module complete for the emitter
#include "runtime/cpu/CpuBackend.h"
#include "runtime/cuda/CudaDevices.h"
#include "runtime/cuda/CudaLaunch.h"
#include "runtime/cuda/DeviceResident.h"
#include "runtime/cuda/GpuEmulation.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace parax::runtime {

namespace {

constexpr const char *kCpuWorks = "; --backend cpu works on this machine";

/// A `cuda` backend whose programs run through the CPU backend's machinery
/// (the host part JIT-compiled for the CPU); `--dump ptx` shows the kernels'
/// PTX. The print sink, breakpoint hook and dump hook reach the host part.
class CpuHostedBackend : public Backend {
public:
  CpuHostedBackend(std::unique_ptr<CpuBackend> cpu, int numDevices,
                   std::string arch, bool alwaysEmitPtx)
      : cpu_(std::move(cpu)), numDevices_(numDevices), arch_(std::move(arch)),
        alwaysEmitPtx_(alwaysEmitPtx) {}

  std::string name() const override { return "cuda"; }
  int numDevices() const override { return numDevices_; }

  std::unique_ptr<Executable>
  compile(std::shared_ptr<const ir::Module> module) override {
    bool want = dumpHook_ && std::find(dumpStages_.begin(), dumpStages_.end(),
                                       "ptx") != dumpStages_.end();
    if (want || alwaysEmitPtx_) {
      codegen::PtxProgram p = codegen::emitPtx(*module, arch_);
      if (want)
        dumpHook_("ptx", p.report() + p.ptx, module->funcs()[0]->name());
    }
    cpu_->setPrintSink(print_);
    cpu_->setBreakpointHook(breakpoint_);
    cpu_->setStopFlag(stop_);
    cpu_->setDumpHook(dumpStages_, dumpHook_);
    return cpu_->compile(std::move(module));
  }

  std::vector<Array> evalEager(ir::OpKind kind, const ir::Attrs &attrs,
                               const std::vector<Array> &inputs,
                               const std::vector<TensorType> &rts) override {
    return cpu_->evalEager(kind, attrs, inputs, rts);
  }

  void setCodeCacheLimit(size_t programs) override { cpu_->setCodeCacheLimit(programs); }
  void clearCaches() override { cpu_->clearCaches(); }

protected:
  std::unique_ptr<CpuBackend> cpu_;

private:
  int numDevices_;
  std::string arch_;
  bool alwaysEmitPtx_;
};

/// PTX for every compiled program (dumped as stage "ptx"), execution on the
/// CPU backend.
class PtxOnlyBackend : public CpuHostedBackend {
public:
  PtxOnlyBackend(std::unique_ptr<CpuBackend> cpu, int numDevices)
      : CpuHostedBackend(std::move(cpu), numDevices, codegen::defaultCudaArch(),
                         /*alwaysEmitPtx=*/true) {}
};

bool envFlag(const char *name) {
  const char *v = std::getenv(name);
  return v && *v && std::strcmp(v, "0") != 0;
}

/// Programs through the GPU lowering, run by the CPU backend's machinery
/// (host part JIT-compiled for the CPU): the kernels launched on the GPU
/// (codegen::emitGpuLaunch) or emulated on the CPU (emitGpuEmulation).
class LoweredBackend : public CpuHostedBackend {
public:
  LoweredBackend(std::unique_ptr<CpuBackend> cpu, int numDevices,
                 CpuBackend::ModuleEmitter emitter, std::string tag,
                 std::string arch, int64_t budget = 0)
      : CpuHostedBackend(std::move(cpu), numDevices, std::move(arch),
                         /*alwaysEmitPtx=*/false),
        budget_(budget) {
    cpu_->setEmitter(std::move(emitter), std::move(tag));
  }
  int64_t deviceMemoryBudget() const override { return budget_; }

private:
  int64_t budget_;
};

/// Per logical device: the least, over the GPUs, of a GPU's free memory
/// (cuMemGetInfo) divided by the logical devices placed on it (d % #GPUs).
int64_t memoryPerLogicalDevice(CudaRuntime &rt, int numDevices) {
  size_t gpus = rt.devices().size();
  std::vector<int64_t> count(gpus, 0);
  for (int d = 0; d < std::max(numDevices, 1); ++d)
    ++count[size_t(d) % gpus];
  int64_t best = 0;
  for (size_t g = 0; g < gpus; ++g) {
    if (!count[g])
      continue;
    int64_t free = int64_t(rt.freeMemory(int(g)));
    if (free <= 0)
      return 0; // unknown: no budget
    int64_t share = free / count[g];
    best = best == 0 ? share : std::min(best, share);
  }
  return best;
}

/// Loads the driver and lists the devices; `error` says what is missing.
bool probe(std::vector<cuda::DeviceInfo> &devices, std::string &error) {
  static cuda::DriverApi api;
  static std::string loadError;
  static bool loaded =
      cuda::loadDriver(api, loadError, cuda::driverLibrary());
  if (!loaded) {
    error = "no NVIDIA driver is installed (" + loadError + ")";
    return false;
  }
  return cuda::discoverDevices(api, devices, error);
}

} // namespace

bool CudaBackend::devicePresent() {
  std::vector<cuda::DeviceInfo> devices;
  std::string error;
  return probe(devices, error);
}

std::unique_ptr<Backend> CudaBackend::create(int numDevices,
                                             std::string &error) {
  if (envFlag("PARAX_CUDA_EMULATE")) {
    std::vector<std::pair<std::string, void *>> syms;
    for (const codegen::JitSymbol &js : gpuEmulationSymbols())
      syms.push_back({js.name, js.address});
    std::unique_ptr<CpuBackend> cpu =
        CpuBackend::create(numDevices, error, std::move(syms));
    if (!cpu)
      return nullptr;
    return std::make_unique<LoweredBackend>(
        std::move(cpu), numDevices, codegen::emitGpuEmulation,
        "gpu-emulation|", codegen::defaultCudaArch());
  }
  if (envFlag("PARAX_CUDA_PTX_ONLY")) {
    std::unique_ptr<CpuBackend> cpu = CpuBackend::create(numDevices, error);
    if (!cpu)
      return nullptr;
    return std::make_unique<PtxOnlyBackend>(std::move(cpu), numDevices);
  }
  std::vector<cuda::DeviceInfo> devices;
  std::string why;
  if (!probe(devices, why)) {
    error = "the cuda backend is unavailable: " + why + kCpuWorks;
    return nullptr;
  }
  const cuda::DeviceInfo &d = devices.front();
  bool pageable = true;
  for (const cuda::DeviceInfo &x : devices)
    pageable &= x.pageableMemoryAccess;
  CudaRuntime *rt = CudaRuntime::get(why);
  if (!rt) {
    error = "the cuda backend is unavailable: " + why + kCpuWorks;
    return nullptr;
  }
  // Every GPU gets the PTX of the oldest one (PARAX_CUDA_ARCH overrides).
  std::string arch = d.arch;
  for (const cuda::DeviceInfo &x : devices)
    arch = std::min(arch, x.arch);
  if (const char *a = std::getenv("PARAX_CUDA_ARCH"); a && *a)
    arch = a;
  std::vector<std::pair<std::string, void *>> syms = {
      {"parax_cuda_launch", reinterpret_cast<void *>(&parax_cuda_launch)}};
#define PARAX_CUDA_SYMBOL(name)                                                \
  syms.push_back({#name, reinterpret_cast<void *>(&name)});
  PARAX_CUDA_RESIDENT_FUNCTIONS(PARAX_CUDA_SYMBOL)
#undef PARAX_CUDA_SYMBOL
  // The host compilations of kernels (strict fake driver) call these.
  for (const codegen::JitSymbol &js : gpuEmulationSymbols())
    if (js.name != "parax_cuda_launch")
      syms.push_back({js.name, js.address});
  std::unique_ptr<CpuBackend> cpu =
      CpuBackend::create(numDevices, error, std::move(syms));
  if (!cpu)
    return nullptr;
  bool hostKernels = rt->fake();
  bool verbose = envFlag("PARAX_CUDA_VERBOSE");
  // Device-resident where the lowering covers the program; otherwise the
  // host-memory launch path where the GPUs reach host memory, else the CPU.
  return std::make_unique<LoweredBackend>(
      std::move(cpu), numDevices,
      [arch, hostKernels, pageable, verbose](const ir::Module &m,
                                             llvm::LLVMContext &c,
                                             codegen::ProgramInfo &info)
          -> std::unique_ptr<llvm::Module> {
        std::string why;
        if (auto mod =
                codegen::emitGpuResident(m, c, info, arch, hostKernels, why))
          return mod;
        info = codegen::ProgramInfo();
        if (verbose)
          std::fprintf(stderr, "parax: cuda: %s runs %s: %s\n",
                       m.funcs()[0]->name().c_str(),
                       pageable ? "from host memory" : "on the CPU",
                       why.c_str());
        if (pageable)
          return codegen::emitGpuLaunch(m, c, info, arch);
        return codegen::emitModule(m, c, info);
      },
      std::string("cuda-resident|") + (hostKernels ? "fake|" : "") + arch +
          "|",
      arch, memoryPerLogicalDevice(*rt, numDevices));
}

} // namespace parax::runtime
