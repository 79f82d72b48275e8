//===- LaxControlFlow.cpp - fori_loop, scan, while_loop, cond, switch -----===//
//
// Each traces its Python callables once into the regions of one structured
// op (ForiLoop, Scan, While, Cond), so the loop stays a loop in the IR. Carry
// types follow JAX: a weakly typed init leaf is promoted to what the body
// returns and the body is retraced; any other mismatch is a TypeError that
// shows both types. Under jax.disable_jit() the callables run as Python.
//
//===----------------------------------------------------------------------===//
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Promotion.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/Lax.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/Staging.h"
#include "frontend/lib/sharding/LoopShardings.h"
#include "frontend/lib/sharding/Vma.h"

#include <algorithm>

namespace parax::frontend::lax {

using ir::OpKind;

namespace {

std::vector<TensorType> typesOf(const std::vector<Value> &leaves) {
  std::vector<TensorType> r;
  for (const Value &v : leaves)
    r.push_back(abstractType(v));
  return r;
}

/// Checks that every leaf is an array-like (carries and operands).
void requireArrays(Evaluator &ev, const std::vector<Value> &leaves,
                   const std::vector<std::string> &paths, const std::string &what) {
  for (size_t i = 0; i < leaves.size(); ++i)
    if (!leaves[i].isArrayLike())
      raise("TypeError", "Value " + ev.repr(leaves[i]) + " of type " +
                             typeName(leaves[i]) + " in " + what + paths[i] +
                             " is not a valid JAX type");
}

Loc locOf(const Value &v, Loc fallback) {
  if (v.isTracer() && v.asTracer().value->definingOp())
    return v.asTracer().value->definingOp()->loc();
  return fallback;
}

/// The JAX-style reason two leaf types differ.
std::string typeDifference(const TensorType &a, const TensorType &b) {
  std::vector<std::string> why;
  if (a.dtype != b.dtype)
    why.push_back("the dtypes do not match");
  if (a.shape != b.shape)
    why.push_back("the shapes do not match");
  std::string s = "so ";
  for (size_t i = 0; i < why.size(); ++i)
    s += (i ? ", and " : "") + why[i];
  return s;
}

/// shard_map's check_vma on a loop: the body's carry arguments vary as the
/// initial values do, its xs slices as the xs.
void inheritVma(const std::vector<Value> &args, size_t first, const std::vector<Value> &from) {
  if (!sharding::inBody())
    return;
  for (size_t i = 0; i < from.size() && first + i < args.size(); ++i)
    sharding::setVma(args[first + i], sharding::vmaOf(from[i]));
}

/// JAX's type text with the varying axes: float32[2]{V:x}.
std::string vmaType(const TensorType &t, const std::vector<std::string> &axes) {
  std::string s = t.str();
  if (axes.empty())
    return s;
  s += "{V:";
  for (size_t i = 0; i < axes.size(); ++i)
    s += (i ? "," : "") + axes[i];
  return s + "}";
}

std::string axesTuple(const std::vector<std::string> &axes) {
  std::string s = "(";
  for (size_t i = 0; i < axes.size(); ++i)
    s += (i ? ", '" : "'") + axes[i] + "'";
  return s + (axes.size() == 1 ? ",)" : ")");
}

/// The carry's varying axes must be the same going in and out (JAX's
/// check_vma; the fix is a pcast of the initial value).
void checkCarryVma(const std::string &what, const std::string &carryName,
                   const std::vector<std::string> &paths, const std::vector<Value> &initLeaves,
                   const std::vector<Value> &outLeaves, Loc callLoc) {
  if (!sharding::checkingVma())
    return;
  for (size_t i = 0; i < initLeaves.size() && i < outLeaves.size(); ++i) {
    std::vector<std::string> in = sharding::vmaOf(initLeaves[i]);
    std::vector<std::string> out = sharding::vmaOf(outLeaves[i]);
    if (in == out)
      continue;
    std::vector<std::string> missing;
    for (const std::string &a : out)
      if (std::find(in.begin(), in.end(), a) == in.end())
        missing.push_back(a);
    std::string comp = i < paths.size() && !paths[i].empty()
                           ? "carry component " + carryName + paths[i]
                           : "carry " + carryName;
    TensorType t = abstractType(initLeaves[i]), u = abstractType(outLeaves[i]);
    ParaxError err("TypeError",
                   what + " function carry input and carry output must have equal types, "
                          "but they differ:\n\nThe input " + comp + " has type " +
                       vmaType(t, in) + " but the corresponding output carry component has "
                       "type " + vmaType(u, out) + ", so the manual axis types do not "
                       "match.\n\nThis might be fixed by applying `jax.lax.pcast(..., " +
                       axesTuple(missing) + ", to='varying')`, to the initial carry value "
                       "corresponding to the input " + comp + ".\nSee "
                       "https://docs.jax.dev/en/latest/notebooks/shard_map.html#scan-vma "
                       "for more information.\n\nRevise the function so that all output "
                       "types match the corresponding input types.",
                   {}, "make the initial carry vary over the same mesh axes as the body's "
                       "output with jax.lax.pcast(init, " + axesTuple(missing) +
                       ", to='varying')");
    err.diag().loc = locOf(outLeaves[i], callLoc);
    throw err;
  }
}

/// Carry check after tracing a loop body. Returns true if the init types
/// had to be promoted (weak init leaves), in which case `inTypes` is
/// updated and the caller retraces.
bool checkCarry(Evaluator &ev, const std::string &what, const std::string &carryName,
                const TreeDef &inDef, std::vector<TensorType> &inTypes,
                const TreeDef &outDef, const std::vector<Value> &outLeaves,
                Loc callLoc) {
  if (inDef != outDef) {
    std::string d = describeTreeDifference(ev, inDef, outDef,
                                           "the input carry " + carryName,
                                           "the carry output");
    if (!d.empty())
      d[0] = char(toupper(d[0]));
    ParaxError err("TypeError",
                   what + " function carry input and carry output must have the "
                          "same pytree structure, but they differ:\n\n" + d +
                       ".\n\nRevise the function so that the carry output has "
                       "the same pytree structure as the carry input.",
                   {}, "return a carry with the same structure as init_val: " +
                           inDef.str(ev) + " (got " + outDef.str(ev) + ")");
    err.diag().loc = outLeaves.empty() ? callLoc : locOf(outLeaves[0], callLoc);
    throw err;
  }
  std::vector<TensorType> outTypes = typesOf(outLeaves);
  // JAX (_promote_weak_typed_inputs): a weakly typed init leaf whose dtype
  // differs from the body's output is promoted and the body retraced; a
  // difference in weakness alone is fine.
  bool promoted = false;
  for (size_t i = 0; i < inTypes.size(); ++i) {
    const TensorType &in = inTypes[i], &out = outTypes[i];
    if (in.weak && in.dtype != out.dtype && in.shape == out.shape) {
      WeakDType j = promoteTypes({in.dtype, true}, {out.dtype, out.weak});
      if (j.dtype != in.dtype) {
        inTypes[i].dtype = j.dtype;
        inTypes[i].weak = j.weak;
        promoted = true;
      }
    }
  }
  if (promoted)
    return true;
  std::vector<std::string> paths = leafPaths(ev, inDef);
  std::vector<size_t> bad;
  for (size_t i = 0; i < inTypes.size(); ++i)
    if (!inTypes[i].sameIgnoringWeak(outTypes[i]))
      bad.push_back(i);
  if (bad.empty())
    return false;
  auto describeLeaf = [&](size_t i, bool bullet) {
    std::string comp = paths[i].empty() ? "carry " + carryName
                                        : "carry component " + carryName + paths[i];
    return std::string(bullet ? "the input " : "The input ") + comp + " has type " +
           inTypes[i].str() + " but the corresponding output carry component has type " +
           outTypes[i].str() + ", " + typeDifference(inTypes[i], outTypes[i]);
  };
  std::string body;
  if (bad.size() == 1)
    body = describeLeaf(bad[0], false) + ".";
  else
    for (size_t i : bad)
      body += "  * " + describeLeaf(i, true) + ";\n";
  ParaxError err("TypeError",
                 what + " function carry input and carry output must have equal "
                        "types, but they differ:\n\n" + body +
                     "\n\nRevise the function so that all output types match the "
                     "corresponding input types.");
  size_t first = bad[0];
  err.diag().loc = locOf(outLeaves[first], callLoc);
  err.diag().notes.push_back({{}, "carry in:  " + inTypes[first].str() +
                                      (inTypes[first].weak ? " (weak_type=True)" : "")});
  err.diag().notes.push_back({{}, "carry out: " + outTypes[first].str()});
  err.diag().notes.push_back({callLoc, "the loop is called here"});
  err.diag().hint = "make the body return a value with the initial value's "
                    "shape and dtype (e.g. initialise with jnp.zeros(" +
                    shapeToPython(outTypes[first].shape) + ", jnp." +
                    std::string(dtypeName(outTypes[first].dtype)) + "))";
  throw err;
}

/// Converts init leaves to (possibly promoted) carry types.
std::vector<Value> castLeaves(Evaluator &ev, const std::vector<Value> &leaves,
                              const std::vector<TensorType> &types) {
  std::vector<Value> r;
  for (size_t i = 0; i < leaves.size(); ++i)
    r.push_back(prims::convert(ev, leaves[i], types[i].dtype, types[i].weak));
  return r;
}

/// Loop results take the body's output types (weak flags included), as
/// JAX's scan/while abstract evaluation does.
void setResultTypesFromYield(ir::Operation *op, unsigned from,
                             const std::vector<Value> &outs) {
  for (size_t i = 0; i < outs.size(); ++i) {
    TensorType t = op->result(unsigned(from + i))->type();
    t.weak = abstractType(outs[i]).weak;
    op->result(unsigned(from + i))->setType(t);
  }
}

bool isConcreteInt(const Value &v) {
  return v.isInt() || v.isBool() ||
         (v.isArray() && v.asArray().rank() == 0 && !isFloat(v.asArray().dtype()));
}
} // namespace

//===----------------------------------------------------------------------===//
// fori_loop
//===----------------------------------------------------------------------===//
Value foriLoop(Evaluator &ev, const Value &lower, const Value &upper,
               const Value &body, const Value &init) {
  Loc callLoc = ev.currentLoc();
  if (!body.isCallableKind())
    raise("TypeError", "lax.fori_loop: body_fun argument should be callable.");
  for (const Value *b : {&lower, &upper})
    if (!b->isArrayLike() || isFloat(abstractType(*b).dtype) || abstractType(*b).rank() != 0)
      raise("TypeError", "fori_loop bounds must be scalar integers, got " +
                             (b->isArrayLike() ? abstractType(*b).str() : typeName(*b)));
  TensorType lt = abstractType(lower), ut = abstractType(upper);
  WeakDType idx;
  if (lt.dtype != ut.dtype && !lt.weak && !ut.weak)
    raise("TypeError", "lower and upper arguments to fori_loop must have equal types, got " +
                           std::string(dtypeName(lt.dtype)) + " and " +
                           std::string(dtypeName(ut.dtype)));
  idx = promoteTypes({lt.dtype, lt.weak}, {ut.dtype, ut.weak});
  bool concrete = isConcreteInt(lower) && isConcreteInt(upper) &&
                  !lower.isTracer() && !upper.isTracer();
  if (ev.disableJitDepth > 0 && concrete) {
    int64_t lo = ev.toIndex(lower, "fori_loop lower"), hi = ev.toIndex(upper, "fori_loop upper");
    Value val = init;
    for (int64_t i = lo; i < hi; ++i)
      val = ev.callLabelled(body, {Value::integer(i), val}, "fori_loop body", callLoc);
    return val;
  }
  // JAX's scan path (concrete bounds) passes a weakly typed index only when
  // the bounds are Python ints.
  TensorType iType{idx.dtype, {}, concrete && lower.isNumber() && upper.isNumber()};
  std::string carryName = paramName(body, 1).empty() ? "val" : paramName(body, 1);
  return staged(ev, "fori_loop", [&](TraceContext &ctx) -> Value {
    std::vector<Value> initLeaves;
    TreeDef inDef = flatten(ev, init, initLeaves);
    requireArrays(ev, initLeaves, leafPaths(ev, inDef), "init_val");
    std::vector<TensorType> inTypes = typesOf(initLeaves);
    for (int attempt = 0;; ++attempt) {
      std::vector<Value> operands{prims::convert(ev, lower, iType.dtype, iType.weak),
                                  prims::convert(ev, upper, iType.dtype, iType.weak)};
      for (Value &v : castLeaves(ev, initLeaves, inTypes))
        operands.push_back(v);
      std::vector<ir::Value *> ins;
      for (const Value &v : operands)
        ins.push_back(materialize(ev, ctx, v));
      ir::Builder b(ctx.block);
      ir::Operation *op = b.create(OpKind::ForiLoop, ins, inTypes, {}, callLoc,
                                   ev.callStack());
      std::vector<TensorType> argTypes{iType};
      argTypes.insert(argTypes.end(), inTypes.begin(), inTypes.end());
      BodyTrace bt = traceBody(
          ev, ctx, &op->region(0).front(), argTypes,
          [&](const std::vector<Value> &args) {
            inheritVma(args, 1, initLeaves);
            sharding::inheritShardings(args, 1, initLeaves, false);
            std::vector<Value> carry(args.begin() + 1, args.end());
            return ev.callLabelled(body, {args[0], unflatten(inDef, carry)},
                                   "fori_loop body", callLoc);
          },
          "fori_loop body", "fori_loop", callableName(body));
      ev.setCurrentLoc(callLoc);
      std::vector<TensorType> before = inTypes;
      if (checkCarry(ev, "fori_loop body", carryName, inDef, inTypes, bt.outDef,
                     bt.outLeaves, callLoc) && attempt < 4) {
        discardOp(ctx, op);
        continue;
      }
      {
        // JAX runs a fori_loop with concrete bounds as a scan over (i, val).
        std::vector<std::string> paths = leafPaths(ev, inDef);
        for (std::string &p : paths)
          p = "[1]" + p;
        checkCarryVma(concrete ? "scan body" : "while_loop body", "loop_carry", paths,
                      initLeaves, bt.outLeaves, callLoc);
        sharding::checkCarryShardings(concrete ? "scan body" : "while_loop body", "loop_carry",
                                      paths, initLeaves, bt.outLeaves, callLoc);
      }
      emitYield(ev, bt, bt.outLeaves);
      setResultTypesFromYield(op, 0, bt.outLeaves);
      std::vector<Value> res;
      for (unsigned i = 0; i < op->numResults(); ++i)
        res.push_back(makeTracer(ctx, op->result(i)));
      sharding::resultShardings(res, 0, initLeaves, false);
      return unflatten(inDef, res);
    }
  });
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//
Value scan(Evaluator &ev, const Value &f, const Value &init, const Value &xs,
           const Value &lengthArg, bool reverse) {
  Loc callLoc = ev.currentLoc();
  if (!f.isCallableKind())
    raise("TypeError", "scan: f argument should be callable.");
  std::vector<Value> xLeaves;
  TreeDef xDef = flatten(ev, xs, xLeaves);
  std::vector<std::string> xPaths = leafPaths(ev, xDef);
  requireArrays(ev, xLeaves, xPaths, "xs");
  std::vector<int64_t> sizes;
  for (size_t i = 0; i < xLeaves.size(); ++i) {
    TensorType t = abstractType(xLeaves[i]);
    if (t.rank() == 0)
      raise("ValueError", "scan got value with no leading axis to scan over: " +
                              ev.repr(xLeaves[i]) + ".");
    sizes.push_back(t.shape[0]);
  }
  for (size_t i = 1; i < sizes.size(); ++i)
    if (sizes[i] != sizes[0]) {
      std::string list;
      for (size_t k = 0; k < sizes.size(); ++k)
        list += (k ? ", " : "") + std::to_string(sizes[k]);
      raise("ValueError", "scan got values with different leading axis sizes: " + list + ".");
    }
  int64_t length;
  if (!lengthArg.isNone()) {
    if (lengthArg.isTracer())
      concretizationError(ev, "ConcretizationTypeError",
                          "Abstract tracer value encountered where concrete value is "
                          "expected: The `length` argument to `scan` expects a concrete "
                          "`int` value. For scan-like iteration with a dynamic length, "
                          "use `while_loop` or `fori_loop`.",
                          lengthArg, "pass a Python int as length");
    length = ev.toIndex(lengthArg, "scan length");
    if (!sizes.empty() && sizes[0] != length)
      raise("ValueError", "scan got `length` argument of " + std::to_string(length) +
                              " which disagrees with leading axis sizes [" +
                              std::to_string(sizes[0]) + "].");
  } else {
    if (sizes.empty())
      raise("ValueError", "scan got no values to scan over and `length` not provided.");
    length = sizes[0];
  }
  std::string carryName = paramName(f, 0).empty() ? "carry" : paramName(f, 0);

  if (ev.disableJitDepth > 0) {
    if (length == 0)
      raise("ValueError", "zero-length scan is not supported in disable_jit() "
                          "mode because the output type is unknown.");
    Value carry = init;
    std::vector<std::vector<Value>> ys;
    TreeDef yDef;
    for (int64_t k = 0; k < length; ++k) {
      int64_t i = reverse ? length - 1 - k : k;
      std::vector<Value> xi;
      for (const Value &x : xLeaves)
        xi.push_back(ev.getItem(x, Value::integer(i), callLoc));
      Value out = ev.callLabelled(f, {carry, unflatten(xDef, xi)}, "scan body", callLoc);
      auto pair = out.isSequence() ? out.elements() : std::vector<Value>{};
      if (pair.size() != 2)
        raise("TypeError", "scan body output must be a pair, got " + typeName(out) + ".");
      carry = pair[0];
      std::vector<Value> yl;
      yDef = flatten(ev, pair[1], yl);
      ys.push_back(yl);
    }
    if (reverse)
      std::reverse(ys.begin(), ys.end());
    std::vector<Value> stacked;
    for (size_t j = 0; j < (ys.empty() ? 0 : ys[0].size()); ++j) {
      std::vector<Value> col;
      for (auto &y : ys)
        col.push_back(y[j]);
      stacked.push_back(jnp::callByName(ev, "stack", {Value::list(col)}));
    }
    return Value::tuple({carry, unflatten(yDef, stacked)});
  }

  return staged(ev, "scan", [&](TraceContext &ctx) -> Value {
    std::vector<Value> initLeaves;
    TreeDef inDef = flatten(ev, init, initLeaves);
    requireArrays(ev, initLeaves, leafPaths(ev, inDef), "init");
    std::vector<TensorType> inTypes = typesOf(initLeaves);
    std::vector<TensorType> xTypes;
    for (const Value &x : xLeaves) {
      TensorType t = abstractType(x);
      t.shape.erase(t.shape.begin());
      xTypes.push_back(t);
    }
    for (int attempt = 0;; ++attempt) {
      std::vector<ir::Value *> ins;
      for (Value &v : castLeaves(ev, initLeaves, inTypes))
        ins.push_back(materialize(ev, ctx, v));
      for (const Value &x : xLeaves)
        ins.push_back(materialize(ev, ctx, x));
      ir::Builder b(ctx.block);
      ir::Operation *op = b.create(
          OpKind::Scan, ins, inTypes,
          ir::Attrs{{"length", length}, {"reverse", int64_t(reverse)},
                    {"num_carry", int64_t(inTypes.size())}},
          callLoc, ev.callStack());
      std::vector<TensorType> argTypes = inTypes;
      argTypes.insert(argTypes.end(), xTypes.begin(), xTypes.end());
      BodyTrace bt = traceBody(
          ev, ctx, &op->region(0).front(), argTypes,
          [&](const std::vector<Value> &args) {
            inheritVma(args, 0, initLeaves);
            inheritVma(args, inTypes.size(), xLeaves);
            sharding::inheritShardings(args, 0, initLeaves, false);
            sharding::inheritShardings(args, inTypes.size(), xLeaves, true);
            std::vector<Value> carry(args.begin(), args.begin() + long(inTypes.size()));
            std::vector<Value> xsl(args.begin() + long(inTypes.size()), args.end());
            return ev.callLabelled(f, {unflatten(inDef, carry), unflatten(xDef, xsl)},
                                   "scan body", callLoc);
          },
          "scan body", "scan", callableName(f));
      ev.setCurrentLoc(callLoc);
      // The body must return (carry, y).
      if (bt.outDef.kind != TreeDef::Kind::Tuple && bt.outDef.kind != TreeDef::Kind::List)
        raise("TypeError", "scan body output must be a pair, got " +
                               (bt.outLeaves.size() == 1 ? abstractType(bt.outLeaves[0]).str()
                                                         : bt.outDef.str(ev)) + ".");
      if (bt.outDef.children.size() != 2)
        raise("TypeError", "scan body output must be a pair, got " + bt.outDef.str(ev) + ".");
      size_t nCarryOut = bt.outDef.children[0].numLeaves();
      std::vector<Value> carryOut(bt.outLeaves.begin(), bt.outLeaves.begin() + long(nCarryOut));
      std::vector<Value> yOut(bt.outLeaves.begin() + long(nCarryOut), bt.outLeaves.end());
      if (checkCarry(ev, "scan body", carryName, inDef, inTypes, bt.outDef.children[0],
                     carryOut, callLoc) && attempt < 4) {
        discardOp(ctx, op);
        continue;
      }
      checkCarryVma("scan body", carryName, leafPaths(ev, inDef), initLeaves, carryOut, callLoc);
      sharding::checkCarryShardings("scan body", carryName, leafPaths(ev, inDef), initLeaves,
                                    carryOut, callLoc);
      std::vector<Value> yieldVals = carryOut;
      requireArrays(ev, yOut, leafPaths(ev, bt.outDef.children[1]), "y");
      for (const Value &y : yOut) {
        yieldVals.push_back(y);
        TensorType t = abstractType(y);
        t.shape.insert(t.shape.begin(), length);
        op->addResult(t);
      }
      emitYield(ev, bt, yieldVals);
      setResultTypesFromYield(op, 0, carryOut);
      std::vector<Value> carries, ys;
      for (unsigned i = 0; i < op->numResults(); ++i)
        (i < inTypes.size() ? carries : ys).push_back(makeTracer(ctx, op->result(i)));
      sharding::resultShardings(carries, 0, initLeaves, false);
      sharding::resultShardings(ys, 0, yOut, true);
      return Value::tuple({unflatten(inDef, carries),
                           unflatten(bt.outDef.children[1], ys)});
    }
  });
}

//===----------------------------------------------------------------------===//
// while_loop
//===----------------------------------------------------------------------===//
Value whileLoop(Evaluator &ev, const Value &condFun, const Value &bodyFun,
                const Value &init) {
  Loc callLoc = ev.currentLoc();
  if (!condFun.isCallableKind() || !bodyFun.isCallableKind())
    raise("TypeError", "lax.while_loop: cond_fun and body_fun arguments should be callable.");
  if (ev.disableJitDepth > 0) {
    // Op by op while the predicate is concrete; a traced one (the loop runs
    // under vmap or grad) stages the loop instead, as JAX falls back.
    Value val = init;
    bool traced = false;
    for (;;) {
      Value p = ev.callLabelled(condFun, {val}, "while_loop cond", callLoc);
      if (p.isTracer()) {
        traced = true;
        break;
      }
      if (!ev.truthy(p))
        break;
      val = ev.callLabelled(bodyFun, {val}, "while_loop body", callLoc);
    }
    if (!traced)
      return val;
  }
  std::string carryName = paramName(bodyFun, 0).empty() ? "val" : paramName(bodyFun, 0);
  return staged(ev, "while_loop", [&](TraceContext &ctx) -> Value {
    std::vector<Value> initLeaves;
    TreeDef inDef = flatten(ev, init, initLeaves);
    requireArrays(ev, initLeaves, leafPaths(ev, inDef), "init_val");
    std::vector<TensorType> inTypes = typesOf(initLeaves);
    for (int attempt = 0;; ++attempt) {
      std::vector<ir::Value *> ins;
      for (Value &v : castLeaves(ev, initLeaves, inTypes))
        ins.push_back(materialize(ev, ctx, v));
      ir::Builder b(ctx.block);
      ir::Operation *op = b.create(OpKind::While, ins, inTypes, {}, callLoc, ev.callStack());
      BodyTrace ct = traceBody(
          ev, ctx, &op->region(0).front(), inTypes,
          [&](const std::vector<Value> &args) {
            inheritVma(args, 0, initLeaves);
            sharding::inheritShardings(args, 0, initLeaves, false);
            return ev.callLabelled(condFun, {unflatten(inDef, args)}, "while_loop cond", callLoc);
          },
          "while_loop cond", "while_loop", callableName(condFun));
      ev.setCurrentLoc(callLoc);
      if (ct.outLeaves.size() != 1 || ct.outDef.kind != TreeDef::Kind::Leaf) {
        raise("TypeError", "cond_fun must return a boolean scalar, but got pytree " +
                               ct.outDef.str(ev) + ".");
      }
      TensorType pt = abstractType(ct.outLeaves[0]);
      if (pt.dtype != DType::Bool || pt.rank() != 0)
        raise("TypeError", "cond_fun must return a boolean scalar, but got output type(s) "
                           "[ShapedArray(" + pt.str() + ")].",
              "compare to produce a bool, e.g. `return i < n`");
      BodyTrace bt = traceBody(
          ev, ctx, &op->region(1).front(), inTypes,
          [&](const std::vector<Value> &args) {
            inheritVma(args, 0, initLeaves);
            sharding::inheritShardings(args, 0, initLeaves, false);
            return ev.callLabelled(bodyFun, {unflatten(inDef, args)}, "while_loop body", callLoc);
          },
          "while_loop body", "while_loop", callableName(bodyFun));
      ev.setCurrentLoc(callLoc);
      if (checkCarry(ev, "while_loop body", carryName, inDef, inTypes, bt.outDef,
                     bt.outLeaves, callLoc) && attempt < 4) {
        discardOp(ctx, op);
        continue;
      }
      checkCarryVma("while_loop body", carryName, leafPaths(ev, inDef), initLeaves,
                    bt.outLeaves, callLoc);
      sharding::checkCarryShardings("while_loop body", carryName, leafPaths(ev, inDef),
                                    initLeaves, bt.outLeaves, callLoc);
      emitYield(ev, ct, ct.outLeaves);
      emitYield(ev, bt, bt.outLeaves);
      setResultTypesFromYield(op, 0, bt.outLeaves);
      std::vector<Value> res;
      for (unsigned i = 0; i < op->numResults(); ++i)
        res.push_back(makeTracer(ctx, op->result(i)));
      sharding::resultShardings(res, 0, initLeaves, false);
      return unflatten(inDef, res);
    }
  });
}

//===----------------------------------------------------------------------===//
// cond / switch
//===----------------------------------------------------------------------===//
namespace {
Value branches(Evaluator &ev, const Value &index, const std::vector<Value> &fns,
               const std::vector<std::string> &names, const std::vector<Value> &operands,
               const std::string &what) {
  Loc callLoc = ev.currentLoc();
  return staged(ev, what, [&](TraceContext &ctx) -> Value {
    Value ops = Value::tuple(operands);
    std::vector<Value> opLeaves;
    TreeDef opDef = flatten(ev, ops, opLeaves);
    requireArrays(ev, opLeaves, leafPaths(ev, opDef), "operands");
    std::vector<TensorType> opTypes = typesOf(opLeaves);
    std::vector<ir::Value *> ins{materialize(ev, ctx, index)};
    for (const Value &v : opLeaves)
      ins.push_back(materialize(ev, ctx, v));
    ir::Builder b(ctx.block);
    ir::Operation *op = b.create(OpKind::Cond, ins, {}, {}, callLoc, ev.callStack(),
                                 int(fns.size()));
    std::vector<BodyTrace> traces;
    for (size_t k = 0; k < fns.size(); ++k) {
      traces.push_back(traceBody(
          ev, ctx, &op->region(unsigned(k)).front(), opTypes,
          [&](const std::vector<Value> &args) {
            inheritVma(args, 0, opLeaves);
            sharding::inheritShardings(args, 0, opLeaves, false);
            Value tup = unflatten(opDef, args);
            return ev.callLabelled(fns[k], tup.elements(), what + " " + names[k], callLoc);
          },
          what + " " + names[k], what, callableName(fns[k])));
      ev.setCurrentLoc(callLoc);
    }
    // All branches must agree in structure and types (weak type ignored).
    const BodyTrace &t0 = traces[0];
    std::string kindName = what == "cond" ? "cond" : "switch";
    for (size_t k = 1; k < traces.size(); ++k) {
      const BodyTrace &tk = traces[k];
      std::string site0 = names[0] + " is " + callableSite(fns[0]);
      std::string siteK = names[k] + " is " + callableSite(fns[k]);
      if (tk.outDef != t0.outDef) {
        std::string d = describeTreeDifference(ev, t0.outDef, tk.outDef,
                                               names[0] + " output", names[k] + " output");
        raise("TypeError", kindName + " branch outputs must have the same pytree structure, "
                           "but they differ:\n\n" + site0 + "\n" + siteK + "\n\n" + d +
                               ".\n\nRevise " + names[0] + " and/or " + names[k] +
                               " so that they have the same pytree structure.");
      }
      for (size_t i = 0; i < t0.outLeaves.size(); ++i) {
        TensorType a = abstractType(t0.outLeaves[i]), c = abstractType(tk.outLeaves[i]);
        if (!a.sameIgnoringWeak(c)) {
          ParaxError err("TypeError",
                         kindName + " branches must have equal output types but they differ.\n\n" +
                             site0 + "\n" + siteK + "\n\nThe output of " + names[0] +
                             " has type " + a.str() + " but the corresponding output of " +
                             names[k] + " has type " + c.str() + ", " + typeDifference(a, c) +
                             ".\n\nRevise " + names[0] + " and/or " + names[k] +
                             " so that all output types match.",
                         callLoc,
                         "make every branch return the same shapes and dtypes; "
                         "cond does not promote (use .astype or jnp.broadcast_to)");
          err.diag().notes.push_back({locOf(t0.outLeaves[i], {}),
                                      names[0] + " returns " + a.str()});
          err.diag().notes.push_back({locOf(tk.outLeaves[i], {}),
                                      names[k] + " returns " + c.str()});
          throw err;
        }
      }
    }
    for (size_t k = 1; k < traces.size(); ++k)
      sharding::checkBranchShardings(kindName, names[0] + " is " + callableSite(fns[0]),
                                     names[k] + " is " + callableSite(fns[k]), names[0],
                                     names[k], t0.outLeaves, traces[k].outLeaves, callLoc);
    // check_vma: every branch's outputs vary over the same mesh axes (JAX
    // compares true_fun's with the others').
    if (sharding::checkingVma()) {
      size_t first = what == "cond" && traces.size() == 2 ? 1 : 0;
      const BodyTrace &tf = traces[first];
      for (size_t k = 0; k < traces.size(); ++k) {
        if (k == first)
          continue;
        for (size_t i = 0; i < tf.outLeaves.size(); ++i) {
          std::vector<std::string> a = sharding::vmaOf(tf.outLeaves[i]);
          std::vector<std::string> c = sharding::vmaOf(traces[k].outLeaves[i]);
          if (a == c)
            continue;
          std::vector<std::string> missing;
          for (const std::string &x : c)
            if (std::find(a.begin(), a.end(), x) == a.end())
              missing.push_back(x);
          std::string tuple = missing.empty() ? "()" : axesTuple(missing);
          ParaxError err(
              "TypeError",
              kindName + " branches must have equal output types but they differ.\n\n" +
                  names[first] + " is " + callableSite(fns[first]) + "\n" + names[k] + " is " +
                  callableSite(fns[k]) + "\n\nThe output of " + names[first] + " has type " +
                  vmaType(abstractType(tf.outLeaves[i]), a) +
                  " but the corresponding output of " + names[k] + " has type " +
                  vmaType(abstractType(traces[k].outLeaves[i]), c) +
                  ", so the manual axis types do not match.\n\nThis might be fixed by "
                  "applying `jax.lax.pcast(..., " + tuple + ", to='varying')` to the output of " +
                  names[first] + ".\nSee "
                  "https://docs.jax.dev/en/latest/notebooks/shard_map.html#scan-vma for more "
                  "information.\n\nRevise " + names[first] + " and/or " + names[k] +
                  " so that all output types match.",
              callLoc,
              "make every branch's output vary over the same mesh axes (jax.lax.pcast(..., "
              "axes, to='varying') on the invariant one)");
          throw err;
        }
      }
    }
    std::vector<TensorType> outTypes;
    for (size_t i = 0; i < t0.outLeaves.size(); ++i) {
      TensorType t = abstractType(t0.outLeaves[i]);
      for (auto &tk : traces)
        t.weak = t.weak && abstractType(tk.outLeaves[i]).weak;
      outTypes.push_back(t);
    }
    for (auto &tk : traces)
      emitYield(ev, tk, castLeaves(ev, tk.outLeaves, outTypes));
    for (const TensorType &t : outTypes)
      op->addResult(t);
    std::vector<Value> res;
    for (unsigned i = 0; i < op->numResults(); ++i)
      res.push_back(makeTracer(ctx, op->result(i)));
    sharding::resultShardings(res, 0, t0.outLeaves, false);
    return unflatten(t0.outDef, res);
  });
}
} // namespace

Value cond(Evaluator &ev, const Value &pred, const Value &trueFun,
           const Value &falseFun, const std::vector<Value> &operands) {
  if (pred.isNone())
    raise("TypeError", "cond predicate is None");
  if (!pred.isArrayLike())
    raise("TypeError", "Pred must be a scalar, got " + ev.repr(pred) + " of type " +
                           typeName(pred));
  TensorType pt = abstractType(pred);
  if (pt.rank() != 0)
    raise("TypeError", "Pred must be a scalar, got " + ev.repr(pred) + " of shape " +
                           shapeToPython(pt.shape) + ".");
  if (!trueFun.isCallableKind() || !falseFun.isCallableKind())
    raise("TypeError", "true_fun and false_fun arguments should be callable.");
  if (ev.disableJitDepth > 0 && !pred.isTracer()) {
    bool p = ev.truthy(pred);
    return ev.callLabelled(p ? trueFun : falseFun, operands,
                           p ? "cond true_fun" : "cond false_fun", ev.currentLoc());
  }
  // cond(p, t, f) is switch(int(p != 0), [f, t]).
  Value p = pred;
  if (pt.dtype != DType::Bool)
    p = jnp::compare(ev, CmpOpKind::NotEq, p, Value::integer(0));
  Value index = prims::convert(ev, p, DType::I32);
  return branches(ev, index, {falseFun, trueFun}, {"false_fun", "true_fun"}, operands,
                  "cond");
}

Value switchOp(Evaluator &ev, const Value &index, const std::vector<Value> &fns,
               const std::vector<Value> &operands) {
  if (fns.empty())
    raise("ValueError", "Empty branch sequence");
  if (!index.isArrayLike() || isFloat(abstractType(index).dtype) ||
      abstractType(index).dtype == DType::Bool) {
    std::string desc = index.isArrayLike() ? ev.repr(index) + " as " +
                                                 std::string(dtypeName(abstractType(index).dtype))
                                           : ev.repr(index);
    raise("TypeError", "Index type must be an integer, got " + desc + ".");
  }
  TensorType it = abstractType(index);
  if (it.rank() != 0)
    raise("TypeError", "Branch index must be scalar, got " + ev.repr(index) + " of shape " +
                           shapeToPython(it.shape) + ".");
  if (fns.size() == 1)
    return ev.callLabelled(fns[0], operands, "switch branch 0", ev.currentLoc());
  if (ev.disableJitDepth > 0 && !index.isTracer()) {
    int64_t i = std::clamp<int64_t>(ev.toIndex(index, "index"), 0, int64_t(fns.size()) - 1);
    return ev.callLabelled(fns[size_t(i)], operands, "switch branch " + std::to_string(i),
                           ev.currentLoc());
  }
  std::vector<std::string> names;
  for (size_t i = 0; i < fns.size(); ++i)
    names.push_back(i == 0 ? "branch 0" : "branch" + std::to_string(i));
  return branches(ev, prims::convert(ev, index, DType::I32), fns, names, operands, "switch");
}

} // namespace parax::frontend::lax
