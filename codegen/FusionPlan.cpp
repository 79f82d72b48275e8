//===- FusionPlan.cpp - which values get buffers, and when they die -------===//
//
// Algorithm:
//  1. Representation, decided on demand with memoisation (operands first):
//     rank-0 -> Scalar; non-fusible kinds -> Buffer; a constant is Lazy when
//     it is a splat, else Buffer; a fusible value is Lazy when it is cheap
//     (an index-only op whose data operand is stored, scalar or cheap) or
//     when all its uses are by one op of its own block that fuses that
//     operand slot; otherwise Buffer.
//  2. Ownership: materialised op results hold a reference; so do the carry
//     arguments of loop bodies. Function arguments, constants, scan x-slices,
//     pmap shards and cond/while-cond arguments are borrowed.
//  3. Liveness per block: the effective uses of a value are its users mapped
//     to their ancestor op in the block, except that a lazy user contributes
//     its own effective uses. The reference dies after the last of them
//     (at the terminator, on block entry when unused).
//
//===----------------------------------------------------------------------===//
#include "codegen/FusionPlan.h"
#include "ir/Diagnostics.h"

#include <algorithm>
#include <cstring>
#include <unordered_set>

namespace parax::codegen {

using ir::OpKind;

namespace {
const std::vector<const ir::Value *> kNone;

bool isIndexOnly(OpKind k) {
  switch (k) {
  case OpKind::Iota:
  case OpKind::Reshape:
  case OpKind::BroadcastInDim:
  case OpKind::Transpose:
  case OpKind::Slice:
  case OpKind::Rev:
  case OpKind::DynamicSlice:
    return true;
  default:
    return false;
  }
}

bool isSplat(const Array &a) {
  if (a.size() <= 1)
    return true;
  size_t w = size_t(dtypeSize(a.dtype()));
  const char *p = static_cast<const char *>(a.raw());
  for (int64_t i = 1; i < a.size(); ++i)
    if (std::memcmp(p, p + size_t(i) * w, w) != 0)
      return false;
  return true;
}

/// The op of `b` that contains `user` (itself when it is in `b`).
const ir::Operation *ancestorIn(const ir::Block &b, const ir::Operation *user) {
  const ir::Operation *cur = user;
  while (cur && cur->parentBlock() != &b)
    cur = cur->parentOp();
  return cur;
}
} // namespace

bool FusionPlan::isFusibleKind(OpKind k) {
  if (ir::hasTrait(k, ir::E))
    return true;
  switch (k) {
  case OpKind::Iota:
  case OpKind::Reshape:
  case OpKind::BroadcastInDim:
  case OpKind::Transpose:
  case OpKind::Slice:
  case OpKind::Rev:
  case OpKind::DynamicSlice:
  case OpKind::Pad:
  case OpKind::Concatenate:
  case OpKind::Take:
    return true;
  default:
    return false;
  }
}

bool FusionPlan::fusesOperand(const ir::Operation &op, unsigned slot) {
  OpKind k = op.kind();
  if (op.hasTrait(ir::E))
    return true;
  switch (k) {
  case OpKind::Reshape:
  case OpKind::Transpose:
  case OpKind::Rev:
  case OpKind::Slice:
  case OpKind::Pad:
  case OpKind::Concatenate:
  case OpKind::ReduceSum:
  case OpKind::ReduceProd:
  case OpKind::ReduceMax:
  case OpKind::ReduceMin:
  case OpKind::ReduceAnd:
  case OpKind::ReduceOr:
  case OpKind::ArgMax:
  case OpKind::ArgMin:
  case OpKind::Yield:
  case OpKind::Return:
    return true;
  case OpKind::DynamicSlice:
    return slot == 0;
  case OpKind::BroadcastInDim:
    return op.operand(0)->type().numElements() ==
           op.result()->type().numElements();
  case OpKind::DynamicUpdateSlice:
    return slot == 1;
  default:
    return false;
  }
}

FusionPlan::FusionPlan(const ir::Func &entry) {
  planBlock(entry.entry(), false);
  liveness(entry.entry());
}

Repr FusionPlan::repr(const ir::Value *v) const {
  auto it = repr_.find(v);
  PARAX_ASSERT(it != repr_.end()) << "value without a representation";
  return it->second;
}

bool FusionPlan::holdsRef(const ir::Value *v) const {
  auto it = holds_.find(v);
  return it != holds_.end() && it->second;
}

bool FusionPlan::cheap(const ir::Value *v) const {
  auto it = cheap_.find(v);
  return it != cheap_.end() && it->second;
}

bool FusionPlan::decideCheap(const ir::Value *v) {
  auto it = cheap_.find(v);
  if (it != cheap_.end())
    return it->second;
  bool c = false;
  const ir::Operation *op = v->definingOp();
  if (op && op->kind() == OpKind::Constant)
    c = isSplat(op->attrs().getArray("value"));
  else if (op && isIndexOnly(op->kind())) {
    if (op->kind() == OpKind::Iota) {
      c = true;
    } else {
      const ir::Value *data = op->operand(0);
      Repr r = decide(data);
      c = r != Repr::Lazy || decideCheap(data);
    }
  }
  cheap_[v] = c;
  return c;
}

Repr FusionPlan::decide(const ir::Value *v) {
  auto it = repr_.find(v);
  if (it != repr_.end())
    return it->second;
  Repr r = Repr::Buffer;
  const ir::Operation *op = v->definingOp();
  if (v->type().rank() == 0) {
    r = Repr::Scalar;
  } else if (!op) {
    r = Repr::Buffer;
  } else if (op->kind() == OpKind::Constant) {
    r = decideCheap(v) ? Repr::Lazy : Repr::Buffer;
  } else if (isFusibleKind(op->kind())) {
    // Operands first (cheapness looks at them).
    for (const ir::Value *o : op->operands())
      decide(o);
    if (decideCheap(v)) {
      r = Repr::Lazy;
    } else {
      const ir::Operation *user = nullptr;
      bool ok = !v->users().empty();
      for (const ir::Operation *u : v->users()) {
        if (user && u != user)
          ok = false;
        user = u;
      }
      if (ok && user->parentBlock() != op->parentBlock())
        ok = false;
      if (ok)
        for (unsigned s = 0; s < user->numOperands(); ++s)
          if (user->operand(s) == v && !fusesOperand(*user, s))
            ok = false;
      r = ok ? Repr::Lazy : Repr::Buffer;
    }
  }
  repr_[v] = r;
  return r;
}

void FusionPlan::planBlock(const ir::Block &b, bool argsOwned) {
  for (auto &a : b.arguments()) {
    decide(a.get());
    holds_[a.get()] = argsOwned && repr_[a.get()] == Repr::Buffer;
  }
  for (auto &opPtr : b.operations()) {
    const ir::Operation &op = *opPtr;
    for (auto &r : op.results()) {
      Repr rp = decide(r.get());
      holds_[r.get()] = rp == Repr::Buffer && op.kind() != OpKind::Constant;
    }
    switch (op.kind()) {
    case OpKind::ForiLoop:
      planBlock(op.region(0).front(), true);
      break;
    case OpKind::Scan: {
      const ir::Block &body = op.region(0).front();
      planBlock(body, true);
      // The x-slices are views into the scanned operands.
      size_t nCarry = size_t(op.attrs().getInt("num_carry"));
      for (unsigned i = unsigned(nCarry); i < body.numArguments(); ++i)
        holds_[body.argument(i)] = false;
      break;
    }
    case OpKind::While:
      planBlock(op.region(0).front(), false);
      planBlock(op.region(1).front(), true);
      break;
    default:
      for (unsigned i = 0; i < op.numRegions(); ++i)
        planBlock(op.region(i).front(), false);
      break;
    }
  }
}

void FusionPlan::effectiveUses(const ir::Block &b, const ir::Value *v,
                               std::vector<const ir::Operation *> &out) {
  std::unordered_set<const ir::Operation *> seen;
  for (const ir::Operation *u : v->users()) {
    if (!seen.insert(u).second)
      continue;
    const ir::Operation *a = ancestorIn(b, u);
    if (!a)
      continue;
    if (a == u && !u->hasTrait(ir::T)) {
      // A lazy result reads `v` wherever it is finally computed; any other
      // result reads it here.
      bool here = u->numResults() == 0;
      for (auto &r : u->results()) {
        if (repr(r.get()) == Repr::Lazy)
          effectiveUses(b, r.get(), out);
        else
          here = true;
      }
      if (!here)
        continue;
    }
    out.push_back(a);
  }
}

void FusionPlan::liveness(const ir::Block &b) {
  std::unordered_map<const ir::Operation *, size_t> index;
  size_t i = 0;
  for (auto &op : b.operations())
    index[op.get()] = i++;
  auto place = [&](const ir::Value *v, const ir::Operation *def) {
    if (!holdsRef(v))
      return;
    std::vector<const ir::Operation *> uses;
    effectiveUses(b, v, uses);
    const ir::Operation *last = nullptr;
    for (const ir::Operation *u : uses)
      if (!last || index[u] > index[last])
        last = u;
    if (!last) {
      if (def)
        after_[def].push_back(v);
      else
        entry_[&b].push_back(v);
    } else if (last->hasTrait(ir::T)) {
      term_[&b].push_back(v);
    } else {
      after_[last].push_back(v);
    }
  };
  for (auto &a : b.arguments())
    place(a.get(), nullptr);
  for (auto &op : b.operations()) {
    for (auto &r : op->results())
      place(r.get(), op.get());
    for (unsigned k = 0; k < op->numRegions(); ++k)
      liveness(op->region(k).front());
  }
}

const std::vector<const ir::Value *> &
FusionPlan::releaseAfter(const ir::Operation *op) const {
  auto it = after_.find(op);
  return it == after_.end() ? kNone : it->second;
}

const std::vector<const ir::Value *> &
FusionPlan::releaseAtEntry(const ir::Block *b) const {
  auto it = entry_.find(b);
  return it == entry_.end() ? kNone : it->second;
}

const std::vector<const ir::Value *> &
FusionPlan::releaseAtTerminator(const ir::Block *b) const {
  auto it = term_.find(b);
  return it == term_.end() ? kNone : it->second;
}

} // namespace parax::codegen
