//===- CpuJit.h - ORC LLJIT for the host CPU --------------------*- C++ -*-===//
//
// A small KaleidoscopeJIT-shaped wrapper: fallible construction (Create ->
// Expected), one JITDylib per compiled program (so every program can use the
// same symbol names, a cached object file can be loaded as is, and removing
// the dylib frees exactly that program's code: see JitCode), the
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

struct CpuJitImpl;

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

/// One compiled program's code. Destroying it frees the code (its JITDylib
/// is removed from the session); if the CpuJit is already gone, the code
/// went with it. May be destroyed on any thread.
class JitCode {
public:
  ~JitCode();
  JitCode(const JitCode &) = delete;
  JitCode &operator=(const JitCode &) = delete;
  /// The address of each symbol asked for, in order.
  const std::vector<void *> &addresses() const { return addresses_; }

private:
  friend class CpuJit;
  JitCode() = default;
  std::weak_ptr<struct CpuJitImpl> jit_;
  void *dylib_ = nullptr; ///< llvm::orc::JITDylib *
  std::vector<void *> addresses_;
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
  /// returns the code, with the address of each name in `symbols`.
  /// `cacheKey` (any text that determines the module, e.g. its source IR)
  /// empty: no disk caching.
  llvm::Expected<std::shared_ptr<JitCode>>
  add(std::unique_ptr<llvm::Module> m, std::unique_ptr<llvm::LLVMContext> ctx,
      const std::vector<std::string> &symbols, const std::string &cacheKey,
      int optLevel, JitDumps *dumps);

private:
  using Impl = CpuJitImpl;
  explicit CpuJit(std::shared_ptr<Impl> impl);
  std::shared_ptr<Impl> impl_; ///< Shared only with JitCode's weak_ptrs.
};

} // namespace parax::codegen
