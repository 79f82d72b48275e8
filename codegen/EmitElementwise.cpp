//===- EmitElementwise.cpp - element generators of fusible ops ------------===//
//
// `compute(op, res, idx)` returns element `idx` of a fusible op's result in
// storage form, asking `elem` for the operand elements it needs:
//  - elementwise ops pass the same Index to their operands (so its memo
//    shares common subexpressions) and combine with EmitMath's semantics;
//  - index ops map the result index to an operand index: reshape keeps the
//    linear index, broadcast drops/zeroes dims, transpose permutes, rev
//    mirrors, slice/dynamic_slice offset and stride, take gathers;
//  - pad and concatenate compute every candidate at a clamped (always in
//    bounds) index and select, so generated code stays branch-free and the
//    loops that contain it vectorise.
// Per-op scalars (clamped dynamic_slice starts) are computed once where the
// op stands (prepareLazy) and reused by every consumer.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "ir/Diagnostics.h"

#include <algorithm>

namespace parax::codegen {

using ir::OpKind;

namespace {

/// A scalar index operand as i64 (sign- or zero-extended by dtype).
llvm::Value *indexAsI64(Emitter &e, DType d, llvm::Value *v) {
  if (v->getType()->isIntegerTy(64))
    return v;
  if (isSigned(d))
    return e.B.CreateSExt(v, e.i64());
  return e.B.CreateZExt(v, e.i64());
}

/// JAX's start clamping: a negative start gets dim added once, then it is
/// clamped to [0, dim - size].
llvm::Value *clampStart(Emitter &e, llvm::Value *s, int64_t dim,
                        int64_t size) {
  auto &B = e.B;
  llvm::Value *neg = B.CreateICmpSLT(s, e.c64(0));
  s = B.CreateSelect(neg, B.CreateAdd(s, e.c64(dim)), s);
  int64_t hi = std::max<int64_t>(0, dim - size);
  s = B.CreateSelect(B.CreateICmpSLT(s, e.c64(0)), e.c64(0), s);
  return B.CreateSelect(B.CreateICmpSGT(s, e.c64(hi)), e.c64(hi), s);
}

llvm::Value *clampIndex(Emitter &e, llvm::Value *i, int64_t dim) {
  auto &B = e.B;
  i = B.CreateSelect(B.CreateICmpSLT(i, e.c64(0)), e.c64(0), i);
  return B.CreateSelect(B.CreateICmpSGT(i, e.c64(dim - 1)), e.c64(dim - 1), i);
}

} // namespace

void Emitter::prepareLazy(const ir::Operation &op) {
  if (op.kind() != OpKind::DynamicSlice)
    return;
  const Shape &s = op.operand(0)->type().shape;
  const auto &sizes = op.attrs().getInts("sizes");
  std::vector<llvm::Value *> starts;
  for (size_t d = 0; d < s.size(); ++d) {
    const ir::Value *sv = op.operand(unsigned(d + 1));
    Index none = makeIndex({}, {});
    llvm::Value *raw = indexAsI64(*this, sv->type().dtype, elem(sv, none));
    starts.push_back(clampStart(*this, raw, s[d], sizes[d]));
  }
  params_[&op] = std::move(starts);
}

const std::vector<llvm::Value *> &Emitter::params(const ir::Operation &op) {
  auto it = params_.find(&op);
  PARAX_ASSERT(it != params_.end()) << "codegen: op was not prepared";
  return it->second;
}

llvm::Value *Emitter::compute(const ir::Operation &op, unsigned res,
                              Index &idx) {
  OpKind k = op.kind();
  const TensorType &rt = op.result(res)->type();
  DType d = rt.dtype;
  switch (k) {
  case OpKind::Constant:
    return constElem(op.attrs().getArray("value"), 0);
  case OpKind::Iota: {
    int64_t dim = op.attrs().getInt("dimension");
    llvm::Value *i = dimsOf(idx)[size_t(dim)];
    if (d == DType::F64)
      return B.CreateSIToFP(i, f64());
    if (isFloat(d))
      return fromF32(d, B.CreateSIToFP(i, f32()));
    if (d == DType::Bool)
      return B.CreateZExt(B.CreateICmpNE(i, c64(0)), i8());
    return B.CreateTrunc(i, elemTy(d));
  }
  case OpKind::Convert: {
    DType from = op.operand(0)->type().dtype;
    return convertOp(from, d, elem(op.operand(0), idx));
  }
  case OpKind::BitcastConvert: {
    llvm::Value *x = elem(op.operand(0), idx);
    if (d == DType::Bool)
      return B.CreateZExt(
          B.CreateICmpNE(x, llvm::Constant::getNullValue(x->getType())), i8());
    return B.CreateBitCast(x, elemTy(d));
  }
  case OpKind::IsFinite: {
    DType from = op.operand(0)->type().dtype;
    llvm::Value *x = elem(op.operand(0), idx);
    llvm::Value *fin;
    if (from == DType::F32) {
      llvm::Value *bits = B.CreateBitCast(x, i32());
      fin = B.CreateICmpNE(B.CreateAnd(bits, c32(0x7f800000)),
                           c32(0x7f800000));
    } else if (from == DType::F64) {
      llvm::Value *bits = B.CreateBitCast(x, i64());
      fin = B.CreateICmpNE(B.CreateAnd(bits, c64(0x7ff0000000000000ll)),
                           c64(0x7ff0000000000000ll));
    } else if (from == DType::F16) {
      fin = B.CreateICmpNE(B.CreateAnd(x, B.getInt16(0x7c00)),
                           B.getInt16(0x7c00));
    } else if (from == DType::BF16) {
      fin = B.CreateICmpNE(B.CreateAnd(x, B.getInt16(0x7f80)),
                           B.getInt16(0x7f80));
    } else {
      fin = B.getTrue();
    }
    return B.CreateZExt(fin, i8());
  }
  case OpKind::Select: {
    llvm::Value *p = elem(op.operand(0), idx);
    llvm::Value *a = elem(op.operand(1), idx);
    llvm::Value *b = elem(op.operand(2), idx);
    return B.CreateSelect(B.CreateICmpNE(p, B.getInt8(0)), a, b);
  }
  case OpKind::Threefry2x32: {
    llvm::Value *k0 = elem(op.operand(0), idx), *k1 = elem(op.operand(1), idx);
    llvm::Value *x0 = elem(op.operand(2), idx), *x1 = elem(op.operand(3), idx);
    auto [y0, y1] = threefry(k0, k1, x0, x1);
    idx.memo[op.result(0)] = y0;
    idx.memo[op.result(1)] = y1;
    return res == 0 ? y0 : y1;
  }
  case OpKind::Reshape: {
    Index sub = reshapedIndex(idx, op.operand(0)->type().shape);
    return elem(op.operand(0), sub);
  }
  case OpKind::BroadcastInDim: {
    const ir::Value *x = op.operand(0);
    const Shape &xs = x->type().shape;
    if (xs.empty()) {
      Index sub = makeIndex({}, {});
      return elem(x, sub);
    }
    const auto &dims = op.attrs().getInts("dims");
    const auto &rd = dimsOf(idx);
    std::vector<llvm::Value *> sd;
    for (size_t i = 0; i < xs.size(); ++i)
      sd.push_back(xs[i] == 1 ? c64(0) : rd[size_t(dims[i])]);
    Index sub = makeIndex(xs, sd);
    if (numElements(xs) == numElements(rt.shape) &&
        std::is_sorted(dims.begin(), dims.end()))
      sub.linear = linearOf(idx); // only unit dims were added
    return elem(x, sub);
  }
  case OpKind::Transpose: {
    const ir::Value *x = op.operand(0);
    const auto &perm = op.attrs().getInts("perm");
    const auto &rd = dimsOf(idx);
    std::vector<llvm::Value *> sd(perm.size());
    for (size_t i = 0; i < perm.size(); ++i)
      sd[size_t(perm[i])] = rd[i];
    Index sub = makeIndex(x->type().shape, sd);
    return elem(x, sub);
  }
  case OpKind::Rev: {
    const ir::Value *x = op.operand(0);
    const Shape &xs = x->type().shape;
    std::vector<llvm::Value *> sd = dimsOf(idx);
    for (int64_t dim : op.attrs().getInts("dims"))
      sd[size_t(dim)] = B.CreateSub(c64(xs[size_t(dim)] - 1), sd[size_t(dim)]);
    Index sub = makeIndex(xs, sd);
    return elem(x, sub);
  }
  case OpKind::Slice: {
    const ir::Value *x = op.operand(0);
    const auto &start = op.attrs().getInts("start");
    const auto &stride = op.attrs().getInts("stride");
    std::vector<llvm::Value *> sd = dimsOf(idx);
    for (size_t i = 0; i < sd.size(); ++i) {
      int64_t st = stride.empty() ? 1 : stride[i];
      llvm::Value *v = sd[i];
      if (st != 1)
        v = B.CreateMul(v, c64(st));
      if (start[i] != 0)
        v = B.CreateAdd(v, c64(start[i]));
      sd[i] = v;
    }
    Index sub = makeIndex(x->type().shape, sd);
    return elem(x, sub);
  }
  case OpKind::DynamicSlice: {
    const ir::Value *x = op.operand(0);
    const auto &starts = params(op);
    std::vector<llvm::Value *> sd = dimsOf(idx);
    for (size_t i = 0; i < sd.size(); ++i)
      sd[i] = B.CreateAdd(sd[i], starts[i]);
    Index sub = makeIndex(x->type().shape, sd);
    return elem(x, sub);
  }
  case OpKind::Pad: {
    const ir::Value *x = op.operand(0);
    const Shape &xs = x->type().shape;
    const auto &low = op.attrs().getInts("low");
    Index none = makeIndex({}, {});
    llvm::Value *padv = elem(op.operand(1), none);
    if (numElements(xs) == 0)
      return padv;
    std::vector<llvm::Value *> sd = dimsOf(idx);
    llvm::Value *in = B.getTrue();
    for (size_t i = 0; i < sd.size(); ++i) {
      llvm::Value *o = B.CreateSub(sd[i], c64(low[i]));
      in = B.CreateAnd(in, B.CreateICmpSGE(o, c64(0)));
      in = B.CreateAnd(in, B.CreateICmpSLT(o, c64(xs[i])));
      sd[i] = clampIndex(*this, o, xs[i]);
    }
    Index sub = makeIndex(xs, sd);
    return B.CreateSelect(in, elem(x, sub), padv);
  }
  case OpKind::Concatenate: {
    int64_t axis = op.attrs().getInt("axis");
    const auto &rd = dimsOf(idx);
    llvm::Value *pos = rd[size_t(axis)];
    llvm::Value *result = nullptr;
    int64_t at = 0;
    for (unsigned i = 0; i < op.numOperands(); ++i) {
      const ir::Value *x = op.operand(i);
      const Shape &xs = x->type().shape;
      int64_t len = xs[size_t(axis)];
      if (len == 0)
        continue;
      std::vector<llvm::Value *> sd = rd;
      sd[size_t(axis)] = clampIndex(*this, B.CreateSub(pos, c64(at)), len);
      Index sub = makeIndex(xs, sd);
      llvm::Value *v = elem(x, sub);
      result = result ? B.CreateSelect(B.CreateICmpSGE(pos, c64(at)), v,
                                       result)
                      : v;
      at += len;
    }
    return result ? result : zeroOf(d);
  }
  case OpKind::Take: {
    const ir::Value *x = op.operand(0), *ind = op.operand(1);
    int64_t axis = op.attrs().getInt("axis");
    const Shape &xs = x->type().shape;
    const Shape &is = ind->type().shape;
    int64_t dim = xs[size_t(axis)];
    if (dim == 0)
      return zeroOf(d);
    const auto &rd = dimsOf(idx);
    std::vector<llvm::Value *> id(rd.begin() + axis,
                                  rd.begin() + axis + int64_t(is.size()));
    Index isub = makeIndex(is, id);
    llvm::Value *i = indexAsI64(*this, ind->type().dtype, elem(ind, isub));
    i = B.CreateSelect(B.CreateICmpSLT(i, c64(0)), B.CreateAdd(i, c64(dim)), i);
    i = clampIndex(*this, i, dim);
    std::vector<llvm::Value *> sd(rd.begin(), rd.begin() + axis);
    sd.push_back(i);
    sd.insert(sd.end(), rd.begin() + axis + int64_t(is.size()), rd.end());
    Index sub = makeIndex(xs, sd);
    return elem(x, sub);
  }
  default:
    break;
  }
  if (op.hasTrait(ir::E)) {
    if (ir::isComparison(k)) {
      DType od = op.operand(0)->type().dtype;
      return compareOp(k, od, elem(op.operand(0), idx),
                       elem(op.operand(1), idx));
    }
    if (op.numOperands() == 1)
      return unaryOp(k, d, elem(op.operand(0), idx), rt.shape, &idx);
    if (op.numOperands() == 2)
      return binaryOp(k, d, elem(op.operand(0), idx),
                      elem(op.operand(1), idx));
  }
  unsupported(op, "no element generator");
}

} // namespace parax::codegen

//===----------------------------------------------------------------------===//
// dynamic_update_slice
//===----------------------------------------------------------------------===//
namespace parax::codegen {

void Emitter::emitDynamicUpdateSlice(const ir::Operation &op) {
  const ir::Value *x = op.operand(0), *upd = op.operand(1);
  const TensorType &t = x->type();
  const Shape &us = upd->type().shape;
  if (repr(op.result()) == Repr::Scalar) {
    Index none = makeIndex({}, {});
    bind(op.result(), CgValue{Repr::Scalar, elem(upd, none), nullptr});
    return;
  }
  std::vector<llvm::Value *> starts;
  for (size_t d = 0; d < t.shape.size(); ++d) {
    const ir::Value *sv = op.operand(unsigned(d + 2));
    Index none = makeIndex({}, {});
    llvm::Value *raw = indexAsI64(*this, sv->type().dtype, elem(sv, none));
    starts.push_back(clampStart(*this, raw, t.shape[d], us[d]));
  }
  // In place when `x` dies here, holds the only reference to its buffer and
  // the update does not read it; otherwise into a copy.
  // (FusionPlan::mayUpdateInPlace: the memory planner asks the same.)
  bool candidate = plan.mayUpdateInPlace(op) && !val(x).view &&
                   !transferred_.count(x);
  llvm::Value *dst;
  if (candidate) {
    llvm::Value *xp = val(x).ptr;
    llvm::Value *unique =
        B.CreateCall(rt("parax_rt_is_unique"), {ctxArg(), xp});
    llvm::BasicBlock *pre = B.GetInsertBlock();
    auto *copyBB = llvm::BasicBlock::Create(C, "dus.copy", F);
    auto *join = llvm::BasicBlock::Create(C, "dus.write", F);
    B.CreateCondBr(B.CreateICmpNE(unique, c32(0)), join, copyBB);
    B.SetInsertPoint(copyBB);
    llvm::Value *fresh = alloc(t);
    memcpyBytes(fresh, xp, t.byteSize());
    release(xp);
    llvm::BasicBlock *copyEnd = B.GetInsertBlock();
    B.CreateBr(join);
    B.SetInsertPoint(join);
    llvm::PHINode *phi = B.CreatePHI(ptrTy(), 2);
    phi->addIncoming(xp, pre);
    phi->addIncoming(fresh, copyEnd);
    dst = phi;
    markTransferred(x);
  } else {
    dst = materialize(x);
  }
  int64_t rank = int64_t(t.shape.size());
  llvm::MDNode *scope = newNoAliasScope(), *saved = noAliasScope();
  setNoAliasScope(scope);
  loopNest(us, [&](Index &ui) {
    const auto &ud = dimsOf(ui);
    std::vector<llvm::Value *> xd(static_cast<size_t>(rank));
    for (int64_t d = 0; d < rank; ++d)
      xd[size_t(d)] = B.CreateAdd(ud[size_t(d)], starts[size_t(d)]);
    Index xi = makeIndex(t.shape, xd);
    llvm::Value *v = elem(upd, ui);
    auto *st = B.CreateStore(v, elemPtr(t.dtype, dst, linearOf(xi)));
    st->setMetadata(llvm::LLVMContext::MD_alias_scope, scope);
  });
  setNoAliasScope(saved);
  CgValue cv;
  cv.repr = Repr::Buffer;
  cv.ptr = dst;
  bind(op.result(), cv);
}

} // namespace parax::codegen
