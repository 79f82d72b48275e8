//===- Linearity.cpp - is a traced function linear in its inputs? ---------===//
//
// jax.linear_transpose runs reverse mode on a function it may assume
// linear; the vjp rules of linear ops do not read the linear operand's
// value, so the transpose is the backward pass at any point (parax uses
// zeros). This check rejects what is not linear, op by op, as JAX's
// transposition fails: an op without a transpose rule (sin, max ...) is a
// NotImplementedError, a product of two input-dependent values an
// AssertionError.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/autodiff/RuleUtil.h"

namespace parax::frontend::ad {

namespace {

/// How an op may use input-dependent ("linear") operands.
enum class Linear {
  Jointly,   ///< linear in all its operands together (add, concatenate ...)
  OneFactor, ///< bilinear: at most one operand may be linear (mul, dot)
  Numerator, ///< only operand 0 may be linear (div)
  No,        ///< no transpose rule
};

Linear linearity(const ir::Operation &op) {
  switch (op.kind()) {
  case OpKind::Neg:
  case OpKind::Add:
  case OpKind::Sub:
  case OpKind::Reshape:
  case OpKind::BroadcastInDim:
  case OpKind::Transpose:
  case OpKind::Rev:
  case OpKind::Slice:
  case OpKind::Concatenate:
  case OpKind::Pad:
  case OpKind::DynamicSlice:
  case OpKind::DynamicUpdateSlice:
  case OpKind::Take:
  case OpKind::ReduceSum:
  case OpKind::CumSum:
  case OpKind::Select:
  case OpKind::Psum:
  case OpKind::AllGather:
  case OpKind::Ppermute:
    return Linear::Jointly;
  case OpKind::Convert:
    return differentiable(op.operand(0)->type()) && differentiable(op.result(0)->type())
               ? Linear::Jointly
               : Linear::No;
  case OpKind::Scatter: {
    const std::string &mode = op.attrs().getString("mode");
    return mode == "add" || mode == "set" ? Linear::Jointly : Linear::No;
  }
  case OpKind::Mul:
  case OpKind::DotGeneral:
    return Linear::OneFactor;
  case OpKind::Div:
    return Linear::Numerator;
  default:
    return Linear::No;
  }
}

void checkBlock(const ir::Block &b, const std::unordered_set<const ir::Value *> &act, Loc loc) {
  for (auto &p : b.operations()) {
    const ir::Operation &op = *p;
    if (op.kind() == OpKind::Yield || op.kind() == OpKind::Return || op.hasTrait(ir::S))
      continue;
    if (op.numRegions()) {
      // Control flow is linear when its bodies are (the index of a cond and
      // the bounds of a loop are never input-dependent floats).
      for (unsigned r = 0; r < op.numRegions(); ++r)
        checkBlock(op.region(r).front(), act, loc);
      continue;
    }
    std::vector<unsigned> linear;
    for (unsigned i = 0; i < op.numOperands(); ++i)
      if (act.count(op.operand(i)))
        linear.push_back(i);
    if (linear.empty())
      continue;
    Linear l = linearity(op);
    bool ok = l == Linear::Jointly || (l == Linear::OneFactor && linear.size() == 1) ||
              (l == Linear::Numerator && linear.size() == 1 && linear[0] == 0);
    if (op.kind() == OpKind::Select && linear[0] == 0)
      ok = false; // a predicate that depends on the input
    if (ok)
      continue;
    std::string hint = "linear_transpose needs a function linear in its inputs (sums, "
                       "products with constants, shape ops, gathers); use jax.vjp for "
                       "others";
    ParaxError err = l == Linear::No
                         ? ParaxError("NotImplementedError",
                                      std::string("Transpose rule (for reverse-mode "
                                                  "differentiation) for '") +
                                          op.name() + "' not implemented",
                                      loc, hint)
                         : ParaxError("AssertionError",
                                      std::string("linear_transpose: '") + op.name() +
                                          "' combines two values that depend on the "
                                          "function's inputs, so the function is not linear",
                                      loc, hint);
    throw err;
  }
}

} // namespace

void checkLinear(const TracedFn &f, Loc loc) {
  auto act = activeValues(f);
  checkBlock(f.func->entry(), *act, loc);
}

} // namespace parax::frontend::ad
