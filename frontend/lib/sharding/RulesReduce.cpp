//===- RulesReduce.cpp - reductions drop the reduced dimensions' splits ----===//
//
// A reduction over a split dimension sums across devices: the result is
// not split along it (the other dimensions keep theirs). Cumulative ops
// keep every split but the scanned dimension's.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Rules.h"

#include <algorithm>

namespace parax::frontend::sharding {

namespace {
std::vector<Dims> removeAxes(const Dims &d, const std::vector<int64_t> &axes) {
  Dims r;
  for (size_t k = 0; k < d.size(); ++k)
    if (std::find(axes.begin(), axes.end(), int64_t(k)) == axes.end())
      r.push_back(d[k]);
  return {r};
}

std::vector<Dims> reduce(const RuleInput &in) {
  return removeAxes(in.operands[0], in.attrs.getInts("axes"));
}

std::vector<Dims> argReduce(const RuleInput &in) {
  return removeAxes(in.operands[0], {in.attrs.getInt("axis")});
}

std::vector<Dims> cumulative(const RuleInput &in) {
  Dims r = in.operands[0];
  size_t axis = size_t(in.attrs.getInt("axis"));
  if (axis < r.size() && !r[axis].empty())
    shardingError("Input should be unsharded over the axis being reduced. Got input type=" +
                  in.mesh.withDims(r)->typeText(in.operandTypes[0], false) +
                  " and axis=" + std::to_string(axis));
  return {r};
}
} // namespace

void registerReductionRules() {
  for (ir::OpKind k : {ir::OpKind::ReduceSum, ir::OpKind::ReduceProd, ir::OpKind::ReduceMax,
                       ir::OpKind::ReduceMin, ir::OpKind::ReduceAnd, ir::OpKind::ReduceOr})
    registerRule(k, reduce);
  registerRule(ir::OpKind::ArgMax, argReduce);
  registerRule(ir::OpKind::ArgMin, argReduce);
  for (ir::OpKind k : {ir::OpKind::CumSum, ir::OpKind::CumProd, ir::OpKind::CumMax,
                       ir::OpKind::CumMin})
    registerRule(k, cumulative);
}

} // namespace parax::frontend::sharding
