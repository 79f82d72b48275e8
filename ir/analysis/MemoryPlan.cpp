//===- MemoryPlan.cpp - per-device peak memory of a program ---------------===//
//
// Algorithm: simulate execution the way the backends run it (the reference
// interpreter's buffer discipline, which the CPU backend mirrors):
//  1. Buffers are reference counted; an SSA value holds a reference from
//     its definition until after its last use in its block (the top-level
//     op of that block that uses it, directly or from a nested region).
//  2. An op's results are allocated on the current device when it runs.
//     Constants and arguments exist before the program starts (they are
//     the baseline); reshape aliases its operand.
//  3. Loops: carries move from the yield to the next iteration's block
//     arguments; the body is simulated twice (the second iteration is the
//     steady state: init buffers still alive, carries fresh). Scan
//     preallocates its stacked outputs and copies one x row per iteration.
//  4. cond: every branch is simulated from the same state; the worst
//     branch's peak counts. while: cond, body, cond, body, cond.
//  5. pmap: each device's region is simulated on that device's counter;
//     mapped arguments are per-device copies, replicated ones shared;
//     stacked outputs are split evenly over the devices. Collectives give
//     every device its own result; device 0 combines (one or two
//     temporaries).
//  6. Each device's high-water mark and the buffers live at it are kept.
//
//===----------------------------------------------------------------------===//
#include "ir/analysis/MemoryPlan.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>

namespace parax::ir {

int MemoryPlan::worstDevice() const {
  int w = 0;
  for (size_t d = 0; d < devices.size(); ++d)
    if (devices[d].peak > devices[size_t(w)].peak)
      w = int(d);
  return w;
}

int64_t MemoryPlan::maxPeak() const {
  return devices.empty() ? 0 : devices[size_t(worstDevice())].peak;
}

namespace {

struct Buf {
  int64_t bytes = 0;
  int device = 0;     ///< -1: split evenly over all devices
  const Value *owner = nullptr;
  int refs = 0;
};

class Simulator {
public:
  explicit Simulator(int numDevices)
      : n_(numDevices), live_(size_t(numDevices), 0), plan_() {
    plan_.devices.resize(size_t(numDevices));
  }

  MemoryPlan run(const Func &f) {
    std::vector<int> args;
    for (unsigned i = 0; i < f.entry().numArguments(); ++i)
      args.push_back(-1); // arguments exist already
    std::vector<int> outs = block(f.entry(), args);
    for (int id : outs)
      unref(id);
    return plan_;
  }

private:
  int n_;
  int device_ = 0;
  std::vector<int64_t> live_;
  std::vector<Buf> bufs_;
  std::unordered_map<const Value *, int> slot_;
  std::unordered_map<const Block *, std::unordered_map<const Operation *, std::vector<const Value *>>>
      releases_;
  MemoryPlan plan_;

  //--- Buffers --------------------------------------------------------------
  int64_t shareOf(const Buf &b, int dev) const {
    if (b.device >= 0)
      return b.device == dev ? b.bytes : 0;
    return b.bytes / n_ + (dev < b.bytes % n_ ? 1 : 0);
  }

  void account(const Buf &b, int sign) {
    for (int d = 0; d < n_; ++d) {
      int64_t s = shareOf(b, d);
      if (!s)
        continue;
      live_[size_t(d)] += sign * s;
      if (sign > 0)
        notePeak(d);
    }
  }

  void notePeak(int d) {
    DevicePlan &p = plan_.devices[size_t(d)];
    if (live_[size_t(d)] <= p.peak)
      return;
    p.peak = live_[size_t(d)];
    // Snapshot the live buffers on d. Buffers made by the same source line
    // with the same size merge into one entry with a count: that is what an
    // unrolled Python loop looks like.
    std::map<std::tuple<uint32_t, uint32_t, uint32_t, int64_t, std::string>, PlannedBuffer> merged;
    for (const Buf &b : bufs_) {
      int64_t s = b.refs > 0 ? shareOf(b, d) : 0;
      if (!s || !b.owner)
        continue;
      const Operation *def = b.owner->definingOp();
      PlannedBuffer pb;
      pb.value = b.owner;
      pb.bytes = s;
      if (def) {
        pb.loc = def->loc();
        pb.stack = def->stack();
        pb.what = b.owner->type().str() + " from " + def->name();
      } else {
        pb.what = b.owner->type().str() + " (region argument)";
        if (const Operation *parent = b.owner->ownerBlock()->parentOp()) {
          pb.loc = parent->loc();
          pb.stack = parent->stack();
        }
      }
      auto key = std::make_tuple(pb.loc.file, pb.loc.line, pb.loc.col, s, pb.what);
      auto it = merged.find(key);
      if (it != merged.end()) {
        ++it->second.count;
        continue;
      }
      merged.emplace(key, pb);
    }
    p.atPeak.clear();
    for (auto &kv : merged)
      p.atPeak.push_back(kv.second);
    std::sort(p.atPeak.begin(), p.atPeak.end(), [](const PlannedBuffer &a, const PlannedBuffer &b) {
      return a.bytes * a.count > b.bytes * b.count;
    });
  }

  int alloc(const Value *owner, int64_t bytes, int dev) {
    bufs_.push_back(Buf{bytes, dev, owner, 1});
    account(bufs_.back(), +1);
    return int(bufs_.size()) - 1;
  }
  void ref(int id) {
    if (id >= 0)
      ++bufs_[size_t(id)].refs;
  }
  void unref(int id) {
    if (id < 0)
      return;
    Buf &b = bufs_[size_t(id)];
    if (--b.refs == 0)
      account(b, -1);
  }

  //--- Slots ----------------------------------------------------------------
  int slotOf(const Value *v) {
    auto it = slot_.find(v);
    return it == slot_.end() ? -1 : it->second;
  }
  /// Stores `id` (whose reference the slot takes over) in v's slot.
  void setSlot(const Value *v, int id) {
    auto it = slot_.find(v);
    if (it != slot_.end())
      unref(it->second);
    slot_[v] = id;
  }
  void release(const Value *v) {
    auto it = slot_.find(v);
    if (it == slot_.end())
      return;
    unref(it->second);
    slot_.erase(it);
  }
  /// Drops the slots of every value defined inside `b` (a frame ending).
  void releaseRegionValues(const Block &b) {
    for (auto &a : b.arguments())
      release(a.get());
    for (auto &op : b.operations()) {
      for (auto &r : op->results())
        release(r.get());
      for (unsigned i = 0; i < op->numRegions(); ++i)
        releaseRegionValues(op->region(i).front());
    }
  }

  //--- Liveness (as the interpreter's InterpPlan) ----------------------------
  const std::unordered_map<const Operation *, std::vector<const Value *>> &
  releasesOf(const Block &b) {
    auto it = releases_.find(&b);
    if (it != releases_.end())
      return it->second;
    auto &r = releases_[&b];
    std::unordered_map<const Operation *, size_t> index;
    size_t i = 0;
    for (auto &op : b.operations())
      index[op.get()] = i++;
    auto lastUse = [&](const Value *v) -> const Operation * {
      const Operation *last = nullptr;
      size_t lastIdx = 0;
      for (const Operation *u : v->users()) {
        const Operation *anc = u;
        while (anc && anc->parentBlock() != &b)
          anc = anc->parentOp();
        if (!anc)
          continue;
        if (!last || index[anc] >= lastIdx) {
          last = anc;
          lastIdx = index[anc];
        }
      }
      return last;
    };
    auto plan = [&](const Value *v, const Operation *def) {
      const Operation *last = lastUse(v);
      if (!last) {
        r[def].push_back(v); // def == nullptr: unused argument
        return;
      }
      if (!last->hasTrait(T))
        r[last].push_back(v);
    };
    for (auto &a : b.arguments())
      plan(a.get(), nullptr);
    for (auto &op : b.operations())
      for (auto &res : op->results())
        plan(res.get(), op.get());
    return r;
  }

  //--- Execution ------------------------------------------------------------
  /// Runs `b` with argument buffers (references transferred); returns the
  /// yielded buffers (with references held for the caller).
  std::vector<int> block(const Block &b, const std::vector<int> &args) {
    const auto &rel = releasesOf(b);
    for (unsigned i = 0; i < b.numArguments(); ++i)
      setSlot(b.argument(i), i < args.size() ? args[i] : -1);
    auto unused = rel.find(nullptr);
    if (unused != rel.end())
      for (const Value *v : unused->second)
        release(v);
    for (auto &opPtr : b.operations()) {
      const Operation &op = *opPtr;
      if (op.hasTrait(T)) {
        std::vector<int> ys;
        for (unsigned i = 0; i < op.numOperands(); ++i) {
          int id = slotOf(op.operand(i));
          ref(id);
          ys.push_back(id);
        }
        return ys;
      }
      exec(op);
      auto it = rel.find(&op);
      if (it != rel.end())
        for (const Value *v : it->second)
          release(v);
    }
    return {};
  }

  std::vector<int> operandRefs(const Operation &op, unsigned from, unsigned count) {
    std::vector<int> r;
    for (unsigned i = from; i < from + count; ++i) {
      int id = slotOf(op.operand(i));
      ref(id);
      r.push_back(id);
    }
    return r;
  }

  static int64_t tripCount(const Operation &op) {
    auto constInt = [](const Value *v) -> std::optional<int64_t> {
      const Operation *d = v->definingOp();
      if (d && d->kind() == OpKind::Constant)
        return d->attrs().getArray("value").getInt(0);
      return std::nullopt;
    };
    auto lo = constInt(op.operand(0)), hi = constInt(op.operand(1));
    if (lo && hi)
      return std::max<int64_t>(0, *hi - *lo);
    return 2;
  }

  void exec(const Operation &op) {
    switch (op.kind()) {
    case OpKind::Constant:
      setSlot(op.result(), -1);
      return;
    case OpKind::Reshape: {
      int id = slotOf(op.operand(0));
      ref(id);
      setSlot(op.result(), id);
      return;
    }
    case OpKind::ForiLoop: {
      std::vector<int> carry = operandRefs(op, 2, op.numOperands() - 2);
      const Block &body = op.region(0).front();
      int64_t iters = std::min<int64_t>(2, tripCount(op));
      for (int64_t k = 0; k < iters; ++k) {
        std::vector<int> args{alloc(body.argument(0), body.argument(0)->type().byteSize(), device_)};
        args.insert(args.end(), carry.begin(), carry.end());
        carry = block(body, args);
      }
      for (unsigned i = 0; i < op.numResults(); ++i)
        setSlot(op.result(i), carry[i]);
      return;
    }
    case OpKind::Scan: {
      unsigned nCarry = unsigned(op.attrs().getInt("num_carry"));
      int64_t length = op.attrs().getInt("length");
      std::vector<int> carry = operandRefs(op, 0, nCarry);
      std::vector<int> ys;
      for (unsigned i = nCarry; i < op.numResults(); ++i)
        ys.push_back(alloc(op.result(i), op.result(i)->type().byteSize(), device_));
      const Block &body = op.region(0).front();
      for (int64_t k = 0; k < std::min<int64_t>(2, length); ++k) {
        std::vector<int> args = carry;
        for (unsigned i = nCarry; i < op.numOperands(); ++i)
          args.push_back(alloc(body.argument(i), body.argument(i)->type().byteSize(), device_));
        std::vector<int> out = block(body, args);
        carry.assign(out.begin(), out.begin() + nCarry);
        for (size_t i = nCarry; i < out.size(); ++i)
          unref(out[i]); // copied into the stacked output
      }
      for (unsigned i = 0; i < nCarry; ++i)
        setSlot(op.result(i), carry[i]);
      for (unsigned i = nCarry; i < op.numResults(); ++i)
        setSlot(op.result(i), ys[i - nCarry]);
      return;
    }
    case OpKind::While: {
      std::vector<int> carry = operandRefs(op, 0, op.numOperands());
      const Block &condB = op.region(0).front(), &bodyB = op.region(1).front();
      for (int k = 0; k < 3; ++k) {
        std::vector<int> condArgs = carry;
        for (int id : condArgs)
          ref(id);
        for (int id : block(condB, condArgs))
          unref(id);
        if (k == 2)
          break;
        carry = block(bodyB, carry);
      }
      for (unsigned i = 0; i < op.numResults(); ++i)
        setSlot(op.result(i), carry[i]);
      return;
    }
    case OpKind::Cond: {
      std::vector<int> chosen;
      for (unsigned r = 0; r < op.numRegions(); ++r) {
        std::vector<int> args = operandRefs(op, 1, op.numOperands() - 1);
        std::vector<int> ys = block(op.region(r).front(), args);
        releaseRegionValues(op.region(r).front());
        if (r + 1 < op.numRegions()) {
          for (int id : ys)
            unref(id);
        } else {
          chosen = ys;
        }
      }
      for (unsigned i = 0; i < op.numResults(); ++i)
        setSlot(op.result(i), chosen[i]);
      return;
    }
    case OpKind::Pmap:
      return execPmap(op);
    case OpKind::Psum:
    case OpKind::Pmax:
    case OpKind::Pmin:
    case OpKind::AllGather: {
      // Device 0 combines into temporaries; every device keeps its copy.
      int64_t bytes = op.result()->type().byteSize();
      if (device_ == 0) {
        // The combined result (reductions keep at most two partial sums
        // alive, then one) plus device 0's own copy.
        int shared = alloc(op.result(), bytes, 0);
        int mine = alloc(op.result(), bytes, 0);
        unref(shared);
        setSlot(op.result(), mine);
      } else {
        setSlot(op.result(), alloc(op.result(), bytes, device_));
      }
      return;
    }
    case OpKind::DebugPrint:
    case OpKind::DebugBreakpoint:
      return;
    default:
      for (auto &r : op.results())
        setSlot(r.get(), alloc(r.get(), r->type().byteSize(), device_));
      return;
    }
  }

  void execPmap(const Operation &op) {
    int n = int(op.attrs().getInt("axis_size"));
    const auto &inAxes = op.attrs().getInts("in_axes");
    const auto &outAxes = op.attrs().getInts("out_axes");
    const Block &body = op.region(0).front();
    std::vector<std::vector<int>> outs(static_cast<size_t>(n));
    int saved = device_;
    for (int d = 0; d < n && d < n_; ++d) {
      device_ = d;
      std::vector<int> args;
      for (unsigned k = 0; k < op.numOperands(); ++k) {
        if (inAxes[k] < 0) {
          int id = slotOf(op.operand(k));
          ref(id);
          args.push_back(id);
        } else {
          args.push_back(alloc(body.argument(k), body.argument(k)->type().byteSize(), d));
        }
      }
      outs[size_t(d)] = block(body, args);
      releaseRegionValues(body);
    }
    device_ = saved;
    for (unsigned k = 0; k < op.numResults(); ++k) {
      if (outAxes[k] < 0) {
        int id = outs[0][k];
        ref(id);
        setSlot(op.result(k), id);
      } else {
        setSlot(op.result(k), alloc(op.result(k), op.result(k)->type().byteSize(), -1));
      }
    }
    for (auto &o : outs)
      for (int id : o)
        unref(id);
  }
};

} // namespace

MemoryPlan planMemory(const Func &f, int numDevices) {
  Simulator s(std::max(1, numDevices));
  return s.run(f);
}

} // namespace parax::ir
