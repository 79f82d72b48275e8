//===- CpuJit.cpp - ORC LLJIT for the host CPU ----------------------------===//
//
// Construction:
//  1. initialise the native target, load libmvec.so.1 into the process (the
//     vectoriser may call _ZGV* variants of libm functions);
//  2. JITTargetMachineBuilder::detectHost() with aggressive codegen; the
//     compile function is a TMOwningSimpleCompiler over our ObjectCache;
//  3. the runtime symbols are defined as absolute symbols in a "parax_rt"
//     JITDylib, the rest of the process (libm, libmvec) through a
//     DynamicLibrarySearchGenerator; every program dylib links against it.
// Adding a program: its disk key is a SHA-256 of the program key and the
// configuration (triple, CPU and features, opt levels, LLVM version, parax
// build id). When the JitCache holds a verified object for it, the object
// is linked as is (no optimisation, no codegen); otherwise, or when LLVM
// will not link that object, the IR is optimised and compiled, and the
// compiler stores the object on its way out. A bad entry costs a
// recompile, never an error.
//
//===----------------------------------------------------------------------===//
#define PARAX_LLVM_WANT_JIT
#include "codegen/CpuJit.h"

#include <ctime>
#include "codegen/JitCache.h"
#include "codegen/LLVMHeaders.h"
#include "codegen/Optimize.h"

#include "llvm/Transforms/Utils/Cloning.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>

namespace parax::codegen {

namespace {

/// Stores what the compiler compiles for the modules add() registered as
/// misses (hits never reach the compiler: add() links their objects).
class DiskObjectCache : public llvm::ObjectCache {
public:
  explicit DiskObjectCache(JitCache &disk) : disk_(disk) {}

  void expectMiss(const std::string &id, const CacheDigest &key) {
    std::lock_guard<std::mutex> lock(mutex_);
    misses_[id] = key;
  }
  void forget(const std::string &id) {
    std::lock_guard<std::mutex> lock(mutex_);
    misses_.erase(id);
  }

  void notifyObjectCompiled(const llvm::Module *m,
                            llvm::MemoryBufferRef obj) override {
    std::optional<CacheDigest> key;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = misses_.find(m->getModuleIdentifier());
      if (it == misses_.end())
        return;
      key = it->second;
      misses_.erase(it);
    }
    disk_.store(*key, std::string_view(obj.getBufferStart(), obj.getBufferSize()));
  }

  std::unique_ptr<llvm::MemoryBuffer> getObject(const llvm::Module *) override {
    return nullptr;
  }

private:
  JitCache &disk_;
  std::mutex mutex_;
  std::map<std::string, CacheDigest> misses_;
};

/// The vector width (bits) the optimiser prefers for parax's loops:
/// PARAX_VECTOR_WIDTH=128|256|512, else the widest the host has (AVX-512:
/// 512, which LLVM's own default for some of these cores, 256, leaves
/// unused; measured with bench/run.py on an AVX-512 EPYC: docs/speed.md).
int preferredVectorWidth() {
  static const int w = [] {
    if (const char *e = std::getenv("PARAX_VECTOR_WIDTH"); e && *e) {
      int v = std::atoi(e);
      if (v == 128 || v == 256 || v == 512)
        return v;
    }
    llvm::StringMap<bool> f = llvm::sys::getHostCPUFeatures();
    if (f.lookup("avx512f") && f.lookup("avx512bw") && f.lookup("avx512dq") &&
        f.lookup("avx512vl"))
      return 512;
    if (f.lookup("avx"))
      return 256;
    return 128;
  }();
  return w;
}

} // namespace

struct CpuJitImpl {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::unique_ptr<llvm::TargetMachine> tm; // for optimisation and asm dumps
  std::unique_ptr<JitCache> disk;
  std::unique_ptr<DiskObjectCache> cache;
  llvm::orc::JITDylib *runtimeLib = nullptr;
  std::string cpu, features;
  std::string config; ///< everything besides the program that shapes its object
  std::atomic<int> counter{0};
};

CpuJit::CpuJit(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
CpuJit::~CpuJit() = default;

JitCode::~JitCode() {
  std::shared_ptr<CpuJitImpl> jit = jit_.lock();
  if (!jit || !dylib_)
    return;
  auto &jd = *static_cast<llvm::orc::JITDylib *>(dylib_);
  // Frees the program's code and symbol tables; nothing links against a
  // program dylib, so no other program is affected.
  llvm::consumeError(jit->jit->getExecutionSession().removeJITDylib(jd));
}

llvm::Expected<std::unique_ptr<CpuJit>>
CpuJit::Create(std::vector<JitSymbol> runtimeSymbols, std::string cacheDir) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
    llvm::sys::DynamicLibrary::LoadLibraryPermanently(nullptr);
    llvm::sys::DynamicLibrary::LoadLibraryPermanently("libmvec.so.1");
  });
  auto impl = std::make_shared<Impl>();
  auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!jtmb)
    return jtmb.takeError();
  jtmb->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  impl->cpu = jtmb->getCPU();
  impl->features = jtmb->getFeatures().getString();
  auto tm = jtmb->createTargetMachine();
  if (!tm)
    return tm.takeError();
  impl->tm = std::move(*tm);
  impl->disk = std::make_unique<JitCache>(
      std::move(cacheDir), defaultJitCacheMaxBytes(), JitCache::Mode::Use);
  impl->cache = std::make_unique<DiskObjectCache>(*impl->disk);
  DiskObjectCache *cache = impl->cache.get();

  auto jit =
      llvm::orc::LLJITBuilder()
          .setJITTargetMachineBuilder(*jtmb)
          .setCompileFunctionCreator(
              [cache](llvm::orc::JITTargetMachineBuilder b)
                  -> llvm::Expected<
                      std::unique_ptr<llvm::orc::IRCompileLayer::IRCompiler>> {
                auto t = b.createTargetMachine();
                if (!t)
                  return t.takeError();
                return std::make_unique<llvm::orc::TMOwningSimpleCompiler>(
                    std::move(*t), cache);
              })
          .create();
  if (!jit)
    return jit.takeError();
  impl->jit = std::move(*jit);
  impl->config = impl->jit->getTargetTriple().str() + "|" + impl->cpu + "|" +
                 impl->features + "|vw" + std::to_string(preferredVectorWidth()) +
                 "|codegen O3|LLVM " PARAX_LLVM_VERSION_STRING
                 "|" + paraxBuildId();

  auto &es = impl->jit->getExecutionSession();
  auto rt = es.createJITDylib("parax_rt");
  if (!rt)
    return rt.takeError();
  impl->runtimeLib = &*rt;
  llvm::orc::SymbolMap syms;
  for (const JitSymbol &s : runtimeSymbols)
    syms[es.intern(s.name)] = {llvm::orc::ExecutorAddr::fromPtr(s.address),
                               llvm::JITSymbolFlags::Exported |
                                   llvm::JITSymbolFlags::Callable};
  if (auto err = impl->runtimeLib->define(llvm::orc::absoluteSymbols(syms)))
    return llvm::Expected<std::unique_ptr<CpuJit>>(std::move(err));
  auto gen = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      impl->jit->getDataLayout().getGlobalPrefix());
  if (!gen)
    return gen.takeError();
  impl->runtimeLib->addGenerator(std::move(*gen));
  return std::unique_ptr<CpuJit>(new CpuJit(std::move(impl)));
}

const llvm::DataLayout &CpuJit::dataLayout() const {
  return impl_->jit->getDataLayout();
}

std::string CpuJit::triple() const {
  return impl_->jit->getTargetTriple().str();
}

std::string CpuJit::cpuDescription() const {
  return impl_->cpu + " " + impl_->features;
}

llvm::Expected<std::shared_ptr<JitCode>>
CpuJit::add(std::unique_ptr<llvm::Module> m,
            std::unique_ptr<llvm::LLVMContext> ctx,
            const std::vector<std::string> &symbols,
            const std::string &cacheKey, int optLevel, JitDumps *dumps) {
  m->setDataLayout(dataLayout());
  m->setTargetTriple(triple());
  const std::string width = std::to_string(preferredVectorWidth());
  for (llvm::Function &f : *m)
    if (!f.isDeclaration())
      f.addFnAttr("prefer-vector-width", width);
  bool wantDumps = dumps && (dumps->wantLLVM || dumps->wantAsm);
  static const bool timing = std::getenv("PARAX_JIT_TIMING") != nullptr;
  if (const char *pre = std::getenv("PARAX_DUMP_PREOPT")) {
    std::string text;
    llvm::raw_string_ostream os(text);
    m->print(os, nullptr);
    // fopen, not raw_fd_ostream: a failed write must not be fatal.
    if (std::FILE *f = std::fopen(pre, "w")) {
      std::fwrite(text.data(), 1, text.size(), f);
      std::fclose(f);
    }
  }
  // Wall and this thread's CPU time (the CPU time stays meaningful on a
  // busy machine, where the wall time mostly measures waiting for a core).
  auto cpuNow = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
  };
  auto t0 = std::chrono::steady_clock::now();
  double c0 = timing ? cpuNow() : 0.0, c1 = c0;
  auto report = [&](const char *how, auto t1) {
    if (!timing)
      return;
    auto t2 = std::chrono::steady_clock::now();
    auto ms = [](auto a, auto b) {
      return std::chrono::duration<double, std::milli>(b - a).count();
    };
    double c2 = cpuNow();
    std::fprintf(stderr,
                 "parax-jit: %s optimise %.1f ms (cpu %.1f), codegen+link %.1f ms (cpu %.1f)\n",
                 how, ms(t0, t1), c1 - c0, ms(t1, t2), c2 - c1);
  };
  // A fresh JITDylib with what `put` adds, and the addresses of `symbols`;
  // on failure the dylib goes again.
  auto &es = impl_->jit->getExecutionSession();
  auto link = [&](llvm::function_ref<llvm::Error(llvm::orc::JITDylib &)> put)
      -> llvm::Expected<std::shared_ptr<JitCode>> {
    auto jd = es.createJITDylib("program" + std::to_string(impl_->counter++));
    if (!jd)
      return jd.takeError();
    std::shared_ptr<JitCode> code(new JitCode());
    code->jit_ = impl_;
    code->dylib_ = &*jd; // removed by ~JitCode, also on the errors below
    jd->addToLinkOrder(*impl_->runtimeLib);
    if (llvm::Error err = put(*jd))
      return llvm::Expected<std::shared_ptr<JitCode>>(std::move(err));
    for (const std::string &sym : symbols) {
      auto addr = impl_->jit->lookup(*jd, sym);
      if (!addr)
        return addr.takeError();
      code->addresses_.push_back(addr->toPtr<void *>());
    }
    return code;
  };

  std::string id;
  if (!cacheKey.empty() && impl_->disk->enabled()) {
    CacheDigest key = sha256(impl_->config + "|O" + std::to_string(optLevel) +
                             "\n" + cacheKey);
    id = "parax-" + digestHex(key);
    m->setModuleIdentifier(id);
    // A dump needs the optimised IR: compile afresh (and refresh the entry).
    std::optional<std::string> object;
    if (!wantDumps)
      object = impl_->disk->load(key);
    if (object) {
      auto addrs = link([&](llvm::orc::JITDylib &jd) {
        return impl_->jit->addObjectFile(
            jd, llvm::MemoryBuffer::getMemBufferCopy(*object, id));
      });
      if (addrs) {
        report("cached", t0);
        return addrs;
      }
      // Verified, so written by this build, yet LLVM will not link it:
      // compile as if it were not there rather than fail the program.
      impl_->disk->reject(key, "LLVM cannot load it: " +
                                   llvm::toString(addrs.takeError()));
    }
    impl_->cache->expectMiss(id, key);
  }
  optimizeModule(*m, *impl_->tm, optLevel);
  auto t1 = std::chrono::steady_clock::now();
  if (timing)
    c1 = cpuNow();
  if (dumps && dumps->wantLLVM) {
    llvm::raw_string_ostream os(dumps->llvm);
    m->print(os, nullptr);
  }
  if (dumps && dumps->wantAsm) {
    std::unique_ptr<llvm::Module> clone = llvm::CloneModule(*m);
    llvm::SmallString<0> text;
    llvm::raw_svector_ostream os(text);
    llvm::legacy::PassManager pm;
    if (!impl_->tm->addPassesToEmitFile(pm, os, nullptr,
                                        llvm::CodeGenFileType::AssemblyFile))
      pm.run(*clone);
    dumps->assembly = text.str().str();
  }
  auto addrs = link([&](llvm::orc::JITDylib &jd) {
    return impl_->jit->addIRModule(
        jd, llvm::orc::ThreadSafeModule(std::move(m), std::move(ctx)));
  });
  if (!id.empty())
    impl_->cache->forget(id); // stored by now, or never will be
  if (addrs)
    report("compiled", t1);
  return addrs;
}

} // namespace parax::codegen
