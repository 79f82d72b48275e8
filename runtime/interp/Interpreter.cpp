//===- Interpreter.cpp - the reference interpreter of the IR --------------===//
//
// Execution model:
//  - A Frame is a vector of Array slots, one per SSA value of the function
//    (nested regions included). A loop body writes its values into the same
//    slots every iteration; carries move from the yield into the block
//    arguments.
//  - After each op, the slots whose last use was that op are released, so
//    buffers die as early as the IR allows.
//  - A pmap op copies the frame (sharing buffers) into N device threads that
//    run the region concurrently; collectives meet in a ThreadCommunicator;
//    jax.debug.print lines are buffered per device and flushed in device
//    order once the region finishes, so output is identical on every run.
//
//===----------------------------------------------------------------------===//
#include "runtime/interp/Interpreter.h"
#include "ir/PmapParts.h"
#include "ir/Diagnostics.h"
#include "ir/OpRules.h"
#include "runtime/Communicator.h"
#include "runtime/distributed/PmapCommunicator.h"
#include "runtime/DebugPrint.h"
#include "runtime/Kernels.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <thread>

namespace parax::runtime {

using ir::OpKind;

//===----------------------------------------------------------------------===//
// Plan
//===----------------------------------------------------------------------===//
InterpPlan::InterpPlan(const ir::Func &entry) {
  number(entry.entry());
  analyse(entry.entry());
}

void InterpPlan::number(const ir::Block &b) {
  for (auto &a : b.arguments())
    slots_[a.get()] = numSlots_++;
  for (auto &op : b.operations()) {
    for (auto &r : op->results())
      slots_[r.get()] = numSlots_++;
    for (unsigned i = 0; i < op->numRegions(); ++i)
      number(op->region(i).front());
  }
}

namespace {
/// The top-level op of `b` that contains `user` (itself if in `b`).
const ir::Operation *ancestorIn(const ir::Block &b, const ir::Operation *user) {
  const ir::Operation *cur = user;
  while (cur && cur->parentBlock() != &b)
    cur = cur->parentOp();
  return cur;
}
} // namespace

void InterpPlan::analyse(const ir::Block &b) {
  std::unordered_map<const ir::Operation *, size_t> index;
  size_t i = 0;
  for (auto &op : b.operations())
    index[op.get()] = i++;
  auto lastUse = [&](const ir::Value *v) -> const ir::Operation * {
    const ir::Operation *last = nullptr;
    size_t lastIdx = 0;
    for (const ir::Operation *u : v->users()) {
      const ir::Operation *anc = ancestorIn(b, u);
      if (!anc)
        continue;
      size_t k = index[anc];
      if (!last || k >= lastIdx) {
        last = anc;
        lastIdx = k;
      }
    }
    return last;
  };
  auto release = [&](const ir::Value *v, const ir::Operation *def) {
    const ir::Operation *last = lastUse(v);
    if (!last) {
      if (def)
        freeAfter_[def].push_back(slots_[v]);
      else
        unusedArgs_[&b].push_back(slots_[v]);
      return;
    }
    // A terminator hands its operands on; they are not released here.
    if (last->hasTrait(ir::T))
      return;
    freeAfter_[last].push_back(slots_[v]);
  };
  for (auto &a : b.arguments())
    release(a.get(), nullptr);
  for (auto &op : b.operations()) {
    for (auto &r : op->results())
      release(r.get(), op.get());
    for (unsigned k = 0; k < op->numRegions(); ++k)
      analyse(op->region(k).front());
  }
}

const std::vector<int> &InterpPlan::freeAfter(const ir::Operation *op) const {
  static const std::vector<int> none;
  auto it = freeAfter_.find(op);
  return it == freeAfter_.end() ? none : it->second;
}

const std::vector<int> &InterpPlan::unusedArgs(const ir::Block *b) const {
  static const std::vector<int> none;
  auto it = unusedArgs_.find(b);
  return it == unusedArgs_.end() ? none : it->second;
}

//===----------------------------------------------------------------------===//
// Execution
//===----------------------------------------------------------------------===//
namespace {

/// Per device-thread state inside a pmap region.
struct DeviceContext {
  int index = 0; // global: across processes, processId * localDevices + local thread
  DeviceCollectives *comm = nullptr;
  std::vector<std::string> prints;
};

struct Frame {
  std::vector<Array> slots;
  DeviceContext *device = nullptr;
};

class Interpreter {
public:
  Interpreter(const InterpPlan &plan, const PrintSink &print, Backend &backend)
      : plan_(plan), print_(print), backend_(backend) {}

  /// Runs `b` with `args` bound to its arguments; returns the terminator's
  /// operands.
  std::vector<Array> runBlock(const ir::Block &b, Frame &f,
                              std::vector<Array> args);

private:
  const Array &get(Frame &f, const ir::Value *v) {
    const Array &a = f.slots[size_t(plan_.slot(v))];
    PARAX_ASSERT(a.valid()) << "interpreter read a released value";
    return a;
  }
  void set(Frame &f, const ir::Value *v, Array a) {
    f.slots[size_t(plan_.slot(v))] = std::move(a);
  }
  std::vector<Array> inputs(Frame &f, const ir::Operation &op, unsigned from = 0) {
    std::vector<Array> r;
    for (unsigned i = from; i < op.numOperands(); ++i)
      r.push_back(get(f, op.operand(i)));
    return r;
  }
  void exec(const ir::Operation &op, Frame &f);
  void execFori(const ir::Operation &op, Frame &f);
  void execScan(const ir::Operation &op, Frame &f);
  void execWhile(const ir::Operation &op, Frame &f);
  void execCond(const ir::Operation &op, Frame &f);
  void execPmap(const ir::Operation &op, Frame &f);
  void execCollective(const ir::Operation &op, Frame &f);

  const InterpPlan &plan_;
  const PrintSink &print_;
  Backend &backend_;
};

std::vector<Array> Interpreter::runBlock(const ir::Block &b, Frame &f,
                                         std::vector<Array> args) {
  // Arguments move into their slots, so a carry dies at its last use.
  for (unsigned i = 0; i < b.numArguments(); ++i)
    set(f, b.argument(i), std::move(args[i]));
  args.clear();
  for (int s : plan_.unusedArgs(&b))
    f.slots[size_t(s)] = Array();
  for (auto &opPtr : b.operations()) {
    const ir::Operation &op = *opPtr;
    if (op.hasTrait(ir::T))
      return inputs(f, op);
    exec(op, f);
    for (int s : plan_.freeAfter(&op))
      f.slots[size_t(s)] = Array();
  }
  return {};
}

/// Row `i` of `x` along axis 0 (a fresh array).
Array row(const Array &x, int64_t i) {
  TensorType t = x.type();
  t.shape.erase(t.shape.begin());
  Array r = Array::allocate(t);
  size_t bytes = size_t(r.byteSize());
  std::memcpy(r.raw(), static_cast<const char *>(x.raw()) + size_t(i) * bytes, bytes);
  return r;
}

/// Stacks per-device parts along a new axis `ax` into one array whose bytes
/// are accounted as shards, one per device (how a pmap result lives).
Array stackSharded(const std::vector<Array> &parts, int64_t ax,
                   const TensorType &type) {
  int n = int(parts.size());
  Array r = Array::allocate(type, Placement{-1, n});
  const Shape &ps = parts[0].shape();
  size_t elem = size_t(dtypeSize(type.dtype));
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < ax; ++i)
    outer *= ps[size_t(i)];
  for (size_t i = size_t(ax); i < ps.size(); ++i)
    inner *= ps[i];
  size_t innerBytes = size_t(inner) * elem;
  char *dst = static_cast<char *>(r.raw());
  for (int64_t o = 0; o < outer; ++o)
    for (int d = 0; d < n; ++d)
      std::memcpy(dst + (size_t(o) * size_t(n) + size_t(d)) * innerBytes,
                  static_cast<const char *>(parts[size_t(d)].raw()) + size_t(o) * innerBytes,
                  innerBytes);
  return r;
}

/// Slice `i` of `x` along `axis`, with the axis removed.
Array sliceAlong(const Array &x, int64_t axis, int64_t i) {
  if (axis == 0)
    return row(x, i);
  std::vector<int64_t> start(size_t(x.rank()), 0), limit = x.shape(),
      stride(size_t(x.rank()), 1);
  start[size_t(axis)] = i;
  limit[size_t(axis)] = i + 1;
  TensorType t = x.type();
  t.shape[size_t(axis)] = 1;
  Array s = sliceOp(x, start, limit, stride, t);
  Shape sq = x.shape();
  sq.erase(sq.begin() + axis);
  return s.reshaped(sq);
}

void Interpreter::exec(const ir::Operation &op, Frame &f) {
  switch (op.kind()) {
  case OpKind::Constant:
    set(f, op.result(), op.attrs().getArray("value"));
    return;
  case OpKind::ForiLoop:
    return execFori(op, f);
  case OpKind::Scan:
    return execScan(op, f);
  case OpKind::While:
    return execWhile(op, f);
  case OpKind::Cond:
    return execCond(op, f);
  case OpKind::Pmap:
    return execPmap(op, f);
  case OpKind::DebugPrint: {
    std::string line = formatDebugTemplate(op.attrs().getString("format"), inputs(f, op));
    if (f.device)
      f.device->prints.push_back(line + "\n");
    else
      print_(line + "\n");
    return;
  }
  case OpKind::DebugBreakpoint: {
    backend_.hitBreakpoint(Backend::BreakpointEvent::at(
        op, inputs(f, op), f.device ? f.device->index : -1));
    return;
  }
  default: {
    if (ir::collectivePattern(op.kind()) != ir::CollectivePattern::None) {
      try {
        return execCollective(op, f);
      } catch (ParaxError &e) { // stopped or aborted while waiting: say where
        if (!e.diag().loc.valid())
          e.diag().loc = op.loc();
        throw;
      }
    }
    std::vector<Array> outs = evalPureOp(op, inputs(f, op));
    for (unsigned i = 0; i < op.numResults(); ++i)
      set(f, op.result(i), std::move(outs[i]));
    return;
  }
  }
}

void Interpreter::execFori(const ir::Operation &op, Frame &f) {
  int64_t lo = get(f, op.operand(0)).getInt(0), hi = get(f, op.operand(1)).getInt(0);
  std::vector<Array> carry = inputs(f, op, 2);
  const ir::Block &body = op.region(0).front();
  const TensorType &iType = body.argument(0)->type();
  for (int64_t i = lo; i < hi; ++i) {
    backend_.checkStop(op.loc());
    std::vector<Array> args{Array::scalarInt(iType.dtype, i, iType.weak)};
    args.insert(args.end(), std::make_move_iterator(carry.begin()),
                std::make_move_iterator(carry.end()));
    carry = runBlock(body, f, std::move(args));
  }
  for (unsigned i = 0; i < op.numResults(); ++i)
    set(f, op.result(i), carry[i].withWeak(op.result(i)->type().weak));
}

void Interpreter::execScan(const ir::Operation &op, Frame &f) {
  int64_t length = op.attrs().getInt("length");
  bool reverse = op.attrs().getInt("reverse");
  size_t nCarry = size_t(op.attrs().getInt("num_carry"));
  std::vector<Array> all = inputs(f, op);
  std::vector<Array> carry(all.begin(), all.begin() + long(nCarry));
  std::vector<Array> xs(all.begin() + long(nCarry), all.end());
  all.clear();
  size_t nY = op.numResults() - nCarry;
  std::vector<Array> ys;
  for (size_t k = 0; k < nY; ++k)
    ys.push_back(Array::allocate(op.result(unsigned(nCarry + k))->type()));
  const ir::Block &body = op.region(0).front();
  for (int64_t step = 0; step < length; ++step) {
    backend_.checkStop(op.loc());
    int64_t i = reverse ? length - 1 - step : step;
    std::vector<Array> args = std::move(carry);
    for (const Array &x : xs)
      args.push_back(row(x, i));
    std::vector<Array> out = runBlock(body, f, std::move(args));
    carry.assign(out.begin(), out.begin() + long(nCarry));
    for (size_t k = 0; k < nY; ++k) {
      const Array &y = out[nCarry + k];
      size_t bytes = size_t(y.byteSize());
      std::memcpy(static_cast<char *>(ys[k].raw()) + size_t(i) * bytes, y.raw(), bytes);
    }
  }
  for (size_t k = 0; k < nCarry; ++k)
    set(f, op.result(unsigned(k)), carry[k].withWeak(op.result(unsigned(k))->type().weak));
  for (size_t k = 0; k < nY; ++k)
    set(f, op.result(unsigned(nCarry + k)), std::move(ys[k]));
}

/// PARAX_MAX_LOOP_ITERATIONS bounds while_loop trips (fuzzing, embedders).
int64_t maxLoopIterations() {
  static const int64_t n = [] {
    const char *e = std::getenv("PARAX_MAX_LOOP_ITERATIONS");
    return e ? std::atoll(e) : 0;
  }();
  return n;
}

void Interpreter::execWhile(const ir::Operation &op, Frame &f) {
  std::vector<Array> carry = inputs(f, op);
  const ir::Block &condB = op.region(0).front(), &bodyB = op.region(1).front();
  int64_t limit = maxLoopIterations(), trips = 0;
  while (true) {
    backend_.checkStop(op.loc());
    if (limit && ++trips > limit)
      throw ParaxError("RuntimeError", "lax.while_loop ran more than " +
                                           std::to_string(limit) +
                                           " iterations (PARAX_MAX_LOOP_ITERATIONS)",
                       op.loc());
    std::vector<Array> p = runBlock(condB, f, carry);
    if (p[0].getDouble(0) == 0)
      break;
    carry = runBlock(bodyB, f, std::move(carry));
  }
  for (unsigned i = 0; i < op.numResults(); ++i)
    set(f, op.result(i), carry[i].withWeak(op.result(i)->type().weak));
}

void Interpreter::execCond(const ir::Operation &op, Frame &f) {
  int64_t k = get(f, op.operand(0)).getInt(0);
  k = std::clamp<int64_t>(k, 0, int64_t(op.numRegions()) - 1);
  std::vector<Array> out = runBlock(op.region(unsigned(k)).front(), f, inputs(f, op, 1));
  for (unsigned i = 0; i < op.numResults(); ++i)
    set(f, op.result(i), out[i].withWeak(op.result(i)->type().weak));
}

void Interpreter::execPmap(const ir::Operation &op, Frame &f) {
  int n = int(op.attrs().getInt("axis_size"));
  const auto &inAxes = op.attrs().getInts("in_axes");
  const auto &outAxes = op.attrs().getInts("out_axes");
  std::vector<Array> ins = inputs(f, op);
  const ir::Block &body = op.region(0).front();
  // Across processes this process runs its local devices only; their
  // collectives span every process's devices.
  PmapCommunicator pc(op, n, backend_.stopFlag());
  n = pc.localDevices;
  ir::PmapParts parts = ir::pmapParts(op);
  DeviceCollectives &comm = *pc.comm;
  std::vector<DeviceContext> devs(static_cast<size_t>(n));
  std::vector<std::vector<Array>> outs(static_cast<size_t>(n));
  std::vector<std::exception_ptr> errors(static_cast<size_t>(n));
  // The device that failed first: the others may then fail only because the
  // group was aborted under them, so its error is the one to report.
  std::atomic<int> firstFailed{-1};
  auto runDevice = [&](int d) {
    setCurrentDevice(d);
    try {
      devs[size_t(d)].index = pc.offset + d;
      devs[size_t(d)].comm = &comm;
      Frame df{f.slots, &devs[size_t(d)]};
      std::vector<Array> args;
      for (unsigned k = 0; k < parts.numArgs(); ++k) {
        const Array &x = ins[parts.operandFor(k, d)];
        args.push_back(inAxes[k] < 0 || parts.partedIn[k] ? x : sliceAlong(x, inAxes[k], d));
      }
      outs[size_t(d)] = runBlock(body, df, std::move(args));
    } catch (...) {
      errors[size_t(d)] = std::current_exception();
      int none = -1;
      firstFailed.compare_exchange_strong(none, d);
      comm.abort();
    }
    setCurrentDevice(0);
  };
  std::vector<std::thread> threads;
  for (int d = 1; d < n; ++d)
    threads.emplace_back(runDevice, d);
  runDevice(0);
  for (auto &t : threads)
    t.join();
  for (auto &dev : devs)
    for (auto &line : dev.prints)
      print_(line);
  if (firstFailed >= 0)
    std::rethrow_exception(errors[size_t(firstFailed.load())]);
  if (parts.partedOut) { // each device's result is its own (no stacked copy)
    for (size_t k = 0; k < outs[0].size(); ++k)
      for (int d = 0; d < n; ++d)
        set(f, op.result(parts.resultFor(unsigned(k), d)), outs[size_t(d)][k]);
    return;
  }
  for (unsigned k = 0; k < op.numResults(); ++k) {
    int64_t ax = outAxes[k];
    if (ax < 0) {
      set(f, op.result(k), outs[0][k]);
      continue;
    }
    std::vector<Array> parts;
    for (int d = 0; d < n; ++d)
      parts.push_back(outs[size_t(d)][k]);
    set(f, op.result(k), stackSharded(parts, ax, op.result(k)->type()));
  }
}

void Interpreter::execCollective(const ir::Operation &op, Frame &f) {
  PARAX_ASSERT(f.device) << op.name() << " outside a pmap region";
  DeviceContext &d = *f.device;
  if (ir::communicates(op.kind()))
    d.comm->enter(d.index, op);
  switch (ir::collectivePattern(op.kind())) {
  case ir::CollectivePattern::Local: // axis_index
    set(f, op.result(), Array::scalarInt(DType::I32, d.index));
    return;
  case ir::CollectivePattern::AllReduce:
    set(f, op.result(),
        d.comm
            ->allReduce(d.index, get(f, op.operand(0)), op.kind(),
                        op.attrs().has("groups") ? &op.attrs().getInts("groups") : nullptr,
                        op.attrs().getInt("group_size", 0))
            .withWeak(op.result()->type().weak));
    return;
  case ir::CollectivePattern::AllGather:
    set(f, op.result(),
        d.comm->allGather(d.index, get(f, op.operand(0)), op.attrs().getInt("axis"),
                          op.attrs().getInt("tiled"),
                          op.attrs().has("groups") ? &op.attrs().getInts("groups") : nullptr,
                          op.attrs().getInt("group_size", 0)));
    return;
  case ir::CollectivePattern::Permute:
    set(f, op.result(), d.comm->permute(d.index, get(f, op.operand(0)), op.attrs().getInts("perm")));
    return;
  default:
    PARAX_ASSERT(false) << "not a collective";
  }
}

class InterpExecutable : public Executable {
public:
  InterpExecutable(std::shared_ptr<const ir::Module> m, const PrintSink &print,
                   Backend &backend)
      : module_(std::move(m)), plan_(*module_->funcs()[0]), print_(print),
        backend_(backend) {}
  std::vector<Array> run(const std::vector<Array> &args) override {
    Frame f;
    f.slots.resize(size_t(plan_.numSlots()));
    Interpreter interp(plan_, print_, backend_);
    return interp.runBlock(module_->funcs()[0]->entry(), f, args);
  }

private:
  std::shared_ptr<const ir::Module> module_;
  InterpPlan plan_;
  const PrintSink &print_;
  Backend &backend_;
};
} // namespace

std::unique_ptr<Executable>
InterpBackend::compile(std::shared_ptr<const ir::Module> module) {
  return std::make_unique<InterpExecutable>(std::move(module), print_, *this);
}

std::vector<Array> InterpBackend::evalEager(ir::OpKind kind, const ir::Attrs &attrs,
                                            const std::vector<Array> &inputs,
                                            const std::vector<TensorType> &resultTypes) {
  return evalPureOp(kind, attrs, inputs, resultTypes);
}

} // namespace parax::runtime
