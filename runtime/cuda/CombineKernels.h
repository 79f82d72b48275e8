//===- CombineKernels.h - the device collectives' reduction kernels -*- C++ -*-===//
//
// An all-reduce between logical devices runs on the devices: each device
// combines the members' operands in member order, out = op(a, b) one step
// at a time (((x0 (+) x1) (+) x2) ...), the serial combine of the CPU's
// ThreadCommunicator, so every device gets the same bits as the CPU. The
// kernels are grid-stride loops over elements written as PTX text here
// (add/max/min for the integer types, add for f32 with .ftz: the CPU
// combines under FTZ/DAZ); each comes with its host compilation for the
// strict fake driver (runtime/Kernels' binaryOpInto, the CPU's own loop).
// Other dtypes and ops stay on the host-staged path: f64 (the CPU flushes
// f64 denormals too, PTX has no .ftz for f64), float max/min (NaN and
// signed-zero rules not matched yet), f16/bf16, bool, 8/16-bit ints.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"
#include "ir/Types.h"

namespace parax::cuda {

struct CombineKernel {
  const char *ptx = nullptr;  ///< the module (one .entry)
  const char *name = nullptr; ///< its kernel: (out, a, b, count) all .u64
  void (*unpack)(void **params) = nullptr; ///< the fake's host compilation
};

/// The kernel for combiner `op` (Add, Max, Min) on `dtype`, or a null
/// `ptx` when the device path does not cover it.
CombineKernel combineKernel(ir::OpKind op, DType dtype);

} // namespace parax::cuda
