//===- Rules.h - sharding rules of the op families --------------*- C++ -*-===//
//
// Each op family (elementwise, shape, reductions, dot) registers, in its own
// Rules*.cpp, how its results are split given how its operands are: the
// sharding part of the op's abstract type, as in JAX's Explicit mode. A rule
// that cannot decide raises JAX's ShardingTypeError; under an explicit
// out_sharding= the caller decides instead (the rule then gives up quietly).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/lib/sharding/Sharding.h"

#include <functional>

namespace parax::frontend::sharding {

using Dims = std::vector<std::vector<std::string>>;

struct RuleInput {
  ir::OpKind kind;
  const ir::Attrs &attrs;
  std::vector<TensorType> operandTypes;
  /// Per operand: its dims (padded to its rank), or empty dims if unsharded.
  std::vector<Dims> operands;
  std::vector<TensorType> resultTypes;
  const Sharding &mesh; ///< An operand's sharding (gives the mesh).
  bool eager = false;   ///< Outside any trace (JAX's eager indexing differs).
  /// Per operand: it has a sharding at all (replicated on the mesh counts;
  /// a value made outside any mesh does not, as JAX's empty-mesh operands).
  std::vector<bool> onMesh;
  bool isOnMesh(size_t i) const { return i >= onMesh.size() || onMesh[i]; }
};

/// Result dims, one entry per result.
using Rule = std::function<std::vector<Dims>(const RuleInput &)>;

void registerRule(ir::OpKind kind, Rule rule);
const Rule *ruleFor(ir::OpKind kind);

/// The families (each in its file).
void registerElementwiseRules();
void registerShapeRules();
void registerReductionRules();
void registerDotRules();

/// Unsplit dims of rank `r`.
Dims unsplit(int64_t rank);
/// "f32[8@x,1]": the short type text JAX's sharding errors use.
std::string shortType(const TensorType &t, const Dims &d);
/// Raises ShardingTypeError unless an out_sharding= decides the result.
[[noreturn]] void shardingError(const std::string &msg);
/// True while a call with out_sharding= runs (rules give up quietly).
bool outShardingGiven();
/// Thrown by rules that give up under out_sharding= (caught by propagate).
struct GiveUp {};
/// Library composites without an op of their own (sort, argsort): `f` runs
/// on x's values unsplit and its result, shaped like x, keeps x's splits;
/// a split of the last dimension (the one `f` works along) is JAX's error.
Value alongLastKeepingSplits(Evaluator &ev, const Value &x, const std::string &what,
                             const std::function<Value(const Value &)> &f);
/// x[idx] with integer arrays on dims `indexed` of x: a split indexed dim
/// is JAX's gather error (it asks for .at[...].get(out_sharding=)).
void checkGatherDims(const Value &x, const std::vector<size_t> &indexed, const Shape &indexShape);
/// jnp.take along `axis` (a composite of pads, reshapes and gathers): the
/// gathered dim must be unsplit (checkGatherDims); `f` runs on x unsplit and
/// the result keeps the splits of x's other dims around the index dims.
Value takeKeepingSplits(Evaluator &ev, const Value &x, int64_t axis, const Shape &indexShape,
                        const std::function<Value(const Value &)> &f);
/// lax.select (and jnp.where on operands of one shape, which JAX does not
/// broadcast): the cases on the mesh split alike, and a non-scalar `which`
/// split as they are (JAX's _select_sharding_rule).
void checkSelect(const Value &which, const std::vector<Value> &cases);
/// x.at[...].set/add/...: true when x is split and no indexed dim is (the
/// update then keeps x's splits); a split indexed dim is JAX's scatter error.
bool scatterKeepsSplits(const Value &x, const std::vector<size_t> &indexed);
/// `v` with x's sharding / `x` with none (composites run on the values).
Value withSplitsOf(Evaluator &ev, const Value &x, const Value &v);
Value withoutSplits(Evaluator &ev, const Value &x);
/// A transpose (vjp) rule's cotangent for operand `like`: computed with the
/// rules giving up (as under out_sharding=), then split as `like` is --
/// JAX transposes with out_sharding=the primal's sharding.
Value splitAsPrimal(Evaluator &ev, const Value &like, const std::function<Value()> &f);
/// Checks that no mesh axis splits two dimensions of a result.
void checkDistinctAxes(const RuleInput &in, const Dims &out, const std::string &opName);

} // namespace parax::frontend::sharding
