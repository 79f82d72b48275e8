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

/// How the per-device program takes and gives its values (no stacking or
/// reassembly: a sharded array is held as its per-device shards): a split
/// argument is passed as its `devices` blocks (mesh position order), the
/// others whole; every result comes back as one array per device (result
/// k's device d is program result k * devices + d).
struct DeviceLayout {
  int64_t devices = 1;
  std::vector<bool> splitArg;
  std::vector<TensorType> results; ///< The global result types.
};

/// `src` (one function) as the per-device program over `mesh`. Values'
/// splits come from `given`, else from the tracer table. Throws
/// PartitionUnsupported.
std::shared_ptr<ir::Module> partitionModule(const Sharding &mesh,
                                            const std::shared_ptr<ir::Module> &src,
                                            const std::map<const ir::Value *, Dims> &given,
                                            DeviceLayout &layout);
/// The layout of a per-device program made by the pass (null otherwise).
const DeviceLayout *deviceLayout(const ir::Module *m);
/// The program inputs of `args` under `layout` (split ones as their blocks).
std::vector<Array> layoutInputs(const DeviceLayout &layout, const std::vector<Value> &args);
/// The results of a per-device program as arrays (split ones held per
/// device with `shardings[k]`, the others device 0's).
std::vector<Value> layoutResults(const DeviceLayout &layout, std::vector<Value> parts,
                                 const std::vector<ShardingPtr> &shardings);
/// Devices of `mesh` (the product of its axis sizes).
int64_t meshSize(const Sharding &mesh);
/// The sharding of a traced IR value of module `m` (null if unsplit).
ShardingPtr shardingOfIr(const ir::Value *v, const std::shared_ptr<ir::Module> &m);

/// The eager hook: runs `kind` per device when its operands are split
/// (true, `outs` set) or leaves it to the global path (false).
bool runEagerPerDevice(Evaluator &ev, ir::OpKind kind, const ir::Attrs &attrs,
                       const std::vector<Value> &operands,
                       const std::vector<TensorType> &resultTypes, std::vector<Value> &outs);

} // namespace parax::frontend::sharding
