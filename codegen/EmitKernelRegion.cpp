//===- EmitKernelRegion.cpp - marking GPU kernel regions during lowering --===//
//
// In GPU mode (Emitter::gpu) the lowering is unchanged except that the code
// touching array elements is bracketed into kernel regions: a region is a
// single-entry, single-exit run of blocks that codegen/EmitPTX outlines into
// a kernel. Runtime calls (buffer allocation and release) stay on the host:
// allocations are hoisted in front of the region, releases deferred past it.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "ir/OpRules.h"

namespace parax::codegen {

bool Emitter::beginKernelRegion(KernelKind kind, const std::string &op,
                                int64_t elements) {
  if (inKernelRegion())
    return false;
  KernelRegion r;
  r.fn = F;
  r.kind = kind;
  r.op = op;
  r.elements = elements;
  regionBefore_.clear();
  for (llvm::BasicBlock &bb : *F)
    regionBefore_.insert(&bb);
  r.begin = llvm::BasicBlock::Create(C, "kernel", F);
  r.entry = B.CreateBr(r.begin);
  B.SetInsertPoint(r.begin);
  llvm::BasicBlock *body = llvm::BasicBlock::Create(C, "kernel.body", F);
  B.CreateBr(body);
  B.SetInsertPoint(body);
  kernelRegions.push_back(std::move(r));
  regionOpen_ = int(kernelRegions.size()) - 1;
  return true;
}

void Emitter::endKernelRegion() {
  KernelRegion &r = kernelRegions[regionOpen_];
  for (llvm::BasicBlock &bb : *F)
    if (!regionBefore_.count(&bb))
      r.blocks.push_back(&bb);
  // The region's single exit.
  llvm::BasicBlock *exit = llvm::BasicBlock::Create(C, "kernel.end", F);
  B.CreateBr(exit);
  B.SetInsertPoint(exit);
  regionOpen_ = -1;
  regionBefore_.clear();
  for (llvm::Value *p : r.deferredReleases)
    release(p);
  r.deferredReleases.clear();
}

static llvm::Value *gridCall(Emitter &e, const char *name) {
  auto *fty = llvm::FunctionType::get(e.i64(), {}, false);
  llvm::FunctionCallee fc = e.M.getOrInsertFunction(name, fty);
  return e.B.CreateCall(fc);
}

llvm::Value *Emitter::gridStart() { return gridCall(*this, "parax_gpu_first"); }
llvm::Value *Emitter::gridStride() {
  return gridCall(*this, "parax_gpu_stride");
}
llvm::Value *Emitter::gpuThread() { return gridCall(*this, "parax_gpu_thread"); }
llvm::Value *Emitter::gpuBlock() { return gridCall(*this, "parax_gpu_block"); }

void Emitter::gpuBarrier() {
  auto *fty = llvm::FunctionType::get(B.getVoidTy(), {}, false);
  B.CreateCall(M.getOrInsertFunction("parax_gpu_barrier", fty));
}

llvm::Value *Emitter::gpuShared() {
  auto *fty = llvm::FunctionType::get(ptrTy(), {}, false);
  return B.CreateCall(M.getOrInsertFunction("parax_gpu_shared", fty));
}

void Emitter::gridLoop(int64_t n,
                       const std::function<void(llvm::Value *)> &body) {
  llvm::Value *start = gridStart(), *stride = gridStride();
  llvm::BasicBlock *pre = B.GetInsertBlock();
  auto *header = llvm::BasicBlock::Create(C, "gloop", F);
  auto *bodyBB = llvm::BasicBlock::Create(C, "gbody", F);
  auto *exit = llvm::BasicBlock::Create(C, "gafter", F);
  B.CreateBr(header);
  B.SetInsertPoint(header);
  llvm::PHINode *iv = B.CreatePHI(i64(), 2, "gi");
  iv->addIncoming(start, pre);
  B.CreateCondBr(B.CreateICmpSLT(iv, c64(n)), bodyBB, exit);
  B.SetInsertPoint(bodyBB);
  body(iv);
  iv->addIncoming(B.CreateAdd(iv, stride, "", true, true), B.GetInsertBlock());
  B.CreateBr(header);
  B.SetInsertPoint(exit);
}

unsigned Emitter::opMetadataKind() { return C.getMDKindID("parax.op"); }

} // namespace parax::codegen

namespace parax::codegen {

void Emitter::emitOpGpu(const ir::Operation &op) {
  unsigned kind = opMetadataKind();
  std::string saved = currentOp;
  currentOp = op.name();
  // IRBuilder copies metadata only from an instruction: a detached carrier.
  auto tag = [&](const std::string &name) {
    llvm::Instruction *carrier = new llvm::UnreachableInst(C);
    carrier->setMetadata(kind,
                         llvm::MDNode::get(C, llvm::MDString::get(C, name)));
    B.CollectMetadataToCopy(carrier, {kind});
    carrier->deleteValue();
  };
  tag(currentOp);
  if (op.kind() == ir::OpKind::Scatter && emitScatterGpu(op)) {
    currentOp = saved; // kernels of its own, not the runtime's
    tag(currentOp);
    return;
  }
  bool region = false;
  switch (ir::reduceFamily(op.kind())) {
  case ir::ReduceFamily::Reduce:
    // Big reductions open their own parallel region (EmitReduce.cpp).
    if (!gpuReducesInParallel(op))
      region = beginKernelRegion(KernelKind::Serial, currentOp);
    break;
  case ir::ReduceFamily::Arg:
    region = beginKernelRegion(KernelKind::Serial, currentOp);
    break;
  case ir::ReduceFamily::Cumulative:
    if (emitCumulativeGpu(op)) { // a kernel of its own, not the runtime's
      currentOp = saved;
      tag(currentOp);
      return;
    }
    break;
  default:
    break;
  }
  emitOp(op);
  if (region)
    endKernelRegion();
  currentOp = saved;
  tag(currentOp);
}

} // namespace parax::codegen
