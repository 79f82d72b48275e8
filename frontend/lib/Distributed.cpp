//===- Distributed.cpp - _parax_distributed: jax.distributed's native half -===//
//
// jax.distributed.py (embedded) reads JAX's arguments, environment variables
// and cluster variables (Slurm, Open MPI), then calls initialize() here,
// which joins the job (runtime/distributed/ProcessGroup). The host-level
// collectives of jax.experimental.multihost_utils (process_allgather,
// sync_global_devices) go through the same engine and coordinator.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/LibUtil.h"
#include "frontend/machine/Evaluator.h"
#include "runtime/distributed/ProcessGroup.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <unordered_map>

namespace parax::frontend {

namespace {
using runtime::dist::EngineError;
using runtime::dist::ProcessGroup;

ProcessGroup &group(const std::string &what) {
  ProcessGroup *g = ProcessGroup::current();
  if (!g)
    raise("RuntimeError", what + " needs jax.distributed.initialize() first");
  return *g;
}

double seconds(const Value &v, double dflt) {
  return v.isNone() ? dflt : v.asFloat();
}

/// A fixed-size description of an array (dtype and shape), compared across
/// processes before their data is gathered.
std::string describe(const TensorType &t) {
  std::string s = std::string(dtypeName(t.dtype)) + shapeToPython(t.shape);
  s.resize(128, ' ');
  return s;
}
} // namespace

namespace {
bool gJoinedFromEnvironment = false;
}

bool joinJobFromEnvironment(Evaluator &ev) {
  const char *addr = std::getenv("PARAX_COORDINATOR_ADDRESS");
  const char *count = std::getenv("PARAX_NUM_PROCESSES");
  const char *id = std::getenv("PARAX_PROCESS_ID");
  if (!addr || !*addr || !count || !*count || ProcessGroup::current())
    return true;
  auto toInt = [](const char *name, const char *v, int &out) {
    char *end = nullptr;
    long k = std::strtol(v ? v : "", &end, 10);
    if (!v || !*v || *end || k < 0 || k > 1 << 20) {
      std::fprintf(stderr, "parax: %s must be a non-negative integer, got '%s'\n", name, v ? v : "");
      return false;
    }
    out = int(k);
    return true;
  };
  runtime::dist::InitOptions o;
  o.coordinatorAddress = addr;
  if (!toInt("PARAX_NUM_PROCESSES", count, o.numProcesses) ||
      !toInt("PARAX_PROCESS_ID", id, o.processId))
    return false;
  if (o.numProcesses < 1 || o.processId >= o.numProcesses) {
    std::fprintf(stderr, "parax: PARAX_PROCESS_ID=%d must be below PARAX_NUM_PROCESSES=%d\n",
                 o.processId, o.numProcesses);
    return false;
  }
  o.localDevices = ev.options().numDevices;
  if (const char *t = std::getenv("PARAX_INIT_TIMEOUT"))
    o.initTimeout = std::atof(t) > 0 ? std::atof(t) : 300;
  try {
    ProcessGroup::initialize(o);
  } catch (EngineError &e) {
    std::fprintf(stderr, "parax: process %d cannot join the job: %s\n", o.processId, e.what());
    return false;
  }
  gJoinedFromEnvironment = true;
  return true;
}

void installDistributed(Evaluator &, std::unordered_map<std::string, Value> &mods) {
  auto m = std::make_shared<ModuleObject>("_parax_distributed");
  m->def("initialize", [](Evaluator &ev, CallArgs &a) -> Value {
    expectPositional(a, 8, 8, "initialize");
    runtime::dist::InitOptions o;
    o.coordinatorAddress = a.args[0].asStr();
    o.numProcesses = int(a.args[1].asInt());
    o.processId = int(a.args[2].asInt());
    o.localDevices = a.args[3].isNone() ? ev.options().numDevices : int(a.args[3].asInt());
    if (o.localDevices > ev.options().numDevices)
      raise("ValueError", "local_device_ids names " + std::to_string(o.localDevices) +
                              " devices, but this process has " +
                              std::to_string(ev.options().numDevices),
            "give --devices N (PARAX_DEVICES) for N local devices");
    o.initTimeout = seconds(a.args[4], 300);
    o.heartbeatTimeout = seconds(a.args[5], 100);
    o.shutdownTimeout = seconds(a.args[6], 300);
    if (!a.args[7].isNone())
      o.bindAddress = a.args[7].asStr();
    try {
      ProcessGroup::initialize(o);
    } catch (EngineError &e) {
      raise("RuntimeError", std::string("jax.distributed.initialize: ") + e.what());
    }
    ev.options().numDevices = o.localDevices;
    return Value::none();
  });
  // The launch variables jax.distributed reads (JAX_*, PARAX_*, SLURM_*,
  // OMPI_*): configuration of the job, read here because a program's own
  // os.environ holds only what --allow-env grants.
  m->def("launch_environment", [](Evaluator &, CallArgs &) {
    Value d = Value::dict();
    for (char **e = environ; e && *e; ++e) {
      std::string kv = *e;
      size_t eq = kv.find('=');
      if (eq == std::string::npos)
        continue;
      std::string k = kv.substr(0, eq);
      for (const char *prefix : {"JAX_COORDINATOR_", "JAX_LOCAL_DEVICE_IDS", "PARAX_COORDINATOR_",
                                 "PARAX_NUM_PROCESSES", "PARAX_PROCESS_ID", "SLURM_", "OMPI_"})
        if (k.rfind(prefix, 0) == 0) {
          d.asDict().set(Value::str(k), Value::str(kv.substr(eq + 1)));
          break;
        }
    }
    return d;
  });
  m->def("joined_from_environment", [](Evaluator &, CallArgs &) {
    return Value::boolean(gJoinedFromEnvironment);
  });
  m->def("is_initialized", [](Evaluator &, CallArgs &) {
    return Value::boolean(ProcessGroup::current() != nullptr);
  });
  m->def("engine", [](Evaluator &, CallArgs &) {
    return Value::str(group("the engine").engine().name());
  });
  // allgather(x): every process's x (same dtype and shape), stacked in
  // process order.
  m->def("allgather", [](Evaluator &, CallArgs &a) -> Value {
    expectPositional(a, 1, 1, "allgather");
    ProcessGroup &g = group("process_allgather");
    if (!a.args[0].isArray())
      raise("TypeError", "process_allgather needs concrete arrays, not traced values",
            "call it outside jit/pmap");
    Array x = a.args[0].asArray().copy();
    int P = g.numProcesses();
    g.setPosition("at process_allgather");
    try {
      std::string mine = describe(x.type()), all(mine.size() * size_t(P), '\0');
      g.engine().allGather(mine.data(), all.data(), mine.size());
      for (int p = 0; p < P; ++p)
        if (all.compare(size_t(p) * mine.size(), mine.size(), mine) != 0)
          raise("ValueError", "process_allgather: process " + std::to_string(p) + " passed " +
                                  all.substr(size_t(p) * mine.size(), mine.size()) +
                                  " and process " + std::to_string(g.processId()) + " passed " +
                                  mine + "; every process must pass the same shape and dtype");
      TensorType rt = x.type();
      rt.shape.insert(rt.shape.begin(), P);
      rt.weak = false;
      Array out = Array::allocate(rt);
      if (x.byteSize() > 0)
        g.engine().allGather(x.raw(), out.raw(), size_t(x.byteSize()));
      return Value::array(out);
    } catch (EngineError &e) {
      raise("RuntimeError", std::string("process_allgather: ") + e.what() + "; " +
                                g.whereAreTheOthers("at process_allgather"));
    }
  });
  // sync_global_devices(name): a barrier of every process that also checks
  // they all passed the same name (as JAX's does).
  m->def("sync_global_devices", [](Evaluator &, CallArgs &a) -> Value {
    expectPositional(a, 1, 1, "sync_global_devices");
    ProcessGroup &g = group("sync_global_devices");
    static uint64_t seq = 0;
    std::string key = "sync/" + std::to_string(++seq) + "/";
    std::string name = a.args[0].asStr();
    try {
      g.setPosition("at sync_global_devices('" + name + "') #" + std::to_string(seq));
      g.client().set(key + std::to_string(g.processId()), name);
      g.client().barrier("sync_global_devices #" + std::to_string(seq), g.collectiveTimeout());
      for (int p = 0; p < g.numProcesses(); ++p) {
        std::string theirs = g.client().get(key + std::to_string(p), g.collectiveTimeout());
        if (theirs != name)
          raise("AssertionError", "sync_global_devices name mismatch ('" + name + "' here, '" +
                                      theirs + "' in process " + std::to_string(p) + ")");
      }
    } catch (EngineError &e) {
      raise("RuntimeError", std::string("sync_global_devices('") + name + "'): " + e.what());
    }
    return Value::none();
  });
  mods["_parax_distributed"] = Value::object(Value::Kind::Native, m);
}

} // namespace parax::frontend
