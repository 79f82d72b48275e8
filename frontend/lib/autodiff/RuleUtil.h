//===- RuleUtil.h - small helpers the autodiff rule files share -*- C++ -*-===//
#pragma once

#include "frontend/lib/Prims.h"
#include "frontend/lib/autodiff/Autodiff.h"
#include "frontend/machine/Evaluator.h"

namespace parax::frontend::ad {

using ir::OpKind;

/// A scalar constant broadcast to `like`'s shape and dtype.
inline Value constLike(Evaluator &ev, const Value &like, double v) {
  TensorType t = prims::typeOf(like);
  return prims::full(ev, t.shape, Value::floating(v), t.dtype, t.weak);
}
inline Value mul(Evaluator &ev, const Value &a, const Value &b) {
  return prims::binary(ev, OpKind::Mul, a, b);
}
inline Value add(Evaluator &ev, const Value &a, const Value &b) {
  return prims::binary(ev, OpKind::Add, a, b);
}
inline Value sub(Evaluator &ev, const Value &a, const Value &b) {
  return prims::binary(ev, OpKind::Sub, a, b);
}
inline Value div(Evaluator &ev, const Value &a, const Value &b) {
  return prims::binary(ev, OpKind::Div, a, b);
}
inline Value neg(Evaluator &ev, const Value &a) { return prims::unary(ev, OpKind::Neg, a); }
/// a * b where a may be None (zero).
inline Value mulAny(Evaluator &ev, const Value &a, const Value &b) {
  return a.isNone() ? Value() : mul(ev, a, b);
}
/// The op itself applied to new operands (for ops linear in them).
inline Value same(OpCtx &c, const Vals &ins) {
  return bind1(c.ev, c.op.kind(), ins, c.op.attrs(), c.op.result(0)->type());
}
inline const TensorType &operandType(OpCtx &c, unsigned i) { return c.op.operand(i)->type(); }
/// The operand's cotangent in the operand's type.
inline Value castTo(Evaluator &ev, const Value &v, const TensorType &t) {
  return instantiate(ev, v, t);
}

} // namespace parax::frontend::ad
