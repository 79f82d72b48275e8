//===- JnpElementwise.cpp - jnp elementwise functions ---------------------===//
//
// Binary ufuncs promote their operands (JAX's lattice with weak types) and
// broadcast them numpy-style before one elementwise primitive; unary float
// functions promote integers to float32 first. Python operators on arrays
// land here too.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/JnpInternal.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/sharding/Rules.h"

#include <cmath>

namespace parax::frontend::jnp {

using ir::OpKind;

WeakDType weakDTypeOf(const Value &v) {
  TensorType t = prims::typeOf(v);
  return {t.dtype, t.weak};
}

Shape broadcastShapes(const std::vector<Shape> &shapes) {
  size_t rank = 0;
  for (auto &s : shapes)
    rank = std::max(rank, s.size());
  Shape r(rank, 1);
  for (auto &s : shapes)
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t &d = r[rank - s.size() + i];
      int64_t e = s[i];
      if (d == 1)
        d = e;
      else if (e != 1 && e != d) {
        std::string list;
        for (size_t k = 0; k < shapes.size(); ++k)
          list += (k ? ", " : "") + shapeToPython(shapes[k]);
        raise("ValueError", "Incompatible shapes for broadcasting: shapes=[" +
                                list + "]");
      }
    }
  return r;
}

std::vector<Value> promoteAndBroadcast(Evaluator &ev,
                                       const std::vector<Value> &xs,
                                       bool inexact) {
  std::vector<WeakDType> ts;
  std::vector<Shape> shapes;
  for (const Value &x : xs) {
    if (x.isBigInt())
      raiseIntTooLargeForJax(x);
    if (!x.isArrayLike())
      raise("TypeError", "Value " + (x.isStr() ? pyStrRepr(x.asStr()) : ev.repr(x)) +
                             " with type " + typeName(x) +
                             " is not a valid JAX type");
    ts.push_back(weakDTypeOf(x));
    shapes.push_back(prims::shapeOf(x));
  }
  WeakDType r = resultType(ts);
  if (inexact)
    r = toInexact(r);
  Shape shape = broadcastShapes(shapes);
  std::vector<Value> out;
  for (const Value &x : xs)
    out.push_back(prims::broadcastTo(ev, prims::convert(ev, x, r.dtype, r.weak),
                                     shape));
  return out;
}

namespace {
/// The lax primitive a jnp binary op of kind `k` lowers to (its name is in
/// JAX's shape errors), or null.
const char *laxName(OpKind k, const Value &a) {
  switch (k) {
  case OpKind::Add: return "add";
  case OpKind::Sub: return "sub";
  case OpKind::Mul: return "mul";
  case OpKind::Div: return "div";
  case OpKind::FloorDiv: return isFloat(prims::dtypeOf(a)) ? "rem" : "div";
  case OpKind::Mod: return "rem";
  case OpKind::Pow: return "pow";
  case OpKind::Max: return "max";
  case OpKind::Min: return "min";
  case OpKind::And: return "and";
  case OpKind::Or: return "or";
  case OpKind::Xor: return "xor";
  case OpKind::ShiftLeft: return "shift_left";
  case OpKind::ShiftRightArithmetic: return "shift_right_arithmetic";
  case OpKind::ShiftRightLogical: return "shift_right_logical";
  case OpKind::Eq: return "eq";
  case OpKind::Ne: return "ne";
  case OpKind::Lt: return "lt";
  case OpKind::Le: return "le";
  case OpKind::Gt: return "gt";
  case OpKind::Ge: return "ge";
  default: return nullptr;
  }
}

/// JAX promotes ranks first (a mismatch there is broadcastShapes'
/// ValueError); operands of equal rank go to the lax primitive as they
/// are, which rejects incompatible dimensions with a TypeError.
void checkLaxShapes(OpKind k, const Value &a, const Value &b) {
  if (!a.isArrayLike() || !b.isArrayLike())
    return;
  Shape sa = prims::shapeOf(a), sb = prims::shapeOf(b);
  if (sa.size() != sb.size() || sa == sb)
    return;
  for (size_t i = 0; i < sa.size(); ++i)
    if (sa[i] != sb[i] && sa[i] != 1 && sb[i] != 1) {
      const char *name = laxName(k, a);
      if (!name)
        return;
      raise("TypeError", std::string(name) + " got incompatible shapes for broadcasting: " +
                             shapeToPython(sa) + ", " + shapeToPython(sb) + ".");
    }
}

Value binaryUfunc(Evaluator &ev, OpKind k, const Value &a, const Value &b,
                  bool inexact = false) {
  checkLaxShapes(k, a, b);
  auto ops = promoteAndBroadcast(ev, {a, b}, inexact);
  return prims::binary(ev, k, ops[0], ops[1]);
}

void requireIntOrBool(const Value &x, const char *fn) {
  DType t = prims::dtypeOf(x);
  if (isFloat(t))
    raise("TypeError", std::string(fn) + " requires integer or boolean "
                                         "arguments, got " +
                           std::string(dtypeName(t)));
}

/// lax.integer_pow: repeated squaring with multiplications (what JAX does
/// for x ** n with a static Python int n, so results match bit for bit).
Value integerPow(Evaluator &ev, const Value &x, int64_t n) {
  TensorType t = prims::typeOf(x);
  if (n == 0)
    return prims::full(ev, t.shape, Value::integer(1), t.dtype, t.weak);
  bool reciprocal = n < 0;
  if (reciprocal && !isFloat(t.dtype))
    raise("TypeError", "Integers cannot be raised to negative powers, got integer_pow(" +
                           t.str() + ", " + std::to_string(n) + ")",
          "convert to float first: x.astype(jnp.float32) ** " + std::to_string(n));
  uint64_t e = uint64_t(reciprocal ? -n : n);
  Value base = x, acc;
  bool have = false;
  while (e > 0) {
    if (e & 1) {
      acc = have ? prims::binary(ev, OpKind::Mul, acc, base) : base;
      have = true;
    }
    e >>= 1;
    if (e > 0)
      base = prims::binary(ev, OpKind::Mul, base, base);
  }
  if (reciprocal)
    acc = prims::binary(ev, OpKind::Div,
                        prims::full(ev, t.shape, Value::integer(1), t.dtype, t.weak),
                        acc);
  return acc;
}

Value power(Evaluator &ev, const Value &a, const Value &b) {
  checkLaxShapes(OpKind::Pow, a, b);
  // A static integer exponent uses integer_pow (when the base's type wins).
  if ((b.isInt() || b.isBool()) && a.isArrayValue()) {
    WeakDType r = promoteTypes(weakDTypeOf(a), weakDTypeOf(b));
    Value base = prims::convert(ev, a, r.dtype, r.weak);
    return integerPow(ev, base, b.asInt());
  }
  auto ops = promoteAndBroadcast(ev, {a, b});
  DType dt = prims::dtypeOf(ops[0]);
  if (dt == DType::Bool)
    raise("TypeError", "power does not support boolean inputs");
  return prims::binary(ev, OpKind::Pow, ops[0], ops[1]);
}

Value divideTrue(Evaluator &ev, const Value &a, const Value &b) {
  return binaryUfunc(ev, OpKind::Div, a, b, /*inexact=*/true);
}

Value subtract(Evaluator &ev, const Value &a, const Value &b) {
  checkLaxShapes(OpKind::Sub, a, b);
  auto ops = promoteAndBroadcast(ev, {a, b});
  if (prims::dtypeOf(ops[0]) == DType::Bool)
    raise("TypeError",
          "numpy boolean subtract, the `-` operator, is not supported, use the "
          "bitwise_xor, the `^` operator, or the logical_xor function instead.");
  return prims::binary(ev, OpKind::Sub, ops[0], ops[1]);
}

Value shift(Evaluator &ev, const Value &a, const Value &b, bool left) {
  checkLaxShapes(left ? OpKind::ShiftLeft
                 : isUnsigned(prims::dtypeOf(a)) ? OpKind::ShiftRightLogical
                                                 : OpKind::ShiftRightArithmetic,
                 a, b);
  auto ops = promoteAndBroadcast(ev, {a, b});
  requireIntOrBool(ops[0], left ? "left_shift" : "right_shift");
  DType dt = prims::dtypeOf(ops[0]);
  OpKind k = left ? OpKind::ShiftLeft
                  : isUnsigned(dt) ? OpKind::ShiftRightLogical
                                   : OpKind::ShiftRightArithmetic;
  return prims::binary(ev, k, ops[0], ops[1]);
}

Value bitwise(Evaluator &ev, OpKind k, const Value &a, const Value &b,
              const char *name) {
  checkLaxShapes(k, a, b);
  auto ops = promoteAndBroadcast(ev, {a, b});
  requireIntOrBool(ops[0], name);
  return prims::binary(ev, k, ops[0], ops[1]);
}

Value logical(Evaluator &ev, OpKind k, const Value &a, const Value &b) {
  Value x = prims::convert(ev, asarray(ev, a, std::nullopt), DType::Bool);
  Value y = prims::convert(ev, asarray(ev, b, std::nullopt), DType::Bool);
  checkLaxShapes(k, x, y);
  auto ops = promoteAndBroadcast(ev, {x, y});
  return prims::binary(ev, k, ops[0], ops[1]);
}

/// Unary float functions: ints and bools become float32 first.
Value unaryInexact(Evaluator &ev, OpKind k, const Value &x) {
  WeakDType t = toInexact(weakDTypeOf(x));
  return prims::unary(ev, k, prims::convert(ev, x, t.dtype, t.weak));
}

Value negative(Evaluator &ev, const Value &x) {
  if (prims::dtypeOf(x) == DType::Bool)
    raise("TypeError",
          "The numpy boolean negative, the `-` operator, is not supported, use "
          "the `~` operator or the logical_not function instead.");
  Value v = x.isNumber() ? asarray(ev, x, std::nullopt) : x;
  return prims::unary(ev, OpKind::Neg, v);
}

Value roundTo(Evaluator &ev, const Value &x, int64_t decimals) {
  Value v = asarray(ev, x, std::nullopt);
  DType dt = prims::dtypeOf(v);
  if (!isFloat(dt)) {
    if (decimals >= 0)
      return v;
    raise("NotImplementedError", "jnp.round of integers with negative decimals "
                                 "is not part of parax");
  }
  if (decimals == 0)
    return prims::unary(ev, OpKind::Round, v);
  // JAX: round(x * 10**d) / 10**d, computed in float32 for 16-bit floats.
  TensorType t = prims::typeOf(v);
  DType comp = t.dtype == DType::F64 ? DType::F64 : DType::F32;
  Value w = prims::convert(ev, v, comp, t.weak);
  Value factor = prims::full(ev, t.shape, Value::floating(std::pow(10.0, double(decimals))),
                             comp, t.weak);
  Value r = prims::binary(ev, OpKind::Div,
                          prims::unary(ev, OpKind::Round,
                                       prims::binary(ev, OpKind::Mul, w, factor)),
                          factor);
  return prims::convert(ev, r, t.dtype, t.weak);
}
} // namespace

Value binary(Evaluator &ev, BinOpKind op, const Value &a, const Value &b) {
  switch (op) {
  case BinOpKind::Add: return binaryUfunc(ev, OpKind::Add, a, b);
  case BinOpKind::Sub: return subtract(ev, a, b);
  case BinOpKind::Mul: return binaryUfunc(ev, OpKind::Mul, a, b);
  case BinOpKind::Div: return divideTrue(ev, a, b);
  case BinOpKind::FloorDiv: return binaryUfunc(ev, OpKind::FloorDiv, a, b);
  case BinOpKind::Mod: return binaryUfunc(ev, OpKind::Mod, a, b);
  case BinOpKind::Pow: return power(ev, a, b);
  case BinOpKind::MatMul: return callByName(ev, "matmul", {a, b});
  case BinOpKind::BitAnd: return bitwise(ev, OpKind::And, a, b, "bitwise_and");
  case BinOpKind::BitOr: return bitwise(ev, OpKind::Or, a, b, "bitwise_or");
  case BinOpKind::BitXor: return bitwise(ev, OpKind::Xor, a, b, "bitwise_xor");
  case BinOpKind::LShift: return shift(ev, a, b, true);
  case BinOpKind::RShift: return shift(ev, a, b, false);
  }
  raise("TypeError", "unsupported operand");
}

Value unary(Evaluator &ev, UnaryOpKind op, const Value &a) {
  switch (op) {
  case UnaryOpKind::Neg: return negative(ev, a);
  case UnaryOpKind::Pos: return a;
  case UnaryOpKind::Invert:
    requireIntOrBool(a, "invert");
    return prims::unary(ev, OpKind::Not, a);
  case UnaryOpKind::Not:
    break;
  }
  raise("TypeError", "unsupported unary operand");
}

Value compare(Evaluator &ev, CmpOpKind op, const Value &a, const Value &b) {
  OpKind k;
  switch (op) {
  case CmpOpKind::Eq: k = OpKind::Eq; break;
  case CmpOpKind::NotEq: k = OpKind::Ne; break;
  case CmpOpKind::Lt: k = OpKind::Lt; break;
  case CmpOpKind::LtE: k = OpKind::Le; break;
  case CmpOpKind::Gt: k = OpKind::Gt; break;
  case CmpOpKind::GtE: k = OpKind::Ge; break;
  default:
    raise("TypeError", std::string("'") + cmpOpSymbol(op) +
                           "' is not supported on arrays");
  }
  checkLaxShapes(k, a, b);
  auto ops = promoteAndBroadcast(ev, {a, b});
  return prims::compare(ev, k, ops[0], ops[1]);
}

Value where3(Evaluator &ev, const Value &c, const Value &x, const Value &y) {
  Value cond = prims::convert(ev, asarray(ev, c, std::nullopt), DType::Bool);
  auto xy = promoteAndBroadcast(ev, {x, y});
  Shape shape = broadcastShapes({prims::shapeOf(cond), prims::shapeOf(xy[0])});
  // Operands of one shape reach JAX's select as they are (no broadcast
  // gives them a common split): its sharding rule applies.
  if (prims::shapeOf(cond) == prims::shapeOf(xy[0]) &&
      prims::shapeOf(asarray(ev, x, std::nullopt)) == shape &&
      prims::shapeOf(asarray(ev, y, std::nullopt)) == shape)
    sharding::checkSelect(cond, {xy[0], xy[1]});
  return prims::select(ev, prims::broadcastTo(ev, cond, shape),
                       prims::broadcastTo(ev, xy[0], shape),
                       prims::broadcastTo(ev, xy[1], shape));
}

void registerJnpElementwise(Evaluator &ev, ModuleObject &m) {
  struct Bin {
    const char *name;
    OpKind kind;
    bool inexact;
  };
  for (Bin b : {Bin{"add", OpKind::Add, false}, Bin{"multiply", OpKind::Mul, false},
                Bin{"maximum", OpKind::Max, false}, Bin{"minimum", OpKind::Min, false},
                Bin{"floor_divide", OpKind::FloorDiv, false},
                Bin{"remainder", OpKind::Mod, false}, Bin{"mod", OpKind::Mod, false},
                Bin{"fmod", OpKind::Rem, false},
                Bin{"arctan2", OpKind::Atan2, true}, Bin{"atan2", OpKind::Atan2, true}}) {
    m.def(b.name, [b](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 2, 2, b.name);
      return binaryUfunc(ev, b.kind, a.args[0], a.args[1], b.inexact);
    });
  }
  auto def2 = [&](const char *name, Value (*fn)(Evaluator &, const Value &, const Value &)) {
    m.def(name, [name, fn](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 2, 2, name);
      return fn(ev, a.args[0], a.args[1]);
    });
  };
  def2("subtract", subtract);
  def2("divide", divideTrue);
  def2("true_divide", divideTrue);
  def2("power", power);
  def2("pow", power);
  def2("left_shift", [](Evaluator &ev, const Value &a, const Value &b) { return shift(ev, a, b, true); });
  def2("right_shift", [](Evaluator &ev, const Value &a, const Value &b) { return shift(ev, a, b, false); });
  def2("bitwise_and", [](Evaluator &ev, const Value &a, const Value &b) { return bitwise(ev, OpKind::And, a, b, "bitwise_and"); });
  def2("bitwise_or", [](Evaluator &ev, const Value &a, const Value &b) { return bitwise(ev, OpKind::Or, a, b, "bitwise_or"); });
  def2("bitwise_xor", [](Evaluator &ev, const Value &a, const Value &b) { return bitwise(ev, OpKind::Xor, a, b, "bitwise_xor"); });
  def2("logical_and", [](Evaluator &ev, const Value &a, const Value &b) { return logical(ev, OpKind::And, a, b); });
  def2("logical_or", [](Evaluator &ev, const Value &a, const Value &b) { return logical(ev, OpKind::Or, a, b); });
  def2("logical_xor", [](Evaluator &ev, const Value &a, const Value &b) { return logical(ev, OpKind::Xor, a, b); });
  struct Cmp {
    const char *name;
    CmpOpKind op;
  };
  for (Cmp c : {Cmp{"equal", CmpOpKind::Eq}, Cmp{"not_equal", CmpOpKind::NotEq},
                Cmp{"less", CmpOpKind::Lt}, Cmp{"less_equal", CmpOpKind::LtE},
                Cmp{"greater", CmpOpKind::Gt}, Cmp{"greater_equal", CmpOpKind::GtE}})
    m.def(c.name, [c](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 2, 2, c.name);
      return compare(ev, c.op, a.args[0], a.args[1]);
    });

  struct Un {
    const char *name;
    OpKind kind;
  };
  for (Un u : {Un{"exp", OpKind::Exp}, Un{"exp2", OpKind::Exp2}, Un{"log", OpKind::Log},
               Un{"log1p", OpKind::Log1p}, Un{"expm1", OpKind::Expm1},
               Un{"sqrt", OpKind::Sqrt}, Un{"cbrt", OpKind::Cbrt},
               Un{"sin", OpKind::Sin}, Un{"cos", OpKind::Cos}, Un{"tan", OpKind::Tan},
               Un{"arcsin", OpKind::Asin}, Un{"arccos", OpKind::Acos},
               Un{"arctan", OpKind::Atan}, Un{"asin", OpKind::Asin},
               Un{"acos", OpKind::Acos}, Un{"atan", OpKind::Atan},
               Un{"sinh", OpKind::Sinh}, Un{"cosh", OpKind::Cosh},
               Un{"tanh", OpKind::Tanh}, Un{"arcsinh", OpKind::Asinh},
               Un{"arccosh", OpKind::Acosh}, Un{"arctanh", OpKind::Atanh},
               Un{"floor", OpKind::Floor}, Un{"ceil", OpKind::Ceil}}) {
    bool intIdentity = u.kind == OpKind::Floor || u.kind == OpKind::Ceil;
    m.def(u.name, [u, intIdentity](Evaluator &ev, CallArgs &a) {
      // floor/ceil of integers and bools return them unchanged (JAX).
      if (intIdentity && a.args.size() == 1 &&
          !isFloat(prims::dtypeOf(asarray(ev, a.args[0], std::nullopt))))
        return asarray(ev, a.args[0], std::nullopt);
      expectPositional(a, 1, 1, u.name);
      return unaryInexact(ev, u.kind, a.args[0]);
    });
  }
  m.def("trunc", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "trunc");
    Value x = asarray(ev, a.args[0], std::nullopt);
    if (!isFloat(prims::dtypeOf(x)))
      return x;
    // trunc(x) = where(x < 0, ceil(x), floor(x))
    Value zero = prims::full(ev, prims::shapeOf(x), Value::integer(0), prims::dtypeOf(x));
    return prims::select(ev, prims::compare(ev, OpKind::Lt, x, zero),
                         prims::unary(ev, OpKind::Ceil, x),
                         prims::unary(ev, OpKind::Floor, x));
  });
  auto logBase = [](double base) {
    return [base](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 1, "log");
      WeakDType t = toInexact(weakDTypeOf(a.args[0]));
      Value x = prims::convert(ev, a.args[0], t.dtype, t.weak);
      Value lx = prims::unary(ev, OpKind::Log, x);
      Value lb = prims::unary(ev, OpKind::Log,
                              prims::full(ev, prims::shapeOf(x), Value::floating(base),
                                          t.dtype, t.weak));
      return prims::binary(ev, OpKind::Div, lx, lb);
    };
  };
  m.def("log2", logBase(2.0));
  m.def("log10", logBase(10.0));
  m.def("negative", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "negative");
    return negative(ev, a.args[0]);
  });
  m.def("positive", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "positive");
    return asarray(ev, a.args[0], std::nullopt);
  });
  m.def("abs", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "abs");
    Value x = asarray(ev, a.args[0], std::nullopt);
    DType dt = prims::dtypeOf(x);
    if (dt == DType::Bool || isUnsigned(dt))
      return x;
    return prims::unary(ev, OpKind::Abs, x);
  });
  m.def("absolute", [](Evaluator &ev, CallArgs &a) { return callByName(ev, "abs", a.args); });
  m.def("sign", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "sign");
    Value x = asarray(ev, a.args[0], std::nullopt);
    if (prims::dtypeOf(x) == DType::Bool)
      return x;
    return prims::unary(ev, OpKind::Sign, x);
  });
  m.def("square", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "square");
    return integerPow(ev, asarray(ev, a.args[0], std::nullopt), 2);
  });
  m.def("reciprocal", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "reciprocal");
    Value x = asarray(ev, a.args[0], std::nullopt);
    return integerPow(ev, x, -1);
  });
  m.def("round", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "round");
    const Value *d = a.get(1, "decimals");
    return roundTo(ev, a.args[0], d ? ev.toIndex(*d, "decimals") : 0);
  });
  m.def("around", [](Evaluator &ev, CallArgs &a) { return callByName(ev, "round", a.args); });
  m.def("rint", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "rint");
    return unaryInexact(ev, OpKind::Round, a.args[0]);
  });
  m.def("logical_not", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "logical_not");
    return prims::unary(ev, OpKind::Not,
                        prims::convert(ev, asarray(ev, a.args[0], std::nullopt), DType::Bool));
  });
  m.def("invert", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "invert");
    return unary(ev, UnaryOpKind::Invert, asarray(ev, a.args[0], std::nullopt));
  });
  m.def("bitwise_not", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "bitwise_not");
    return unary(ev, UnaryOpKind::Invert, asarray(ev, a.args[0], std::nullopt));
  });
  m.def("isfinite", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "isfinite");
    Value x = asarray(ev, a.args[0], std::nullopt);
    if (!isFloat(prims::dtypeOf(x)))
      return prims::full(ev, prims::shapeOf(x), Value::boolean(true), DType::Bool);
    return prims::unary(ev, OpKind::IsFinite, x);
  });
  m.def("isnan", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "isnan");
    Value x = asarray(ev, a.args[0], std::nullopt);
    return prims::compare(ev, OpKind::Ne, x, x);
  });
  m.def("isinf", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "isinf");
    Value x = asarray(ev, a.args[0], std::nullopt);
    if (!isFloat(prims::dtypeOf(x)))
      return prims::full(ev, prims::shapeOf(x), Value::boolean(false), DType::Bool);
    Value absx = prims::unary(ev, OpKind::Abs, x);
    Value inf = prims::full(ev, prims::shapeOf(x), Value::floating(INFINITY),
                            prims::dtypeOf(x));
    return prims::compare(ev, OpKind::Eq, absx, inf);
  });
  m.def("where", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() == 1) {
      // where(condition, *, size=, fill_value=) is nonzero(condition, ...).
      expectKeywords(a, {"size", "fill_value"}, "where");
      CallArgs b = a;
      return ev.call(ev.getAttr(ev.importModule("jax.numpy", a.loc), "nonzero", a.loc), b);
    }
    expectPositional(a, 3, 3, "where");
    return where3(ev, a.args[0], a.args[1], a.args[2]);
  });
  m.def("clip", [](Evaluator &ev, CallArgs &a) {
    if (a.args.empty())
      raise("TypeError", "clip() missing required argument 'arr'");
    Value x = asarray(ev, a.args[0], std::nullopt);
    const Value *lo = a.get(1, "min");
    const Value *hi = a.get(2, "max");
    if (!lo)
      lo = a.get(99, "a_min");
    if (!hi)
      hi = a.get(99, "a_max");
    if (lo && !lo->isNone())
      x = binaryUfunc(ev, OpKind::Max, *lo, x);
    if (hi && !hi->isNone())
      x = binaryUfunc(ev, OpKind::Min, *hi, x);
    return x;
  });
  // logaddexp / logaddexp2 (JAX lax_other): amax + log1p(exp(-|x1 - x2|)),
  // and x1 + x2 where the difference is NaN (NaNs, same-signed infinities).
  for (bool base2 : {false, true}) {
    const char *name = base2 ? "logaddexp2" : "logaddexp";
    m.def(name, [base2, name](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 2, 2, name);
      auto ops = promoteAndBroadcast(ev, {a.args[0], a.args[1]}, true);
      const Value &x1 = ops[0], &x2 = ops[1];
      TensorType t = prims::typeOf(x1);
      // max and -|delta| as selects of smooth branches (same values): the
      // derivative then goes through one branch, so it is smooth at ties
      // too (max's and abs's kinks would cancel in the first derivative
      // but lose the second).
      Value delta = prims::binary(ev, OpKind::Sub, x1, x2);
      Value ge = prims::compare(ev, OpKind::Ge, x1, x2);
      Value amax = prims::select(ev, ge, x1, x2);
      Value negAbs = prims::select(ev, ge, prims::binary(ev, OpKind::Sub, x2, x1), delta);
      Value e = prims::unary(ev, base2 ? OpKind::Exp2 : OpKind::Exp, negAbs);
      Value l = prims::unary(ev, OpKind::Log1p, e);
      if (base2)
        l = prims::binary(ev, OpKind::Mul,
                          prims::full(ev, t.shape, Value::floating(1 / M_LN2), t.dtype, t.weak), l);
      return prims::select(ev, prims::compare(ev, OpKind::Ne, delta, delta),
                           prims::binary(ev, OpKind::Add, x1, x2),
                           prims::binary(ev, OpKind::Add, amax, l));
    });
  }
  m.def("isclose", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 4, "isclose");
    double rtol = 1e-5, atol = 1e-8;
    if (const Value *r = a.get(2, "rtol"))
      rtol = r->asFloat();
    if (const Value *t = a.get(3, "atol"))
      atol = t->asFloat();
    auto ops = promoteAndBroadcast(ev, {a.args[0], a.args[1]}, true);
    Value diff = prims::unary(ev, OpKind::Abs, prims::binary(ev, OpKind::Sub, ops[0], ops[1]));
    TensorType t = prims::typeOf(ops[0]);
    Value tol = prims::binary(
        ev, OpKind::Add, prims::full(ev, t.shape, Value::floating(atol), t.dtype, t.weak),
        prims::binary(ev, OpKind::Mul,
                      prims::full(ev, t.shape, Value::floating(rtol), t.dtype, t.weak),
                      prims::unary(ev, OpKind::Abs, ops[1])));
    Value close = prims::compare(ev, OpKind::Le, diff, tol);
    Value same = prims::compare(ev, OpKind::Eq, ops[0], ops[1]);
    return prims::binary(ev, OpKind::Or, close, same);
  });
  m.def("allclose", [](Evaluator &ev, CallArgs &a) {
    // rtol/atol may come by keyword: pass the call's arguments on whole.
    Value c = ev.call(ev.getAttr(ev.importModule("jax.numpy", {}), "isclose", {}), a);
    return callByName(ev, "all", {c});
  });
}

} // namespace parax::frontend::jnp
