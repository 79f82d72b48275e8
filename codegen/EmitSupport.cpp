//===- EmitSupport.cpp - loops, indices, memory for the emitter -----------===//
//
// The building blocks every lowering uses:
//  - indices: an Index carries per-dimension indices and/or the row-major
//    linear index; whichever is missing is derived on demand (a sum of
//    index*stride, or a udiv/urem chain), so element generators that only
//    pass indices through never pay for index arithmetic;
//  - loops: canonical `for (iv = lo; iv < hi; ++iv)` CFGs with an i64 phi;
//    nests build the linear index incrementally (outer*dim + iv);
//  - fill loops: the store to the destination carries an alias scope and
//    every load emitted inside the loop a matching !noalias, so the loop
//    vectoriser needs no runtime alias checks (destinations are fresh);
//  - buffers: allocation and reference counting go through the runtime,
//    scalars that a runtime call must see are spilled to the entry block.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "ir/Diagnostics.h"

#include <cstdlib>

namespace parax::codegen {

using ir::OpKind;

//===----------------------------------------------------------------------===//
// Indices
//===----------------------------------------------------------------------===//
Index Emitter::makeIndex(const Shape &s, std::vector<llvm::Value *> dims) {
  Index idx;
  idx.shape = s;
  idx.dims = std::move(dims);
  if (s.empty())
    idx.linear = c64(0);
  return idx;
}

Index Emitter::makeLinearIndex(const Shape &s, llvm::Value *linear) {
  Index idx;
  idx.shape = s;
  idx.linear = s.empty() ? c64(0) : linear;
  return idx;
}

llvm::Value *Emitter::linearOf(Index &idx) {
  if (idx.linear)
    return idx.linear;
  llvm::Value *l = nullptr;
  int64_t stride = 1;
  for (int64_t d = int64_t(idx.shape.size()) - 1; d >= 0; --d) {
    if (idx.shape[size_t(d)] != 1) {
      llvm::Value *t = idx.dims[size_t(d)];
      if (stride != 1)
        t = B.CreateMul(t, c64(stride), "", true, true);
      l = l ? B.CreateAdd(l, t, "", true, true) : t;
    }
    stride *= idx.shape[size_t(d)];
  }
  idx.linear = l ? l : c64(0);
  return idx.linear;
}

Index Emitter::reshapedIndex(Index &idx, const Shape &to) {
  // Only when the dims are already at hand (a loop nest, a transpose); a
  // flat loop's index stays flat.
  if (idx.dims.empty() || idx.shape.empty() || to.empty())
    return makeLinearIndex(to, linearOf(idx));
  const Shape &from = idx.shape;
  // Non-unit dims of each side, innermost first, grouped into runs of equal
  // size: the result's run [i0, i) covers the operand's run [j0, j).
  std::vector<size_t> fd, td;
  for (size_t k = from.size(); k-- > 0;)
    if (from[k] != 1)
      fd.push_back(k);
  for (size_t k = to.size(); k-- > 0;)
    if (to[k] != 1)
      td.push_back(k);
  std::vector<llvm::Value *> dims(to.size(), c64(0));
  size_t i = 0, j = 0;
  while (i < fd.size() && j < td.size()) {
    size_t i0 = i, j0 = j;
    int64_t pf = from[fd[i++]], pt = to[td[j++]];
    while (pf != pt) {
      if (pf < pt && i < fd.size())
        pf *= from[fd[i++]];
      else if (pt < pf && j < td.size())
        pt *= to[td[j++]];
      else
        return makeLinearIndex(to, linearOf(idx)); // sizes disagree: not a reshape
    }
    if (i - i0 == 1 && j - j0 == 1) { // one dim of the same size
      dims[td[j0]] = idx.dims[fd[i0]];
      continue;
    }
    // The run's own flat index, then its digits in the operand's dims.
    llvm::Value *l = nullptr;
    int64_t stride = 1;
    for (size_t k = i0; k < i; ++k) {
      llvm::Value *t = idx.dims[fd[k]];
      if (stride != 1)
        t = B.CreateMul(t, c64(stride), "", true, true);
      l = l ? B.CreateAdd(l, t, "", true, true) : t;
      stride *= from[fd[k]];
    }
    for (size_t k = j0; k < j; ++k) {
      int64_t n = to[td[k]];
      if (k + 1 == j) {
        dims[td[k]] = l;
      } else {
        dims[td[k]] = B.CreateURem(l, c64(n));
        l = B.CreateUDiv(l, c64(n));
      }
    }
  }
  if (i != fd.size() || j != td.size())
    return makeLinearIndex(to, linearOf(idx));
  Index sub = makeIndex(to, std::move(dims));
  sub.linear = idx.linear; // the flat position is the same (null if not made)
  return sub;
}

const std::vector<llvm::Value *> &Emitter::dimsOf(Index &idx) {
  if (!idx.dims.empty() || idx.shape.empty())
    return idx.dims;
  size_t r = idx.shape.size();
  idx.dims.assign(r, nullptr);
  llvm::Value *l = idx.linear;
  // Dims after the last non-unit dim are 0; the outermost non-unit dim needs
  // no remainder.
  size_t first = r;
  for (size_t d = 0; d < r; ++d)
    if (idx.shape[d] != 1) {
      first = d;
      break;
    }
  for (size_t k = r; k-- > 0;) {
    if (idx.shape[k] == 1) {
      idx.dims[k] = c64(0);
      continue;
    }
    if (k == first) {
      idx.dims[k] = l;
      continue;
    }
    idx.dims[k] = B.CreateURem(l, c64(idx.shape[k]));
    l = B.CreateUDiv(l, c64(idx.shape[k]));
  }
  return idx.dims;
}

llvm::Value *Emitter::elem(const ir::Value *v, Index &idx) {
  auto it = idx.memo.find(v);
  if (it != idx.memo.end())
    return it->second;
  CgValue &cv = val(v);
  llvm::Value *r = nullptr;
  switch (cv.repr) {
  case Repr::Scalar:
    return cv.scalar;
  case Repr::Buffer:
    r = load(v->type().dtype, cv.ptr, linearOf(idx));
    break;
  case Repr::Lazy:
    r = compute(*v->definingOp(), v->index(), idx);
    break;
  }
  idx.memo[v] = r;
  return r;
}

bool Emitter::linearOnly(const ir::Value *v) {
  auto it = linearOnly_.find(v);
  if (it != linearOnly_.end())
    return it->second;
  bool r = true;
  if (repr(v) == Repr::Lazy) {
    const ir::Operation &op = *v->definingOp();
    if (op.hasTrait(ir::E) || op.kind() == OpKind::Reshape) {
      for (const ir::Value *o : op.operands())
        r = r && linearOnly(o);
    } else if (op.kind() == OpKind::Constant) {
      r = true;
    } else if (op.kind() == OpKind::BroadcastInDim) {
      r = op.operand(0)->type().rank() == 0;
    } else {
      r = false;
    }
  }
  linearOnly_[v] = r;
  return r;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//
llvm::Value *Emitter::elemPtr(DType d, llvm::Value *base, llvm::Value *linear) {
  return B.CreateInBoundsGEP(elemTy(d), base, linear);
}

llvm::Value *Emitter::load(DType d, llvm::Value *base, llvm::Value *linear) {
  auto *l = B.CreateLoad(elemTy(d), elemPtr(d, base, linear));
  if (noAliasScope_)
    l->setMetadata(llvm::LLVMContext::MD_noalias, noAliasScope_);
  return l;
}

void Emitter::store(DType d, llvm::Value *base, llvm::Value *linear,
                    llvm::Value *v) {
  B.CreateStore(v, elemPtr(d, base, linear));
}

llvm::Value *Emitter::alloc(const TensorType &t) {
  if (!inKernelRegion()) {
    llvm::Value *p = B.CreateCall(rt("parax_rt_alloc"), {rtCtx_, c64(t.byteSize())});
    failIfNull(p);
    return p;
  }
  // A host call made before the kernel runs: in the region's entry block,
  // split so that the failure branch comes right after it.
  llvm::IRBuilderBase::InsertPointGuard g(B);
  llvm::Instruction *entry = kernelRegions[regionOpen_].entry;
  B.SetInsertPoint(entry);
  llvm::Value *p = B.CreateCall(rt("parax_rt_alloc"), {rtCtx_, c64(t.byteSize())});
  llvm::BasicBlock *head = entry->getParent();
  llvm::BasicBlock *rest = head->splitBasicBlock(entry, "alloc.ok");
  regionBefore_.insert(rest); // host code, not part of the region
  head->getTerminator()->eraseFromParent();
  B.SetInsertPoint(head);
  B.CreateCondBr(B.CreateIsNull(p), failBB_, rest);
  return p;
}

void Emitter::failIfNull(llvm::Value *p) {
  // parax_rt_alloc returns null when the host is out of memory (the error
  // is in the context): leave through the function's failure exit.
  llvm::BasicBlock *ok = llvm::BasicBlock::Create(C, "alloc.ok", F);
  B.CreateCondBr(B.CreateIsNull(p), failBB_, ok);
  B.SetInsertPoint(ok);
}

void Emitter::retain(llvm::Value *p) {
  B.CreateCall(rt("parax_rt_retain"), {rtCtx_, p});
}

void Emitter::release(llvm::Value *p) {
  if (inKernelRegion()) { // a host call: made after the kernel ran
    kernelRegions[regionOpen_].deferredReleases.push_back(p);
    return;
  }
  B.CreateCall(rt("parax_rt_release"), {rtCtx_, p});
}

llvm::Value *Emitter::entryAlloca(llvm::Type *t, llvm::Value *count) {
  llvm::IRBuilderBase::InsertPointGuard g(B);
  B.SetInsertPoint(allocaBB_->getTerminator());
  // Inside a GPU kernel region the slot must be outlined with the region
  // (thread-private memory), not live in the host frame.
  if (inKernelRegion())
    B.SetInsertPoint(kernelRegions[regionOpen_].begin->getTerminator());
  auto *a = B.CreateAlloca(t, count);
  a->setAlignment(llvm::Align(16));
  return a;
}

llvm::Value *Emitter::spill(DType d, llvm::Value *s) {
  llvm::Value *slot = entryAlloca(elemTy(d));
  B.CreateStore(s, slot);
  return slot;
}

void Emitter::memcpyBytes(llvm::Value *dst, llvm::Value *src, int64_t bytes) {
  if (bytes > 0)
    B.CreateMemCpy(dst, llvm::MaybeAlign(1), src, llvm::MaybeAlign(1),
                   uint64_t(bytes));
}

llvm::Value *Emitter::bufferOf(const ir::Value *v, bool &fresh) {
  fresh = false;
  const ir::Value *root = v;
  while (repr(root) == Repr::Lazy && root->definingOp()->kind() ==
                                         OpKind::Reshape)
    root = root->definingOp()->operand(0);
  if (repr(root) == Repr::Buffer)
    return val(root).ptr;
  if (repr(v) == Repr::Scalar)
    return spill(v->type().dtype, val(v).scalar);
  fresh = true;
  return materialize(v);
}

llvm::Value *Emitter::materialize(const ir::Value *v) {
  llvm::Value *dst = alloc(v->type());
  emitInto(v, dst);
  return dst;
}

void Emitter::emitInto(const ir::Value *v, llvm::Value *dst) {
  const TensorType &t = v->type();
  CgValue &cv = val(v);
  switch (cv.repr) {
  case Repr::Scalar:
    store(t.dtype, dst, c64(0), cv.scalar);
    return;
  case Repr::Buffer:
    memcpyBytes(dst, cv.ptr, t.byteSize());
    return;
  case Repr::Lazy:
    computeInto(*v->definingOp(), v->index(), dst);
    return;
  }
}

void Emitter::computeInto(const ir::Operation &op, unsigned res,
                          llvm::Value *dst) {
  const ir::Value *v = op.result(res);
  if (!gpu && op.kind() == OpKind::Concatenate) {
    // Pieces that are contiguous ranges of the result (no dim before the
    // axis is longer than 1): one fill per operand into its range, instead
    // of every element choosing its operand (a clamped gather each).
    int64_t axis = op.attrs().getInt("axis");
    const Shape &rs = v->type().shape;
    int64_t outer = 1, inner = 1;
    for (int64_t i = 0; i < axis; ++i)
      outer *= rs[size_t(i)];
    for (size_t i = size_t(axis) + 1; i < rs.size(); ++i)
      inner *= rs[i];
    if (outer == 1) {
      DType d = v->type().dtype;
      int64_t at = 0;
      for (const ir::Value *x : op.operands()) {
        int64_t len = x->type().shape[size_t(axis)];
        if (len == 0)
          continue;
        llvm::Value *piece =
            at ? B.CreateInBoundsGEP(elemTy(d), dst, c64(at * inner)) : dst;
        fillLoop(x->type().shape, d, piece, linearOnly(x),
                 [&](Index &idx) { return elem(x, idx); });
        at += len;
      }
      return;
    }
  }
  bool flat = true;
  if (op.hasTrait(ir::E) || op.kind() == OpKind::Reshape) {
    for (const ir::Value *o : op.operands())
      flat = flat && linearOnly(o);
  } else {
    flat = op.kind() == OpKind::Constant;
  }
  fillLoop(v->type().shape, v->type().dtype, dst, flat,
           [&](Index &idx) { return compute(op, res, idx); });
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//
void Emitter::loop(llvm::Value *lo, llvm::Value *hi,
                   const std::function<void(llvm::Value *)> &body) {
  // GPU: a loop outside any kernel region runs as a one-thread kernel.
  if (gpu && !inKernelRegion()) {
    beginKernelRegion(KernelKind::Serial, currentOp);
    loop(lo, hi, body);
    endKernelRegion();
    return;
  }
  llvm::BasicBlock *pre = B.GetInsertBlock();
  auto *header = llvm::BasicBlock::Create(C, "loop", F);
  auto *bodyBB = llvm::BasicBlock::Create(C, "body", F);
  auto *exit = llvm::BasicBlock::Create(C, "after", F);
  B.CreateBr(header);
  B.SetInsertPoint(header);
  llvm::PHINode *iv = B.CreatePHI(i64(), 2, "i");
  iv->addIncoming(lo, pre);
  B.CreateCondBr(B.CreateICmpSLT(iv, hi), bodyBB, exit);
  B.SetInsertPoint(bodyBB);
  body(iv);
  llvm::Value *next = B.CreateAdd(iv, c64(1), "", true, true);
  iv->addIncoming(next, B.GetInsertBlock());
  markLoop(B.CreateBr(header));
  B.SetInsertPoint(exit);
}

/// Loop metadata on every loop we emit: vectorise, but neither interleave
/// nor unroll (each copy of a fused body costs compile time and the loops
/// are memory-bound or carry short bodies).
static llvm::MDNode *loopMetadata(llvm::LLVMContext &c, int interleave) {
  llvm::Metadata *il[] = {llvm::MDString::get(c, "llvm.loop.interleave.count"),
                          llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(
                              llvm::Type::getInt32Ty(c), interleave))};
  llvm::Metadata *ud[] = {llvm::MDString::get(c, "llvm.loop.unroll.disable")};
  llvm::MDNode *ilN = llvm::MDNode::get(c, il), *udN = llvm::MDNode::get(c, ud);
  llvm::TempMDTuple tmp = llvm::MDNode::getTemporary(c, {});
  llvm::MDNode *loop = llvm::MDNode::get(c, {tmp.get(), ilN, udN});
  loop->replaceOperandWith(0, loop);
  return loop;
}

void Emitter::markLoop(llvm::Instruction *latchBr) {
  if (const char *e = std::getenv("PARAX_LOOP_MD"); e && *e == '0')
    return;
  latchBr->setMetadata(llvm::LLVMContext::MD_loop, loopMetadata(C, loopInterleave));
}

llvm::MDNode *Emitter::newNoAliasScope() {
  llvm::MDBuilder mdb(C);
  llvm::MDNode *domain = mdb.createAnonymousAliasScopeDomain("fill");
  llvm::MDNode *scope = mdb.createAnonymousAliasScope(domain, "dst");
  return llvm::MDNode::get(C, {scope});
}

std::vector<llvm::Value *> Emitter::loopCarry(
    llvm::Value *lo, llvm::Value *hi, std::vector<llvm::Value *> inits,
    const std::function<std::vector<llvm::Value *>(
        llvm::Value *, const std::vector<llvm::Value *> &)> &body) {
  if (gpu && !inKernelRegion()) {
    beginKernelRegion(KernelKind::Serial, currentOp);
    std::vector<llvm::Value *> r = loopCarry(lo, hi, std::move(inits), body);
    endKernelRegion();
    return r;
  }
  llvm::BasicBlock *pre = B.GetInsertBlock();
  auto *header = llvm::BasicBlock::Create(C, "loop", F);
  auto *bodyBB = llvm::BasicBlock::Create(C, "body", F);
  auto *exit = llvm::BasicBlock::Create(C, "after", F);
  B.CreateBr(header);
  B.SetInsertPoint(header);
  llvm::PHINode *iv = B.CreatePHI(i64(), 2, "i");
  iv->addIncoming(lo, pre);
  std::vector<llvm::PHINode *> phis;
  std::vector<llvm::Value *> cur;
  for (llvm::Value *v : inits) {
    llvm::PHINode *p = B.CreatePHI(v->getType(), 2);
    p->addIncoming(v, pre);
    phis.push_back(p);
    cur.push_back(p);
  }
  B.CreateCondBr(B.CreateICmpSLT(iv, hi), bodyBB, exit);
  B.SetInsertPoint(bodyBB);
  std::vector<llvm::Value *> next = body(iv, cur);
  llvm::BasicBlock *latch = B.GetInsertBlock();
  iv->addIncoming(B.CreateAdd(iv, c64(1), "", true, true), latch);
  for (size_t k = 0; k < phis.size(); ++k)
    phis[k]->addIncoming(next[k], latch);
  markLoop(B.CreateBr(header));
  B.SetInsertPoint(exit);
  return cur;
}

void Emitter::loopNest(const Shape &shape,
                       const std::function<void(Index &)> &body,
                       bool parallelOuter, int64_t workPerElem) {
  if (numElements(shape) == 0)
    return;
  std::vector<llvm::Value *> ivs(shape.size());
  // The first dim that is not 1 may run split over the worker pool.
  size_t outer = 0;
  while (outer < shape.size() && shape[outer] == 1)
    ++outer;
  std::function<void(size_t, llvm::Value *)> level = [&](size_t d,
                                                         llvm::Value *lin) {
    if (d == shape.size()) {
      Index idx = makeIndex(shape, ivs);
      idx.linear = lin;
      body(idx);
      return;
    }
    if (shape[d] == 1) {
      ivs[d] = c64(0);
      level(d + 1, lin);
      return;
    }
    auto run = [&](llvm::Value *iv) {
      ivs[d] = iv;
      llvm::Value *l = iv;
      if (lin)
        l = B.CreateAdd(B.CreateMul(lin, c64(shape[d]), "", true, true), iv,
                        "", true, true);
      level(d + 1, l);
    };
    if (parallelOuter && d == outer) {
      int64_t inner = workPerElem;
      for (size_t j = d + 1; j < shape.size(); ++j)
        inner *= shape[j];
      parallelLoop(shape[d], inner, run);
    } else {
      loop(shape[d], run);
    }
  };
  if (shape.empty()) {
    Index idx = makeIndex(shape, {});
    body(idx);
    return;
  }
  level(0, nullptr);
}

void Emitter::fillLoop(const Shape &shape, DType d, llvm::Value *dst,
                       bool linearOnly,
                       const std::function<llvm::Value *(Index &)> &gen) {
  int64_t n = numElements(shape);
  if (n == 0)
    return;
  llvm::MDNode *scopes = newNoAliasScope();
  llvm::MDNode *saved = noAliasScope_;
  noAliasScope_ = scopes;
  auto put = [&](Index &idx) {
    llvm::Value *v = gen(idx);
    auto *st = B.CreateStore(v, elemPtr(d, dst, linearOf(idx)));
    st->setMetadata(llvm::LLVMContext::MD_alias_scope, scopes);
  };
  if (gpu && !inKernelRegion()) {
    // GPU: a flat grid-stride loop (dims are derived from the linear index
    // on demand), outlined as a kernel by codegen/EmitPTX.
    beginKernelRegion(n == 1 ? KernelKind::Serial : KernelKind::Grid,
                      currentOp, n);
    if (n == 1) {
      Index idx = shape.empty() ? makeIndex(shape, {})
                                : makeLinearIndex(shape, c64(0));
      put(idx);
    } else {
      gridLoop(n, [&](llvm::Value *iv) {
        Index idx = makeLinearIndex(shape, iv);
        put(idx);
      });
    }
    endKernelRegion();
  } else if (shape.empty() || n == 1) {
    Index idx = shape.empty() ? makeIndex(shape, {})
                              : makeLinearIndex(shape, c64(0));
    put(idx);
  } else if (linearOnly) {
    parallelLoop(n, 1, [&](llvm::Value *iv) {
      Index idx = makeLinearIndex(shape, iv);
      put(idx);
    });
  } else {
    loopNest(shape, put, /*parallelOuter=*/true);
  }
  noAliasScope_ = saved;
}

} // namespace parax::codegen
