//===- TransposedDot.cpp - transposes folded into dot_general ---*- C++ -*-===//
//
// 1. transpose(dot(a, b)) -> dot(b, a):
// Reverse mode writes the gradient of `x @ w` with respect to w as
// transpose(dot_general(g, x)) (the cotangent's free dims come first in a
// dot's result), and a consumer of the transpose then reads the product
// column by column. When the transpose only swaps the two free groups of a
// dot's result and is the dot's only user, the dot with its operands (and
// their batch / contracting dims) swapped computes the transposed result
// directly, element for element the same sums over k in the same order:
// no transposed reads, no copy.
//
// Algorithm: walk every block; for each transpose whose operand is a
// single-use dot_general and whose perm is [batch..., rhs free..., lhs
// free...], create the swapped dot before the transpose, replace the
// transpose's uses and erase both.
//
// 2. dot(transpose(x), b) -> dot(x, b): `x.T @ y` and `x @ y.T` trace as a
// transpose feeding the dot (JAX leaves the fold to XLA). The dot's
// dimension numbers can name x's dims directly; the runtime GEMM then
// reads x in place through strides (ir/DotOperandView.h) instead of a
// transposed copy, and the compiled loops see the same strides they saw
// through the lazy transpose. Only when the transpose's sole user is the
// dot, and when x's free dims keep their order (the result's layout lists
// free dims in operand order), so that the result is unchanged.
//
//===----------------------------------------------------------------------===//
#include "ir/Builder.h"
#include "ir/PassManager.h"

#include <algorithm>
#include <vector>

namespace parax::ir {
namespace {

bool swapsFreeGroups(const Operation &dot, const std::vector<int64_t> &perm) {
  const Shape &ls = dot.operand(0)->type().shape,
              &rs = dot.operand(1)->type().shape;
  int64_t nb = int64_t(dot.attrs().getInts("lhs_batch").size());
  int64_t nlf = int64_t(ls.size()) - nb -
                int64_t(dot.attrs().getInts("lhs_contract").size());
  int64_t nrf = int64_t(rs.size()) - nb -
                int64_t(dot.attrs().getInts("rhs_contract").size());
  if (nlf <= 0 || nrf <= 0 || int64_t(perm.size()) != nb + nlf + nrf)
    return false;
  std::vector<int64_t> want;
  for (int64_t i = 0; i < nb; ++i)
    want.push_back(i);
  for (int64_t i = 0; i < nrf; ++i)
    want.push_back(nb + nlf + i);
  for (int64_t i = 0; i < nlf; ++i)
    want.push_back(nb + i);
  return perm == want;
}

/// The free dims of an operand of rank `rank` (neither batch nor contract).
std::vector<int64_t> freeDims(int64_t rank, const std::vector<int64_t> &batch,
                              const std::vector<int64_t> &contract) {
  std::vector<int64_t> f;
  for (int64_t d = 0; d < rank; ++d)
    if (std::find(batch.begin(), batch.end(), d) == batch.end() &&
        std::find(contract.begin(), contract.end(), d) == contract.end())
      f.push_back(d);
  return f;
}

bool foldOperandTranspose(Operation &dot, unsigned side) {
  Value *v = dot.operand(side);
  Operation *t = v->definingOp();
  if (!t || t->kind() != OpKind::Transpose || v->users().size() != 1 ||
      t->parentBlock() != dot.parentBlock())
    return false;
  const std::vector<int64_t> &perm = t->attrs().getInts("perm");
  const char *batchKey = side == 0 ? "lhs_batch" : "rhs_batch";
  const char *contractKey = side == 0 ? "lhs_contract" : "rhs_contract";
  std::vector<int64_t> batch = dot.attrs().getInts(batchKey);
  std::vector<int64_t> contract = dot.attrs().getInts(contractKey);
  std::vector<int64_t> free = freeDims(int64_t(perm.size()), batch, contract);
  for (size_t i = 1; i < free.size(); ++i)
    if (perm[size_t(free[i])] < perm[size_t(free[i - 1])])
      return false;
  for (int64_t &d : batch)
    d = perm[size_t(d)];
  for (int64_t &d : contract)
    d = perm[size_t(d)];
  dot.attrs().set(batchKey, batch);
  dot.attrs().set(contractKey, contract);
  dot.setOperand(side, t->operand(0));
  eraseOp(t);
  return true;
}

bool foldOperandTransposes(Operation &op) {
  if (op.kind() != OpKind::DotGeneral)
    return false;
  bool changed = false;
  // (x.T.T: the folded operand may be a transpose again.)
  for (unsigned side : {0u, 1u})
    while (foldOperandTranspose(op, side))
      changed = true;
  return changed;
}

bool rewrite(Operation &t) {
  if (t.kind() != OpKind::Transpose)
    return false;
  Value *v = t.operand(0);
  Operation *dot = v->definingOp();
  if (!dot || dot->kind() != OpKind::DotGeneral || v->users().size() != 1 ||
      dot->parentBlock() != t.parentBlock() ||
      !swapsFreeGroups(*dot, t.attrs().getInts("perm")))
    return false;
  const Attrs &a = dot->attrs();
  Attrs swapped{{"lhs_batch", a.getInts("rhs_batch")},
                {"rhs_batch", a.getInts("lhs_batch")},
                {"lhs_contract", a.getInts("rhs_contract")},
                {"rhs_contract", a.getInts("lhs_contract")}};
  Builder b;
  b.setInsertionPointBefore(&t);
  Value *r = b.create(OpKind::DotGeneral, {dot->operand(1), dot->operand(0)},
                      {t.result()->type()}, swapped, dot->loc(), dot->stack())
                 ->result();
  t.result()->replaceAllUsesWith(r);
  eraseOp(&t);
  eraseOp(dot);
  foldOperandTransposes(*r->definingOp());
  return true;
}

bool rewriteBlock(Block &b) {
  bool changed = false;
  std::vector<Operation *> ops;
  for (auto &op : b.operations())
    ops.push_back(op.get());
  for (Operation *op : ops) {
    for (unsigned i = 0; i < op->numRegions(); ++i)
      changed |= rewriteBlock(op->region(i).front());
    // (A swapped dot is made before its transpose, after `ops` was listed:
    // its operands' transposes are folded as it is made.)
    changed |= rewrite(*op) || foldOperandTransposes(*op);
  }
  return changed;
}

} // namespace

bool foldTransposedDots(Module &m) {
  bool changed = false;
  for (auto &f : m.funcs())
    changed |= rewriteBlock(f->entry());
  return changed;
}

} // namespace parax::ir
