//===- FastArithmetic.h - the evaluator's arithmetic fast path --*- C++ -*-===//
//
// x + y, x - y, x * y (and x / y of floats) on two plain Python floats or
// two ints whose result stays in int64: what Evaluator::binary computes,
// without its dispatch over every kind of operand. Used by the evaluator
// for binary expressions and augmented assignments.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"
#include "frontend/syntax/Ast.h"

namespace parax::frontend {

/// False (out untouched) for anything else: other ops, mixed kinds, int64
/// overflow, x / 0.0, numbers derived from jax.process_index().
[[gnu::always_inline]] inline bool fastArithmetic(BinOpKind op, const Value &l, const Value &r, Value &out) {
  if (l.kind() != r.kind() || l.processVarying() || r.processVarying())
    return false;
  if (l.isFloat()) {
    double x = l.asFloat(), y = r.asFloat();
    switch (op) {
    case BinOpKind::Add: out = Value::floating(x + y); return true;
    case BinOpKind::Sub: out = Value::floating(x - y); return true;
    case BinOpKind::Mul: out = Value::floating(x * y); return true;
    case BinOpKind::Div:
      if (y == 0.0)
        return false;
      out = Value::floating(x / y);
      return true;
    default: return false;
    }
  }
  if (l.isInt()) {
    int64_t x = l.asInt(), y = r.asInt(), z;
    bool overflow;
    switch (op) {
    case BinOpKind::Add: overflow = __builtin_add_overflow(x, y, &z); break;
    case BinOpKind::Sub: overflow = __builtin_sub_overflow(x, y, &z); break;
    case BinOpKind::Mul: overflow = __builtin_mul_overflow(x, y, &z); break;
    default: return false;
    }
    if (overflow)
      return false;
    out = Value::integer(z);
    return true;
  }
  return false;
}

} // namespace parax::frontend
