//===- Promotion.h - JAX type promotion -------------------------*- C++ -*-===//
//
// jnp.promote_types / result_type with JAX's weak types, on the lattice of
// docs/type_promotion.rst with x64 disabled: the join is taken on the full
// lattice (so uint32 + int32 joins at int64) and then canonicalised to 32
// bits (int64 -> int32), which is exactly what JAX does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Types.h"

#include <vector>

namespace parax::frontend {

/// A dtype with JAX's weak flag.
struct WeakDType {
  DType dtype;
  bool weak = false;
  bool operator==(const WeakDType &o) const {
    return dtype == o.dtype && weak == o.weak;
  }
};

/// The join of two (dtype, weak) pairs.
WeakDType promoteTypes(WeakDType a, WeakDType b);
/// The join of several.
WeakDType resultType(const std::vector<WeakDType> &ts);
/// The inexact (float) type of `t`: itself if float, else float32 keeping
/// weakness (true_divide, exp, mean ... on ints).
WeakDType toInexact(WeakDType t);

} // namespace parax::frontend
