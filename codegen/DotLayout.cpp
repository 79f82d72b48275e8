//===- DotLayout.cpp - how compiled loops read a dot_general's operands ---===//
#include "codegen/DotLayout.h"

#include <algorithm>

namespace parax::codegen {

using ir::OpKind;

namespace {

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
/// their sizes, or -1 when the group is not evenly spaced in memory.
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

bool resolve(const ir::Value *v, const ReprFn &repr, const ir::Value *&root,
             int64_t &offset, std::vector<int64_t> &strides) {
  const Shape &s = v->type().shape;
  Repr r = repr(v);
  if (r == Repr::Buffer) {
    root = v;
    offset = 0;
    strides = rowMajor(s);
    return true;
  }
  if (r != Repr::Lazy)
    return false;
  const ir::Operation &op = *v->definingOp();
  std::vector<int64_t> in;
  switch (op.kind()) {
  case OpKind::Reshape:
    if (!resolve(op.operand(0), repr, root, offset, in) ||
        !isRowMajor(op.operand(0)->type().shape, in))
      return false;
    strides = rowMajor(s);
    return true;
  case OpKind::Transpose: {
    if (!resolve(op.operand(0), repr, root, offset, in))
      return false;
    const auto &perm = op.attrs().getInts("perm");
    strides.assign(s.size(), 0);
    for (size_t i = 0; i < s.size(); ++i)
      strides[i] = in[size_t(perm[i])];
    return true;
  }
  case OpKind::BroadcastInDim: {
    const ir::Value *x = op.operand(0);
    if (x->type().rank() == 0 || !resolve(x, repr, root, offset, in))
      return false;
    const auto &dims = op.attrs().getInts("dims");
    strides.assign(s.size(), 0);
    for (size_t i = 0; i < dims.size(); ++i)
      if (x->type().shape[i] != 1)
        strides[size_t(dims[i])] = in[i];
    return true;
  }
  case OpKind::Slice: {
    if (!resolve(op.operand(0), repr, root, offset, in))
      return false;
    const auto &start = op.attrs().getInts("start");
    const auto &step = op.attrs().getInts("stride");
    strides.assign(s.size(), 0);
    for (size_t i = 0; i < s.size(); ++i) {
      offset += start[i] * in[i];
      strides[i] = in[i] * (i < step.size() ? step[i] : 1);
    }
    return true;
  }
  default:
    return false;
  }
}

std::vector<int64_t> freeDims(const Shape &s, const std::vector<int64_t> &bd,
                              const std::vector<int64_t> &cd) {
  std::vector<int64_t> f;
  for (int64_t i = 0; i < int64_t(s.size()); ++i)
    if (std::find(bd.begin(), bd.end(), i) == bd.end() &&
        std::find(cd.begin(), cd.end(), i) == cd.end())
      f.push_back(i);
  return f;
}

int64_t count(const Shape &s, const std::vector<int64_t> &dims) {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= s[size_t(d)];
  return n;
}

} // namespace

bool resolveStrides(const ir::Value *v, const ReprFn &repr, const ir::Value *&root,
                    std::vector<int64_t> &strides) {
  int64_t offset = 0;
  return resolve(v, repr, root, offset, strides) && offset == 0;
}

DotLayout analyzeDotLayout(const ir::Operation &op, const ReprFn &repr) {
  DotLayout L;
  const ir::Value *lhs = op.operand(0), *rhs = op.operand(1);
  if (op.kind() != OpKind::DotGeneral || lhs->type().dtype != DType::F32 ||
      repr(op.result()) != Repr::Buffer)
    return L;
  const Shape &ls = lhs->type().shape, &rs = rhs->type().shape;
  const auto &lb = op.attrs().getInts("lhs_batch");
  const auto &rb = op.attrs().getInts("rhs_batch");
  const auto &lc = op.attrs().getInts("lhs_contract");
  const auto &rc = op.attrs().getInts("rhs_contract");
  std::vector<int64_t> lf = freeDims(ls, lb, lc), rf = freeDims(rs, rb, rc);
  L.NB = count(ls, lb);
  L.Mn = count(ls, lf);
  L.Kn = count(ls, lc);
  L.Nn = count(rs, rf);
  if (L.Nn <= 1 || L.Kn < 1 || L.NB * L.Mn == 0)
    return L; // matrix-vector and empty products: the generic loops
  std::vector<int64_t> aSt, bSt;
  if (!resolve(rhs, repr, L.bRoot, L.bOffset, bSt))
    return L;
  L.bB = groupStride(rs, bSt, rb);
  L.bN = groupStride(rs, bSt, rf);
  L.bK = groupStride(rs, bSt, rc);
  if (L.bB < 0 || L.bN < 0 || L.bK < 0)
    return L;
  if (resolve(lhs, repr, L.aRoot, L.aOffset, aSt)) {
    L.aB = groupStride(ls, aSt, lb);
    L.aM = groupStride(ls, aSt, lf);
    L.aK = groupStride(ls, aSt, lc);
    L.aStrided = L.aB >= 0 && L.aM >= 0 && L.aK >= 0;
  }
  if (L.bN == 1)
    L.kind = DotLayout::Kind::RowPanel;
  else if (L.aStrided && L.aK == 1 && L.bK == 1 && L.Kn >= 8)
    L.kind = DotLayout::Kind::InnerProduct;
  L.transposeRhs = L.kind == DotLayout::Kind::InnerProduct && L.Mn >= 16;
  return L;
}

bool blasGemmOf(const DotLayout &L, BlasGemm &g) {
  if (!L.aStrided || !L.bRoot || L.bB < 0 || L.bN < 0 || L.bK < 0 || L.NB < 1 || L.Mn < 1 || L.Nn < 1 || L.Kn < 1)
    return false;
  const int64_t M = L.Mn, N = L.Nn, K = L.Kn, big = (int64_t(1) << 31) - 1;
  if (M > big || N > big || K > big || L.NB > big)
    return false;
  // A column-major `rows` x `cols` operand op(X) read at (r, c) = r * rs +
  // c * cs: op N when the rows are unit-stride (ld = cs), op T when the
  // columns are (ld = rs); a dim of one element takes any stride.
  auto operand = [&](int64_t rows, int64_t cols, int64_t rs, int64_t cs,
                     int64_t &op, int64_t &ld) {
    if (rows == 1 || rs == 1) {
      op = 0;
      ld = cols == 1 ? rows : cs;
      return ld >= rows;
    }
    if (cols == 1 || cs == 1) {
      op = 1;
      ld = rows == 1 ? cols : rs;
      return ld >= cols;
    }
    return false;
  };
  // The BLAS's A: op(A) is N x K, element (n, k) = rhs[k, n].
  // The BLAS's B: op(B) is K x M, element (k, m) = lhs[m, k].
  if (!operand(N, K, L.bN, L.bK, g.opA, g.lda) ||
      !operand(K, M, L.aK, L.aM, g.opB, g.ldb) || g.lda > big || g.ldb > big)
    return false;
  g.m = N, g.n = M, g.k = K, g.ldc = N;
  g.strideA = L.NB > 1 ? L.bB : 0;
  g.strideB = L.NB > 1 ? L.aB : 0;
  g.strideC = M * N;
  g.batch = L.NB;
  return true;
}

} // namespace parax::codegen
