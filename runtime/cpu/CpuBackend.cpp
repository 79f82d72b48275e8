//===- CpuBackend.cpp - the LLVM CPU backend ------------------------------===//
//
// compile():
//  1. print the module (the cache key: ops, attributes, types and small
//     constants; large constants travel by table, so code does not depend
//     on their data; CpuJit adds the compiler configuration and build id);
//  2. emit LLVM IR (always: ProgramInfo belongs to this module);
//  3. when no live code has that key, hand the module to CpuJit (O2, or the
//     disk object cache); the executable owns the resulting JitCode, the
//     cache a weak reference to it and, for the last few programs used, a
//     strong one (the LRU), so code is freed once neither needs it.
// run(): binds the arguments and the constant table, calls the entry under
// FTZ/DAZ, and turns the returned pointers into Arrays that share the
// runtime buffers (no copies).
//
//===----------------------------------------------------------------------===//
#include "runtime/cpu/CpuBackend.h"
#include "codegen/CpuJit.h"
#include "codegen/EmitLLVM.h"
#include "codegen/JitCache.h"
#include "codegen/LLVMHeaders.h"
#include "ir/Diagnostics.h"
#include "ir/Printer.h"
#include "runtime/Kernels.h"
#include "runtime/cpu/RtContext.h"

#include <cstdio>
#include <cstdlib>

namespace parax::runtime {

namespace {

std::string errorText(llvm::Error e) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << e;
  return s;
}

/// PARAX_RT_CHECK=1: report buffers still referenced after a run beyond
/// the results (a reference-counting bug in the generated code).
bool checkRefs() {
  static const bool on = std::getenv("PARAX_RT_CHECK") != nullptr;
  return on;
}

void checkLeaks(const ParaxRtContext &ctx, const std::vector<void *> &outs) {
  std::unordered_map<const void *, int64_t> expected;
  for (size_t i = 0; i + 1 < outs.size(); ++i)
    ++expected[outs[i]];
  for (auto &[p, e] : ctx.buffers) {
    auto it = expected.find(p);
    int64_t want = it == expected.end() ? 0 : it->second;
    if (e.refs != want)
      std::fprintf(stderr,
                   "parax: buffer of %zu bytes has %lld references after the "
                   "run, expected %lld\n",
                   e.buffer->bytes(), (long long)e.refs, (long long)want);
  }
}

class CpuExecutable : public Executable {
public:
  CpuExecutable(std::shared_ptr<const ir::Module> m, codegen::ProgramInfo info,
                std::shared_ptr<codegen::JitCode> code, CpuBackend &backend)
      : module_(std::move(m)), info_(std::move(info)), code_(std::move(code)),
        fn_(reinterpret_cast<ParaxEntryFn>(code_->addresses()[0])),
        backend_(backend) {
    for (const Array &c : info_.constants)
      consts_.push_back(const_cast<void *>(c.raw()));
    resultTypes_ = module_->funcs()[0]->resultTypes();
  }

  std::vector<Array> run(const std::vector<Array> &args) override {
    ParaxRtContext ctx;
    ctx.info = &info_;
    ctx.backend = &backend_;
    ctx.print = &backend_.printSink();
    ctx.consts = consts_.data();
    std::vector<void *> ins;
    for (const Array &a : args) {
      ins.push_back(const_cast<void *>(a.raw()));
      ctx.externals[a.raw()] = a.buffer();
    }
    for (const Array &c : info_.constants)
      ctx.externals[c.raw()] = c.buffer();
    std::vector<void *> outs(resultTypes_.size() + 1, nullptr);
    callCompiled(fn_, ins.data(), outs.data(), ctx);
    std::vector<Array> results;
    for (size_t i = 0; i < resultTypes_.size(); ++i)
      results.push_back(ctx.arrayAt(outs[i], resultTypes_[i]));
    if (checkRefs())
      checkLeaks(ctx, outs);
    return results;
  }

private:
  std::shared_ptr<const ir::Module> module_;
  codegen::ProgramInfo info_;
  std::shared_ptr<codegen::JitCode> code_; ///< Keeps fn_ alive.
  ParaxEntryFn fn_;
  CpuBackend &backend_;
  std::vector<void *> consts_;
  std::vector<TensorType> resultTypes_;
};

} // namespace

std::unique_ptr<CpuBackend>
CpuBackend::create(int numDevices, std::string &error,
                   std::vector<std::pair<std::string, void *>> extraSymbols) {
  std::unique_ptr<CpuBackend> b(new CpuBackend(numDevices));
  std::vector<codegen::JitSymbol> syms;
#define PARAX_RT_SYMBOL(name)                                                  \
  syms.push_back({#name, reinterpret_cast<void *>(&name)});
  PARAX_RUNTIME_FUNCTIONS(PARAX_RT_SYMBOL)
#undef PARAX_RT_SYMBOL
  for (auto &[name, addr] : extraSymbols)
    syms.push_back({name, addr});
  auto jit = codegen::CpuJit::Create(std::move(syms),
                                     codegen::defaultJitCacheDirectory());
  if (!jit) {
    error = "cannot create the LLVM JIT: " + errorText(jit.takeError());
    return nullptr;
  }
  b->jit_ = std::move(*jit);
  return b;
}

CpuBackend::CpuBackend(int numDevices) : numDevices_(numDevices) {}
CpuBackend::~CpuBackend() = default;

void CpuBackend::setCodeCacheLimit(size_t programs) {
  std::lock_guard<std::mutex> lock(cacheMutex_);
  recentLimit_ = programs;
  trimLocked(recentLimit_);
}

void CpuBackend::clearCaches() {
  std::vector<std::shared_ptr<codegen::JitCode>> unpinned; // freed unlocked
  {
    std::lock_guard<std::mutex> lock(cacheMutex_);
    for (auto &kv : cache_)
      if (kv.second.pinned)
        unpinned.push_back(std::move(kv.second.pinned));
    recent_.clear();
  }
  unpinned.clear();
  std::lock_guard<std::mutex> lock(cacheMutex_);
  sweepLocked();
}

size_t CpuBackend::liveCodeCount() {
  std::lock_guard<std::mutex> lock(cacheMutex_);
  size_t n = 0;
  for (auto &kv : cache_)
    n += !kv.second.code.expired();
  return n;
}

void CpuBackend::trimLocked(size_t limit) {
  while (recent_.size() > limit) {
    CacheEntry &e = cache_.at(*recent_.back());
    recent_.pop_back();
    e.pinned.reset(); // frees the code unless an executable still runs it
  }
}

void CpuBackend::sweepLocked() {
  for (auto it = cache_.begin(); it != cache_.end();)
    it = it->second.code.expired() ? cache_.erase(it) : std::next(it);
  sweepAt_ = 2 * cache_.size() + 64;
}

std::shared_ptr<codegen::JitCode>
CpuBackend::codeFor(const ir::Module &module, codegen::ProgramInfo &info) {
  std::string key = emitTag_ + (codegen::pollStopsEnabled() ? "" : "nopoll|") +
                    ir::printModule(module);
  auto ctx = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> mod =
      emitter_ ? emitter_(module, *ctx, info)
               : codegen::emitModule(module, *ctx, info);
  std::lock_guard<std::mutex> lock(cacheMutex_);
  // Keeps the LRU's most recent entry the one used now.
  auto touch = [&](const std::string &k, CacheEntry &e,
                   const std::shared_ptr<codegen::JitCode> &code) {
    if (e.pinned)
      recent_.erase(e.pos);
    if (recentLimit_ == 0)
      return;
    e.pinned = code;
    recent_.push_front(&k);
    e.pos = recent_.begin();
    trimLocked(recentLimit_);
  };
  auto it = cache_.find(key);
  if (it != cache_.end()) {
    if (std::shared_ptr<codegen::JitCode> code = it->second.code.lock()) {
      touch(it->first, it->second, code);
      return code;
    }
  }
  codegen::JitDumps dumps;
  for (const std::string &s : dumpStages_) {
    dumps.wantLLVM |= s == "llvm";
    dumps.wantAsm |= s == "asm";
  }
  auto added = jit_->add(std::move(mod), std::move(ctx),
                         {codegen::kEntrySymbol}, key, 2, &dumps);
  if (!added)
    throw ParaxError("InternalError",
                     "LLVM failed to compile a program: " +
                         errorText(added.takeError()));
  std::shared_ptr<codegen::JitCode> code = std::move(*added);
  std::string name = module.funcs()[0]->name();
  if (dumpHook_) {
    if (dumps.wantLLVM)
      dumpHook_("llvm", dumps.llvm, name);
    if (dumps.wantAsm)
      dumpHook_("asm", dumps.assembly, name);
  }
  if (cache_.size() >= sweepAt_)
    sweepLocked();
  auto ins = cache_.try_emplace(std::move(key)).first;
  ins->second.code = code;
  touch(ins->first, ins->second, code);
  return code;
}

std::unique_ptr<Executable>
CpuBackend::compile(std::shared_ptr<const ir::Module> module) {
  codegen::ProgramInfo info;
  std::shared_ptr<codegen::JitCode> code = codeFor(*module, info);
  return std::make_unique<CpuExecutable>(std::move(module), std::move(info),
                                         std::move(code), *this);
}

std::vector<Array> CpuBackend::evalEager(ir::OpKind kind,
                                         const ir::Attrs &attrs,
                                         const std::vector<Array> &inputs,
                                         const std::vector<TensorType> &rts) {
  return evalPureOp(kind, attrs, inputs, rts);
}

} // namespace parax::runtime
