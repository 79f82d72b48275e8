//===- EmitControlFlow.cpp - fori_loop, scan, while, cond as CFG ----------===//
//
// Structured ops become plain LLVM control flow inside the current function;
// nothing is dispatched per iteration:
//  - loops: a header with one phi per carry (a register for rank-0 carries,
//    a buffer pointer otherwise), the body emitted in place, a latch feeding
//    the yielded values back. Each array carry owns one reference: the init
//    value is retained (or materialised) on entry, the body drops the old
//    carry after its last use and the yield hands on a reference to the new
//    one, so a loop's memory does not grow with its trip count and a body
//    that does not read the old carry after writing can update it in place
//    (dynamic_update_slice checks the reference count);
//  - scan: x-slices are views into the scanned operands (no copies); the
//    y-outputs are allocated once and each iteration writes its row directly
//    (a lazy y is computed straight into the row);
//  - while: the cond region runs in the loop header on borrowed carries;
//  - cond/switch: the clamped index feeds an LLVM switch; branch results
//    meet in phis;
//  - small array carries that the body only reads and whose yield is
//    computed (FusionPlan::recyclesCarry) live in loop-owned buffers: the
//    yield is written into a spare and the dead old carry becomes the next
//    spare, so from the third iteration on nothing is allocated or released
//    (XLA's in-place carry; a 16-float carry paid ~30 ns an iteration);
//  - every loop polls the stop word (Emitter::pollStop), so Ctrl-C,
//    interrupt() and --timeout stop a compiled loop: at each back edge, or,
//    for a fori_loop/scan whose body is a few scalar instructions, once per
//    kPollChunk iterations (countedLoop strip-mines it, so that the inner
//    loop stays a plain counted loop LLVM can unroll and combine).
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "ir/Diagnostics.h"

namespace parax::codegen {

using ir::OpKind;

namespace {

/// A scalar integer as i64.
llvm::Value *asI64(Emitter &e, const ir::Value *v) {
  llvm::Value *s = e.val(v).scalar;
  if (isSigned(v->type().dtype))
    return e.B.CreateSExtOrTrunc(s, e.i64());
  return e.B.CreateZExtOrTrunc(s, e.i64());
}

/// The initial value of a carry: a register, or a buffer holding a
/// reference of its own.
CgValue initCarry(Emitter &e, const ir::Value *v) {
  if (e.repr(v) == Repr::Scalar)
    return e.val(v);
  CgValue out;
  out.repr = Repr::Buffer;
  bool fresh = false;
  llvm::Value *p = e.bufferOf(v, fresh);
  if (!fresh && e.isView(v))
    p = e.materialize(v); // views cannot be carried
  else if (!fresh)
    e.retain(p);
  out.ptr = p;
  return out;
}

llvm::PHINode *carryPhi(Emitter &e, const CgValue &init,
                        llvm::BasicBlock *pre) {
  llvm::Type *t = init.repr == Repr::Scalar ? init.scalar->getType()
                                            : static_cast<llvm::Type *>(
                                                  e.ptrTy());
  llvm::PHINode *phi = e.B.CreatePHI(t, 2);
  phi->addIncoming(init.repr == Repr::Scalar ? init.scalar : init.ptr, pre);
  return phi;
}

CgValue fromPhi(const CgValue &like, llvm::Value *phi) {
  CgValue cv;
  cv.repr = like.repr == Repr::Scalar ? Repr::Scalar : Repr::Buffer;
  if (cv.repr == Repr::Scalar)
    cv.scalar = phi;
  else
    cv.ptr = phi;
  return cv;
}

void addIncoming(llvm::PHINode *phi, const CgValue &v, llvm::BasicBlock *from) {
  phi->addIncoming(v.repr == Repr::Scalar ? v.scalar : v.ptr, from);
}

/// Whether an iteration of `blocks` is a few scalar instructions: rank-0
/// values only, no nested regions, nothing the runtime computes. Counted
/// loops over such bodies poll the stop word once per kPollChunk iterations
/// (a per-iteration poll would be a second exit that keeps LLVM from
/// unrolling and combining them); other bodies poll every iteration, which
/// costs nothing next to their work and stops them at once.
bool scalarBody(std::initializer_list<const ir::Block *> blocks) {
  for (const ir::Block *b : blocks) {
    for (unsigned a = 0; a < b->numArguments(); ++a)
      if (!b->argument(a)->type().shape.empty())
        return false;
    for (auto &opPtr : b->operations()) {
      const ir::Operation &op = *opPtr;
      if (op.hasTrait(ir::T))
        continue;
      if (op.numRegions() || (op.kind() != OpKind::Constant &&
                              !FusionPlan::isFusibleKind(op.kind())))
        return false;
      for (unsigned r = 0; r < op.numResults(); ++r)
        if (!op.result(r)->type().shape.empty())
          return false;
    }
  }
  return true;
}

/// Iterations of a scalar body between two polls: at most some microseconds.
constexpr int64_t kPollChunk = 1024;

/// For a trip count known at compile time, a chunk size from kPollChunk/2
/// to 4*kPollChunk that divides it (the trip count itself up to 4 chunks): every chunk is
/// then a loop with a constant trip count, which LLVM unrolls as it would
/// the whole loop (multiples of 32 first: its widest unroll). 0 when there
/// is none.
int64_t evenChunk(int64_t trips) {
  if (trips <= 4 * kPollChunk)
    return trips;
  for (int64_t step : {32, 1})
    for (int64_t d = kPollChunk / 2; d <= 4 * kPollChunk; d += step)
      if (trips % d == 0)
        return d;
  return 0;
}

} // namespace

std::vector<CgValue>
Emitter::countedLoop(const ir::Operation &op, llvm::Value *lo, llvm::Value *hi,
                     const std::vector<CgValue> &inits, bool scalar,
                     const CountedBody &body) {
  // Strip-mined when the body is scalar: chunk -> [header <-> body] ->
  // chunk.end -> poll -> chunk, the inner loop a plain counted loop.
  bool chunked = scalar && pollStopsEnabled() && !(gpu && inKernelRegion());
  llvm::BasicBlock *pre = B.GetInsertBlock();
  llvm::BasicBlock *chunk = nullptr, *chunkEnd = nullptr;
  llvm::PHINode *chunkIv = nullptr;
  std::vector<llvm::PHINode *> chunkPhis;
  llvm::Value *entryIv = lo, *stopAt = hi;
  std::vector<CgValue> entry = inits;
  llvm::BasicBlock *entryBB = pre;
  if (chunked) {
    chunk = llvm::BasicBlock::Create(C, "chunk", F);
    chunkEnd = llvm::BasicBlock::Create(C, "chunk.end", F);
    B.CreateBr(chunk);
    B.SetInsertPoint(chunk);
    chunkIv = B.CreatePHI(i64(), 2, "chunk.iter");
    chunkIv->addIncoming(lo, pre);
    for (size_t k = 0; k < inits.size(); ++k) {
      chunkPhis.push_back(carryPhi(*this, inits[k], pre));
      entry[k] = fromPhi(inits[k], chunkPhis[k]);
    }
    auto *clo = llvm::dyn_cast<llvm::ConstantInt>(lo);
    auto *chi = llvm::dyn_cast<llvm::ConstantInt>(hi);
    int64_t even = clo && chi && chi->getSExtValue() > clo->getSExtValue()
                       ? evenChunk(chi->getSExtValue() - clo->getSExtValue())
                       : 0;
    if (even > 0) { // every chunk is full
      stopAt = B.CreateAdd(chunkIv, c64(even));
    } else {
      llvm::Value *left = B.CreateSub(hi, chunkIv);
      stopAt = B.CreateSelect(B.CreateICmpSGT(left, c64(kPollChunk)),
                              B.CreateAdd(chunkIv, c64(kPollChunk)), hi);
    }
    entryIv = chunkIv;
    entryBB = chunk;
  }
  auto *header = llvm::BasicBlock::Create(C, "loop", F);
  auto *bodyBB = llvm::BasicBlock::Create(C, "loop.body", F);
  auto *exit = llvm::BasicBlock::Create(C, "loop.end", F);
  B.CreateBr(header);
  B.SetInsertPoint(header);
  llvm::PHINode *iv = B.CreatePHI(i64(), 2, "iter");
  iv->addIncoming(entryIv, entryBB);
  std::vector<llvm::PHINode *> phis;
  for (const CgValue &c : entry)
    phis.push_back(carryPhi(*this, c, entryBB));
  B.CreateCondBr(B.CreateICmpSLT(iv, stopAt), bodyBB, chunked ? chunkEnd : exit);

  B.SetInsertPoint(bodyBB);
  std::vector<CgValue> carries;
  for (size_t k = 0; k < phis.size(); ++k)
    carries.push_back(fromPhi(inits[k], phis[k]));
  std::vector<CgValue> next = body(iv, carries);
  if (!chunked)
    pollStop(op);
  llvm::BasicBlock *latch = B.GetInsertBlock();
  iv->addIncoming(B.CreateAdd(iv, c64(1)), latch);
  for (size_t k = 0; k < phis.size(); ++k)
    addIncoming(phis[k], next[k], latch);
  B.CreateBr(header);

  if (chunked) {
    B.SetInsertPoint(chunkEnd);
    auto *poll = llvm::BasicBlock::Create(C, "chunk.poll", F);
    B.CreateCondBr(B.CreateICmpSLT(iv, hi), poll, exit);
    B.SetInsertPoint(poll);
    pollStop(op);
    llvm::BasicBlock *back = B.GetInsertBlock();
    chunkIv->addIncoming(iv, back);
    for (size_t k = 0; k < phis.size(); ++k)
      chunkPhis[k]->addIncoming(phis[k], back);
    B.CreateBr(chunk);
  }
  B.SetInsertPoint(exit);
  std::vector<CgValue> results;
  for (size_t k = 0; k < phis.size(); ++k)
    results.push_back(fromPhi(inits[k], phis[k]));
  return results;
}

std::vector<Emitter::Recycled>
Emitter::beginRecycling(const ir::Operation &loop, unsigned numCarries) {
  std::vector<Recycled> rs(numCarries);
  if (gpu) // device buffers are the host's to manage between launches
    return rs;
  const ir::Block &body = loop.region(0).front();
  unsigned first = loop.kind() == OpKind::ForiLoop ? 1 : 0;
  for (unsigned k = 0; k < numCarries; ++k) {
    if (!plan.recyclesCarry(loop, k))
      continue;
    rs[k].slot = entryAlloca(ptrTy());
    rs[k].owned = entryAlloca(i8());
    B.CreateStore(llvm::ConstantPointerNull::get(ptrTy()), rs[k].slot);
    B.CreateStore(B.getInt8(0), rs[k].owned);
    recycled_[body.argument(first + k)] = rs[k];
  }
  return rs;
}

llvm::Value *Emitter::spareFor(const Recycled &r, const TensorType &t) {
  llvm::Value *spare = B.CreateLoad(ptrTy(), r.slot, "spare");
  llvm::BasicBlock *from = B.GetInsertBlock();
  auto *make = llvm::BasicBlock::Create(C, "spare.alloc", F);
  auto *have = llvm::BasicBlock::Create(C, "spare.have", F);
  llvm::MDNode *rare = llvm::MDBuilder(C).createBranchWeights(1, 1u << 10);
  B.CreateCondBr(B.CreateIsNull(spare), make, have, rare);
  B.SetInsertPoint(make);
  llvm::Value *fresh = alloc(t);
  llvm::BasicBlock *made = B.GetInsertBlock();
  B.CreateBr(have);
  B.SetInsertPoint(have);
  llvm::PHINode *p = B.CreatePHI(ptrTy(), 2, "dest");
  p->addIncoming(spare, from);
  p->addIncoming(fresh, made);
  B.CreateStore(llvm::ConstantPointerNull::get(ptrTy()), r.slot);
  return p;
}

void Emitter::recycleRelease(const Recycled &r, llvm::Value *p) {
  // The loop's own buffer (nothing else can reference it: the body only
  // reads the carry) becomes the spare; the init is released as before.
  llvm::Value *owned = B.CreateLoad(i8(), r.owned);
  auto *keep = llvm::BasicBlock::Create(C, "carry.keep", F);
  auto *drop = llvm::BasicBlock::Create(C, "carry.drop", F);
  auto *extra = llvm::BasicBlock::Create(C, "spare.extra", F);
  auto *store = llvm::BasicBlock::Create(C, "spare.store", F);
  auto *done = llvm::BasicBlock::Create(C, "carry.done", F);
  llvm::MDNode *likely = llvm::MDBuilder(C).createBranchWeights(1u << 10, 1);
  B.CreateCondBr(B.CreateICmpNE(owned, B.getInt8(0)), keep, drop, likely);
  B.SetInsertPoint(drop);
  release(p);
  B.CreateBr(done);
  B.SetInsertPoint(keep);
  llvm::Value *old = B.CreateLoad(ptrTy(), r.slot);
  llvm::MDNode *rare = llvm::MDBuilder(C).createBranchWeights(1, 1u << 10);
  B.CreateCondBr(B.CreateIsNull(old), store, extra, rare);
  B.SetInsertPoint(extra); // a spare is there already (the carry died early)
  release(old);
  B.CreateBr(store);
  B.SetInsertPoint(store);
  B.CreateStore(p, r.slot);
  B.CreateBr(done);
  B.SetInsertPoint(done);
}

void Emitter::markOwned(const std::vector<Recycled> &rs) {
  for (const Recycled &r : rs)
    if (r.slot)
      B.CreateStore(B.getInt8(1), r.owned);
}

void Emitter::endRecycling(const ir::Operation &loop,
                           const std::vector<Recycled> &rs) {
  const ir::Block &body = loop.region(0).front();
  unsigned first = loop.kind() == OpKind::ForiLoop ? 1 : 0;
  for (unsigned k = 0; k < rs.size(); ++k) {
    if (!rs[k].slot)
      continue;
    recycled_.erase(body.argument(first + k));
    llvm::Value *spare = B.CreateLoad(ptrTy(), rs[k].slot);
    auto *rel = llvm::BasicBlock::Create(C, "spare.release", F);
    auto *done = llvm::BasicBlock::Create(C, "spare.done", F);
    B.CreateCondBr(B.CreateIsNull(spare), done, rel);
    B.SetInsertPoint(rel);
    release(spare);
    B.CreateBr(done);
    B.SetInsertPoint(done);
  }
}

void Emitter::emitFori(const ir::Operation &op) {
  llvm::Value *lo = asI64(*this, op.operand(0));
  llvm::Value *hi = asI64(*this, op.operand(1));
  std::vector<CgValue> inits;
  for (unsigned i = 2; i < op.numOperands(); ++i)
    inits.push_back(initCarry(*this, op.operand(i)));
  const ir::Block &body = op.region(0).front();
  std::vector<Recycled> rec = beginRecycling(op, unsigned(inits.size()));
  std::vector<CgValue> out = countedLoop(
      op, lo, hi, inits, scalarBody({&body}),
      [&](llvm::Value *iv, const std::vector<CgValue> &carries) {
        const ir::Value *ivArg = body.argument(0);
        CgValue ivv;
        ivv.repr = Repr::Scalar;
        ivv.scalar = B.CreateTrunc(iv, elemTy(ivArg->type().dtype));
        bind(ivArg, ivv);
        for (size_t k = 0; k < carries.size(); ++k)
          bind(body.argument(unsigned(k + 1)), carries[k]);
        releaseValues(plan.releaseAtEntry(&body));
        emitOps(body);
        std::vector<llvm::Value *> dests(rec.size(), nullptr);
        for (size_t k = 0; k < rec.size(); ++k)
          if (rec[k].slot)
            dests[k] = spareFor(rec[k], body.terminator()->operand(unsigned(k))->type());
        std::vector<CgValue> next = emitTerminator(body, &dests);
        markOwned(rec);
        return next;
      });
  endRecycling(op, rec);
  for (unsigned r = 0; r < op.numResults(); ++r)
    bind(op.result(r), out[r]);
}

void Emitter::emitScan(const ir::Operation &op) {
  int64_t length = op.attrs().getInt("length");
  bool reverse = op.attrs().getInt("reverse") != 0;
  unsigned nCarry = unsigned(op.attrs().getInt("num_carry"));
  const ir::Block &body = op.region(0).front();
  std::vector<CgValue> inits;
  for (unsigned i = 0; i < nCarry; ++i)
    inits.push_back(initCarry(*this, op.operand(i)));
  std::vector<llvm::Value *> xs, temps;
  for (unsigned i = nCarry; i < op.numOperands(); ++i) {
    bool fresh = false;
    xs.push_back(bufferOf(op.operand(i), fresh));
    if (fresh)
      temps.push_back(xs.back());
  }
  std::vector<llvm::Value *> ys;
  for (unsigned r = nCarry; r < op.numResults(); ++r)
    ys.push_back(alloc(op.result(r)->type()));

  std::vector<Recycled> rec = beginRecycling(op, nCarry);
  std::vector<CgValue> out = countedLoop(
      op, c64(0), c64(length), inits, scalarBody({&body}),
      [&](llvm::Value *step, const std::vector<CgValue> &carries) {
        llvm::Value *i = reverse ? B.CreateSub(c64(length - 1), step) : step;
        for (unsigned k = 0; k < nCarry; ++k)
          bind(body.argument(k), carries[k]);
        for (unsigned k = 0; k < xs.size(); ++k) {
          const ir::Value *arg = body.argument(nCarry + k);
          const TensorType &t = arg->type();
          CgValue cv;
          cv.repr = repr(arg);
          llvm::Value *off = B.CreateMul(i, c64(t.numElements()));
          if (cv.repr == Repr::Scalar) {
            cv.scalar = load(t.dtype, xs[k], off);
          } else {
            cv.ptr = elemPtr(t.dtype, xs[k], off);
            cv.view = true;
          }
          bind(arg, cv);
        }
        releaseValues(plan.releaseAtEntry(&body));
        emitOps(body);
        std::vector<llvm::Value *> dests(nCarry, nullptr);
        for (unsigned k = 0; k < nCarry; ++k)
          if (rec[k].slot)
            dests[k] = spareFor(rec[k], body.terminator()->operand(k)->type());
        for (unsigned k = 0; k < ys.size(); ++k) {
          const TensorType &t = op.result(nCarry + k)->type();
          int64_t row = t.numElements() / std::max<int64_t>(1, length);
          dests.push_back(elemPtr(t.dtype, ys[k], B.CreateMul(i, c64(row))));
        }
        std::vector<CgValue> next = emitTerminator(body, &dests);
        markOwned(rec);
        return next;
      });
  endRecycling(op, rec);
  for (unsigned r = 0; r < nCarry; ++r)
    bind(op.result(r), out[r]);
  for (unsigned k = 0; k < ys.size(); ++k) {
    CgValue cv;
    cv.repr = repr(op.result(nCarry + k));
    if (cv.repr == Repr::Scalar) { // a length-0 scan of scalars
      cv.scalar = load(op.result(nCarry + k)->type().dtype, ys[k], c64(0));
      release(ys[k]);
    } else {
      cv.ptr = ys[k];
    }
    bind(op.result(nCarry + k), cv);
  }
  for (llvm::Value *t : temps)
    release(t);
}

void Emitter::emitWhile(const ir::Operation &op) {
  std::vector<CgValue> inits;
  for (unsigned i = 0; i < op.numOperands(); ++i)
    inits.push_back(initCarry(*this, op.operand(i)));
  const ir::Block &condB = op.region(0).front(), &bodyB = op.region(1).front();
  llvm::BasicBlock *pre = B.GetInsertBlock();
  auto *header = llvm::BasicBlock::Create(C, "while", F);
  auto *bodyBB = llvm::BasicBlock::Create(C, "while.body", F);
  auto *exit = llvm::BasicBlock::Create(C, "while.end", F);
  B.CreateBr(header);
  B.SetInsertPoint(header);
  std::vector<llvm::PHINode *> phis;
  for (const CgValue &c : inits)
    phis.push_back(carryPhi(*this, c, pre));
  for (size_t k = 0; k < phis.size(); ++k)
    bind(condB.argument(unsigned(k)), fromPhi(inits[k], phis[k]));
  releaseValues(plan.releaseAtEntry(&condB));
  emitOps(condB);
  std::vector<CgValue> pred = emitTerminator(condB);
  B.CreateCondBr(B.CreateICmpNE(pred[0].scalar,
                                llvm::ConstantInt::get(pred[0].scalar->getType(),
                                                       0)),
                 bodyBB, exit);

  B.SetInsertPoint(bodyBB);
  for (size_t k = 0; k < phis.size(); ++k)
    bind(bodyB.argument(unsigned(k)), fromPhi(inits[k], phis[k]));
  releaseValues(plan.releaseAtEntry(&bodyB));
  emitOps(bodyB);
  std::vector<CgValue> next = emitTerminator(bodyB);
  pollStop(op);
  llvm::BasicBlock *latch = B.GetInsertBlock();
  for (size_t k = 0; k < phis.size(); ++k)
    addIncoming(phis[k], next[k], latch);
  B.CreateBr(header);

  B.SetInsertPoint(exit);
  for (unsigned r = 0; r < op.numResults(); ++r)
    bind(op.result(r), fromPhi(inits[r], phis[r]));
}

void Emitter::emitCond(const ir::Operation &op) {
  unsigned n = op.numRegions();
  // Branch arguments borrow the operands; lazy ones are materialised once.
  std::vector<CgValue> args;
  std::vector<llvm::Value *> temps;
  for (unsigned i = 1; i < op.numOperands(); ++i) {
    const ir::Value *v = op.operand(i);
    if (repr(v) == Repr::Scalar) {
      args.push_back(val(v));
      continue;
    }
    CgValue cv;
    cv.repr = Repr::Buffer;
    bool fresh = false;
    cv.ptr = bufferOf(v, fresh);
    cv.view = !fresh && isView(v);
    if (fresh)
      temps.push_back(cv.ptr);
    args.push_back(cv);
  }
  llvm::Value *k = asI64(*this, op.operand(0));
  k = B.CreateSelect(B.CreateICmpSLT(k, c64(0)), c64(0), k);
  k = B.CreateSelect(B.CreateICmpSGT(k, c64(n - 1)), c64(n - 1), k);
  auto *merge = llvm::BasicBlock::Create(C, "cond.end", F);
  std::vector<llvm::BasicBlock *> blocks;
  for (unsigned r = 0; r < n; ++r)
    blocks.push_back(llvm::BasicBlock::Create(C, "branch", F));
  llvm::SwitchInst *sw = B.CreateSwitch(k, blocks.back(), n - 1);
  for (unsigned r = 0; r + 1 < n; ++r)
    sw->addCase(B.getInt64(r), blocks[r]);
  std::vector<std::vector<CgValue>> outs;
  std::vector<llvm::BasicBlock *> ends;
  for (unsigned r = 0; r < n; ++r) {
    B.SetInsertPoint(blocks[r]);
    const ir::Block &b = op.region(r).front();
    for (unsigned a = 0; a < b.numArguments(); ++a)
      bind(b.argument(a), args[a]);
    releaseValues(plan.releaseAtEntry(&b));
    emitOps(b);
    outs.push_back(emitTerminator(b));
    ends.push_back(B.GetInsertBlock());
    B.CreateBr(merge);
  }
  B.SetInsertPoint(merge);
  for (unsigned res = 0; res < op.numResults(); ++res) {
    CgValue cv;
    cv.repr = repr(op.result(res));
    llvm::Type *t = cv.repr == Repr::Scalar
                        ? elemTy(op.result(res)->type().dtype)
                        : static_cast<llvm::Type *>(ptrTy());
    llvm::PHINode *phi = B.CreatePHI(t, n);
    for (unsigned r = 0; r < n; ++r)
      addIncoming(phi, outs[r][res], ends[r]);
    if (cv.repr == Repr::Scalar)
      cv.scalar = phi;
    else
      cv.ptr = phi;
    bind(op.result(res), cv);
  }
  for (llvm::Value *t : temps)
    release(t);
}

} // namespace parax::codegen
