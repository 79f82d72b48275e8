//===- Jax.cpp - the jax module: jit, pmap, devices, debug, tree_util -----===//
#include "runtime/distributed/ProcessGroup.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/format/FormatSpec.h"
#include "frontend/tracing/Jit.h"
#include "frontend/tracing/Pytree.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Modules.h"
#include "frontend/lib/NumpyArray.h"
#include "frontend/lib/Prims.h"
#include "runtime/DebugPrint.h"

#include <map>

namespace parax::frontend {

namespace {
/// `with jax.disable_jit():`
class DisableJitObject : public NativeObject {
public:
  std::string typeName() const override { return "disable_jit"; }
  std::string repr() const override { return "<jax.disable_jit context>"; }
};

/// An element of jax.devices().
class DeviceObject : public NativeObject {
public:
  DeviceObject(int id, std::string platform, int process = 0)
      : id_(id), platform_(platform), process_(process) {}
  std::string typeName() const override { return "Device"; }
  std::string repr() const override {
    return (platform_ == "gpu" ? "CudaDevice(id=" : "CpuDevice(id=") + std::to_string(id_) + ")";
  }
  /// str(device) is "platform:id" (jax Device.__str__).
  std::string str() const override {
    return (platform_ == "gpu" ? std::string("cuda") : platform_) + ":" + std::to_string(id_);
  }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override {
    if (name == "id") {
      out = Value::integer(id_);
      return true;
    }
    if (name == "platform") {
      out = Value::str(platform_);
      return true;
    }
    if (name == "process_index" || name == "host_id" || name == "task_id") {
      out = Value::integer(process_);
      return true;
    }
    if (name == "device_kind" && platform_ == "cpu") {
      out = Value::str("cpu");
      return true;
    }
    return false;
  }

private:
  int id_;
  std::string platform_;
  int process_;
};

std::vector<int64_t> intList(Evaluator &ev, const Value &v, const std::string &what) {
  std::vector<int64_t> r;
  if (v.isNone())
    return r;
  if (v.isSequence()) {
    for (const Value &e : v.elements())
      r.push_back(ev.toIndex(e, what));
  } else {
    r.push_back(ev.toIndex(v, what));
  }
  return r;
}

std::vector<std::string> strList(const Value &v) {
  std::vector<std::string> r;
  if (v.isStr())
    r.push_back(v.asStr());
  else if (v.isSequence())
    for (const Value &e : v.elements())
      if (e.isStr())
        r.push_back(e.asStr());
  return r;
}

/// True for a tuple, list or dict with an array or tracer somewhere inside.
bool hasArrayLeaf(const Value &v) {
  if (v.isSequence()) {
    for (const Value &e : v.elements())
      if (e.isArrayValue() || hasArrayLeaf(e))
        return true;
  } else if (v.isDict()) {
    for (auto &kv : v.asDict().items())
      if (kv.second.isArrayValue() || hasArrayLeaf(kv.second))
        return true;
  }
  return false;
}

/// The debug_print template of a container: Python's repr of it with a
/// `{N!r}` field for each numeric leaf, which joins `operands`.
template <typename Escape>
std::string containerTemplate(Evaluator &ev, const Value &v, std::vector<Value> &operands,
                              const Escape &escape) {
  if (v.isSequence()) {
    bool tuple = v.isTuple();
    std::string r = tuple ? "(" : "[";
    const auto &es = v.elements();
    for (size_t i = 0; i < es.size(); ++i)
      r += (i ? ", " : "") + containerTemplate(ev, es[i], operands, escape);
    if (tuple && es.size() == 1)
      r += ",";
    return r + (tuple ? ")" : "]");
  }
  if (v.isDict()) {
    std::string r = "{{";
    bool first = true;
    for (auto &kv : v.asDict().items()) {
      r += (first ? "" : ", ") + escape(ev.repr(kv.first)) + ": " +
           containerTemplate(ev, kv.second, operands, escape);
      first = false;
    }
    return r + "}}";
  }
  if (v.isArrayLike()) {
    Value a = v.isArrayValue() ? v : jnp::asarray(ev, v, std::nullopt);
    // Values reach JAX's print callback as plain arrays: weak types are lost.
    if (ev.currentTrace())
      a = prims::convert(ev, a, prims::dtypeOf(a), false);
    operands.push_back(a);
    return "{" + std::to_string(operands.size() - 1) + "!r}";
  }
  return escape(ev.repr(v));
}

/// jax.debug.print: static arguments are formatted now; array arguments
/// become operands of a debug_print op formatted at run time.
Value debugPrint(Evaluator &ev, CallArgs &a) {
  if (a.args.empty() || !a.args[0].isStr())
    raise("TypeError", "jax.debug.print needs a format string as its first argument");
  std::string fmt = a.args[0].asStr();
  std::vector<Value> pos(a.args.begin() + 1, a.args.end());
  std::vector<std::pair<std::string, Value>> kws;
  bool ordered = false;
  for (auto &kw : a.kwargs) {
    if (kw.first == "ordered")
      ordered = ev.truthy(kw.second);
    else
      kws.push_back(kw);
  }
  // Ordered effects are sequenced per device; JAX cannot order them across
  // the devices of a pmap either (it fails deep inside lowering).
  if (ordered)
    for (const TraceContext *t : ev.traceStack())
      if (t->kind == "pmap" && t->axisSize > 1)
        raise("ValueError", "The following ordered effects are not supported for more than 1 "
                            "device: [OrderedDebugEffect]: jax.debug.print(..., ordered=True) "
                            "is not supported inside a pmap over " +
                                std::to_string(t->axisSize) + " devices",
              "drop ordered=True: parax prints a pmap's devices in device order anyway");
  std::vector<bool> usedPos(pos.size(), false), usedKw(kws.size(), false);
  std::vector<Value> operands;
  std::string tmpl; // operands referenced as {N...}
  size_t autoIdx = 0;
  auto escape = [](const std::string &s) {
    std::string r;
    for (char c : s) {
      if (c == '{' || c == '}')
        r += c;
      r += c;
    }
    return r;
  };
  for (const FormatField &f : parseFormatTemplate(fmt)) {
    tmpl += escape(f.literalBefore);
    if (!f.hasField)
      continue;
    Value v;
    if (f.name.empty() || std::isdigit((unsigned char)f.name[0])) {
      size_t i = f.name.empty() ? autoIdx++ : std::stoul(f.name);
      if (i >= pos.size())
        raise("IndexError", "Replacement index " + std::to_string(i) +
                                " out of range for positional args tuple");
      usedPos[i] = true;
      v = pos[i];
    } else {
      bool found = false;
      for (size_t k = 0; k < kws.size(); ++k)
        if (kws[k].first == f.name) {
          v = kws[k].second;
          usedKw[k] = found = true;
        }
      if (!found)
        raise("KeyError", "'" + f.name + "'");
    }
    if (f.spec.empty() && !f.conversion && hasArrayLeaf(v)) {
      // A pytree of arrays prints as its container with each leaf's repr
      // (JAX turns every numeric leaf into an array first).
      tmpl += containerTemplate(ev, v, operands, escape);
      continue;
    }
    if (v.isArrayValue()) {
      tmpl += "{" + std::to_string(operands.size());
      if (f.conversion)
        tmpl += std::string("!") + f.conversion;
      if (!f.spec.empty())
        tmpl += ":" + f.spec;
      tmpl += "}";
      operands.push_back(v);
    } else {
      tmpl += escape(formatValue(ev, v, f.spec, f.conversion));
    }
  }
  std::vector<std::string> unusedPos, unusedKw;
  for (size_t i = 0; i < pos.size(); ++i)
    if (!usedPos[i])
      unusedPos.push_back(ev.repr(pos[i]));
  for (size_t k = 0; k < kws.size(); ++k)
    if (!usedKw[k])
      unusedKw.push_back("'" + kws[k].first + "'");
  auto join = [](const std::vector<std::string> &v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i)
      s += (i ? ", " : "") + v[i];
    return s + "]";
  };
  if (!unusedPos.empty())
    raise("ValueError", "Unused positional arguments to `jax.debug.print`: " + join(unusedPos));
  if (!unusedKw.empty())
    raise("ValueError", "Unused keyword arguments to `jax.debug.print`: " + join(unusedKw) +
                            ". You may be passing an f-string (i.e, `f\"{x}\"`) into "
                            "`jax.debug.print` and instead should pass in a regular string.");
  // JAX decides "has placeholders" from the first chunk Python's
  // string.Formatter yields: a template that starts with an escaped brace
  // (or has no field at all) prints the raw template followed by str() of
  // every argument, space-joined.
  size_t firstBrace = fmt.find_first_of("{}");
  bool hasPlaceholders = firstBrace != std::string::npos &&
                         !(firstBrace + 1 < fmt.size() && fmt[firstBrace + 1] == fmt[firstBrace]);
  if (!hasPlaceholders) {
    if (!kws.empty())
      raise("ValueError", "Format without placeholders should not have kwargs.");
    tmpl = escape(fmt);
    operands.clear();
    for (const Value &v : pos) {
      if (v.isArrayValue()) {
        tmpl += " {" + std::to_string(operands.size()) + "!s}";
        operands.push_back(v);
      } else {
        tmpl += " " + escape(ev.str(v));
      }
    }
  }
  if (!ev.currentTrace()) {
    std::vector<Array> vals;
    for (const Value &v : operands)
      vals.push_back(jnp::asarray(ev, v, std::nullopt).asArray());
    ev.write(runtime::formatDebugTemplate(tmpl, vals) + "\n");
    return Value::none();
  }
  bind(ev, ir::OpKind::DebugPrint, operands, ir::Attrs{{"format", tmpl}}, {});
  return Value::none();
}

/// jax.debug.breakpoint(): outside a trace it stops now, in the caller's
/// scope. Inside one, the caller's array-valued names become operands of a
/// debug_breakpoint op: the stop happens when the program runs, with their
/// concrete values (once per device under pmap), as in JAX.
Value debugBreakpoint(Evaluator &ev, CallArgs &a) {
  std::shared_ptr<Scope> scope = ev.currentScope();
  if (!ev.currentTrace()) {
    if (ev.breakpointHandler)
      ev.breakpointHandler(a.loc, scope);
    return Value::none();
  }
  // Innermost binding of each name, from the function out to (not
  // including) the globals; sorted so the op prints stably.
  std::map<std::string, Value> visible;
  for (Scope *s = scope.get(); s && s != &ev.globals(); s = s->parent.get())
    s->forEach([&](const std::string &name, const Value &v) {
      if (v.isArrayValue() && !visible.count(name))
        visible[name] = v;
    });
  std::vector<Value> operands;
  std::string names;
  for (auto &[name, v] : visible) {
    names += (names.empty() ? "" : ";") + name;
    operands.push_back(v);
  }
  bind(ev, ir::OpKind::DebugBreakpoint, operands, ir::Attrs{{"names", names}}, {});
  return Value::none();
}

Value treeMap(Evaluator &ev, CallArgs &a) {
  if (a.args.size() < 2)
    raise("TypeError", "tree_map() missing required arguments 'f' and 'tree'");
  std::vector<Value> leaves;
  TreeDef def = flatten(ev, a.args[1], leaves);
  std::vector<std::vector<Value>> rest;
  for (size_t i = 2; i < a.args.size(); ++i) {
    std::vector<Value> l;
    TreeDef d = flatten(ev, a.args[i], l);
    if (d != def)
      raise("ValueError", "Custom node type mismatch; expected type: " + def.str(ev) +
                              "; value: " + d.str(ev) + ".");
    rest.push_back(l);
  }
  std::vector<Value> out;
  for (size_t i = 0; i < leaves.size(); ++i) {
    std::vector<Value> args{leaves[i]};
    for (auto &r : rest)
      args.push_back(r[i]);
    out.push_back(ev.call(a.args[0], args, a.loc));
  }
  return unflatten(def, out);
}

/// A PyTreeDef value (tree_flatten / tree_structure).
class TreeDefObject : public NativeObject {
public:
  TreeDefObject(TreeDef d, std::string text) : def(std::move(d)), text_(std::move(text)) {}
  std::string typeName() const override { return "PyTreeDef"; }
  std::string repr() const override { return text_; }
  bool equalsNative(const NativeObject &o, bool &eq) const override {
    auto *t = dynamic_cast<const TreeDefObject *>(&o);
    if (!t)
      return false;
    eq = def == t->def;
    return true;
  }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override {
    if (name == "num_leaves")
      out = Value::integer(int64_t(def.numLeaves()));
    else if (name == "num_nodes")
      out = Value::integer(int64_t(countNodes(def)));
    else
      return false;
    return true;
  }
  static size_t countNodes(const TreeDef &d) {
    size_t n = 1;
    for (auto &c : d.children)
      n += countNodes(c);
    return n;
  }
  TreeDef def;

private:
  std::string text_;
};

void installTreeUtil(Evaluator &ev, ModuleObject &m) {
  // One level of a pytree for the key-path functions (jax.tree_util.py):
  // None for a leaf, else (kind, keys, children) with kind "seq", "dict",
  // "none", "namedtuple" or "custom" (dict keys sorted, as flattening does).
  m.def("_node_children", [](Evaluator &ev, CallArgs &a) -> Value {
    expectPositional(a, 1, 1, "_node_children");
    const Value &v = a.args[0];
    if (v.isNone())
      return Value::tuple({Value::str("none"), Value::list({}), Value::list({})});
    if (v.isTuple() || v.isList())
      return Value::tuple({Value::str("seq"), Value::list({}), Value::list(v.elements())});
    if (v.isDict()) {
      std::vector<Value> leaves;
      TreeDef d = flatten(ev, v, leaves);
      std::vector<Value> children;
      for (const Value &k : d.keys)
        children.push_back(*v.asDict().find(k));
      return Value::tuple({Value::str("dict"), Value::list(d.keys), Value::list(children)});
    }
    if (auto node = pytreeNodeOf(v)) {
      std::vector<Value> children;
      Value aux;
      node->flatten(v, children, aux);
      return Value::tuple({Value::str(node->showsAux ? "custom" : "namedtuple"),
                           Value::list({}), Value::list(children)});
    }
    return Value();
  });
  m.def("tree_map", treeMap);
  m.def("map", treeMap);
  auto leaves = [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "tree_leaves");
    std::vector<Value> l;
    flatten(ev, a.args[0], l);
    return Value::list(l);
  };
  m.def("tree_leaves", leaves);
  m.def("leaves", leaves);
  auto structure = [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "tree_structure");
    std::vector<Value> l;
    TreeDef d = flatten(ev, a.args[0], l);
    return Value::object(Value::Kind::Native, std::make_shared<TreeDefObject>(d, d.str(ev)));
  };
  m.def("tree_structure", structure);
  m.def("structure", structure);
  auto flat = [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "tree_flatten");
    std::vector<Value> l;
    TreeDef d = flatten(ev, a.args[0], l);
    return Value::tuple({Value::list(l),
                         Value::object(Value::Kind::Native,
                                       std::make_shared<TreeDefObject>(d, d.str(ev)))});
  };
  m.def("tree_flatten", flat);
  m.def("flatten", flat);
  auto unflat = [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "tree_unflatten");
    auto *d = a.args[0].kind() == Value::Kind::Native ? a.args[0].as<TreeDefObject>() : nullptr;
    if (!d)
      raise("TypeError", "tree_unflatten expects a PyTreeDef as its first argument");
    std::vector<Value> l = ev.iterate(a.args[1], a.loc);
    if (l.size() != d->def.numLeaves())
      raise("ValueError", "Too few or too many leaves for PyTreeDef; expected " +
                              std::to_string(d->def.numLeaves()) + ", got " +
                              std::to_string(l.size()) + ".");
    return unflatten(d->def, l);
  };
  m.def("tree_unflatten", unflat);
  m.def("unflatten", unflat);
}
} // namespace

/// jax.jit(fun, static_argnums=..., ...) and its decorator-factory form.
static Value jaxJit(Evaluator &ev, CallArgs &a) {
  Value fun = argOr(a, 0, "fun");
  std::vector<int64_t> nums = intList(ev, argOr(a, 99, "static_argnums"), "static_argnums");
  std::vector<std::string> names = strList(argOr(a, 99, "static_argnames"));
  expectKeywords(a, {"fun", "static_argnums", "static_argnames", "donate_argnums",
                     "donate_argnames", "inline", "device", "backend", "keep_unused",
                     "abstracted_axes"},
                 "jit");
  if (fun.isNone() && a.args.empty()) {
    // The decorator-factory form, @jax.jit(static_argnums=...): a
    // function that applies jit with these options to its argument.
    auto options = a.kwargs;
    return makeBuiltin("jit.<locals>.<lambda>", [options](Evaluator &ev, CallArgs &d) {
      expectPositional(d, 1, 1, "jit decorator");
      CallArgs ca;
      ca.args = d.args;
      ca.kwargs = options;
      ca.loc = d.loc;
      return jaxJit(ev, ca);
    });
  }
  if (fun.isNone())
    raise("TypeError", "jit() missing required argument 'fun'");
  if (!fun.isCallableKind())
    raise("TypeError", "Expected a callable value, got " + ev.repr(fun));
  // Static argument names also count by position (JAX infers both).
  if (fun.kind() == Value::Kind::Function) {
    const Parameters *p = fun.asFunction().params;
    // JAX checks static_argnums against the signature when jit is applied.
    if (p->varargs.empty())
      for (int64_t k : nums)
        if (k >= int64_t(p->positional.size()) || k < -int64_t(p->positional.size()))
          raise("ValueError", "Jitted function has static_argnums=(" + std::to_string(k) +
                                  ",), but only accepts " +
                                  std::to_string(p->positional.size()) +
                                  " positional arguments.");
    for (size_t i = 0; i < p->positional.size(); ++i) {
      bool byName = std::find(names.begin(), names.end(), p->positional[i].name) != names.end();
      bool byNum = std::find(nums.begin(), nums.end(), int64_t(i)) != nums.end();
      if (byName && !byNum)
        nums.push_back(int64_t(i));
      if (byNum && !byName)
        names.push_back(p->positional[i].name);
    }
  }
  auto jit = std::make_shared<JitFunction>(fun, nums, names);
  registerJitObject(ev, jit);
  return Value::object(Value::Kind::Native, jit);
}

void installJaxModule(Evaluator &ev, ModuleObject &jax, ModuleObject &debug,
                      ModuleObject &treeUtil) {
  jax.def("jit", jaxJit);
  jax.def("pmap", [](Evaluator &ev, CallArgs &a) -> Value {
    Value fun = argOr(a, 0, "fun");
    expectKeywords(a, {"fun", "axis_name", "in_axes", "out_axes", "static_broadcasted_argnums",
                       "devices", "backend", "axis_size", "donate_argnums"},
                   "pmap");
    if (fun.isNone())
      raise("TypeError", "pmap() missing required argument 'fun'",
            "as a decorator with arguments use @partial(jax.pmap, axis_name=...)");
    if (!fun.isCallableKind())
      raise("TypeError", "Expected a callable value, got " + ev.repr(fun));
    Value axisName = argOr(a, 1, "axis_name");
    Value inAxes = argOr(a, 99, "in_axes", Value::integer(0));
    Value outAxes = argOr(a, 99, "out_axes", Value::integer(0));
    std::vector<int64_t> sb = intList(ev, argOr(a, 99, "static_broadcasted_argnums"),
                                      "static_broadcasted_argnums");
    if (inAxes.isList())
      raise("ValueError", "pmap in_axes must be an int, None, or a tuple; got the list " +
                              ev.repr(inAxes),
            "write in_axes as a tuple: in_axes=" + ev.repr(Value::tuple(inAxes.elements())));
    auto pmap = std::make_shared<PmapFunction>(fun, axisName, inAxes, outAxes, sb,
                                               argOr(a, 99, "devices"));
    registerJitObject(ev, pmap);
    return Value::object(Value::Kind::Native, pmap);
  });
  // Several processes (jax.distributed.initialize): every process has
  // numDevices local devices; JAX numbers CPU devices process*2048 + k and
  // GPUs globally in process order.
  using runtime::dist::ProcessGroup;
  auto processes = [] { return ProcessGroup::current() ? ProcessGroup::current()->numProcesses() : 1; };
  auto thisProcess = [] { return ProcessGroup::current() ? ProcessGroup::current()->processId() : 0; };
  jax.def("device_count", [processes](Evaluator &ev, CallArgs &) {
    return Value::integer(ev.options().numDevices * processes());
  });
  jax.def("local_device_count", [](Evaluator &ev, CallArgs &) {
    return Value::integer(ev.options().numDevices);
  });
  jax.def("process_count", [processes](Evaluator &, CallArgs &) { return Value::integer(processes()); });
  // In a job of several processes the index is marked process-varying: a
  // trace constant made from it (or from arithmetic on it) counts as
  // device-varying in the divergent-collective check.
  jax.def("process_index", [thisProcess, processes](Evaluator &, CallArgs &) {
    Value v = Value::integer(thisProcess());
    return processes() > 1 ? v.markProcessVarying() : v;
  });
  jax.def("process_indices", [processes](Evaluator &, CallArgs &) {
    std::vector<Value> r;
    for (int p = 0; p < processes(); ++p)
      r.push_back(Value::integer(p));
    return Value::list(r);
  });
  auto devicesOf = [](Evaluator &ev, int process) {
    std::vector<Value> d;
    bool gpu = ev.options().backendName == "cuda";
    int n = ev.options().numDevices;
    for (int i = 0; i < n; ++i)
      d.push_back(Value::object(
          Value::Kind::Native,
          std::make_shared<DeviceObject>(gpu ? process * n + i : process * 2048 + i,
                                         gpu ? "gpu" : "cpu", process)));
    return d;
  };
  jax.def("devices", [devicesOf, processes](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"backend"}, 0, "devices");
    std::vector<Value> all;
    for (int p = 0; p < processes(); ++p)
      for (Value &d : devicesOf(ev, p))
        all.push_back(d);
    return Value::list(all);
  });
  jax.def("local_devices", [devicesOf, processes, thisProcess](Evaluator &ev, CallArgs &a) {
    bindArgs(a, {"process_index", "backend", "host_id"}, 0, "local_devices");
    Value p = argOr(a, 0, "process_index");
    if (p.isNone())
      p = argOr(a, 2, "host_id");
    int process = p.isNone() ? thisProcess() : int(p.asInt());
    if (process < 0 || process >= processes())
      raise("ValueError", "Unknown process_index " + std::to_string(process));
    return Value::list(devicesOf(ev, process));
  });
  jax.def("default_backend", [](Evaluator &ev, CallArgs &) {
    return Value::str(ev.options().backendName == "cuda" ? "gpu" : "cpu");
  });
  jax.def("disable_jit", [](Evaluator &, CallArgs &) {
    return Value::object(Value::Kind::Native, std::make_shared<DisableJitObject>());
  });
  jax.def("block_until_ready", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "block_until_ready");
    return a.args[0];
  });
  jax.def("device_put", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "device_put");
    std::vector<Value> leaves;
    TreeDef d = flatten(ev, a.args[0], leaves);
    for (Value &l : leaves)
      if (l.isNumber() || l.isSequence())
        l = jnp::asarray(ev, l, std::nullopt);
    return unflatten(d, leaves);
  });
  // device_get: every array leaf comes back as a host (numpy) array.
  jax.def("device_get", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "device_get");
    std::vector<Value> leaves;
    TreeDef d = flatten(ev, a.args[0], leaves);
    for (Value &l : leaves) {
      if (l.isTracer())
        concretizationError(ev, "ConcretizationTypeError",
                            "Abstract tracer value encountered where concrete value is expected: "
                            "jax.device_get of a traced array with shape " +
                                l.asTracer().type().str() + ".",
                            l, "call jax.device_get outside the traced function");
      if (l.isArray())
        l = wrapNumpyArray(l.asArray());
    }
    return unflatten(d, leaves);
  });
  jax.def("tree_map", treeMap);
  jax.def("tree_leaves", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "tree_leaves");
    std::vector<Value> l;
    flatten(ev, a.args[0], l);
    return Value::list(l);
  });

  debug.def("print", debugPrint);
  debug.def("breakpoint", debugBreakpoint);
  installTreeUtil(ev, treeUtil);
}

} // namespace parax::frontend
