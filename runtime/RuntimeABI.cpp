//===- RuntimeABI.cpp - the parax_rt_* functions compiled code calls ------===//
//
// Implementations of codegen/RuntimeABI.h over the interpreter's pieces:
//  - buffers are ir::Buffers (so MemoryTracker accounts them to the current
//    device), reference counted in the context's registry by data pointer;
//  - parax_rt_eval runs the reference kernel of an op (evalPureOp), the
//    results joining the registry;
//  - collectives use the pmap's ThreadCommunicator (device-order combine);
//  - debug prints format with formatDebugTemplate and are buffered per
//    device inside a pmap, flushed in device order after the region;
//  - parax_rt_pmap slices the mapped operands (axis-0 shards are views into
//    the operand, other axes are copied on the device), runs the outlined
//    body on the pool's device threads; a result stacked on axis 0 is
//    allocated first (one buffer accounted as shards) and each device
//    writes its slot, other out_axes are stacked afterwards, and parted
//    results (ir/PmapParts.h) stay each device's own buffer.
// Every entry point catches all exceptions: they are stored in the context
// and reported through the status, never thrown through compiled frames.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeABI.h"
#include "ir/Diagnostics.h"
#include "ir/HostMemory.h"
#include "ir/OpRules.h"
#include "ir/PmapParts.h"
#include "runtime/Communicator.h"
#include "runtime/distributed/PmapCommunicator.h"
#include "runtime/DebugPrint.h"
#include "runtime/Kernels.h"
#include "runtime/cpu/CpuBackend.h"
#include "runtime/cpu/RtContext.h"

#include <atomic>
#include <cstring>

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

using parax::Array;
using parax::Buffer;
using parax::TensorType;
namespace ir = parax::ir;

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//
void *ParaxRtContext::adopt(const std::shared_ptr<Buffer> &b) {
  void *p = b->data();
  auto &e = buffers[p];
  if (!e.buffer)
    e.buffer = b;
  ++e.refs;
  return p;
}

namespace {
/// Spare buffers: each at most 8 MiB, at most 32 MiB per context (a loop
/// step that materialises a few arrays of a million elements reuses them
/// instead of faulting in fresh pages every iteration).
constexpr size_t kSpareBufferBytes = size_t(8) << 20;
constexpr size_t kSparePoolBytes = size_t(32) << 20;
} // namespace

void *ParaxRtContext::allocate(size_t bytes) {
  int h = -1;
  for (int i = hotCount - 1; i >= 0 && h < 0; --i)
    if (hot[i].bytes == bytes)
      h = i;
  void *p;
  Entry *e;
  std::vector<void *> *list = nullptr;
  if (h >= 0) {
    p = hot[h].p;
    e = hot[h].e;
  } else {
    auto s = spare.find(bytes);
    if (s == spare.end() || s->second.empty())
      return adopt(Buffer::allocate(bytes));
    list = &s->second;
    p = list->back();
    e = &buffers.at(p);
  }
  parax::HostMemory::charge(int64_t(bytes), "an array"); // may throw: nothing taken yet
  if (h >= 0)
    hot[h] = hot[--hotCount];
  else
    list->pop_back();
  spareBytes -= bytes;
  parax::MemoryTracker::add(e->buffer->placement(), int64_t(bytes));
  e->refs = 1;
  recent[recentNext] = Hot{p, bytes, e};
  recentNext = (recentNext + 1) % kHot;
  return p;
}

void ParaxRtContext::release(const void *p) {
  Entry *e = nullptr;
  for (const Hot &r : recent)
    if (r.p == p) {
      e = r.e;
      break;
    }
  std::unordered_map<const void *, Entry>::iterator it;
  if (!e) {
    it = buffers.find(p);
    if (it == buffers.end())
      return;
    e = &it->second;
  }
  if (--e->refs > 0)
    return;
  const Buffer &b = *e->buffer;
  size_t n = b.bytes();
  // Only a buffer nobody else shares (no Array, no other registry), held by
  // this device alone (a reuse is accounted where the buffer was).
  if (n > 0 && n <= kSpareBufferBytes && e->buffer.use_count() == 1 &&
      spareBytes + n <= kSparePoolBytes && b.placement().numShards <= 1 &&
      b.placement().device == parax::currentDevice()) {
    parax::MemoryTracker::add(b.placement(), -int64_t(n));
    parax::HostMemory::release(int64_t(n));
    if (hotCount < kHot)
      hot[hotCount++] = Hot{const_cast<void *>(p), n, e};
    else
      spare[n].push_back(const_cast<void *>(p));
    spareBytes += n;
    e->refs = 0;
    return;
  }
  for (Hot &r : recent)
    if (r.p == p)
      r = Hot{};
  buffers.erase(p);
}

ParaxRtContext::~ParaxRtContext() {
  // ~Buffer un-accounts what spares already gave back: free each first (the
  // live count dips) and only then restore the count, so no peak moves.
  auto drop = [&](void *p, size_t n) {
    auto it = buffers.find(p);
    parax::Placement where = it->second.buffer->placement();
    buffers.erase(it);
    parax::MemoryTracker::add(where, int64_t(n));
    parax::HostMemory::chargeUnchecked(int64_t(n));
  };
  for (auto &[n, ptrs] : spare)
    for (void *p : ptrs)
      drop(p, n);
  for (int i = 0; i < hotCount; ++i)
    drop(hot[i].p, hot[i].bytes);
}

Array ParaxRtContext::arrayAt(const void *p, const TensorType &t) const {
  auto it = buffers.find(p);
  if (it != buffers.end() &&
      it->second.buffer->bytes() >= size_t(t.byteSize()))
    return Array(t, it->second.buffer);
  auto ex = externals.find(p);
  if (ex != externals.end() && ex->second->bytes() >= size_t(t.byteSize()))
    return Array(t, ex->second);
  Array a = Array::allocate(t);
  if (t.byteSize() > 0)
    std::memcpy(a.raw(), p, size_t(t.byteSize()));
  return a;
}

namespace parax::runtime {

FlushDenormalGuard::FlushDenormalGuard() {
#if defined(__x86_64__)
  saved_ = _mm_getcsr();
  _mm_setcsr(saved_ | 0x8040u);
#endif
}

FlushDenormalGuard::~FlushDenormalGuard() {
#if defined(__x86_64__)
  _mm_setcsr(saved_);
#endif
}

void callCompiled(ParaxEntryFn fn, void *const *ins, void **outs,
                  ParaxRtContext &ctx) {
  int32_t st;
  {
    FlushDenormalGuard ftz;
    st = fn(ins, outs, &ctx, ctx.consts);
  }
  if (st != 0 || ctx.error) {
    if (ctx.error)
      std::rethrow_exception(ctx.error);
    throw ParaxError("InternalError", "compiled code failed without an error");
  }
}

} // namespace parax::runtime

namespace {

/// Runs `f`, storing any exception in the context; returns the status.
template <typename F> int32_t guarded(ParaxRtContext *ctx, F &&f) {
  try {
    f();
    return 0;
  } catch (...) {
    if (!ctx->error)
      ctx->error = std::current_exception();
    return 1;
  }
}

/// Stacks per-device parts along a new axis `ax` into one array accounted
/// as shards, one per device (Interpreter.cpp's stackSharded).
Array stackSharded(const std::vector<Array> &parts, int64_t ax,
                   const TensorType &type) {
  int n = int(parts.size());
  Array r = Array::allocate(type, parax::Placement{-1, n});
  const parax::Shape &ps = parts[0].shape();
  size_t elem = size_t(parax::dtypeSize(type.dtype));
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
                  static_cast<const char *>(parts[size_t(d)].raw()) +
                      size_t(o) * innerBytes,
                  innerBytes);
  return r;
}

/// Slice `i` of `x` along `axis` with the axis removed (a fresh array).
Array sliceAlong(const Array &x, int64_t axis, int64_t i) {
  std::vector<int64_t> start(size_t(x.rank()), 0), limit = x.shape(),
      stride(size_t(x.rank()), 1);
  start[size_t(axis)] = i;
  limit[size_t(axis)] = i + 1;
  TensorType t = x.type();
  t.shape[size_t(axis)] = 1;
  Array s = parax::runtime::sliceOp(x, start, limit, stride, t);
  parax::Shape sq = x.shape();
  sq.erase(sq.begin() + axis);
  return s.reshaped(sq);
}

} // namespace

//===----------------------------------------------------------------------===//
// The ABI
//===----------------------------------------------------------------------===//
extern "C" {

void *parax_rt_alloc(ParaxRtContext *ctx, int64_t bytes) {
  // No exception may cross the compiled frames: out of host memory returns
  // null with the error in the context, and the caller branches to its exit.
  void *p = nullptr;
  guarded(ctx, [&] { p = ctx->allocate(size_t(bytes)); });
  return p;
}

void parax_rt_retain(ParaxRtContext *ctx, void *p) {
  auto it = ctx->buffers.find(p);
  if (it != ctx->buffers.end())
    ++it->second.refs;
}

void parax_rt_release(ParaxRtContext *ctx, void *p) { ctx->release(p); }

int32_t parax_rt_is_unique(ParaxRtContext *ctx, void *p) {
  auto it = ctx->buffers.find(p);
  return it != ctx->buffers.end() && it->second.refs == 1 &&
         it->second.buffer.use_count() == 1;
}

/// The threads one device's intra-op work may use: the machine's threads
/// shared by the devices of the enclosing pmap (N devices x width never
/// exceeds the cores: with as many devices as cores, each device's loops
/// stay on its own thread).
static int intraOpWidth(ParaxRtContext *ctx) {
  int threads = parax::runtime::ThreadPool::hardwareThreads();
  int devices = ctx->comm ? ctx->comm->localDeviceCount() : 1;
  return std::max(1, threads / std::max(1, devices));
}

int32_t parax_rt_eval(ParaxRtContext *ctx, int32_t opId, void *const *ins,
                      void **outs) {
  return guarded(ctx, [&] {
    const ir::Operation &op = *ctx->info->ops[size_t(opId)];
    std::vector<Array> inputs;
    for (unsigned i = 0; i < op.numOperands(); ++i)
      inputs.push_back(ctx->arrayAt(ins[i], op.operand(i)->type()));
    parax::runtime::FlushDenormalGuard ftz;
    // Kernels that split (the BLAS products) use this device's share of
    // the pool, as compiled loops do (parax_rt_parallel_for).
    parax::runtime::IntraOp io;
    io.width = intraOpWidth(ctx);
    io.parallelFor = [ctx, &io](int64_t chunks, const std::function<void(int64_t)> &body) {
      ctx->backend->pool().parallelFor(chunks, io.width, [&](int64_t c) {
        parax::runtime::FlushDenormalGuard chunkFtz;
        body(c);
      });
    };
    parax::runtime::IntraOpScope scope(&io);
    std::vector<Array> results = parax::runtime::evalPureOp(op, inputs);
    for (unsigned r = 0; r < op.numResults(); ++r)
      outs[r] = ctx->adopt(results[r].buffer());
  });
}

int32_t parax_rt_collective(ParaxRtContext *ctx, int32_t opId, void *in,
                            void **out) {
  return guarded(ctx, [&] {
    const ir::Operation &op = *ctx->info->ops[size_t(opId)];
    PARAX_ASSERT(ctx->comm) << op.name() << " outside a pmap region";
    Array x = ctx->arrayAt(in, op.operand(0)->type());
    Array r;
    try {
      ctx->comm->enter(ctx->device, op);
      switch (ir::collectivePattern(op.kind())) {
      case ir::CollectivePattern::AllReduce:
        if (op.attrs().has("groups"))
          r = ctx->comm->allReduce(ctx->device, x, op.kind(), &op.attrs().getInts("groups"),
                                   op.attrs().getInt("group_size"));
        else
          r = ctx->comm->allReduce(ctx->device, x, op.kind());
        break;
      case ir::CollectivePattern::AllGather:
        r = ctx->comm->allGather(
            ctx->device, x, op.attrs().getInt("axis"), op.attrs().getInt("tiled") != 0,
            op.attrs().has("groups") ? &op.attrs().getInts("groups") : nullptr,
            op.attrs().getInt("group_size", 0));
        break;
      case ir::CollectivePattern::Permute:
        r = ctx->comm->permute(ctx->device, x, op.attrs().getInts("perm"));
        break;
      default:
        PARAX_ASSERT(false) << "not a collective: " << op.name();
      }
    } catch (parax::ParaxError &e) { // stopped or aborted while waiting: say where
      if (!e.diag().loc.valid())
        e.diag().loc = op.loc();
      throw;
    }
    *out = ctx->adopt(r.buffer());
  });
}

int32_t parax_rt_axis_index(ParaxRtContext *ctx) { return ctx->device; }

const int32_t *parax_rt_stop_word(ParaxRtContext *ctx) {
  // std::atomic<int32_t> is a plain int32_t in memory (lock-free, static
  // asserted below); compiled code reads it with an atomic load.
  static_assert(sizeof(std::atomic<int32_t>) == sizeof(int32_t) &&
                std::atomic<int32_t>::is_always_lock_free);
  static const std::atomic<int32_t> never{0};
  const parax::runtime::StopFlag *f =
      ctx->backend ? ctx->backend->stopFlag() : nullptr;
  return reinterpret_cast<const int32_t *>(f ? f->word() : &never);
}

int32_t parax_rt_stopped(ParaxRtContext *ctx, int32_t opId) {
  return guarded(ctx, [&] {
    const ir::Operation &op = *ctx->info->ops[size_t(opId)];
    const parax::runtime::StopFlag *f = ctx->backend->stopFlag();
    PARAX_ASSERT(f && f->stopped()) << "stop polled without a stop";
    throw f->error(op.loc());
  });
}

int32_t parax_rt_debug_print(ParaxRtContext *ctx, int32_t opId,
                             void *const *ins) {
  return guarded(ctx, [&] {
    const ir::Operation &op = *ctx->info->ops[size_t(opId)];
    std::vector<Array> values;
    for (unsigned i = 0; i < op.numOperands(); ++i)
      values.push_back(ctx->arrayAt(ins[i], op.operand(i)->type()));
    std::string line = parax::runtime::formatDebugTemplate(
                           op.attrs().getString("format"), values) +
                       "\n";
    if (ctx->prints)
      ctx->prints->push_back(line);
    else
      (*ctx->print)(line);
  });
}

int32_t parax_rt_debug_breakpoint(ParaxRtContext *ctx, int32_t opId,
                                  void *const *ins) {
  return guarded(ctx, [&] {
    const ir::Operation &op = *ctx->info->ops[size_t(opId)];
    std::vector<Array> values;
    for (unsigned i = 0; i < op.numOperands(); ++i)
      values.push_back(ctx->arrayAt(ins[i], op.operand(i)->type()));
    ctx->backend->hitBreakpoint(parax::runtime::Backend::BreakpointEvent::at(
        op, std::move(values), ctx->comm ? ctx->device : -1));
  });
}

int32_t parax_rt_pmap(ParaxRtContext *ctx, int32_t opId, ParaxEntryFn body,
                      void *const *ins, void **outs) {
  return guarded(ctx, [&] {
    const ir::Operation &op = *ctx->info->ops[size_t(opId)];
    const auto &caps = ctx->info->captures[size_t(opId)];
    int n = int(op.attrs().getInt("axis_size"));
    const auto &inAxes = op.attrs().getInts("in_axes");
    const auto &outAxes = op.attrs().getInts("out_axes");
    unsigned nOps = op.numOperands();
    // Across processes this process runs its local devices only.
    parax::runtime::PmapCommunicator pc(op, n, ctx->backend->stopFlag());
    n = pc.localDevices;
    ir::PmapParts parts = ir::pmapParts(op);
    unsigned nYields = unsigned(outAxes.size());
    parax::runtime::DeviceCollectives &comm = *pc.comm;
    std::vector<ParaxRtContext> devs(static_cast<size_t>(n));
    std::vector<std::vector<std::string>> prints(static_cast<size_t>(n));
    std::vector<std::vector<void *>> devOuts(static_cast<size_t>(n));
    std::vector<Array> operands;
    for (unsigned k = 0; k < nOps; ++k)
      operands.push_back(ctx->arrayAt(ins[k], op.operand(k)->type()));
    // Results the body computes in place (codegen emitPmap) are stacked
    // outputs that exist before the launch: each device writes its result
    // straight into its slot, no stacked copy is made afterwards.
    // A device's share is accounted to it when it takes its slot (the
    // buffer is unaccounted until then), so a device's peak holds the slot
    // exactly from its yield on.
    std::vector<Array> stacked(nYields);
    std::vector<size_t> slotBytes(nYields, 0);
    const std::vector<bool> &inPlace = ctx->info->pmapInPlace[size_t(opId)];
    for (unsigned k = 0; k < nYields; ++k)
      if (k < inPlace.size() && inPlace[k]) {
        const TensorType &rt = op.result(k)->type();
        stacked[k] = Array::allocate(rt, parax::Placement{parax::MemoryTracker::kMaxDevices, 1});
        slotBytes[k] = rt.shape[0] > 0 ? size_t(rt.byteSize()) / size_t(rt.shape[0]) : 0;
      }
    auto slot = [&](unsigned k, int d) {
      return static_cast<void *>(static_cast<char *>(stacked[k].raw()) + size_t(d) * slotBytes[k]);
    };
    // The device that failed first: the others may then fail only because
    // the group was aborted under them, so its error is the one to report.
    std::atomic<int> firstFailed{-1};
    auto runDevice = [&](int d) {
      ParaxRtContext &dc = devs[size_t(d)];
      dc.info = ctx->info;
      dc.backend = ctx->backend;
      dc.print = ctx->print;
      dc.consts = ctx->consts;
      dc.device = pc.offset + d;
      dc.comm = &comm;
      dc.prints = &prints[size_t(d)];
      parax::setCurrentDevice(d);
      int32_t st = guarded(&dc, [&] {
        std::vector<void *> args;
        for (unsigned a = 0; a < parts.numArgs(); ++a) {
          unsigned k = parts.operandFor(a, d);
          int64_t ax = inAxes[a];
          if (ax < 0 || parts.partedIn[a]) {
            args.push_back(ins[k]); // shared, or this device's own piece
          } else if (ax == 0) {
            const TensorType &t = op.operand(k)->type();
            size_t shard = size_t(t.byteSize()) / size_t(t.shape[0]);
            args.push_back(static_cast<char *>(ins[k]) + size_t(d) * shard);
          } else {
            args.push_back(dc.adopt(sliceAlong(operands[k], ax, d).buffer()));
          }
        }
        for (size_t j = 0; j < caps.size(); ++j)
          args.push_back(ins[nOps + j]);
        devOuts[size_t(d)].assign(nYields + 1, nullptr);
        dc.slots.assign(nYields, nullptr);
        dc.slotBytes = slotBytes;
        dc.slotTaken.assign(nYields, 0);
        for (unsigned k = 0; k < nYields; ++k)
          if (stacked[k].valid())
            dc.slots[k] = slot(k, d);
        parax::runtime::callCompiled(body, args.data(),
                                     devOuts[size_t(d)].data(), dc);
      });
      if (st != 0) {
        int none = -1;
        firstFailed.compare_exchange_strong(none, d);
        comm.abort();
      }
      parax::setCurrentDevice(0);
    };
    ctx->backend->pool().run(n, runDevice);
    // The in-place results' shares move from the devices' counters to the
    // buffer's own placement (split over the devices): first off, then on,
    // so no device's peak moves.
    for (unsigned k = 0; k < nYields; ++k) {
      if (!stacked[k].valid())
        continue;
      for (int d = 0; d < n; ++d)
        if (devs[size_t(d)].slotTaken.size() > k && devs[size_t(d)].slotTaken[k])
          parax::MemoryTracker::add(parax::Placement{d, 1}, -int64_t(slotBytes[k]));
      stacked[k].buffer()->setPlacement(parax::Placement{-1, n});
    }
    for (auto &dp : prints)
      for (auto &line : dp)
        (*ctx->print)(line);
    if (firstFailed >= 0 && devs[size_t(firstFailed.load())].error)
      std::rethrow_exception(devs[size_t(firstFailed.load())].error);
    if (parts.partedOut) {
      // Each device's result stays in the buffer it wrote (accounted to that
      // device): handed to the caller as is, no stacked copy.
      // (A view the device does not own is copied onto that device.)
      int saved = parax::currentDevice();
      for (unsigned k = 0; k < nYields; ++k)
        for (int d = 0; d < n; ++d) {
          unsigned r = parts.resultFor(k, d);
          parax::setCurrentDevice(d);
          Array a = devs[size_t(d)].arrayAt(devOuts[size_t(d)][k], op.result(r)->type());
          outs[r] = ctx->adopt(a.buffer());
        }
      parax::setCurrentDevice(saved);
      return;
    }
    for (unsigned k = 0; k < op.numResults(); ++k) {
      const TensorType &rt = op.result(k)->type();
      int64_t ax = outAxes[k];
      TensorType pt = rt;
      if (ax >= 0)
        pt.shape.erase(pt.shape.begin() + ax);
      if (stacked[k].valid()) {
        // (A device that handed back a buffer of its own is copied in.)
        for (int d = 0; d < n; ++d)
          if (devOuts[size_t(d)][k] != slot(k, d) && slotBytes[k] > 0)
            std::memcpy(slot(k, d), devs[size_t(d)].arrayAt(devOuts[size_t(d)][k], pt).raw(),
                        slotBytes[k]);
        outs[k] = ctx->adopt(stacked[k].buffer());
        continue;
      }
      std::vector<Array> parts;
      for (int d = 0; d < n; ++d)
        parts.push_back(devs[size_t(d)].arrayAt(devOuts[size_t(d)][k], pt));
      Array r = ax < 0 ? parts[0] : stackSharded(parts, ax, rt);
      outs[k] = ctx->adopt(r.buffer());
    }
  });
}

void *parax_rt_pmap_slot(ParaxRtContext *ctx, int32_t k) {
  size_t i = size_t(k);
  if (i >= ctx->slots.size() || !ctx->slots[i])
    return nullptr; // never emitted without a slot (Emitter::emitPmap)
  if (!ctx->slotTaken[i]) {
    ctx->slotTaken[i] = 1;
    parax::MemoryTracker::add(parax::Placement{parax::currentDevice(), 1},
                              int64_t(ctx->slotBytes[i])); // the device thread's own
  }
  return ctx->slots[i];
}

void parax_rt_parallel_for(ParaxRtContext *ctx, ParaxChunkFn body, void *env,
                           int64_t n, int64_t grain) {
  int width = intraOpWidth(ctx);
  int64_t most = grain > 0 ? (n + grain - 1) / grain : 1;
  // A few chunks per thread: a helper that starts late (another program on
  // the machine) costs a chunk, not half the loop.
  int64_t chunks = std::min<int64_t>(most, int64_t(width) * 4);
  if (width <= 1 || chunks <= 1) {
    body(env, 0, n);
    return;
  }
  ctx->backend->pool().parallelFor(chunks, width, [&](int64_t c) {
    parax::runtime::FlushDenormalGuard ftz;
    int64_t lo = int64_t((__int128)n * c / chunks);
    int64_t hi = int64_t((__int128)n * (c + 1) / chunks);
    body(env, lo, hi);
  });
}

} // extern "C"
