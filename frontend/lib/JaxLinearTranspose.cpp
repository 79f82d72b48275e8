//===- JaxLinearTranspose.cpp - jax.linear_transpose ----------------------===//
//
// linear_transpose(fun, *primals) returns the transpose of a linear
// function: for a cotangent of the output, the cotangents of the inputs.
// The primals only give the input types (arrays or ShapeDtypeStructs). The
// function is traced when the transpose is called (as jax.vjp's function
// retraces), checked to be linear (autodiff/Linearity.cpp), and run through
// reverse mode at zero inputs: the vjp rules of linear ops never read the
// linear operand, so that is the transpose.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Modules.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/autodiff/Autodiff.h"
#include "frontend/machine/Evaluator.h"

namespace parax::frontend {

using ad::Vals;

TensorType abstractLeafType(Evaluator &ev, const Value &leaf, const std::string &fn);

namespace {

std::string typeStr(const TensorType &t) {
  std::string s = std::string(dtypeName(t.dtype)) + "[";
  for (size_t i = 0; i < t.shape.size(); ++i)
    s += (i ? "," : "") + std::to_string(t.shape[i]);
  return s + "]";
}

Value transposeCall(Evaluator &ev, const Value &fun, const TreeDef &pd,
                    const std::vector<TensorType> &types, const Value &ctV, Loc loc) {
  return ad::runTransform(ev, "linear_transpose", [&]() -> Value {
    ad::TracedFn f = ad::traceFn(
        ev, types,
        [&](const Vals &args) { return ev.call(fun, unflatten(pd, args).elements(), loc); },
        "linear_transpose");
    ev.setCurrentLoc(loc);
    Vals cl;
    TreeDef cd = flatten(ev, ctV, cl);
    if (cd != f.outDef)
      raise("TypeError", "cotangent tree does not match function output, expected " +
                             f.outDef.str(ev) + " but got " + cd.str(ev),
            "pass one cotangent per output, in the structure of the function's output");
    Vals cts(cl.size());
    for (size_t i = 0; i < cl.size(); ++i) {
      if (!cl[i].isArrayLike())
        raise("TypeError", "cotangent " + ev.repr(cl[i]) + " of type " + typeName(cl[i]) +
                               " is not a valid JAX type");
      TensorType ct = abstractType(cl[i]);
      const TensorType &ot = f.outTypes[i];
      if (ct.shape != ot.shape || (ct.dtype != ot.dtype && !ct.weak))
        raise("TypeError", "cotangent type does not match function output, expected " +
                               typeStr(ot) + " but got " + typeStr(ct),
              "the cotangent must have the shape and dtype of the function's output");
      cts[i] = isFloat(ot.dtype) ? ad::instantiate(ev, cl[i], ot) : Value();
    }
    ad::checkLinear(f, loc);
    Vals zeros;
    for (const TensorType &t : types)
      zeros.push_back(ad::zerosOf(ev, t));
    ad::Env env;
    ad::forwardTraced(ev, f, zeros, env);
    Vals g = ad::backwardTraced(ev, f, env, cts);
    for (size_t i = 0; i < g.size(); ++i) {
      const TensorType &t = types[i];
      if (g[i].isNone())
        g[i] = ad::zerosOf(ev, t);
      else if (prims::dtypeOf(g[i]) != t.dtype)
        g[i] = prims::convert(ev, g[i], t.dtype, prims::typeOf(g[i]).weak);
    }
    ev.setCurrentLoc(loc);
    return unflatten(pd, g);
  });
}

Value linearTranspose(Evaluator &ev, CallArgs &a) {
  if (a.args.empty())
    raise("TypeError", "linear_transpose() missing 1 required positional argument: 'fun'");
  expectKeywords(a, {"reduce_axes"}, "linear_transpose");
  Value fun = a.args[0];
  if (!fun.isCallableKind())
    raise("TypeError", "Expected a callable value, got " + ev.repr(fun));
  Vals primals(a.args.begin() + 1, a.args.end());
  Vals leaves;
  TreeDef pd = flatten(ev, Value::tuple(primals), leaves);
  std::vector<TensorType> types;
  for (const Value &l : leaves)
    types.push_back(abstractLeafType(ev, l, "linear_transpose"));
  return makeBuiltin("transposed_fun", [fun, pd, types](Evaluator &ev, CallArgs &c) {
    if (c.args.size() != 1 || !c.kwargs.empty())
      raise("TypeError", "transposed_fun() takes 1 positional argument but " +
                             std::to_string(c.args.size()) + " were given",
            "pass the output cotangent as one value with the output's structure");
    return transposeCall(ev, fun, pd, types, c.args[0], c.loc.valid() ? c.loc : ev.currentLoc());
  });
}

} // namespace

void installLinearTranspose(Evaluator &, ModuleObject &jax) {
  jax.def("linear_transpose", linearTranspose);
}

} // namespace parax::frontend
