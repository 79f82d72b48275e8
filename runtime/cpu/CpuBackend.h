//===- CpuBackend.h - the LLVM CPU backend ----------------------*- C++ -*-===//
//
// `--backend cpu`: programs are lowered to LLVM IR (codegen/EmitLLVM),
// optimised at O2 for the host CPU and JIT-compiled with ORC LLJIT. Compiled
// code is shared by the program's printed IR (so identical programs compile
// once) and cached on disk by a hash of that text, the compiler
// configuration and the parax build (codegen/JitCache: PARAX_CACHE_DIR,
// default ~/.cache/parax, "off" disables it; docs/cache.md).
// Code lives while an executable uses it, plus in a small LRU of recently
// used programs (setCodeCacheLimit) so that re-created identical jit
// objects do not recompile; clearCaches() empties the LRU. Everything is
// freed with the backend.
// Virtual devices are threads of a persistent pool; collectives go through
// the interpreter's ThreadCommunicator, so results are bit-identical in
// device order. Eager single ops run the reference kernels directly (see
// evalEager for the measurement behind that choice).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/RuntimeABI.h"
#include "runtime/Backend.h"
#include "runtime/cpu/ThreadPool.h"

#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace parax::codegen {
class CpuJit;
class JitCode;
struct ProgramInfo;
} // namespace parax::codegen

namespace parax::runtime {

class CpuBackend : public Backend {
public:
  /// Null (with `error` set) when the JIT cannot be created. `extraSymbols`
  /// (name, address) join the runtime ABI in the JIT's symbol table.
  static std::unique_ptr<CpuBackend>
  create(int numDevices, std::string &error,
         std::vector<std::pair<std::string, void *>> extraSymbols = {});

  /// How programs are lowered (default codegen::emitModule). The cuda
  /// backend's CPU emulation swaps in the GPU lowering; `tag` keeps its
  /// cached code apart.
  using ModuleEmitter = std::function<std::unique_ptr<llvm::Module>(
      const ir::Module &, llvm::LLVMContext &, codegen::ProgramInfo &)>;
  void setEmitter(ModuleEmitter emitter, std::string tag) {
    emitter_ = std::move(emitter);
    emitTag_ = std::move(tag);
  }
  ~CpuBackend() override;

  std::string name() const override { return "cpu"; }
  int numDevices() const override { return numDevices_; }
  std::unique_ptr<Executable>
  compile(std::shared_ptr<const ir::Module> module) override;
  std::vector<Array> evalEager(ir::OpKind kind, const ir::Attrs &attrs,
                               const std::vector<Array> &inputs,
                               const std::vector<TensorType> &resultTypes)
      override;

  void setCodeCacheLimit(size_t programs) override;
  void clearCaches() override;
  /// Programs whose code is alive (for leak tests).
  size_t liveCodeCount();

  ThreadPool &pool() { return pool_; }

private:
  explicit CpuBackend(int numDevices);
  /// Compiled code for `module` (shared by identical programs), filling
  /// `info`.
  std::shared_ptr<codegen::JitCode> codeFor(const ir::Module &module,
                                            codegen::ProgramInfo &info);
  /// Drops map entries whose code is gone; cacheMutex_ held.
  void sweepLocked();
  /// Keeps at most `limit` codes in the LRU; cacheMutex_ held.
  void trimLocked(size_t limit);

  struct CacheEntry {
    std::weak_ptr<codegen::JitCode> code;
    /// Set while the entry is in recent_ (which keeps the code alive).
    std::shared_ptr<codegen::JitCode> pinned;
    std::list<const std::string *>::iterator pos;
  };

  int numDevices_;
  std::unique_ptr<codegen::CpuJit> jit_;
  ThreadPool pool_;
  std::mutex cacheMutex_;
  /// Printed IR -> its code (weak: executables own the code).
  std::unordered_map<std::string, CacheEntry> cache_;
  /// Keys of pinned entries, most recently used first.
  std::list<const std::string *> recent_;
  size_t recentLimit_ = 64;
  size_t sweepAt_ = 64;
  ModuleEmitter emitter_;
  std::string emitTag_;
};

} // namespace parax::runtime
