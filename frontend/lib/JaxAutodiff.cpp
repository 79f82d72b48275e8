//===- JaxAutodiff.cpp - jax.grad, jvp, vjp, jacfwd, jacrev, hessian ... --===//
//
// The Python face of autodiff (frontend/lib/autodiff/ holds the machinery):
// argument handling (argnums, has_aux, pytrees), JAX's checks and messages,
// and the Jacobian builders. Every transformation runs under runTransform: at
// top level the transformed ops run eagerly one by one (region ops as programs
// of their own); under jit/pmap/another transformation they join the trace.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Jnp.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Modules.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/Staging.h"
#include "frontend/lib/autodiff/Autodiff.h"
#include "frontend/tracing/ShardingHooks.h"
#include "frontend/machine/Evaluator.h"

namespace parax::frontend {

using ad::Vals;

namespace {

std::string shapeStr(const Shape &s) { return shapeToPython(s); }
std::string dn(DType t) { return std::string(dtypeName(t)); }

/// Which positional arguments are differentiated.
struct ArgNums {
  std::vector<int64_t> nums;
  bool single = true; ///< argnums was an int (the result is not a tuple).
};

ArgNums parseArgnums(Evaluator &ev, const Value &v) {
  ArgNums r;
  if (v.isNone()) {
    r.nums = {0};
    return r;
  }
  if (v.isSequence()) {
    r.single = false;
    for (const Value &e : v.elements())
      r.nums.push_back(ev.toIndex(e, "argnums"));
  } else {
    r.nums = {ev.toIndex(v, "argnums")};
  }
  return r;
}

/// The differentiated arguments of a call, flattened.
struct DiffInputs {
  ArgNums an;
  std::vector<int64_t> pos; ///< Normalised positions.
  TreeDef def;              ///< Of the tuple of differentiated arguments.
  Vals leaves;
  std::vector<TensorType> types;
};

DiffInputs selectInputs(Evaluator &ev, const ArgNums &an, const CallArgs &a,
                        const std::string &fn) {
  DiffInputs d;
  d.an = an;
  int64_t n = int64_t(a.args.size());
  std::vector<Value> chosen;
  for (int64_t k : an.nums) {
    int64_t p = k < 0 ? k + n : k;
    if (p < 0 || p >= n) {
      std::string list;
      for (size_t i = 0; i < an.nums.size(); ++i)
        list += (i ? ", " : "") + std::to_string(an.nums[i]);
      raise("TypeError", "differentiating with respect to argnums=" +
                             (an.single ? list : "(" + list + (an.nums.size() == 1 ? ",)" : ")")) +
                             " requires at least " + std::to_string(k + 1) +
                             " positional arguments to be passed by the caller, but got only " +
                             std::to_string(n) + " positional arguments.",
            "pass the differentiated arguments of " + fn + " positionally");
    }
    d.pos.push_back(p);
    chosen.push_back(a.args[size_t(p)]);
  }
  d.def = flatten(ev, Value::tuple(chosen), d.leaves);
  for (const Value &l : d.leaves) {
    if (!l.isArrayLike())
      raise("TypeError", "Argument '" + ev.repr(l) + "' of type " + typeName(l) +
                             " is not a valid JAX type.");
    d.types.push_back(abstractType(l));
  }
  return d;
}

/// Calls `fun` with the differentiated arguments replaced by `leaves`.
/// Traced inputs are split as the values they stand for (a sharding is
/// part of the abstract type, under grad as under jit).
void inheritSplits(const Vals &values, const Vals &tracers) {
  if (auto *hook = shardingHooks().traceArg)
    for (size_t i = 0; i < tracers.size() && i < values.size(); ++i)
      if (tracers[i].isTracer())
        hook(values[i], tracers[i]);
}

Value callWith(Evaluator &ev, const Value &fun, const CallArgs &a, const DiffInputs &d,
               const Vals &leaves) {
  inheritSplits(d.leaves, leaves);
  Value tup = unflatten(d.def, leaves);
  CallArgs ca;
  ca.args = a.args;
  ca.kwargs = a.kwargs;
  ca.loc = a.loc;
  for (size_t i = 0; i < d.pos.size(); ++i)
    ca.args[size_t(d.pos[i])] = tup.elements()[i];
  return ev.call(fun, ca);
}

/// The gradients of the differentiated arguments in their structure.
Value argStructure(const DiffInputs &d, const Vals &leaves) {
  Value tup = unflatten(d.def, leaves);
  return d.an.single ? tup.elements()[0] : tup;
}

/// Output split: main part and aux part (has_aux).
struct OutSplit {
  TreeDef mainDef, auxDef;
  size_t nMain = 0;
};

OutSplit splitOutput(Evaluator &ev, const TreeDef &def, bool hasAux, const std::string &fn) {
  OutSplit s;
  if (!hasAux) {
    s.mainDef = def;
    s.nMain = def.numLeaves();
    return s;
  }
  if ((def.kind != TreeDef::Kind::Tuple && def.kind != TreeDef::Kind::List) ||
      def.children.size() != 2)
    raise("TypeError", "expected function with aux output to return a two-element tuple, "
                       "but got " + def.str(ev) + " (" + fn + " with has_aux=True)",
          "return a tuple (value, aux) from the function, or drop has_aux=True");
  s.mainDef = def.children[0];
  s.auxDef = def.children[1];
  s.nMain = s.mainDef.numLeaves();
  return s;
}

void checkInexactInputs(const DiffInputs &d, bool allowInt, const std::string &fn) {
  if (allowInt)
    return;
  for (const TensorType &t : d.types)
    if (!isFloat(t.dtype))
      raise("TypeError", fn + " requires real- or complex-valued inputs (input dtype that is a "
                              "sub-dtype of np.inexact), but got " +
                              dn(t.dtype) +
                              ". If you want to use Boolean- or integer-valued inputs, use vjp "
                              "or set allow_int to True.",
            "pass float arguments (1.0 rather than 1), or jnp.asarray(x, jnp.float32)");
}

/// An input's cotangent as returned to the user: zeros for a symbolic zero,
/// the input's dtype, and the weak type the computation gave it (as JAX).
Value finishCt(Evaluator &ev, const Value &g, const TensorType &t) {
  if (g.isNone())
    return ad::zerosOf(ev, t);
  TensorType gt = prims::typeOf(g);
  return gt.dtype == t.dtype ? g : prims::convert(ev, g, t.dtype, gt.weak);
}

Value onesOf(Evaluator &ev, const TensorType &t) {
  return prims::full(ev, t.shape, Value::floating(1.0), t.dtype, t.weak);
}

/// A one-hot basis array of type t with a 1 at flat index k.
Value basis(const TensorType &t, int64_t k) {
  Array a = Array::allocate(TensorType{t.dtype, t.shape, false});
  for (int64_t i = 0; i < a.size(); ++i)
    a.setDouble(i, i == k ? 1.0 : 0.0);
  return Value::array(a);
}

struct GradOptions {
  Value fun;
  ArgNums argnums;
  bool hasAux = false;
  bool allowInt = false;
  bool withValue = false;
};

Value gradCall(Evaluator &ev, const GradOptions &o, CallArgs &a) {
  std::string fn = o.withValue ? "value_and_grad" : "grad";
  Loc loc = a.loc.valid() ? a.loc : ev.currentLoc();
  DiffInputs d = selectInputs(ev, o.argnums, a, fn);
  checkInexactInputs(d, o.allowInt, fn);
  return ad::runTransform(ev, fn, [&]() -> Value {
    ad::TracedFn f = ad::traceFn(ev, d.types,
                                 [&](const Vals &ts) { return callWith(ev, o.fun, a, d, ts); }, fn);
    ev.setCurrentLoc(loc);
    OutSplit s = splitOutput(ev, f.outDef, o.hasAux, fn);
    if (s.nMain != 1 || s.mainDef.kind != TreeDef::Kind::Leaf)
      raise("TypeError", "Gradient only defined for scalar-output functions. Output was " +
                             s.mainDef.str(ev) + ".",
            "reduce the output to a scalar (jnp.sum, jnp.mean), or use jax.jacrev / jax.vjp "
            "for non-scalar outputs");
    const TensorType &ot = f.outTypes[0];
    if (ot.rank() != 0)
      raise("TypeError", "Gradient only defined for scalar-output functions. Output had shape: " +
                             shapeStr(ot.shape) + ".",
            "reduce the output to a scalar (jnp.sum, jnp.mean), or use jax.jacrev / jax.vjp "
            "for non-scalar outputs");
    if (!isFloat(ot.dtype))
      raise("TypeError", "grad requires real-valued outputs (output dtype that is a sub-dtype "
                         "of np.floating), but got " + dn(ot.dtype) +
                             ". For differentiation of functions with integer outputs, use "
                             "jax.vjp directly.");
    ad::Env env;
    Vals outs = ad::forwardTraced(ev, f, d.leaves, env);
    Vals cts(outs.size());
    cts[0] = onesOf(ev, ot);
    Vals g = ad::backwardTraced(ev, f, env, cts);
    for (size_t i = 0; i < g.size(); ++i)
      g[i] = finishCt(ev, g[i], d.types[i]);
    ev.setCurrentLoc(loc);
    Value grads = argStructure(d, g);
    Value value = unflatten(s.mainDef, Vals(outs.begin(), outs.begin() + long(s.nMain)));
    if (o.hasAux) {
      Value aux = unflatten(s.auxDef, Vals(outs.begin() + long(s.nMain), outs.end()));
      return o.withValue ? Value::tuple({Value::tuple({value, aux}), grads})
                         : Value::tuple({grads, aux});
    }
    return o.withValue ? Value::tuple({value, grads}) : grads;
  });
}

Value makeGrad(Evaluator &ev, CallArgs &a, bool withValue) {
  std::string name = withValue ? "value_and_grad" : "grad";
  bindArgs(a, {"fun", "argnums", "has_aux", "holomorphic", "allow_int", "reduce_axes"}, 1, name);
  GradOptions o;
  o.fun = a.args[0];
  if (!o.fun.isCallableKind())
    raise("TypeError", "Expected a callable value, got " + ev.repr(o.fun));
  o.argnums = parseArgnums(ev, argOr(a, 1, "argnums"));
  o.hasAux = ev.truthy(argOr(a, 2, "has_aux", Value::boolean(false)));
  o.allowInt = ev.truthy(argOr(a, 4, "allow_int", Value::boolean(false)));
  o.withValue = withValue;
  return makeBuiltin(name + "(" + callableName(o.fun) + ")", [o](Evaluator &ev, CallArgs &c) {
    return gradCall(ev, o, c);
  });
}

//===----------------------------------------------------------------------===//
// jvp / linearize

/// Primals (or tangents) given as a tuple or list of arguments.
Vals argSequence(Evaluator &ev, const Value &v, const char *what, const Value &other) {
  if (!v.isSequence())
    raise("TypeError", std::string("primal and tangent arguments to jax.jvp must be tuples or "
                                   "lists; found ") +
                           typeName(v) + " and " + typeName(other) + ".",
          std::string("wrap the ") + what + " in a tuple: (x,)");
  return v.elements();
}

/// Checks a tangent leaf against its primal and returns it as an array.
Value checkTangent(Evaluator &ev, const Value &t, const TensorType &pt, const char *fn) {
  if (!t.isArrayLike())
    raise("TypeError", std::string(fn) + " tangent " + ev.repr(t) + " of type " + typeName(t) +
                           " is not a valid JAX type");
  TensorType tt = abstractType(t);
  if (tt.shape != pt.shape)
    raise("ValueError", std::string(fn) + " called with different primal and tangent shapes;"
                                          "Got primal shape " +
                            shapeStr(pt.shape) + " and tangent shape as " + shapeStr(tt.shape));
  if (isFloat(pt.dtype) && !isFloat(tt.dtype))
    raise("TypeError", std::string(fn) + " called with inconsistent primal and tangent dtypes: "
                                         "primal dtype " +
                           dn(pt.dtype) + ", tangent dtype " + dn(tt.dtype));
  return isFloat(pt.dtype) ? ad::instantiate(ev, t, pt) : Value();
}

Value jvpImpl(Evaluator &ev, const Value &fun, const Vals &primals, const Value &tangentsV,
              bool hasAux, Loc loc) {
  Vals tangents = tangentsV.elements();
  Vals pl, tl;
  TreeDef pd = flatten(ev, Value::tuple(primals), pl);
  TreeDef td = flatten(ev, Value::tuple(tangents), tl);
  if (pd != td)
    raise("TypeError", "primal and tangent arguments to jax.jvp must have the same tree "
                       "structure; primals have tree structure " +
                           pd.str(ev) + " whereas tangents have tree structure " + td.str(ev) +
                           ".");
  std::vector<TensorType> types;
  for (const Value &p : pl) {
    if (!p.isArrayLike())
      raise("TypeError", "Argument '" + ev.repr(p) + "' of type " + typeName(p) +
                             " is not a valid JAX type.");
    types.push_back(abstractType(p));
  }
  return ad::runTransform(ev, "jvp", [&]() -> Value {
    Vals ts;
    for (size_t i = 0; i < tl.size(); ++i)
      ts.push_back(checkTangent(ev, tl[i], types[i], "jvp"));
    ad::TracedFn f = ad::traceFn(
        ev, types,
        [&](const Vals &args) {
          inheritSplits(pl, args);
          Value tup = unflatten(pd, args);
          return ev.call(fun, tup.elements(), loc);
        },
        "jvp");
    ev.setCurrentLoc(loc);
    OutSplit s = splitOutput(ev, f.outDef, hasAux, "jvp");
    auto [po, to] = ad::jvpTraced(ev, f, pl, ts);
    for (size_t i = 0; i < s.nMain; ++i)
      to[i] = ad::instantiate(ev, to[i], f.outTypes[i]);
    Value p = unflatten(s.mainDef, Vals(po.begin(), po.begin() + long(s.nMain)));
    Value t = unflatten(s.mainDef, Vals(to.begin(), to.begin() + long(s.nMain)));
    if (hasAux)
      return Value::tuple({p, t, unflatten(s.auxDef, Vals(po.begin() + long(s.nMain), po.end()))});
    return Value::tuple({p, t});
  });
}

//===----------------------------------------------------------------------===//
// vjp

/// The function jax.vjp returns: the cotangents of the primals for a
/// cotangent of the output. It retraces the function when called.
Value vjpCall(Evaluator &ev, const Value &fun, const Vals &primals, bool hasAux,
              const Value &ctV, Loc loc) {
  Vals pl;
  TreeDef pd = flatten(ev, Value::tuple(primals), pl);
  std::vector<TensorType> types;
  for (const Value &p : pl)
    types.push_back(abstractType(p));
  return ad::runTransform(ev, "vjp", [&]() -> Value {
    ad::TracedFn f = ad::traceFn(
        ev, types,
        [&](const Vals &args) {
          inheritSplits(pl, args);
          return ev.call(fun, unflatten(pd, args).elements(), loc);
        },
        "vjp");
    ev.setCurrentLoc(loc);
    OutSplit s = splitOutput(ev, f.outDef, hasAux, "vjp");
    Vals cl;
    TreeDef cd = flatten(ev, ctV, cl);
    if (cd != s.mainDef)
      raise("ValueError", "unexpected tree structure of argument to vjp function: got " +
                              cd.str(ev) + ", but expected to match " + s.mainDef.str(ev),
            "pass one cotangent per output, in the structure of the function's output");
    Vals cts(f.outTypes.size());
    for (size_t i = 0; i < cl.size(); ++i) {
      TensorType ct = abstractType(cl[i]);
      const TensorType &ot = f.outTypes[i];
      if (ct.shape != ot.shape)
        raise("ValueError", "unexpected JAX type (e.g. shape/dtype) for argument to vjp "
                            "function: got " +
                                ct.str() + ", but expected " + ot.str() +
                                " because the corresponding output of the function had JAX "
                                "type " + ot.str());
      cts[i] = isFloat(ot.dtype) ? ad::instantiate(ev, cl[i], ot) : Value();
    }
    ad::Env env;
    ad::forwardTraced(ev, f, pl, env);
    Vals g = ad::backwardTraced(ev, f, env, cts);
    for (size_t i = 0; i < g.size(); ++i)
      g[i] = finishCt(ev, g[i], types[i]);
    ev.setCurrentLoc(loc);
    return unflatten(pd, g);
  });
}

/// The primal output (and aux) of fun at primals.
Value primalOutput(Evaluator &ev, const Value &fun, const Vals &primals, Loc loc) {
  return ev.call(fun, primals, loc);
}

Value vjpImpl(Evaluator &ev, CallArgs &a) {
  if (a.args.empty())
    raise("TypeError", "vjp() missing required argument 'fun'");
  Value fun = a.args[0];
  bool hasAux = false;
  for (auto &kw : a.kwargs) {
    if (kw.first == "has_aux")
      hasAux = ev.truthy(kw.second);
    else if (kw.first != "reduce_axes")
      raise("TypeError", "vjp() got an unexpected keyword argument '" + kw.first + "'");
  }
  Vals primals(a.args.begin() + 1, a.args.end());
  Loc loc = a.loc;
  Value out = primalOutput(ev, fun, primals, loc);
  Value mainOut = out, aux;
  if (hasAux) {
    if (!out.isSequence() || out.elements().size() != 2)
      raise("TypeError", "expected function with aux output to return a two-element tuple, "
                         "but got " + typeName(out) + " (vjp with has_aux=True)",
            "return a tuple (output, aux) from the function, or drop has_aux=True");
    mainOut = out.elements()[0];
    aux = out.elements()[1];
  }
  Value fn = makeBuiltin("vjp_fun", [fun, primals, hasAux](Evaluator &ev, CallArgs &c) {
    if (c.args.size() != 1)
      raise("TypeError", "The function returned by `jax.vjp` applied to " + ev.repr(fun) +
                             " was called with " + std::to_string(c.args.size()) +
                             " arguments, but functions returned by `jax.vjp` must be called "
                             "with a single argument corresponding to the single value "
                             "returned by the function being differentiated (even if that "
                             "returned value is a tuple or other container).",
            "pass the output cotangents as one value with the output's structure");
    return vjpCall(ev, fun, primals, hasAux, c.args[0], c.loc.valid() ? c.loc : ev.currentLoc());
  });
  if (hasAux)
    return Value::tuple({mainOut, fn, aux});
  return Value::tuple({mainOut, fn});
}

//===----------------------------------------------------------------------===//
// linearize

Value linearizeImpl(Evaluator &ev, CallArgs &a) {
  if (a.args.empty())
    raise("TypeError", "linearize() missing required argument 'fun'");
  Value fun = a.args[0];
  Vals primals(a.args.begin() + 1, a.args.end());
  Loc loc = a.loc;
  Value out = primalOutput(ev, fun, primals, loc);
  Value fn = makeBuiltin("linearized_fun", [fun, primals](Evaluator &ev, CallArgs &c) {
    Value r = jvpImpl(ev, fun, primals, Value::tuple(c.args), false,
                      c.loc.valid() ? c.loc : ev.currentLoc());
    return r.elements()[1];
  });
  return Value::tuple({out, fn});
}

//===----------------------------------------------------------------------===//
// jacfwd / jacrev / hessian

/// Assembles Jacobian blocks: for output leaf o and input leaf i the block
/// jac[o][i] has shape out.shape + in.shape; the result has the output's
/// structure with, at each leaf, the inputs' structure.
Value assembleJacobian(const OutSplit &s, const DiffInputs &d,
                       const std::vector<Vals> &blocks) {
  Vals perOut;
  for (size_t o = 0; o < s.nMain; ++o)
    perOut.push_back(argStructure(d, blocks[o]));
  return unflatten(s.mainDef, perOut);
}

Value jacCall(Evaluator &ev, const GradOptions &o, CallArgs &a, bool forward) {
  std::string fn = forward ? "jacfwd" : "jacrev";
  Loc loc = a.loc.valid() ? a.loc : ev.currentLoc();
  DiffInputs d = selectInputs(ev, o.argnums, a, fn);
  // JAX's wording differs between the two (jacrev shares grad's check).
  for (const TensorType &t : d.types)
    if (!isFloat(t.dtype)) {
      if (!forward)
        checkInexactInputs(d, false, fn);
      raise("TypeError", fn + " requires real-valued inputs (input dtype that is a sub-dtype of "
                              "np.floating), but got " + dn(t.dtype) +
                              ". For holomorphic differentiation, pass holomorphic=True. For "
                              "differentiation of non-holomorphic functions involving complex "
                              "inputs or integer inputs, use jax.jvp directly.",
            "pass float arguments (1.0 rather than 1), or jnp.asarray(x, jnp.float32)");
    }
  return ad::runTransform(ev, fn, [&]() -> Value {
    ad::TracedFn f = ad::traceFn(ev, d.types,
                                 [&](const Vals &ts) { return callWith(ev, o.fun, a, d, ts); }, fn);
    ev.setCurrentLoc(loc);
    OutSplit s = splitOutput(ev, f.outDef, o.hasAux, fn);
    size_t nIn = d.types.size();
    // cols[o][i]: one slice of the Jacobian per basis vector.
    std::vector<std::vector<Vals>> cols(s.nMain, std::vector<Vals>(nIn));
    Vals primalsOut;
    if (forward) {
      for (size_t i = 0; i < nIn; ++i)
        for (int64_t k = 0; k < d.types[i].numElements(); ++k) {
          Vals ts(nIn);
          ts[i] = basis(d.types[i], k);
          auto [po, to] = ad::jvpTraced(ev, f, d.leaves, ts);
          primalsOut = po;
          for (size_t oi = 0; oi < s.nMain; ++oi)
            cols[oi][i].push_back(ad::instantiate(ev, to[oi], f.outTypes[oi]));
        }
      if (primalsOut.empty()) {
        ad::Env env;
        primalsOut = ad::forwardTraced(ev, f, d.leaves, env);
      }
    } else {
      ad::Env env;
      primalsOut = ad::forwardTraced(ev, f, d.leaves, env);
      for (size_t oi = 0; oi < s.nMain; ++oi) {
        if (!isFloat(f.outTypes[oi].dtype))
          raise("TypeError", "jacrev requires real-valued outputs (output dtype that is a "
                             "sub-dtype of np.floating), but got " +
                                 dn(f.outTypes[oi].dtype) + ".");
        for (int64_t k = 0; k < f.outTypes[oi].numElements(); ++k) {
          Vals cts(f.outTypes.size());
          cts[oi] = basis(f.outTypes[oi], k);
          Vals g = ad::backwardTraced(ev, f, env, cts);
          for (size_t i = 0; i < nIn; ++i)
            cols[oi][i].push_back(ad::instantiate(ev, g[i], d.types[i]));
        }
      }
    }
    ev.setCurrentLoc(loc);
    std::vector<Vals> blocks(s.nMain, Vals(nIn));
    for (size_t oi = 0; oi < s.nMain; ++oi)
      for (size_t i = 0; i < nIn; ++i) {
        const TensorType &ot = f.outTypes[oi], &it = d.types[i];
        Shape full = ot.shape;
        full.insert(full.end(), it.shape.begin(), it.shape.end());
        TensorType bt{it.dtype, full, ot.weak && it.weak};
        Vals &parts = cols[oi][i];
        if (parts.empty() || numElements(full) == 0) {
          blocks[oi][i] = ad::zerosOf(ev, bt);
          continue;
        }
        Vals flat;
        // forward: one part per input element, each out.shape -> stack last;
        // reverse: one part per output element, each in.shape -> stack first.
        for (Value &p : parts) {
          Shape one = forward ? ot.shape : Shape{1};
          if (forward)
            one.push_back(1);
          else
            one.insert(one.end(), it.shape.begin(), it.shape.end());
          flat.push_back(prims::reshape(ev, ad::instantiate(ev, p, TensorType{bt.dtype, prims::shapeOf(p), bt.weak}), one));
        }
        Value cat = prims::concatenate(ev, flat, forward ? int64_t(ot.rank()) : 0);
        blocks[oi][i] = prims::reshape(ev, cat, full);
      }
    Value jac = assembleJacobian(s, d, blocks);
    if (o.hasAux)
      return Value::tuple(
          {jac, unflatten(s.auxDef, Vals(primalsOut.begin() + long(s.nMain), primalsOut.end()))});
    return jac;
  });
}

Value makeJac(Evaluator &ev, CallArgs &a, bool forward) {
  std::string name = forward ? "jacfwd" : "jacrev";
  bindArgs(a, {"fun", "argnums", "has_aux", "holomorphic", "allow_int"}, 1, name);
  GradOptions o;
  o.fun = a.args[0];
  if (!o.fun.isCallableKind())
    raise("TypeError", "Expected a callable value, got " + ev.repr(o.fun));
  o.argnums = parseArgnums(ev, argOr(a, 1, "argnums"));
  o.hasAux = ev.truthy(argOr(a, 2, "has_aux", Value::boolean(false)));
  return makeBuiltin(name + "(" + callableName(o.fun) + ")", [o, forward](Evaluator &ev, CallArgs &c) {
    return jacCall(ev, o, c, forward);
  });
}

//===----------------------------------------------------------------------===//
// stop_gradient, checkpoint

Value stopGradientLeaf(Evaluator &ev, const Value &x) {
  if (!x.isArrayValue() || !ev.currentTrace())
    return x; // concrete values carry no tangent
  TensorType t = abstractType(x);
  if (!isFloat(t.dtype))
    return x;
  // An identity convert marked stop_gradient: the autodiff rules give it
  // no tangent and no cotangent; the compiler sees a no-op.
  return bind1(ev, ir::OpKind::Convert, {x}, ir::Attrs{{"stop_gradient", int64_t(1)}}, t);
}

Value mapArrayLeaves(Evaluator &ev, const Value &v, const std::function<Value(const Value &)> &f) {
  Vals leaves;
  TreeDef def = flatten(ev, v, leaves);
  for (Value &l : leaves)
    l = f(l);
  return unflatten(def, leaves);
}

} // namespace

void installCustomDerivatives(Evaluator &ev, ModuleObject &jax);
void installEvalShape(Evaluator &ev, ModuleObject &jax);
void installLinearTranspose(Evaluator &ev, ModuleObject &jax);
Value callCheckpointed(Evaluator &ev, const Value &fun, CallArgs &a);

void installAutodiff(Evaluator &ev, ModuleObject &jax, ModuleObject &lax) {
  installCustomDerivatives(ev, jax);
  installEvalShape(ev, jax);
  installLinearTranspose(ev, jax);
  jax.def("grad", [](Evaluator &ev, CallArgs &a) { return makeGrad(ev, a, false); });
  jax.def("value_and_grad", [](Evaluator &ev, CallArgs &a) { return makeGrad(ev, a, true); });
  jax.def("jacfwd", [](Evaluator &ev, CallArgs &a) { return makeJac(ev, a, true); });
  jax.def("jacrev", [](Evaluator &ev, CallArgs &a) { return makeJac(ev, a, false); });
  jax.def("jacobian", [](Evaluator &ev, CallArgs &a) { return makeJac(ev, a, false); });
  jax.def("hessian", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"fun", "argnums", "has_aux", "holomorphic"}, 1, "hessian");
    CallArgs inner;
    inner.args = {a.args[0], argOr(a, 1, "argnums", Value::integer(0)),
                  argOr(a, 2, "has_aux", Value::boolean(false))};
    inner.loc = a.loc;
    Value rev = makeJac(ev, inner, false);
    CallArgs outer = inner;
    outer.args[0] = rev;
    return makeJac(ev, outer, true);
  });
  jax.def("jvp", [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"fun", "primals", "tangents", "has_aux"}, 3, "jvp");
    Vals primals = argSequence(ev, a.args[1], "primals", a.args[2]);
    argSequence(ev, a.args[2], "tangents", a.args[1]);
    return jvpImpl(ev, a.args[0], primals, Value::tuple(a.args[2].elements()),
                   ev.truthy(argOr(a, 3, "has_aux", Value::boolean(false))), a.loc);
  });
  jax.def("vjp", vjpImpl);
  jax.def("linearize", linearizeImpl);
  auto stop = [](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"x"}, 1, "stop_gradient");
    return mapArrayLeaves(ev, a.args[0], [&](const Value &x) { return stopGradientLeaf(ev, x); });
  };
  lax.def("stop_gradient", stop);
  // lax's cumulative primitives (differentiable, like jnp.cumsum/cumprod).
  for (auto [name, kind] : {std::pair{"cumsum", ir::OpKind::CumSum}, {"cumprod", ir::OpKind::CumProd},
                            {"cummax", ir::OpKind::CumMax}, {"cummin", ir::OpKind::CumMin}}) {
    std::string fn = name;
    ir::OpKind k = kind;
    lax.def(fn, [fn, k](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"operand", "axis", "reverse"}, 1, fn);
      Value x = jnp::asarray(ev, a.args[0], std::nullopt);
      int64_t rank = prims::typeOf(x).rank();
      if (rank == 0)
        raise("ValueError", "lax." + fn + " needs an operand of rank >= 1",
              "pass an array with at least one axis");
      int64_t axis = prims::normalizeAxis(ev.toIndex(argOr(a, 1, "axis", Value::integer(0)), "axis"),
                                          rank);
      bool reverse = ev.truthy(argOr(a, 2, "reverse", Value::boolean(false)));
      return prims::cumulative(ev, k, x, axis, reverse);
    });
  }
  jax.def("stop_gradient", stop);
  // checkpoint/remat: reverse mode recomputes the function's intermediates
  // in the backward pass (callCheckpointed); `policy` is accepted, and every
  // policy recomputes everything.
  auto checkpoint = [](Evaluator &ev, CallArgs &a) -> Value {
    expectKeywords(a, {"fun", "prevent_cse", "policy", "static_argnums", "concrete"},
                   "checkpoint");
    Value fun = argOr(a, 0, "fun");
    auto wrapFn = [](Evaluator &ev, const Value &f) -> Value {
      if (!f.isCallableKind())
        raise("TypeError", "Expected a callable value, got " + ev.repr(f));
      return makeBuiltin("checkpoint(" + callableName(f) + ")",
                         [f](Evaluator &ev, CallArgs &c) { return callCheckpointed(ev, f, c); });
    };
    if (fun.isNone()) // @jax.checkpoint(policy=...) decorator-factory form
      return makeBuiltin("checkpoint.<locals>.decorator", [wrapFn](Evaluator &ev, CallArgs &d) {
        if (d.args.size() != 1)
          raise("TypeError", "checkpoint decorator expects one callable");
        return wrapFn(ev, d.args[0]);
      });
    return wrapFn(ev, fun);
  };
  auto policies = std::make_shared<ModuleObject>("jax.checkpoint_policies");
  for (const char *p : {"everything_saveable", "nothing_saveable", "dots_saveable",
                        "checkpoint_dots", "dots_with_no_batch_dims_saveable",
                        "checkpoint_dots_with_no_batch_dims"})
    policies->set(p, Value::str(p));
  policies->def("save_only_these_names", [](Evaluator &, CallArgs &) {
    return Value::str("save_only_these_names");
  });
  policies->def("save_any_names_but_these", [](Evaluator &, CallArgs &) {
    return Value::str("save_any_names_but_these");
  });
  jax.set("checkpoint_policies", Value::object(Value::Kind::Native, policies));
  jax.def("checkpoint", checkpoint);
  jax.def("remat", checkpoint);
}

} // namespace parax::frontend
