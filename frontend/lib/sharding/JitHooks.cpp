//===- JitHooks.cpp - jit keeps shardings in its abstract signature --------===//
//
// A sharded argument's split is part of its abstract type: it joins the
// cache key, its tracer carries it (so the body's ops apply their rules),
// and the program's results come back split as they were traced.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Partition.h"
#include "frontend/lib/sharding/Sharding.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/ShardingHooks.h"

#include <map>

namespace parax::frontend::sharding {

namespace {
struct ProgramResults {
  std::weak_ptr<TraceProgram> program;
  std::vector<ShardingPtr> shardings;
};
std::map<const TraceProgram *, ProgramResults> &programResults() {
  static std::map<const TraceProgram *, ProgramResults> m;
  return m;
}

std::string key(const Value &leaf) {
  ShardingPtr s = shardingOf(leaf);
  return s ? "@" + s->key() : "";
}

void traceArg(const Value &leaf, const Value &tracer) {
  if (ShardingPtr s = shardingOf(leaf))
    setTracerSharding(tracer, s);
}

std::weak_ptr<TraceProgram> gLastTraced;
struct KeptModule {
  std::weak_ptr<TraceProgram> program;
  std::shared_ptr<ir::Module> module;
};
std::map<const TraceProgram *, KeptModule> &keptModules() {
  static std::map<const TraceProgram *, KeptModule> m;
  return m;
}

void traceResults(const std::shared_ptr<TraceProgram> &program,
                  const std::vector<Value> &outLeaves) {
  gLastTraced = program;
  std::vector<ShardingPtr> ss;
  bool any = false;
  for (const Value &l : outLeaves) {
    ss.push_back(shardingOf(l));
    any |= ss.back() != nullptr;
  }
  auto &m = programResults();
  for (auto it = m.begin(); it != m.end();)
    it = it->second.program.expired() ? m.erase(it) : std::next(it);
  if (any)
    m[program.get()] = ProgramResults{program, ss};
  else
    m.erase(program.get());
}

void runResults(const TraceProgram &program, std::vector<Value> &results) {
  auto it = programResults().find(&program);
  bool known = it != programResults().end() && !it->second.program.expired();
  if (const DeviceLayout *l = deviceLayout(program.module.get())) {
    // A per-device program: each result's shards as the devices left them.
    results = layoutResults(*l, std::move(results),
                            known ? it->second.shardings : std::vector<ShardingPtr>{});
    return;
  }
  if (!known)
    return;
  const auto &ss = it->second.shardings;
  for (size_t i = 0; i < results.size() && i < ss.size(); ++i) {
    if (!ss[i])
      continue;
    if (results[i].isTracer()) // parax check: an abstract result
      setTracerSharding(results[i], ss[i]);
    else if (results[i].isArray())
      results[i] = shardedArray(results[i], ss[i]); // a global program's: cut into shards
  }
}
} // namespace

void keepTracedModule(const TraceProgram &program, std::shared_ptr<ir::Module> module) {
  auto &m = keptModules();
  for (auto it = m.begin(); it != m.end();)
    it = it->second.program.expired() ? m.erase(it) : std::next(it);
  std::shared_ptr<TraceProgram> p = gLastTraced.lock();
  if (p.get() == &program)
    m[&program] = KeptModule{p, std::move(module)};
}

void installJitHooks() {
  ShardingHooks &h = shardingHooks();
  h.key = key;
  h.traceArg = traceArg;
  h.traceResults = traceResults;
  h.runResults = runResults;
}

} // namespace parax::frontend::sharding
