//===- EmitCollectives.cpp - pmap, collectives, prints, kernel calls ------===//
//
// Everything that leaves straight-line compiled code goes through the
// runtime ABI (codegen/RuntimeABI.h):
//  - pmap: the region is outlined into its own ParaxEntryFn (arguments: the
//    device's shards, then every value captured from enclosing scopes,
//    materialised first when lazy); parax_rt_pmap runs it on the device
//    threads and returns the stacked results;
//  - collectives, axis_index and debug_print pass buffers (scalars spilled
//    to the stack) and the op's id; the runtime's ThreadCommunicator combines
//    in device order, so results are those of the interpreter;
//  - any other op without a native lowering runs the reference kernel of
//    the interpreter on its operand buffers (parax_rt_eval).
// Results come back as runtime buffers holding one reference; rank-0
// results are loaded into registers and the buffer is dropped.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "codegen/RuntimeABI.h"
#include "ir/Diagnostics.h"
#include "ir/PmapParts.h"

#include <unordered_set>

namespace parax::codegen {

using ir::OpKind;

namespace {

/// Values used inside `op`'s regions but defined outside it, in walk order.
std::vector<const ir::Value *> capturedValues(const ir::Operation &op) {
  std::unordered_set<const ir::Block *> inside;
  std::vector<const ir::Value *> out;
  std::unordered_set<const ir::Value *> seen;
  std::function<void(const ir::Block &)> markBlocks =
      [&](const ir::Block &b) {
        inside.insert(&b);
        for (auto &o : b.operations())
          for (unsigned i = 0; i < o->numRegions(); ++i)
            markBlocks(o->region(i).front());
      };
  for (unsigned i = 0; i < op.numRegions(); ++i)
    markBlocks(op.region(i).front());
  std::function<void(const ir::Block &)> scan = [&](const ir::Block &b) {
    for (auto &o : b.operations()) {
      for (const ir::Value *v : o->operands()) {
        const ir::Block *def = v->isBlockArg() ? v->ownerBlock()
                                               : v->definingOp()->parentBlock();
        if (!inside.count(def) && seen.insert(v).second)
          out.push_back(v);
      }
      for (unsigned i = 0; i < o->numRegions(); ++i)
        scan(o->region(i).front());
    }
  };
  for (unsigned i = 0; i < op.numRegions(); ++i)
    scan(op.region(i).front());
  return out;
}

} // namespace

/// Binds a result buffer returned by the runtime (rank-0: loaded).
static void bindReturned(Emitter &e, const ir::Value *r, llvm::Value *p) {
  CgValue cv;
  if (e.repr(r) == Repr::Scalar) {
    cv.repr = Repr::Scalar;
    cv.scalar = e.load(r->type().dtype, p, e.c64(0));
    e.release(p);
  } else {
    cv.repr = Repr::Buffer;
    cv.ptr = p;
  }
  e.bind(r, cv);
}

void Emitter::emitPmap(const ir::Operation &op) {
  int32_t id = opId(op);
  std::vector<const ir::Value *> caps = capturedValues(op);
  info.captures[size_t(id)] = caps;
  // Arguments in the caller: operands, then captures.
  std::vector<llvm::Value *> ptrs, temps;
  for (const ir::Value *v : op.operands())
    ptrs.push_back(argBuffer(v, temps));
  for (const ir::Value *v : caps)
    ptrs.push_back(argBuffer(v, temps));
  llvm::Value *insArr = ptrArray(ptrs);
  llvm::Value *outsArr =
      entryAlloca(ptrTy(), c64(std::max<int64_t>(1, op.numResults())));

  // The outlined body.
  std::vector<std::pair<const ir::Value *, CgValue>> saved;
  for (const ir::Value *v : caps)
    saved.emplace_back(v, val(v));
  FunctionState outer = saveFunction();
  llvm::Function *fn =
      beginFunction("parax_pmap_" + std::to_string(nextPmapIndex()));
  fn->setLinkage(llvm::GlobalValue::InternalLinkage);
  const ir::Block &body = op.region(0).front();
  auto bindIn = [&](const ir::Value *v, unsigned slot) {
    llvm::Value *p =
        B.CreateLoad(ptrTy(), B.CreateConstGEP1_64(ptrTy(), insArg(), slot));
    CgValue cv;
    if (repr(v) == Repr::Scalar) {
      cv.repr = Repr::Scalar;
      cv.scalar = load(v->type().dtype, p, c64(0));
    } else {
      cv.repr = Repr::Buffer;
      cv.ptr = p;
      cv.view = true;
    }
    bind(v, cv);
  };
  for (unsigned i = 0; i < body.numArguments(); ++i)
    bindIn(body.argument(i), i);
  for (size_t j = 0; j < caps.size(); ++j)
    bindIn(caps[j], unsigned(body.numArguments() + j));
  // Captured lazy values were materialised by the caller; inside they are
  // plain buffers (or registers).
  releaseValues(plan.releaseAtEntry(&body));
  emitOps(body);
  // A fused or scalar result stacked on axis 0 is computed in place: at the
  // yield the body asks for its slot of the stacked output
  // (parax_rt_pmap_slot). A result already in a buffer of its own (a kernel's,
  // a collective's) is handed back and stacked after the launch, so the
  // stacked output does not exist while the body runs.
  const ir::Operation *y = body.terminator();
  std::vector<llvm::Value *> dests(y->numOperands(), nullptr);
  std::vector<bool> inPlace(y->numOperands(), false);
  for (unsigned i = 0; i < y->numOperands(); ++i)
    if (!gpu && pmapWritesInPlace(op, i) && repr(y->operand(i)) != Repr::Buffer) {
      inPlace[i] = true;
      dests[i] = B.CreateCall(rt("parax_rt_pmap_slot"), {ctxArg(), c32(int32_t(i))});
    }
  info.pmapInPlace[size_t(id)] = inPlace;
  std::vector<CgValue> outs = emitTerminator(body, &dests);
  for (unsigned i = 0; i < outs.size(); ++i) {
    llvm::Value *p = outs[i].ptr;
    if (outs[i].repr == Repr::Scalar) {
      p = alloc(y->operand(i)->type());
      store(y->operand(i)->type().dtype, p, c64(0), outs[i].scalar);
    }
    B.CreateStore(p, B.CreateConstGEP1_64(ptrTy(), outsArg(), i));
  }
  finishFunction();
  restoreFunction(outer);
  for (auto &[v, cv] : saved)
    bind(v, cv);

  checkedCall("parax_rt_pmap", {ctxArg(), c32(id), fn, insArr, outsArr});
  for (llvm::Value *t : temps)
    release(t);
  for (unsigned r = 0; r < op.numResults(); ++r)
    bindReturned(*this, op.result(r),
                 B.CreateLoad(ptrTy(),
                              B.CreateConstGEP1_64(ptrTy(), outsArr, r)));
}

void Emitter::emitCollective(const ir::Operation &op) {
  if (op.kind() == OpKind::AxisIndex) {
    CgValue cv;
    cv.repr = Repr::Scalar;
    cv.scalar = B.CreateCall(rt("parax_rt_axis_index"), {ctxArg()});
    bind(op.result(), cv);
    return;
  }
  int32_t id = opId(op);
  std::vector<llvm::Value *> temps;
  llvm::Value *in = argBuffer(op.operand(0), temps);
  llvm::Value *out = entryAlloca(ptrTy());
  checkedCall("parax_rt_collective", {ctxArg(), c32(id), in, out});
  for (llvm::Value *t : temps)
    release(t);
  bindReturned(*this, op.result(), B.CreateLoad(ptrTy(), out));
}

void Emitter::emitDebugPrint(const ir::Operation &op) {
  int32_t id = opId(op);
  std::vector<llvm::Value *> ptrs, temps;
  for (const ir::Value *v : op.operands())
    ptrs.push_back(argBuffer(v, temps));
  // debug_print and debug_breakpoint take the same arguments.
  checkedCall(op.kind() == ir::OpKind::DebugPrint ? "parax_rt_debug_print"
                                                  : "parax_rt_debug_breakpoint",
              {ctxArg(), c32(id), ptrArray(ptrs)});
  for (llvm::Value *t : temps)
    release(t);
}

void Emitter::emitFallback(const ir::Operation &op) {
  if (op.numRegions() > 0 || op.hasTrait(ir::C) || op.hasTrait(ir::S))
    unsupported(op, "no lowering for this op");
  int32_t id = opId(op);
  std::vector<llvm::Value *> ptrs, temps;
  for (const ir::Value *v : op.operands())
    ptrs.push_back(argBuffer(v, temps));
  llvm::Value *outsArr =
      entryAlloca(ptrTy(), c64(std::max<int64_t>(1, op.numResults())));
  checkedCall("parax_rt_eval", {ctxArg(), c32(id), ptrArray(ptrs), outsArr});
  for (llvm::Value *t : temps)
    release(t);
  for (unsigned r = 0; r < op.numResults(); ++r)
    bindReturned(*this, op.result(r),
                 B.CreateLoad(ptrTy(),
                              B.CreateConstGEP1_64(ptrTy(), outsArr, r)));
}

} // namespace parax::codegen
