//===- EmitGpuResident.cpp - host programs over device memory -------------===//
//
// From lowerForGpu's host module (kernels outlined) to a program whose
// arrays all live in device memory (runtime/cuda/DeviceResident.h):
//  1. the buffer and runtime calls of the host part are renamed to their
//     parax_cuda_* counterparts (same signatures);
//  2. every host load/store/memcpy/memset that may touch an array (its
//     pointer does not come from a stack slot, a global or the entry's
//     tables) becomes an explicit transfer; the runtime checks the pointer
//     again, so a host pointer that got here is copied in place;
//  3. each kernel call becomes parax_cuda_launch_async with the kernel's
//     arguments in cuLaunchKernel's form; a kernel's scalar results (host
//     stack slots) are written to device scratch and read back after it;
//  4. parax_main is wrapped: arguments up, the program, results down.
// A pmap body (an outlined ParaxEntryFn) is rewritten as an entry too:
// parax_cuda_rt_pmap runs it per device over that device's memory.
//
//===----------------------------------------------------------------------===//
#include "codegen/EmitPTX.h"
#include "codegen/Emitter.h"
#include "codegen/GpuLowering.h"
#include "ir/Diagnostics.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IntrinsicInst.h"

namespace parax::codegen {

namespace {

[[noreturn]] void fail(const std::string &what) {
  throw ParaxError("InternalError",
                   "the cuda code generator failed (a bug in parax, please "
                   "report it): " + what);
}

/// Whether `ptr` certainly points at host memory: a stack slot, a global,
/// or (in the entry) its argument tables.
bool hostObject(const llvm::Value *ptr, bool entry) {
  const llvm::Value *obj = llvm::getUnderlyingObject(ptr, 0);
  return llvm::isa<llvm::AllocaInst>(obj) ||
         llvm::isa<llvm::GlobalVariable>(obj) ||
         (entry && llvm::isa<llvm::Argument>(obj));
}

const std::map<std::string, std::string> &renamed() {
  static const std::map<std::string, std::string> m = {
      {"parax_rt_alloc", "parax_cuda_alloc"},
      {"parax_rt_retain", "parax_cuda_retain"},
      {"parax_rt_release", "parax_cuda_release"},
      {"parax_rt_is_unique", "parax_cuda_is_unique"},
      {"parax_rt_eval", "parax_cuda_rt_eval"},
      {"parax_rt_collective", "parax_cuda_rt_collective"},
      {"parax_rt_debug_print", "parax_cuda_rt_debug_print"},
      {"parax_rt_debug_breakpoint", "parax_cuda_rt_debug_breakpoint"},
      {"parax_rt_pmap", "parax_cuda_rt_pmap"},
      {"parax_gpu_gemm", "parax_cuda_gemm"},
  };
  return m;
}

/// Runtime entry points that touch no array memory.
bool harmless(llvm::StringRef n) {
  return n == "parax_rt_axis_index" || n == "parax_rt_stop_word" ||
         n == "parax_rt_stopped" || n.starts_with("parax_cuda_");
}

/// Steps 1-2 on host function `f`; "" or why the program is not covered.
std::string rewriteHostFunction(llvm::Function &f, bool entry,
                                const std::map<std::string, size_t> &kernels) {
  llvm::Module &m = *f.getParent();
  llvm::LLVMContext &c = m.getContext();
  const llvm::DataLayout &dl = m.getDataLayout();
  llvm::Type *ptr = llvm::PointerType::get(c, 0);
  llvm::Type *i32 = llvm::Type::getInt32Ty(c), *i64 = llvm::Type::getInt64Ty(c);
  llvm::Type *voidTy = llvm::Type::getVoidTy(c);
  auto fn = [&](const char *name, llvm::Type *ret,
                std::vector<llvm::Type *> args) {
    return m.getOrInsertFunction(name,
                                 llvm::FunctionType::get(ret, args, false));
  };
  llvm::FunctionCallee read = fn("parax_cuda_read", voidTy, {ptr, ptr, ptr, i64});
  llvm::FunctionCallee write =
      fn("parax_cuda_write", voidTy, {ptr, ptr, ptr, i64});
  llvm::FunctionCallee copy =
      fn("parax_cuda_copy", voidTy, {ptr, ptr, ptr, i64, i32, i32});
  llvm::FunctionCallee fill = fn("parax_cuda_fill", voidTy, {ptr, ptr, i32, i64});
  // Outside the entry the current call is found by the runtime (null ctx).
  llvm::Value *ctx = entry ? static_cast<llvm::Value *>(f.getArg(2))
                           : llvm::ConstantPointerNull::get(
                                 llvm::PointerType::get(c, 0));
  auto newSlot = [&](llvm::Type *t) {
    llvm::BasicBlock &e = f.getEntryBlock();
    return llvm::IRBuilder<>(&e, e.begin()).CreateAlloca(t);
  };

  std::vector<llvm::Instruction *> work;
  for (llvm::BasicBlock &bb : f)
    for (llvm::Instruction &i : bb)
      work.push_back(&i);
  for (llvm::Instruction *i : work) {
    llvm::IRBuilder<> b(i);
    if (auto *l = llvm::dyn_cast<llvm::LoadInst>(i)) {
      if (l->isAtomic() || hostObject(l->getPointerOperand(), entry))
        continue;
      llvm::AllocaInst *tmp = newSlot(l->getType());
      b.CreateCall(read, {ctx, tmp, l->getPointerOperand(),
                          b.getInt64(dl.getTypeStoreSize(l->getType()))});
      llvm::LoadInst *v = b.CreateLoad(l->getType(), tmp);
      l->replaceAllUsesWith(v);
      l->eraseFromParent();
    } else if (auto *s = llvm::dyn_cast<llvm::StoreInst>(i)) {
      if (s->isAtomic() || hostObject(s->getPointerOperand(), entry))
        continue;
      llvm::Type *t = s->getValueOperand()->getType();
      llvm::AllocaInst *tmp = newSlot(t);
      b.CreateStore(s->getValueOperand(), tmp);
      b.CreateCall(write, {ctx, s->getPointerOperand(), tmp,
                           b.getInt64(dl.getTypeStoreSize(t))});
      s->eraseFromParent();
    } else if (auto *mt = llvm::dyn_cast<llvm::MemTransferInst>(i)) {
      bool dh = hostObject(mt->getRawDest(), entry),
           sh = hostObject(mt->getRawSource(), entry);
      if (dh && sh)
        continue;
      b.CreateCall(copy, {ctx, mt->getRawDest(), mt->getRawSource(),
                          b.CreateZExtOrTrunc(mt->getLength(), i64),
                          b.getInt32(!dh), b.getInt32(!sh)});
      mt->eraseFromParent();
    } else if (auto *ms = llvm::dyn_cast<llvm::MemSetInst>(i)) {
      if (hostObject(ms->getRawDest(), entry))
        continue;
      b.CreateCall(fill, {ctx, ms->getRawDest(),
                          b.CreateZExt(ms->getValue(), i32),
                          b.CreateZExtOrTrunc(ms->getLength(), i64)});
      ms->eraseFromParent();
    } else if (auto *call = llvm::dyn_cast<llvm::CallInst>(i)) {
      llvm::Function *callee = call->getCalledFunction();
      if (!callee)
        return "an indirect call in the host program";
      std::string n = callee->getName().str();
      auto r = renamed().find(n);
      if (r != renamed().end()) {
        call->setCalledFunction(
            m.getOrInsertFunction(r->second, callee->getFunctionType()));
        continue;
      }
      if (callee->isIntrinsic() || harmless(n) || kernels.count(n))
        continue;
      if (n == "parax_rt_parallel_for")
        return "a loop on the intra-op thread pool";
      for (llvm::Value *a : call->args())
        if (a->getType()->isPointerTy() && !hostObject(a, entry))
          return "the host program calls " + n + " on an array";
    }
  }
  return "";
}

/// The store that is the only use of the only load of kernel result slot
/// `slot` (a stack slot the kernel call `call` writes), when it stores into
/// an array; null otherwise.
llvm::StoreInst *onlyDeviceStore(llvm::Value *slot, llvm::CallInst *call) {
  auto *a = llvm::dyn_cast<llvm::AllocaInst>(slot);
  if (!a)
    return nullptr;
  llvm::LoadInst *load = nullptr;
  for (llvm::User *u : a->users()) {
    if (u == call)
      continue;
    if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(u);
        ii && ii->isLifetimeStartOrEnd())
      continue;
    auto *l = llvm::dyn_cast<llvm::LoadInst>(u);
    if (!l || load)
      return nullptr;
    load = l;
  }
  if (!load || !load->hasOneUse() || load->getParent() != call->getParent())
    return nullptr;
  auto *st = llvm::dyn_cast<llvm::StoreInst>(*load->user_begin());
  if (!st || st->getValueOperand() != load ||
      st->getFunction() != call->getFunction() ||
      hostObject(st->getPointerOperand(), true))
    return nullptr;
  return st;
}

/// Step 3 for kernel `pk`: its calls become enqueued launches.
void rewriteLaunches(llvm::Module &host, const PtxKernel &pk,
                     llvm::Constant *ptxText, bool hostKernels) {
  llvm::LLVMContext &ctx = host.getContext();
  const llvm::DataLayout &dl = host.getDataLayout();
  llvm::Type *ptr = llvm::PointerType::get(ctx, 0);
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx), *i64 = llvm::Type::getInt64Ty(ctx);
  llvm::Type *voidTy = llvm::Type::getVoidTy(ctx);
  llvm::FunctionCallee launch = host.getOrInsertFunction(
      "parax_cuda_launch_async",
      llvm::FunctionType::get(i32, {ptr, ptr, ptr, ptr, i32, i64, ptr}, false));
  llvm::FunctionCallee alloc = host.getOrInsertFunction(
      "parax_cuda_alloc", llvm::FunctionType::get(ptr, {ptr, i64}, false));
  llvm::FunctionCallee release = host.getOrInsertFunction(
      "parax_cuda_release",
      llvm::FunctionType::get(voidTy, {ptr, ptr}, false));
  llvm::FunctionCallee read = host.getOrInsertFunction(
      "parax_cuda_read",
      llvm::FunctionType::get(voidTy, {ptr, ptr, ptr, i64}, false));

  llvm::Function *k = host.getFunction(pk.name);
  llvm::Constant *nameC = llvm::ConstantDataArray::getString(ctx, pk.name, true);
  auto *name = new llvm::GlobalVariable(host, nameC->getType(), true,
                                        llvm::GlobalValue::PrivateLinkage,
                                        nameC, "parax_kernel_name");
  std::vector<llvm::Type *> tys;
  for (llvm::Argument &a : k->args())
    tys.push_back(a.getType());
  auto *envTy = llvm::StructType::get(ctx, tys);
  llvm::Constant *unpack = llvm::ConstantPointerNull::get(
      llvm::PointerType::get(ctx, 0));
  if (hostKernels) {
    auto *fn = llvm::Function::Create(
        llvm::FunctionType::get(voidTy, {ptr}, false),
        llvm::GlobalValue::InternalLinkage, pk.name + ".unpack", host);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", fn));
    std::vector<llvm::Value *> args;
    for (unsigned i = 0; i < tys.size(); ++i)
      args.push_back(b.CreateLoad(
          tys[i],
          b.CreateLoad(ptr, b.CreateConstGEP1_32(ptr, fn->getArg(0), i))));
    b.CreateCall(k, args);
    b.CreateRetVoid();
    unpack = fn;
  }
  for (llvm::User *u : llvm::make_early_inc_range(k->users())) {
    auto *call = llvm::dyn_cast<llvm::CallInst>(u);
    if (!call)
      fail("a kernel is used other than by a call");
    llvm::Function *f = call->getFunction();
    if (f->getName().ends_with(".unpack"))
      continue;
    if (f->arg_size() != 4)
      fail("a kernel launched outside a compiled entry");
    llvm::Value *rtCtx = f->getArg(2);
    llvm::IRBuilder<> b(&*f->getEntryBlock().getFirstInsertionPt());
    llvm::Value *env = b.CreateAlloca(envTy);
    llvm::Value *params =
        b.CreateAlloca(ptr, b.getInt32(std::max<unsigned>(1, tys.size())));
    b.SetInsertPoint(call);
    // Scalar results: the trailing pointer arguments, host stack slots.
    struct Out {
      llvm::Value *slot, *scratch;
      uint64_t bytes;
    };
    std::vector<Out> outs;
    unsigned firstOut = unsigned(tys.size()) - pk.numOutputs;
    for (unsigned i = 0; i < tys.size(); ++i) {
      llvm::Value *v = call->getArgOperand(i);
      if (i >= firstOut) {
        auto *a = llvm::dyn_cast<llvm::AllocaInst>(
            llvm::getUnderlyingObject(v, 0));
        if (!a)
          fail("a kernel's scalar result is not a stack slot");
        uint64_t n = dl.getTypeStoreSize(a->getAllocatedType());
        llvm::Value *s = b.CreateCall(alloc, {rtCtx, b.getInt64(int64_t(n))});
        outs.push_back({v, s, n});
        v = s;
      }
      llvm::Value *slot = b.CreateStructGEP(envTy, env, i);
      b.CreateStore(v, slot);
      b.CreateStore(slot, b.CreateConstGEP1_32(ptr, params, i));
    }
    llvm::Value *st = b.CreateCall(
        launch, {rtCtx, ptxText, name, params, b.getInt32(int32_t(pk.kind)),
                 b.getInt64(pk.elements), unpack});
    llvm::BasicBlock *failBB = nullptr;
    for (llvm::BasicBlock &bb : *f)
      if (bb.getName().starts_with("fail"))
        failBB = &bb;
    if (!failBB)
      fail("no failure exit in " + f->getName().str());
    llvm::BasicBlock *cur = call->getParent();
    llvm::BasicBlock *rest =
        cur->splitBasicBlock(call->getIterator(), "launched");
    cur->getTerminator()->eraseFromParent();
    b.SetInsertPoint(cur);
    b.CreateCondBr(b.CreateICmpNE(st, b.getInt32(0)), failBB, rest);
    b.SetInsertPoint(call);
    llvm::FunctionCallee copy = host.getOrInsertFunction(
        "parax_cuda_copy",
        llvm::FunctionType::get(voidTy, {ptr, ptr, ptr, i64, i32, i32},
                                false));
    for (const Out &o : outs) {
      // A scalar whose only use is to be stored into an array stays on the
      // device (a device-to-device copy where the store was); any other
      // use needs its value on the host.
      if (llvm::StoreInst *st = onlyDeviceStore(o.slot, call)) {
        llvm::IRBuilder<> at(st);
        at.CreateCall(copy, {rtCtx, st->getPointerOperand(), o.scratch,
                             at.getInt64(int64_t(o.bytes)), at.getInt32(1),
                             at.getInt32(1)});
        at.CreateCall(release, {rtCtx, o.scratch});
        auto *l = llvm::cast<llvm::LoadInst>(st->getValueOperand());
        st->eraseFromParent();
        l->eraseFromParent();
        continue;
      }
      b.CreateCall(read, {rtCtx, o.slot, o.scratch, b.getInt64(int64_t(o.bytes))});
      b.CreateCall(release, {rtCtx, o.scratch});
    }
    call->eraseFromParent();
  }
  if (!hostKernels)
    k->eraseFromParent();
}

llvm::Constant *i64Table(llvm::Module &m, const std::vector<int64_t> &v,
                         const char *name) {
  llvm::LLVMContext &c = m.getContext();
  if (v.empty())
    return llvm::ConstantPointerNull::get(llvm::PointerType::get(c, 0));
  llvm::Constant *init = llvm::ConstantDataArray::get(c, v);
  return new llvm::GlobalVariable(m, init->getType(), true,
                                  llvm::GlobalValue::PrivateLinkage, init,
                                  name);
}

/// Step 4: parax_main = enter; the program; exit.
void wrapEntry(llvm::Module &host, const ir::Func &entryFn,
               const ProgramInfo &info) {
  llvm::LLVMContext &c = host.getContext();
  llvm::Function *inner = host.getFunction(kEntrySymbol);
  inner->setName(std::string(kEntrySymbol) + ".resident");
  inner->setLinkage(llvm::GlobalValue::InternalLinkage);
  auto *outer =
      llvm::Function::Create(inner->getFunctionType(),
                             llvm::GlobalValue::ExternalLinkage, kEntrySymbol,
                             host);
  llvm::Type *ptr = llvm::PointerType::get(c, 0);
  llvm::Type *i32 = llvm::Type::getInt32Ty(c), *i64 = llvm::Type::getInt64Ty(c);
  std::vector<int64_t> argBytes, constBytes, resultBytes;
  for (const TensorType &t : entryFn.argumentTypes())
    argBytes.push_back(t.byteSize());
  for (const Array &a : info.constants)
    constBytes.push_back(a.byteSize());
  int64_t resultTotal = 0;
  for (const TensorType &t : entryFn.resultTypes()) {
    resultBytes.push_back(t.byteSize());
    resultTotal += t.byteSize();
  }
  llvm::FunctionCallee enter = host.getOrInsertFunction(
      "parax_cuda_enter",
      llvm::FunctionType::get(
          i32, {ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, i32, ptr, i64}, false));
  llvm::FunctionCallee exitFn = host.getOrInsertFunction(
      "parax_cuda_exit",
      llvm::FunctionType::get(i32, {ptr, i32, ptr, ptr, i32}, false));
  auto *entry = llvm::BasicBlock::Create(c, "entry", outer);
  auto *run = llvm::BasicBlock::Create(c, "run", outer);
  auto *done = llvm::BasicBlock::Create(c, "done", outer);
  llvm::IRBuilder<> b(entry);
  llvm::Value *devIns = b.CreateAlloca(
      ptr, b.getInt32(std::max<size_t>(1, argBytes.size())));
  llvm::Value *devConsts = b.CreateAlloca(
      ptr, b.getInt32(std::max<size_t>(1, constBytes.size())));
  llvm::Constant *progName = b.CreateGlobalStringPtr(entryFn.name(),
                                                     "parax_program_name");
  llvm::Value *st = b.CreateCall(
      enter, {outer->getArg(2), progName, outer->getArg(0),
              i64Table(host, argBytes, "parax_arg_bytes"),
              b.getInt32(int32_t(argBytes.size())), devIns, outer->getArg(3),
              i64Table(host, constBytes, "parax_const_bytes"),
              b.getInt32(int32_t(constBytes.size())), devConsts,
              b.getInt64(resultTotal)});
  b.CreateCondBr(b.CreateICmpEQ(st, b.getInt32(0)), run, done);
  b.SetInsertPoint(run);
  llvm::Value *r =
      b.CreateCall(inner, {devIns, outer->getArg(1), outer->getArg(2), devConsts});
  b.CreateBr(done);
  b.SetInsertPoint(done);
  llvm::PHINode *phi = b.CreatePHI(i32, 2);
  phi->addIncoming(st, entry);
  phi->addIncoming(r, run);
  b.CreateRet(b.CreateCall(
      exitFn, {outer->getArg(2), phi, outer->getArg(1),
               i64Table(host, resultBytes, "parax_result_bytes"),
               b.getInt32(int32_t(resultBytes.size()))}));
}

} // namespace

std::unique_ptr<llvm::Module> emitGpuResident(const ir::Module &m,
                                              llvm::LLVMContext &ctx,
                                              ProgramInfo &info,
                                              const std::string &arch,
                                              bool hostKernels,
                                              std::string &why) {
  PtxProgram ptx = emitPtx(m, arch); // its own lowering: the same names
  PtxProgram out;
  std::map<std::string, size_t> kernelIndex;
  std::unique_ptr<llvm::Module> host =
      lowerForGpu(m, ctx, info, out, kernelIndex);
  if (out.kernels.size() != ptx.kernels.size())
    fail("the two lowerings of a program disagree");
  // Launches first: a kernel's scalar results stored into arrays become
  // device copies before the host accesses are rewritten.
  llvm::Constant *c = llvm::ConstantDataArray::getString(ctx, ptx.ptx, true);
  auto *ptxText = new llvm::GlobalVariable(
      *host, c->getType(), true, llvm::GlobalValue::PrivateLinkage, c,
      "parax_ptx");
  for (const PtxKernel &pk : out.kernels)
    rewriteLaunches(*host, pk, ptxText, hostKernels);
  for (llvm::Function &f : *host) {
    if (f.isDeclaration() || kernelIndex.count(f.getName().str()) ||
        f.getName().ends_with(".unpack"))
      continue;
    // A pmap body is an entry of its own (ParaxEntryFn: host tables, the
    // device's context), run per device by parax_cuda_rt_pmap.
    bool entry = f.getName() == kEntrySymbol ||
                 (f.getName().starts_with("parax_pmap_") && f.arg_size() == 4);
    why = rewriteHostFunction(f, entry, kernelIndex);
    if (!why.empty())
      return nullptr;
  }
  wrapEntry(*host, *m.funcs()[0], info);
  std::string err;
  llvm::raw_string_ostream os(err);
  if (llvm::verifyModule(*host, &os))
    fail("invalid device-resident IR: " + err);
  return host;
}

} // namespace parax::codegen
