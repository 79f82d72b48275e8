//===- LLVMHeaders.h - the single include point for LLVM --------*- C++ -*-===//
//
// Every parax file that needs LLVM includes this header instead of LLVM's
// own (Halide's LLVM_Headers.h idiom), so the LLVM version guard lives in one
// place. By default only the IR-building headers are pulled in (about 2 s of
// compile time per TU); a TU that drives the JIT or the pass pipeline defines
// PARAX_LLVM_WANT_JIT before including it (LLJIT.h and PassBuilder.h cost
// 5 s each, so only CpuJit.cpp and Optimize.cpp do).
//
// Nothing outside codegen/ and runtime/cpu/ includes this file.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Config/llvm-config.h"

#if LLVM_VERSION_MAJOR != 19
#error "parax's code generator targets LLVM 19 (find_package(LLVM 19.1))"
#endif

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsX86.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Type.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#ifdef PARAX_LLVM_WANT_JIT
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/ExecutionEngine/ObjectCache.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/IRCompileLayer.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#endif
