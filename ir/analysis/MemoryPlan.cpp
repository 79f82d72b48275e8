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
//     every device its own result and nothing else (each device writes
//     its share of the combine into every result).
//  6. Each device's high-water mark and the buffers live at it are kept.
//
// With a StorageModel (a compiled backend) the same machinery follows the
// generated code instead (codegen/Emit*.cpp, runtime/RuntimeABI.cpp):
//  - only values the model stores get buffers; scalars and lazy (fused)
//    values cost nothing, except that a lazy value is materialised into a
//    fresh buffer where the code needs memory: loop-carry inits and yields,
//    cond arguments, and operands of runtime calls (kernels, collectives,
//    prints, pmap), where the temporary dies after the call;
//  - references are dropped where the model says; a yield moves a dying
//    value, else retains it; dynamic_update_slice writes in place when the
//    model allows it and the simulated buffer has one reference;
//  - every runtime context (the entry, each pmap device) knows only its own
//    buffers (plus, for the entry, the arguments and table constants): an
//    operand it does not know is copied for the duration of the call;
//  - pmap shards along axis 0 are views, other axes are copied on the
//    device; a fused or scalar result stacked on axis 0 is allocated
//    before the devices run and each device computes its slot (no buffer
//    of its own), other mapped results stay alive until all are stacked,
//    parted results (ir/PmapParts.h) are each device's own buffer;
//  - collectives: each device allocates its result, nothing more;
//  - recycled loop carries (StorageModel::recyclesCarry) keep a spare.
//
//===----------------------------------------------------------------------===//
#include "ir/analysis/MemoryPlan.h"
#include "ir/DotOperandView.h"
#include "ir/OpRules.h"
#include "ir/PmapParts.h"

#include <algorithm>
#include <map>
#include <set>
#include <functional>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace parax::ir {

StorageModel::~StorageModel() = default;

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
  int device = 0;     ///< -1: split evenly over devices [0, shards)
  const Value *owner = nullptr;
  int refs = 0;
  int shards = 0;     ///< device -1: over how many devices
  int ctx = -1;       ///< compiled: the runtime context that registered it
};

class Simulator {
public:
  Simulator(int numDevices, const StorageModel *model)
      : n_(numDevices), live_(size_t(numDevices), 0), plan_(), m_(model) {
    plan_.devices.resize(size_t(numDevices));
  }

  MemoryPlan run(const Func &f) {
    if (m_) {
      for (const CV &o : centry(f.entry()))
        creleaseRef(o);
      return plan_;
    }
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
  /// Exact: each buffer is under 2^62 bytes (checkArraySize), but a sum of
  /// a few can pass int64; peaks saturate at INT64_MAX.
  std::vector<__int128> live_;
  std::vector<Buf> bufs_;
  std::unordered_map<const Value *, int> slot_;
  std::unordered_map<const Block *, std::unordered_map<const Operation *, std::vector<const Value *>>>
      releases_;
  MemoryPlan plan_;

  //--- Buffers --------------------------------------------------------------
  int64_t shareOf(const Buf &b, int dev) const {
    if (b.device >= 0)
      return b.device == dev ? b.bytes : 0;
    int n = b.shards > 0 ? b.shards : n_;
    if (dev >= n)
      return 0;
    return b.bytes / n + (dev < b.bytes % n ? 1 : 0);
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
    p.peak = int64_t(std::min<__int128>(live_[size_t(d)], INT64_MAX));
    // Snapshot the live buffers on d. Buffers made by the same source line
    // with the same size merge into one entry with a count: that is what an
    // unrolled Python loop looks like.
    using Key = std::tuple<uint32_t, uint32_t, uint32_t, int64_t, std::string>;
    std::map<Key, PlannedBuffer> merged;
    std::map<Key, std::set<const Value *>> owners;
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
      owners[key].insert(b.owner);
      auto it = merged.find(key);
      if (it != merged.end()) {
        ++it->second.count;
        it->second.sources = int(owners[key].size());
        continue;
      }
      merged.emplace(key, pb);
    }
    p.atPeak.clear();
    for (auto &kv : merged)
      p.atPeak.push_back(kv.second);
    std::sort(p.atPeak.begin(), p.atPeak.end(), [](const PlannedBuffer &a, const PlannedBuffer &b) {
      return __int128(a.bytes) * a.count > __int128(b.bytes) * b.count;
    });
  }

  int alloc(const Value *owner, int64_t bytes, int dev, int shards = 0) {
    bufs_.push_back(Buf{bytes, dev, owner, 1, shards});
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
    return 3; // unknown: as many as the simulations need
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
    case OpKind::DebugPrint:
    case OpKind::DebugBreakpoint:
      return;
    default:
      if (sameOnEveryDevice(op.kind())) { // all-reduce, all-gather
        // Every device writes its share straight into each result: no
        // temporaries (runtime/Communicator.cpp).
        setSlot(op.result(), alloc(op.result(), op.result()->type().byteSize(), device_));
        return;
      }
      for (auto &r : op.results())
        setSlot(r.get(), alloc(r.get(), r->type().byteSize(), device_));
      // The kernel's own temporaries (transposed operand copies).
      if (op.kind() == OpKind::DotGeneral)
        if (int64_t s = dotKernelScratchBytes(op))
          unref(alloc(op.result(), s, device_));
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
    PmapParts parts = pmapParts(op);
    for (int d = 0; d < n && d < n_; ++d) {
      device_ = d;
      std::vector<int> args;
      for (unsigned k = 0; k < parts.numArgs(); ++k) {
        if (inAxes[k] < 0 || parts.partedIn[k]) { // shared, or the device's own piece
          int id = slotOf(op.operand(parts.operandFor(k, d)));
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
    if (parts.partedOut) { // each device's result is handed out as is
      for (size_t d = 0; d < outs.size(); ++d)
        for (unsigned k = 0; k < outs[d].size(); ++k)
          setSlot(op.result(parts.resultFor(k, int64_t(d))), outs[d][k]);
      return;
    }
    for (unsigned k = 0; k < op.numResults(); ++k) {
      if (outAxes[k] < 0) {
        int id = outs[0][k];
        ref(id);
        setSlot(op.result(k), id);
      } else {
        // Stacked over the pmap's devices (Placement{-1, n}).
        setSlot(op.result(k), alloc(op.result(k), op.result(k)->type().byteSize(),
                                    n == 1 ? 0 : -1, n));
      }
    }
    for (auto &o : outs)
      for (int id : o)
        unref(id);
  }

  //=== Compiled backends (a StorageModel) =====================================
  /// A stored value of compiled code: the simulated buffer that holds it
  /// (-1: memory that existed before the program, or a view into another
  /// buffer), whether it is a view (never retained, released or carried),
  /// and the runtime context that knows its pointer (-1: none; runtime calls
  /// copy such operands). Scalars and lazy values have the default CV.
  struct CV {
    int buf = -1;
    bool view = false;
    int ctx = -1;
  };
  using St = StorageModel::Storage;

  const StorageModel *m_ = nullptr;
  int ctx_ = 0;      ///< The context of the code running now (0: the entry).
  int nextCtx_ = 1;  ///< One more per pmap device run.
  int axisSize_ = 1; ///< Devices in the enclosing pmap (collectives).
  std::unordered_map<const Value *, CV> cv_;
  /// Emitter::transferred_: references handed on by a move or an in-place
  /// update, skipped when their planned release comes (a property of the
  /// code, so it persists across simulated iterations as in the emitter).
  std::unordered_set<const Value *> transferred_;

  St st(const Value *v) const { return m_->storage(v); }
  static int64_t bytesOf(const Value *v) { return v->type().byteSize(); }

  /// parax_rt_alloc: a buffer the current context knows, one reference.
  CV cfresh(const Value *owner, int64_t bytes) {
    int id = alloc(owner, bytes, device_);
    bufs_[size_t(id)].ctx = ctx_;
    return CV{id, false, ctx_};
  }
  /// A buffer of this context that is still alive (retain/release on other
  /// pointers are no-ops in the runtime).
  bool owned(const CV &c) const {
    return c.buf >= 0 && bufs_[size_t(c.buf)].ctx == ctx_ && bufs_[size_t(c.buf)].refs > 0;
  }
  void cretain(const CV &c) {
    if (!c.view && owned(c))
      ref(c.buf);
  }
  void creleaseRef(const CV &c) {
    if (!c.view && owned(c))
      unref(c.buf);
  }
  CV cval(const Value *v) {
    auto it = cv_.find(v);
    return it == cv_.end() ? CV{} : it->second;
  }
  void cbind(const Value *v, CV c) { cv_[v] = c; }

  /// Emitter::aliasRoot: the stored value a lazy reshape chain aliases.
  const Value *aliasRoot(const Value *v) const {
    while (st(v) == St::Lazy) {
      const Operation *d = v->definingOp();
      if (!d || d->kind() != OpKind::Reshape)
        return nullptr;
      v = d->operand(0);
    }
    return st(v) == St::Buffer ? v : nullptr;
  }
  bool cisView(const Value *v) {
    const Value *r = aliasRoot(v);
    return r && cval(r).view;
  }
  /// Emitter::bufferOf: the value's own memory, else a fresh materialisation.
  CV cbufferOf(const Value *v, bool &fresh) {
    fresh = false;
    if (const Value *r = aliasRoot(v))
      return cval(r);
    if (st(v) == St::Scalar)
      return CV{}; // spilled to the stack
    fresh = true;
    return cfresh(v, bytesOf(v));
  }
  /// Emitter::argBuffer: temporaries go to `temps`.
  CV cargBuffer(const Value *v, std::vector<int> &temps) {
    if (st(v) == St::Scalar)
      return CV{};
    bool fresh = false;
    CV c = cbufferOf(v, fresh);
    if (fresh)
      temps.push_back(c.buf);
    return c;
  }
  /// ParaxRtContext::arrayAt: memory this context does not know is copied
  /// into a plain array for the call (returns the copy, or -1).
  int ccopyIfUnknown(const CV &c, const Value *v) {
    if (c.ctx >= 0 && c.ctx == ctx_)
      return -1;
    return alloc(v, bytesOf(v), device_);
  }
  void unrefAll(const std::vector<int> &ids) {
    for (int id : ids)
      unref(id);
  }
  void creleaseValues(const std::vector<const Value *> &vs) {
    for (const Value *v : vs) {
      if (transferred_.count(v) || st(v) != St::Buffer)
        continue;
      auto it = cv_.find(v);
      if (it == cv_.end())
        continue;
      auto r = recycled_.find(v);
      if (r != recycled_.end() && r->second->owned) { // kept as the spare
        if (r->second->spare >= 0)
          unref(r->second->spare);
        r->second->spare = it->second.buf;
        continue;
      }
      creleaseRef(it->second);
    }
  }

  /// StorageModel::recyclesCarry: a loop-owned carry's spare buffer (-1:
  /// none) and whether the carry is a buffer the loop made.
  struct Recycled {
    int spare = -1;
    bool owned = false;
  };
  std::unordered_map<const Value *, Recycled *> recycled_;
  /// Per terminator operand of a loop body: its recycled carry, if any.
  std::unordered_map<const Block *, std::vector<Recycled *>> recycledYields_;

  /// Sets up the recycled carries of `loop` (state owned by `store`).
  void beginRecycling(const Operation &loop, unsigned numCarries,
                      std::vector<Recycled> &store) {
    const Block &body = loop.region(0).front();
    unsigned first = loop.kind() == OpKind::ForiLoop ? 1 : 0;
    store.assign(numCarries, Recycled{});
    std::vector<Recycled *> yields(body.terminator()->numOperands(), nullptr);
    for (unsigned k = 0; k < numCarries; ++k)
      if (m_->recyclesCarry(loop, k)) {
        recycled_[body.argument(first + k)] = &store[k];
        yields[k] = &store[k];
      }
    recycledYields_[&body] = yields;
  }
  bool recycles(const Operation &loop) const {
    for (const Recycled *r : recycledYields_.at(&loop.region(0).front()))
      if (r)
        return true;
    return false;
  }
  void markOwned(const Operation &loop) {
    for (Recycled *r : recycledYields_.at(&loop.region(0).front()))
      if (r)
        r->owned = true;
  }
  /// After the loop: the spares are released.
  void endRecycling(const Operation &loop, std::vector<Recycled> &store) {
    const Block &body = loop.region(0).front();
    unsigned first = loop.kind() == OpKind::ForiLoop ? 1 : 0;
    for (unsigned k = 0; k < store.size(); ++k) {
      recycled_.erase(body.argument(first + k));
      if (store[k].spare >= 0)
        unref(store[k].spare);
    }
    recycledYields_.erase(&body);
  }

  /// The entry function: arguments are the caller's (known to the entry
  /// context); rank-0 results get a buffer; results in memory the context
  /// does not know (embedded constants) are copied.
  std::vector<CV> centry(const Block &b) {
    std::vector<CV> args;
    for (unsigned i = 0; i < b.numArguments(); ++i)
      args.push_back(st(b.argument(i)) == St::Scalar ? CV{} : CV{-1, false, 0});
    std::vector<CV> outs = cblock(b, args);
    const Operation *ret = b.terminator();
    for (unsigned i = 0; i < outs.size(); ++i) {
      const Value *v = ret->operand(i);
      if (st(v) == St::Scalar)
        outs[i] = cfresh(v, bytesOf(v));
      else if (outs[i].ctx != ctx_)
        outs[i] = CV{alloc(v, bytesOf(v), device_), false, -1}; // the result array
    }
    return outs;
  }

  /// Emitter::emitOps + emitTerminator. Terminator operands from
  /// `firstDest` on are written into preallocated rows (scan ys).
  std::vector<CV> cblock(const Block &b, const std::vector<CV> &args,
                         unsigned firstDest = ~0u, const std::vector<bool> *dests = nullptr,
                         const std::function<void()> &atTerminator = nullptr) {
    // The emitter emits `b` once; a value is marked transferred at one point
    // of that code, and only `b`'s own values are marked inside it. Each
    // simulated run of `b` (loop iterations, cond branches) starts from the
    // marks as they were before `b`'s code.
    std::unordered_set<const Value *> marks = transferred_;
    for (unsigned i = 0; i < b.numArguments(); ++i)
      cbind(b.argument(i), i < args.size() ? args[i] : CV{});
    creleaseValues(m_->releaseAtEntry(&b));
    std::vector<CV> outs;
    for (auto &opPtr : b.operations()) {
      const Operation &op = *opPtr;
      if (op.hasTrait(T)) {
        if (atTerminator)
          atTerminator();
        outs = cterminator(b, firstDest, dests);
        break;
      }
      cexec(op);
      creleaseValues(m_->releaseAfter(&op));
    }
    transferred_ = std::move(marks);
    return outs;
  }

  /// Each operand leaves with one reference: moved when it dies here and is
  /// used once, else retained; lazy values and views are materialised.
  std::vector<CV> cterminator(const Block &b, unsigned firstDest,
                              const std::vector<bool> *dests = nullptr) {
    const Operation *term = b.terminator();
    const auto &dying = m_->releaseAtTerminator(&b);
    std::vector<CV> outs;
    for (unsigned i = 0; i < term->numOperands(); ++i) {
      const Value *v = term->operand(i);
      if (st(v) == St::Scalar || i >= firstDest || (dests && i < dests->size() && (*dests)[i])) {
        outs.push_back(CV{});
        continue;
      }
      auto ry = recycledYields_.find(&b);
      if (ry != recycledYields_.end() && i < ry->second.size() && ry->second[i]) {
        Recycled &r = *ry->second[i]; // written into the spare
        if (r.spare >= 0) {
          outs.push_back(CV{r.spare, false, ctx_});
          r.spare = -1;
        } else {
          outs.push_back(cfresh(v, bytesOf(v)));
        }
        continue;
      }
      const Value *root = aliasRoot(v);
      if (!root || cval(root).view) {
        outs.push_back(cfresh(v, bytesOf(v)));
        continue;
      }
      CV c = cval(root);
      unsigned uses = 0;
      for (const Value *o : term->operands())
        uses += aliasRoot(o) == root;
      bool movable = root == v && uses == 1 && m_->holdsRef(v) && !transferred_.count(v) &&
                     std::find(dying.begin(), dying.end(), v) != dying.end();
      if (movable)
        transferred_.insert(v);
      else
        cretain(c);
      outs.push_back(c);
    }
    creleaseValues(dying);
    return outs;
  }

  void cexec(const Operation &op) {
    switch (op.kind()) {
    case OpKind::Constant: {
      CV c; // embedded in the code: no context knows it
      if (st(op.result()) == St::Buffer && m_->constantInTable(op) && ctx_ == 0)
        c.ctx = 0; // the entry context knows the constant table
      cbind(op.result(), c);
      return;
    }
    case OpKind::ForiLoop:
      return cfori(op);
    case OpKind::Scan:
      return cscan(op);
    case OpKind::While:
      return cwhile(op);
    case OpKind::Cond:
      return ccond(op);
    case OpKind::Pmap:
      return cpmap(op);
    case OpKind::DebugPrint:
    case OpKind::DebugBreakpoint:
      return cprint(op);
    case OpKind::DynamicUpdateSlice:
      return cdus(op);
    default:
      break;
    }
    if (collectivePattern(op.kind()) == CollectivePattern::Local) {
      cbind(op.result(), CV{}); // axis_index
      return;
    }
    if (communicates(op.kind()))
      return ccollective(op);
    if (m_->runsRuntimeKernel(op))
      return cfallback(op);
    for (auto &r : op.results())
      cbind(r.get(), st(r.get()) == St::Buffer ? cfresh(r.get(), bytesOf(r.get())) : CV{});
    if (int64_t s = m_->scratchBytes(op))
      unref(alloc(op.numResults() ? op.result(0) : nullptr, s, device_));
  }

  /// parax_rt_eval: operands as buffers (lazy ones in temporaries, unknown
  /// memory copied by the runtime), results from the kernel; rank-0 results
  /// are loaded and dropped.
  void cfallback(const Operation &op) {
    std::vector<int> temps, copies;
    std::vector<CV> args;
    for (const Value *v : op.operands())
      args.push_back(cargBuffer(v, temps));
    for (unsigned i = 0; i < op.numOperands(); ++i)
      if (int c = ccopyIfUnknown(args[i], op.operand(i)); c >= 0)
        copies.push_back(c);
    std::vector<CV> results;
    for (auto &r : op.results())
      results.push_back(cfresh(r.get(), bytesOf(r.get())));
    if (int64_t s = m_->scratchBytes(op)) // the kernel's own temporaries
      unref(alloc(op.numResults() ? op.result(0) : nullptr, s, device_));
    unrefAll(copies);
    unrefAll(temps);
    for (unsigned r = 0; r < op.numResults(); ++r) {
      if (st(op.result(r)) == St::Scalar) {
        unref(results[r].buf);
        results[r] = CV{};
      }
      cbind(op.result(r), results[r]);
    }
  }

  void cprint(const Operation &op) {
    std::vector<int> temps, copies;
    std::vector<CV> args;
    for (const Value *v : op.operands())
      args.push_back(cargBuffer(v, temps));
    for (unsigned i = 0; i < op.numOperands(); ++i)
      if (int c = ccopyIfUnknown(args[i], op.operand(i)); c >= 0)
        copies.push_back(c);
    unrefAll(copies);
    unrefAll(temps);
  }

  /// parax_rt_collective over runtime/Communicator.cpp: each device's
  /// result is its only allocation (every device writes its share of the
  /// combine straight into all results; ppermute receives into it).
  void ccollective(const Operation &op) {
    std::vector<int> temps;
    CV in = cargBuffer(op.operand(0), temps);
    int copy = ccopyIfUnknown(in, op.operand(0));
    const Value *res = op.result();
    int64_t bytes = bytesOf(res);
    int mine = cfresh(res, bytes).buf;
    if (copy >= 0)
      unref(copy);
    unrefAll(temps);
    if (st(res) == St::Scalar) {
      unref(mine);
      cbind(res, CV{});
    } else {
      cbind(res, CV{mine, false, ctx_});
    }
  }

  CV cinitCarry(const Value *v) {
    if (st(v) == St::Scalar)
      return CV{};
    bool fresh = false;
    CV c = cbufferOf(v, fresh);
    if (fresh)
      return c;
    if (cisView(v))
      return cfresh(v, bytesOf(v)); // views cannot be carried
    cretain(c);
    return c;
  }

  void cfori(const Operation &op) {
    std::vector<CV> carry;
    for (unsigned i = 2; i < op.numOperands(); ++i)
      carry.push_back(cinitCarry(op.operand(i)));
    const Block &body = op.region(0).front();
    std::vector<Recycled> rec;
    beginRecycling(op, unsigned(carry.size()), rec);
    // Recycled carries reach their steady state (carry and spare both the
    // loop's) in the third iteration.
    int64_t iters = std::min<int64_t>(recycles(op) ? 3 : 2, tripCount(op));
    for (int64_t k = 0; k < iters; ++k) {
      std::vector<CV> args{CV{}};
      args.insert(args.end(), carry.begin(), carry.end());
      carry = cblock(body, args);
      markOwned(op);
    }
    endRecycling(op, rec);
    for (unsigned r = 0; r < op.numResults(); ++r)
      cbind(op.result(r), carry[r]);
  }

  void cscan(const Operation &op) {
    unsigned nCarry = unsigned(op.attrs().getInt("num_carry"));
    int64_t length = op.attrs().getInt("length");
    const Block &body = op.region(0).front();
    std::vector<CV> carry;
    for (unsigned i = 0; i < nCarry; ++i)
      carry.push_back(cinitCarry(op.operand(i)));
    std::vector<int> temps;
    for (unsigned i = nCarry; i < op.numOperands(); ++i) {
      bool fresh = false;
      CV x = cbufferOf(op.operand(i), fresh);
      if (fresh)
        temps.push_back(x.buf);
    }
    std::vector<CV> ys;
    for (unsigned r = nCarry; r < op.numResults(); ++r)
      ys.push_back(cfresh(op.result(r), bytesOf(op.result(r))));
    std::vector<Recycled> rec;
    beginRecycling(op, nCarry, rec);
    for (int64_t k = 0; k < std::min<int64_t>(recycles(op) ? 3 : 2, length); ++k) {
      std::vector<CV> args = carry;
      for (unsigned i = nCarry; i < body.numArguments(); ++i)
        args.push_back(st(body.argument(i)) == St::Scalar ? CV{} : CV{-1, true, -1});
      std::vector<CV> out = cblock(body, args, nCarry);
      carry.assign(out.begin(), out.begin() + nCarry);
      markOwned(op);
    }
    endRecycling(op, rec);
    for (unsigned r = 0; r < nCarry; ++r)
      cbind(op.result(r), carry[r]);
    for (unsigned r = nCarry; r < op.numResults(); ++r) {
      CV y = ys[r - nCarry];
      if (st(op.result(r)) == St::Scalar) {
        unref(y.buf);
        y = CV{};
      }
      cbind(op.result(r), y);
    }
    unrefAll(temps);
  }

  void cwhile(const Operation &op) {
    std::vector<CV> carry;
    for (unsigned i = 0; i < op.numOperands(); ++i)
      carry.push_back(cinitCarry(op.operand(i)));
    const Block &condB = op.region(0).front(), &bodyB = op.region(1).front();
    for (int k = 0; k < 3; ++k) {
      for (const CV &o : cblock(condB, carry))
        creleaseRef(o);
      if (k == 2)
        break;
      carry = cblock(bodyB, carry);
    }
    for (unsigned r = 0; r < op.numResults(); ++r)
      cbind(op.result(r), carry[r]);
  }

  void ccond(const Operation &op) {
    std::vector<int> temps;
    std::vector<CV> args;
    for (unsigned i = 1; i < op.numOperands(); ++i) {
      const Value *v = op.operand(i);
      if (st(v) == St::Scalar) {
        args.push_back(CV{});
        continue;
      }
      bool fresh = false;
      CV c = cbufferOf(v, fresh);
      if (fresh)
        temps.push_back(c.buf);
      args.push_back(c);
    }
    // Every branch from the same state (the worst one's peak counts); the
    // results are those of the branch whose results hold the most fresh
    // memory, simulated again last so that the state it leaves continues.
    unsigned worst = 0;
    int64_t worstBytes = -1;
    for (unsigned r = 0; r < op.numRegions(); ++r) {
      size_t mark = bufs_.size();
      std::vector<CV> ys = cblock(op.region(r).front(), args);
      int64_t fresh = 0;
      for (const CV &y : ys)
        if (y.buf >= 0 && size_t(y.buf) >= mark)
          fresh = saturatingAdd(fresh, bufs_[size_t(y.buf)].bytes);
      if (fresh >= worstBytes) {
        worst = r;
        worstBytes = fresh;
      }
      for (const CV &y : ys)
        creleaseRef(y);
    }
    std::vector<CV> chosen = cblock(op.region(worst).front(), args);
    for (unsigned i = 0; i < op.numResults(); ++i)
      cbind(op.result(i), chosen[i]);
    unrefAll(temps);
  }

  /// Values used inside `op`'s regions but defined outside them.
  static std::vector<const Value *> capturedValues(const Operation &op) {
    std::unordered_set<const Block *> inside;
    std::function<void(const Block &)> mark = [&](const Block &b) {
      inside.insert(&b);
      for (auto &o : b.operations())
        for (unsigned i = 0; i < o->numRegions(); ++i)
          mark(o->region(i).front());
    };
    for (unsigned i = 0; i < op.numRegions(); ++i)
      mark(op.region(i).front());
    std::vector<const Value *> out;
    std::unordered_set<const Value *> seen;
    std::function<void(const Block &)> scan = [&](const Block &b) {
      for (auto &o : b.operations()) {
        for (const Value *v : o->operands()) {
          const Block *def = v->isBlockArg() ? v->ownerBlock() : v->definingOp()->parentBlock();
          if (!inside.count(def) && seen.insert(v).second)
            out.push_back(v);
        }
        for (unsigned i = 0; i < o->numRegions(); ++i)
          scan(o->region(i).front());
      }
    };
    for (unsigned i = 0; i < op.numRegions(); ++i)
      scan(op.region(i).front());
    return out;
  }

  /// parax_rt_pmap: operands and captures passed as buffers; each device
  /// runs the body in a context of its own (axis-0 shards and captures are
  /// views it does not know, other shards are copies it owns); the results
  /// of all devices live until they are stacked (one buffer split over the
  /// devices; an unmapped result is device 0's).
  void cpmap(const Operation &op) {
    int n = int(op.attrs().getInt("axis_size"));
    const auto &inAxes = op.attrs().getInts("in_axes");
    const auto &outAxes = op.attrs().getInts("out_axes");
    const Block &body = op.region(0).front();
    std::vector<const Value *> caps = capturedValues(op);
    PmapParts parts = pmapParts(op);
    std::vector<int> temps, copies, sliced;
    std::vector<CV> ins, capIns;
    for (const Value *v : op.operands())
      ins.push_back(cargBuffer(v, temps));
    for (const Value *v : caps)
      capIns.push_back(cargBuffer(v, temps));
    for (unsigned k = 0; k < op.numOperands(); ++k)
      if (int c = ccopyIfUnknown(ins[k], op.operand(k)); c >= 0)
        copies.push_back(c);
    std::vector<CV> savedCaps;
    for (const Value *v : caps)
      savedCaps.push_back(cval(v));
    int savedDev = device_, savedCtx = ctx_, savedAxis = axisSize_;
    std::vector<std::vector<CV>> outs(static_cast<size_t>(n));
    const Operation *y = body.terminator();
    // A fused or scalar result stacked on axis 0 is computed by each
    // device into its slot (Emitter::emitPmap); the slot counts on the
    // device from its yield on (parax_rt_pmap_slot).
    std::vector<bool> inPlace(y->numOperands(), false);
    std::vector<int> stackedId(y->numOperands(), -1), shares;
    for (unsigned k = 0; k < y->numOperands(); ++k)
      inPlace[k] = pmapWritesInPlace(op, k) && st(y->operand(k)) != St::Buffer;
    auto takeSlots = [&] {
      for (unsigned k = 0; k < y->numOperands(); ++k)
        if (inPlace[k]) {
          const TensorType &rt = op.result(k)->type();
          int64_t slot = rt.shape[0] > 0 ? rt.byteSize() / rt.shape[0] : 0;
          shares.push_back(alloc(op.result(k), slot, device_));
        }
    };
    for (int d = 0; d < n && d < n_; ++d) {
      device_ = d;
      ctx_ = nextCtx_++;
      axisSize_ = n;
      std::vector<CV> args;
      for (unsigned k = 0; k < parts.numArgs(); ++k) {
        const Value *a = body.argument(k);
        if (st(a) == St::Scalar) {
          args.push_back(CV{});
        } else if (inAxes[k] <= 0 || parts.partedIn[k]) {
          args.push_back(CV{-1, true, -1}); // the caller's memory, or a view into it
        } else {
          CV c = cfresh(a, bytesOf(a));
          sliced.push_back(c.buf);
          args.push_back(CV{c.buf, true, ctx_});
        }
      }
      for (size_t j = 0; j < caps.size(); ++j)
        cbind(caps[j], st(caps[j]) == St::Scalar ? CV{} : CV{-1, true, -1});
      std::vector<CV> o = cblock(body, args, ~0u, &inPlace, takeSlots);
      for (unsigned i = 0; i < o.size(); ++i)
        if (st(y->operand(i)) == St::Scalar && !inPlace[i])
          o[i] = cfresh(y->operand(i), bytesOf(y->operand(i)));
      outs[size_t(d)] = o;
    }
    device_ = savedDev;
    ctx_ = savedCtx;
    axisSize_ = savedAxis;
    for (size_t j = 0; j < caps.size(); ++j)
      cbind(caps[j], savedCaps[j]);
    // The shares move to the stacked buffer (split over the devices).
    unrefAll(shares);
    for (unsigned k = 0; k < y->numOperands(); ++k)
      if (inPlace[k]) {
        stackedId[k] = alloc(op.result(k), bytesOf(op.result(k)), n == 1 ? 0 : -1, n);
        bufs_[size_t(stackedId[k])].ctx = ctx_;
      }
    std::vector<CV> results(op.numResults());
    if (parts.partedOut) {
      // Each device's result is adopted by the caller's context as it is.
      for (size_t d = 0; d < outs.size(); ++d)
        for (unsigned k = 0; k < outs[d].size(); ++k) {
          CV r = outs[d][k];
          outs[d][k] = CV{};
          unsigned ri = parts.resultFor(k, int64_t(d));
          if (r.buf < 0 || r.view) { // memory the device does not own: copied on it
            r.buf = alloc(op.result(ri), bytesOf(op.result(ri)), int(d));
          }
          bufs_[size_t(r.buf)].ctx = ctx_;
          results[ri] = CV{r.buf, false, ctx_};
        }
    }
    for (unsigned k = 0; k < op.numResults() && !parts.partedOut; ++k) {
      if (inPlace[k]) {
        results[k] = CV{stackedId[k], false, ctx_};
      } else if (outAxes[k] < 0) {
        CV r = outs[0][k];
        outs[0][k] = CV{}; // adopted by the caller's context
        if (r.buf >= 0)
          bufs_[size_t(r.buf)].ctx = ctx_;
        results[k] = CV{r.buf, false, ctx_};
      } else {
        int id = alloc(op.result(k), bytesOf(op.result(k)), n == 1 ? 0 : -1, n);
        bufs_[size_t(id)].ctx = ctx_;
        results[k] = CV{id, false, ctx_};
      }
    }
    for (auto &o : outs)
      for (const CV &c : o)
        if (c.buf >= 0)
          unref(c.buf);
    unrefAll(sliced);
    unrefAll(copies);
    unrefAll(temps);
    for (unsigned k = 0; k < op.numResults(); ++k) {
      if (st(op.result(k)) == St::Scalar) {
        if (results[k].buf >= 0)
          unref(results[k].buf);
        results[k] = CV{};
      }
      cbind(op.result(k), results[k]);
    }
  }

  void cdus(const Operation &op) {
    const Value *x = op.operand(0);
    if (st(op.result()) == St::Scalar) {
      cbind(op.result(), CV{});
      return;
    }
    CV xc = cval(x);
    if (m_->mayUpdateInPlace(op) && !xc.view && !transferred_.count(x)) {
      transferred_.insert(x);
      if (owned(xc) && bufs_[size_t(xc.buf)].refs == 1) {
        cbind(op.result(), xc); // parax_rt_is_unique: written in place
        return;
      }
      CV fresh = cfresh(op.result(), bytesOf(x));
      creleaseRef(xc);
      cbind(op.result(), fresh);
      return;
    }
    cbind(op.result(), cfresh(op.result(), bytesOf(x)));
  }
};

} // namespace

MemoryPlan planMemory(const Func &f, int numDevices, const StorageModel *model) {
  Simulator s(std::max(1, numDevices), model);
  return s.run(f);
}

} // namespace parax::ir
