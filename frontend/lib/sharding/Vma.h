//===- Vma.h - varying mesh axes of shard_map body values --------*- C++ -*-===//
#pragma once

#include "frontend/machine/Value.h"
#include "ir/Operation.h"

#include <string>
#include <vector>

namespace parax::frontend::sharding {

/// A shard_map body over a mesh with these axes starts / ends tracing.
void enterBody(std::vector<std::string> meshAxes, bool checkVma = true);
void exitBody();
bool inBody();
/// In a body traced with check_vma=True (loops and conds then compare the
/// varying axes of carries and branch outputs, as JAX does).
bool checkingVma();
/// The mesh axes a traced value varies over (empty: invariant).
std::vector<std::string> vmaOf(const Value &v);
void setVma(const Value &v, std::vector<std::string> axes);
/// After each op in a body: results vary as the rules say.
void propagateVma(ir::OpKind kind, const std::vector<Value> &operands,
                  const std::vector<Value> &results);

} // namespace parax::frontend::sharding
