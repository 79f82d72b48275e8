//===- EmitReduce.cpp - reductions, arg-reductions and dot ----------------===//
//
// Reductions fuse their operand (elements come from `elem`) and pick a loop
// shape from the layout [A, R, B] (reduced dims contiguous) of the operand:
//  1. float sum/prod of fewer than 4096 elements replays XLA's tree
//     reduction (windows of 32 per reduced dim, SAME padding, then one
//     sequential pass) exactly as the reference kernel does, so small sums
//     are bit-identical to the interpreter and to JAX;
//  2. otherwise, per output element, a run over R with 16 independent lanes
//     (the SLP vectoriser turns them into vector ops; the lane order is
//     fixed, so no fast-math is needed); float sums/products split the run
//     into blocks of 1024 combined by a binary counter (pairwise summation:
//     error O(log R) ulps instead of O(R));
//  3. reducing a leading dim of wide rows (B >= 8) accumulates whole rows:
//     order-independent ops directly into the result, float sums/products
//     through stack tiles of 256 columns with the same binary counter.
// dot_general runs as loops in k order with llvm.fma (rows of the result
// accumulate along the contiguous rhs rows, so they vectorise); big float
// matmuls call the packed GEMM kernel of the runtime instead.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "codegen/ReduceCombiner.h"
#include "ir/Diagnostics.h"
#include "ir/OpRules.h"

#include <algorithm>
#include <limits>

namespace parax::codegen {

using ir::OpKind;
using llvm::Value;

namespace {

using Gen = std::function<Value *(Value *)>;

/// Combines `count` elements gen(lo + i) in one loop. The combine of a
/// float sum/product carries `reassoc` (the loop vectoriser then keeps
/// VF x UF partial results, combined as a tree); max/min use
/// llvm.maximum/minimum, which it vectorises as they are. The loop is
/// interleaved (several vector accumulators: a chain of dependent vector
/// adds or maximums would run at one per latency).
Value *laneRun(Emitter &e, Combiner &cb, Value *lo, int64_t count,
               const Gen &gen) {
  auto &B = e.B;
  if (count <= 0)
    return cb.identity();
  int saved = e.loopInterleave;
  e.loopInterleave = 4;
  std::vector<Value *> r = e.loopCarry(
      e.c64(0), e.c64(count), {cb.identity()},
      [&](Value *i, const std::vector<Value *> &c) {
        Value *v = gen(B.CreateAdd(lo, i, "", true, true));
        return std::vector<Value *>{cb.combine(c[0], v, /*vector=*/true)};
      });
  e.loopInterleave = saved;
  return r[0];
}

constexpr int64_t kPairBlock = 1024;

/// The binary counter of a pairwise sum over `nb` blocks whose values
/// block(j) gives: `levels` (64 slots) holds the completed subtrees, the
/// one of 2^k blocks at level k; `slot` is scratch.
void pairCounter(Emitter &e, Combiner &cb, Value *levels, Value *slot,
                 int64_t nb, const std::function<Value *(Value *)> &block) {
  auto &B = e.B;
  e.loop(e.c64(0), e.c64(nb), [&](Value *j) {
    B.CreateStore(block(j), slot);
    // Merge with the completed subtrees: as many as j has trailing ones.
    Value *cnt = B.CreateBinaryIntrinsic(
        llvm::Intrinsic::cttz, B.CreateNot(j), B.getFalse());
    e.loop(e.c64(0), cnt, [&](Value *k) {
      Value *l = B.CreateLoad(cb.type(), B.CreateGEP(cb.type(), levels, k));
      B.CreateStore(cb.combine(l, B.CreateLoad(cb.type(), slot)), slot);
    });
    B.CreateStore(B.CreateLoad(cb.type(), slot),
                  B.CreateGEP(cb.type(), levels, cnt));
  });
}

/// Pairwise (blocked) float sum/product of gen(lo + i), i < count.
Value *pairwiseRun(Emitter &e, Combiner &cb, Value *lo, int64_t count,
                   const Gen &gen) {
  const int64_t K = kPairBlock;
  auto &B = e.B;
  int64_t nb = count / K, tail = count % K;
  if (nb < 2)
    return laneRun(e, cb, lo, count, gen);
  llvm::Value *levels = e.entryAlloca(cb.type(), e.c64(64));
  llvm::Value *slot = e.entryAlloca(cb.type());
  pairCounter(e, cb, levels, slot, nb, [&](Value *j) {
    return laneRun(e, cb, B.CreateAdd(lo, B.CreateMul(j, e.c64(K))), K, gen);
  });
  Value *acc = nullptr;
  for (int64_t k = 63; k >= 0; --k)
    if ((nb >> k) & 1) {
      Value *l = B.CreateLoad(cb.type(), B.CreateConstGEP1_64(cb.type(), levels,
                                                           uint64_t(k)));
      acc = acc ? cb.combine(acc, l) : l;
    }
  if (tail)
    acc = cb.combine(acc, laneRun(e, cb, B.CreateAdd(lo, e.c64(nb * K)), tail,
                                  gen));
  return acc;
}

/// One output's run over `count` elements split over the worker pool, with
/// the serial run's result: order-free combines take chunks of 64K
/// elements combined in order; a float sum/product takes whole subtrees of
/// the pairwise tree (2^p blocks each), whose values the same binary
/// counter then combines, so the result has the bits of pairwiseRun. Null
/// (nothing emitted) when the run is too short to split.
Value *splitRun(Emitter &e, Combiner &cb, int64_t count, const Gen &gen) {
  auto &B = e.B;
  const int64_t K = kPairBlock;
  int64_t sb = 64; // blocks per chunk, a power of two
  while (count / (sb * K) > 4096)
    sb *= 2;
  const int64_t chunk = sb * K, S = count / chunk;
  if (S < 2 || !e.splitsLoop(S, chunk))
    return nullptr;
  llvm::Type *ct = cb.type();
  Value *parts = e.entryAlloca(ct, e.c64(S));
  e.parallelLoop(S, chunk, [&](Value *s) {
    Value *lo = B.CreateMul(s, e.c64(chunk));
    Value *v = cb.orderFree() ? laneRun(e, cb, lo, chunk, gen)
                              : pairwiseRun(e, cb, lo, chunk, gen);
    B.CreateStore(v, B.CreateGEP(ct, parts, s));
  });
  auto part = [&](Value *s) { return B.CreateLoad(ct, B.CreateGEP(ct, parts, s)); };
  if (cb.orderFree()) {
    std::vector<Value *> r = e.loopCarry(
        e.c64(0), e.c64(S), {cb.identity()},
        [&](Value *s, const std::vector<Value *> &c) {
          return std::vector<Value *>{cb.combine(c[0], part(s))};
        });
    Value *acc = r[0];
    if (count % chunk)
      acc = cb.combine(acc, laneRun(e, cb, e.c64(S * chunk), count % chunk, gen));
    return acc;
  }
  // The serial counter over nb blocks ends with the subtrees of the set
  // bits of nb: those of 2^p blocks and more are the subtrees of the chunks
  // (counted the same way), the smaller ones those of the remaining blocks.
  int64_t p = 0;
  while ((int64_t(1) << p) < sb)
    ++p;
  int64_t nb = count / K, rem = nb - S * sb, tail = count % K;
  Value *high = e.entryAlloca(cb.type(), e.c64(64));
  Value *low = e.entryAlloca(cb.type(), e.c64(64));
  Value *slot = e.entryAlloca(cb.type());
  pairCounter(e, cb, high, slot, S, part);
  pairCounter(e, cb, low, slot, rem, [&](Value *j) {
    Value *lo = B.CreateAdd(e.c64(S * chunk), B.CreateMul(j, e.c64(K)));
    return laneRun(e, cb, lo, K, gen);
  });
  Value *acc = nullptr;
  for (int64_t k = 63; k >= 0; --k)
    if ((nb >> k) & 1) {
      Value *l = B.CreateLoad(cb.type(), k >= p ? B.CreateConstGEP1_64(cb.type(), high, uint64_t(k - p))
                                              : B.CreateConstGEP1_64(cb.type(), low, uint64_t(k)));
      acc = acc ? cb.combine(acc, l) : l;
    }
  if (tail)
    acc = cb.combine(acc, laneRun(e, cb, e.c64(nb * K), tail, gen));
  return acc;
}

/// XLA's tree reduction of the reduced dims `rdims` (sizes `rs`) for one
/// output element; `load(dims)` gives the element at a reduced index.
Value *xlaTree(Emitter &e, Combiner &cb, const Shape &rs,
               const std::function<Value *(std::vector<Value *>)> &load) {
  auto &B = e.B;
  const int64_t kWindow = 32;
  size_t m = rs.size();
  // Level shapes, windows and low paddings.
  std::vector<Shape> shapes{rs}, wins, pads;
  for (;;) {
    const Shape &s = shapes.back();
    bool big = false;
    for (int64_t x : s)
      big |= x > kWindow;
    if (!big)
      break;
    Shape out(m), win(m), pad(m);
    for (size_t j = 0; j < m; ++j) {
      win[j] = std::min(s[j], kWindow);
      out[j] = (s[j] + win[j] - 1) / win[j];
      pad[j] = (out[j] * win[j] - s[j]) / 2;
    }
    wins.push_back(win);
    pads.push_back(pad);
    shapes.push_back(out);
  }
  llvm::Value *accSlots = e.entryAlloca(cb.type(), e.c64(int64_t(shapes.size())));
  // Element `o` of level `l`.
  std::function<Value *(size_t, std::vector<Value *>)> level =
      [&](size_t l, std::vector<Value *> o) -> Value * {
    if (l == 0)
      return load(o);
    const Shape &win = wins[l - 1], &pad = pads[l - 1], &below = shapes[l - 1];
    Value *slot = B.CreateConstGEP1_64(cb.type(), accSlots, l);
    B.CreateStore(cb.identity(), slot);
    e.loopNest(win, [&](Index &w) {
      std::vector<Value *> p(m);
      Value *in = B.getTrue();
      const auto &wd = e.dimsOf(w);
      for (size_t j = 0; j < m; ++j) {
        Value *q = B.CreateSub(
            B.CreateAdd(B.CreateMul(o[j], e.c64(win[j])), wd[j]),
            e.c64(pad[j]));
        in = B.CreateAnd(in, B.CreateICmpSGE(q, e.c64(0)));
        in = B.CreateAnd(in, B.CreateICmpSLT(q, e.c64(below[j])));
        q = B.CreateSelect(B.CreateICmpSLT(q, e.c64(0)), e.c64(0), q);
        p[j] = B.CreateSelect(B.CreateICmpSGE(q, e.c64(below[j])),
                              e.c64(below[j] - 1), q);
      }
      Value *v = B.CreateSelect(in, level(l - 1, p), cb.identity());
      Value *cur = B.CreateLoad(cb.type(), slot);
      B.CreateStore(cb.combine(cur, v), slot);
    });
    return B.CreateLoad(cb.type(), slot);
  };
  // Final sequential pass over the last level, row-major.
  Value *fin = B.CreateConstGEP1_64(cb.type(), accSlots, 0);
  B.CreateStore(cb.identity(), fin);
  size_t top = shapes.size() - 1;
  e.loopNest(shapes[top], [&](Index &o) {
    std::vector<Value *> od = e.dimsOf(o);
    if (od.empty())
      od.assign(m, e.c64(0));
    Value *v = level(top, od);
    B.CreateStore(cb.combine(B.CreateLoad(cb.type(), fin), v), fin);
  });
  return B.CreateLoad(cb.type(), fin);
}

} // namespace

//===----------------------------------------------------------------------===//
// reduce_*
//===----------------------------------------------------------------------===//
bool Emitter::gpuReducesInParallel(const ir::Operation &op) {
  const Shape &xs = op.operand(0)->type().shape;
  int64_t n = numElements(xs), out = numElements(op.result()->type().shape);
  if (n == 0 || out == 0)
    return false;
  int64_t R = n / out;
  return out >= kGpuBlock || R >= 1024;
}

void Emitter::emitReduce(const ir::Operation &op) {
  const ir::Value *x = op.operand(0);
  const Shape &xs = x->type().shape;
  DType d = x->type().dtype;
  const auto &axes = op.attrs().getInts("axes");
  const TensorType &rt = op.result()->type();
  Combiner cb{*this, ir::reductionCombiner(op.kind()), d};
  int64_t n = numElements(xs), rank = int64_t(xs.size());
  std::vector<bool> red(size_t(rank), false);
  for (int64_t a : axes)
    red[size_t(a)] = true;
  Shape rshape, kshape;
  int64_t R = 1;
  for (int64_t i = 0; i < rank; ++i) {
    if (red[size_t(i)]) {
      rshape.push_back(xs[size_t(i)]);
      R *= xs[size_t(i)];
    } else {
      kshape.push_back(xs[size_t(i)]);
    }
  }
  // [A, R, B] when the non-unit reduced dims are contiguous.
  int64_t first = -1, last = -1;
  bool grouped = true;
  for (int64_t i = 0; i < rank; ++i) {
    if (!red[size_t(i)] || xs[size_t(i)] == 1)
      continue;
    if (first >= 0)
      for (int64_t j = last + 1; j < i; ++j)
        grouped &= xs[size_t(j)] == 1;
    if (first < 0)
      first = i;
    last = i;
  }
  int64_t A = 1, Bn = 1;
  if (first >= 0) {
    for (int64_t i = 0; i < first; ++i)
      A *= xs[size_t(i)];
    for (int64_t i = last + 1; i < rank; ++i)
      Bn *= xs[size_t(i)];
  } else {
    A = numElements(kshape);
  }

  bool scalarOut = repr(op.result()) == Repr::Scalar;
  llvm::Value *dst = scalarOut ? nullptr : alloc(rt);
  Value *scalar = nullptr;
  auto put = [&](Value *outLinear, Value *v) {
    if (scalarOut)
      scalar = cb.store(v);
    else
      store(rt.dtype, dst, outLinear, cb.store(v));
  };
  auto elemAt = [&](Value *lin) {
    Index idx = makeLinearIndex(xs, lin);
    return cb.load(elem(x, idx));
  };
  // Element at a kept index `kd` and a reduced index `rd`.
  auto elemKR = [&](const std::vector<Value *> &kd,
                    const std::vector<Value *> &rd) {
    std::vector<Value *> dims;
    size_t ki = 0, ri = 0;
    for (int64_t i = 0; i < rank; ++i)
      dims.push_back(red[size_t(i)] ? rd[ri++] : kd[ki++]);
    Index idx = makeIndex(xs, dims);
    return cb.load(elem(x, idx));
  };

  int64_t outCount = numElements(rt.shape);
  if (outCount == 0) {
    bind(op.result(), CgValue{Repr::Buffer, nullptr, dst});
    return;
  }
  // Element at output `o` (linear in kshape) and reduced linear index `r`.
  auto elemOR = [&](const std::vector<Value *> &kd, Value *r) {
    Index ri = makeLinearIndex(rshape, r);
    return elemKR(kd, dimsOf(ri));
  };
  if (gpu && !inKernelRegion() && gpuReducesInParallel(op)) {
    auto keptDims = [&](Value *o) {
      Index ko = kshape.empty() ? makeIndex({}, {}) : makeLinearIndex(kshape, o);
      return dimsOf(ko);
    };
    // One block's threads combine their parts through shared memory in a
    // fixed tree (deterministic); thread 0's slot ends with the result.
    auto tree = [&](Value *tid, Value *shared, Value *part) -> Value * {
      llvm::Type *ct = cb.type();
      auto slot = [&](Value *i) { return B.CreateGEP(ct, shared, i); };
      gpuBarrier(); // the previous output's readers are done
      B.CreateStore(part, slot(tid));
      gpuBarrier();
      for (int64_t w = kGpuBlock / 2; w >= 1; w /= 2) {
        auto *doBB = llvm::BasicBlock::Create(C, "tree", F);
        auto *next = llvm::BasicBlock::Create(C, "tree.next", F);
        B.CreateCondBr(B.CreateICmpSLT(tid, c64(w)), doBB, next);
        B.SetInsertPoint(doBB);
        Value *a = B.CreateLoad(ct, slot(tid));
        Value *b = B.CreateLoad(ct, slot(B.CreateAdd(tid, c64(w))));
        B.CreateStore(cb.combine(a, b), slot(tid));
        B.CreateBr(next);
        B.SetInsertPoint(next);
        gpuBarrier();
      }
      return B.CreateLoad(ct, shared);
    };
    if (outCount >= kGpuBlock) {
      // GPU, many outputs: one thread per output element (grid-stride),
      // each a run over the reduced index.
      beginKernelRegion(KernelKind::Grid, op.name(), outCount);
      gridLoop(outCount, [&](Value *o) {
        std::vector<Value *> kd = keptDims(o);
        Gen gen = [&](Value *r) { return elemOR(kd, r); };
        Value *v = cb.orderFree() ? laneRun(*this, cb, c64(0), R, gen)
                                  : pairwiseRun(*this, cb, c64(0), R, gen);
        store(rt.dtype, dst, o, cb.store(v));
      });
      endKernelRegion();
    } else if (R >= kGpuBlock * kGpuReduceBlocks / 4) {
      // GPU, few outputs and very long runs: two passes. Pass 1: G blocks
      // of T threads, thread (b, t) takes r = b*T + t, + G*T, ... (coalesced),
      // a tree in the block's shared memory gives part[o*G + b]. Pass 2: one
      // block, thread t combines parts t, t + T, ... in order, then a tree.
      // No atomics and G is a constant: the order, and so the float result,
      // is the same on every GPU and in emulation.
      const int64_t T = kGpuBlock, G = kGpuReduceBlocks;
      const int64_t per = (R + G * T - 1) / (G * T);
      llvm::Type *ct = cb.type();
      llvm::Value *parts = alloc(TensorType{DType::F64, Shape{G * outCount}});
      auto partAt = [&](Value *o, Value *i) {
        return B.CreateGEP(ct, parts, B.CreateAdd(B.CreateMul(o, c64(G)), i));
      };
      beginKernelRegion(KernelKind::Blocks, op.name(), R);
      {
        Value *tid = gpuThread(), *blk = gpuBlock(), *shared = gpuShared();
        Value *first = B.CreateAdd(B.CreateMul(blk, c64(T)), tid);
        auto one = [&](Value *o) {
          std::vector<Value *> kd = keptDims(o);
          Gen gen = [&](Value *j) {
            Value *r = B.CreateAdd(first, B.CreateMul(j, c64(G * T)));
            Value *in = B.CreateICmpSLT(r, c64(R));
            Value *v = elemOR(kd, B.CreateSelect(in, r, c64(R - 1)));
            return B.CreateSelect(in, v, cb.identity());
          };
          Value *part = cb.orderFree() ? laneRun(*this, cb, c64(0), per, gen)
                                       : pairwiseRun(*this, cb, c64(0), per, gen);
          Value *v = tree(tid, shared, part);
          auto *w = llvm::BasicBlock::Create(C, "part.store", F);
          auto *next = llvm::BasicBlock::Create(C, "part.next", F);
          B.CreateCondBr(B.CreateICmpEQ(tid, c64(0)), w, next);
          B.SetInsertPoint(w);
          B.CreateStore(v, partAt(o, blk));
          B.CreateBr(next);
          B.SetInsertPoint(next);
        };
        if (outCount == 1)
          one(c64(0));
        else
          loop(outCount, [&](Value *o) { one(o); });
      }
      endKernelRegion();
      beginKernelRegion(KernelKind::Block, op.name(), G);
      {
        Value *tid = gpuThread(), *shared = gpuShared();
        auto one = [&](Value *o) {
          Value *acc = cb.identity();
          for (int64_t k = 0; k < G / T; ++k)
            acc = cb.combine(
                acc, B.CreateLoad(ct, partAt(o, B.CreateAdd(tid, c64(k * T)))));
          return tree(tid, shared, acc);
        };
        if (scalarOut)
          put(nullptr, one(c64(0)));
        else
          loop(outCount, [&](Value *o) { put(o, one(o)); });
      }
      endKernelRegion();
      release(parts);
    } else {
      // GPU, few outputs and long runs: one block per output in turn;
      // thread t takes r = t, t + T, ... (coalesced), then a tree in shared
      // memory (a fixed order: deterministic).
      beginKernelRegion(KernelKind::Block, op.name(), R);
      const int64_t T = kGpuBlock, per = (R + T - 1) / T;
      Value *tid = gpuThread(), *shared = gpuShared();
      auto one = [&](Value *o) {
        std::vector<Value *> kd = keptDims(o);
        Gen gen = [&](Value *j) {
          Value *r = B.CreateAdd(tid, B.CreateMul(j, c64(T)));
          Value *in = B.CreateICmpSLT(r, c64(R));
          Value *v = elemOR(kd, B.CreateSelect(in, r, c64(R - 1)));
          return B.CreateSelect(in, v, cb.identity());
        };
        Value *part = cb.orderFree() ? laneRun(*this, cb, c64(0), per, gen)
                                     : pairwiseRun(*this, cb, c64(0), per, gen);
        return tree(tid, shared, part);
      };
      if (scalarOut) {
        put(nullptr, one(c64(0)));
      } else {
        loop(outCount, [&](Value *o) { put(o, one(o)); });
      }
      endKernelRegion();
    }
  } else if (n == 0 || R == 0) {
    Value *id = cb.store(cb.identity());
    if (scalarOut)
      scalar = id;
    else
      fillLoop(rt.shape, rt.dtype, dst, true, [&](Index &) { return id; });
  } else if (!cb.orderFree() && n < 4096) {
    // 1. XLA's tree reduction, per output element.
    loopNest(kshape, [&](Index &ko) {
      std::vector<Value *> kd = dimsOf(ko);
      Value *v = xlaTree(*this, cb, rshape, [&](std::vector<Value *> rd) {
        return elemKR(kd, rd);
      });
      put(linearOf(ko), v);
    });
  } else if (grouped && Bn < 8 && outCount == 1 && R == n &&
             (scalar = splitRun(*this, cb, R, elemAt))) {
    // 2'. One long run split over the worker pool.
    put(c64(0), scalar);
  } else if (grouped && Bn < 8) {
    // 2. A run over R per output element (strided when Bn > 1).
    loopNest({A, Bn}, [&](Index &o) {
      const auto &od = dimsOf(o);
      Value *base = B.CreateMul(od[0], c64(R * Bn));
      base = B.CreateAdd(base, od[1]);
      Gen gen = [&](Value *r) {
        return elemAt(B.CreateAdd(base, B.CreateMul(r, c64(Bn))));
      };
      Value *v = cb.orderFree() ? laneRun(*this, cb, c64(0), R, gen)
                                : pairwiseRun(*this, cb, c64(0), R, gen);
      put(linearOf(o), v);
    }, /*parallelOuter=*/!scalarOut, /*workPerElem=*/R);
  } else if (grouped && cb.orderFree()) {
    // 3a. Whole rows combined into the result.
    Value *id = cb.store(cb.identity());
    fillLoop({A * Bn}, rt.dtype, dst, true, [&](Index &) { return id; });
    llvm::MDNode *scope = newNoAliasScope(), *saved = noAliasScope();
    setNoAliasScope(scope);
    loopNest({A, R, Bn}, [&](Index &i) {
      const auto &id3 = dimsOf(i);
      Value *o = B.CreateAdd(B.CreateMul(id3[0], c64(Bn)), id3[2]);
      Value *p = elemPtr(rt.dtype, dst, o);
      Value *cur = cb.load(B.CreateLoad(elemTy(rt.dtype), p));
      Value *v = elemAt(linearOf(i));
      B.CreateStore(cb.store(cb.combine(cur, v)), p);
    });
    setNoAliasScope(saved);
  } else if (grouped) {
    // 3b. Float sum/product of wide rows: tiles + binary counter.
    const int64_t W = 256, KR = 16;
    int64_t nb = R / KR, tail = R % KR;
    auto tile = [&](Value *a, Value *b0, int64_t w) {
      // Scratch of this tile's loop (its own in each chunk of a split).
      llvm::Value *levels = entryAlloca(cb.type(), c64(48 * W));
      llvm::Value *cur = entryAlloca(cb.type(), c64(W));
      auto rowsInto = [&](Value *r0, int64_t rows) {
        loop(w, [&](Value *t) {
          B.CreateStore(cb.identity(), B.CreateGEP(cb.type(), cur, t));
        });
        loop(rows, [&](Value *r) {
          Value *row = B.CreateMul(B.CreateAdd(B.CreateMul(a, c64(R)),
                                               B.CreateAdd(r0, r)),
                                   c64(Bn));
          loop(w, [&](Value *t) {
            Value *p = B.CreateGEP(cb.type(), cur, t);
            Value *v = elemAt(B.CreateAdd(row, B.CreateAdd(b0, t)));
            B.CreateStore(cb.combine(B.CreateLoad(cb.type(), p), v), p);
          });
        });
      };
      loop(c64(0), c64(nb), [&](Value *j) {
        rowsInto(B.CreateMul(j, c64(KR)), KR);
        Value *cnt = B.CreateBinaryIntrinsic(llvm::Intrinsic::cttz,
                                             B.CreateNot(j), B.getFalse());
        loop(c64(0), cnt, [&](Value *k) {
          loop(w, [&](Value *t) {
            Value *lp = B.CreateGEP(
                cb.type(), levels, B.CreateAdd(B.CreateMul(k, c64(W)), t));
            Value *p = B.CreateGEP(cb.type(), cur, t);
            B.CreateStore(cb.combine(B.CreateLoad(cb.type(), lp),
                                     B.CreateLoad(cb.type(), p)),
                          p);
          });
        });
        loop(w, [&](Value *t) {
          Value *lp = B.CreateGEP(cb.type(), levels,
                                  B.CreateAdd(B.CreateMul(cnt, c64(W)), t));
          B.CreateStore(B.CreateLoad(cb.type(), B.CreateGEP(cb.type(), cur, t)), lp);
        });
      });
      if (tail)
        rowsInto(c64(nb * KR), tail);
      loop(w, [&](Value *t) {
        Value *acc = nullptr;
        for (int64_t k = 63; k >= 0; --k)
          if ((nb >> k) & 1) {
            Value *l = B.CreateLoad(
                cb.type(), B.CreateGEP(cb.type(), levels,
                                   B.CreateAdd(c64(k * W), t)));
            acc = acc ? cb.combine(acc, l) : l;
          }
        if (tail) {
          Value *cv = B.CreateLoad(cb.type(), B.CreateGEP(cb.type(), cur, t));
          acc = acc ? cb.combine(acc, cv) : cv;
        }
        Value *o = B.CreateAdd(B.CreateMul(a, c64(Bn)), B.CreateAdd(b0, t));
        store(rt.dtype, dst, o, cb.store(acc));
      });
    };
    int64_t full = Bn / W, rest = Bn % W;
    if (full > 0 && splitsLoop(A * full, W * R)) {
      // Column tiles are independent: split them over the worker pool.
      parallelLoop(A * full, W * R, [&](Value *t) {
        tile(B.CreateUDiv(t, c64(full)), B.CreateMul(B.CreateURem(t, c64(full)), c64(W)), W);
      });
      if (rest)
        parallelLoop(A, rest * R, [&](Value *a) { tile(a, c64(full * W), rest); });
    } else {
      loop(A, [&](Value *a) {
        loop(c64(0), c64(full), [&](Value *tb) {
          tile(a, B.CreateMul(tb, c64(W)), W);
        });
        if (rest)
          tile(a, c64(full * W), rest);
      });
    }
  } else {
    // General layout: per output element, a run over the reduced index.
    loopNest(kshape, [&](Index &ko) {
      std::vector<Value *> kd = dimsOf(ko);
      Gen gen = [&](Value *r) { return elemOR(kd, r); };
      Value *v = cb.orderFree() ? laneRun(*this, cb, c64(0), R, gen)
                                : pairwiseRun(*this, cb, c64(0), R, gen);
      put(linearOf(ko), v);
    }, /*parallelOuter=*/!scalarOut, /*workPerElem=*/R);
  }
  CgValue cv;
  if (scalarOut) {
    cv.repr = Repr::Scalar;
    cv.scalar = scalar;
  } else {
    cv.repr = Repr::Buffer;
    cv.ptr = dst;
  }
  bind(op.result(), cv);
}

//===----------------------------------------------------------------------===//
// argmax / argmin
//===----------------------------------------------------------------------===//
void Emitter::emitArgReduce(const ir::Operation &op) {
  const ir::Value *x = op.operand(0);
  const Shape &xs = x->type().shape;
  DType d = x->type().dtype;
  int64_t axis = op.attrs().getInt("axis");
  int64_t A = 1, R = xs[size_t(axis)], Bn = 1;
  for (int64_t i = 0; i < axis; ++i)
    A *= xs[size_t(i)];
  for (size_t i = size_t(axis) + 1; i < xs.size(); ++i)
    Bn *= xs[i];
  bool isMax = op.kind() == OpKind::ArgMax;
  bool fl = isFloat(d);
  const TensorType &rt = op.result()->type();
  bool scalarOut = repr(op.result()) == Repr::Scalar;
  llvm::Value *dst = scalarOut ? nullptr : alloc(rt);
  Value *scalar = nullptr;
  auto value = [&](Value *lin) {
    Index idx = makeLinearIndex(xs, lin);
    Value *v = elem(x, idx);
    if (d == DType::F64) // compared as under the CPU's DAZ (on the GPU only)
      return flushDenormalF64(v);
    if (fl)
      return toF32(d, v);
    return isSigned(d) ? B.CreateSExt(v, i64()) : B.CreateZExt(v, i64());
  };
  if (numElements(rt.shape) > 0)
    loopNest({A, Bn}, [&](Index &o) {
      const auto &od = dimsOf(o);
      Value *base = B.CreateAdd(B.CreateMul(od[0], c64(R * Bn)), od[1]);
      Value *best = c64(0);
      // Whether (v, q) beats the best so far (c, cq) of a lane combine:
      // the first NaN, else the extreme value, ties to the lower index.
      auto beats = [&](Value *v, Value *q, Value *c, Value *cq) -> Value * {
        Value *lower = B.CreateICmpSLT(q, cq);
        if (fl) {
          Value *vn = B.CreateFCmpUNO(v, v), *cn = B.CreateFCmpUNO(c, c);
          Value *ext = isMax ? B.CreateFCmpOGT(v, c) : B.CreateFCmpOLT(v, c);
          Value *tie = B.CreateAnd(B.CreateFCmpOEQ(v, c), lower);
          Value *num = B.CreateSelect(vn, B.getTrue(), B.CreateOr(ext, tie));
          return B.CreateSelect(cn, B.CreateAnd(vn, lower), num);
        }
        bool sg = isSigned(d);
        Value *ext = isMax ? (sg ? B.CreateICmpSGT(v, c) : B.CreateICmpUGT(v, c))
                           : (sg ? B.CreateICmpSLT(v, c) : B.CreateICmpULT(v, c));
        return B.CreateOr(ext, B.CreateAnd(B.CreateICmpEQ(v, c), lower));
      };
      const int64_t L = 16;
      if (R >= 4 * L) {
        // L lanes, lane l taking indices l, l + L, ... (each in order, as
        // the serial loop: the first NaN / first extreme of the lane), then
        // the lanes combined by index: the serial loop's answer, with L
        // independent compare-select chains instead of one.
        auto better = [&](Value *v, Value *c) -> Value * {
          if (fl) {
            Value *b = isMax ? B.CreateFCmpOGT(v, c) : B.CreateFCmpOLT(v, c);
            b = B.CreateOr(b, B.CreateFCmpUNO(v, v));
            return B.CreateAnd(b, B.CreateFCmpORD(c, c));
          }
          bool sg = isSigned(d);
          return isMax ? (sg ? B.CreateICmpSGT(v, c) : B.CreateICmpUGT(v, c))
                       : (sg ? B.CreateICmpSLT(v, c) : B.CreateICmpULT(v, c));
        };
        auto at = [&](Value *q) { return value(B.CreateAdd(base, B.CreateMul(q, c64(Bn)))); };
        std::vector<Value *> init;
        for (int64_t l = 0; l < L; ++l)
          init.push_back(at(c64(l)));
        for (int64_t l = 0; l < L; ++l)
          init.push_back(c64(l));
        auto step = [&](Value *q0, int64_t lanes, const std::vector<Value *> &c) {
          std::vector<Value *> n = c;
          for (int64_t l = 0; l < lanes; ++l) {
            Value *q = B.CreateAdd(q0, c64(l));
            Value *v = at(q);
            Value *bt = better(v, c[size_t(l)]);
            n[size_t(l)] = B.CreateSelect(bt, v, c[size_t(l)]);
            n[size_t(L + l)] = B.CreateSelect(bt, q, c[size_t(L + l)]);
          }
          return n;
        };
        int64_t blocks = R / L;
        std::vector<Value *> lanes = loopCarry(
            c64(1), c64(blocks), init, [&](Value *j, const std::vector<Value *> &c) {
              return step(B.CreateMul(j, c64(L)), L, c);
            });
        if (R % L)
          lanes = step(c64(blocks * L), R % L, lanes);
        Value *bv = lanes[0], *bq = lanes[size_t(L)];
        for (int64_t l = 1; l < L; ++l) {
          Value *t = beats(lanes[size_t(l)], lanes[size_t(L + l)], bv, bq);
          bv = B.CreateSelect(t, lanes[size_t(l)], bv);
          bq = B.CreateSelect(t, lanes[size_t(L + l)], bq);
        }
        best = bq;
      } else if (R > 0) {
        Value *bv0 = value(base);
        std::vector<Value *> fin = loopCarry(
            c64(1), c64(R), {bv0, c64(0)},
            [&](Value *q, const std::vector<Value *> &c) {
              Value *v = value(B.CreateAdd(base, B.CreateMul(q, c64(Bn))));
              Value *better;
              if (fl) {
                better = isMax ? B.CreateFCmpOGT(v, c[0])
                               : B.CreateFCmpOLT(v, c[0]);
                better = B.CreateOr(better, B.CreateFCmpUNO(v, v));
                // The first NaN wins: nothing replaces it.
                better = B.CreateAnd(better, B.CreateFCmpORD(c[0], c[0]));
              } else {
                // Unsigned values are zero-extended: compare unsigned (uint64).
                bool s = isSigned(d);
                better = isMax ? (s ? B.CreateICmpSGT(v, c[0]) : B.CreateICmpUGT(v, c[0]))
                               : (s ? B.CreateICmpSLT(v, c[0]) : B.CreateICmpULT(v, c[0]));
              }
              return std::vector<Value *>{B.CreateSelect(better, v, c[0]),
                                          B.CreateSelect(better, q, c[1])};
            });
        best = fin[1];
      }
      // The index dtype: int32, or int64 with x64 enabled.
      Value *r = B.CreateTrunc(best, elemTy(rt.dtype));
      if (scalarOut)
        scalar = r;
      else
        store(rt.dtype, dst, linearOf(o), r);
    }, /*parallelOuter=*/!scalarOut, /*workPerElem=*/std::max<int64_t>(1, R));
  CgValue cv;
  if (scalarOut) {
    cv.repr = Repr::Scalar;
    cv.scalar = scalar ? scalar : zeroOf(rt.dtype);
  } else {
    cv.repr = Repr::Buffer;
    cv.ptr = dst;
  }
  bind(op.result(), cv);
}

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//
void Emitter::emitDot(const ir::Operation &op) {
  const ir::Value *lhs = op.operand(0), *rhs = op.operand(1);
  const Shape &ls = lhs->type().shape, &rs = rhs->type().shape;
  DType d = lhs->type().dtype;
  const auto &lb = op.attrs().getInts("lhs_batch");
  const auto &rb = op.attrs().getInts("rhs_batch");
  const auto &lc = op.attrs().getInts("lhs_contract");
  const auto &rc = op.attrs().getInts("rhs_contract");
  auto freeDims = [](const Shape &s, const std::vector<int64_t> &bd,
                     const std::vector<int64_t> &cd) {
    std::vector<int64_t> f;
    for (int64_t i = 0; i < int64_t(s.size()); ++i)
      if (std::find(bd.begin(), bd.end(), i) == bd.end() &&
          std::find(cd.begin(), cd.end(), i) == cd.end())
        f.push_back(i);
    return f;
  };
  std::vector<int64_t> lf = freeDims(ls, lb, lc), rf = freeDims(rs, rb, rc);
  Shape bS, mS, kS, nS;
  for (int64_t i : lb)
    bS.push_back(ls[size_t(i)]);
  for (int64_t i : lf)
    mS.push_back(ls[size_t(i)]);
  for (int64_t i : lc)
    kS.push_back(ls[size_t(i)]);
  for (int64_t i : rf)
    nS.push_back(rs[size_t(i)]);
  int64_t NB = numElements(bS), Mn = numElements(mS), Kn = numElements(kS),
          Nn = numElements(nS);
  bool fl = isFloat(d);
  // Big float products: the packed GEMM kernel of the runtime.
  // (FusionPlan::dotRunsKernel: the memory planner asks the same.)
  if (!gpu && plan.dotRunsKernel(op))
    return emitFallback(op);
  if (emitDotBlockedF32(op))
    return;
  const TensorType &rt = op.result()->type();
  bool scalarOut = repr(op.result()) == Repr::Scalar;
  DType ad = fl ? DType::F32 : d; // accumulation type
  llvm::Type *at = fl ? f32() : elemTy(d);
  // The accumulator: the result itself for float32 and integers, a float32
  // scratch buffer for float16/bfloat16.
  llvm::Value *dst = scalarOut ? nullptr : alloc(rt);
  llvm::Value *acc = dst;
  if (!gpu && (scalarOut || (fl && d != DType::F32)))
    acc = alloc(TensorType{ad, rt.shape});
  auto operandElem = [&](const ir::Value *v, const Shape &s,
                         const std::vector<int64_t> &bd,
                         const std::vector<int64_t> &fd,
                         const std::vector<int64_t> &cd, Index &bi, Index &fi,
                         Index &ci) {
    std::vector<Value *> dims(s.size());
    const auto &b = dimsOf(bi), &f = dimsOf(fi), &c = dimsOf(ci);
    for (size_t i = 0; i < bd.size(); ++i)
      dims[size_t(bd[i])] = b[i];
    for (size_t i = 0; i < fd.size(); ++i)
      dims[size_t(fd[i])] = f[i];
    for (size_t i = 0; i < cd.size(); ++i)
      dims[size_t(cd[i])] = c[i];
    Index idx = makeIndex(s, dims);
    Value *x = elem(v, idx);
    return fl ? toF32(d, x) : x;
  };
  auto fmaOrMac = [&](Value *a, Value *b, Value *c) -> Value * {
    if (fl)
      return B.CreateIntrinsic(llvm::Intrinsic::fma, {f32()}, {a, b, c});
    if (d == DType::Bool)
      return B.CreateOr(c, B.CreateAnd(a, b));
    return B.CreateAdd(c, B.CreateMul(a, b));
  };
  llvm::Value *zero = fl ? static_cast<Value *>(cf(0.0f))
                         : llvm::ConstantInt::get(at, 0);
  if (gpu) {
    // GPU: one thread per output element (grid-stride), a k-loop of fma.
    int64_t total = NB * Mn * Nn;
    auto one = [&](Value *o) {
      Value *bIdx = B.CreateSDiv(o, c64(Mn * Nn));
      Value *rem = B.CreateSRem(o, c64(Mn * Nn));
      Index bi = makeLinearIndex(bS, bIdx);
      Index fi = makeLinearIndex(mS, B.CreateSDiv(rem, c64(Nn)));
      Index nj = makeLinearIndex(nS, B.CreateSRem(rem, c64(Nn)));
      std::vector<Value *> t = loopCarry(
          c64(0), c64(Kn), {zero},
          [&](Value *kk, const std::vector<Value *> &c) {
            Index ci = makeLinearIndex(kS, kk);
            Value *a = operandElem(lhs, ls, lb, lf, lc, bi, fi, ci);
            Value *b = operandElem(rhs, rs, rb, rf, rc, bi, nj, ci);
            return std::vector<Value *>{fmaOrMac(a, b, c[0])};
          });
      return fl ? fromF32(d, t[0]) : t[0];
    };
    CgValue cv;
    if (scalarOut) {
      bool region = beginKernelRegion(KernelKind::Serial, op.name());
      cv.repr = Repr::Scalar;
      cv.scalar = one(c64(0));
      if (region)
        endKernelRegion();
    } else {
      cv.repr = Repr::Buffer;
      cv.ptr = dst;
      DotTileShape ts;
      ts.batch = NB, ts.M = Mn, ts.N = Nn, ts.K = Kn;
      ts.lhsKFastest = !lc.empty() && lc.back() == int64_t(ls.size()) - 1;
      ts.rhsKFastest = !rc.empty() && rc.back() == int64_t(rs.size()) - 1;
      auto lhsAt = [&](Value *b, Value *m, Value *k) {
        Index bi = makeLinearIndex(bS, b), fi = makeLinearIndex(mS, m),
              ci = makeLinearIndex(kS, k);
        return operandElem(lhs, ls, lb, lf, lc, bi, fi, ci);
      };
      auto rhsAt = [&](Value *b, Value *n, Value *k) {
        Index bi = makeLinearIndex(bS, b), nj = makeLinearIndex(nS, n),
              ci = makeLinearIndex(kS, k);
        return operandElem(rhs, rs, rb, rf, rc, bi, nj, ci);
      };
      auto kernel = [&] {
        if (fl && emitDotTilesGpu(op.name(), rt.dtype, ts, dst, lhsAt, rhsAt))
          return;
        if (total > 0 && beginKernelRegion(KernelKind::Grid, op.name(), total)) {
          gridLoop(total, [&](Value *o) { store(rt.dtype, dst, o, one(o)); });
          endKernelRegion();
        } else if (total > 0) {
          loop(total, [&](Value *o) { store(rt.dtype, dst, o, one(o)); });
        }
      };
      if (!emitDotBlasGpu(op, dst, kernel))
        kernel();
    }
    bind(op.result(), cv);
    return;
  }
  llvm::MDNode *scope = newNoAliasScope(), *saved = noAliasScope();
  if (NB * Mn * Nn > 0)
    loop(NB, [&](Value *bIdx) {
      Index bi = makeLinearIndex(bS, bIdx);
      loop(Mn, [&](Value *iIdx) {
        Index fi = makeLinearIndex(mS, iIdx);
        Value *rowBase = B.CreateMul(B.CreateAdd(B.CreateMul(bIdx, c64(Mn)),
                                                 iIdx),
                                     c64(Nn));
        if (Nn == 1 && fl) {
          // Matrix-vector: 8 lanes of fma, combined pairwise, then a tail.
          Index nj = makeLinearIndex(nS, c64(0));
          auto prod = [&](Value *kk, Value *accv) {
            Index ci = makeLinearIndex(kS, kk);
            Value *a = operandElem(lhs, ls, lb, lf, lc, bi, fi, ci);
            Value *b = operandElem(rhs, rs, rb, rf, rc, bi, nj, ci);
            return fmaOrMac(a, b, accv);
          };
          int64_t full = Kn / 8;
          std::vector<Value *> lanes = loopCarry(
              c64(0), c64(full), std::vector<Value *>(8, zero),
              [&](Value *q, const std::vector<Value *> &c) {
                std::vector<Value *> nx;
                for (int64_t l = 0; l < 8; ++l)
                  nx.push_back(prod(B.CreateAdd(B.CreateMul(q, c64(8)),
                                                c64(l)),
                                    c[size_t(l)]));
                return nx;
              });
          Value *s = B.CreateFAdd(
              B.CreateFAdd(B.CreateFAdd(lanes[0], lanes[1]),
                           B.CreateFAdd(lanes[2], lanes[3])),
              B.CreateFAdd(B.CreateFAdd(lanes[4], lanes[5]),
                           B.CreateFAdd(lanes[6], lanes[7])));
          std::vector<Value *> t = loopCarry(
              c64(full * 8), c64(Kn), {s},
              [&](Value *kk, const std::vector<Value *> &c) {
                return std::vector<Value *>{prod(kk, c[0])};
              });
          B.CreateStore(t[0], elemPtr(ad, acc, rowBase));
          return;
        }
        const int64_t JB = 64;
        if (fl && d == DType::F32 && acc == dst && Nn >= JB) {
          // Blocks of JB columns whose sums stay in registers across the
          // whole k loop (the SLP vectoriser packs the JB independent fma
          // chains into vectors): each sum is still one fma per k in k
          // order, so the bits are those of the loop below, without a
          // load and a store of the row per k.
          auto block = [&](Value *j0) {
            std::vector<Value *> sums = loopCarry(
                c64(0), c64(Kn), std::vector<Value *>(size_t(JB), zero),
                [&](Value *kk, const std::vector<Value *> &c) {
                  Index ci = makeLinearIndex(kS, kk);
                  Value *a = operandElem(lhs, ls, lb, lf, lc, bi, fi, ci);
                  std::vector<Value *> nx;
                  for (int64_t jj = 0; jj < JB; ++jj) {
                    Index nj = makeLinearIndex(nS, B.CreateAdd(j0, c64(jj)));
                    Value *b = operandElem(rhs, rs, rb, rf, rc, bi, nj, ci);
                    nx.push_back(fmaOrMac(a, b, c[size_t(jj)]));
                  }
                  return nx;
                });
            for (int64_t jj = 0; jj < JB; ++jj)
              B.CreateStore(sums[size_t(jj)],
                            elemPtr(ad, acc, B.CreateAdd(rowBase, B.CreateAdd(j0, c64(jj)))));
          };
          loop(Nn / JB, [&](Value *jb) { block(B.CreateMul(jb, c64(JB))); });
          if (Nn % JB)
            loop(c64(Nn - Nn % JB), c64(Nn), [&](Value *j) {
              Index nj = makeLinearIndex(nS, j);
              std::vector<Value *> t = loopCarry(
                  c64(0), c64(Kn), {zero}, [&](Value *kk, const std::vector<Value *> &c) {
                    Index ci = makeLinearIndex(kS, kk);
                    Value *a = operandElem(lhs, ls, lb, lf, lc, bi, fi, ci);
                    Value *b = operandElem(rhs, rs, rb, rf, rc, bi, nj, ci);
                    return std::vector<Value *>{fmaOrMac(a, b, c[0])};
                  });
              B.CreateStore(t[0], elemPtr(ad, acc, B.CreateAdd(rowBase, j)));
            });
          return;
        }
        loop(Nn, [&](Value *j) {
          B.CreateStore(zero, elemPtr(ad, acc, B.CreateAdd(rowBase, j)));
        });
        loop(Kn, [&](Value *kk) {
          Index ci = makeLinearIndex(kS, kk);
          Value *a = operandElem(lhs, ls, lb, lf, lc, bi, fi, ci);
          setNoAliasScope(scope);
          loop(Nn, [&](Value *j) {
            Index nj = makeLinearIndex(nS, j);
            Value *b = operandElem(rhs, rs, rb, rf, rc, bi, nj, ci);
            Value *p = elemPtr(ad, acc, B.CreateAdd(rowBase, j));
            auto *st = B.CreateStore(fmaOrMac(a, b, B.CreateLoad(at, p)), p);
            st->setMetadata(llvm::LLVMContext::MD_alias_scope, scope);
          });
          setNoAliasScope(saved);
        });
      });
    });
  CgValue cv;
  if (scalarOut) {
    cv.repr = Repr::Scalar;
    Value *v = B.CreateLoad(at, acc);
    cv.scalar = fl ? fromF32(d, v) : v;
    release(acc);
  } else {
    cv.repr = Repr::Buffer;
    cv.ptr = dst;
    if (acc != dst) {
      fillLoop(rt.shape, rt.dtype, dst, true, [&](Index &i) {
        return fromF32(d, B.CreateLoad(f32(), elemPtr(ad, acc, linearOf(i))));
      });
      release(acc);
    }
  }
  bind(op.result(), cv);
}

} // namespace parax::codegen
