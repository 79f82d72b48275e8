//===- Optimize.cpp - the LLVM optimisation pipeline ----------------------===//
//
// The Kaleidoscope chapter 4 recipe with the new pass manager:
//  1. build the four analysis managers and a PassBuilder bound to the host
//     TargetMachine;
//  2. register a TargetLibraryInfo whose vector-function table includes
//     libmvec (x86 only), before the default function analyses so it wins;
//  3. cross-register the proxies and run buildPerModuleDefaultPipeline.
// Floating-point semantics are decided by the emitter (fast-math flags only
// where reassociation is intended), not here.
//
//===----------------------------------------------------------------------===//
#define PARAX_LLVM_WANT_JIT
#include "codegen/Optimize.h"
#include "codegen/LLVMHeaders.h"

namespace parax::codegen {

void optimizeModule(llvm::Module &m, llvm::TargetMachine &tm, int level) {
  if (level <= 0)
    return;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions pto;
  pto.LoopVectorization = true;
  pto.SLPVectorization = true;
  pto.LoopUnrolling = true;
  llvm::PassBuilder pb(&tm, pto);

  llvm::Triple triple(m.getTargetTriple());
  llvm::TargetLibraryInfoImpl tlii(triple);
  if (triple.getArch() == llvm::Triple::x86_64)
    tlii.addVectorizableFunctionsFromVecLib(
        llvm::TargetLibraryInfoImpl::LIBMVEC_X86, triple);
  fam.registerPass([&] { return llvm::TargetLibraryAnalysis(tlii); });

  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);

  llvm::OptimizationLevel ol = level == 1   ? llvm::OptimizationLevel::O1
                               : level == 2 ? llvm::OptimizationLevel::O2
                                            : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(ol);
  mpm.run(m, mam);
}

} // namespace parax::codegen
