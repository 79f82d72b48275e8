//===- EmitParallelCpu.cpp - loops split over the CPU's worker pool -------===//
//
// A big loop of the CPU lowering (a fused fill, the chunks of a large
// reduction, the rows of a dot) is emitted as a kernel region
// (EmitKernelRegion.cpp: allocations are hoisted in front of it, releases
// deferred past it) whose loop runs over [lo, hi) instead of [0, n), lo and
// hi being placeholder calls in front of the region. After the function is
// emitted, outlineParallelLoops:
//  1. outlines the region with CodeExtractor into a function k(inputs...);
//  2. writes a chunk function `void k.chunk(env, lo, hi)` that loads the
//     other inputs from `env` (a struct on the caller's stack) and calls k
//     (inlined) with the chunk's bounds;
//  3. replaces the call to k by stores of the inputs into env and
//     parax_rt_parallel_for(ctx, k.chunk, env, n, grain), which runs the
//     chunks on the caller's thread and the pool's helpers.
// A region that does more than compute and store (a runtime call, a branch
// out of it, values used after it) is left in place with lo = 0, hi = n:
// the serial loop, as if it had never been marked. Whether a loop splits
// depends only on its size, never on the machine's thread count, so code is
// the same everywhere (the runtime picks the width); and every chunk
// computes what the serial loop computes for its iterations, so results do
// not depend on how the range is split.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"

#include <cstdlib>

namespace parax::codegen {

namespace {

/// Elements of work (about one memory access each) below which a loop is
/// not worth splitting: a parallel_for costs a few microseconds.
constexpr int64_t kMinParallelWork = int64_t(1) << 17;
/// The smallest chunk, in the same units.
constexpr int64_t kMinChunkWork = int64_t(1) << 15;

bool parallelLoopsEnabled() {
  static const bool on = [] {
    const char *e = std::getenv("PARAX_PARALLEL_LOOPS");
    return !(e && (std::string(e) == "off" || std::string(e) == "0"));
  }();
  return on;
}

llvm::FunctionCallee placeholder(llvm::Module &m, const char *name) {
  auto *fty = llvm::FunctionType::get(llvm::Type::getInt64Ty(m.getContext()), {}, false);
  return m.getOrInsertFunction(name, fty);
}

/// Why region `r` must stay serial ("" when it can be split).
std::string unfit(const KernelRegion &r, llvm::CodeExtractor &ce) {
  for (llvm::BasicBlock *bb : r.blocks)
    for (llvm::Instruction &i : *bb)
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&i)) {
        llvm::Function *f = call->getCalledFunction();
        if (!f)
          return "an indirect call";
        if (f->getName().starts_with("parax_"))
          return "calls the runtime";
      }
  if (!ce.isEligible())
    return "not a single-entry region";
  llvm::SetVector<llvm::Value *> ins, outs, sinks;
  ce.findInputsOutputs(ins, outs, sinks);
  if (!outs.empty())
    return "values used after the loop";
  return "";
}

/// The static allocas of outlined `k` into its entry block (the region's
/// slots were made in its first block, which is not k's entry).
void hoistAllocas(llvm::Function &k) {
  llvm::BasicBlock &entry = k.getEntryBlock();
  std::vector<llvm::AllocaInst *> allocas;
  for (llvm::BasicBlock &bb : k)
    if (&bb != &entry)
      for (llvm::Instruction &i : bb)
        if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i))
          if (llvm::isa<llvm::Constant>(a->getArraySize()))
            allocas.push_back(a);
  for (llvm::AllocaInst *a : allocas)
    a->moveBefore(&*entry.getFirstInsertionPt());
}

/// Steps 2-3 for the extracted `k`, called once from `call`.
void wireChunks(llvm::Module &m, llvm::Function &k, llvm::CallInst &call,
                const KernelRegion &r, llvm::FunctionCallee parallelFor) {
  llvm::LLVMContext &c = m.getContext();
  llvm::Type *i64 = llvm::Type::getInt64Ty(c);
  llvm::PointerType *ptr = llvm::PointerType::get(c, 0);
  // The env struct: every argument of k but the bounds.
  std::vector<unsigned> envArgs;
  std::vector<llvm::Type *> fields;
  for (unsigned a = 0; a < call.arg_size(); ++a) {
    llvm::Value *v = call.getArgOperand(a);
    if (v == r.lo || v == r.hi)
      continue;
    envArgs.push_back(a);
    fields.push_back(v->getType());
  }
  llvm::StructType *envTy = llvm::StructType::get(c, fields);

  auto *chunkTy = llvm::FunctionType::get(llvm::Type::getVoidTy(c), {ptr, i64, i64}, false);
  llvm::Function *chunk = llvm::Function::Create(
      chunkTy, llvm::GlobalValue::InternalLinkage, k.getName() + ".chunk", &m);
  chunk->addFnAttr(llvm::Attribute::NoUnwind);
  for (const llvm::Attribute &a : k.getAttributes().getFnAttrs())
    if (a.isStringAttribute())
      chunk->addFnAttr(a);
  {
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", chunk));
    llvm::Value *env = chunk->getArg(0);
    std::vector<llvm::Value *> args(call.arg_size());
    for (size_t f = 0; f < envArgs.size(); ++f)
      args[envArgs[f]] = b.CreateLoad(fields[f], b.CreateStructGEP(envTy, env, unsigned(f)));
    for (unsigned a = 0; a < call.arg_size(); ++a) {
      llvm::Value *v = call.getArgOperand(a);
      if (v == r.lo)
        args[a] = chunk->getArg(1);
      else if (v == r.hi)
        args[a] = chunk->getArg(2);
    }
    b.CreateCall(&k, args);
    b.CreateRetVoid();
  }
  k.setLinkage(llvm::GlobalValue::InternalLinkage);
  k.addFnAttr(llvm::Attribute::AlwaysInline);
  k.addFnAttr(llvm::Attribute::NoUnwind);

  // The call site: fill env, run the chunks.
  llvm::Function &caller = *call.getFunction();
  llvm::IRBuilder<> b(&*caller.getEntryBlock().getFirstInsertionPt());
  llvm::AllocaInst *env = b.CreateAlloca(envTy);
  b.SetInsertPoint(&call);
  for (size_t f = 0; f < envArgs.size(); ++f)
    b.CreateStore(call.getArgOperand(envArgs[f]), b.CreateStructGEP(envTy, env, unsigned(f)));
  b.CreateCall(parallelFor, {r.ctx, chunk, env, b.getInt64(uint64_t(r.n)),
                             b.getInt64(uint64_t(r.grain))});
  call.eraseFromParent();
}

} // namespace

bool Emitter::splitsLoop(int64_t n, int64_t workPerIter) const {
  if (gpu || inKernelRegion() || !parallelLoopsEnabled() || n < 2)
    return false;
  return n * std::max<int64_t>(1, workPerIter) >= kMinParallelWork;
}

void Emitter::parallelLoop(int64_t n, int64_t workPerIter,
                           const std::function<void(llvm::Value *)> &body) {
  if (!splitsLoop(n, workPerIter)) {
    loop(n, body);
    return;
  }
  llvm::Instruction *lo = B.CreateCall(placeholder(M, "parax.chunk.lo"));
  llvm::Instruction *hi = B.CreateCall(placeholder(M, "parax.chunk.hi"));
  beginKernelRegion(KernelKind::Grid, currentOp, n);
  KernelRegion &r = kernelRegions.back();
  r.cpuParallel = true;
  r.lo = lo;
  r.hi = hi;
  r.ctx = ctxArg();
  r.n = n;
  r.grain = std::max<int64_t>(1, kMinChunkWork / std::max<int64_t>(1, workPerIter));
  loop(lo, hi, body);
  endKernelRegion();
}

/// Outlines the CPU parallel loops of `e` (step 1-3 above); regions that
/// cannot be split become serial loops again.
void outlineParallelLoops(Emitter &e) {
  llvm::FunctionCallee pf = e.rt("parax_rt_parallel_for");
  for (KernelRegion &r : e.kernelRegions) {
    if (!r.cpuParallel)
      continue;
    bool done = false;
    if (!r.blocks.empty() && r.blocks.front() == r.begin) {
      llvm::CodeExtractorAnalysisCache cache(*r.fn);
      llvm::CodeExtractor ce(r.blocks, nullptr, false, nullptr, nullptr, nullptr,
                             false, /*AllowAlloca=*/true, nullptr, "par");
      if (unfit(r, ce).empty()) {
        llvm::Function *k = ce.extractCodeRegion(cache);
        if (k && k->getReturnType()->isVoidTy() && k->hasOneUse()) {
          if (auto *call = llvm::dyn_cast<llvm::CallInst>(k->user_back())) {
            hoistAllocas(*k);
            wireChunks(e.M, *k, *call, r, pf);
            done = true;
          }
        }
      }
    }
    if (!done) {
      r.lo->replaceAllUsesWith(e.c64(0));
      r.hi->replaceAllUsesWith(e.c64(r.n));
    }
    r.lo->eraseFromParent();
    r.hi->eraseFromParent();
  }
  e.kernelRegions.clear();
  for (const char *n : {"parax.chunk.lo", "parax.chunk.hi"})
    if (llvm::Function *f = e.M.getFunction(n); f && f->use_empty())
      f->eraseFromParent();
}

} // namespace parax::codegen
