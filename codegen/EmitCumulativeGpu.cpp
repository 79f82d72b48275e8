//===- EmitCumulativeGpu.cpp - cumsum/cumprod/cummax/cummin on the GPU ----===//
//
// In GPU mode a cumulative op (the [A, R, B] layout: A * B lines of R
// elements, B apart) runs as grid-stride kernels instead of the runtime's
// host kernel. Each line is computed as the reference kernel does
// (runtime/KernelsReduce.cpp), so the bits are the CPU's and JAX's:
//  - float sums and products replay XLA's ReduceWindowRewriter with base
//    16. Rows of 16 (the last padded with the identity) are scanned as
//    windows and their totals scanned the same way, recursively: one level
//    per factor of 16, in a float32 scratch buffer. Then every element is
//    combined with the previous (reverse: next) row's inclusive total.
//    Each level is a kernel with a thread per row (down) or per element
//    (up), so one long line is parallel too. float16/bfloat16 round every
//    combine;
//  - max/min and integers fold in order, one thread per line (their order
//    does not matter), and so do float64 sums and products (the reference
//    kernel accumulates them in order, in double);
//  - a line of one element is copied (XLA keeps -0 and denormals there).
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
  if (!gpu || inKernelRegion() || d != rt.dtype ||
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
  const bool xla = isFloat(d) && d != DType::F64 && !cb.orderFree();
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
  Value *init = cb.identity();
  auto round = [&](Value *v) {
    return isFloat(d) && d != DType::F32 && d != DType::F64 ? toF32(d, fromF32(d, v)) : v;
  };
  auto combine = [&](Value *a, Value *b) { return round(cb.combine(a, b)); };
  // One kernel: a grid-stride loop over `per` items of every line,
  // body(line, item) with the line's element accessors bound.
  struct Line {
    Value *index;
    std::function<Value *(Value *)> linear;
  };
  auto kernel = [&](int64_t per, const std::function<void(Line &, Value *)> &body) {
    beginKernelRegion(KernelKind::Grid, op.name(), lines * per);
    gridLoop(lines * per, [&](Value *item) {
      Line l;
      l.index = B.CreateUDiv(item, c64(per));
      Value *i = B.CreateUDiv(l.index, c64(Bn)), *j = B.CreateURem(l.index, c64(Bn));
      l.linear = [&, i, j](Value *q) {
        return B.CreateAdd(
            B.CreateMul(B.CreateAdd(B.CreateMul(i, c64(R)), q), c64(Bn)), j);
      };
      body(l, B.CreateURem(item, c64(per)));
    });
    endKernelRegion();
  };
  auto raw = [&](Line &l, Value *q) {
    Index idx = makeLinearIndex(xt.shape, l.linear(q));
    return elem(x, idx);
  };
  if (R == 1) { // one-element windows: the values as they are
    kernel(1, [&](Line &l, Value *) { store(d, dst, l.linear(c64(0)), raw(l, c64(0))); });
  } else if (!xla) { // an in-order fold, in the scan's direction
    kernel(1, [&](Line &l, Value *) {
      loopCarry(c64(0), c64(R), {init},
                [&](Value *t, const std::vector<Value *> &c) {
                  Value *q = reverse ? B.CreateSub(c64(R - 1), t) : t;
                  Value *acc = cb.combine(c[0], cb.load(raw(l, q)));
                  store(d, dst, l.linear(q), cb.store(acc));
                  return std::vector<Value *>{acc};
                });
    });
  } else {
    // Level k's element q of a line: level 0 reads the input the first
    // time and the output after, and writes the output (as the dtype);
    // the other levels live in the line's part of the scratch.
    auto slot = [&](Line &l, size_t k, Value *q) {
      Value *at = B.CreateAdd(B.CreateMul(l.index, c64(scratchPerLine)),
                              B.CreateAdd(c64(offsets[k]), q));
      return B.CreateInBoundsGEP(f32(), scratch, at);
    };
    auto read = [&](Line &l, size_t k, Value *q, bool fresh) -> Value * {
      if (k == 0)
        return fresh ? cb.load(raw(l, q))
                     : cb.load(B.CreateLoad(elemTy(d), elemPtr(d, dst, l.linear(q))));
      return B.CreateLoad(f32(), slot(l, k, q));
    };
    auto write = [&](Line &l, size_t k, Value *q, Value *v) {
      if (k == 0)
        store(d, dst, l.linear(q), cb.store(v));
      else
        B.CreateStore(v, slot(l, k, q));
    };
    // One window of `len` (<= 16) elements at `base` of level k, padded to
    // `width` with the identity and scanned in place; returns its total
    // (the fold of the whole padded window: its last element for a forward
    // scan, its first for a reverse one).
    auto window = [&](Line &l, size_t k, Value *base, Value *len,
                      int64_t width, bool fresh) -> Value * {
      auto at = [&](Value *q) { // a padded element
        Value *in = B.CreateICmpSLT(q, len);
        llvm::BasicBlock *from = B.GetInsertBlock();
        auto *yes = llvm::BasicBlock::Create(C, "scan.load", F);
        auto *join = llvm::BasicBlock::Create(C, "scan.loaded", F);
        B.CreateCondBr(in, yes, join);
        B.SetInsertPoint(yes);
        Value *v = read(l, k, B.CreateAdd(base, q), fresh);
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
        write(l, k, B.CreateAdd(base, q), v);
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
    auto rowLength = [&](int64_t n, Value *base) {
      Value *len = B.CreateSub(c64(n), base);
      return B.CreateSelect(B.CreateICmpSLT(len, c64(kBase)), len, c64(kBase));
    };
    // Down the levels, one kernel each, a thread per row of 16: rows
    // scanned, their totals into the next level.
    const size_t top = sizes.size() - 1;
    for (size_t k = 0; k < top; ++k)
      kernel(sizes[k + 1], [&](Line &l, Value *r) {
        Value *base = B.CreateMul(r, c64(kBase));
        write(l, k + 1, r, window(l, k, base, rowLength(sizes[k], base), kBase, true));
      });
    kernel(1, [&](Line &l, Value *) {
      window(l, top, c64(0), c64(sizes[top]), sizes[top], top == 0);
    });
    // Up again, a thread per element: each combined with its row's
    // neighbouring inclusive total (the identity at the end), as XLA does
    // (also for the identity, which turns -0 into +0).
    for (size_t k = top; k-- > 0;) {
      int64_t rows = sizes[k + 1];
      kernel(sizes[k], [&](Line &l, Value *q) {
        Value *r = B.CreateUDiv(q, c64(kBase));
        Value *has = reverse ? B.CreateICmpSLT(B.CreateAdd(r, c64(1)), c64(rows))
                             : B.CreateICmpSGT(r, c64(0));
        Value *nb = reverse ? B.CreateAdd(r, c64(1)) : B.CreateSub(r, c64(1));
        Value *e = B.CreateSelect(
            has, read(l, k + 1, B.CreateSelect(has, nb, c64(0)), false), init);
        write(l, k, q, combine(read(l, k, q, false), e));
      });
    }
  }
  if (scratch)
    release(scratch);
  bind(op.result(), cv);
  return true;
}

} // namespace parax::codegen
