//===- ProgramChecks.cpp - checks on a traced program before running ------===//
//
// Two whole-program checks, run on every compiled program after the passes
// and before the backend sees it:
//  - divergent collectives (ir/analysis/Divergence): a collective under
//    device-varying control would hang real devices -> DivergentCollectiveError;
//  - the memory preflight (ir/analysis/MemoryPlan): each device's planned
//    peak plus what it already holds must fit its budget, else
//    RESOURCE_EXHAUSTED before anything is allocated, naming the buffers live
//    at the peak and the fix.
// `parax check` prints the plan instead of running.
// The plan follows the backend that will run the program: the interpreter
// stores every op result; the CPU backend's storage decisions (fused values,
// registers, in-place updates, temporaries) come from codegen::FusionPlan.
//
//===----------------------------------------------------------------------===//
#include "frontend/tracing/ProgramChecks.h"
#include "codegen/FusionPlan.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/MemoryCheck.h"
#include "frontend/tracing/Trace.h"
#include "ir/HostMemory.h"
#include "ir/analysis/Divergence.h"
#include "ir/analysis/MemoryPlan.h"

#include <algorithm>

namespace parax::frontend {

namespace {

std::string collectiveName(const ir::Operation &op) {
  return std::string("lax.") + op.name();
}

/// lax.cond and lax.switch both trace to a cond op; the branch frames the
/// tracer pushed ("cond true_fun", "switch branch1", entered at the op's
/// location) say which construct the user wrote.
std::string condConstruct(const ir::Operation &cond, const TraceStack &inner) {
  for (const TraceFrame *f = inner.get(); f; f = f->parent.get()) {
    const Loc &l = f->callLoc, &c = cond.loc();
    if (l.file != c.file || l.line != c.line || l.col != c.col)
      continue;
    if (f->label.rfind("switch ", 0) == 0)
      return "lax.switch";
    if (f->label.rfind("cond ", 0) == 0)
      return "lax.cond";
  }
  return cond.numRegions() == 2 ? "lax.cond" : "lax.switch";
}

std::string branchName(const ir::Operation &op, const TraceStack &inner = {}) {
  switch (op.kind()) {
  case ir::OpKind::Cond:
    return condConstruct(op, inner);
  case ir::OpKind::While:
    return "lax.while_loop";
  case ir::OpKind::ForiLoop:
    return "lax.fori_loop";
  default:
    return op.name();
  }
}

[[noreturn]] void divergenceError(const ir::DivergentCollective &d) {
  const ir::Operation &c = *d.collective, &b = *d.branch;
  std::string axis = c.attrs().getString("axis_name");
  std::string what = branchName(b, c.stack());
  bool isSwitch = what == "lax.switch";
  std::string control = b.kind() == ir::OpKind::Cond
                            ? "a " + what + " branch whose " + (isSwitch ? "index" : "predicate")
                        : b.kind() == ir::OpKind::While
                            ? "a " + what + " whose condition"
                            : "a " + what + " whose trip count";
  std::string source;
  Loc sourceLoc;
  if (d.source.op) {
    source = d.source.op->kind() == ir::OpKind::AxisIndex
                 ? "lax.axis_index('" + d.source.op->attrs().getString("axis_name") + "')"
             : d.source.op->kind() == ir::OpKind::Constant
                 ? std::string("a value derived from jax.process_index() (a Python int that "
                               "differs between processes)")
                 : collectiveName(*d.source.op);
    sourceLoc = d.source.op->loc();
  } else {
    source = "data mapped over the devices (pmap argument " +
             std::to_string(d.source.mappedArg) + ")";
  }
  ParaxError err("DivergentCollectiveError",
                 collectiveName(c) + " over axis '" + axis + "' is inside " + control +
                     " depends on " + source +
                     ", so it can differ between devices: devices that skip the "
                     "collective never join it and the others wait forever");
  Diagnostic &diag = err.diag();
  diag.loc = c.loc();
  diag.stack = c.stack();
  diag.notes.push_back({b.loc(), "the " + what + " whose control varies between devices"});
  if (sourceLoc.valid())
    diag.notes.push_back({sourceLoc, d.source.op && d.source.op->kind() == ir::OpKind::Constant
                                         ? "the process-varying value enters the trace here"
                                         : "the device-varying value comes from here"});
  bool byProcess = d.source.op && d.source.op->kind() == ir::OpKind::Constant;
  diag.hint = byProcess
      ? "every device of every process must reach " + collectiveName(c) +
            ": compute it outside the " + what + " and select with jnp.where on "
            "jax.process_index() passed in as data"
      : "every device must reach " + collectiveName(c) +
              ": compute it outside the " + what +
              " (e.g. s = lax.psum(v, '" + axis + "') before branching and select with "
              "jnp.where), or make the " +
              (b.kind() != ir::OpKind::Cond ? "condition" : isSwitch ? "index" : "predicate") +
              " uniform (derive it from an in_axes=None argument or from a collective's "
              "result)";
  throw err;
}

std::string bufferLine(const ir::PlannedBuffer &b) {
  std::string s = (b.count > 1 ? std::to_string(b.count) + " x " : "") +
                  formatBytes(b.bytes) + "  " + b.what;
  if (b.stack)
    s += "  (in " + TraceFrame::render(b.stack) + ")";
  return s;
}

[[noreturn]] void memoryError(Evaluator &ev, TraceProgram &prog, const ir::MemoryPlan &plan,
                              int dev, int64_t budget) {
  const ir::DevicePlan &p = plan.devices[size_t(dev)];
  int64_t live = MemoryTracker::live(dev);
  std::string msg = prog.what + " needs " + formatBytes(p.peak) + " on device " +
                    std::to_string(dev) + " at its peak";
  if (live > 0)
    msg += " (plus " + formatBytes(live) + " already in use)";
  msg += ", over the " + formatBytes(budget) + " budget per device; nothing was allocated";
  ParaxError err("RESOURCE_EXHAUSTED", msg);
  Diagnostic &d = err.diag();
  d.loc = prog.callLoc;
  d.stack = prog.callStack;
  size_t shown = 0;
  for (const ir::PlannedBuffer &b : p.atPeak) {
    if (shown++ == 5)
      break;
    d.notes.push_back({b.loc, "live at the peak: " + bufferLine(b)});
  }
  const ir::PlannedBuffer *top = p.atPeak.empty() ? nullptr : &p.atPeak[0];
  bool isPmap = prog.what.rfind("pmap", 0) == 0;
  // The largest input, per device (a pmap input is split over the devices).
  const ir::Func &entry = *prog.module->funcs()[0];
  TensorType input;
  int64_t inputBytes = 0;
  for (const TensorType &t : entry.argumentTypes()) {
    int64_t b = isPmap ? t.byteSize() / int64_t(std::max<size_t>(1, plan.devices.size()))
                       : t.byteSize();
    if (b > inputBytes) {
      inputBytes = b;
      input = t;
    }
  }
  if (top && top->count > 1 && top->sources > 1) {
    // Distinct values made by one line: trace-time copies of a Python loop.
    d.hint = std::to_string(top->count) + " buffers of " + top->what + " from " +
             top->loc.str() +
             " are alive together: a Python loop is unrolled at trace time and "
             "keeps every iteration's result; write it with lax.fori_loop or "
             "lax.scan so that one iteration's buffers are live at a time";
  } else if (top && inputBytes > 0 && top->bytes <= inputBytes) {
    // No buffer at the peak is larger than the input: no rewrite of the
    // program helps, the input itself is too large for the budget.
    d.hint = "the input " + input.str() + " (" + formatBytes(inputBytes) +
             (isPmap ? " per device" : "") + ") is itself too large for this budget: the "
             "program needs " + std::to_string(top->count) + " buffer" +
             (top->count > 1 ? "s" : "") + " of its size at the peak besides it; make the "
             "input smaller" + (isPmap ? ", spread it over more devices" :
                                ev.options().numDevices > 1 ? ", shard it over the devices with jax.pmap" : "") +
             ", or use jnp.bfloat16 to halve every buffer";
  } else if (!isPmap && ev.options().numDevices > 1) {
    d.hint = "shard the work along an axis with jax.pmap so that each of the " +
             std::to_string(ev.options().numDevices) +
             " devices holds only its part, or use a lower precision (bfloat16)";
  } else {
    d.hint = "reduce the sizes, split the work over more devices with pmap, or use "
             "jnp.bfloat16 to halve every buffer";
  }
  throw err;
}

} // namespace

static std::string renderMemoryPlan(const TraceProgram &prog,
                                    const ir::MemoryPlan &plan) {
  std::string out = "program " + prog.what + " (" + prog.callLoc.str() + "):\n";
  for (size_t dv = 0; dv < plan.devices.size(); ++dv) {
    const ir::DevicePlan &p = plan.devices[dv];
    if (p.peak == 0 && dv > 0)
      continue;
    out += "  device " + std::to_string(dv) + ": peak " + formatBytes(p.peak) + "\n";
    size_t shown = 0;
    for (const ir::PlannedBuffer &b : p.atPeak) {
      if (shown++ == 5)
        break;
      out += "    " + bufferLine(b) + "  at " + b.loc.str() + "\n";
    }
  }
  return out;
}

/// The plan of `entry` for the backend that runs it.
static ir::MemoryPlan planFor(Evaluator &ev, const ir::Func &entry) {
  if (ev.options().backendName == "cpu") {
    codegen::FusionPlan storage(entry);
    return ir::planMemory(entry, ev.options().numDevices, &storage);
  }
  return ir::planMemory(entry, ev.options().numDevices);
}

std::string renderMemoryPlan(Evaluator &ev, const TraceProgram &prog) {
  return renderMemoryPlan(prog, planFor(ev, *prog.module->funcs()[0]));
}

void runProgramChecks(Evaluator &ev, TraceProgram &prog) {
  const ir::Func &entry = *prog.module->funcs()[0];
  if (auto d = ir::findDivergentCollective(entry))
    divergenceError(*d);
  ir::MemoryPlan plan = planFor(ev, entry);
  prog.plannedPeaks.clear();
  for (auto &p : plan.devices)
    prog.plannedPeaks.push_back(p.peak);
  if (ev.options().checkOnly)
    ev.write(renderMemoryPlan(prog, plan));
  // Every device's buffers are host memory too: a program whose plan passes
  // the host budget stops here, since compiled code cannot fail an
  // allocation halfway.
  int64_t hostPeak = 0;
  for (auto &p : plan.devices)
    hostPeak += p.peak;
  if (!ev.options().checkOnly) {
    try {
      HostMemory::require(hostPeak, prog.what.c_str());
    } catch (ParaxError &e) {
      e.diag().loc = prog.callLoc;
      e.diag().stack = prog.callStack;
      throw;
    }
  }
  int64_t budget = ev.options().deviceMemory;
  if (budget <= 0)
    return;
  for (size_t dv = 0; dv < plan.devices.size(); ++dv)
    if (saturatingAdd(MemoryTracker::live(int(dv)), plan.devices[dv].peak) > budget)
      memoryError(ev, prog, plan, int(dv), budget);
}

} // namespace parax::frontend
