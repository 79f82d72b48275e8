//===- Sharding.h - shardings of arrays and tracers --------------*- C++ -*-===//
//
// A NamedSharding as the C++ side sees it (mesh axes and one list of axis
// names per array dimension), the sharded array value (a global array plus
// its sharding), the table giving traced values their sharding, and the
// entry points the rest of parax calls. The Python classes users see
// (Mesh, PartitionSpec, NamedSharding) are lib/python/jax.sharding.py.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"
#include "ir/Operation.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace parax::frontend {
class ModuleObject;
}

namespace parax::frontend::sharding {

/// Mesh axes of a sharding and how each array dimension is split over them.
struct Sharding {
  Value mesh; ///< The Python Mesh.
  std::vector<std::string> axisNames;
  std::vector<int64_t> axisSizes;
  std::vector<bool> explicitAxis;
  std::vector<int64_t> deviceIds; ///< By mesh position (row-major).
  /// Mesh axis names splitting each dimension (major first); may be shorter
  /// than the rank (the rest are unsplit).
  std::vector<std::vector<std::string>> dims;
  /// The Python NamedSharding (made on first request).
  mutable Value py;

  int64_t axisSize(const std::string &name) const;
  bool isExplicit(const std::string &name) const;
  /// How many pieces dimension `d` is cut into.
  int64_t splits(size_t d) const;
  bool replicated() const;
  /// The same mesh with other dimension splits.
  std::shared_ptr<const Sharding> withDims(std::vector<std::vector<std::string>> d) const;
  /// "a,b|c||" (cache keys, equality).
  std::string key() const;
  /// JAX's type text of `t` with this split: f32[8@x,4] (shortDType) or
  /// float32[8@x,4].
  std::string typeText(const TensorType &t, bool shortDType = true) const;
};
using ShardingPtr = std::shared_ptr<const Sharding>;

/// A jax.Array split over a mesh. A split array is held as its per-device
/// shards, as in JAX: `shards[pos]` is the block of mesh position `pos`, a
/// buffer accounted to that device (devices that share a block, over axes
/// the array is replicated on, each hold their own copy). The global array
/// exists only once the host needs it (printing, np.asarray, an op or
/// program the per-device pass does not take): materialize() assembles it
/// and keeps it, as JAX keeps an array's host copy. A fully replicated
/// array (or one made before its sharding was known) keeps one global
/// buffer, read in place by every device (what the memory plan counts).
struct ShardedArrayObj : ArrayObj {
  ShardingPtr sharding;
  TensorType global;
  std::vector<Array> shards; ///< By mesh position; empty: held globally.
  ShardedArrayObj(Array a, ShardingPtr s)
      : ArrayObj(std::move(a)), sharding(std::move(s)) {
    global = array.type();
  }
  ShardedArrayObj(TensorType t, std::vector<Array> parts, ShardingPtr s)
      : ArrayObj(Array()), sharding(std::move(s)), global(std::move(t)),
        shards(std::move(parts)) {}
  /// Assembles `array` from the shards (machine/ArrayStorage.h calls it).
  void materialize() const;
};

/// The local block shape of `t` under `s`.
TensorType localType(const Sharding &s, const TensorType &t);
/// The array index range (start per dim) of mesh position `pos`'s block.
std::vector<int64_t> blockStart(const Sharding &s, const Shape &global, int64_t pos);
/// A sharded array held as its per-device shards (by mesh position).
Value perDeviceArray(const TensorType &global, std::vector<Array> shards, ShardingPtr s);
/// The per-device blocks of array `v` split as `s` (by mesh position): its
/// own shards when it holds them that way, else cut from its values, each
/// on its device.
std::vector<Array> deviceBlocks(const Value &v, const Sharding &s);

/// Reads a Python NamedSharding (via its _parax_desc()).
ShardingPtr fromPython(Evaluator &ev, const Value &namedSharding);
/// The Python NamedSharding of `s`.
Value toPython(Evaluator &ev, const Sharding &s);

/// The sharding of an array or tracer, or null (single device / unknown).
ShardingPtr shardingOf(const Value &v);
/// `v` with sharding `s` (arrays share the buffer; a tracer gets a fresh
/// IR value, so the one it came from keeps its own sharding).
Value withSharding(Evaluator &ev, const Value &v, ShardingPtr s);
/// Array `v` with sharding `s` (non-null): held as its per-device shards
/// when `s` splits it (the shards it has when they are the same blocks),
/// else one buffer shared by the devices.
Value shardedArray(const Value &v, ShardingPtr s);
/// The array without a sharding (a plain single-device view).
Value unsharded(const Value &v);
/// Records the sharding of a traced value.
void setTracerSharding(const Value &tracer, ShardingPtr s);
/// True once any sharded value was made (ops skip the rules until then).
bool anySharded();

/// Array attributes that depend on the sharding (x.sharding,
/// addressable_shards, ...); false for other names.
bool arrayAttr(Evaluator &ev, const Value &x, const std::string &name, Value &out);

/// While an eager shard_map body is traced, print() calls are recorded
/// (and replayed with per-device values once it ran): true if recorded.
bool capturePrint(const CallArgs &a);

/// Installs the `_parax_sharding` module, the hooks, jax's sharding names
/// and the out_sharding=/device= keywords of creation and random functions.
void installSharding(Evaluator &ev, std::unordered_map<std::string, Value> &mods);

} // namespace parax::frontend::sharding
