//===- JaxEvalShape.cpp - jax.eval_shape -----------------------------------===//
//
// eval_shape traces the function with one tracer per input leaf (an array,
// a Python scalar or anything with .shape and .dtype, such as
// jax.ShapeDtypeStruct) and returns the output's structure with a
// ShapeDtypeStruct (frontend/lib/python/jax.py) at each leaf. Nothing runs:
// the traced IR is discarded, as JAX's abstract evaluation computes no
// values.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Jnp.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Modules.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/autodiff/Autodiff.h"
#include "frontend/machine/Evaluator.h"

namespace parax::frontend {

using ad::Vals;

/// The abstract type of one input leaf: an array or scalar's own type, or
/// the .shape / .dtype (/ .weak_type) of a duck-typed struct.
TensorType abstractLeafType(Evaluator &ev, const Value &leaf, const std::string &fn) {
  if (leaf.isArrayLike())
    return abstractType(leaf);
  Loc loc = ev.currentLoc();
  Value shape, dtype, weak;
  try {
    shape = ev.getAttr(leaf, "shape", loc);
    dtype = ev.getAttr(leaf, "dtype", loc);
  } catch (const ParaxError &) {
    raise("TypeError", "Argument '" + ev.repr(leaf) + "' of type " + typeName(leaf) +
                           " is not a valid JAX type",
          fn + " takes arrays, Python scalars or jax.ShapeDtypeStruct(shape, dtype) leaves");
  }
  TensorType t;
  if (!shape.isSequence())
    raise("TypeError", fn + ": the shape of " + ev.repr(leaf) + " is not a tuple of ints");
  for (const Value &d : shape.elements())
    t.shape.push_back(ev.toIndex(d, "shape"));
  std::optional<DType> dt = jnp::dtypeArg(ev, dtype);
  if (!dt)
    raise("TypeError", fn + ": " + ev.repr(leaf) + " has no dtype");
  t.dtype = *dt;
  try {
    weak = ev.getAttr(leaf, "weak_type", loc);
    t.weak = ev.truthy(weak);
  } catch (const ParaxError &) {
    t.weak = false;
  }
  return t;
}

/// jax.ShapeDtypeStruct(shape, dtype, weak_type=...) for a type.
Value shapeDtypeStruct(Evaluator &ev, const TensorType &t, Loc loc) {
  Value cls = ev.getAttr(ev.importModule("jax", loc), "ShapeDtypeStruct", loc);
  Vals dims;
  for (int64_t d : t.shape)
    dims.push_back(Value::integer(d));
  CallArgs ca;
  ca.args = {Value::tuple(dims), Value::dtype(t.dtype)};
  if (t.weak)
    ca.kwargs.push_back({"weak_type", Value::boolean(true)});
  ca.loc = loc;
  return ev.call(cls, ca);
}

namespace {

Value evalShape(Evaluator &ev, CallArgs &a) {
  if (a.args.empty())
    raise("TypeError", "eval_shape() missing 1 required positional argument: 'fun'");
  Value fun = a.args[0];
  if (!fun.isCallableKind())
    raise("TypeError", "Expected a callable value, got " + ev.repr(fun));
  Loc loc = a.loc.valid() ? a.loc : ev.currentLoc();
  // Positional arguments, then keyword values, as one pytree.
  Vals all(a.args.begin() + 1, a.args.end());
  size_t nPos = all.size();
  for (auto &kw : a.kwargs)
    all.push_back(kw.second);
  Vals leaves;
  TreeDef def = flatten(ev, Value::tuple(all), leaves);
  std::vector<TensorType> types;
  for (const Value &l : leaves)
    types.push_back(abstractLeafType(ev, l, "eval_shape"));
  ad::TracedFn f = ad::traceFn(
      ev, types,
      [&](const Vals &ts) {
        Vals vals = unflatten(def, ts).elements();
        CallArgs ca;
        ca.args.assign(vals.begin(), vals.begin() + long(nPos));
        for (size_t i = 0; i < a.kwargs.size(); ++i)
          ca.kwargs.push_back({a.kwargs[i].first, vals[nPos + i]});
        ca.loc = loc;
        return ev.call(fun, ca);
      },
      "eval_shape");
  ev.setCurrentLoc(loc);
  Vals outs;
  for (const TensorType &t : f.outTypes)
    outs.push_back(shapeDtypeStruct(ev, t, loc));
  return unflatten(f.outDef, outs);
}

} // namespace

void installEvalShape(Evaluator &, ModuleObject &jax) { jax.def("eval_shape", evalShape); }

} // namespace parax::frontend
