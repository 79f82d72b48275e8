//===- CudaBackend.cpp - `--backend cuda` ---------------------------------===//
#include "runtime/cuda/CudaBackend.h"
#include "codegen/EmitPTX.h"
#include "codegen/LLVMHeaders.h" // llvm::Module complete for the emitter
#include "runtime/cpu/CpuBackend.h"
#include "runtime/cuda/CudaDevices.h"
#include "runtime/cuda/CudaLaunch.h"
#include "runtime/cuda/GpuEmulation.h"

#include <algorithm>
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
                 std::string arch)
      : CpuHostedBackend(std::move(cpu), numDevices, std::move(arch),
                         /*alwaysEmitPtx=*/false) {
    cpu_->setEmitter(std::move(emitter), std::move(tag));
  }
};

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
  for (const cuda::DeviceInfo &x : devices)
    if (!x.pageableMemoryAccess) {
      error = "the cuda backend needs GPUs that can access pageable host "
              "memory (HMM: the NVIDIA open kernel modules on Linux 6.1.24+), "
              "and device " + std::to_string(x.ordinal) + " (" + x.name +
              ") cannot; device-resident buffers are not implemented yet" +
              kCpuWorks;
      return nullptr;
    }
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
  std::unique_ptr<CpuBackend> cpu = CpuBackend::create(
      numDevices, error,
      {{"parax_cuda_launch", reinterpret_cast<void *>(&parax_cuda_launch)}});
  if (!cpu)
    return nullptr;
  return std::make_unique<LoweredBackend>(
      std::move(cpu), numDevices,
      [arch](const ir::Module &m, llvm::LLVMContext &c,
             codegen::ProgramInfo &info) {
        return codegen::emitGpuLaunch(m, c, info, arch);
      },
      "cuda|" + arch + "|", arch);
}

} // namespace parax::runtime
