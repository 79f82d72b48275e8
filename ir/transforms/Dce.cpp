//===- Dce.cpp - dead-op elimination --------------------------*- C++ -*-===//
//
// Removes ops without side effects whose results are all unused, so that
// neither the memory plan nor the backends pay for values nobody reads.
//
// Algorithm:
//  1. Walk each block backwards (users come after their producers).
//  2. Recurse into regions first: dead ops inside a loop body go too.
//  3. Erase an op that is pure (or a pure region op: loops and cond without
//     effects inside) and has no result uses.
//
//===----------------------------------------------------------------------===//
#include "ir/Builder.h"
#include "ir/PassManager.h"

#include <vector>

namespace parax::ir {
namespace {

/// Whether `op` or anything nested in it has an observable effect.
bool hasEffects(Operation &op) {
  bool effects = false;
  op.walk([&](Operation *o) {
    effects |= o->hasTrait(S) || o->hasTrait(C) || o->kind() == OpKind::Pmap;
  });
  return effects;
}

bool sweep(Block &b) {
  bool changed = false;
  std::vector<Operation *> ops;
  for (auto &op : b.operations())
    ops.push_back(op.get());
  for (auto it = ops.rbegin(); it != ops.rend(); ++it) {
    Operation *op = *it;
    if (op->hasTrait(T))
      continue;
    for (unsigned i = 0; i < op->numRegions(); ++i)
      changed |= sweep(op->region(i).front());
    bool used = false;
    for (auto &r : op->results())
      used |= !r->users().empty();
    if (used || hasEffects(*op))
      continue;
    eraseOp(op);
    changed = true;
  }
  return changed;
}

} // namespace

bool eliminateDeadCode(Module &m) {
  bool changed = false;
  for (auto &f : m.funcs())
    changed |= sweep(f->entry());
  return changed;
}

} // namespace parax::ir
