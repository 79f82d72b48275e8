//===- CpuJit.h - ORC LLJIT for the host CPU --------------------*- C++ -*-===//
//
// A small KaleidoscopeJIT-shaped wrapper: fallible construction (Create ->
// Expected), one JITDylib per compiled program (so every program can use the
// same symbol names and a cached object file can be loaded as is), the
// runtime's parax_rt_* entry points and the process's libm/libmvec visible
// to all of them, and an optional on-disk object cache (codegen/JitCache:
// verified entries keyed by a SHA-256 of the program key and the compiler
// configuration).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
class DataLayout;
class Error;
template <typename T> class Expected;
} // namespace llvm

namespace parax::codegen {

/// A name the JIT resolves to a fixed address (the runtime ABI).
struct JitSymbol {
  std::string name;
  void *address;
};

/// Intermediate forms of one compiled program (for --dump llvm / asm).
struct JitDumps {
  bool wantLLVM = false, wantAsm = false;
  std::string llvm, assembly;
};

class CpuJit {
public:
  /// Builds the JIT for the host CPU (detectHost). `cacheDir` empty disables
  /// the on-disk object cache; an unusable one is skipped with a warning.
  static llvm::Expected<std::unique_ptr<CpuJit>>
  Create(std::vector<JitSymbol> runtimeSymbols, std::string cacheDir);
  ~CpuJit();

  /// The data layout and triple every module must carry.
  const llvm::DataLayout &dataLayout() const;
  std::string triple() const;
  /// "znver4 +avx2,+fma,..." : part of the object-cache key.
  std::string cpuDescription() const;

  /// Optimises `m` at `optLevel` (skipped when the object cache holds a
  /// verified object for `cacheKey`), compiles it into a fresh JITDylib and
  /// returns the address of each name in `symbols`. `cacheKey` (any text
  /// that determines the module, e.g. its source IR) empty: no disk caching.
  llvm::Expected<std::vector<void *>>
  add(std::unique_ptr<llvm::Module> m, std::unique_ptr<llvm::LLVMContext> ctx,
      const std::vector<std::string> &symbols, const std::string &cacheKey,
      int optLevel, JitDumps *dumps);

private:
  struct Impl;
  explicit CpuJit(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

} // namespace parax::codegen
