//===- JaxVmap.cpp - jax.vmap ---------------------------------------------===//
//
// The Python face of vectorization (frontend/lib/vmap/ holds the batching
// machinery): in_axes / out_axes as pytree prefixes, axis_name and
// axis_size, JAX's checks and messages. Like autodiff it runs under
// staged(): at top level the batched program is compiled and run at once;
// under jit/pmap/grad/another vmap its ops join the enclosing trace, so
// vmap composes with every other transformation.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Jnp.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Modules.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/Staging.h"
#include "frontend/lib/vmap/Batching.h"
#include "frontend/machine/Evaluator.h"

namespace parax::frontend {

using ad::Vals;
using vmap::BVal;

namespace {

struct VmapOptions {
  Value fun;
  Value inAxes;
  Value outAxes;
  std::string axisName;
  int64_t axisSize = -1; ///< -1: from the mapped inputs.
  std::string label;
};

/// A list of axes means the same as a tuple (JAX converts it).
Value tupleIfList(const Value &v) { return v.isList() ? Value::tuple(v.elements()) : v; }

/// None (unmapped) -> nullopt; an int axis otherwise.
std::optional<int64_t> axisOf(Evaluator &ev, const Value &spec, const char *what) {
  if (spec.isNone())
    return std::nullopt;
  if (!spec.isInt() || spec.isBool())
    raise("ValueError", std::string("vmap ") + what + " must be an int, None, or (nested) "
                        "container with those types as leaves, but got " + ev.repr(spec) + ".");
  return spec.asInt();
}

Value vmapCall(Evaluator &ev, const VmapOptions &o, CallArgs &a) {
  Loc loc = a.loc.valid() ? a.loc : ev.currentLoc();
  Value inAxes = tupleIfList(o.inAxes);
  if (inAxes.isTuple() && inAxes.elements().size() != a.args.size())
    raise("ValueError",
          "vmap in_axes must be an int, None, or a tuple of entries corresponding to the "
          "positional arguments passed to the function, but got len(in_axes)=" +
              std::to_string(inAxes.elements().size()) + ", len(args)=" +
              std::to_string(a.args.size()),
          "give in_axes one entry per positional argument");
  Vals leaves;
  TreeDef def = flatten(ev, Value::tuple(a.args), leaves);
  std::vector<Value> specs;
  std::string path;
  if (!broadcastPrefix(ev, inAxes, def, specs, path))
    raise("ValueError", "vmap in_axes specification must be a tree prefix of the corresponding "
                        "value, got specification " + ev.repr(o.inAxes) + " for value tree " +
                            def.str(ev) + ".",
          "in_axes must mirror the structure of the arguments (or be one int/None for all)");
  // Keyword arguments are mapped over their leading axis (JAX's rule).
  Value kw = Value::dict();
  for (auto &kv : a.kwargs)
    kw.asDict().set(Value::str(kv.first), kv.second);
  Vals kwLeaves;
  TreeDef kwDef = flatten(ev, kw, kwLeaves);
  size_t nPos = leaves.size();
  leaves.insert(leaves.end(), kwLeaves.begin(), kwLeaves.end());
  for (size_t i = 0; i < kwLeaves.size(); ++i)
    specs.push_back(Value::integer(0));

  // The mapped leaves, their axes and the axis size.
  std::vector<int64_t> axes(leaves.size(), -1);
  int64_t size = o.axisSize;
  std::string sizes;
  bool inconsistent = false;
  for (size_t i = 0; i < leaves.size(); ++i) {
    std::optional<int64_t> ax = axisOf(ev, specs[i], "in_axes");
    if (!ax)
      continue;
    if (!leaves[i].isArrayLike())
      raise("ValueError", "vmap was requested to map its argument along axis " +
                              std::to_string(*ax) + ", which implies that its rank should be at "
                              "least " + std::to_string(*ax + 1) + ", but is only 0 (its shape "
                              "is ())");
    TensorType t = abstractType(leaves[i]);
    if (*ax < -t.rank() || *ax >= t.rank())
      raise("ValueError", "vmap was requested to map its argument along axis " +
                              std::to_string(*ax) + ", which implies that its rank should be at "
                              "least " + std::to_string((*ax < 0 ? -*ax : *ax + 1)) +
                              ", but is only " + std::to_string(t.rank()) + " (its shape is " +
                              shapeToPython(t.shape) + ")",
            "map an axis the argument has, or pass None in in_axes to share it");
    axes[i] = *ax < 0 ? *ax + t.rank() : *ax;
    int64_t n = t.shape[size_t(axes[i])];
    sizes += "\n  * axis " + std::to_string(axes[i]) + " of an argument of type " + t.str() +
             " has size " + std::to_string(n);
    if (size < 0)
      size = n;
    else if (n != size)
      inconsistent = true;
  }
  if (inconsistent)
    raise("ValueError", "vmap got inconsistent sizes for array axes to be mapped:" + sizes,
          "every mapped argument needs the same size along its mapped axis");
  if (size < 0)
    raise("ValueError", "vmap must have at least one non-None value in in_axes",
          "map at least one argument, or give axis_size=");

  return staged(ev, o.label, [&](TraceContext &) -> Value {
    std::vector<TensorType> types;
    std::vector<size_t> mapped;
    for (size_t i = 0; i < leaves.size(); ++i)
      if (axes[i] >= 0) {
        TensorType t = abstractType(leaves[i]);
        t.shape.erase(t.shape.begin() + axes[i]);
        t.weak = t.weak && leaves[i].isNumber();
        types.push_back(t);
        mapped.push_back(i);
      }
    auto call = [&](const Vals &ts) -> Value {
      Vals now = leaves;
      for (size_t j = 0; j < mapped.size(); ++j)
        now[mapped[j]] = ts[j];
      Vals pos(now.begin(), now.begin() + long(nPos)), kwv(now.begin() + long(nPos), now.end());
      CallArgs c;
      c.args = unflatten(def, pos).elements();
      c.loc = loc;
      Value kwr = unflatten(kwDef, kwv);
      for (auto &kv : kwr.asDict().items())
        c.kwargs.emplace_back(kv.first.asStr(), kv.second);
      return ev.call(o.fun, c);
    };
    ad::TracedFn f = ad::traceFn(ev, types, call, o.label, o.axisName, size);
    ev.setCurrentLoc(loc);
    vmap::Axis axis{size, o.axisName};
    vmap::BEnv env;
    const ir::Block &entry = f.func->entry();
    for (size_t j = 0; j < mapped.size(); ++j)
      env.set(entry.argument(unsigned(j)),
              BVal{jnp::asarray(ev, leaves[mapped[j]], std::nullopt), axes[mapped[j]]});
    for (size_t k = 0; k < f.captured.size(); ++k)
      env.set(entry.argument(unsigned(f.numInputs + k)), BVal{f.captured[k], -1});
    vmap::replayBatched(ev, entry, env, axis);
    ev.setCurrentLoc(loc);
    vmap::BVals outs = vmap::yielded(entry, env);

    std::vector<Value> outSpecs;
    if (!broadcastPrefix(ev, tupleIfList(o.outAxes), f.outDef, outSpecs, path))
      raise("ValueError", "vmap out_axes specification must be a tree prefix of the "
                          "corresponding value, got specification " + ev.repr(o.outAxes) +
                              " for value tree " + f.outDef.str(ev) + ".",
            "out_axes must mirror the structure of the function's output");
    Vals results;
    for (size_t i = 0; i < outs.size(); ++i) {
      std::optional<int64_t> ax = axisOf(ev, outSpecs[i], "out_axes");
      if (!ax) {
        if (outs[i].batched())
          raise("ValueError", "vmap has mapped output but out_axes is None",
                "an output that differs per example needs an out_axes entry (an int)");
        results.push_back(outs[i].v);
        continue;
      }
      int64_t rank = f.outTypes[i].rank() + 1;
      if (*ax < -rank || *ax >= rank)
        raise("ValueError", "vmap out_axes " + std::to_string(*ax) +
                                " is out of bounds for an output of rank " + std::to_string(rank));
      results.push_back(vmap::moveBatchDim(ev, outs[i], *ax < 0 ? *ax + rank : *ax, size));
    }
    return unflatten(f.outDef, results);
  });
}

Value makeVmap(Evaluator &ev, CallArgs &a) {
  bindArgs(a, {"fun", "in_axes", "out_axes", "axis_name", "axis_size", "spmd_axis_name"}, 1,
           "vmap");
  VmapOptions o;
  o.fun = a.args[0];
  if (!o.fun.isCallableKind())
    raise("TypeError", "vmap expects a callable, got " + ev.repr(o.fun));
  o.inAxes = argOr(a, 1, "in_axes", Value::integer(0));
  o.outAxes = argOr(a, 2, "out_axes", Value::integer(0));
  Value name = argOr(a, 3, "axis_name");
  if (!name.isNone())
    o.axisName = name.isStr() ? name.asStr() : ev.repr(name);
  Value size = argOr(a, 4, "axis_size");
  if (!size.isNone())
    o.axisSize = ev.toIndex(size, "axis_size");
  if (o.inAxes.isDict())
    raise("ValueError", "vmap in_axes must be an int, None, or a tuple of entries corresponding "
                        "to the positional arguments passed to the function, but got " +
                            ev.repr(o.inAxes) + ".",
          "wrap it in a tuple: in_axes=(" + ev.repr(o.inAxes) + ",)");
  o.label = "vmap(" + callableName(o.fun) + ")";
  return makeBuiltin(o.label, [o](Evaluator &ev, CallArgs &c) { return vmapCall(ev, o, c); });
}

} // namespace

void installVmap(Evaluator &, ModuleObject &jax) { jax.def("vmap", makeVmap); }

} // namespace parax::frontend
