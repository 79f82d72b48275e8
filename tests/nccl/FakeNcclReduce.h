//===- FakeNcclReduce.h - the fake NCCLs' element-wise reductions --*- C++ -*-===//
//
// Shared by the host-memory NCCL of the engine's tests (FakeNccl.cpp) and
// the in-process NCCL over the strict fake GPUs (tests/unit/cuda). Float
// max/min propagate NaN (the first operand's) and order -0 below +0, as
// the CPU combine does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Half.h"
#include "runtime/distributed/engines/NcclAbi.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace fakenccl {

using namespace parax::nccl_abi;

inline size_t typeSize(int t) {
  switch (t) {
  case ncclInt8:
  case ncclUint8:
    return 1;
  case ncclFloat16:
  case ncclBfloat16:
    return 2;
  case ncclInt32:
  case ncclUint32:
  case ncclFloat32:
    return 4;
  default:
    return 8;
  }
}

template <typename T> T combine(T a, T b, int op) {
  if constexpr (std::is_floating_point_v<T>)
    if ((op == ncclMax || op == ncclMin) && (std::isnan(a) || std::isnan(b)))
      return std::isnan(a) ? a : b;
  if constexpr (std::is_floating_point_v<T>)
    if ((op == ncclMax || op == ncclMin) && a == b) // +0 and -0
      return (op == ncclMax) == std::signbit(a) ? b : a;
  switch (op) {
  case ncclSum:
    return T(a + b);
  case ncclProd:
    return T(a * b);
  case ncclMax:
    return std::max(a, b);
  default:
    return std::min(a, b);
  }
}

template <typename T> void reduceTyped(void *acc, const void *in, size_t n, int op) {
  T *a = (T *)acc;
  const T *b = (const T *)in;
  for (size_t i = 0; i < n; ++i)
    a[i] = combine(a[i], b[i], op);
}

template <float (*L)(uint16_t), uint16_t (*S)(float)> void reduceHalf(void *acc, const void *in, size_t n, int op) {
  uint16_t *a = (uint16_t *)acc;
  const uint16_t *b = (const uint16_t *)in;
  for (size_t i = 0; i < n; ++i)
    a[i] = S(combine(L(a[i]), L(b[i]), op));
}

inline void reduce(void *acc, const void *in, size_t n, int type, int op) {
  switch (type) {
  case ncclInt8:
    return reduceTyped<int8_t>(acc, in, n, op);
  case ncclUint8:
    return reduceTyped<uint8_t>(acc, in, n, op);
  case ncclInt32:
    return reduceTyped<int32_t>(acc, in, n, op);
  case ncclUint32:
    return reduceTyped<uint32_t>(acc, in, n, op);
  case ncclInt64:
    return reduceTyped<int64_t>(acc, in, n, op);
  case ncclUint64:
    return reduceTyped<uint64_t>(acc, in, n, op);
  case ncclFloat16:
    return reduceHalf<parax::halfToFloat, parax::floatToHalf>(acc, in, n, op);
  case ncclBfloat16:
    return reduceHalf<parax::bf16ToFloat, parax::floatToBf16>(acc, in, n, op);
  case ncclFloat32:
    return reduceTyped<float>(acc, in, n, op);
  default:
    return reduceTyped<double>(acc, in, n, op);
  }
}


} // namespace fakenccl
