//===- OpRules.h - per-op facts derived from the op-family tables -*- C++ -*-===//
//
// ir/Ops.def names each op and its traits; the family tables under ir/ops/
// (ElementwiseUnary.def, ElementwiseBinary.def, Reductions.def,
// Collectives.def) add what the verifier, the kernels and the emitters each used to restate
// in their own switch (an elementwise op's dtype class and result rule, its
// float math per backend). This header exposes the backend-neutral part;
// the backends include the .def files themselves for their columns.
// docs/op-rules.md explains how to add an op.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

namespace parax::ir {

/// The dtypes an elementwise op accepts.
enum class DClass { Any, Numeric, Float, Integer, IntOrBool };
bool inClass(DType d, DClass c);
const char *className(DClass c);

/// How an elementwise op's result dtype follows from its operands'.
enum class ResultRule {
  Same,      ///< the operand type
  Bool,      ///< same shape, bool (comparisons, is_finite)
  Explicit,  ///< the declared dtype, any (convert)
  SameWidth, ///< the declared dtype, same bit width, not bool (bitcast)
};

/// The verifier's rule of a unary or binary elementwise op (one row of
/// ir/ops/ElementwiseUnary.def or ElementwiseBinary.def).
struct ElementwiseRule {
  unsigned arity;
  DClass operands;
  ResultRule result;
};

/// The row of `k`, or null when `k` is in neither table (select,
/// threefry2x32 and every non-elementwise op).
const ElementwiseRule *elementwiseRule(OpKind k);

/// The reduction-like ops (ir/ops/Reductions.def): reduce_* (attr axes),
/// argmax/argmin (attr axis, index result), cumulative (attr axis, reverse).
enum class ReduceFamily { None, Reduce, Arg, Cumulative };

/// The family of `k`; None for every other op. Inline and constexpr: the
/// kernels and the emitter ask on every call.
constexpr ReduceFamily reduceFamily(OpKind k) {
  switch (k) {
#define PARAX_REDUCE(Name, Family, Combiner)                                   \
  case OpKind::Name:                                                           \
    return ReduceFamily::Family;
#include "ir/ops/Reductions.def"
  default:
    return ReduceFamily::None;
  }
}

/// The binary op that combines two values of reduction `k` (reduce_sum and
/// cumsum: add, argmax: max ...); `k` itself for every other op.
constexpr OpKind reductionCombiner(OpKind k) {
  switch (k) {
#define PARAX_REDUCE(Name, Family, Combiner)                                   \
  case OpKind::Name:                                                           \
    return OpKind::Combiner;
#include "ir/ops/Reductions.def"
  default:
    return k;
  }
}

/// How a collective (ir/ops/Collectives.def) moves data between devices.
enum class CollectivePattern { None, Local, AllReduce, AllGather, Permute };

/// The pattern of `k`; None for every op that is not a collective.
constexpr CollectivePattern collectivePattern(OpKind k) {
  switch (k) {
#define PARAX_COLLECTIVE(Name, Pattern, Combiner)                              \
  case OpKind::Name:                                                           \
    return CollectivePattern::Pattern;
#include "ir/ops/Collectives.def"
  default:
    return CollectivePattern::None;
  }
}

/// The binary op an all-reduce combines with (psum: add ...); `k` itself
/// for every other op.
constexpr OpKind collectiveCombiner(OpKind k) {
  switch (k) {
#define PARAX_COLLECTIVE(Name, Pattern, Combiner)                              \
  case OpKind::Name:                                                           \
    return OpKind::Combiner;
#include "ir/ops/Collectives.def"
  default:
    return k;
  }
}

/// Whether collective `k` exchanges data (all but axis_index).
constexpr bool communicates(OpKind k) {
  CollectivePattern p = collectivePattern(k);
  return p != CollectivePattern::None && p != CollectivePattern::Local;
}

/// Whether collective `k`'s results are the same on every device.
constexpr bool sameOnEveryDevice(OpKind k) {
  CollectivePattern p = collectivePattern(k);
  return p == CollectivePattern::AllReduce || p == CollectivePattern::AllGather;
}

} // namespace parax::ir
