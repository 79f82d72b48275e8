//===- RulesControlFlow.cpp - scan, fori/while and cond keep splits --------===//
//
// JAX's rules: a loop carry keeps its type, sharding included, so the body
// must return it split as it came in; scan's xs are scanned along an unsplit
// dimension 0 and its ys stack the body's per-step values behind one; the
// branches of a cond agree in their outputs' splits.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/LoopShardings.h"
#include "frontend/lib/sharding/Rules.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "ir/Diagnostics.h"

namespace parax::frontend::sharding {

namespace {
/// JAX's type text: float32[8@y] (no sharding: float32[8]).
std::string typeText(const Value &v) {
  TensorType t = abstractType(v);
  ShardingPtr s = shardingOf(v);
  return s ? s->typeText(t, false) : t.str();
}

bool sameSplit(const Value &a, const Value &b) {
  ShardingPtr sa = shardingOf(a), sb = shardingOf(b);
  int64_t rank = abstractType(a).rank();
  Dims da = sa ? sa->dims : Dims{}, db = sb ? sb->dims : Dims{};
  da.resize(size_t(rank));
  db.resize(size_t(rank));
  return da == db;
}

std::string specText(const Dims &d) {
  std::string s = "P(";
  for (size_t i = 0; i < d.size(); ++i) {
    s += i ? ", " : "";
    if (d[i].empty())
      s += "None";
    else if (d[i].size() == 1)
      s += "'" + d[i][0] + "'";
    else {
      s += "(";
      for (size_t j = 0; j < d[i].size(); ++j)
        s += (j ? ", '" : "'") + d[i][j] + "'";
      s += ")";
    }
  }
  return s + ")";
}
} // namespace

void inheritShardings(const std::vector<Value> &args, size_t first,
                      const std::vector<Value> &from, bool sliced) {
  if (!anySharded())
    return;
  for (size_t i = 0; i < from.size() && first + i < args.size(); ++i) {
    if (!args[first + i].isTracer())
      continue;
    ShardingPtr s = shardingOf(from[i]);
    if (s && sliced) {
      Dims d = s->dims;
      d.resize(size_t(abstractType(from[i]).rank()));
      if (!d.empty() && !d[0].empty())
        raise("ValueError", "0th dimension of all xs should be replicated. Got " + specText(d),
              "scan runs along dimension 0 of xs: reshard it first (jax.reshard(xs, "
              "P(None, ...)))");
      if (!d.empty())
        d.erase(d.begin());
      s = s->withDims(d);
    }
    setTracerSharding(args[first + i], s);
  }
}

void resultShardings(const std::vector<Value> &results, size_t first,
                     const std::vector<Value> &like, bool stacked) {
  if (!anySharded())
    return;
  for (size_t i = 0; i < like.size() && first + i < results.size(); ++i) {
    if (!results[first + i].isTracer())
      continue;
    ShardingPtr s = shardingOf(like[i]);
    if (s && stacked) {
      Dims d = s->dims;
      d.resize(size_t(abstractType(like[i]).rank()));
      d.insert(d.begin(), std::vector<std::string>{});
      s = s->withDims(d);
    }
    setTracerSharding(results[first + i], s);
  }
}

void checkCarryShardings(const std::string &what, const std::string &carryName,
                         const std::vector<std::string> &paths,
                         const std::vector<Value> &initLeaves,
                         const std::vector<Value> &outLeaves, Loc at) {
  if (!anySharded())
    return;
  for (size_t i = 0; i < initLeaves.size() && i < outLeaves.size(); ++i) {
    if (sameSplit(initLeaves[i], outLeaves[i]))
      continue;
    std::string comp = i < paths.size() && !paths[i].empty()
                           ? "carry component " + carryName + paths[i]
                           : "carry " + carryName;
    ParaxError err("TypeError",
                   what + " function carry input and carry output must have equal types, "
                          "but they differ:\n\nThe input " + comp + " has type " +
                       typeText(initLeaves[i]) + " but the corresponding output carry "
                       "component has type " + typeText(outLeaves[i]) + ".\n\nRevise the "
                       "function so that all output types match the corresponding input "
                       "types.",
                   at, "split the initial carry as the body returns it (jax.reshard(init, "
                       "P(...))), or reshard the body's output back");
    throw err;
  }
}

void checkBranchShardings(const std::string &kindName, const std::string &site0,
                          const std::string &siteK, const std::string &name0,
                          const std::string &nameK, const std::vector<Value> &out0,
                          const std::vector<Value> &outK, Loc at) {
  if (!anySharded())
    return;
  for (size_t i = 0; i < out0.size() && i < outK.size(); ++i) {
    if (sameSplit(out0[i], outK[i]))
      continue;
    throw ParaxError("TypeError",
                     kindName + " branches must have equal output types but they differ.\n\n" +
                         site0 + "\n" + siteK + "\n\nThe output of " + name0 + " has type " +
                         typeText(out0[i]) + " but the corresponding output of " + nameK +
                         " has type " + typeText(outK[i]) + ".\n\nRevise " + name0 +
                         " and/or " + nameK + " so that all output types match.",
                     at, "make every branch return its values split the same way "
                         "(jax.reshard one of them)");
  }
}

} // namespace parax::frontend::sharding
