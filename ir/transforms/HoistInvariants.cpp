//===- HoistInvariants.cpp - loop-invariant work moved before the loop ----===//
//
// A loop body that reads a value captured from outside (a weight, a
// constant table) recomputes whatever it derives from it on every
// iteration: an RNN's captured 256 x 256 weights were refilled from their
// splat constant twice a step, 1000 steps, before the dot could read them.
// Pure work that depends only on values defined outside the loop runs once
// before it instead.
//
// Which work: not every invariant op. Elementwise ops, broadcasts and
// other index remaps fuse into the body's loops for free, and hoisting them
// would materialise a whole array outside where the body read a register.
// So an invariant op is hoisted when it is real work on its own (a dot, a
// reduction, a gather, a hash: anything not cheap()) or when it feeds a
// dot_general in the body (whose operands are buffers anyway), together
// with the invariant ops it is computed from.
//
// Algorithm, innermost loops first (fori_loop, scan, while: each region):
//  1. Invariant set: ops of the region's block, in order, that are pure,
//     have no regions, and whose operands are all defined outside the
//     block or by invariant ops.
//  2. Roots: invariant ops that are not cheap or have a non-invariant
//     dot_general user; the hoist set is the roots and their invariant
//     producers.
//  3. Clone the hoist set, in block order, right before the loop; every use
//     of a root moves to its clone. A hoisted producer that body ops still
//     read stays in the body for them (it fuses there); DCE removes the
//     originals nothing reads.
//
// Scans also batch their input projections: a dot_general in the body
// whose lhs is a scanned slice x_t (no batch dims) and whose rhs is defined
// outside is one dot over all of xs before the scan, read back as a new
// scanned slice: an RNN's x_t @ U, a thousand 8 x 256 x 256 products, is one
// 8000 x 256 x 256 product. The GEMM adds each output's products in k
// order whatever the shape, so every slice has the bits the step's own dot
// had. Only up to kMaxBatchedBytes of result, as the batched value lives
// through the whole scan.
//
//===----------------------------------------------------------------------===//
#include "ir/Builder.h"
#include "ir/PassManager.h"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace parax::ir {
namespace {

/// Ops the fuser turns into index arithmetic or a few instructions per
/// element inside whatever loop reads them.
bool cheap(const Operation &op) {
  if (op.kind() == OpKind::Threefry2x32)
    return false; // elementwise, but 20 rounds of hashing per element
  if (op.hasTrait(E))
    return true;
  switch (op.kind()) {
  case OpKind::Constant:
  case OpKind::Iota:
  case OpKind::BroadcastInDim:
  case OpKind::Reshape:
  case OpKind::Transpose:
  case OpKind::Rev:
  case OpKind::Slice:
  case OpKind::Pad:
  case OpKind::Concatenate:
    return true;
  default:
    return false;
  }
}

bool hoistable(const Operation &op) {
  return op.numRegions() == 0 && op.hasTrait(P) && !op.hasTrait(C) && !op.hasTrait(S) &&
         !op.hasTrait(T);
}

/// Hoists `body`'s invariant work to right before `loop`.
bool hoistFrom(Operation &loop, Block &body) {
  std::unordered_set<const Operation *> invariant;
  std::vector<Operation *> order;
  for (auto &op : body.operations()) {
    bool used = false;
    for (auto &r : op->results())
      used |= !r->users().empty();
    if (!used || !hoistable(*op))
      continue;
    bool inside = false;
    for (Value *v : op->operands())
      inside |= v->ownerBlock() == &body && !invariant.count(v->definingOp());
    if (!inside) {
      invariant.insert(op.get());
      order.push_back(op.get());
    }
  }
  std::unordered_set<const Operation *> hoisted, roots;
  std::function<void(Operation *)> take = [&](Operation *op) {
    if (!hoisted.insert(op).second)
      return;
    for (Value *v : op->operands())
      if (Operation *def = v->definingOp(); def && invariant.count(def))
        take(def);
  };
  for (Operation *op : order) {
    bool feedsDot = false;
    for (auto &r : op->results())
      for (Operation *user : r->users())
        feedsDot |= user->kind() == OpKind::DotGeneral && !invariant.count(user);
    if (!cheap(*op) || feedsDot) {
      roots.insert(op);
      take(op);
    }
  }
  if (hoisted.empty())
    return false;

  Builder b;
  b.setInsertionPointBefore(&loop);
  std::unordered_map<const Value *, Value *> clones;
  for (Operation *op : order) {
    if (!hoisted.count(op))
      continue;
    std::vector<Value *> operands;
    for (Value *v : op->operands()) {
      auto it = clones.find(v);
      operands.push_back(it == clones.end() ? v : it->second);
    }
    std::vector<TensorType> types;
    for (auto &r : op->results())
      types.push_back(r->type());
    Operation *copy = b.create(op->kind(), operands, types, op->attrs(), op->loc(), op->stack(), 0);
    for (unsigned i = 0; i < op->numResults(); ++i)
      clones[op->result(i)] = copy->result(i);
  }
  for (Operation *op : order)
    if (roots.count(op))
      for (unsigned i = 0; i < op->numResults(); ++i)
        op->result(i)->replaceAllUsesWith(clones.at(op->result(i)));
  return true;
}

constexpr int64_t kMaxBatchedBytes = int64_t(64) << 20;

/// Whether `dot` reads scanned slice `x` as its lhs against an rhs defined
/// outside `body`, with no batch dims (so the batched result's leading dim
/// is the scan's).
bool isInputProjection(const Operation &dot, const Value *x, const Block &body) {
  return dot.kind() == OpKind::DotGeneral && dot.operand(0) == x &&
         dot.operand(1)->ownerBlock() != &body && dot.operand(1) != x &&
         dot.attrs().getInts("lhs_batch").empty() && dot.attrs().getInts("rhs_batch").empty();
}

/// Replaces each input projection in `scan`'s body by a dot over the whole
/// scanned operand, computed before the scan and scanned as a new input.
bool batchInputProjections(Operation &scan) {
  Block &body = scan.region(0).front();
  unsigned nCarry = unsigned(scan.attrs().getInt("num_carry"));
  int64_t length = scan.attrs().getInt("length");
  std::vector<Operation *> dots;
  for (unsigned i = nCarry; i < unsigned(scan.numOperands()); ++i) {
    Value *x = body.argument(i);
    for (Operation *u : x->users())
      if (u->parentBlock() == &body && isInputProjection(*u, x, body) &&
          std::find(dots.begin(), dots.end(), u) == dots.end())
        dots.push_back(u);
  }
  bool changed = false;
  Builder b;
  b.setInsertionPointBefore(&scan);
  for (Operation *dot : dots) {
    unsigned xi = dot->operand(0)->index();
    const TensorType &step = dot->result()->type();
    Shape batchedShape{length};
    batchedShape.insert(batchedShape.end(), step.shape.begin(), step.shape.end());
    TensorType batched = step;
    batched.shape = batchedShape;
    if (numElements(batchedShape) * dtypeSize(step.dtype) > kMaxBatchedBytes)
      continue;
    Attrs attrs = dot->attrs();
    std::vector<int64_t> contract = attrs.getInts("lhs_contract");
    for (int64_t &d : contract)
      ++d; // past the scanned dim
    attrs.set("lhs_contract", contract);
    Operation *all = b.create(OpKind::DotGeneral, {scan.operand(xi), dot->operand(1)}, {batched},
                              attrs, dot->loc(), dot->stack(), 0);
    scan.addOperand(all->result());
    Value *slice = body.addArgument(step);
    dot->result()->replaceAllUsesWith(slice);
    changed = true;
  }
  return changed;
}

bool hoistIn(Block &block) {
  bool changed = false;
  std::vector<Operation *> ops;
  for (auto &op : block.operations())
    ops.push_back(op.get());
  for (Operation *op : ops) {
    for (unsigned i = 0; i < op->numRegions(); ++i)
      changed |= hoistIn(op->region(i).front());
    if (op->hasTrait(L))
      for (unsigned i = 0; i < op->numRegions(); ++i)
        changed |= hoistFrom(*op, op->region(i).front());
    if (op->kind() == OpKind::Scan)
      changed |= batchInputProjections(*op);
  }
  return changed;
}

} // namespace

bool hoistLoopInvariants(Module &m) {
  bool changed = false;
  for (auto &f : m.funcs())
    changed |= hoistIn(f->entry());
  return changed;
}

} // namespace parax::ir
