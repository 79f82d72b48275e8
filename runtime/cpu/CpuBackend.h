//===- CpuBackend.h - the LLVM CPU backend ----------------------*- C++ -*-===//
//
// `--backend cpu`: programs are lowered to LLVM IR (codegen/EmitLLVM),
// optimised at O2 for the host CPU and JIT-compiled with ORC LLJIT. Compiled
// code is cached process-wide by the program's printed IR (so identical
// programs compile once) and on disk by a hash of that text, the compiler
// configuration and the parax build (codegen/JitCache: PARAX_CACHE_DIR,
// default ~/.cache/parax, "off" disables it; docs/cache.md).
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

  ThreadPool &pool() { return pool_; }

private:
  explicit CpuBackend(int numDevices);
  /// Compiled entry point for `module` (cached), filling `info`.
  ParaxEntryFn codeFor(const ir::Module &module, codegen::ProgramInfo &info);

  int numDevices_;
  std::unique_ptr<codegen::CpuJit> jit_;
  ThreadPool pool_;
  std::mutex cacheMutex_;
  std::unordered_map<std::string, ParaxEntryFn> cache_;
  ModuleEmitter emitter_;
  std::string emitTag_;
};

} // namespace parax::runtime
