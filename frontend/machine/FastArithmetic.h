//===- FastArithmetic.h - the evaluator's arithmetic fast path --*- C++ -*-===//
//
// x + y, x - y, x * y, x // y, x % y of two ints whose result stays in
// int64; x + y, x - y, x * y, x / y, x ** y of two plain Python floats:
// what Evaluator::binary computes, without its dispatch over every kind
// of operand. Also comparisons, truth tests and list/tuple items. Used by
// the evaluator for expressions and augmented assignments.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/Value.h"
#include "frontend/syntax/Ast.h"

#include <cmath>

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
    case BinOpKind::Pow: {
      // A positive base with a finite result: libm's pow, as CPython's.
      double z = std::pow(x, y);
      if (!(x > 0) || !std::isfinite(z))
        return false;
      out = Value::floating(z);
      return true;
    }
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
    case BinOpKind::FloorDiv:
    case BinOpKind::Mod: {
      // Python rounds the quotient down (the remainder takes y's sign).
      if (y == 0 || (x == INT64_MIN && y == -1))
        return false;
      int64_t q = x / y, r = x % y;
      if (r != 0 && ((r < 0) != (y < 0))) {
        q -= 1;
        r += y;
      }
      z = op == BinOpKind::Mod ? r : q;
      overflow = false;
      break;
    }
    default: return false;
    }
    if (overflow)
      return false;
    out = Value::integer(z);
    return true;
  }
  return false;
}

/// x op y for one of the six order/equality comparisons; false for the
/// others (is, in, ...).
template <typename T> [[gnu::always_inline]] inline bool compareNumbers(CmpOpKind op, T x, T y, bool &out) {
  switch (op) {
  case CmpOpKind::Eq: out = x == y; return true;
  case CmpOpKind::NotEq: out = x != y; return true;
  case CmpOpKind::Lt: out = x < y; return true;
  case CmpOpKind::LtE: out = x <= y; return true;
  case CmpOpKind::Gt: out = x > y; return true;
  case CmpOpKind::GtE: out = x >= y; return true;
  default: return false;
  }
}

/// a < b, a == b, ... on two plain ints or two plain floats (not
/// jax.process_index()-derived); false for anything else. Evaluator::compare
/// answers these first too.
[[gnu::always_inline]] inline bool fastCompare(CmpOpKind op, const Value &a, const Value &b, bool &out) {
  if (a.kind() != b.kind() || a.processVarying() || b.processVarying())
    return false;
  if (a.isInt())
    return compareNumbers(op, a.asInt(), b.asInt(), out);
  if (a.isFloat())
    return compareNumbers(op, a.asFloat(), b.asFloat(), out);
  return false;
}

/// xs[i] of a list or tuple with an int index in range (negative counts
/// from the end), else null: the case getItem and the evaluator take first.
[[gnu::always_inline]] inline const Value *sequenceItem(const Value &xs, const Value &index) {
  if (!(xs.isList() || xs.isTuple()) || !index.isInt())
    return nullptr;
  const auto &elts = xs.elements();
  int64_t i = index.asInt(), n = int64_t(elts.size());
  if (i < 0)
    i += n;
  return i >= 0 && i < n ? &elts[size_t(i)] : nullptr;
}

/// The truth of a bool, int, float or None without Evaluator::truthy's
/// dispatch; false (out untouched) for every other kind.
[[gnu::always_inline]] inline bool fastTruthy(const Value &v, bool &out) {
  switch (v.kind()) {
  case Value::Kind::Bool: out = v.asBool(); return true;
  case Value::Kind::Int: out = v.asInt() != 0; return true;
  case Value::Kind::Float: out = v.asFloat() != 0; return true;
  case Value::Kind::None: out = false; return true;
  default: return false;
  }
}

} // namespace parax::frontend
