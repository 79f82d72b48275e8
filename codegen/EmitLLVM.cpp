//===- EmitLLVM.cpp - parax IR -> LLVM IR driver --------------------------===//
//
// The driver walks the entry function in order:
//  1. FusionPlan decides each value's representation and reference drops;
//  2. `parax_main` binds the arguments (scalars are loaded, arrays are the
//     caller's pointers), emits each op through the per-family lowerings,
//     drops references where the plan says, and writes the results;
//  3. terminators hand on one reference per array operand: a value dying at
//     the terminator and used once is moved, others are retained, lazy
//     operands are materialised into fresh buffers (or straight into a
//     destination such as a scan's output row), views are copied.
// Every status-returning runtime call branches to the function's failure
// exit, which returns 1; the runtime holds the error.
//
//===----------------------------------------------------------------------===//
#include "codegen/EmitLLVM.h"
#include "codegen/Emitter.h"
#include "codegen/RuntimeABI.h"
#include "ir/Diagnostics.h"
#include "ir/OpRules.h"
#include "ir/Printer.h"

#include <cstdlib>

namespace parax::codegen {

using ir::OpKind;

void unsupported(const ir::Operation &op, const std::string &why) {
  throw ParaxError("InternalError",
                   std::string("the cpu backend cannot compile '") +
                       op.name() + "': " + why,
                   op.loc());
}

Emitter::Emitter(llvm::LLVMContext &c, llvm::Module &m, const FusionPlan &p,
                 ProgramInfo &i)
    : C(c), M(m), B(c), plan(p), info(i) {}

//===----------------------------------------------------------------------===//
// Types and constants
//===----------------------------------------------------------------------===//
llvm::Type *Emitter::elemTy(DType d) {
  switch (d) {
  case DType::Bool:
  case DType::I8:
  case DType::U8:
    return B.getInt8Ty();
  case DType::I16:
  case DType::U16:
  case DType::F16:
  case DType::BF16:
    return B.getInt16Ty();
  case DType::I32:
  case DType::U32:
    return B.getInt32Ty();
  case DType::F32:
    return B.getFloatTy();
  case DType::I64:
  case DType::U64:
    return B.getInt64Ty();
  case DType::F64:
    return B.getDoubleTy();
  }
  return B.getFloatTy();
}

llvm::Constant *Emitter::constElem(const Array &a, int64_t i) {
  const char *p = static_cast<const char *>(a.raw()) +
                  size_t(i) * size_t(dtypeSize(a.dtype()));
  switch (a.dtype()) {
  case DType::F32: {
    float f;
    std::memcpy(&f, p, 4);
    return llvm::ConstantFP::get(f32(), f);
  }
  case DType::I32:
  case DType::U32: {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return B.getInt32(v);
  }
  case DType::F64: {
    double f;
    std::memcpy(&f, p, 8);
    return llvm::ConstantFP::get(B.getDoubleTy(), f);
  }
  case DType::I64:
  case DType::U64: {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return B.getInt64(v);
  }
  case DType::I16:
  case DType::U16:
  case DType::F16:
  case DType::BF16: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return B.getInt16(v);
  }
  default: {
    uint8_t v;
    std::memcpy(&v, p, 1);
    return B.getInt8(v);
  }
  }
}

llvm::Value *Emitter::zeroOf(DType d) {
  return llvm::Constant::getNullValue(elemTy(d));
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//
llvm::Function *Emitter::beginFunction(const std::string &name) {
  llvm::Type *p = ptrTy();
  auto *fty = llvm::FunctionType::get(i32(), {p, p, p, p}, false);
  F = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, name, M);
  F->addFnAttr(llvm::Attribute::NoUnwind);
  auto arg = F->arg_begin();
  insArg_ = &*arg++;
  outsArg_ = &*arg++;
  rtCtx_ = &*arg++;
  constsArg_ = &*arg++;
  insArg_->setName("ins");
  outsArg_->setName("outs");
  rtCtx_->setName("ctx");
  constsArg_->setName("consts");
  allocaBB_ = llvm::BasicBlock::Create(C, "allocas", F);
  llvm::BasicBlock *body = llvm::BasicBlock::Create(C, "entry", F);
  failBB_ = llvm::BasicBlock::Create(C, "fail", F);
  stopWord_ = nullptr;
  B.SetInsertPoint(allocaBB_);
  B.CreateBr(body);
  B.SetInsertPoint(failBB_);
  B.CreateRet(c32(1));
  B.SetInsertPoint(body);
  return F;
}

void Emitter::finishFunction() { B.CreateRet(c32(0)); }

Emitter::FunctionState Emitter::saveFunction() {
  return {F,         insArg_, outsArg_,  rtCtx_,
          constsArg_, allocaBB_, failBB_, stopWord_,
          B.saveIP()};
}

void Emitter::restoreFunction(const FunctionState &s) {
  F = s.F;
  insArg_ = s.ins;
  outsArg_ = s.outs;
  rtCtx_ = s.ctx;
  constsArg_ = s.consts;
  allocaBB_ = s.allocaBB;
  failBB_ = s.failBB;
  stopWord_ = s.stopWord;
  B.restoreIP(s.ip);
}

void Emitter::emitEntry(const ir::Func &f) {
  beginFunction(kEntrySymbol);
  const ir::Block &entry = f.entry();
  for (unsigned i = 0; i < entry.numArguments(); ++i) {
    const ir::Value *a = entry.argument(i);
    llvm::Value *p = B.CreateLoad(ptrTy(), B.CreateConstGEP1_64(ptrTy(), insArg_, i));
    CgValue cv;
    cv.repr = repr(a);
    if (cv.repr == Repr::Scalar)
      cv.scalar = load(a->type().dtype, p, c64(0));
    else
      cv.ptr = p;
    bind(a, cv);
  }
  releaseValues(plan.releaseAtEntry(&entry));
  emitOps(entry);
  std::vector<CgValue> outs = emitTerminator(entry);
  const ir::Operation *ret = entry.terminator();
  for (unsigned i = 0; i < outs.size(); ++i) {
    llvm::Value *p = outs[i].ptr;
    if (outs[i].repr == Repr::Scalar) {
      const TensorType &t = ret->operand(i)->type();
      p = alloc(t);
      store(t.dtype, p, c64(0), outs[i].scalar);
    }
    B.CreateStore(p, B.CreateConstGEP1_64(ptrTy(), outsArg_, i));
  }
  finishFunction();
}

//===----------------------------------------------------------------------===//
// Blocks and ops
//===----------------------------------------------------------------------===//
CgValue &Emitter::val(const ir::Value *v) {
  auto it = vals_.find(v);
  PARAX_ASSERT(it != vals_.end()) << "codegen: value used before definition";
  return it->second;
}

void Emitter::releaseValues(const std::vector<const ir::Value *> &vs) {
  for (const ir::Value *v : vs) {
    if (transferred_.count(v))
      continue;
    auto it = vals_.find(v);
    if (it == vals_.end())
      continue;
    CgValue &cv = it->second;
    if (cv.repr != Repr::Buffer || cv.view || !cv.ptr)
      continue;
    auto r = recycled_.find(v);
    if (r != recycled_.end())
      recycleRelease(r->second, cv.ptr);
    else
      release(cv.ptr);
  }
}

void Emitter::emitOps(const ir::Block &b) {
  for (auto &opPtr : b.operations()) {
    const ir::Operation &op = *opPtr;
    if (op.hasTrait(ir::T))
      return;
    if (gpu)
      emitOpGpu(op);
    else
      emitOp(op);
    releaseValues(plan.releaseAfter(&op));
  }
}

const ir::Value *Emitter::aliasRoot(const ir::Value *v) {
  while (repr(v) == Repr::Lazy) {
    const ir::Operation *op = v->definingOp();
    if (!op || op->kind() != OpKind::Reshape)
      return nullptr;
    v = op->operand(0);
  }
  return repr(v) == Repr::Buffer ? v : nullptr;
}

bool Emitter::isView(const ir::Value *v) {
  const ir::Value *root = aliasRoot(v);
  return root && val(root).view;
}

std::vector<CgValue>
Emitter::emitTerminator(const ir::Block &b,
                        const std::vector<llvm::Value *> *dests) {
  const ir::Operation *term = b.terminator();
  const auto &dying = plan.releaseAtTerminator(&b);
  std::vector<CgValue> outs;
  for (unsigned i = 0; i < term->numOperands(); ++i) {
    const ir::Value *v = term->operand(i);
    llvm::Value *dest = dests && i < dests->size() ? (*dests)[i] : nullptr;
    CgValue out;
    if (repr(v) == Repr::Scalar) {
      out = val(v);
      if (dest)
        store(v->type().dtype, dest, c64(0), out.scalar);
      outs.push_back(out);
      continue;
    }
    out.repr = Repr::Buffer;
    if (dest) {
      emitInto(v, dest);
      out.ptr = dest;
      outs.push_back(out);
      continue;
    }
    const ir::Value *root = aliasRoot(v);
    if (!root || val(root).view) {
      out.ptr = materialize(v);
      outs.push_back(out);
      continue;
    }
    out.ptr = val(root).ptr;
    unsigned uses = 0;
    for (const ir::Value *o : term->operands())
      uses += aliasRoot(o) == root;
    bool movable = root == v && uses == 1 && plan.holdsRef(v) &&
                   !transferred_.count(v) &&
                   std::find(dying.begin(), dying.end(), v) != dying.end();
    if (movable)
      transferred_.insert(v);
    else
      retain(out.ptr);
    outs.push_back(out);
  }
  releaseValues(dying);
  return outs;
}

void Emitter::emitOp(const ir::Operation &op) {
  switch (op.kind()) {
  case OpKind::Constant: {
    const Array &a = op.attrs().getArray("value");
    CgValue cv;
    cv.repr = repr(op.result());
    if (cv.repr == Repr::Scalar) {
      cv.scalar = constElem(a, 0);
    } else if (cv.repr == Repr::Buffer) {
      if (a.size() <= kMaxEmbeddedConstant) {
        std::vector<llvm::Constant *> elems;
        for (int64_t i = 0; i < a.size(); ++i)
          elems.push_back(constElem(a, i));
        auto *aty = llvm::ArrayType::get(elemTy(a.dtype()), elems.size());
        auto *gv = new llvm::GlobalVariable(
            M, aty, true, llvm::GlobalValue::PrivateLinkage,
            llvm::ConstantArray::get(aty, elems), "const");
        gv->setAlignment(llvm::Align(64));
        cv.ptr = gv;
      } else {
        size_t k = info.constants.size();
        info.constants.push_back(a);
        cv.ptr = B.CreateLoad(ptrTy(),
                              B.CreateConstGEP1_64(ptrTy(), constsArg_, k));
      }
    }
    bind(op.result(), cv);
    return;
  }
  case OpKind::DotGeneral:
    if (plan.f64RunsKernel(op))
      return emitFallback(op);
    return emitDot(op);
  case OpKind::DynamicUpdateSlice:
    return emitDynamicUpdateSlice(op);
  case OpKind::ForiLoop:
    return emitFori(op);
  case OpKind::Scan:
    return emitScan(op);
  case OpKind::While:
    return emitWhile(op);
  case OpKind::Cond:
    return emitCond(op);
  case OpKind::Pmap:
    return emitPmap(op);
  case OpKind::DebugPrint:
  case OpKind::DebugBreakpoint:
    return emitDebugPrint(op);
  default:
    break;
  }
  if (ir::collectivePattern(op.kind()) != ir::CollectivePattern::None)
    return emitCollective(op);
  // Reductions and arg-reductions (ir/ops/Reductions.def).
  switch (ir::reduceFamily(op.kind())) {
  case ir::ReduceFamily::Reduce:
    if (plan.f64RunsKernel(op))
      return emitFallback(op);
    return emitReduce(op);
  case ir::ReduceFamily::Arg:
    if (plan.f64RunsKernel(op))
      return emitFallback(op);
    return emitArgReduce(op);
  default:
    break;
  }
  if (!FusionPlan::isFusibleKind(op.kind()))
    return emitFallback(op);
  prepareLazy(op);
  for (unsigned r = 0; r < op.numResults(); ++r) {
    CgValue cv;
    cv.repr = repr(op.result(r));
    if (cv.repr == Repr::Scalar) {
      Index idx = makeIndex({}, {});
      cv.scalar = compute(op, r, idx);
    } else if (cv.repr == Repr::Buffer) {
      cv.ptr = alloc(op.result(r)->type());
      bind(op.result(r), cv);
      computeInto(op, r, cv.ptr);
      continue;
    }
    bind(op.result(r), cv);
  }
}

//===----------------------------------------------------------------------===//
// Runtime calls
//===----------------------------------------------------------------------===//
llvm::FunctionCallee Emitter::rt(const char *name) {
  llvm::Type *p = ptrTy(), *v = B.getVoidTy();
  llvm::FunctionType *fty = nullptr;
  std::string n = name;
  if (n == "parax_rt_alloc")
    fty = llvm::FunctionType::get(p, {p, i64()}, false);
  else if (n == "parax_rt_retain" || n == "parax_rt_release")
    fty = llvm::FunctionType::get(v, {p, p}, false);
  else if (n == "parax_rt_is_unique")
    fty = llvm::FunctionType::get(i32(), {p, p}, false);
  else if (n == "parax_rt_eval")
    fty = llvm::FunctionType::get(i32(), {p, i32(), p, p}, false);
  else if (n == "parax_rt_collective")
    fty = llvm::FunctionType::get(i32(), {p, i32(), p, p}, false);
  else if (n == "parax_rt_axis_index")
    fty = llvm::FunctionType::get(i32(), {p}, false);
  else if (n == "parax_rt_debug_print" || n == "parax_rt_debug_breakpoint")
    fty = llvm::FunctionType::get(i32(), {p, i32(), p}, false);
  else if (n == "parax_rt_pmap")
    fty = llvm::FunctionType::get(i32(), {p, i32(), p, p, p}, false);
  else if (n == "parax_rt_pmap_slot")
    fty = llvm::FunctionType::get(p, {p, i32()}, false);
  else if (n == "parax_rt_stop_word")
    fty = llvm::FunctionType::get(p, {p}, false);
  else if (n == "parax_rt_stopped")
    fty = llvm::FunctionType::get(i32(), {p, i32()}, false);
  else if (n == "parax_rt_parallel_for")
    fty = llvm::FunctionType::get(v, {p, p, p, i64(), i64()}, false);
  PARAX_ASSERT(fty) << "unknown runtime function " << name;
  llvm::FunctionCallee fc = M.getOrInsertFunction(name, fty);
  if (auto *fn = llvm::dyn_cast<llvm::Function>(fc.getCallee()))
    fn->addFnAttr(llvm::Attribute::NoUnwind);
  return fc;
}

void Emitter::checkedCall(const char *name,
                          llvm::ArrayRef<llvm::Value *> args) {
  llvm::Value *st = B.CreateCall(rt(name), args);
  llvm::BasicBlock *ok = llvm::BasicBlock::Create(C, "ok", F);
  B.CreateCondBr(B.CreateICmpNE(st, c32(0)), failBB_, ok);
  B.SetInsertPoint(ok);
}

bool pollStopsEnabled() {
  static const bool on = [] {
    const char *e = std::getenv("PARAX_POLL_STOPS");
    return !(e && (std::string(e) == "off" || std::string(e) == "0"));
  }();
  return on;
}

void Emitter::pollStop(const ir::Operation &loop) {
  // Loops inside a GPU kernel region are device code: the host's stop word
  // is not theirs to read (the host polls between launches).
  if (!pollStopsEnabled() || (gpu && inKernelRegion()))
    return;
  if (!stopWord_) { // once per function, where every block can see it
    llvm::IRBuilderBase::InsertPoint ip = B.saveIP();
    B.SetInsertPoint(allocaBB_->getTerminator());
    auto *call = B.CreateCall(rt("parax_rt_stop_word"), {rtCtx_}, "stopword");
    stopWord_ = call;
    B.restoreIP(ip);
  }
  llvm::LoadInst *w = B.CreateAlignedLoad(i32(), stopWord_, llvm::Align(4), "stop");
  w->setAtomic(llvm::AtomicOrdering::Monotonic);
  auto *stopped = llvm::BasicBlock::Create(C, "stopped", F);
  auto *go = llvm::BasicBlock::Create(C, "go", F);
  llvm::MDNode *rare = llvm::MDBuilder(C).createBranchWeights(1, 1u << 20);
  B.CreateCondBr(B.CreateICmpNE(w, c32(0)), stopped, go, rare);
  B.SetInsertPoint(stopped);
  B.CreateCall(rt("parax_rt_stopped"), {rtCtx_, c32(opId(loop))});
  B.CreateBr(failBB_);
  B.SetInsertPoint(go);
}

int32_t Emitter::opId(const ir::Operation &op) {
  auto it = opIds_.find(&op);
  if (it != opIds_.end())
    return it->second;
  int32_t id = int32_t(info.ops.size());
  info.ops.push_back(&op);
  info.captures.emplace_back();
  info.pmapInPlace.emplace_back();
  opIds_[&op] = id;
  return id;
}

llvm::Value *Emitter::ptrArray(llvm::ArrayRef<llvm::Value *> ptrs) {
  llvm::Value *arr =
      entryAlloca(ptrTy(), c64(int64_t(std::max<size_t>(ptrs.size(), 1))));
  for (size_t i = 0; i < ptrs.size(); ++i)
    B.CreateStore(ptrs[i], B.CreateConstGEP1_64(ptrTy(), arr, i));
  return arr;
}

llvm::Value *Emitter::argBuffer(const ir::Value *v,
                                std::vector<llvm::Value *> &temps) {
  if (repr(v) == Repr::Scalar)
    return spill(v->type().dtype, val(v).scalar);
  bool fresh = false;
  llvm::Value *p = bufferOf(v, fresh);
  if (fresh)
    temps.push_back(p);
  return p;
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//
std::unique_ptr<llvm::Module> emitModule(const ir::Module &m,
                                         llvm::LLVMContext &ctx,
                                         ProgramInfo &info) {
  PARAX_ASSERT(!m.funcs().empty()) << "codegen: empty module";
  const ir::Func &entry = *m.funcs()[0];
  FusionPlan plan(entry);
  auto mod = std::make_unique<llvm::Module>("parax", ctx);
  Emitter e(ctx, *mod, plan, info);
  e.emitEntry(entry);
  outlineParallelLoops(e);
  std::string err;
  llvm::raw_string_ostream os(err);
  if (llvm::verifyModule(*mod, &os))
    throw ParaxError("InternalError",
                     "the cpu backend produced invalid LLVM IR (a bug in "
                     "parax, please report it): " + err);
  return mod;
}

} // namespace parax::codegen
