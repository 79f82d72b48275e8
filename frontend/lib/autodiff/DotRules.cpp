//===- DotRules.cpp - jvp/vjp of dot_general ------------------------------===//
//
// dot_general is bilinear: jvp = dot(ta, b) + dot(a, tb). Each vjp is a
// dot_general of the cotangent with the other operand that contracts the
// other operand's free dims, followed by the transpose that puts the
// result's dims back in the operand's order.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/autodiff/RuleUtil.h"
#include "frontend/lib/sharding/Rules.h"

#include <algorithm>

namespace parax::frontend::ad {

namespace {

using Dims = std::vector<int64_t>;

bool contains(const Dims &v, int64_t d) { return std::find(v.begin(), v.end(), d) != v.end(); }

Dims freeDims(int64_t rank, const Dims &batch, const Dims &contract) {
  Dims r;
  for (int64_t d = 0; d < rank; ++d)
    if (!contains(batch, d) && !contains(contract, d))
      r.push_back(d);
  return r;
}

Dims iotaFrom(int64_t from, size_t n) {
  Dims r;
  for (size_t i = 0; i < n; ++i)
    r.push_back(from + int64_t(i));
  return r;
}

Vals dotJvp(OpCtx &c, const Vals &t) {
  Value r;
  if (!t[0].isNone())
    r = same(c, {t[0], c.in[1]});
  if (!t[1].isNone())
    r = addAny(c.ev, r, same(c, {c.in[0], t[1]}));
  return {r};
}

/// The cotangent of operand `which` (0 = lhs, 1 = rhs).
Value dotTranspose(OpCtx &c, const Value &ct, int which) {
  const ir::Attrs &a = c.op.attrs();
  Dims lb = a.getInts("lhs_batch"), rb = a.getInts("rhs_batch");
  Dims lc = a.getInts("lhs_contract"), rc = a.getInts("rhs_contract");
  int64_t ra = operandType(c, 0).rank(), rbk = operandType(c, 1).rank();
  Dims lf = freeDims(ra, lb, lc), rf = freeDims(rbk, rb, rc);
  size_t nb = lb.size();
  // "mine" is the operand whose cotangent we compute, "other" the other one.
  const Dims &myBatch = which == 0 ? lb : rb, &otherBatch = which == 0 ? rb : lb;
  const Dims &myContract = which == 0 ? lc : rc, &otherContract = which == 0 ? rc : lc;
  const Dims &myFree = which == 0 ? lf : rf, &otherFree = which == 0 ? rf : lf;
  // ct dims: batch, lhs free, rhs free.
  size_t otherFreeStart = which == 0 ? nb + lf.size() : nb;
  Value other = c.in[which == 0 ? 1 : 0];
  Value g = prims::dotGeneral(c.ev, ct, other, iotaFrom(0, nb), otherBatch,
                              iotaFrom(int64_t(otherFreeStart), otherFree.size()), otherFree);
  // g dims: batch, my free (ct order), other's remaining dims = its contract
  // dims in ascending order, each paired with one of my contract dims.
  Dims toMine;
  for (size_t k = 0; k < nb; ++k)
    toMine.push_back(myBatch[k]);
  for (int64_t d : myFree)
    toMine.push_back(d);
  Dims otherRest = freeDims(which == 0 ? rbk : ra, otherBatch, otherFree);
  for (int64_t d : otherRest)
    toMine.push_back(myContract[size_t(std::find(otherContract.begin(), otherContract.end(), d) -
                                       otherContract.begin())]);
  Dims perm(toMine.size());
  for (size_t i = 0; i < toMine.size(); ++i)
    perm[size_t(toMine[i])] = int64_t(i);
  return prims::transpose(c.ev, g, perm);
}

Vals dotVjp(OpCtx &c, const Vals &ct) {
  // Each cotangent is split as its primal operand (JAX's transpose passes
  // out_sharding=, so split contractions of ct and the other operand agree).
  auto one = [&](int which) {
    return sharding::splitAsPrimal(c.ev, c.in[size_t(which)],
                                   [&] { return dotTranspose(c, ct[0], which); });
  };
  return {one(0), one(1)};
}

} // namespace

void registerDotRules(RuleTable &t) { t[OpKind::DotGeneral] = {dotJvp, dotVjp}; }

} // namespace parax::frontend::ad
