//===- EagerPerDevice.cpp - eager ops on split arrays, run per device -----===//
//
// An eager op whose operands are split over a mesh runs as a one-op program
// lowered by the SPMD pass (Partition.cpp): each device computes its own
// block. The result's split comes from the op's sharding rule; a rule error
// leaves the op to the global path, whose propagation then reports it. The
// programs are compiled once per op/type/split and cached; each call is
// preflighted per device (what is live now plus the program's plan).
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Partition.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/ProgramChecks.h"
#include "frontend/tracing/Trace.h"
#include "ir/Builder.h"
#include "ir/PassManager.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "runtime/Backend.h"

#include <map>

namespace parax::frontend::sharding {

/// An eager op on split operands: the one-op program, lowered per device
/// like a jit program, compiled once per op/type/split and cached.
bool runEagerPerDevice(Evaluator &ev, ir::OpKind kind, const ir::Attrs &attrs,
           const std::vector<Value> &operands, const std::vector<TensorType> &resultTypes,
           std::vector<Value> &outs) {
  if (!anySharded() || ir::numRegions(kind) != 0 || ir::hasTrait(kind, ir::C) ||
      ir::hasTrait(kind, ir::S) || std::getenv("PARAX_NO_SPMD"))
    return false;
  ShardingPtr mesh;
  std::vector<Dims> dims;
  for (const Value &v : operands) {
    ShardingPtr s = shardingOf(v);
    Dims d = s ? s->dims : Dims{};
    d.resize(size_t(abstractType(v).rank()));
    dims.push_back(d);
    if (!s)
      continue;
    if (mesh && (mesh->axisNames != s->axisNames || mesh->axisSizes != s->axisSizes))
      return false;
    if (!s->replicated())
      mesh = s;
  }
  if (!mesh)
    return false;
  int64_t n = meshSize(*mesh);
  if (n < 2 || n > ev.options().numDevices)
    return false;
  // The results' splits, from the op's rule (a rule error: the global path
  // runs and the propagation after it reports it).
  std::vector<Dims> resDims;
  try {
    const Rule *rule = ruleFor(kind);
    if (!rule)
      return false;
    RuleInput in{kind, attrs, {}, dims, resultTypes, *mesh, true};
    for (const Value &v : operands)
      in.operandTypes.push_back(abstractType(v));
    resDims = (*rule)(in);
  } catch (...) {
    return false;
  }
  auto src = std::make_shared<ir::Module>();
  ir::Func &f = src->addFunc(std::string("eager_") + ir::mnemonic(kind));
  ir::Builder b(&f.entry());
  std::vector<ir::Value *> args;
  for (const Value &v : operands)
    args.push_back(f.entry().addArgument(abstractType(v)));
  ir::Operation *op = b.create(kind, args, resultTypes, attrs, ev.currentLoc(), {});
  std::vector<ir::Value *> rets;
  for (unsigned i = 0; i < op->numResults(); ++i)
    rets.push_back(op->result(i));
  b.create(ir::OpKind::Return, rets, {}, {}, ev.currentLoc(), {});
  std::shared_ptr<ir::Module> local;
  DeviceLayout layout;
  try {
    std::map<const ir::Value *, Dims> given;
    for (size_t i = 0; i < args.size(); ++i)
      given[args[i]] = dims[i];
    for (size_t i = 0; i < rets.size(); ++i)
      given[rets[i]] = i < resDims.size() ? resDims[i] : Dims{};
    local = partitionModule(*mesh, src, given, layout);
  } catch (PartitionUnsupported &) {
    return false;
  }
  if (!ir::verifyModule(*local).empty())
    return false;
  static std::map<std::string, std::pair<std::shared_ptr<ir::Module>,
                                         std::unique_ptr<runtime::Executable>>> cache;
  std::string key = ev.backend().name() + "\n" + ir::printModule(*local);
  auto it = cache.find(key);
  if (it == cache.end()) {
    if (!ir::defaultPipeline().run(*local).empty())
      return false;
    if (cache.size() > 256)
      cache.clear();
    if (std::getenv("PARAX_DEBUG_SPMD"))
      ev.options().dumpSink(std::string("spmd: eager ") + ir::mnemonic(kind) +
                            " runs per device\n");
    auto exe = ev.backend().compile(local);
    it = cache.emplace(key, std::make_pair(local, std::move(exe))).first;
  }
  // The memory preflight of the per-device program (what is live now on
  // each device plus its plan), as for a jit program.
  TraceProgram tp;
  tp.module = it->second.first;
  tp.what = std::string("jnp ") + ir::mnemonic(kind) + " on split arrays";
  tp.callLoc = ev.currentLoc();
  tp.callStack = ev.callStack();
  runProgramChecks(ev, tp);
  // Split operands are passed as their shards, the results stay per device.
  std::vector<Array> parts = it->second.second->run(layoutInputs(layout, operands));
  std::vector<Value> vals;
  for (Array &a : parts)
    vals.push_back(Value::array(std::move(a)));
  std::vector<ShardingPtr> shardings;
  for (const Dims &d : resDims)
    shardings.push_back(mesh->withDims(d));
  outs = layoutResults(layout, std::move(vals), shardings);
  return true;
}

} // namespace parax::frontend::sharding
