//===- Sharding.cpp - shardings, sharded arrays, the tracer table ---------===//
//
// The C++ view of a NamedSharding, read from and turned back into the
// Python object; sharded array values; and the table that gives traced IR
// values their sharding (keyed by IR value, valid while its module lives).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Sharding.h"
#include "frontend/machine/ArrayStorage.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/Trace.h"
#include "frontend/lib/Prims.h"

#include <algorithm>
#include <cstring>
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

TensorType localType(const Sharding &s, const TensorType &t) {
  TensorType l = t;
  for (size_t d = 0; d < l.shape.size(); ++d)
    l.shape[d] /= s.splits(d);
  return l;
}

std::vector<int64_t> blockStart(const Sharding &s, const Shape &global, int64_t pos) {
  std::vector<int64_t> coords(s.axisSizes.size());
  for (size_t a = s.axisSizes.size(); a-- > 0;) {
    coords[a] = pos % s.axisSizes[a];
    pos /= s.axisSizes[a];
  }
  std::vector<int64_t> start(global.size(), 0);
  for (size_t d = 0; d < global.size() && d < s.dims.size(); ++d) {
    int64_t k = 0;
    for (const std::string &name : s.dims[d])
      for (size_t a = 0; a < s.axisNames.size(); ++a)
        if (s.axisNames[a] == name)
          k = k * s.axisSizes[a] + coords[a];
    start[d] = k * (global[d] / s.splits(d));
  }
  return start;
}

namespace {
int64_t positions(const Sharding &s) {
  int64_t n = 1;
  for (int64_t z : s.axisSizes)
    n *= z;
  return n;
}

/// Same mesh shape and the same split of every dim: the same blocks.
bool sameBlocks(const Sharding &a, const Sharding &b, size_t rank) {
  if (a.axisNames != b.axisNames || a.axisSizes != b.axisSizes)
    return false;
  for (size_t d = 0; d < rank; ++d) {
    static const std::vector<std::string> none;
    const auto &x = d < a.dims.size() ? a.dims[d] : none;
    const auto &y = d < b.dims.size() ? b.dims[d] : none;
    if (x != y)
      return false;
  }
  return true;
}

/// Copies between a block (shape `bs`) and the global array (shape `gs`)
/// at `start`, one run of the last dimension at a time.
void copyRuns(char *global, char *block, const Shape &gs, const Shape &bs,
              const std::vector<int64_t> &start, size_t es, bool toBlock) {
  size_t r = gs.size();
  if (r == 0) {
    toBlock ? std::memcpy(block, global, es) : std::memcpy(global, block, es);
    return;
  }
  int64_t rows = 1;
  for (size_t d = 0; d + 1 < r; ++d)
    rows *= bs[d];
  if (bs[r - 1] == 0 || rows == 0)
    return;
  std::vector<int64_t> idx(r, 0);
  size_t run = size_t(bs[r - 1]) * es;
  for (int64_t row = 0; row < rows; ++row) {
    int64_t flat = 0;
    for (size_t d = 0; d < r; ++d)
      flat = flat * gs[d] + start[d] + (d + 1 < r ? idx[d] : 0);
    char *g = global + size_t(flat) * es, *b = block + size_t(row) * run;
    toBlock ? std::memcpy(b, g, run) : std::memcpy(g, b, run);
    for (size_t d = r - 1; d-- > 0;) {
      if (++idx[d] < bs[d])
        break;
      idx[d] = 0;
    }
  }
}
} // namespace

void ShardedArrayObj::materialize() const {
  // The host needs the values: the blocks are put together once (the
  // buffer is accounted evenly over the mesh's devices, as a stacked pmap
  // result is) and kept with the array.
  int n = int(shards.size());
  Array g = Array::allocate(global, Placement{n > 1 ? -1 : 0, n});
  size_t es = dtypeSize(global.dtype);
  std::vector<std::vector<int64_t>> done;
  for (int pos = 0; pos < n; ++pos) {
    std::vector<int64_t> start = blockStart(*sharding, global.shape, pos);
    if (std::find(done.begin(), done.end(), start) != done.end())
      continue; // a replica of a block already placed
    done.push_back(start);
    copyRuns(static_cast<char *>(g.raw()),
             const_cast<char *>(static_cast<const char *>(shards[size_t(pos)].raw())),
             global.shape, shards[size_t(pos)].shape(), start, es, false);
  }
  const_cast<ShardedArrayObj *>(this)->array = g;
}

void installArrayStorage() {
  arrayStorage().materialize = [](const ArrayObj &a) {
    if (const auto *sa = dynamic_cast<const ShardedArrayObj *>(&a))
      if (!sa->shards.empty())
        sa->materialize();
  };
  arrayStorage().type = [](const ArrayObj &a) -> const TensorType & {
    if (const auto *sa = dynamic_cast<const ShardedArrayObj *>(&a))
      return sa->global;
    return a.array.type();
  };
}

Value perDeviceArray(const TensorType &global, std::vector<Array> shards, ShardingPtr s) {
  gAnySharded = true;
  return Value::object(Value::Kind::Array,
                       std::make_shared<ShardedArrayObj>(global, std::move(shards), std::move(s)));
}

std::vector<Array> deviceBlocks(const Value &v, const Sharding &s) {
  const auto *sa = v.as<ShardedArrayObj>();
  const TensorType &t = arrayTypeOf(v);
  if (sa && !sa->shards.empty() && sameBlocks(*sa->sharding, s, t.shape.size()))
    return sa->shards;
  const Array &g = v.asArray();
  TensorType lt = localType(s, t);
  lt.weak = t.weak;
  int64_t n = positions(s);
  size_t es = dtypeSize(t.dtype);
  std::vector<Array> out;
  for (int64_t pos = 0; pos < n; ++pos) {
    // Each block is made (and accounted) on its device.
    Array b = Array::allocate(lt, Placement{int(pos), 1});
    copyRuns(const_cast<char *>(static_cast<const char *>(g.raw())), static_cast<char *>(b.raw()),
             t.shape, lt.shape, blockStart(s, t.shape, pos), es, true);
    out.push_back(b);
  }
  return out;
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
  return shardedArray(v, std::move(s));
}

Value shardedArray(const Value &v, ShardingPtr s) {
  gAnySharded = true;
  const TensorType &t = arrayTypeOf(v);
  const auto *sa = v.as<ShardedArrayObj>();
  if (sa && !sa->shards.empty() && sameBlocks(*sa->sharding, *s, t.shape.size()))
    return perDeviceArray(t, sa->shards, s); // the same blocks under another name
  bool even = true;
  for (size_t d = 0; d < t.shape.size(); ++d)
    even &= t.shape[d] % s->splits(d) == 0;
  if (s->replicated() || !even || int64_t(s->deviceIds.size()) != positions(*s))
    return Value::object(Value::Kind::Array, std::make_shared<ShardedArrayObj>(v.asArray(), s));
  return perDeviceArray(t, deviceBlocks(v, *s), s);
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
