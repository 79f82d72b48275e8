//===- Divergence.h - collectives under device-varying control --*- C++ -*-===//
//
// A collective needs every device of its axis to reach it. One that sits
// under a cond/switch, a while_loop, or a fori_loop whose predicate or trip
// count can differ between devices would hang real devices. This analysis
// finds such collectives before anything runs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

#include <optional>
#include <string>

namespace parax::ir {

/// Where a device-varying value comes from.
struct VarianceSource {
  /// axis_index, ppermute, or a process_varying constant (or null)
  const Operation *op = nullptr;
  int mappedArg = -1;            ///< Else: the pmap region argument index.
  const Operation *pmap = nullptr;
};

struct DivergentCollective {
  const Operation *collective = nullptr;
  /// The innermost cond/while/fori_loop whose control varies by device.
  const Operation *branch = nullptr;
  /// What makes the branch's predicate (or trip count) vary.
  VarianceSource source;
};

/// The first collective (in program order) reachable only under
/// device-varying control, if any.
std::optional<DivergentCollective> findDivergentCollective(const Func &f);

} // namespace parax::ir
