//===- Modules.cpp - the built-in modules bound by import -----------------===//
//
// Builds the module objects `import` binds: jax (with numpy, lax, random,
// debug, tree_util, nn as attributes), numpy (lib/NumpyModule.cpp), math,
// time and functools. jnp and lax functions accept numpy arrays, converted
// as JAX converts them (float64 -> float32).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/Modules.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Classes.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/Lax.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NpRandomModule.h"
#include "frontend/lib/NumpyArray.h"
#include "frontend/lib/Prims.h"
#include "frontend/lib/NumpyText.h"
#include "frontend/lib/SysModule.h"
#include "frontend/lib/sharding/Sharding.h"

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cmath>

namespace parax::frontend {

std::string PartialObject::repr() const { return "functools.partial(...)"; }

Value PartialObject::make(Value fn, std::vector<Value> args,
                          std::vector<std::pair<std::string, Value>> kwargs) {
  if (auto *inner = fn.as<PartialObject>()) {
    args.insert(args.begin(), inner->args_.begin(), inner->args_.end());
    std::vector<std::pair<std::string, Value>> merged = inner->kwargs_;
    for (auto &kw : kwargs) {
      auto it = std::find_if(merged.begin(), merged.end(),
                             [&](auto &k) { return k.first == kw.first; });
      if (it != merged.end())
        it->second = std::move(kw.second);
      else
        merged.push_back(std::move(kw));
    }
    kwargs = std::move(merged);
    Value innerFn = inner->fn_;
    fn = std::move(innerFn);
  }
  return Value::object(Value::Kind::Native,
                       std::make_shared<PartialObject>(std::move(fn), std::move(args),
                                                       std::move(kwargs)));
}

Value PartialObject::call(Evaluator &ev, CallArgs &args) {
  CallArgs a;
  a.args = args_;
  a.args.insert(a.args.end(), args.args.begin(), args.args.end());
  a.kwargs = kwargs_;
  for (auto &kw : args.kwargs) {
    bool replaced = false;
    for (auto &k : a.kwargs)
      if (k.first == kw.first) {
        k.second = kw.second;
        replaced = true;
      }
    if (!replaced)
      a.kwargs.push_back(kw);
  }
  a.loc = args.loc;
  return ev.call(fn_, a);
}

bool PartialObject::getAttr(Evaluator &, const std::string &name, Value &out) {
  if (name == "func") {
    out = fn_;
    return true;
  }
  if (name == "args") {
    out = Value::tuple(args_);
    return true;
  }
  if (name == "keywords") {
    out = Value::dict();
    for (auto &kw : kwargs_)
      out.asDict().set(Value::str(kw.first), kw.second);
    return true;
  }
  return false;
}

namespace {
std::shared_ptr<ModuleObject> newModule(const std::string &name) {
  return std::make_shared<ModuleObject>(name);
}
Value wrap(const std::shared_ptr<ModuleObject> &m) {
  return Value::object(Value::Kind::Native, m);
}

void setDTypes(ModuleObject &m) {
  for (int i = 0; i < kNumDTypes; ++i) {
    DType t = DType(i);
    m.set(std::string(dtypeName(t)), Value::dtype(t, true));
  }
  m.set("bool_", Value::dtype(DType::Bool, true));
  // The 64-bit types are types of their own (jnp.float64 is not float32);
  // with x64 disabled, arrays requested in them are canonicalised to 32
  // bits where they are made (dtypeArg), as JAX does.
  m.set("double", Value::dtype(DType::F64, true));
  m.set("single", Value::dtype(DType::F32, true));
  m.set("half", Value::dtype(DType::F16, true));
  m.set("float_", Value::dtype(DType::F64, true));
  m.set("int_", Value::dtype(DType::I64, true));
}

void setConstants(ModuleObject &m) {
  m.set("pi", Value::floating(M_PI));
  m.set("e", Value::floating(M_E));
  m.set("inf", Value::floating(INFINITY));
  m.set("nan", Value::floating(NAN));
  m.set("newaxis", Value::none());
  m.set("euler_gamma", Value::floating(0.5772156649015329));
}

void installJnp(Evaluator &ev, ModuleObject &m) {
  setDTypes(m);
  setConstants(m);
  jnp::registerJnpElementwise(ev, m);
  jnp::registerJnpCreation(ev, m);
  jnp::registerJnpReductions(ev, m);
  jnp::registerJnpShape(ev, m);
  jnp::registerJnpLinalg(ev, m);
  jnp::registerJnpIndexing(ev, m);
  Value arrayType = makeType("jax.Array", [](const Value &v) { return v.isArrayValue(); }, nullptr);
  m.set("ndarray", arrayType);
  m.def("dtype", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "dtype");
    if (a.args[0].isArrayValue())
      return Value::dtype(prims::dtypeOf(a.args[0]));
    // numpy's dtype(): the type named, not canonicalised.
    return Value::dtype(*jnp::requestedDType(ev, a.args[0]));
  });
  m.def("promote_types", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "promote_types");
    DType x = *jnp::dtypeArg(ev, a.args[0]), y = *jnp::dtypeArg(ev, a.args[1]);
    return Value::dtype(promoteTypes({x, false}, {y, false}).dtype);
  });
  m.def("result_type", [](Evaluator &ev, CallArgs &a) {
    std::vector<WeakDType> ts;
    for (const Value &v : a.args) {
      if (v.isDType() || v.isStr())
        ts.push_back({*jnp::dtypeArg(ev, v), false});
      else
        ts.push_back(jnp::weakDTypeOf(v));
    }
    return Value::dtype(resultType(ts).dtype);
  });
  m.def("issubdtype", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "issubdtype");
    DType x = *jnp::dtypeArg(ev, a.args[0]);
    // An abstract category: jnp's (jax.numpy.inexact ...) or numpy's own
    // scalar classes (np.inexact ...), which JAX accepts too.
    const Value &cat = a.args[1];
    std::string name;
    if (cat.kind() == Value::Kind::Native) {
      name = cat.asNative()->repr();
      size_t dot = name.rfind('.');
      name = dot == std::string::npos ? name : name.substr(dot + 1);
      while (!name.empty() && !std::isalpha((unsigned char)name.back()))
        name.pop_back();
    } else if (ClassObj *c = asClass(cat)) {
      name = c->name();
    }
    if (name == "floating" || name == "inexact")
      return Value::boolean(isFloat(x));
    if (name == "signedinteger")
      return Value::boolean(isSigned(x));
    if (name == "unsignedinteger")
      return Value::boolean(isUnsigned(x));
    if (name == "integer")
      return Value::boolean(isInteger(x));
    if (name == "number")
      return Value::boolean(x != DType::Bool);
    if (name == "generic")
      return Value::boolean(true);
    if (name == "complexfloating")
      return Value::boolean(false);
    return Value::boolean(x == *jnp::dtypeArg(ev, cat));
  });
  for (const char *cat : {"floating", "integer", "signedinteger", "unsignedinteger", "number",
                          "inexact", "generic", "complexfloating"})
    m.set(cat, makeType(std::string("jax.numpy.") + cat, [](const Value &) { return false; },
                        nullptr));
}

/// jnp (and lax) functions see numpy arrays as JAX converts them
/// (float64 -> float32), wherever they are in the arguments.
Value acceptNumpyArgs(Value f) {
  auto *bf = f.as<BuiltinFunction>();
  std::string name = bf->name();
  return makeBuiltin(name, [f](Evaluator &ev, CallArgs &a) -> Value {
    for (Value &v : a.args)
      v = numpyArgsToJax(v);
    for (auto &kw : a.kwargs)
      kw.second = numpyArgsToJax(kw.second);
    return ev.call(f, a);
  });
}

void acceptNumpyArgsIn(Evaluator &ev, ModuleObject &m, int depth = 0) {
  for (const std::string &name : m.attrNames()) {
    Value v;
    m.getAttr(ev, name, v);
    if (v.kind() != Value::Kind::Native)
      continue;
    if (v.as<BuiltinFunction>())
      m.set(name, acceptNumpyArgs(v));
    else if (auto *sub = v.as<ModuleObject>(); sub && depth == 0)
      acceptNumpyArgsIn(ev, *sub, 1);
  }
}

/// jax.device_get hands back numpy arrays; device_put takes them.
void numpyDeviceTransfers(Evaluator &ev, ModuleObject &jax) {
  Value put;
  jax.set("device_get", makeBuiltin("jax.device_get", [](Evaluator &ev, CallArgs &a) {
              expectPositional(a, 1, 1, "device_get");
              Value r = a.args[0];
              std::function<Value(const Value &)> conv = [&](const Value &v) -> Value {
                if (v.isArray())
                  return wrapNumpyArray(v.asArray());
                if (v.isSequence()) {
                  std::vector<Value> out;
                  for (const Value &e : v.elements())
                    out.push_back(conv(e));
                  return v.isTuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
                }
                if (v.isDict()) {
                  Value d = Value::dict();
                  for (auto &kv : v.asDict().items())
                    d.asDict().set(kv.first, conv(kv.second));
                  return d;
                }
                return v;
              };
              return conv(r);
            }));
  if (jax.getAttr(ev, "device_put", put) && put.kind() == Value::Kind::Native)
    jax.set("device_put", acceptNumpyArgs(put));
}

void installNn(Evaluator &ev, ModuleObject &nn) {
  nn.def("sigmoid", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "sigmoid");
    Value x = jnp::asarray(ev, a.args[0], std::nullopt);
    WeakDType t = toInexact(jnp::weakDTypeOf(x));
    return prims::unary(ev, ir::OpKind::Logistic, prims::convert(ev, x, t.dtype, t.weak));
  });
  nn.def("relu", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "relu");
    // max(x, 0) as a select, so the gradient at 0 is 0 (JAX's rule), not
    // the half that max gives each side of a tie; NaN passes through.
    Value x = jnp::asarray(ev, a.args[0], std::nullopt);
    TensorType t = prims::typeOf(x);
    Value zero = prims::full(ev, t.shape, Value::integer(0), t.dtype, t.weak);
    Value keep = prims::binary(ev, ir::OpKind::Or, prims::compare(ev, ir::OpKind::Gt, x, zero),
                               prims::compare(ev, ir::OpKind::Ne, x, x));
    return prims::select(ev, keep, x, zero);
  });
  nn.def("softplus", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "softplus");
    return jnp::callByName(ev, "logaddexp", {a.args[0], Value::integer(0)});
  });
  nn.def("softmax", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "softmax");
    expectKeywords(a, {"axis", "where", "initial"}, "softmax");
    Value x = jnp::asarray(ev, a.args[0], std::nullopt);
    Value axis = argOr(a, 1, "axis", Value::integer(-1));
    // where=: masked-out entries take no part and come out 0.
    Value mask = argOr(a, 99, "where");
    Value xm = x;
    if (!mask.isNone())
      xm = jnp::callByName(ev, "where", {mask, x, Value::floating(-INFINITY)});
    CallArgs m;
    m.args = {xm, axis};
    m.kwargs = {{"keepdims", Value::boolean(true)}};
    Value mx = ev.call(ev.getAttr(ev.importModule("jax.numpy", a.loc), "max", a.loc), m);
    Value e = jnp::callByName(ev, "exp", {ev.binary(BinOpKind::Sub, x, mx, a.loc)});
    if (!mask.isNone())
      e = jnp::callByName(ev, "where", {mask, e, Value::floating(0.0)});
    CallArgs s;
    s.args = {e, axis};
    s.kwargs = {{"keepdims", Value::boolean(true)}};
    Value sum = ev.call(ev.getAttr(ev.importModule("jax.numpy", a.loc), "sum", a.loc), s);
    return ev.binary(BinOpKind::Div, e, sum, a.loc);
  });
}
} // namespace

void installRegexModule(Evaluator &ev, ModuleObject &m); // ReModule.cpp
void installDistributed(Evaluator &ev, std::unordered_map<std::string, Value> &mods); // Distributed.cpp

void installModules(Evaluator &ev, std::unordered_map<std::string, Value> &mods) {
  auto jax = newModule("jax"), jnpMod = newModule("jax.numpy"), lax = newModule("jax.lax"),
       random = newModule("jax.random"), debug = newModule("jax.debug"),
       tree = newModule("jax.tree_util"), nn = newModule("jax.nn"), np = newModule("numpy"),
       math = newModule("math"), time = newModule("time"), functools = newModule("functools"),
       errors = newModule("jax.errors"), typing = newModule("typing"),
       collections = newModule("collections"), dataclasses = newModule("dataclasses"),
       npRandom = newModule("numpy.random"), pyRandomCore = newModule("_random");
  installJnp(ev, *jnpMod);
  lax::registerLax(ev, *lax);
  jnp::registerJnpSorting(ev, *jnpMod, *lax);
  installJaxModule(ev, *jax, *debug, *tree);
  installAutodiff(ev, *jax, *lax);
  installJaxConfig(*jax);
  installVmap(ev, *jax);
  installRandomModule(ev, *random);
  installMathModule(ev, *math);
  installNn(ev, *nn);
  installNumpyModule(ev, *np, *jnpMod);
  acceptNumpyArgsIn(ev, *jnpMod);
  acceptNumpyArgsIn(ev, *lax);
  numpyDeviceTransfers(ev, *jax);
  installNumpyRandomModule(ev, *npRandom);
  np->set("random", wrap(npRandom));
  installPyRandomCore(ev, *pyRandomCore);
  installNumpyTextIO(ev, *np);
  installPythonTypeModules(ev, *typing, *collections, *dataclasses, *tree);
  jax->set("numpy", wrap(jnpMod));
  jax->set("lax", wrap(lax));
  jax->set("random", wrap(random));
  jax->set("debug", wrap(debug));
  jax->set("tree_util", wrap(tree));
  jax->set("tree", wrap(tree));
  jax->set("nn", wrap(nn));
  jax->set("errors", wrap(errors));
  jax->set("Array", makeType("jax.Array", [](const Value &v) { return v.isArrayValue(); }, nullptr));
  time->def("perf_counter", [](Evaluator &, CallArgs &) {
    using namespace std::chrono;
    return Value::floating(duration<double>(steady_clock::now().time_since_epoch()).count());
  });
  time->def("time", [](Evaluator &, CallArgs &) {
    using namespace std::chrono;
    return Value::floating(duration<double>(system_clock::now().time_since_epoch()).count());
  });
  functools->def("partial", [](Evaluator &ev, CallArgs &a) -> Value {
    if (a.args.empty() || !a.args[0].isCallableKind())
      raise("TypeError", "the first argument must be callable");
    std::vector<Value> rest(a.args.begin() + 1, a.args.end());
    return PartialObject::make(a.args[0], std::move(rest), a.kwargs);
  });
  mods["jax"] = wrap(jax);
  mods["jax.numpy"] = wrap(jnpMod);
  mods["jax.lax"] = wrap(lax);
  mods["jax.random"] = wrap(random);
  mods["jax.debug"] = wrap(debug);
  mods["jax.tree_util"] = wrap(tree);
  mods["jax.nn"] = wrap(nn);
  mods["jax.errors"] = wrap(errors);
  mods["numpy"] = wrap(np);
  mods["numpy.random"] = wrap(npRandom);
  mods["_random"] = wrap(pyRandomCore);
  for (const char *sub : {"linalg", "testing"}) // import numpy.linalg as la
    if (Value m; np->getAttr(ev, sub, m))
      mods[std::string("numpy.") + sub] = m;
  mods["math"] = wrap(math);
  mods["time"] = wrap(time);
  mods["functools"] = wrap(functools);
  mods["typing"] = wrap(typing);
  mods["collections"] = wrap(collections);
  mods["dataclasses"] = wrap(dataclasses);
  auto regexCore = newModule("_regex"); // re.py's engine
  installRegexModule(ev, *regexCore);
  mods["_regex"] = wrap(regexCore);
  installStdlibModules(ev, mods);
  sharding::installSharding(ev, mods);
  installDistributed(ev, mods);
}

} // namespace parax::frontend
