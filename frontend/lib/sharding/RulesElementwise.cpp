//===- RulesElementwise.cpp - elementwise ops keep their operands' split ---===//
//
// Operands of an elementwise op have the result's shape (jnp broadcasts
// with broadcast_in_dim first), so each result dimension takes the split of
// the operands that split it; two different splits of one dimension, or one
// mesh axis splitting two dimensions, is JAX's ShardingTypeError.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Rules.h"
#include "frontend/tracing/Trace.h"

namespace parax::frontend::sharding {

namespace {
std::vector<Dims> elementwise(const RuleInput &in) {
  int64_t rank = in.resultTypes.empty() ? 0 : in.resultTypes[0].rank();
  Dims out = unsplit(rank);
  for (size_t i = 0; i < in.operands.size(); ++i) {
    const Dims &d = in.operands[i];
    if (int64_t(d.size()) != rank)
      continue; // a scalar operand
    for (int64_t k = 0; k < rank; ++k) {
      if (d[size_t(k)].empty())
        continue;
      if (out[size_t(k)].empty()) {
        out[size_t(k)] = d[size_t(k)];
      } else if (out[size_t(k)] != d[size_t(k)]) {
        std::string ins;
        for (size_t j = 0; j < in.operandTypes.size(); ++j)
          ins += (j ? ", " : "") + shortType(in.operandTypes[j], in.operands[j]);
        shardingError(std::string(ir::mnemonic(in.kind)) +
                      " got incompatible shardings for broadcasting: " + ins);
      }
    }
  }
  checkDistinctAxes(in, out, ir::mnemonic(in.kind));
  return std::vector<Dims>(in.resultTypes.size(), out);
}
} // namespace

void checkSelect(const Value &which, const std::vector<Value> &cases) {
  if (!anySharded())
    return;
  for (const Value &v : cases) // sharding-in-types is Explicit axes' only
    if (ShardingPtr s = shardingOf(v)) {
      bool any = false;
      for (bool e : s->explicitAxis)
        any |= e;
      if (!any)
        return;
    }
  auto dimsOf = [](const Value &v, const ShardingPtr &s) {
    Dims d = s->dims;
    d.resize(size_t(abstractType(v).rank()));
    return d;
  };
  auto text = [&](const Value &v) {
    ShardingPtr s = shardingOf(v);
    TensorType t = abstractType(v);
    return s ? s->typeText(t, false) : t.str();
  };
  const Value *first = nullptr;
  Dims firstDims;
  for (const Value &c : cases) {
    ShardingPtr s = shardingOf(c);
    if (!s)
      continue; // made outside any mesh
    if (!first) {
      first = &c;
      firstDims = dimsOf(c, s);
    } else if (dimsOf(c, s) != firstDims) {
      std::string all;
      for (size_t i = 0; i < cases.size(); ++i)
        all += (i ? ", " : "") + text(cases[i]);
      shardingError("select cases must have the same shardings, got [" + all + "].");
    }
  }
  ShardingPtr ws = shardingOf(which);
  if (first && ws && abstractType(which).rank() > 0 && dimsOf(which, ws) != firstDims)
    shardingError("select `which` must be scalar or have the same sharding as cases, got "
                  "`which` sharding " + text(which) + " but case sharding " + text(*first) +
                  ".");
}

void registerElementwiseRules() {
  const ir::OpKind all[] = {
#define PARAX_OP(Name, Mnemonic, NumRegions, Traits) ir::OpKind::Name,
#include "ir/Ops.def"
  };
  for (ir::OpKind k : all)
    if (ir::hasTrait(k, ir::E))
      registerRule(k, elementwise);
}

} // namespace parax::frontend::sharding
