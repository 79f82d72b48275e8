//===- EmitScatterGpu.cpp - scatter on the GPU -----------------------------===//
//
// In GPU mode `scatter` (x [O, D, I], indices of N entries, updates
// [O, N, I]; set/add/mul/min/max) is two kernels instead of the runtime's
// host kernel: a grid-stride copy of x into the result, then a grid-stride
// loop over the O * I columns where each thread applies every update of its
// column in index order. Each result element is written by one thread only,
// in the reference kernel's order (runtime/KernelsShape.cpp), so duplicates
// combine as on the CPU, bit for bit, with no atomics (float64 flushes
// denormals explicitly, as the CPU's FTZ/DAZ do: ReduceCombiner.h).
// Negative indices wrap once; out-of-range updates are dropped.
//
//===----------------------------------------------------------------------===//
#include "codegen/ReduceCombiner.h"

namespace parax::codegen {

using ir::OpKind;
using llvm::Value;

bool Emitter::emitScatterGpu(const ir::Operation &op) {
  const ir::Value *x = op.operand(0), *idx = op.operand(1), *upd = op.operand(2);
  const TensorType &xt = x->type(), &rt = op.result()->type();
  DType d = xt.dtype;
  if (!gpu || inKernelRegion() ||
      repr(op.result()) != Repr::Buffer || xt.rank() == 0)
    return false;
  const int64_t axis = op.attrs().getInt("axis");
  const std::string mode = op.attrs().getString("mode");
  int64_t O = 1, D = xt.shape[size_t(axis)], I = 1, N = idx->type().numElements();
  for (int64_t i = 0; i < axis; ++i)
    O *= xt.shape[size_t(i)];
  for (int64_t i = axis + 1; i < xt.rank(); ++i)
    I *= xt.shape[size_t(i)];
  Value *dst = alloc(rt);
  CgValue cv;
  cv.repr = Repr::Buffer;
  cv.ptr = dst;
  const int64_t total = O * D * I;
  if (total > 0) {
    beginKernelRegion(KernelKind::Grid, op.name(), total);
    gridLoop(total, [&](Value *e) {
      Index at = makeLinearIndex(xt.shape, e);
      store(d, dst, e, elem(x, at));
    });
    endKernelRegion();
  }
  const int64_t columns = O * I;
  if (columns > 0 && N > 0) {
    OpKind k = mode == "add" ? OpKind::Add
               : mode == "mul" ? OpKind::Mul
               : mode == "min" ? OpKind::Min
                               : OpKind::Max;
    Combiner cb{*this, k, d};
    const bool set = mode == "set";
    DType id = idx->type().dtype;
    beginKernelRegion(KernelKind::Grid, op.name(), columns);
    gridLoop(columns, [&](Value *col) {
      Value *o = B.CreateUDiv(col, c64(I)), *c = B.CreateURem(col, c64(I));
      loop(c64(0), c64(N), [&](Value *j) {
        Index ij = makeLinearIndex(idx->type().shape, j);
        Value *raw = elem(idx, ij);
        Value *i = isSigned(id) ? B.CreateSExtOrTrunc(raw, i64())
                                : B.CreateZExtOrTrunc(raw, i64());
        i = B.CreateSelect(B.CreateICmpSLT(i, c64(0)), B.CreateAdd(i, c64(D)), i);
        Value *inside = B.CreateAnd(B.CreateICmpSGE(i, c64(0)),
                                    B.CreateICmpSLT(i, c64(D)));
        auto *apply = llvm::BasicBlock::Create(C, "scatter.apply", F);
        auto *next = llvm::BasicBlock::Create(C, "scatter.next", F);
        B.CreateCondBr(inside, apply, next);
        B.SetInsertPoint(apply);
        Value *u = [&] {
          Value *lin = B.CreateAdd(
              B.CreateMul(B.CreateAdd(B.CreateMul(o, c64(N)), j), c64(I)), c);
          Index iu = makeLinearIndex(upd->type().shape, lin);
          return elem(upd, iu);
        }();
        Value *out = B.CreateAdd(
            B.CreateMul(B.CreateAdd(B.CreateMul(o, c64(D)), i), c64(I)), c);
        if (set) {
          store(d, dst, out, u);
        } else {
          Value *cur = B.CreateLoad(elemTy(d), elemPtr(d, dst, out));
          store(d, dst, out, cb.store(cb.combine(cb.load(cur), cb.load(u))));
        }
        B.CreateBr(next);
        B.SetInsertPoint(next);
      });
    });
    endKernelRegion();
  }
  bind(op.result(), cv);
  return true;
}

} // namespace parax::codegen
