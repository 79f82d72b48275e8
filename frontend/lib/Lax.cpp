//===- Lax.cpp - the jax.lax module: collectives and primitives -----------===//
//
// Collectives resolve their axis name against the enclosing pmap traces;
// values that do not vary over the axis (Python scalars, closed-over
// constants) take JAX's constant path (psum(c) = N * c) without
// communication. The lax elementwise functions require equal dtypes (Python
// scalars adopt the other operand's), unlike jnp which promotes.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Lax.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Pytree.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/sharding/Rules.h"

#include <algorithm>
#include <set>

namespace parax::frontend::lax {

using ir::OpKind;

TraceContext &resolveAxis(Evaluator &ev, const Value &axisName,
                          const std::string &op) {
  Value name = axisName;
  if (name.isSequence()) {
    if (name.elements().size() != 1)
      raise("NotImplementedError",
            op + " over several axis names needs nested pmap, which is not part of parax");
    name = name.elements()[0];
  }
  std::string key = name.isStr() ? name.asStr() : ev.repr(name);
  std::vector<std::string> bound;
  const auto &traces = ev.traceStack();
  for (size_t i = traces.size(); i-- > 0;) {
    if (traces[i]->axisName.empty())
      continue;
    if (traces[i]->axisName == key)
      return *traces[i];
    bound.push_back(traces[i]->axisName);
  }
  // JAX's words; what parax knows about the enclosing maps goes in the hint.
  std::string primitive = op.substr(op.rfind('.') + 1); // lax.psum -> psum
  std::string msg = "Found an unbound axis name: " + key + ". To fix this, please call " +
                    primitive + " under `jax.shard_map`.";
  std::string hint;
  if (bound.empty()) {
    hint = "no enclosing pmap binds an axis name here: " + op +
           " must be called inside a function mapped with jax.pmap(f, axis_name='" + key + "')";
  } else {
    std::string list;
    for (auto &b : bound)
      list += (list.empty() ? "'" : ", '") + b + "'";
    hint = "the enclosing pmap binds " + list;
    if (bound.size() == 1 && bound[0] == kDefaultAxisName())
      hint = "pmap was called without axis_name; pass axis_name='" + key + "' to jax.pmap";
    std::string close = closestName(key, bound);
    if (!close.empty())
      hint = "did you mean '" + close + "'? (the enclosing pmap binds " + list + ")";
  }
  raise("NameError", msg, hint);
}

const std::string &kDefaultAxisName() {
  static const std::string n = "_internal_pmap_axis_name";
  return n;
}

namespace {

/// The eager (disable_jit) pmap device binding `axisName`, if any.
const Evaluator::EagerAxis *eagerAxis(Evaluator &ev, const Value &axisName) {
  Value name = axisName;
  if (name.isSequence() && name.elements().size() == 1)
    name = name.elements()[0];
  if (!name.isStr())
    return nullptr;
  for (auto it = ev.eagerAxes.rbegin(); it != ev.eagerAxes.rend(); ++it)
    if (it->name == name.asStr())
      return &*it;
  return nullptr;
}

/// Collectives cannot run when pmap's devices run one after another.
void rejectEagerCollective(Evaluator &ev, const Value &axisName, const char *op,
                           const Value &x) {
  const Evaluator::EagerAxis *e = eagerAxis(ev, axisName);
  if (!e)
    return;
  bool mapped = false;
  std::vector<Value> leaves;
  flatten(ev, x, leaves);
  for (const Value &l : leaves)
    mapped |= l.isArrayValue();
  if (!mapped && std::string(op) != "all_gather" && std::string(op) != "ppermute")
    return; // a Python scalar takes the constant path
  raise("NotImplementedError",
        std::string("lax.") + op + " needs every device at once, but under "
        "jax.disable_jit() parax runs the devices of a pmap one after another",
        "remove `with jax.disable_jit():` around this pmap and inspect values "
        "with jax.debug.print inside the compiled function");
}

/// Applies `fn` to every leaf of a pytree.
Value mapLeaves(Evaluator &ev, const Value &tree,
                const std::function<Value(const Value &)> &fn) {
  std::vector<Value> leaves;
  TreeDef def = flatten(ev, tree, leaves);
  for (Value &l : leaves)
    l = fn(l);
  return unflatten(def, leaves);
}

Value psumLeaf(Evaluator &ev, TraceContext &axis, const Value &x, OpKind k) {
  if (!x.isArrayLike())
    raise("TypeError", "psum of a non-array value of type " + typeName(x));
  if (!x.isTracer()) {
    // The value is the same on every device: no communication needed.
    if (k != OpKind::Psum)
      return x;
    if (x.isBool())
      return Value::integer(int64_t(x.asBool()) * axis.axisSize);
    if (x.isNumber())
      return ev.binary(BinOpKind::Mul, x, Value::integer(axis.axisSize), {});
    Value v = x;
    if (prims::dtypeOf(v) == DType::Bool)
      v = prims::convert(ev, v, DType::I32);
    return jnp::binary(ev, BinOpKind::Mul, v, Value::integer(axis.axisSize));
  }
  Value v = x;
  if (k == OpKind::Psum && prims::dtypeOf(v) == DType::Bool)
    v = prims::convert(ev, v, DType::I32);
  return bind1(ev, k, {v}, ir::Attrs{{"axis_name", axis.axisName}}, prims::typeOf(v));
}

/// JAX's collectives take axis_index_groups; parax runs every collective
/// over the whole axis.
void rejectAxisIndexGroups(const CallArgs &a, const char *name) {
  Value g = argOr(a, 99, "axis_index_groups");
  if (!g.isNone())
    raise("NotImplementedError", std::string("lax.") + name +
                                     "(axis_index_groups=...) is not supported by parax",
          "run the collective over the whole axis, or split the devices with nested pmaps");
}

Value collective(Evaluator &ev, CallArgs &a, OpKind k, const char *name) {
  bindArgs(a, {"x", "axis_name", "axis_index_groups"}, 2, name);
  rejectAxisIndexGroups(a, name);
  Value axisName = a.args[1];
  rejectEagerCollective(ev, axisName, name, a.args[0]);
  if (const Evaluator::EagerAxis *e = eagerAxis(ev, axisName)) {
    // A value that is the same on every device (constant path).
    if (k != OpKind::Psum)
      return a.args[0];
    return mapLeaves(ev, a.args[0], [&](const Value &x) {
      return ev.binary(BinOpKind::Mul, x, Value::integer(e->size), a.loc);
    });
  }
  TraceContext &axis = resolveAxis(ev, axisName, std::string("lax.") + name);
  Value r = mapLeaves(ev, a.args[0], [&](const Value &x) { return psumLeaf(ev, axis, x, k); });
  return r;
}

Value allGather(Evaluator &ev, CallArgs &a) {
  bindArgs(a, {"x", "axis_name", "axis_index_groups", "axis", "tiled"}, 2, "all_gather");
  rejectAxisIndexGroups(a, "all_gather");
  rejectEagerCollective(ev, a.args[1], "all_gather", a.args[0]);
  TraceContext &axis = resolveAxis(ev, a.args[1], "lax.all_gather");
  int64_t axisArg = ev.toIndex(argOr(a, 3, "axis", Value::integer(0)), "axis");
  bool tiled = ev.truthy(argOr(a, 4, "tiled", Value::boolean(false)));
  return mapLeaves(ev, a.args[0], [&](const Value &leaf) {
    Value x = jnp::asarray(ev, leaf, std::nullopt);
    TensorType t = prims::typeOf(x);
    int64_t ax = prims::normalizeAxis(axisArg, tiled ? t.rank() : t.rank() + 1);
    Shape s = t.shape;
    if (tiled) {
      if (t.rank() == 0)
        raise("ValueError", "all_gather with tiled=True needs an operand of rank >= 1");
      s[size_t(ax)] = prims::extentMul(s[size_t(ax)], axis.axisSize);
    } else {
      s.insert(s.begin() + ax, axis.axisSize);
    }
    return bind1(ev, OpKind::AllGather, {x},
                 ir::Attrs{{"axis_name", axis.axisName}, {"axis", ax},
                           {"tiled", int64_t(tiled)}},
                 TensorType{t.dtype, s, t.weak});
  });
}

Value ppermute(Evaluator &ev, CallArgs &a) {
  bindArgs(a, {"x", "axis_name", "perm"}, 3, "ppermute");
  rejectEagerCollective(ev, a.args[1], "ppermute", a.args[0]);
  TraceContext &axis = resolveAxis(ev, a.args[1], "lax.ppermute");
  Value perm = argRequired(a, 2, "perm", "ppermute");
  if (!perm.isSequence())
    raise("TypeError", "`perm` passed to `jax.lax.ppermute` must be a list or a tuple. "
                       "Got perm of type " + typeName(perm));
  std::vector<int64_t> flat;
  std::set<int64_t> srcs, dsts;
  for (const Value &p : perm.elements()) {
    auto pair = ev.iterate(p, a.loc);
    if (pair.size() != 2)
      raise("ValueError", "ppermute perm entries must be (source, destination) pairs");
    int64_t s = ev.toIndex(pair[0], "ppermute source"), d = ev.toIndex(pair[1], "ppermute destination");
    if (s < 0 || s >= axis.axisSize || d < 0 || d >= axis.axisSize)
      raise("ValueError", "ppermute pair (" + std::to_string(s) + ", " + std::to_string(d) +
                              ") is out of range for axis '" + axis.axisName + "' of size " +
                              std::to_string(axis.axisSize));
    if (!srcs.insert(s).second || !dsts.insert(d).second)
      raise("ValueError", "ppermute sources and destinations must be unique, got " +
                              ev.repr(perm) + ".");
    flat.push_back(s);
    flat.push_back(d);
  }
  return mapLeaves(ev, a.args[0], [&](const Value &leaf) {
    Value x = jnp::asarray(ev, leaf, std::nullopt);
    return bind1(ev, OpKind::Ppermute, {x},
                 ir::Attrs{{"axis_name", axis.axisName}, {"perm", flat}}, prims::typeOf(x));
  });
}

/// lax binary ops: equal dtypes required; Python scalars adopt the other
/// operand's dtype; rank-0 operands broadcast.
Value laxBinary(Evaluator &ev, OpKind k, const Value &x, const Value &y,
                const char *name) {
  Value a = x, b = y;
  if (a.isNumber() && b.isArrayValue())
    a = prims::scalarAs(a, prims::dtypeOf(b), prims::typeOf(b).weak);
  if (b.isNumber() && a.isArrayValue())
    b = prims::scalarAs(b, prims::dtypeOf(a), prims::typeOf(a).weak);
  a = jnp::asarray(ev, a, std::nullopt);
  b = jnp::asarray(ev, b, std::nullopt);
  TensorType ta = prims::typeOf(a), tb = prims::typeOf(b);
  if (ta.dtype != tb.dtype)
    raise("TypeError", std::string("lax.") + name +
                           " requires arguments to have the same dtypes, got " +
                           std::string(dtypeName(ta.dtype)) + ", " +
                           std::string(dtypeName(tb.dtype)) + ".",
          "convert one side with .astype(...) or use jnp." + std::string(name) +
              ", which promotes");
  if (ta.shape != tb.shape) {
    if (ta.rank() == 0)
      a = prims::broadcastTo(ev, a, tb.shape);
    else if (tb.rank() == 0)
      b = prims::broadcastTo(ev, b, ta.shape);
    else
      raise("TypeError", std::string(name) + " got incompatible shapes for broadcasting: " +
                             shapeToPython(ta.shape) + ", " + shapeToPython(tb.shape) + ".");
  }
  if (ir::isComparison(k))
    return prims::compare(ev, k, a, b);
  return prims::binary(ev, k, a, b);
}

std::vector<Value> argList(Evaluator &ev, CallArgs &a, size_t from) {
  std::vector<Value> ops(a.args.begin() + long(std::min(from, a.args.size())), a.args.end());
  if (const Value *o = a.get(99, "operand"))
    ops.push_back(*o);
  return ops;
}
} // namespace

void registerLax(Evaluator &ev, ModuleObject &m) {
  m.def("fori_loop", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"lower", "upper", "body_fun", "init_val", "unroll"}, 4, "fori_loop");
    // unroll is a speed hint (the result is the same); JAX only accepts it
    // when the trip count is known at trace time.
    if (!argOr(a, 4, "unroll").isNone())
      for (const Value &bound : {a.args[0], a.args[1]})
        if (bound.isTracer())
          raise("ValueError", "Can only use `unroll` in `fori_loop` if the loop bounds are "
                              "statically known.",
                "pass the bounds as Python ints (static), or drop unroll=");
    return foriLoop(ev, a.args[0], a.args[1], a.args[2], a.args[3]);
  });
  m.def("scan", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"f", "init", "xs", "length", "reverse", "unroll", "_split_transpose"}, 2, "scan");
    return scan(ev, argRequired(a, 0, "f", "scan"), argRequired(a, 1, "init", "scan"),
                argOr(a, 2, "xs"), argOr(a, 3, "length"),
                ev.truthy(argOr(a, 4, "reverse", Value::boolean(false))));
  });
  m.def("while_loop", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"cond_fun", "body_fun", "init_val"}, 3, "while_loop");
    return whileLoop(ev, argRequired(a, 0, "cond_fun", "while_loop"),
                     argRequired(a, 1, "body_fun", "while_loop"),
                     argRequired(a, 2, "init_val", "while_loop"));
  });
  m.def("cond", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() < 3)
      raise("TypeError", "cond() missing required arguments: pred, true_fun, false_fun");
    return cond(ev, a.args[0], a.args[1], a.args[2], argList(ev, a, 3));
  });
  m.def("switch", [](Evaluator &ev, CallArgs &a) {
    if (a.args.size() < 2)
      raise("TypeError", "switch() missing required arguments: index, branches");
    if (!a.args[1].isSequence())
      raise("TypeError", "switch branches must be a sequence of callables");
    return switchOp(ev, a.args[0], a.args[1].elements(), argList(ev, a, 2));
  });
  m.def("select", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "select");
    Value p = jnp::asarray(ev, a.args[0], std::nullopt);
    Value t = jnp::asarray(ev, a.args[1], std::nullopt), f = jnp::asarray(ev, a.args[2], std::nullopt);
    TensorType tt = prims::typeOf(t), tf = prims::typeOf(f), tp = prims::typeOf(p);
    if (tt.shape != tf.shape)
      raise("TypeError", "select cases must have the same shapes, got [" +
                             shapeToPython(tt.shape) + ", " + shapeToPython(tf.shape) + "].");
    if (tt.dtype != tf.dtype)
      raise("TypeError", "lax.select requires arguments to have the same dtypes, got " +
                             std::string(dtypeName(tf.dtype)) + ", " +
                             std::string(dtypeName(tt.dtype)) +
                             ". (Tip: jnp.where is a similar function that does automatic "
                             "type promotion on inputs).");
    if (tp.dtype != DType::Bool)
      raise("TypeError", "select `which` must be boolean, got " + tp.str());
    if (tp.rank() != 0 && tp.shape != tt.shape)
      raise("TypeError", "select `which` must be scalar or have the same shape as cases, "
                         "got `which` shape " + shapeToPython(tp.shape) +
                             " but case shape " + shapeToPython(tt.shape) + ".");
    sharding::checkSelect(p, {t, f});
    return prims::select(ev, prims::broadcastTo(ev, p, tt.shape), t, f);
  });
  // Collectives.
  m.def("psum", [](Evaluator &ev, CallArgs &a) { return collective(ev, a, OpKind::Psum, "psum"); });
  m.def("pmax", [](Evaluator &ev, CallArgs &a) { return collective(ev, a, OpKind::Pmax, "pmax"); });
  m.def("pmin", [](Evaluator &ev, CallArgs &a) { return collective(ev, a, OpKind::Pmin, "pmin"); });
  m.def("pmean", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"x", "axis_name", "axis_index_groups"}, 2, "pmean");
    rejectAxisIndexGroups(a, "pmean");
    Value axisName = a.args[1];
    rejectEagerCollective(ev, axisName, "pmean", a.args[0]);
    if (eagerAxis(ev, axisName))
      return a.args[0];
    TraceContext &axis = resolveAxis(ev, axisName, "lax.pmean");
    return mapLeaves(ev, a.args[0], [&](const Value &x) {
      Value s = psumLeaf(ev, axis, x, OpKind::Psum);
      return ev.binary(BinOpKind::Div, s, Value::integer(axis.axisSize), a.loc);
    });
  });
  m.def("all_gather", [](Evaluator &ev, CallArgs &a) { return allGather(ev, a); });
  m.def("ppermute", [](Evaluator &ev, CallArgs &a) { return ppermute(ev, a); });
  m.def("axis_index", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"axis_name"}, 1, "axis_index");
    if (const Evaluator::EagerAxis *e = eagerAxis(ev, argRequired(a, 0, "axis_name", "axis_index")))
      return Value::array(Array::scalarInt(DType::I32, e->index));
    TraceContext &axis = resolveAxis(ev, argRequired(a, 0, "axis_name", "axis_index"),
                                     "lax.axis_index");
    return bind1(ev, OpKind::AxisIndex, {}, ir::Attrs{{"axis_name", axis.axisName}},
                 TensorType{DType::I32, {}, false});
  });
  m.def("axis_size", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"axis_name"}, 1, "axis_size");
    if (const Evaluator::EagerAxis *e = eagerAxis(ev, argRequired(a, 0, "axis_name", "axis_size")))
      return Value::integer(e->size);
    TraceContext &axis = resolveAxis(ev, argRequired(a, 0, "axis_name", "axis_size"),
                                     "lax.axis_size");
    return Value::integer(axis.axisSize);
  });

  // Elementwise lax functions.
  struct Bin {
    const char *name;
    OpKind kind;
  };
  for (Bin b : {Bin{"add", OpKind::Add}, Bin{"sub", OpKind::Sub}, Bin{"mul", OpKind::Mul},
                Bin{"div", OpKind::Div}, Bin{"rem", OpKind::Rem}, Bin{"pow", OpKind::Pow},
                Bin{"max", OpKind::Max}, Bin{"min", OpKind::Min},
                Bin{"atan2", OpKind::Atan2}, Bin{"bitwise_and", OpKind::And},
                Bin{"bitwise_or", OpKind::Or}, Bin{"bitwise_xor", OpKind::Xor},
                Bin{"shift_left", OpKind::ShiftLeft},
                Bin{"shift_right_logical", OpKind::ShiftRightLogical},
                Bin{"shift_right_arithmetic", OpKind::ShiftRightArithmetic},
                Bin{"eq", OpKind::Eq}, Bin{"ne", OpKind::Ne}, Bin{"lt", OpKind::Lt},
                Bin{"le", OpKind::Le}, Bin{"gt", OpKind::Gt}, Bin{"ge", OpKind::Ge}})
    m.def(b.name, [b](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 2, 2, b.name);
      return laxBinary(ev, b.kind, a.args[0], a.args[1], b.name);
    });
  struct Un {
    const char *name;
    OpKind kind;
    bool floatOnly;
  };
  for (Un u : {Un{"neg", OpKind::Neg, false}, Un{"abs", OpKind::Abs, false},
               Un{"sign", OpKind::Sign, false}, Un{"floor", OpKind::Floor, true},
               Un{"ceil", OpKind::Ceil, true},
               Un{"exp", OpKind::Exp, true}, Un{"exp2", OpKind::Exp2, true},
               Un{"log", OpKind::Log, true},
               Un{"log1p", OpKind::Log1p, true}, Un{"expm1", OpKind::Expm1, true},
               Un{"sqrt", OpKind::Sqrt, true}, Un{"rsqrt", OpKind::Rsqrt, true},
               Un{"cbrt", OpKind::Cbrt, true},
               Un{"sin", OpKind::Sin, true}, Un{"cos", OpKind::Cos, true},
               Un{"tan", OpKind::Tan, true}, Un{"asin", OpKind::Asin, true},
               Un{"acos", OpKind::Acos, true}, Un{"atan", OpKind::Atan, true},
               Un{"sinh", OpKind::Sinh, true}, Un{"cosh", OpKind::Cosh, true},
               Un{"tanh", OpKind::Tanh, true}, Un{"asinh", OpKind::Asinh, true},
               Un{"acosh", OpKind::Acosh, true}, Un{"atanh", OpKind::Atanh, true},
               Un{"logistic", OpKind::Logistic, true}, Un{"erf", OpKind::Erf, true},
               Un{"erf_inv", OpKind::ErfInv, true}, Un{"bitwise_not", OpKind::Not, false},
               Un{"is_finite", OpKind::IsFinite, true}})
    m.def(u.name, [u](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 1, u.name);
      Value x = jnp::asarray(ev, a.args[0], std::nullopt);
      if (u.floatOnly && !isFloat(prims::dtypeOf(x)))
        raise("TypeError", std::string("lax.") + u.name +
                               " does not accept dtype " +
                               std::string(dtypeName(prims::dtypeOf(x))) +
                               ". Accepted dtypes are subtypes of floating.");
      return prims::unary(ev, u.kind, x);
    });
  // lax.round(x, rounding_method=AWAY_FROM_ZERO): the IR round op is half to
  // even, so AWAY_FROM_ZERO moves the ties it rounded towards zero one unit
  // outwards (x - round_even(x) is exact, so the tie test is exact).
  auto roundingMethods = std::make_shared<ModuleObject>("jax.lax.RoundingMethod");
  roundingMethods->set("AWAY_FROM_ZERO", Value::integer(0));
  roundingMethods->set("TO_NEAREST_EVEN", Value::integer(1));
  m.set("RoundingMethod", Value::object(Value::Kind::Native, roundingMethods));
  m.def("round", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "round");
    expectKeywords(a, {"x", "rounding_method"}, "round");
    Value x = jnp::asarray(ev, argRequired(a, 0, "x", "round"), std::nullopt);
    DType dt = prims::dtypeOf(x);
    if (!isFloat(dt))
      raise("TypeError", "lax.round does not accept dtype " + std::string(dtypeName(dt)) +
                             ". Accepted dtypes are subtypes of floating.");
    int64_t method = ev.toIndex(argOr(a, 1, "rounding_method", Value::integer(0)),
                                "rounding_method");
    if (method != 0 && method != 1)
      raise("ValueError", "lax.round: unknown rounding_method " + std::to_string(method));
    Value t = prims::unary(ev, OpKind::Round, x);
    if (method == 1)
      return t;
    Shape shape = prims::shapeOf(x);
    Value d = prims::binary(ev, OpKind::Sub, x, t);
    Value half = prims::full(ev, shape, Value::floating(0.5), dt);
    Value mhalf = prims::full(ev, shape, Value::floating(-0.5), dt);
    Value zero = prims::full(ev, shape, Value::floating(0.0), dt);
    Value up = prims::binary(ev, OpKind::And, prims::compare(ev, OpKind::Eq, d, half),
                             prims::compare(ev, OpKind::Gt, x, zero));
    Value down = prims::binary(ev, OpKind::And, prims::compare(ev, OpKind::Eq, d, mhalf),
                               prims::compare(ev, OpKind::Lt, x, zero));
    Value tie = prims::binary(ev, OpKind::Or, up, down);
    Value away = prims::binary(ev, OpKind::Add, t, prims::binary(ev, OpKind::Add, d, d));
    return prims::select(ev, tie, away, t);
  });
  m.def("square", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "square");
    Value x = jnp::asarray(ev, a.args[0], std::nullopt);
    return prims::binary(ev, OpKind::Mul, x, x);
  });
  m.def("integer_pow", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "integer_pow");
    return jnp::binary(ev, BinOpKind::Pow, jnp::asarray(ev, a.args[0], std::nullopt),
                       Value::integer(ev.toIndex(a.args[1], "y")));
  });
  m.def("clamp", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "clamp");
    Value x = jnp::asarray(ev, a.args[1], std::nullopt);
    Value lo = laxBinary(ev, OpKind::Max, a.args[0], x, "clamp");
    return laxBinary(ev, OpKind::Min, a.args[2], lo, "clamp");
  });
  m.def("convert_element_type", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "convert_element_type");
    auto dt = jnp::dtypeArg(ev, argRequired(a, 1, "new_dtype", "convert_element_type"));
    return prims::convert(ev, jnp::asarray(ev, a.args[0], std::nullopt), *dt);
  });
  m.def("bitcast_convert_type", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "bitcast_convert_type");
    auto dt = jnp::dtypeArg(ev, a.args[1]);
    Value x = jnp::asarray(ev, a.args[0], std::nullopt);
    if (dtypeSize(prims::dtypeOf(x)) != dtypeSize(*dt))
      raise("TypeError", "bitcast_convert_type between types of different widths is not part of parax");
    return prims::bitcastConvert(ev, x, *dt);
  });
  m.def("iota", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "iota");
    auto dt = jnp::dtypeArg(ev, a.args[0]);
    return prims::iota(ev, *dt, {ev.toIndex(a.args[1], "size")}, 0);
  });
  m.def("broadcasted_iota", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "broadcasted_iota");
    auto dt = jnp::dtypeArg(ev, a.args[0]);
    Shape s = jnp::shapeArg(ev, a.args[1], "broadcasted_iota");
    return prims::iota(ev, *dt, s, prims::normalizeAxis(ev.toIndex(a.args[2], "dimension"),
                                                        int64_t(s.size())));
  });
  m.def("broadcast_in_dim", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "broadcast_in_dim");
    Value x = jnp::asarray(ev, a.args[0], std::nullopt);
    Shape s = jnp::shapeArg(ev, a.args[1], "broadcast_in_dim");
    std::vector<int64_t> dims;
    for (const Value &d : ev.iterate(a.args[2], a.loc))
      dims.push_back(ev.toIndex(d, "broadcast_dimensions"));
    TensorType t = prims::typeOf(x);
    if (dims.size() != size_t(t.rank()))
      raise("TypeError", "broadcast_in_dim broadcast_dimensions must have length equal to operand ndim");
    for (size_t i = 0; i < dims.size(); ++i)
      if (dims[i] < 0 || dims[i] >= int64_t(s.size()) ||
          (t.shape[i] != 1 && t.shape[i] != s[size_t(dims[i])]))
        raise("TypeError", "broadcast_in_dim operand dimension sizes must either be 1, or "
                           "be equal to their corresponding dimensions in the target broadcast shape");
    return prims::broadcastInDim(ev, x, s, dims);
  });
  m.def("dynamic_slice", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "dynamic_slice");
    Value x = jnp::asarray(ev, a.args[0], std::nullopt);
    TensorType t = prims::typeOf(x);
    std::vector<Value> starts = ev.iterate(a.args[1], a.loc);
    std::vector<int64_t> sizes;
    for (const Value &s : ev.iterate(a.args[2], a.loc))
      sizes.push_back(ev.toIndex(s, "slice_sizes"));
    if (starts.size() != size_t(t.rank()) || sizes.size() != size_t(t.rank()))
      raise("TypeError", "dynamic_slice: len(start_indices) and len(slice_sizes) must equal "
                         "the operand rank " + std::to_string(t.rank()));
    for (size_t i = 0; i < sizes.size(); ++i)
      if (sizes[i] < 0 || sizes[i] > t.shape[i])
        raise("TypeError", "slice slice_sizes must be less than or equal to operand shape, got "
                           "slice_sizes " + ev.repr(a.args[2]) + " for operand shape " +
                               shapeToPython(t.shape) + ".");
    return prims::dynamicSlice(ev, x, starts, sizes);
  });
  m.def("dynamic_update_slice", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 3, "dynamic_update_slice");
    Value x = jnp::asarray(ev, a.args[0], std::nullopt);
    Value u = jnp::asarray(ev, a.args[1], std::nullopt);
    TensorType t = prims::typeOf(x), tu = prims::typeOf(u);
    std::vector<Value> starts = ev.iterate(a.args[2], a.loc);
    if (tu.dtype != t.dtype)
      raise("TypeError", "dynamic_update_slice update must have the operand's dtype " +
                             std::string(dtypeName(t.dtype)) + ", got " +
                             std::string(dtypeName(tu.dtype)));
    if (tu.rank() != t.rank() || starts.size() != size_t(t.rank()))
      raise("TypeError", "dynamic_update_slice update and start indices must have the operand's rank");
    for (int64_t i = 0; i < t.rank(); ++i)
      if (tu.shape[size_t(i)] > t.shape[size_t(i)])
        raise("TypeError", "dynamic_update_slice update shape must be smaller than operand shape");
    return prims::dynamicUpdateSlice(ev, x, u, starts);
  });
  m.def("dynamic_index_in_dim", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 4, "dynamic_index_in_dim");
    Value x = jnp::asarray(ev, a.args[0], std::nullopt);
    TensorType t = prims::typeOf(x);
    int64_t axis = prims::normalizeAxis(ev.toIndex(argOr(a, 2, "axis", Value::integer(0)), "axis"), t.rank());
    bool keep = ev.truthy(argOr(a, 3, "keepdims", Value::boolean(true)));
    std::vector<Value> starts(size_t(t.rank()), Value::integer(0));
    starts[size_t(axis)] = a.args[1];
    Shape sizes = t.shape;
    sizes[size_t(axis)] = 1;
    Value r = prims::dynamicSlice(ev, x, starts, sizes);
    if (!keep) {
      sizes.erase(sizes.begin() + axis);
      r = prims::reshape(ev, r, sizes);
    }
    return r;
  });
  m.def("slice", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 3, 4, "slice");
    Value x = jnp::asarray(ev, a.args[0], std::nullopt);
    TensorType t = prims::typeOf(x);
    std::vector<int64_t> st, li, sr;
    for (const Value &v : ev.iterate(a.args[1], a.loc))
      st.push_back(ev.toIndex(v, "start_indices"));
    for (const Value &v : ev.iterate(a.args[2], a.loc))
      li.push_back(ev.toIndex(v, "limit_indices"));
    Value strides = argOr(a, 3, "strides");
    if (strides.isNone())
      sr.assign(st.size(), 1);
    else
      for (const Value &v : ev.iterate(strides, a.loc))
        sr.push_back(ev.toIndex(v, "strides"));
    if (st.size() != size_t(t.rank()) || li.size() != st.size() || sr.size() != st.size())
      raise("TypeError", "slice start_indices, limit_indices and strides must have the operand's rank");
    for (size_t i = 0; i < st.size(); ++i)
      if (st[i] < 0 || li[i] > t.shape[i] || st[i] > li[i] || sr[i] < 1)
        raise("TypeError", "slice indices out of range for operand shape " + shapeToPython(t.shape));
    return prims::slice(ev, x, st, li, sr);
  });
  m.def("concatenate", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "concatenate");
    return jnp::callByName(ev, "concatenate", {a.args[0], a.args[1]});
  });
  m.def("reshape", [](Evaluator &ev, CallArgs &a) {
    return jnp::callByName(ev, "reshape", a.args);
  });
}

} // namespace parax::frontend::lax
