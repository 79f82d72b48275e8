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
// Adding a program: when the cache has its key the IR goes to the compile
// layer unoptimised (the cached object replaces compilation); otherwise it
// is optimised first and the compiler stores the object on its way out.
//
//===----------------------------------------------------------------------===//
#define PARAX_LLVM_WANT_JIT
#include "codegen/CpuJit.h"
#include "codegen/LLVMHeaders.h"
#include "codegen/Optimize.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <mutex>

namespace parax::codegen {

std::string hashHex(const std::string &s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)h);
  return buf;
}

namespace {

/// Object files on disk, one per module identifier "parax-<hash>".
class DiskObjectCache : public llvm::ObjectCache {
public:
  explicit DiskObjectCache(std::string dir) : dir_(std::move(dir)) {}

  std::string pathFor(llvm::StringRef id) const {
    return dir_ + "/" + id.str() + ".o";
  }
  static bool keyed(llvm::StringRef id) { return id.starts_with("parax-"); }

  void notifyObjectCompiled(const llvm::Module *m,
                            llvm::MemoryBufferRef obj) override {
    if (dir_.empty() || !keyed(m->getModuleIdentifier()))
      return;
    std::string path = pathFor(m->getModuleIdentifier());
    std::string tmp = path + ".tmp" + std::to_string(::getpid());
    std::error_code ec;
    {
      llvm::raw_fd_ostream os(tmp, ec);
      if (ec)
        return;
      os << obj.getBuffer();
    }
    llvm::sys::fs::rename(tmp, path);
  }

  std::unique_ptr<llvm::MemoryBuffer>
  getObject(const llvm::Module *m) override {
    if (dir_.empty() || !keyed(m->getModuleIdentifier()))
      return nullptr;
    auto buf = llvm::MemoryBuffer::getFile(pathFor(m->getModuleIdentifier()));
    if (!buf)
      return nullptr;
    return std::move(*buf);
  }

  bool has(const std::string &id) const {
    return !dir_.empty() && llvm::sys::fs::exists(pathFor(id));
  }

private:
  std::string dir_;
};

/// Usable cache directory or "" (created if missing; must be writable).
std::string prepareCacheDir(const std::string &dir) {
  if (dir.empty())
    return "";
  if (llvm::sys::fs::create_directories(dir))
    return "";
  if (llvm::sys::fs::access(dir, llvm::sys::fs::AccessMode::Write))
    return "";
  return dir;
}

} // namespace

struct CpuJitImpl {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::unique_ptr<llvm::TargetMachine> tm; // for optimisation and asm dumps
  std::unique_ptr<DiskObjectCache> cache;
  llvm::orc::JITDylib *runtimeLib = nullptr;
  std::string cpu, features;
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
  impl->cache = std::make_unique<DiskObjectCache>(prepareCacheDir(cacheDir));
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

bool CpuJit::cached(const std::string &cacheKey) const {
  return !cacheKey.empty() && impl_->cache->has("parax-" + cacheKey);
}

llvm::Expected<std::shared_ptr<JitCode>>
CpuJit::add(std::unique_ptr<llvm::Module> m,
            std::unique_ptr<llvm::LLVMContext> ctx,
            const std::vector<std::string> &symbols,
            const std::string &cacheKey, int optLevel, JitDumps *dumps) {
  m->setDataLayout(dataLayout());
  m->setTargetTriple(triple());
  if (!cacheKey.empty())
    m->setModuleIdentifier("parax-" + cacheKey);
  bool hit = cached(cacheKey) && !(dumps && (dumps->wantLLVM || dumps->wantAsm));
  static const bool timing = std::getenv("PARAX_JIT_TIMING") != nullptr;
  if (const char *pre = std::getenv("PARAX_DUMP_PREOPT")) {
    std::error_code ec;
    llvm::raw_fd_ostream os(pre, ec);
    if (!ec)
      m->print(os, nullptr);
  }
  auto t0 = std::chrono::steady_clock::now();
  if (!hit)
    optimizeModule(*m, *impl_->tm, optLevel);
  auto t1 = std::chrono::steady_clock::now();
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
  auto &es = impl_->jit->getExecutionSession();
  std::string name = "program" + std::to_string(impl_->counter++);
  auto jd = es.createJITDylib(name);
  if (!jd)
    return jd.takeError();
  std::shared_ptr<JitCode> code(new JitCode());
  code->jit_ = impl_;
  code->dylib_ = &*jd; // removed by ~JitCode, also on the errors below
  jd->addToLinkOrder(*impl_->runtimeLib);
  if (auto err = impl_->jit->addIRModule(
          *jd, llvm::orc::ThreadSafeModule(std::move(m), std::move(ctx))))
    return llvm::Expected<std::shared_ptr<JitCode>>(std::move(err));
  for (const std::string &s : symbols) {
    auto sym = impl_->jit->lookup(*jd, s);
    if (!sym)
      return sym.takeError();
    code->addresses_.push_back(sym->toPtr<void *>());
  }
  if (timing) {
    auto t2 = std::chrono::steady_clock::now();
    auto ms = [](auto a, auto b) {
      return std::chrono::duration<double, std::milli>(b - a).count();
    };
    std::fprintf(stderr, "parax-jit: %s optimise %.1f ms, codegen+link %.1f ms\n",
                 hit ? "cached" : "compiled", ms(t0, t1), ms(t1, t2));
  }
  return code;
}

} // namespace parax::codegen
