//===- EmitLLVM.h - parax IR -> LLVM IR -------------------------*- C++ -*-===//
//
// The code generator's entry point. A parax Module (entry = its first
// function) becomes one LLVM module whose function `parax_main` has the
// ParaxEntryFn signature of codegen/RuntimeABI.h; each pmap region becomes
// an outlined function of the same signature that the runtime runs on the
// device threads. What the runtime needs to serve the generated calls (the
// ops referred to by id, the large constants) is returned as ProgramInfo,
// built in a deterministic order so that two modules with the same printed
// IR get interchangeable code.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

#include <memory>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace parax::codegen {

/// Name of the entry function in every generated module.
inline constexpr const char *kEntrySymbol = "parax_main";

/// Constants with more elements than this are passed by table instead of
/// being embedded (the IR printer elides their data, so cached code must
/// not depend on it).
inline constexpr int64_t kMaxEmbeddedConstant = 16;

struct ProgramInfo {
  /// Ops the runtime handles, indexed by the id passed in generated calls.
  std::vector<const ir::Operation *> ops;
  /// For each op id: the values appended to its operands (a pmap region's
  /// captures from enclosing scopes); empty otherwise.
  std::vector<std::vector<const ir::Value *>> captures;
  /// For each pmap op id: which results each device writes straight into
  /// its slot of the stacked output (computed there: a fused or scalar
  /// result stacked on axis 0); empty for other ops.
  std::vector<std::vector<bool>> pmapInPlace;
  /// The table behind the entry's `consts` argument.
  std::vector<Array> constants;
};

/// Whether fori_loop/scan/while_loop poll the stop word at each back edge
/// (Ctrl-C, interrupt(), --timeout). Always on, except PARAX_POLL_STOPS=off,
/// which exists only to measure what the polling costs (bench/); the code
/// cache keys on it.
bool pollStopsEnabled();

/// Lowers `m` into a new LLVM module in `ctx`. Throws ParaxError
/// ("InternalError") for IR it cannot lower; never lets it cross LLVM.
std::unique_ptr<llvm::Module> emitModule(const ir::Module &m,
                                         llvm::LLVMContext &ctx,
                                         ProgramInfo &info);

} // namespace parax::codegen
