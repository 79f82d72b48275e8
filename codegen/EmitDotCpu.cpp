//===- EmitDotCpu.cpp - register-blocked float32 dot_general for the CPU ---===//
//
// The compiled loops for the float32 dot_generals below the runtime GEMM's
// threshold (FusionPlan::dotUsesKernel): the small products of RNN cells,
// per-example gradients and the transposed products reverse mode makes. The
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
// broadcasts of them, become (base, strides) without being copied. Anything
// else (float16, lazy computed operands, groups of dims that are not one
// stride apart) keeps the generic lowering. No scratch memory is allocated,
// so the memory plan is unchanged.
//
//===----------------------------------------------------------------------===//
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

/// A stored operand seen through index-only lazy ops: element (i0, i1, ...)
/// of the value is at base[sum(i_d * strides[d])].
struct Strided {
  Value *base = nullptr;
  std::vector<int64_t> strides;
};

std::vector<int64_t> rowMajor(const Shape &s) {
  std::vector<int64_t> st(s.size());
  int64_t acc = 1;
  for (size_t d = s.size(); d-- > 0;) {
    st[d] = acc;
    acc *= s[d];
  }
  return st;
}

/// Whether strides describe the row-major layout of `s` (unit dims free).
bool isRowMajor(const Shape &s, const std::vector<int64_t> &st) {
  std::vector<int64_t> rm = rowMajor(s);
  for (size_t d = 0; d < s.size(); ++d)
    if (s[d] != 1 && st[d] != rm[d])
      return false;
  return true;
}

/// One stride for a group of dims read as a row-major linear index over
/// their sizes (batch, free or contracting dims of an operand), or -1 when
/// the group is not evenly spaced in memory.
int64_t groupStride(const Shape &s, const std::vector<int64_t> &st,
                    const std::vector<int64_t> &dims) {
  int64_t stride = 0; // a group of unit dims: any stride
  int64_t span = 0;   // elements spanned by the dims seen so far (inner first)
  bool first = true;
  for (size_t i = dims.size(); i-- > 0;) {
    int64_t d = dims[i], n = s[size_t(d)];
    if (n == 1)
      continue;
    if (first) {
      stride = st[size_t(d)];
      span = n;
      first = false;
      continue;
    }
    if (st[size_t(d)] != stride * span)
      return -1;
    span *= n;
  }
  return stride;
}

} // namespace

bool Emitter::stridedOperand(const ir::Value *v, Value *&base,
                             std::vector<int64_t> &strides) {
  const Shape &s = v->type().shape;
  if (repr(v) == Repr::Buffer) {
    base = val(v).ptr;
    strides = rowMajor(s);
    return true;
  }
  if (repr(v) != Repr::Lazy)
    return false;
  const ir::Operation &op = *v->definingOp();
  std::vector<int64_t> in;
  switch (op.kind()) {
  case OpKind::Reshape:
    if (!stridedOperand(op.operand(0), base, in) ||
        !isRowMajor(op.operand(0)->type().shape, in))
      return false;
    strides = rowMajor(s);
    return true;
  case OpKind::Transpose: {
    if (!stridedOperand(op.operand(0), base, in))
      return false;
    const auto &perm = op.attrs().getInts("perm");
    strides.assign(s.size(), 0);
    for (size_t i = 0; i < s.size(); ++i)
      strides[i] = in[size_t(perm[i])];
    return true;
  }
  case OpKind::BroadcastInDim: {
    const ir::Value *x = op.operand(0);
    if (x->type().rank() == 0 || !stridedOperand(x, base, in))
      return false;
    const auto &dims = op.attrs().getInts("dims");
    strides.assign(s.size(), 0);
    for (size_t i = 0; i < dims.size(); ++i)
      if (x->type().shape[i] != 1)
        strides[size_t(dims[i])] = in[i];
    return true;
  }
  default:
    return false;
  }
}

bool Emitter::emitDotBlockedF32(const ir::Operation &op) {
  const ir::Value *lhs = op.operand(0), *rhs = op.operand(1);
  if (gpu || lhs->type().dtype != DType::F32 ||
      repr(op.result()) != Repr::Buffer)
    return false;
  const Shape &ls = lhs->type().shape, &rs = rhs->type().shape;
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
  auto count = [](const Shape &s, const std::vector<int64_t> &dims) {
    int64_t n = 1;
    for (int64_t d : dims)
      n *= s[size_t(d)];
    return n;
  };
  int64_t NB = count(ls, lb), Mn = count(ls, lf), Kn = count(ls, lc),
          Nn = count(rs, rf);
  if (Nn <= 1 || Kn < 1 || NB * Mn == 0)
    return false; // matrix-vector and empty products: emitDot
  Value *aBase = nullptr, *bBase = nullptr;
  std::vector<int64_t> aSt, bSt;
  if (!stridedOperand(rhs, bBase, bSt))
    return false;
  bool aStrided = stridedOperand(lhs, aBase, aSt);
  int64_t bB = groupStride(rs, bSt, rb), bN = groupStride(rs, bSt, rf),
          bK = groupStride(rs, bSt, rc);
  int64_t aB = -1, aM = -1, aK = -1;
  if (aStrided) {
    aB = groupStride(ls, aSt, lb);
    aM = groupStride(ls, aSt, lf);
    aK = groupStride(ls, aSt, lc);
  }
  if (bB < 0 || bK < 0 || bN < 0)
    return false;
  bool aOk = aStrided && aB >= 0 && aM >= 0 && aK >= 0;
  bool rowPanel = bN == 1;
  bool inner = !rowPanel && aOk && aK == 1 && bK == 1 && Kn >= 8;
  if (!rowPanel && !inner)
    return false;

  const TensorType &rt = op.result()->type();
  Value *dst = alloc(rt);
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
  CgValue cv;
  cv.repr = Repr::Buffer;
  cv.ptr = dst;
  bind(op.result(), cv);
  return true;
}

} // namespace parax::codegen
