//===- RulesDot.cpp - dot_general's batch, free and contracting splits -----===//
//
// The result is (batch dims, lhs free dims, rhs free dims), each keeping
// its operand's split. A contracting dimension split on one side only is
// gathered (the result does not depend on it); split on both sides, the
// result would be partial sums and JAX asks for out_sharding=.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Rules.h"

#include <algorithm>

namespace parax::frontend::sharding {

namespace {
std::string specText(const std::vector<std::string> &axes) {
  std::string s = "(";
  for (size_t i = 0; i < axes.size(); ++i)
    s += (i ? ", " : "") + std::string("'") + axes[i] + "'";
  return s + (axes.size() == 1 ? ",)" : ")");
}

std::vector<Dims> dotGeneral(const RuleInput &in) {
  std::vector<int64_t> lb, rb, lc, rc;
  if (in.attrs.has("lhs_batch"))
    lb = in.attrs.getInts("lhs_batch");
  if (in.attrs.has("rhs_batch"))
    rb = in.attrs.getInts("rhs_batch");
  if (in.attrs.has("lhs_contract"))
    lc = in.attrs.getInts("lhs_contract");
  if (in.attrs.has("rhs_contract"))
    rc = in.attrs.getInts("rhs_contract");
  const Dims &l = in.operands[0], &r = in.operands[1];
  for (size_t i = 0; i < lc.size(); ++i) {
    const auto &ls = l[size_t(lc[i])], &rs = r[size_t(rc[i])];
    if (!ls.empty() && !rs.empty() && ls != rs)
      shardingError("dot_general requires contracting dimensions to have consistent sharding, "
                    "got " + specText(ls) + " and " + specText(rs) + ".");
    if (!ls.empty() && !rs.empty())
      shardingError("Contracting dimensions are sharded and it is ambiguous how the output "
                    "should be sharded. Please specify the output sharding via the "
                    "`out_sharding` parameter. Got lhs_contracting_spec=" + specText(ls) +
                    " and rhs_contracting_spec=" + specText(rs));
  }
  Dims out;
  for (size_t i = 0; i < lb.size(); ++i) {
    const auto &ls = l[size_t(lb[i])], &rs = r[size_t(rb[i])];
    if (!ls.empty() && !rs.empty() && ls != rs)
      shardingError("dot_general requires lhs batch dimensions and rhs batch dimensions to "
                    "have the same sharding, got " + specText(ls) + " and " + specText(rs));
    out.push_back(ls.empty() ? rs : ls);
  }
  auto free = [&](const Dims &d, const std::vector<int64_t> &b, const std::vector<int64_t> &c) {
    for (size_t k = 0; k < d.size(); ++k)
      if (std::find(b.begin(), b.end(), int64_t(k)) == b.end() &&
          std::find(c.begin(), c.end(), int64_t(k)) == c.end())
        out.push_back(d[k]);
  };
  free(l, lb, lc);
  free(r, rb, rc);
  checkDistinctAxes(in, out, "dot_general");
  return {out};
}
} // namespace

void registerDotRules() { registerRule(ir::OpKind::DotGeneral, dotGeneral); }

} // namespace parax::frontend::sharding
