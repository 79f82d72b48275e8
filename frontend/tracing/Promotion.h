//===- Promotion.h - JAX type promotion -------------------------*- C++ -*-===//
//
// jnp.promote_types / result_type with JAX's weak types, on the lattice of
// docs/type_promotion.rst: the join is taken on the full lattice (so uint32
// + int32 joins at int64) and then, with x64 disabled, canonicalised to 32
// bits (int64 -> int32), which is exactly what JAX does. The x64 switch
// (jax_enable_x64) lives here too: it decides the default types.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Types.h"

#include <vector>

namespace parax::frontend {

/// jax.config's jax_enable_x64 (process-wide, as JAX's config is).
bool x64Enabled();
void setX64Enabled(bool on);
/// canonicalDType under the current x64 setting.
DType canonical(DType t);
/// The default float / int / uint dtypes: float32, int32, uint32 with x64
/// disabled, their 64-bit forms with it enabled.
DType defaultFloat();
DType defaultInt();
DType defaultUInt();

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
/// weakness (true_divide, exp, mean ... on ints); float64 for 64-bit ints
/// with x64 enabled.
WeakDType toInexact(WeakDType t);

} // namespace parax::frontend
