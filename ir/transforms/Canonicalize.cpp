//===- Canonicalize.cpp - XLA-equivalent rewrites ---------------*- C++ -*-===//
//
// parax must print what JAX prints, and JAX's programs go through XLA's
// algebraic simplifier, some of whose rewrites change floating-point
// results. This pass applies those rewrites, and only those, to compiled
// programs (eager ops are not compiled programs in JAX either).
//
// Algorithm:
//  1. Walk every op in every region.
//  2. Try each rule of the table on it; a rule returns true after rewriting.
//  3. Repeat until no rule fires (rules only shrink or replace ops).
//
//===----------------------------------------------------------------------===//
#include "ir/Builder.h"
#include "ir/PassManager.h"

#include <vector>

namespace parax::ir {
namespace {

/// The constant a value is, directly or through broadcast_in_dim.
const Operation *constantSource(const Value *v) {
  const Operation *d = v->definingOp();
  if (d && d->kind() == OpKind::BroadcastInDim)
    d = d->operand(0)->definingOp();
  return d && d->kind() == OpKind::Constant ? d : nullptr;
}

/// 1 / c, elementwise, in c's own dtype (XLA's InvertConstant).
Array reciprocal(const Array &c) {
  Array r = Array::allocate(c.type(), Placement{0, 1});
  for (int64_t i = 0; i < c.size(); ++i) {
    double v = c.getDouble(i);
    // The division happens in the element type (float for f32/f16/bf16).
    r.setDouble(i, c.dtype() == DType::F64 ? 1.0 / v : double(1.0f / float(v)));
  }
  return r;
}

/// x / C  ->  x * (1 / C)   for floats, when x is not itself a constant.
/// (XLA's "A / Const => A * (1 / Const)"; JAX's jit(lambda a: a / 3.0)
/// therefore computes 7 * 0.33333334 = 2.3333335, not 2.3333333.)
bool divideByConstant(Operation &op) {
  if (op.kind() != OpKind::Div || !isFloat(op.result()->type().dtype))
    return false;
  const Operation *c = constantSource(op.operand(1));
  if (!c || constantSource(op.operand(0)))
    return false;
  Builder b;
  b.setInsertionPointBefore(&op);
  Array inv = reciprocal(c->attrs().getArray("value"));
  Value *rhs = b.create(OpKind::Constant, {}, {inv.type()}, Attrs{{"value", inv}},
                        op.loc(), op.stack())
                   ->result();
  const Operation *bc = op.operand(1)->definingOp();
  if (bc->kind() == OpKind::BroadcastInDim)
    rhs = b.create(OpKind::BroadcastInDim, {rhs}, {bc->result()->type()}, bc->attrs(),
                   op.loc(), op.stack())
              ->result();
  Value *mul = b.create(OpKind::Mul, {op.operand(0), rhs}, {op.result()->type()}, {},
                        op.loc(), op.stack())
                   ->result();
  op.result()->replaceAllUsesWith(mul);
  eraseOp(&op);
  return true;
}

using Rule = bool (*)(Operation &);
const Rule kRules[] = {
    divideByConstant, // x / C -> x * (1/C) for floats
};

bool rewriteBlock(Block &b) {
  bool changed = false;
  std::vector<Operation *> ops;
  for (auto &op : b.operations())
    ops.push_back(op.get());
  for (Operation *op : ops) {
    for (Rule r : kRules)
      changed |= r(*op);
    for (unsigned i = 0; i < op->numRegions(); ++i)
      changed |= rewriteBlock(op->region(i).front());
  }
  return changed;
}

} // namespace

bool canonicalize(Module &m) {
  bool changed = false;
  for (auto &f : m.funcs())
    changed |= rewriteBlock(f->entry());
  return changed;
}

} // namespace parax::ir
