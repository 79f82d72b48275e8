//===- Blockwise.cpp - sharded creation, one device block at a time --------===//
//
// jax.random samplers and jnp's constant creators called with
// out_sharding= make each distinct device block on its own: a random block
// hashes the global flat indices of its elements (the partitionable
// threefry's counters, so the values are bit-identical to the unsharded
// draw), and only block-sized temporaries exist. Each block is its
// device's shard of the result (held per device, no global buffer). Under
// `parax check` nothing is made: a block that does not fit a device's
// --device-memory is RESOURCE_EXHAUSTED, otherwise the result is an
// abstract sharded value.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Blockwise.h"
#include "frontend/lib/Jnp.h"
#include "frontend/lib/Prims.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/MemoryCheck.h"
#include "frontend/tracing/Trace.h"

#include <cstring>
#include <map>

namespace parax::frontend::sharding {

namespace {
RandomWindow *gWindow = nullptr;

/// The block offsets of every distinct shard of `shape` under `s`.
std::vector<std::vector<int64_t>> blockOffsets(const Sharding &s, const Shape &shape,
                                               Shape &block, std::vector<int> &devices) {
  block = shape;
  for (size_t d = 0; d < shape.size(); ++d)
    block[d] = shape[d] / s.splits(d);
  int64_t n = 1;
  for (int64_t z : s.axisSizes)
    n *= z;
  std::vector<std::vector<int64_t>> out;
  for (int64_t pos = 0; pos < n; ++pos) {
    std::vector<int64_t> coords(s.axisSizes.size());
    int64_t p = pos;
    for (size_t a = s.axisSizes.size(); a-- > 0;) {
      coords[a] = p % s.axisSizes[a];
      p /= s.axisSizes[a];
    }
    std::vector<int64_t> off(shape.size(), 0);
    for (size_t d = 0; d < shape.size() && d < s.dims.size(); ++d) {
      int64_t k = 0;
      for (const std::string &name : s.dims[d])
        for (size_t a = 0; a < s.axisNames.size(); ++a)
          if (s.axisNames[a] == name)
            k = k * s.axisSizes[a] + coords[a];
      off[d] = k * block[d];
    }
    bool seen = false;
    for (auto &o : out)
      seen |= o == off;
    if (!seen) {
      out.push_back(off);
      devices.push_back(size_t(pos) < s.deviceIds.size() ? int(s.deviceIds[size_t(pos)])
                                                         : int(pos));
    }
  }
  return out;
}

void replaceShape(CallArgs &a, size_t pos, const Shape &shape) {
  std::vector<Value> dims;
  for (int64_t d : shape)
    dims.push_back(Value::integer(d));
  Value t = Value::tuple(dims);
  for (auto &kw : a.kwargs)
    if (kw.first == "shape") {
      kw.second = t;
      return;
    }
  if (pos < a.args.size())
    a.args[pos] = t;
}
} // namespace

const RandomWindow *randomWindow() { return gWindow; }

void noteWindowMismatch() {
  if (gWindow)
    gWindow->mismatch = true;
}

Value windowCounters(Evaluator &ev, const RandomWindow &w, Value &hi) {
  const Shape &g = w.global;
  int64_t total = numElements(g);
  DType dt = total >= (int64_t(1) << 32) ? DType::U64 : DType::U32;
  Value flat;
  int64_t stride = 1;
  for (size_t d = g.size(); d-- > 0;) {
    Value i = prims::iota(ev, dt, w.block, int64_t(d));
    if (w.offset[d])
      i = prims::binary(ev, ir::OpKind::Add, i,
                        prims::full(ev, w.block, Value::integer(w.offset[d]), dt));
    if (stride != 1)
      i = prims::binary(ev, ir::OpKind::Mul, i, prims::full(ev, w.block, Value::integer(stride), dt));
    flat = flat.isNone() ? i : prims::binary(ev, ir::OpKind::Add, flat, i);
    stride *= g[d];
  }
  if (flat.isNone())
    flat = prims::full(ev, w.block, Value::integer(0), dt);
  if (dt == DType::U32) {
    hi = prims::full(ev, w.block, Value::integer(0), DType::U32);
    return flat;
  }
  hi = prims::convert(ev, prims::binary(ev, ir::OpKind::ShiftRightLogical, flat,
                                        prims::full(ev, w.block, Value::integer(32), dt)),
                      DType::U32);
  return prims::convert(ev, flat, DType::U32);
}

std::optional<Value> makeBlockwise(Evaluator &ev, const Value &f, CallArgs &a, size_t shapePos,
                                   bool random, const Value &pySharding) {
  const Value *sv = nullptr;
  for (auto &kw : a.kwargs)
    if (kw.first == "shape")
      sv = &kw.second;
  if (!sv && shapePos < a.args.size())
    sv = &a.args[shapePos];
  if (!sv || sv->isNone())
    return std::nullopt;
  Shape shape = jnp::shapeArg(ev, *sv, "out_sharding");
  ShardingPtr s = fromPython(ev, pySharding);
  for (size_t d = 0; d < shape.size(); ++d)
    if (shape[d] % s->splits(d) != 0)
      return std::nullopt; // device_put reports it
  if (s->dims.size() > shape.size())
    return std::nullopt;
  Shape block;
  std::vector<int> devices;
  std::vector<std::vector<int64_t>> offs = blockOffsets(*s, shape, block, devices);
  // The result's dtype, from a one-element draw.
  CallArgs probe = a;
  replaceShape(probe, shapePos, Shape(shape.size(), 1));
  Value one;
  {
    RandomWindow w{Shape(shape.size(), 1), std::vector<int64_t>(shape.size(), 0),
                   Shape(shape.size(), 1)};
    RandomWindow *saved = gWindow;
    gWindow = random ? &w : nullptr;
    one = ev.call(f, probe);
    gWindow = saved;
  }
  if (!one.isArray() || prims::shapeOf(one) != Shape(shape.size(), 1))
    return std::nullopt;
  TensorType rt{prims::dtypeOf(one), shape, false};
  TensorType bt{rt.dtype, block, false};
  if (ev.options().checkOnly) {
    // Plan only: each device holds one block.
    int64_t budget = ev.options().deviceMemory;
    if (budget > 0 && bt.byteSize() > budget)
      raise("RESOURCE_EXHAUSTED",
            "a device's block " + bt.str() + " of the sharded " + rt.str() + " needs " +
                formatBytes(bt.byteSize()) + ", over the budget of " + formatBytes(budget) +
                " per device",
            "split it over more mesh axes or devices (out_sharding=P(...) naming more axes)");
    ev.write("sharded creation " + s->typeText(rt, false) + " (" + a.loc.str() + "): each of " +
             std::to_string(offs.size()) + " device blocks is " + bt.str() + ", " +
             formatBytes(bt.byteSize()) + " per device" +
             (budget > 0 ? " (budget " + formatBytes(budget) + ")" : "") + "\n");
    auto origin = std::make_shared<AbstractOrigin>(AbstractOrigin{"sharded creation", a.loc});
    Value r = makeAbstract(rt, origin);
    setTracerSharding(r, s);
    return r;
  }
  // Each distinct block is made on its device and is that device's shard;
  // devices that share a block (axes it is replicated over) get their own
  // copy (the sharded array holds one buffer per device).
  std::vector<Array> blocks;
  for (size_t k = 0; k < offs.size(); ++k) {
    const auto &off = offs[k];
    CallArgs ca = a;
    replaceShape(ca, shapePos, block);
    RandomWindow w{shape, off, block};
    RandomWindow *saved = gWindow;
    gWindow = random ? &w : nullptr;
    // The block is made (and its temporaries accounted) on its device.
    int savedDevice = currentDevice();
    setCurrentDevice(devices[k]);
    Value blk;
    try {
      blk = ev.call(f, ca);
    } catch (...) {
      gWindow = saved;
      setCurrentDevice(savedDevice);
      throw;
    }
    gWindow = saved;
    setCurrentDevice(savedDevice);
    if (w.mismatch || !blk.isArray() || prims::shapeOf(blk) != block)
      return std::nullopt; // the sampler draws more than its output: global path
    blocks.push_back(blk.asArray().withWeak(false));
  }
  int64_t n = 1;
  for (int64_t z : s->axisSizes)
    n *= z;
  std::vector<Array> shards;
  for (int64_t pos = 0; pos < n; ++pos) {
    std::vector<int64_t> start = blockStart(*s, shape, pos);
    size_t k = 0;
    while (k < offs.size() && offs[k] != start)
      ++k;
    bool first = true;
    for (const Array &have : shards)
      first &= have.buffer() != blocks[k].buffer();
    shards.push_back(first ? blocks[k] : blocks[k].copy(Placement{int(pos), 1}));
  }
  return perDeviceArray(rt, std::move(shards), s);
}

} // namespace parax::frontend::sharding
