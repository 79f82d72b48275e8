//===- Optimize.h - the LLVM optimisation pipeline --------------*- C++ -*-===//
//
// Runs LLVM's new-pass-manager default pipeline on a generated module, with
// the host TargetMachine (so the loop vectoriser sees the real vector width,
// TOOLCHAIN.md G8) and a TargetLibraryInfo that knows glibc's libmvec (so
// loops calling sinf/cosf/... vectorise, G9).
//
//===----------------------------------------------------------------------===//
#pragma once

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace parax::codegen {

/// Optimises `m` in place at -O`level` (0..3) for `tm`.
void optimizeModule(llvm::Module &m, llvm::TargetMachine &tm, int level);

} // namespace parax::codegen
