//===- EmitCumulativeGpu.cpp - cumsum/cumprod/cummax/cummin on the GPU ----===//
//
// In GPU mode a cumulative op is a grid-stride kernel over its lines (the
// [A, R, B] layout: A * B lines of R elements, B apart), one thread per
// line, instead of the runtime's host kernel. Each line is computed as the
// reference kernel does (runtime/KernelsReduce.cpp), so the bits are the
// CPU's and JAX's:
//  - float sums and products replay XLA's ReduceWindowRewriter with base
//    16: rows of 16 (the last padded with the identity) scanned as windows,
//    their totals scanned the same way (recursively: one level per factor
//    of 16, in a float32 scratch buffer of the kernel), then every element
//    combined with the previous (reverse: next) row's inclusive total;
//    float16/bfloat16 round every combine;
//  - max/min and integers fold in order (their order does not matter);
//  - a line of one element is copied (XLA keeps -0 and denormals there).
// float64 scans keep the runtime kernel.
//
//===----------------------------------------------------------------------===//
#include "codegen/ReduceCombiner.h"
#include "ir/OpRules.h"

namespace parax::codegen {

using ir::OpKind;
using llvm::Value;

namespace {
constexpr int64_t kBase = 16; ///< XLA's ReduceWindowRewriter base
} // namespace

bool Emitter::emitCumulativeGpu(const ir::Operation &op) {
  const ir::Value *x = op.operand(0);
  const TensorType &xt = x->type(), &rt = op.result()->type();
  DType d = xt.dtype;
  if (!gpu || inKernelRegion() || d == DType::F64 || d != rt.dtype ||
      repr(op.result()) != Repr::Buffer || xt.rank() == 0)
    return false;
  const int64_t axis = op.attrs().getInt("axis");
  const bool reverse = op.attrs().getInt("reverse") != 0;
  int64_t A = 1, R = xt.shape[size_t(axis)], Bn = 1;
  for (int64_t i = 0; i < axis; ++i)
    A *= xt.shape[size_t(i)];
  for (int64_t i = axis + 1; i < xt.rank(); ++i)
    Bn *= xt.shape[size_t(i)];
  const int64_t lines = A * Bn;
  Combiner cb{*this, ir::reductionCombiner(op.kind()), d};
  const bool xla = isFloat(d) && !cb.orderFree();
  // The levels of XLA's recursion: sizes n0 = R, n1 = ceil(n0 / 16), ...
  // while the level is longer than 16; level k >= 1 lives in the scratch.
  std::vector<int64_t> sizes{R}, offsets{0};
  int64_t scratchPerLine = 0;
  while (xla && sizes.back() > kBase) {
    int64_t next = (sizes.back() + kBase - 1) / kBase;
    offsets.push_back(scratchPerLine);
    scratchPerLine += next;
    sizes.push_back(next);
  }
  Value *dst = alloc(rt);
  Value *scratch = scratchPerLine
                       ? alloc(TensorType{DType::F32, {lines * scratchPerLine}})
                       : nullptr;
  CgValue cv;
  cv.repr = Repr::Buffer;
  cv.ptr = dst;
  if (lines * R == 0) {
    if (scratch)
      release(scratch);
    bind(op.result(), cv);
    return true;
  }
  beginKernelRegion(KernelKind::Grid, op.name(), lines);
  gridLoop(lines, [&](Value *line) {
    Value *i = B.CreateUDiv(line, c64(Bn)), *j = B.CreateURem(line, c64(Bn));
    auto linear = [&](Value *q) {
      return B.CreateAdd(B.CreateMul(B.CreateAdd(B.CreateMul(i, c64(R)), q),
                                     c64(Bn)),
                         j);
    };
    auto raw = [&](Value *q) {
      Index idx = makeLinearIndex(xt.shape, linear(q));
      return elem(x, idx);
    };
    auto input = [&](Value *q) { return cb.load(raw(q)); };
    auto round = [&](Value *v) {
      return isFloat(d) && d != DType::F32 ? toF32(d, fromF32(d, v)) : v;
    };
    auto combine = [&](Value *a, Value *b) { return round(cb.combine(a, b)); };
    if (R == 1) { // one-element windows: the values as they are
      store(d, dst, linear(c64(0)), raw(c64(0)));
      return;
    }
    if (!xla) { // an order-free fold, in the scan's direction
      loopCarry(c64(0), c64(R), {cb.identity()},
                [&](Value *t, const std::vector<Value *> &c) {
                  Value *q = reverse ? B.CreateSub(c64(R - 1), t) : t;
                  Value *acc = cb.combine(c[0], input(q));
                  store(d, dst, linear(q), cb.store(acc));
                  return std::vector<Value *>{acc};
                });
      return;
    }
    // Level k's element q: read (level 0 reads the input the first time
    // and the output after), written (level 0: the output, as the dtype).
    Value *lineScratch =
        scratch ? B.CreateInBoundsGEP(f32(), scratch,
                                      B.CreateMul(line, c64(scratchPerLine)))
                : nullptr;
    auto slot = [&](size_t k, Value *q) {
      return B.CreateInBoundsGEP(f32(), lineScratch,
                                 B.CreateAdd(c64(offsets[k]), q));
    };
    auto read = [&](size_t k, Value *q, bool fresh) -> Value * {
      if (k == 0)
        return fresh ? input(q)
                     : cb.load(B.CreateLoad(elemTy(d), elemPtr(d, dst, linear(q))));
      return B.CreateLoad(f32(), slot(k, q));
    };
    auto write = [&](size_t k, Value *q, Value *v) {
      if (k == 0)
        store(d, dst, linear(q), cb.store(v));
      else
        B.CreateStore(v, slot(k, q));
    };
    Value *init = cb.identity();
    // One window of `len` (<= 16) elements at `base` of level k, padded to
    // `width` with the identity; returns its total (the fold of the whole
    // padded window: last for a forward scan, first for a reverse one).
    auto window = [&](size_t k, Value *base, Value *len, int64_t width,
                      bool fresh) -> Value * {
      auto at = [&](Value *q) { // a padded element
        Value *in = B.CreateICmpSLT(q, len);
        llvm::BasicBlock *from = B.GetInsertBlock();
        auto *yes = llvm::BasicBlock::Create(C, "scan.load", F);
        auto *join = llvm::BasicBlock::Create(C, "scan.loaded", F);
        B.CreateCondBr(in, yes, join);
        B.SetInsertPoint(yes);
        Value *v = read(k, B.CreateAdd(base, q), fresh);
        llvm::BasicBlock *loaded = B.GetInsertBlock();
        B.CreateBr(join);
        B.SetInsertPoint(join);
        llvm::PHINode *phi = B.CreatePHI(v->getType(), 2);
        phi->addIncoming(init, from);
        phi->addIncoming(v, loaded);
        return static_cast<Value *>(phi);
      };
      auto writeIf = [&](Value *q, Value *v) {
        auto *yes = llvm::BasicBlock::Create(C, "scan.store", F);
        auto *next = llvm::BasicBlock::Create(C, "scan.stored", F);
        B.CreateCondBr(B.CreateICmpSLT(q, len), yes, next);
        B.SetInsertPoint(yes);
        write(k, B.CreateAdd(base, q), v);
        B.CreateBr(next);
        B.SetInsertPoint(next);
      };
      if (!reverse) { // the running fold
        std::vector<Value *> acc = loopCarry(
            c64(0), c64(width), {init}, [&](Value *q, const std::vector<Value *> &c) {
              Value *v = combine(c[0], at(q));
              writeIf(q, v);
              return std::vector<Value *>{v};
            });
        return acc[0];
      }
      // Reverse: each output its own fold from the identity over [q, width),
      // in ascending order; ascending q never reads what it wrote before.
      std::vector<Value *> total = loopCarry(
          c64(0), c64(width), {init}, [&](Value *q, const std::vector<Value *> &c) {
            std::vector<Value *> acc = loopCarry(
                q, c64(width), {init}, [&](Value *p, const std::vector<Value *> &a) {
                  return std::vector<Value *>{combine(a[0], at(p))};
                });
            writeIf(q, acc[0]);
            Value *isFirst = B.CreateICmpEQ(q, c64(0));
            return std::vector<Value *>{B.CreateSelect(isFirst, acc[0], c[0])};
          });
      return total[0];
    };
    // Down the levels: rows scanned, their totals into the next level.
    const size_t top = sizes.size() - 1;
    for (size_t k = 0; k < top; ++k) {
      int64_t n = sizes[k], rows = sizes[k + 1];
      loop(rows, [&](Value *r) {
        Value *base = B.CreateMul(r, c64(kBase));
        Value *len = B.CreateSub(c64(n), base);
        len = B.CreateSelect(B.CreateICmpSLT(len, c64(kBase)), len, c64(kBase));
        write(k + 1, r, window(k, base, len, kBase, true));
      });
    }
    window(top, c64(0), c64(sizes[top]), sizes[top], top == 0);
    // Up again: each row combined with the neighbouring row's inclusive
    // total (the identity at the end), as XLA does (also for the identity,
    // which turns -0 into +0).
    for (size_t k = top; k-- > 0;) {
      int64_t n = sizes[k], rows = sizes[k + 1];
      loop(rows, [&](Value *r) {
        Value *has = reverse ? B.CreateICmpSLT(B.CreateAdd(r, c64(1)), c64(rows))
                             : B.CreateICmpSGT(r, c64(0));
        Value *nb = reverse ? B.CreateAdd(r, c64(1)) : B.CreateSub(r, c64(1));
        Value *safe = B.CreateSelect(has, nb, c64(0));
        Value *e = B.CreateSelect(has, read(k + 1, safe, false), init);
        Value *base = B.CreateMul(r, c64(kBase));
        Value *end = B.CreateSub(c64(n), base);
        end = B.CreateSelect(B.CreateICmpSLT(end, c64(kBase)), end, c64(kBase));
        loop(c64(0), end, [&](Value *q) {
          Value *at = B.CreateAdd(base, q);
          write(k, at, combine(read(k, at, false), e));
        });
      });
    }
  });
  endKernelRegion();
  if (scratch)
    release(scratch);
  bind(op.result(), cv);
  return true;
}

} // namespace parax::codegen
