//===- TransposedDot.cpp - transpose(dot(a, b)) -> dot(b, a) ----*- C++ -*-===//
//
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
//===----------------------------------------------------------------------===//
#include "ir/Builder.h"
#include "ir/PassManager.h"

#include <vector>

namespace parax::ir {
namespace {

bool swapsFreeGroups(const Operation &dot, const std::vector<int64_t> &perm) {
  const Shape &ls = dot.operand(0)->type().shape, &rs = dot.operand(1)->type().shape;
  int64_t nb = int64_t(dot.attrs().getInts("lhs_batch").size());
  int64_t nlf = int64_t(ls.size()) - nb - int64_t(dot.attrs().getInts("lhs_contract").size());
  int64_t nrf = int64_t(rs.size()) - nb - int64_t(dot.attrs().getInts("rhs_contract").size());
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
    changed |= rewrite(*op);
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
