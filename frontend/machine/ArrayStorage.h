//===- ArrayStorage.h - arrays whose values are held elsewhere ---*- C++ -*-===//
//
// A sharded array is held as its per-device shards (lib/sharding/Sharding.h):
// its ArrayObj's `array` stays empty until the host needs the values. The
// sharding library registers how such an array is assembled and what its
// type is; Value::asArray() assembles on first use, arrayTypeOf() never does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"

namespace parax::frontend {

struct ArrayStorage {
  /// Fills `a.array` from where the values are held.
  void (*materialize)(const ArrayObj &a) = nullptr;
  /// The type of an array whose `array` is empty.
  const TensorType &(*type)(const ArrayObj &a) = nullptr;
};
ArrayStorage &arrayStorage();

/// An array value's type, without assembling a sharded array held per device.
const TensorType &arrayTypeOf(const Value &v);

} // namespace parax::frontend
