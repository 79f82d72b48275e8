//===- DotOperandView.h - a dot_general operand read in place ---*- C++ -*-===//
//
// The runtime's float matmul (runtime/KernelsDot.cpp) takes each operand as
// a batch of strided matrices. A row-major operand can be read that way in
// place when each of its dimension groups - batch, then the matrix's rows,
// then its columns, each group in the order the dimension numbers give -
// is one stride: x.T @ y, x @ y.T and most batched layouts. Otherwise the
// kernel first transposes it into a copy, which the memory plan counts as
// the op's scratch; the memory plans (the interpreter's and the compiled
// backend's, codegen/FusionPlan.cpp) count it with dotKernelScratchBytes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"
#include "ir/Types.h"

#include <optional>
#include <vector>

namespace parax::ir {

struct DotOperandStrides {
  int64_t batch = 0, rows = 0, cols = 0; ///< Elements between neighbours.
};

/// Strides of the groups (batch, rows, cols) of a row-major array of
/// `shape`, each group read as one row-major index; nullopt when a group's
/// dimensions are not one stride (size-1 dimensions never matter).
inline std::optional<DotOperandStrides>
dotOperandStrides(const Shape &shape, const std::vector<int64_t> &batch,
                  const std::vector<int64_t> &rows,
                  const std::vector<int64_t> &cols) {
  std::vector<int64_t> stride(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;)
    stride[i - 1] = stride[i] * shape[i];
  auto groupStride =
      [&](const std::vector<int64_t> &dims) -> std::optional<int64_t> {
    // Walk the group from its innermost dimension outwards.
    std::optional<int64_t> inner;
    int64_t next = 0; // the stride the next outer dimension must have
    for (size_t i = dims.size(); i-- > 0;) {
      int64_t d = dims[i];
      if (shape[size_t(d)] == 1)
        continue;
      if (!inner)
        inner = stride[size_t(d)];
      else if (stride[size_t(d)] != next)
        return std::nullopt;
      next = stride[size_t(d)] * shape[size_t(d)];
    }
    return inner.value_or(1);
  };
  auto b = groupStride(batch), r = groupStride(rows), c = groupStride(cols);
  if (!b || !r || !c)
    return std::nullopt;
  return DotOperandStrides{*b, *r, *c};
}

/// Bytes runtime/KernelsDot.cpp dotGeneralOp allocates for `dot` beyond
/// its result: the transposed copies of operands it cannot read in place,
/// and for float16/bfloat16 the float32 operands and result (the result
/// array allocated first is replaced by the converted one).
int64_t dotKernelScratchBytes(const Operation &dot);

} // namespace parax::ir
