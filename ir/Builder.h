//===- Builder.h - creating ops ---------------------------------*- C++ -*-===//
//
// Appends ops at the end of a block. The frontend computes result types with
// the shape rules in ir/ShapeRules.h (the same rules the verifier re-checks),
// so the builder itself only wires operands, results and regions.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

namespace parax::ir {

class Builder {
public:
  explicit Builder(Block *block = nullptr) : block_(block) {}
  /// New ops go at the end of `b`.
  void setInsertionBlock(Block *b) {
    block_ = b;
    before_ = nullptr;
  }
  /// New ops go right before `op` (in op's block).
  void setInsertionPointBefore(Operation *op) {
    block_ = op->parentBlock();
    before_ = op;
  }
  Block *insertionBlock() const { return block_; }

  /// Creates `kind` at the end of the insertion block. Region ops get
  /// `numRegions` empty regions, each with one empty block. A result type
  /// too big for int64 size arithmetic (checkArraySize) throws a ValueError
  /// at `loc` and creates nothing.
  Operation *create(OpKind kind, const std::vector<Value *> &operands,
                    const std::vector<TensorType> &resultTypes, Attrs attrs,
                    Loc loc, TraceStack stack = {}, int numRegions = -1);

private:
  Block *block_;
  Operation *before_ = nullptr;
};

/// Removes `op` from its block (it must have no uses); the block keeps it
/// alive, detached, until the block dies.
void eraseOp(Operation *op);

} // namespace parax::ir
