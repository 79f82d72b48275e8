//===- Install.cpp - jax's sharding names and keywords ---------------------===//
//
// The `_parax_sharding` module (what jax.sharding.py needs from C++: attach
// a sharding to an array, read it back, the plain view), jax.device_put's
// sharding argument, the out_sharding=/device= keywords of jnp and
// jax.random functions, jax.debug.visualize_array_sharding, and lax's
// collectives, which inside a shard_map body may name mesh axes (they go to
// jax.experimental.shard_map, which writes them on the body's pmap axis).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Blockwise.h"
#include "frontend/lib/sharding/Vma.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Jit.h"
#include "frontend/tracing/Promotion.h"
#include "frontend/tracing/Trace.h"

#include <map>
#include <set>

namespace parax::frontend::sharding {

int &outShardingDepth();
void installPropagation();
void installJitHooks();
void installPartition();
void installArrayStorage();

namespace {
int gBodyDepth = 0; ///< shard_map bodies being traced.
/// Per eager shard_map body being traced: its print() calls as
/// (args tuple, kwargs dict).
std::vector<std::vector<Value>> gPrints;

Value pyAttr(Evaluator &ev, const std::string &module, const std::string &name, Loc loc) {
  return ev.getAttr(ev.importModule(module, loc), name, loc);
}

/// Removes keyword `name` from `a`, returning it (None if absent).
Value popKw(CallArgs &a, const std::string &name) {
  for (size_t i = 0; i < a.kwargs.size(); ++i)
    if (a.kwargs[i].first == name) {
      Value v = a.kwargs[i].second;
      a.kwargs.erase(a.kwargs.begin() + long(i));
      return v;
    }
  return Value::none();
}

/// Functions that can make a sharded result one device block at a time:
/// the position of their shape argument and whether they draw random bits.
struct BlockwiseFn {
  size_t shapePos;
  bool random;
};
const BlockwiseFn *blockwiseFn(const std::string &qualname) {
  static const std::map<std::string, BlockwiseFn> fns = {
      {"jax.random.uniform", {1, true}},     {"jax.random.normal", {1, true}},
      {"jax.random.randint", {1, true}},     {"jax.random.gumbel", {1, true}},
      {"jax.random.exponential", {1, true}}, {"jax.random.bits", {1, true}},
      {"jax.random.truncated_normal", {3, true}}, {"jax.random.bernoulli", {2, true}},
      {"jax.numpy.zeros", {0, false}},       {"jax.numpy.ones", {0, false}},
      {"jax.numpy.full", {0, false}},        {"jax.numpy.empty", {0, false}}};
  auto it = fns.find(qualname);
  return it == fns.end() ? nullptr : &it->second;
}

/// f(..., out_sharding=s): runs f with the rules deferring to s, then
/// reshards the result onto s. `deviceKw`: creation functions' device=.
/// `likeFn`: zeros_like & co. keep their operand's sharding.
Value withOutSharding(Value f, bool deviceKw, bool likeFn) {
  std::string name = f.as<BuiltinFunction>()->name();
  return makeBuiltin(name, [f, deviceKw, likeFn, name](Evaluator &ev, CallArgs &a) -> Value {
    Value out = popKw(a, "out_sharding");
    Value dev = deviceKw ? popKw(a, "device") : Value::none();
    const BlockwiseFn *bw = blockwiseFn(name);
    if (bw && !ev.currentTrace() && (!out.isNone() || !dev.isNone())) {
      Value s = ev.call(pyAttr(ev, "jax.sharding", "_creation_sharding", a.loc),
                        std::vector<Value>{out, dev}, a.loc);
      if (!s.isNone()) {
        // One program over the mesh: each device computes only its block
        // (its counters, in place), as jit(f, out_sharding=...) would.
        ShardingPtr sp = fromPython(ev, s);
        int64_t n = 1;
        for (int64_t z : sp->axisSizes)
          n *= z;
        if (bw->random && !sp->replicated() && n >= 2 && n <= ev.options().numDevices) {
          // Keys and array parameters are the program's arguments; shapes,
          // dtypes and Python numbers are part of its cache key (one
          // compiled program per distinct call, as jit would keep).
          std::string key = name + "|" + sp->key() + "|" + (x64Enabled() ? "x64|" : "");
          std::vector<size_t> dynPos;
          std::vector<Value> dyn;
          bool cacheable = true;
          auto staticKey = [&](const Value &v) {
            if (v.isNone() || v.isBool() || v.isInt() || v.isFloat() || v.isStr())
              return true;
            if (v.isSequence()) {
              for (const Value &e : v.elements())
                if (!(e.isInt() || e.isFloat() || e.isBool()))
                  return false;
              return true;
            }
            std::string t = frontend::typeName(v);
            return t == "type" || t == "numpy.dtype";
          };
          for (size_t i = 0; i < a.args.size(); ++i) {
            const Value &v = a.args[i];
            std::string tn = frontend::typeName(v);
            bool typedKey = tn.size() >= 12 && tn.compare(tn.size() - 12, 12, "PRNGKeyArray") == 0;
            if (v.isArray() || v.isTracer() || typedKey) {
              dynPos.push_back(i);
              dyn.push_back(v);
              key += "A;";
            } else if (staticKey(v)) {
              key += frontend::typeName(v) + ":" + ev.repr(v) + ";";
            } else {
              cacheable = false;
            }
          }
          for (auto &kv : a.kwargs) {
            if (!staticKey(kv.second))
              cacheable = false;
            else
              key += kv.first + "=" + frontend::typeName(kv.second) + ":" + ev.repr(kv.second) + ";";
          }
          static std::map<std::string, std::shared_ptr<JitFunction>> programs;
          if (cacheable) {
            auto it = programs.find(key);
            if (it != programs.end()) {
              CallArgs ca;
              ca.args = dyn;
              ca.loc = a.loc;
              return it->second->call(ev, ca);
            }
          } else {
            dynPos.clear();
            dyn.clear();
          }
          CallArgs inner = a;
          for (size_t i : dynPos)
            inner.args[i] = Value::none(); // each call passes its own
          Value body = makeBuiltin(name, [f, inner, out, dev, s, dynPos](Evaluator &ev2,
                                                                        CallArgs &given) {
            CallArgs ca = inner;
            for (size_t i = 0; i < dynPos.size() && i < given.args.size(); ++i)
              ca.args[dynPos[i]] = given.args[i];
            ++outShardingDepth();
            Value r;
            try {
              r = ev2.call(f, ca);
            } catch (...) {
              --outShardingDepth();
              throw;
            }
            --outShardingDepth();
            return ev2.call(pyAttr(ev2, "jax.sharding", "_out_sharding", ca.loc),
                            std::vector<Value>{r, out, dev}, ca.loc);
          });
          auto jit = std::make_shared<JitFunction>(body, std::vector<int64_t>{},
                                                   std::vector<std::string>{});
          registerJitObject(ev, jit);
          if (cacheable) {
            if (programs.size() > 64)
              programs.clear();
            programs[key] = jit;
          }
          CallArgs ca;
          ca.args = dyn;
          ca.loc = a.loc;
          return jit->call(ev, ca);
        }
      }
      if (!s.isNone())
        if (auto r = makeBlockwise(ev, f, a, bw->shapePos, bw->random, s))
          return *r;
    }
    if (out.isNone() && dev.isNone()) {
      Value r = ev.call(f, a);
      // zeros_like & co. vary over the mesh axes their operand does (JAX).
      if (likeFn && !a.args.empty() && inBody() && r.isTracer())
        setVma(r, vmaOf(a.args[0]));
      if (likeFn && !a.args.empty() && r.isArrayValue())
        if (ShardingPtr s = shardingOf(a.args[0]))
          if (abstractType(r).shape == abstractType(a.args[0]).shape)
            return withSharding(ev, r, s);
      return r;
    }
    ++outShardingDepth();
    Value r;
    try {
      r = ev.call(f, a);
    } catch (...) {
      --outShardingDepth();
      throw;
    }
    --outShardingDepth();
    return ev.call(pyAttr(ev, "jax.sharding", "_out_sharding", a.loc),
                   std::vector<Value>{r, out, dev}, a.loc);
  });
}

void wrapModule(Evaluator &ev, ModuleObject &m, const std::set<std::string> &creation) {
  for (const std::string &name : m.attrNames()) {
    Value v;
    if (!m.getAttr(ev, name, v) || !v.as<BuiltinFunction>())
      continue;
    bool like = name.size() > 5 && name.substr(name.size() - 5) == "_like";
    m.set(name, withOutSharding(v, creation.count(name) > 0, like));
  }
}

/// A lax collective that first asks shard_map whether its axis names a
/// mesh axis of an enclosing shard_map body.
Value routed(const std::string &name, Value original) {
  return makeBuiltin("jax.lax." + name, [name, original](Evaluator &ev, CallArgs &a) -> Value {
    if (gBodyDepth > 0) {
      CallArgs ra = a;
      ra.args.insert(ra.args.begin(), Value::str(name));
      Value r = ev.call(pyAttr(ev, "jax.experimental.shard_map", "_route", a.loc), ra);
      if (r.elements()[0].asBool())
        return r.elements()[1];
      ev.setCurrentLoc(a.loc); // the op is the user's call, not _route's
    }
    return ev.call(original, a);
  });
}

Value forward(const std::string &module, const std::string &name) {
  return makeBuiltin("jax." + name, [module, name](Evaluator &ev, CallArgs &a) -> Value {
    return ev.call(pyAttr(ev, module, name, a.loc), a);
  });
}

} // namespace

bool capturePrint(const CallArgs &a) {
  if (gPrints.empty())
    return false;
  Value kw = Value::dict();
  for (auto &k : a.kwargs)
    kw.asDict().set(Value::str(k.first), k.second);
  gPrints.back().push_back(Value::tuple({Value::tuple(a.args), kw}));
  return true;
}

namespace {
void installModule(std::unordered_map<std::string, Value> &mods) {
  auto m = std::make_shared<ModuleObject>("_parax_sharding");
  m->def("attach", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "attach");
    return withSharding(ev, a.args[0], fromPython(ev, a.args[1]));
  });
  m->def("get", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "get");
    ShardingPtr s = shardingOf(a.args[0]);
    return s ? toPython(ev, *s) : Value::none();
  });
  m->def("unshard", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "unshard");
    if (a.args[0].isTracer())
      return shardingOf(a.args[0]) ? withSharding(ev, a.args[0], nullptr) : a.args[0];
    return unsharded(a.args[0]);
  });
  m->def("enter_body", [](Evaluator &, CallArgs &a) {
    std::vector<std::string> axes;
    if (!a.args.empty())
      for (const Value &n : a.args[0].elements())
        axes.push_back(n.asStr());
    ++gBodyDepth;
    enterBody(axes, a.args.size() < 2 || a.args[1].asBool());
    return Value::none();
  });
  m->def("exit_body", [](Evaluator &, CallArgs &) {
    --gBodyDepth;
    exitBody();
    return Value::none();
  });
  // A shard's data: the shard the array holds for mesh position `pos`, or
  // (an array held globally) its index range, made (and accounted) on the
  // shard's device.
  m->def("shard_data", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 4, 4, "shard_data");
    if (const auto *sa = a.args[0].as<ShardedArrayObj>()) {
      int64_t pos = a.args[3].asInt();
      if (!sa->shards.empty() && pos >= 0 && pos < int64_t(sa->shards.size()))
        return Value::array(sa->shards[size_t(pos)]);
    }
    int saved = currentDevice();
    setCurrentDevice(int(a.args[2].asInt()));
    Value r;
    try {
      Value x = a.args[0];
      if (x.isTracer() && shardingOf(x)) // parax check's abstract value
        x = withSharding(ev, x, nullptr);
      r = unsharded(ev.getItem(unsharded(x), a.args[1], a.loc));
    } catch (...) {
      setCurrentDevice(saved);
      throw;
    }
    setCurrentDevice(saved);
    return r;
  });
  // psum/pmax/pmin over the device groups of some mesh axes: the pmap
  // collective restricted to each group (see ThreadCommunicator).
  m->def("group_reduce", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 5, 5, "group_reduce");
    std::string kind = a.args[0].asStr();
    ir::OpKind k = kind == "pmax" ? ir::OpKind::Pmax
                   : kind == "pmin" ? ir::OpKind::Pmin
                                    : ir::OpKind::Psum;
    std::vector<int64_t> groups;
    for (const Value &g : a.args[3].elements())
      groups.push_back(g.asInt());
    Value x = a.args[1];
    return bind1(ev, k, {x},
                 ir::Attrs{{"axis_name", a.args[2].asStr()}, {"groups", groups},
                           {"group_size", a.args[4].asInt()}},
                 abstractType(x));
  });
  // all_gather over the device groups of some mesh axes: each device gets
  // its group's operands only (see ThreadCommunicator::allGather).
  m->def("group_gather", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 6, 6, "group_gather");
    Value x = a.args[0];
    std::vector<int64_t> groups;
    for (const Value &g : a.args[2].elements())
      groups.push_back(g.asInt());
    int64_t m = a.args[3].asInt(), axis = a.args[4].asInt();
    bool tiled = a.args[5].asBool();
    TensorType t = abstractType(x);
    if (tiled)
      t.shape[size_t(axis)] *= m;
    else
      t.shape.insert(t.shape.begin() + axis, m);
    return bind1(ev, ir::OpKind::AllGather, {x},
                 ir::Attrs{{"axis_name", a.args[1].asStr()}, {"axis", axis},
                           {"tiled", int64_t(tiled)}, {"groups", groups}, {"group_size", m}},
                 t);
  });
  m->def("in_trace", [](Evaluator &ev, CallArgs &) {
    return Value::boolean(ev.currentTrace() != nullptr);
  });
  m->def("is_tracer", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "is_tracer");
    return Value::boolean(a.args[0].isTracer());
  });
  m->def("begin_print_capture", [](Evaluator &, CallArgs &) {
    gPrints.emplace_back();
    return Value::none();
  });
  m->def("end_print_capture", [](Evaluator &, CallArgs &) {
    if (gPrints.empty())
      return Value::list({});
    Value r = Value::list(gPrints.back());
    gPrints.pop_back();
    return r;
  });
  m->def("get_vma", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "get_vma");
    std::vector<Value> axes;
    for (const std::string &s : vmaOf(a.args[0]))
      axes.push_back(Value::str(s));
    return Value::tuple(axes);
  });
  m->def("set_vma", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "set_vma");
    std::vector<std::string> axes;
    for (const Value &n : a.args[1].elements())
      axes.push_back(n.asStr());
    Value v = a.args[0];
    // A concrete value marked varying in a body becomes a traced one (a
    // constant carries no vma of its own).
    if (!axes.empty() && !v.isTracer() && v.isArray() && ev.currentTrace() && inBody())
      v = bind1(ev, ir::OpKind::Reshape, {v}, {}, abstractType(v));
    setVma(v, axes);
    return v;
  });
  mods["_parax_sharding"] = Value::object(Value::Kind::Native, m);
}
} // namespace

void installSharding(Evaluator &ev, std::unordered_map<std::string, Value> &mods) {
  installPropagation();
  installJitHooks();
  installPartition();
  installArrayStorage();
  installModule(mods);
  auto *jax = mods["jax"].as<ModuleObject>();
  auto *jnp = mods["jax.numpy"].as<ModuleObject>();
  auto *lax = mods["jax.lax"].as<ModuleObject>();
  auto *random = mods["jax.random"].as<ModuleObject>();
  auto *debug = mods["jax.debug"].as<ModuleObject>();
  if (!jax || !jnp || !lax || !random || !debug)
    return;
  static const std::set<std::string> creation = {
      "zeros", "ones", "full", "empty", "arange", "zeros_like", "ones_like", "full_like",
      "empty_like", "eye", "identity", "linspace", "array", "asarray", "tri"};
  wrapModule(ev, *jnp, creation);
  wrapModule(ev, *random, {});
  // lax functions that take out_sharding= in JAX's Explicit mode.
  for (const char *c : {"dot_general", "reshape", "broadcast_in_dim", "broadcast", "full",
                        "iota", "broadcasted_iota", "full_like"}) {
    Value v;
    if (lax->getAttr(ev, c, v) && v.as<BuiltinFunction>())
      lax->set(c, withOutSharding(v, false, std::string(c) == "full_like"));
  }
  for (const char *c : {"psum", "pmean", "pmax", "pmin", "all_gather", "ppermute", "axis_index",
                        "axis_size"}) {
    Value v;
    if (lax->getAttr(ev, c, v))
      lax->set(c, routed(c, v));
  }
  lax->set("pcast", forward("jax.experimental.shard_map", "pcast"));
  lax->set("pvary", forward("jax.experimental.shard_map", "pvary"));
  lax->set("with_sharding_constraint", forward("jax.sharding", "with_sharding_constraint"));
  debug->set("visualize_array_sharding", forward("jax.sharding", "visualize_array_sharding"));
  debug->set("visualize_sharding", forward("jax.sharding", "visualize_sharding"));
  // jit(f, in_shardings=, out_shardings=): the arguments are put and the
  // results resharded around the jitted function.
  Value jit;
  if (jax->getAttr(ev, "jit", jit)) {
    auto wrapped = std::make_shared<Value>();
    *wrapped = makeBuiltin("jax.jit", [jit, wrapped](Evaluator &ev, CallArgs &a) -> Value {
      Value in = popKw(a, "in_shardings"), out = popKw(a, "out_shardings");
      if (in.isNone() && out.isNone())
        return ev.call(jit, a);
      bool hasFun = !a.args.empty();
      for (auto &kw : a.kwargs)
        hasFun |= kw.first == "fun";
      if (!hasFun) {
        // @jax.jit(out_shardings=...): a decorator.
        CallArgs opts = a;
        Value self = *wrapped;
        return makeBuiltin("jit.<locals>.decorator", [opts, in, out, self](Evaluator &ev,
                                                                          CallArgs &d) {
          CallArgs ca = opts;
          ca.args = d.args;
          ca.kwargs.emplace_back("in_shardings", in);
          ca.kwargs.emplace_back("out_shardings", out);
          ca.loc = d.loc;
          return ev.call(self, ca);
        });
      }
      Value jitted = ev.call(jit, a);
      return ev.call(pyAttr(ev, "jax.sharding", "_JitWithShardings", a.loc),
                     std::vector<Value>{jitted, in, out}, a.loc);
    });
    jax->set("jit", *wrapped);
  }
  // grad / value_and_grad: as in JAX, a gradient has its primal's sharding;
  // the backward pass's ops (transposed dots whose contracting dims are
  // split on both sides) are resolved by that, not by the rules.
  for (const char *name : {"grad", "value_and_grad"}) {
    Value orig;
    if (!jax->getAttr(ev, name, orig))
      continue;
    std::string kind = name;
    jax->set(name, makeBuiltin(std::string("jax.") + name, [orig, kind](Evaluator &ev,
                                                                         CallArgs &a) -> Value {
      Value g = ev.call(orig, a);
      Value argnums = Value::integer(0), hasAux = Value::boolean(false);
      for (auto &kw : a.kwargs) {
        if (kw.first == "argnums")
          argnums = kw.second;
        if (kw.first == "has_aux")
          hasAux = kw.second;
      }
      if (a.args.size() > 1)
        argnums = a.args[1];
      if (a.args.size() > 2)
        hasAux = a.args[2];
      return makeBuiltin("jax." + kind + ".<locals>.f",
                         [g, kind, argnums, hasAux](Evaluator &ev, CallArgs &c) -> Value {
                           if (!anySharded())
                             return ev.call(g, c);
                           ++outShardingDepth();
                           Value r;
                           try {
                             r = ev.call(g, c);
                           } catch (...) {
                             --outShardingDepth();
                             throw;
                           }
                           --outShardingDepth();
                           return ev.call(pyAttr(ev, "jax.sharding", "_grads_like_primals", c.loc),
                                          std::vector<Value>{Value::str(kind), r,
                                                             Value::tuple(c.args), argnums, hasAux},
                                          c.loc);
                         });
    }));
  }
  // device_put(x, sharding): a sharding or PartitionSpec goes to jax.sharding.
  Value put;
  if (jax->getAttr(ev, "device_put", put)) {
    jax->set("device_put", makeBuiltin("jax.device_put", [put](Evaluator &ev, CallArgs &a) {
      Value target = a.args.size() > 1 ? a.args[1] : Value::none();
      for (auto &kw : a.kwargs)
        if (kw.first == "device")
          target = kw.second;
      auto *n = target.asNative();
      if (target.isNone() || (n && n->typeName() == "Device"))
        return ev.call(put, a); // a Device (or none)
      return ev.call(pyAttr(ev, "jax.sharding", "device_put", a.loc), a);
    }));
  }
}

} // namespace parax::frontend::sharding
