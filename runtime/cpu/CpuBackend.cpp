//===- CpuBackend.cpp - the LLVM CPU backend ------------------------------===//
//
// compile():
//  1. print the module (the cache key: ops, attributes, types and small
//     constants; large constants travel by table, so code does not depend
//     on their data);
//  2. emit LLVM IR (always: ProgramInfo belongs to this module);
//  3. on a process-cache miss, hand the module to CpuJit (O2, or the disk
//     object cache) and keep the entry address.
// run(): binds the arguments and the constant table, calls the entry under
// FTZ/DAZ, and turns the returned pointers into Arrays that share the
// runtime buffers (no copies).
//
//===----------------------------------------------------------------------===//
#include "runtime/cpu/CpuBackend.h"
#include "codegen/CpuJit.h"
#include "codegen/EmitLLVM.h"
#include "codegen/LLVMHeaders.h"
#include "ir/Diagnostics.h"
#include "ir/Printer.h"
#include "runtime/Kernels.h"
#include "runtime/cpu/RtContext.h"

#include <cstdio>
#include <cstdlib>
#include <sys/stat.h>

namespace parax::runtime {

namespace {

std::string cacheDirectory() {
  const char *env = std::getenv("PARAX_CACHE_DIR");
  if (env) {
    std::string v = env;
    if (v.empty() || v == "off" || v == "0")
      return "";
    return v;
  }
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg)
    return std::string(xdg) + "/parax";
  const char *home = std::getenv("HOME");
  if (home && *home)
    return std::string(home) + "/.cache/parax";
  return "";
}

/// Identifies this build of parax (a rebuilt code generator must not reuse
/// objects cached by an older one).
std::string binaryStamp() {
  struct stat st;
  if (::stat("/proc/self/exe", &st) == 0)
    return std::to_string(st.st_size) + ":" + std::to_string(st.st_mtime);
  return "unknown";
}

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
                ParaxEntryFn fn, CpuBackend &backend)
      : module_(std::move(m)), info_(std::move(info)), fn_(fn),
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
  auto jit = codegen::CpuJit::Create(std::move(syms), cacheDirectory());
  if (!jit) {
    error = "cannot create the LLVM JIT: " + errorText(jit.takeError());
    return nullptr;
  }
  b->jit_ = std::move(*jit);
  b->binaryStamp_ = binaryStamp();
  return b;
}

CpuBackend::CpuBackend(int numDevices) : numDevices_(numDevices) {}
CpuBackend::~CpuBackend() = default;

ParaxEntryFn CpuBackend::codeFor(const ir::Module &module,
                                 codegen::ProgramInfo &info) {
  std::string key = emitTag_ + (codegen::pollStopsEnabled() ? "" : "nopoll|") +
                    ir::printModule(module);
  auto ctx = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> mod =
      emitter_ ? emitter_(module, *ctx, info)
               : codegen::emitModule(module, *ctx, info);
  std::lock_guard<std::mutex> lock(cacheMutex_);
  auto it = cache_.find(key);
  if (it != cache_.end())
    return it->second;
  std::string diskKey = codegen::hashHex(key + "|" + jit_->cpuDescription() +
                                         "|" LLVM_VERSION_STRING "|" +
                                         binaryStamp_);
  codegen::JitDumps dumps;
  for (const std::string &s : dumpStages_) {
    dumps.wantLLVM |= s == "llvm";
    dumps.wantAsm |= s == "asm";
  }
  auto addrs = jit_->add(std::move(mod), std::move(ctx),
                         {codegen::kEntrySymbol}, diskKey, 2, &dumps);
  if (!addrs)
    throw ParaxError("InternalError",
                     "LLVM failed to compile a program: " +
                         errorText(addrs.takeError()));
  std::string name = module.funcs()[0]->name();
  if (dumpHook_) {
    if (dumps.wantLLVM)
      dumpHook_("llvm", dumps.llvm, name);
    if (dumps.wantAsm)
      dumpHook_("asm", dumps.assembly, name);
  }
  auto fn = reinterpret_cast<ParaxEntryFn>((*addrs)[0]);
  cache_[key] = fn;
  return fn;
}

std::unique_ptr<Executable>
CpuBackend::compile(std::shared_ptr<const ir::Module> module) {
  codegen::ProgramInfo info;
  ParaxEntryFn fn = codeFor(*module, info);
  return std::make_unique<CpuExecutable>(std::move(module), std::move(info),
                                         fn, *this);
}

std::vector<Array> CpuBackend::evalEager(ir::OpKind kind,
                                         const ir::Attrs &attrs,
                                         const std::vector<Array> &inputs,
                                         const std::vector<TensorType> &rts) {
  return evalPureOp(kind, attrs, inputs, rts);
}

} // namespace parax::runtime
