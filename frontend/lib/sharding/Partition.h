//===- Partition.h - the SPMD pass: per-device programs ---------*- C++ -*-===//
//
// A traced program over values split on one mesh, rewritten into one pmap
// over the mesh on local shapes (Partition.cpp says how each op is lowered).
// Used for jit and staged programs (the partition hook) and for eager ops
// on split arrays (EagerPerDevice.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/lib/sharding/Rules.h"

#include <map>
#include <memory>

namespace parax::frontend::sharding {

/// The pass cannot take this program (another mesh, an op it does not
/// cover): the caller runs the global program.
struct PartitionUnsupported {};

/// `src` (one function) as the per-device program over `mesh`. Values'
/// splits come from `given`, else from the tracer table. Throws
/// PartitionUnsupported.
std::shared_ptr<ir::Module> partitionModule(const Sharding &mesh,
                                            const std::shared_ptr<ir::Module> &src,
                                            const std::map<const ir::Value *, Dims> &given = {});
/// Devices of `mesh` (the product of its axis sizes).
int64_t meshSize(const Sharding &mesh);
/// The sharding of a traced IR value of module `m` (null if unsplit).
ShardingPtr shardingOfIr(const ir::Value *v, const std::shared_ptr<ir::Module> &m);

/// The eager hook: runs `kind` per device when its operands are split
/// (true, `outs` set) or leaves it to the global path (false).
bool runEagerPerDevice(Evaluator &ev, ir::OpKind kind, const ir::Attrs &attrs,
                       const std::vector<Value> &operands,
                       const std::vector<TensorType> &resultTypes,
                       const std::vector<Array> &ins, std::vector<Array> &outs);

} // namespace parax::frontend::sharding
