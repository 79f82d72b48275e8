//===- EmitDotCpu.cpp - register-blocked float32 dot_general for the CPU ---===//
//
// The compiled loops for the small float32 dot_generals (below 2^17
// multiply-adds or 8 rows, FusionPlan::dotRunsKernel): per-example
// gradients, matrix-vector products, the small transposed products reverse
// mode makes. The
// generic lowering in EmitReduce.cpp (emitDot) streams an accumulator row
// through memory for every k and reads a "transposed" operand with gathers;
// here the loops follow the operands' memory layout instead:
//  - row panel (the rhs's free dims are contiguous, as in x @ w): a block of
//    MR rows x NR columns of the result stays in vector registers across the
//    whole k loop; each k loads NR rhs elements as one vector and broadcasts
//    MR lhs elements (the microkernel of a GEMM). The k order of every sum is
//    the generic lowering's (one fma per k, ascending), so results do not
//    change;
//  - inner products (both operands contiguous along k, as in g @ w.T): four
//    result elements at a time, each a vector of partial sums along k that is
//    reduced at the end (a different summation order, as the matrix-vector
//    path of emitDot already uses).
// Operands are read in place: buffers, and lazy transposes / reshapes /
// broadcasts / slices of them, become (base, strides) without being copied
// (DotLayout.h; for inner products with many rows the rhs is copied once
// into [k, n] order and the row panel runs). The memory planner
// asks FusionPlan the same, and for the copy's scratch. Anything else
// (float16, lazy computed operands, groups of dims that are not one stride
// apart) keeps the generic lowering or the runtime GEMM.
//
//===----------------------------------------------------------------------===//
#include "codegen/DotLayout.h"
#include "codegen/Emitter.h"

#include "llvm/TargetParser/Host.h"

#include <algorithm>

namespace parax::codegen {

using ir::OpKind;
using llvm::Value;

namespace {

/// float32 lanes of the host's widest vector register (16 with AVX-512).
int64_t hostLanes() {
  static const int64_t lanes = [] {
    llvm::StringMap<bool> f = llvm::sys::getHostCPUFeatures();
    if (f.lookup("avx512f"))
      return int64_t(16);
    if (f.lookup("avx"))
      return int64_t(8);
    return int64_t(4);
  }();
  return lanes;
}

} // namespace

bool Emitter::emitDotBlockedF32(const ir::Operation &op) {
  if (gpu)
    return false;
  DotLayout L = analyzeDotLayout(op, [&](const ir::Value *v) { return repr(v); });
  if (L.kind == DotLayout::Kind::None)
    return false;
  const ir::Value *lhs = op.operand(0);
  const Shape &ls = lhs->type().shape;
  const auto &lb = op.attrs().getInts("lhs_batch");
  const auto &lc = op.attrs().getInts("lhs_contract");
  std::vector<int64_t> lf;
  for (int64_t i = 0; i < int64_t(ls.size()); ++i)
    if (std::find(lb.begin(), lb.end(), i) == lb.end() &&
        std::find(lc.begin(), lc.end(), i) == lc.end())
      lf.push_back(i);
  const int64_t NB = L.NB, Mn = L.Mn, Kn = L.Kn, Nn = L.Nn;
  const int64_t aB = L.aB, aM = L.aM, aK = L.aK;
  int64_t bB = L.bB, bN = L.bN, bK = L.bK;
  const bool aOk = L.aStrided;
  bool rowPanel = L.kind == DotLayout::Kind::RowPanel;
  auto basePtr = [&](const ir::Value *root, int64_t offset) -> Value * {
    Value *p = val(root).ptr;
    return offset ? B.CreateInBoundsGEP(f32(), p, c64(offset)) : p;
  };
  Value *bBase = basePtr(L.bRoot, L.bOffset);
  Value *aBase = aOk ? basePtr(L.aRoot, L.aOffset) : nullptr;

  const TensorType &rt = op.result()->type();
  Value *dst = alloc(rt);
  Value *scratch = nullptr;
  if (L.transposeRhs) {
    // rhs [b, n, k] (k contiguous) -> scratch [b, k, n]; then a row panel.
    scratch = alloc(TensorType{DType::F32, {NB, Kn, Nn}});
    // Eight rhs rows at a time: eight sequential read streams, one vector
    // store per k.
    Value *src = bBase;
    auto ld = [&](Value *off) {
      return B.CreateAlignedLoad(f32(), B.CreateInBoundsGEP(f32(), src, off), llvm::Align(4));
    };
    auto copyRows = [&](Value *b, Value *j0, int64_t w) {
      Value *from = B.CreateAdd(B.CreateMul(b, c64(bB)), B.CreateMul(j0, c64(bN)));
      Value *to = B.CreateAdd(B.CreateMul(b, c64(Kn * Nn)), j0);
      loop(Kn, [&](Value *k) {
        Value *at = B.CreateInBoundsGEP(f32(), scratch, B.CreateAdd(to, B.CreateMul(k, c64(Nn))));
        if (w == 1) {
          B.CreateAlignedStore(ld(B.CreateAdd(from, k)), at, llvm::Align(4));
          return;
        }
        Value *v = llvm::PoisonValue::get(llvm::FixedVectorType::get(f32(), unsigned(w)));
        for (int64_t r = 0; r < w; ++r)
          v = B.CreateInsertElement(v, ld(B.CreateAdd(from, B.CreateAdd(k, c64(r * bN)))),
                                    uint64_t(r));
        B.CreateAlignedStore(v, at, llvm::Align(4));
      });
    };
    loop(NB, [&](Value *b) {
      if (Nn / 8 > 0)
        loop(Nn / 8, [&](Value *jb) { copyRows(b, B.CreateMul(jb, c64(8)), 8); });
      if (Nn % 8)
        copyRows(b, c64(Nn - Nn % 8), Nn % 8);
    });
    bBase = scratch;
    bB = Kn * Nn;
    bK = Nn;
    bN = 1;
    rowPanel = true;
  }
  llvm::Type *f = f32();
  int64_t lanes = hostLanes();
  Shape bS, mS, kS;
  for (int64_t i : lb)
    bS.push_back(ls[size_t(i)]);
  for (int64_t i : lf)
    mS.push_back(ls[size_t(i)]);
  for (int64_t i : lc)
    kS.push_back(ls[size_t(i)]);
  auto mul = [&](Value *x, int64_t s) -> Value * {
    return s == 1 ? x : B.CreateMul(x, c64(s), "", true, true);
  };
  auto add = [&](Value *x, Value *y) { return B.CreateAdd(x, y, "", true, true); };
  auto vecTy = [&](int64_t n) { return llvm::FixedVectorType::get(f, unsigned(n)); };
  auto vload = [&](int64_t n, Value *base, Value *off) -> Value * {
    Value *p = B.CreateInBoundsGEP(f, base, off);
    if (n == 1)
      return B.CreateAlignedLoad(f, p, llvm::Align(4));
    return B.CreateAlignedLoad(vecTy(n), p, llvm::Align(4));
  };
  auto vstore = [&](Value *v, Value *base, Value *off) {
    B.CreateAlignedStore(v, B.CreateInBoundsGEP(f, base, off), llvm::Align(4));
  };
  auto fma = [&](Value *a, Value *b, Value *c) -> Value * {
    return B.CreateIntrinsic(llvm::Intrinsic::fma, {c->getType()}, {a, b, c});
  };
  auto zeroVec = [&](int64_t n) -> Value * {
    return n == 1 ? static_cast<Value *>(cf(0.0f))
                  : llvm::ConstantAggregateZero::get(vecTy(n));
  };
  // An lhs element (batch b, row m, k): a load from its strides, or the
  // lazy value computed at that index.
  auto lhsElem = [&](Value *b, Value *m, Value *k) -> Value * {
    if (aOk)
      return B.CreateAlignedLoad(
          f, B.CreateInBoundsGEP(f, aBase, add(add(mul(b, aB), mul(m, aM)),
                                               mul(k, aK))),
          llvm::Align(4));
    Index bi = makeLinearIndex(bS, b), fi = makeLinearIndex(mS, m),
          ci = makeLinearIndex(kS, k);
    std::vector<Value *> dims(ls.size());
    const auto &bd = dimsOf(bi), &fd = dimsOf(fi), &cd = dimsOf(ci);
    for (size_t i = 0; i < lb.size(); ++i)
      dims[size_t(lb[i])] = bd[i];
    for (size_t i = 0; i < lf.size(); ++i)
      dims[size_t(lf[i])] = fd[i];
    for (size_t i = 0; i < lc.size(); ++i)
      dims[size_t(lc[i])] = cd[i];
    Index idx = makeIndex(ls, dims);
    return elem(lhs, idx);
  };

  if (rowPanel) {
    // Accumulators: about 8 vector registers (fma latency x throughput).
    int64_t NR = std::min(Nn, 4 * lanes);
    int64_t MR = std::clamp<int64_t>(8 * lanes / NR, 1, 8);
    MR = std::min(MR, Mn);
    // One MR' x NR' panel at rows [i0, i0+MR'), columns [j0, j0+NR').
    auto panel = [&](Value *b, Value *i0, int64_t mr, Value *j0, int64_t nr) {
      std::vector<Value *> init(size_t(mr), zeroVec(nr));
      Value *bRow = add(mul(b, bB), j0);
      std::vector<Value *> acc = loopCarry(
          c64(0), c64(Kn), init,
          [&](Value *k, const std::vector<Value *> &cur) {
            Value *bv = vload(nr, bBase, add(bRow, mul(k, bK)));
            std::vector<Value *> nx;
            for (int64_t r = 0; r < mr; ++r) {
              Value *a = lhsElem(b, add(i0, c64(r)), k);
              if (nr > 1)
                a = B.CreateVectorSplat(unsigned(nr), a);
              nx.push_back(fma(a, bv, cur[size_t(r)]));
            }
            return nx;
          });
      for (int64_t r = 0; r < mr; ++r)
        vstore(acc[size_t(r)], dst,
               add(mul(add(mul(b, Mn), add(i0, c64(r))), Nn), j0));
    };
    auto columns = [&](Value *b, Value *i0, int64_t mr) {
      if (Nn / NR > 0)
        loop(Nn / NR, [&](Value *jb) { panel(b, i0, mr, mul(jb, NR), NR); });
      if (Nn % NR)
        panel(b, i0, mr, c64(Nn - Nn % NR), Nn % NR);
    };
    loop(NB, [&](Value *b) {
      if (Mn / MR > 0)
        loop(Mn / MR, [&](Value *ib) { columns(b, mul(ib, MR), MR); });
      if (Mn % MR)
        columns(b, c64(Mn - Mn % MR), Mn % MR);
    });
  } else {
    // Inner products along contiguous k: JR columns per pass, each a vector
    // of VL partial sums, reduced once (reassociated), then the k tail.
    int64_t VL = lanes;
    while (VL > Kn)
      VL /= 2;
    const int64_t JR = 4;
    int64_t full = Kn / VL;
    auto block = [&](Value *b, Value *i, Value *j0, int64_t jr) {
      Value *aRow = add(mul(b, aB), mul(i, aM));
      std::vector<Value *> bRows;
      for (int64_t r = 0; r < jr; ++r)
        bRows.push_back(add(mul(b, bB), mul(add(j0, c64(r)), bN)));
      std::vector<Value *> acc = loopCarry(
          c64(0), c64(full), std::vector<Value *>(size_t(jr), zeroVec(VL)),
          [&](Value *q, const std::vector<Value *> &cur) {
            Value *k = mul(q, VL);
            Value *av = vload(VL, aBase, add(aRow, k));
            std::vector<Value *> nx;
            for (int64_t r = 0; r < jr; ++r)
              nx.push_back(fma(av, vload(VL, bBase, add(bRows[size_t(r)], k)),
                               cur[size_t(r)]));
            return nx;
          });
      std::vector<Value *> sums;
      {
        llvm::IRBuilderBase::FastMathFlagGuard g(B);
        llvm::FastMathFlags fmf;
        fmf.setAllowReassoc();
        B.setFastMathFlags(fmf);
        for (int64_t r = 0; r < jr; ++r)
          sums.push_back(B.CreateFAddReduce(cf(-0.0f), acc[size_t(r)]));
      }
      if (Kn % VL)
        sums = loopCarry(c64(full * VL), c64(Kn), sums,
                         [&](Value *k, const std::vector<Value *> &cur) {
                           Value *a = vload(1, aBase, add(aRow, k));
                           std::vector<Value *> nx;
                           for (int64_t r = 0; r < jr; ++r)
                             nx.push_back(fma(
                                 a, vload(1, bBase, add(bRows[size_t(r)], k)),
                                 cur[size_t(r)]));
                           return nx;
                         });
      Value *row = mul(add(mul(b, Mn), i), Nn);
      for (int64_t r = 0; r < jr; ++r)
        vstore(sums[size_t(r)], dst, add(row, add(j0, c64(r))));
    };
    loop(NB, [&](Value *b) {
      loop(Mn, [&](Value *i) {
        if (Nn / JR > 0)
          loop(Nn / JR, [&](Value *jb) { block(b, i, mul(jb, JR), JR); });
        if (Nn % JR)
          block(b, i, c64(Nn - Nn % JR), Nn % JR);
      });
    });
  }
  if (scratch)
    release(scratch);
  CgValue cv;
  cv.repr = Repr::Buffer;
  cv.ptr = dst;
  bind(op.result(), cv);
  return true;
}

} // namespace parax::codegen
