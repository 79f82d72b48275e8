//===- JaxCustomDerivatives.cpp - jax.custom_jvp and jax.custom_vjp -------===//
//
// Under a differentiating trace, a call of a custom_jvp/custom_vjp function
// is recorded as a one-branch cond (index 0) whose branch is the function
// itself and whose attr "custom_rule" names the call's entry here (the
// Python rules and the non-differentiated arguments). The primal program
// runs the branch; the autodiff replay calls the user's rules instead of
// differentiating the branch:
// - custom_vjp: reverse mode runs fwd (residuals) and bwd; forward mode is
//   JAX's TypeError.
// - custom_jvp: forward mode runs the jvp rule; reverse mode traces the rule's
//   tangent output as a function of the tangents (linear in them) and takes
//   its vjp, which is the transpose JAX would compute.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Modules.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/Staging.h"
#include "frontend/lib/autodiff/Autodiff.h"
#include "frontend/machine/Evaluator.h"

#include <algorithm>

namespace parax::frontend {

using ad::Vals;

namespace {

struct CustomState {
  bool isVjp = false;
  Value fun;
  std::vector<int64_t> nondiff;
  Value jvpRule;        ///< custom_jvp
  Value fwd, bwd;       ///< custom_vjp
  std::string name;
};

/// One recorded call: the rules plus what the replay needs to rebuild it.
struct CustomCall {
  std::shared_ptr<CustomState> state;
  CallArgs args;      ///< The original call (non-differentiated args kept).
  std::vector<size_t> diffPos;
  TreeDef diffDef;    ///< Tuple of the differentiated arguments.
  TreeDef outDef;
};

std::vector<std::shared_ptr<CustomCall>> &callRegistry() {
  static std::vector<std::shared_ptr<CustomCall>> r;
  return r;
}

const CustomCall *customCallOf(const ir::Operation &op) {
  if (op.kind() != ir::OpKind::Cond || !op.attrs().has("custom_rule"))
    return nullptr;
  return callRegistry()[size_t(op.attrs().getInt("custom_rule"))].get();
}

bool differentiating(Evaluator &ev) {
  for (TraceContext *t : ev.traceStack())
    if (t->kind == "grad" || t->kind == "value_and_grad" || t->kind == "jvp" ||
        t->kind == "vjp" || t->kind == "jacfwd" || t->kind == "jacrev")
      return true;
  return false;
}

/// The call's arguments with the differentiated ones replaced by `leaves`.
std::vector<Value> rebuildArgs(const CustomCall &c, const Vals &leaves) {
  std::vector<Value> args = c.args.args;
  Value tup = unflatten(c.diffDef, leaves);
  for (size_t i = 0; i < c.diffPos.size(); ++i)
    args[c.diffPos[i]] = tup.elements()[i];
  return args;
}

std::vector<Value> nondiffArgs(const CustomCall &c) {
  std::vector<Value> r;
  for (int64_t k : c.state->nondiff)
    if (size_t(k) < c.args.args.size())
      r.push_back(c.args.args[size_t(k)]);
  return r;
}

Value diffTuple(const CustomCall &c, const Vals &leaves) { return unflatten(c.diffDef, leaves); }

Value callCustom(Evaluator &ev, const std::shared_ptr<CustomState> &st, CallArgs &a) {
  if (st->isVjp ? st->fwd.isNone() : st->jvpRule.isNone())
    if (differentiating(ev))
      raise("AttributeError",
            std::string("No ") + (st->isVjp ? "VJP" : "JVP") + " defined for custom_" +
                (st->isVjp ? "vjp" : "jvp") + " function " + st->name + " using def" +
                (st->isVjp ? "vjp" : "jvp") + ".",
            st->isVjp ? "call f.defvjp(f_fwd, f_bwd) before differentiating f"
                      : "call f.defjvp(f_jvp) before differentiating f");
  TraceContext *ctx = ev.currentTrace();
  if (!ctx || !differentiating(ev) || !a.kwargs.empty())
    return ev.call(st->fun, a);
  auto call = std::make_shared<CustomCall>();
  call->state = st;
  call->args = a;
  std::vector<Value> chosen;
  for (size_t i = 0; i < a.args.size(); ++i)
    if (std::find(st->nondiff.begin(), st->nondiff.end(), int64_t(i)) == st->nondiff.end()) {
      call->diffPos.push_back(i);
      chosen.push_back(a.args[i]);
    }
  Vals leaves;
  call->diffDef = flatten(ev, Value::tuple(chosen), leaves);
  std::vector<TensorType> types;
  for (const Value &l : leaves) {
    if (!l.isArrayLike())
      raise("TypeError", "custom_" + std::string(st->isVjp ? "vjp" : "jvp") + " function " +
                             st->name + " got an argument " + ev.repr(l) + " of type " +
                             typeName(l) + "; pass non-array arguments with nondiff_argnums");
    types.push_back(abstractType(l));
  }
  callRegistry().push_back(call);
  int64_t id = int64_t(callRegistry().size() - 1);
  Loc loc = ev.currentLoc();
  size_t before = ctx->block->operations().size();
  try {
    std::vector<ir::Value *> ins{
        materialize(ev, *ctx, Value::array(Array::scalarInt(DType::I32, 0)))};
    for (const Value &l : leaves)
      ins.push_back(materialize(ev, *ctx, l));
    ir::Builder b(ctx->block);
    ir::Operation *op = b.create(ir::OpKind::Cond, ins, {}, ir::Attrs{{"custom_rule", id}}, loc,
                                 ev.callStack(), 1);
    BodyTrace bt = traceBody(
        ev, *ctx, &op->region(0).front(), types,
        [&](const std::vector<Value> &args) {
          CallArgs ca;
          ca.args = rebuildArgs(*call, args);
          ca.loc = a.loc;
          return ev.call(st->fun, ca);
        },
        st->name, "custom", st->name);
    ev.setCurrentLoc(loc);
    call->outDef = bt.outDef;
    emitYield(ev, bt, bt.outLeaves);
    for (ir::Value *v : op->region(0).front().terminator()->operands())
      op->addResult(v->type());
    Vals res;
    for (unsigned i = 0; i < op->numResults(); ++i)
      res.push_back(makeTracer(*ctx, op->result(i)));
    return unflatten(call->outDef, res);
  } catch (...) {
    discardOpsAfter(*ctx, before);
    throw;
  }
}

/// A value returned by a rule, as the result type `t`.
Value asResult(Evaluator &ev, const Value &v, const TensorType &t, const std::string &what) {
  if (!v.isArrayLike())
    raise("TypeError", what + " returned " + ev.repr(v) + " of type " + typeName(v) +
                           ", which is not a valid JAX type");
  TensorType vt = abstractType(v);
  if (vt.shape != t.shape)
    raise("ValueError", what + " returned a value of shape " + shapeToPython(vt.shape) +
                            " where the function's output has shape " + shapeToPython(t.shape));
  return prims::convert(ev, v, t.dtype, t.weak);
}

/// Flattens a rule's output against the function's output structure.
Vals outLeavesOf(Evaluator &ev, const Value &out, const CustomCall &c, const std::string &what) {
  Vals leaves;
  TreeDef d = flatten(ev, out, leaves);
  if (d != c.outDef)
    raise("TypeError", what + " must produce primal and tangent outputs with the same "
                              "container (pytree) structure as the function's output " +
                              c.outDef.str(ev) + ", but got " + d.str(ev) + ".");
  return leaves;
}

} // namespace

/// jax.checkpoint: under a differentiating trace the call becomes a
/// one-branch cond; reverse mode's cond rule recomputes a branch inside the
/// backward cond instead of keeping its intermediates (rematerialisation).
Value callCheckpointed(Evaluator &ev, const Value &fun, CallArgs &a) {
  TraceContext *ctx = ev.currentTrace();
  if (!ctx || !differentiating(ev) || !a.kwargs.empty())
    return ev.call(fun, a);
  Vals leaves;
  TreeDef def = flatten(ev, Value::tuple(a.args), leaves);
  std::vector<size_t> arrayPos;
  Vals arrays;
  std::vector<TensorType> types;
  for (size_t i = 0; i < leaves.size(); ++i)
    if (leaves[i].isArrayLike()) {
      arrayPos.push_back(i);
      arrays.push_back(leaves[i]);
      types.push_back(abstractType(leaves[i]));
    }
  Loc loc = ev.currentLoc();
  size_t before = ctx->block->operations().size();
  try {
    std::vector<ir::Value *> ins{
        materialize(ev, *ctx, Value::array(Array::scalarInt(DType::I32, 0)))};
    for (const Value &l : arrays)
      ins.push_back(materialize(ev, *ctx, l));
    ir::Builder b(ctx->block);
    ir::Operation *op = b.create(ir::OpKind::Cond, ins, {}, ir::Attrs{{"remat", int64_t(1)}}, loc,
                                 ev.callStack(), 1);
    BodyTrace bt = traceBody(
        ev, *ctx, &op->region(0).front(), types,
        [&](const std::vector<Value> &args) {
          Vals all = leaves;
          for (size_t k = 0; k < arrayPos.size(); ++k)
            all[arrayPos[k]] = args[k];
          CallArgs ca;
          ca.args = unflatten(def, all).elements();
          ca.loc = a.loc;
          return ev.call(fun, ca);
        },
        "checkpoint", "checkpoint", callableName(fun));
    ev.setCurrentLoc(loc);
    emitYield(ev, bt, bt.outLeaves);
    for (ir::Value *v : op->region(0).front().terminator()->operands())
      op->addResult(v->type());
    Vals res;
    for (unsigned i = 0; i < op->numResults(); ++i)
      res.push_back(makeTracer(*ctx, op->result(i)));
    return unflatten(bt.outDef, res);
  } catch (...) {
    discardOpsAfter(*ctx, before);
    throw;
  }
}

namespace ad {

bool customJvp(Evaluator &ev, const ir::Operation &op, Env &env) {
  const CustomCall *c = customCallOf(op);
  if (!c)
    return false;
  bool any = false;
  for (unsigned i = 1; i < op.numOperands(); ++i)
    any |= !env.getTangent(op.operand(i)).isNone();
  if (!any) {
    replayRegionPrimal(ev, op, env);
    return true;
  }
  if (c->state->isVjp)
    raise("TypeError", "can't apply forward-mode autodiff (jvp) to a custom_vjp function.",
          "use reverse mode (jax.grad, jax.vjp, jax.jacrev) on " + c->state->name +
              ", or define it with jax.custom_jvp");
  Vals ps, ts;
  for (unsigned i = 1; i < op.numOperands(); ++i) {
    ps.push_back(env.getPrimal(op.operand(i)));
    ts.push_back(instantiate(ev, env.getTangent(op.operand(i)), op.operand(i)->type()));
  }
  std::vector<Value> args = nondiffArgs(*c);
  args.push_back(diffTuple(*c, ps));
  args.push_back(diffTuple(*c, ts));
  Value r = ev.call(c->state->jvpRule, args, op.loc());
  std::string what = "the custom_jvp rule of " + c->state->name;
  if (!r.isSequence() || r.elements().size() != 2)
    raise("TypeError", what + " must return a pair (primal_out, tangent_out), got " + ev.repr(r));
  Vals po = outLeavesOf(ev, r.elements()[0], *c, what);
  Vals to = outLeavesOf(ev, r.elements()[1], *c, what);
  for (unsigned i = 0; i < op.numResults(); ++i) {
    env.primal[op.result(i)] = asResult(ev, po[i], op.result(i)->type(), what);
    if (differentiable(op.result(i)->type()))
      env.tangent[op.result(i)] = asResult(ev, to[i], op.result(i)->type(), what);
  }
  return true;
}

bool customFwd(Evaluator &ev, const ir::Operation &op, Env &env) {
  const CustomCall *c = customCallOf(op);
  if (!c || !c->state->isVjp)
    return false; // custom_jvp: the function itself is the forward pass
  Vals ps;
  for (unsigned i = 1; i < op.numOperands(); ++i)
    ps.push_back(env.getPrimal(op.operand(i)));
  std::vector<Value> args = rebuildArgs(*c, ps);
  Value r = ev.call(c->state->fwd, args, op.loc());
  std::string what = "the custom_vjp fwd of " + c->state->name;
  if (!r.isSequence() || r.elements().size() != 2)
    raise("TypeError", what + " must return a pair (output, residuals), got " + ev.repr(r));
  Vals po = outLeavesOf(ev, r.elements()[0], *c, what);
  for (unsigned i = 0; i < op.numResults(); ++i)
    env.primal[op.result(i)] = asResult(ev, po[i], op.result(i)->type(), what);
  Vals res;
  env.savedDef[&op] = flatten(ev, r.elements()[1], res);
  env.saved[&op] = res;
  return true;
}

bool customBwd(Evaluator &ev, const ir::Operation &op, Env &env) {
  const CustomCall *c = customCallOf(op);
  if (!c)
    return false;
  std::vector<TensorType> types;
  Vals ps;
  for (unsigned i = 1; i < op.numOperands(); ++i) {
    types.push_back(op.operand(i)->type());
    ps.push_back(env.getPrimal(op.operand(i)));
  }
  Vals cts;
  for (unsigned i = 0; i < op.numResults(); ++i)
    cts.push_back(differentiable(op.result(i)->type())
                      ? instantiate(ev, env.getCt(op.result(i)), op.result(i)->type())
                      : Value());
  Vals g(types.size());
  if (c->state->isVjp) {
    std::string what = "the custom_vjp bwd of " + c->state->name;
    auto it = env.saved.find(&op);
    PARAX_ASSERT(it != env.saved.end()) << "custom_vjp without residuals";
    std::vector<Value> args = nondiffArgs(*c);
    args.push_back(unflatten(env.savedDef[&op], it->second));
    Vals ctl;
    for (unsigned i = 0; i < op.numResults(); ++i)
      ctl.push_back(cts[i].isNone() ? zerosOf(ev, op.result(i)->type()) : cts[i]);
    args.push_back(unflatten(c->outDef, ctl));
    Value r = ev.call(c->state->bwd, args, op.loc());
    size_t nDiff = c->diffPos.size();
    if (!r.isTuple() || r.elements().size() != nDiff)
      raise("TypeError", what + " must return a tuple with one cotangent per differentiated "
                                "argument (" + std::to_string(nDiff) + "), got " + ev.repr(r),
            "return a tuple, e.g. (g_x,) for one argument");
    // Each entry has its argument's structure (None for zero).
    size_t leaf = 0;
    for (size_t k = 0; k < nDiff; ++k) {
      size_t n = c->diffDef.children[k].numLeaves();
      const Value &e = r.elements()[k];
      if (!e.isNone()) {
        Vals el;
        flatten(ev, e, el);
        if (el.size() != n)
          raise("TypeError", what + " returned a cotangent with " + std::to_string(el.size()) +
                                 " leaves for an argument with " + std::to_string(n));
        for (size_t j = 0; j < n; ++j)
          g[leaf + j] = asResult(ev, el[j], types[leaf + j], what);
      }
      leaf += n;
    }
  } else {
    // The jvp rule's tangent output is linear in the tangents: its vjp
    // with respect to them is the transpose.
    TracedFn lin = traceFn(
        ev, types,
        [&](const Vals &ts) {
          std::vector<Value> args = nondiffArgs(*c);
          args.push_back(diffTuple(*c, ps));
          args.push_back(diffTuple(*c, ts));
          Value r = ev.call(c->state->jvpRule, args, op.loc());
          if (!r.isSequence() || r.elements().size() != 2)
            raise("TypeError", "the custom_jvp rule of " + c->state->name +
                                   " must return a pair (primal_out, tangent_out)");
          return r.elements()[1];
        },
        "jvp");
    Env e2;
    Vals zeros;
    for (const TensorType &t : types)
      zeros.push_back(zerosOf(ev, t));
    forwardTraced(ev, lin, zeros, e2);
    g = backwardTraced(ev, lin, e2, cts);
  }
  for (size_t i = 0; i < g.size(); ++i)
    env.addCt(ev, op.operand(unsigned(i + 1)), g[i]);
  return true;
}

} // namespace ad

namespace {

/// The object jax.custom_jvp / jax.custom_vjp return.
class CustomFunction : public NativeObject {
public:
  explicit CustomFunction(std::shared_ptr<CustomState> s) : st_(std::move(s)) {}
  std::string typeName() const override {
    return st_->isVjp ? "jax.custom_vjp" : "jax.custom_jvp";
  }
  std::string repr() const override { return "<" + typeName() + " " + st_->name + ">"; }
  bool callable() const override { return true; }
  Value call(Evaluator &ev, CallArgs &args) override { return callCustom(ev, st_, args); }
  bool getAttr(Evaluator &ev, const std::string &name, Value &out) override {
    auto st = st_;
    if (name == "defvjp" && st->isVjp) {
      out = makeBuiltin("defvjp", [st](Evaluator &, CallArgs &a) {
        bindArgs(a, {"fwd", "bwd", "symbolic_zeros", "optimize_remat"}, 2, "defvjp");
        st->fwd = a.args[0];
        st->bwd = a.args[1];
        return Value();
      });
      return true;
    }
    if (name == "defjvp" && !st->isVjp) {
      out = makeBuiltin("defjvp", [st](Evaluator &, CallArgs &a) {
        bindArgs(a, {"jvp", "symbolic_zeros"}, 1, "defjvp");
        st->jvpRule = a.args[0];
        return a.args[0]; // usable as a decorator
      });
      return true;
    }
    if (name == "__name__") {
      out = Value::str(st->name);
      return true;
    }
    if (name == "fun" || name == "__wrapped__") {
      out = st->fun;
      return true;
    }
    (void)ev;
    return false;
  }

private:
  std::shared_ptr<CustomState> st_;
};

Value makeCustom(Evaluator &ev, CallArgs &a, bool isVjp) {
  const char *fn = isVjp ? "custom_vjp" : "custom_jvp";
  bindArgs(a, {"fun", "nondiff_argnums"}, 0, fn);
  std::vector<int64_t> nd;
  Value ndv = argOr(a, 1, "nondiff_argnums");
  if (ndv.isSequence())
    for (const Value &e : ndv.elements())
      nd.push_back(ev.toIndex(e, "nondiff_argnums"));
  else if (!ndv.isNone())
    nd.push_back(ev.toIndex(ndv, "nondiff_argnums"));
  if (a.args.empty() || a.args[0].isNone()) {
    // @partial(jax.custom_vjp, nondiff_argnums=...) passes fun later.
    return makeBuiltin(std::string(fn) + ".<locals>.decorator", [nd, isVjp](Evaluator &ev, CallArgs &d) {
      CallArgs c;
      c.args = d.args;
      c.kwargs = {{"nondiff_argnums", Value::tuple([&] {
                     Vals v;
                     for (int64_t k : nd)
                       v.push_back(Value::integer(k));
                     return v;
                   }())}};
      return makeCustom(ev, c, isVjp);
    });
  }
  if (!a.args[0].isCallableKind())
    raise("TypeError", "Expected a callable value, got " + ev.repr(a.args[0]));
  auto st = std::make_shared<CustomState>();
  st->isVjp = isVjp;
  st->fun = a.args[0];
  st->nondiff = nd;
  st->name = callableName(a.args[0]);
  return Value::object(Value::Kind::Native, std::make_shared<CustomFunction>(st));
}

} // namespace

void installCustomDerivatives(Evaluator &, ModuleObject &jax) {
  jax.def("custom_jvp", [](Evaluator &ev, CallArgs &a) { return makeCustom(ev, a, false); });
  jax.def("custom_vjp", [](Evaluator &ev, CallArgs &a) { return makeCustom(ev, a, true); });
}

} // namespace parax::frontend
