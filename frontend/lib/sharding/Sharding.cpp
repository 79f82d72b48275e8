//===- Sharding.cpp - shardings, sharded arrays, the tracer table ---------===//
//
// The C++ view of a NamedSharding, read from and turned back into the
// Python object; sharded array values; and the table that gives traced IR
// values their sharding (keyed by IR value, valid while its module lives).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Sharding.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Prims.h"

#include <unordered_map>

namespace parax::frontend::sharding {

namespace {
bool gAnySharded = false;

struct TracerEntry {
  std::weak_ptr<ir::Module> module;
  ShardingPtr sharding;
  bool abstract = false; ///< parax check's abstract value (owns its IR value).
};
std::unordered_map<const ir::Value *, TracerEntry> &tracerTable() {
  static std::unordered_map<const ir::Value *, TracerEntry> t;
  return t;
}

std::string shortDType(DType t) {
  std::string n(dtypeName(t));
  if (n == "float32") return "f32";
  if (n == "float64") return "f64";
  if (n == "float16") return "f16";
  if (n == "bfloat16") return "bf16";
  if (n.rfind("int", 0) == 0) return "i" + n.substr(3);
  if (n.rfind("uint", 0) == 0) return "u" + n.substr(4);
  return n;
}
} // namespace

int64_t Sharding::axisSize(const std::string &name) const {
  for (size_t i = 0; i < axisNames.size(); ++i)
    if (axisNames[i] == name)
      return axisSizes[i];
  return 1;
}

bool Sharding::isExplicit(const std::string &name) const {
  for (size_t i = 0; i < axisNames.size(); ++i)
    if (axisNames[i] == name)
      return explicitAxis[i];
  return false;
}

int64_t Sharding::splits(size_t d) const {
  if (d >= dims.size())
    return 1;
  int64_t n = 1;
  for (const std::string &a : dims[d])
    n *= axisSize(a);
  return n;
}

bool Sharding::replicated() const {
  for (size_t d = 0; d < dims.size(); ++d)
    if (splits(d) > 1)
      return false;
  return true;
}

ShardingPtr Sharding::withDims(std::vector<std::vector<std::string>> d) const {
  auto s = std::make_shared<Sharding>();
  s->mesh = mesh;
  s->axisNames = axisNames;
  s->axisSizes = axisSizes;
  s->explicitAxis = explicitAxis;
  s->deviceIds = deviceIds;
  s->dims = std::move(d); // full rank, as JAX's op results (P('x', None))
  return s;
}

std::string Sharding::key() const {
  std::string k;
  for (size_t i = 0; i < axisNames.size(); ++i)
    k += axisNames[i] + ":" + std::to_string(axisSizes[i]) + (explicitAxis[i] ? "E" : "A") + ",";
  k += "/";
  size_t n = dims.size();
  while (n > 0 && dims[n - 1].empty())
    --n; // P('x') and P('x', None) are one type
  for (size_t i = 0; i < n; ++i) {
    const auto &d = dims[i];
    for (const std::string &a : d)
      k += a + ",";
    k += "|";
  }
  return k;
}

std::string Sharding::typeText(const TensorType &t, bool shortName) const {
  std::string s = (shortName ? shortDType(t.dtype) : std::string(dtypeName(t.dtype))) + "[";
  for (size_t i = 0; i < t.shape.size(); ++i) {
    if (i)
      s += ",";
    s += std::to_string(t.shape[i]);
    std::vector<std::string> shown;
    if (i < dims.size())
      for (const std::string &a : dims[i])
        if (isExplicit(a))
          shown.push_back(a);
    if (shown.size() == 1)
      s += "@" + shown[0];
    else if (shown.size() > 1) {
      s += "@(";
      for (size_t k = 0; k < shown.size(); ++k)
        s += (k ? "," : "") + shown[k];
      s += ")";
    }
  }
  return s + "]";
}

ShardingPtr fromPython(Evaluator &ev, const Value &named) {
  Value desc = ev.call(ev.getAttr(named, "_parax_desc", {}), std::vector<Value>{}, Loc{});
  const auto &parts = desc.elements();
  auto s = std::make_shared<Sharding>();
  s->mesh = ev.getAttr(named, "mesh", {});
  for (const Value &n : parts[0].elements())
    s->axisNames.push_back(n.asStr());
  for (const Value &n : parts[1].elements())
    s->axisSizes.push_back(n.asInt());
  for (const Value &n : parts[2].elements())
    s->explicitAxis.push_back(n.asBool());
  for (const Value &n : parts[3].elements())
    s->deviceIds.push_back(n.asInt());
  for (const Value &d : parts[4].elements()) {
    std::vector<std::string> axes;
    for (const Value &a : d.elements())
      axes.push_back(a.asStr());
    s->dims.push_back(axes);
  }
  s->py = named;
  return s;
}

Value toPython(Evaluator &ev, const Sharding &s) {
  if (!s.py.isNone())
    return s.py;
  std::vector<Value> dims;
  for (const auto &d : s.dims) {
    std::vector<Value> axes;
    for (const std::string &a : d)
      axes.push_back(Value::str(a));
    dims.push_back(Value::tuple(axes));
  }
  Value mod = ev.importModule("jax.sharding", {});
  s.py = ev.call(ev.getAttr(mod, "_named", {}), std::vector<Value>{s.mesh, Value::tuple(dims)},
                 Loc{});
  return s.py;
}

ShardingPtr shardingOf(const Value &v) {
  if (v.isArray()) {
    if (auto *sa = v.as<ShardedArrayObj>())
      return sa->sharding;
    return nullptr;
  }
  if (v.isTracer()) {
    const TracerObj &t = v.asTracer();
    auto it = tracerTable().find(t.value);
    if (it == tracerTable().end())
      return nullptr;
    if (!t.program)
      return t.abstractOf && it->second.abstract ? it->second.sharding : nullptr;
    if (it->second.abstract || it->second.module.lock() != t.program->module)
      return nullptr;
    return it->second.sharding;
  }
  return nullptr;
}

ShardingPtr shardingOfIr(const ir::Value *v, const std::shared_ptr<ir::Module> &m) {
  auto it = tracerTable().find(v);
  if (it == tracerTable().end() || it->second.abstract || it->second.module.lock() != m)
    return nullptr;
  return it->second.sharding;
}

void setTracerSharding(const Value &tracer, ShardingPtr s) {
  const TracerObj &t = tracer.asTracer();
  if (!s || (!t.program && !t.abstractOf)) {
    tracerTable().erase(t.value);
    return;
  }
  if (!t.program) {
    gAnySharded = true;
    tracerTable()[t.value] = TracerEntry{{}, std::move(s), true};
    return;
  }
  gAnySharded = true;
  // Drop entries of programs that are gone now and then.
  if (tracerTable().size() > 4096)
    for (auto it = tracerTable().begin(); it != tracerTable().end();)
      it = !it->second.abstract && it->second.module.expired() ? tracerTable().erase(it)
                                                                : std::next(it);
  tracerTable()[t.value] = TracerEntry{t.program->module, std::move(s)};
}

Value withSharding(Evaluator &ev, const Value &v, ShardingPtr s) {
  if (v.isTracer()) {
    if (v.asTracer().abstractOf) {
      Value r = makeAbstract(v.asTracer().type(), v.asTracer().abstractOf);
      setTracerSharding(r, std::move(s));
      return r;
    }
    // A fresh IR value (an identity reshape): the tracer we were given keeps
    // its own sharding, as reshard's result is a new value in JAX.
    Value r = bind1(ev, ir::OpKind::Reshape, {v}, {}, v.asTracer().type());
    setTracerSharding(r, std::move(s));
    return r;
  }
  if (!v.isArray())
    return v;
  if (!s)
    return unsharded(v);
  gAnySharded = true;
  return Value::object(Value::Kind::Array, std::make_shared<ShardedArrayObj>(v.asArray(), s));
}

Value unsharded(const Value &v) {
  if (v.isArray() && v.as<ShardedArrayObj>())
    return Value::array(v.asArray());
  return v;
}

bool anySharded() { return gAnySharded; }

bool arrayAttr(Evaluator &ev, const Value &x, const std::string &name, Value &out) {
  static const char *kNames[] = {"sharding", "addressable_shards", "global_shards",
                                 "is_fully_addressable", "is_fully_replicated",
                                 "addressable_data", "format"};
  bool ours = name == "devices" && shardingOf(x);
  for (const char *n : kNames)
    ours |= name == n;
  if (!ours)
    return false;
  Value mod = ev.importModule("jax.sharding", {});
  out = ev.call(ev.getAttr(mod, "_array_attr", {}), std::vector<Value>{x, Value::str(name)},
                Loc{});
  return true;
}

} // namespace parax::frontend::sharding
