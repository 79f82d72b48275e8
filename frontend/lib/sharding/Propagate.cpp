//===- Propagate.cpp - every op's results get their sharding --------------===//
//
// bind calls propagate after each op, eager or traced: when an operand is
// sharded, the op family's rule (Rules*.cpp) gives the results' dims; an
// op without a rule gives replicated results (its values are the global
// computation's). On a mesh with no Explicit axis a rule's conflict under
// jit is a NotImplementedError: JAX leaves that result's split to the
// compiler's propagation, which parax does not reproduce; an eager op there
// just gives an unsplit result.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Rules.h"
#include "frontend/lib/sharding/Vma.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/ShardingHooks.h"
#include "frontend/tracing/Trace.h"

#include <map>

namespace parax::frontend::sharding {

namespace {
std::map<ir::OpKind, Rule> &rules() {
  static std::map<ir::OpKind, Rule> r;
  return r;
}
int gOutSharding = 0;
bool gQuiet = false;      ///< The mesh has no Explicit axis.
bool gQuietEager = false; ///< ... and the op runs eagerly.
} // namespace

int &outShardingDepth() { return gOutSharding; }

void registerRule(ir::OpKind kind, Rule rule) { rules()[kind] = std::move(rule); }

const Rule *ruleFor(ir::OpKind kind) {
  auto it = rules().find(kind);
  return it == rules().end() ? nullptr : &it->second;
}

Dims unsplit(int64_t rank) { return Dims(size_t(rank)); }

std::string shortType(const TensorType &t, const Dims &d) {
  Sharding s;
  s.dims = d;
  // Every axis shows (errors name the axes that conflict).
  for (const auto &axes : d)
    for (const std::string &a : axes) {
      s.axisNames.push_back(a);
      s.axisSizes.push_back(1);
      s.explicitAxis.push_back(true);
    }
  return s.typeText(t);
}

bool outShardingGiven() { return gOutSharding > 0; }

Value splitAsPrimal(Evaluator &ev, const Value &like, const std::function<Value()> &f) {
  if (!anySharded())
    return f();
  ++gOutSharding;
  Value r;
  try {
    r = f();
  } catch (...) {
    --gOutSharding;
    throw;
  }
  --gOutSharding;
  ShardingPtr s = shardingOf(like);
  if (s && abstractType(r).shape == abstractType(like).shape)
    return withSharding(ev, r, s);
  return r;
}

void shardingError(const std::string &msg) {
  // An eager op on Auto axes computes on the values; no program exists
  // whose propagation would pick the split, so the result is unsplit (JAX
  // computes it too: x[0] of a shard_map output).
  if (gOutSharding > 0 || gQuietEager)
    throw GiveUp{};
  if (gQuiet)
    // JAX's Auto axes leave this to the XLA compiler's sharding propagation
    // (GSPMD), which picks a layout parax cannot reproduce: say so.
    raise("NotImplementedError",
          "on a mesh whose axes are all Auto, JAX lets the XLA compiler choose how this "
          "result is split (sharding propagation); parax does not choose shardings. The "
          "rule it would need: " + msg,
          "make the mesh axes Explicit (jax.make_mesh's default axis_types) and say how "
          "the result is split with out_sharding=P(...), or jax.reshard an operand first");
  raise("ShardingTypeError", msg,
        "say how the result is split with out_sharding=P(...) (or reshard an operand "
        "first with jax.reshard)");
}

void checkDistinctAxes(const RuleInput &in, const Dims &out, const std::string &opName) {
  std::vector<std::string> seen;
  for (const auto &axes : out)
    for (const std::string &a : axes) {
      for (const std::string &b : seen)
        if (a == b) {
          std::string ins;
          for (size_t i = 0; i < in.operandTypes.size(); ++i)
            ins += (i ? ", " : "") + shortType(in.operandTypes[i], in.operands[i]);
          shardingError(opName + " operation with inputs: " + ins +
                        " produces an illegally sharded result: " +
                        shortType(in.resultTypes.empty() ? TensorType{} : in.resultTypes[0], out));
        }
      seen.push_back(a);
    }
}

namespace {
void propagate(Evaluator &ev, ir::OpKind kind, const std::vector<Value> &operands,
               const ir::Attrs &attrs, std::vector<Value> &results) {
  propagateVma(kind, operands, results);
  if (!anySharded())
    return;
  ShardingPtr first;
  std::vector<ShardingPtr> ss;
  for (const Value &v : operands) {
    ShardingPtr s = shardingOf(v);
    ss.push_back(s);
    if (s && !first)
      first = s;
  }
  if (!first) {
    for (const Value &r : results)
      if (r.isTracer())
        setTracerSharding(r, nullptr);
    return;
  }
  RuleInput in{kind, attrs, {}, {}, {}, *first, ev.currentTrace() == nullptr};
  for (size_t i = 0; i < operands.size(); ++i) {
    TensorType t = abstractType(operands[i]);
    Dims d = ss[i] ? ss[i]->dims : Dims{};
    d.resize(size_t(t.rank()));
    in.operandTypes.push_back(t);
    in.operands.push_back(d);
    in.onMesh.push_back(ss[i] != nullptr);
  }
  for (const Value &r : results)
    in.resultTypes.push_back(abstractType(r));
  bool anyExplicit = false;
  for (bool e : first->explicitAxis)
    anyExplicit |= e;
  std::vector<Dims> out;
  const Rule *rule = ruleFor(kind);
  bool savedQuiet = gQuiet, savedQuietEager = gQuietEager;
  gQuiet = !anyExplicit;
  gQuietEager = gQuiet && in.eager;
  try {
    if (rule)
      out = (*rule)(in);
  } catch (GiveUp &) {
    out.clear();
  } catch (...) {
    gQuiet = savedQuiet;
    gQuietEager = savedQuietEager;
    throw;
  }
  gQuiet = savedQuiet;
  gQuietEager = savedQuietEager;
  for (size_t i = 0; i < results.size(); ++i) {
    Dims d = i < out.size() ? out[i] : unsplit(in.resultTypes[i].rank());
    ShardingPtr rs = first->withDims(d);
    if (results[i].isTracer())
      setTracerSharding(results[i], rs);
    else if (results[i].isArray())
      results[i] = withSharding(ev, results[i], rs);
  }
}
} // namespace

void installPropagation() {
  registerElementwiseRules();
  registerShapeRules();
  registerReductionRules();
  registerDotRules();
  shardingHooks().propagate = propagate;
}

} // namespace parax::frontend::sharding
