//===- Partition.cpp - jit over sharded arguments, run per device ---------===//
//
// A jit program whose arguments are split over a mesh is traced globally
// (so every op's sharding rule runs and JAX's errors come at trace time);
// this pass then rewrites it into the per-device program pmap runs: the
// entry function takes each sharded argument as its per-device shards, one
// pmap op (one device per mesh position) computes on local shapes, and
// each device's results stay that device's shards (parted operands and
// results, ir/PmapParts.h: nothing is stacked or put back together; the
// DeviceLayout says how the caller passes and gets them). Inside the body:
//  - elementwise ops, broadcast_in_dim, transpose, iota and dot_general
//    compute on their local blocks;
//  - reductions over a split dimension reduce locally, then all-reduce
//    over the mesh axes that split it (psum/pmax/pmin, device groups when
//    only some axes do);
//  - a contraction split the same way on both sides (JAX's out_sharding=
//    case) is a local dot plus a psum over those axes;
//  - any other op sees whole (gathered) operands and its result is cut to
//    its sharding: always correct, the communication is the price.
// Where an operand's split is not the one an op wants, it is resharded:
// all_gather over the split's axes, dynamic_slice at the device's block.
// Programs the pass cannot take (several meshes, a nested pmap/shard_map,
// debug prints, which print once per program in JAX) stay global.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/sharding/Partition.h"
#include "frontend/lib/Prims.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/tracing/ShardingHooks.h"
#include "frontend/tracing/Trace.h"
#include "ir/Builder.h"
#include "ir/Verifier.h"

#include <algorithm>
#include <map>
#include <set>

namespace parax::frontend::sharding {

void keepTracedModule(const TraceProgram &program, std::shared_ptr<ir::Module> module);

namespace {
struct Unsupported {};

const char *kAxis = "_parax_spmd";

int64_t prod(const std::vector<int64_t> &v, size_t from = 0, size_t to = SIZE_MAX) {
  int64_t n = 1;
  for (size_t i = from; i < v.size() && i < to; ++i)
    n *= v[i];
  return n;
}

class Partitioner {
public:
  Partitioner(const Sharding &mesh, const std::shared_ptr<ir::Module> &src)
      : mesh_(mesh), src_(src) {
    n_ = prod(mesh.axisSizes);
  }

  std::shared_ptr<ir::Module> run();
  DeviceLayout layout;

private:
  const Sharding &mesh_;
  std::shared_ptr<ir::Module> src_;
  int64_t n_ = 1;
  ir::Builder b_;
  Loc loc_;
  TraceStack stack_;
  ir::Value *deviceIndex_ = nullptr;
  std::map<std::string, ir::Value *> coords_; ///< Mesh coordinate per axis.

  struct Local {
    ir::Value *v;
    Dims dims;
  };
  std::map<const ir::Value *, Local> map_;

  size_t axisPos(const std::string &a) const {
    for (size_t i = 0; i < mesh_.axisNames.size(); ++i)
      if (mesh_.axisNames[i] == a)
        return i;
    throw Unsupported{};
  }
  int64_t axisSize(const std::string &a) const { return mesh_.axisSizes[axisPos(a)]; }
  int64_t splitOf(const std::vector<std::string> &axes) const {
    int64_t k = 1;
    for (const auto &a : axes)
      k *= axisSize(a);
    return k;
  }

public:
  /// Dims that override the tracer table (eager one-op programs).
  std::map<const ir::Value *, Dims> given;

private:
  /// Recorded dims of a traced value (padded to its rank; same mesh only).
  Dims dimsOf(const ir::Value *v) const {
    Dims d;
    auto g = given.find(v);
    if (g != given.end()) {
      d = g->second;
    } else if (ShardingPtr s = shardingOfIr(v, src_)) {
      if (s->axisNames != mesh_.axisNames || s->axisSizes != mesh_.axisSizes)
        throw Unsupported{};
      d = s->dims;
    }
    d.resize(size_t(v->type().rank()));
    return d;
  }

  TensorType localType(const TensorType &g, const Dims &d) const {
    TensorType t = g;
    for (size_t i = 0; i < t.shape.size(); ++i) {
      int64_t k = i < d.size() ? splitOf(d[i]) : 1;
      if (k > 1) {
        if (t.shape[i] % k != 0)
          throw Unsupported{};
        t.shape[i] /= k;
      }
    }
    return t;
  }

  ir::Value *op1(ir::OpKind k, std::vector<ir::Value *> ins, TensorType t, ir::Attrs a = {}) {
    if (k == ir::OpKind::Reshape && ins[0]->type().shape == t.shape)
      return ins[0];
    if (k == ir::OpKind::Transpose) {
      const auto &perm = a.getInts("perm");
      bool id = true;
      for (size_t i = 0; i < perm.size(); ++i)
        id &= perm[i] == int64_t(i);
      if (id)
        return ins[0];
    }
    return b_.create(k, ins, {t}, std::move(a), loc_, stack_)->result();
  }
  ir::Value *i32(int64_t v) {
    return op1(ir::OpKind::Constant, {}, TensorType{DType::I32, {}, false},
               ir::Attrs{{"value", Array::scalarInt(DType::I32, v)}});
  }
  const TensorType &scalarI32() {
    static TensorType t{DType::I32, {}, false};
    return t;
  }
  /// The device's coordinate along mesh axis `a`.
  ir::Value *coord(const std::string &a) {
    auto it = coords_.find(a);
    if (it != coords_.end())
      return it->second;
    size_t i = axisPos(a);
    int64_t stride = prod(mesh_.axisSizes, i + 1);
    ir::Value *c = deviceIndex_;
    if (stride > 1)
      c = op1(ir::OpKind::Div, {c, i32(stride)}, scalarI32());
    if (mesh_.axisSizes[i] != n_ / stride)
      c = op1(ir::OpKind::Rem, {c, i32(mesh_.axisSizes[i])}, scalarI32());
    coords_[a] = c;
    return c;
  }
  /// The device's block index along a dim split by `axes` (major first).
  ir::Value *blockIndex(const std::vector<std::string> &axes) {
    ir::Value *g = nullptr;
    for (const auto &a : axes) {
      ir::Value *c = coord(a);
      g = g ? op1(ir::OpKind::Add, {op1(ir::OpKind::Mul, {g, i32(axisSize(a))}, scalarI32()), c},
                  scalarI32())
            : c;
    }
    return g ? g : i32(0);
  }

  /// Device groups of a collective over `axes` (communicator layout).
  std::vector<int64_t> groups(const std::vector<std::string> &axes) const {
    const auto &sizes = mesh_.axisSizes;
    std::vector<size_t> others, mine;
    for (size_t i = 0; i < sizes.size(); ++i)
      (std::find(axes.begin(), axes.end(), mesh_.axisNames[i]) == axes.end() ? others : mine)
          .push_back(i);
    std::vector<int64_t> out;
    int64_t nOthers = 1, nMine = 1;
    for (size_t i : others)
      nOthers *= sizes[i];
    for (size_t i : mine)
      nMine *= sizes[i];
    for (int64_t o = 0; o < nOthers; ++o) {
      int64_t base = 0, rest = o;
      for (auto it = others.rbegin(); it != others.rend(); ++it) {
        base += (rest % sizes[*it]) * prod(sizes, *it + 1);
        rest /= sizes[*it];
      }
      for (int64_t g = 0; g < nMine; ++g) {
        int64_t d = base;
        rest = g;
        for (auto it = mine.rbegin(); it != mine.rend(); ++it) {
          d += (rest % sizes[*it]) * prod(sizes, *it + 1);
          rest /= sizes[*it];
        }
        out.push_back(d);
      }
    }
    return out;
  }

  ir::Value *allReduce(ir::OpKind k, ir::Value *v, const std::vector<std::string> &axes) {
    ir::Attrs a{{"axis_name", std::string(kAxis)}};
    if (splitOf(axes) != n_) {
      a.set("groups", groups(axes));
      a.set("group_size", splitOf(axes));
    }
    return op1(k, {v}, v->type(), std::move(a));
  }

  /// Dim d of `v` (split by `axes`) gathered whole on every device.
  ir::Value *gatherDim(ir::Value *v, size_t d, const std::vector<std::string> &axes) {
    const TensorType &t = v->type();
    size_t k = mesh_.axisNames.size();
    TensorType g = t;
    g.shape.insert(g.shape.begin(), n_);
    ir::Value *x = op1(ir::OpKind::AllGather, {v}, g,
                       ir::Attrs{{"axis_name", std::string(kAxis)}, {"axis", int64_t(0)},
                                 {"tiled", int64_t(0)}});
    // [s0, ..., sk-1, *local]
    TensorType m = t;
    m.shape.insert(m.shape.begin(), mesh_.axisSizes.begin(), mesh_.axisSizes.end());
    x = op1(ir::OpKind::Reshape, {x}, m);
    // Keep this device's coordinate along the axes not gathered.
    bool others = false;
    std::vector<ir::Value *> starts;
    std::vector<int64_t> sizes;
    for (size_t i = 0; i < k; ++i) {
      bool mine = std::find(axes.begin(), axes.end(), mesh_.axisNames[i]) != axes.end();
      starts.push_back(mine ? i32(0) : coord(mesh_.axisNames[i]));
      sizes.push_back(mine ? mesh_.axisSizes[i] : 1);
      others |= !mine;
    }
    if (others) {
      for (size_t i = 0; i < t.shape.size(); ++i) {
        starts.push_back(i32(0));
        sizes.push_back(t.shape[i]);
      }
      std::vector<ir::Value *> ins{x};
      ins.insert(ins.end(), starts.begin(), starts.end());
      TensorType s = m;
      s.shape = sizes;
      x = op1(ir::OpKind::DynamicSlice, ins, s, ir::Attrs{{"sizes", sizes}});
    }
    // [axes in mesh order..., *local] -> axes in the dim's order before dim d.
    std::vector<size_t> meshOrder;
    for (size_t i = 0; i < k; ++i)
      if (std::find(axes.begin(), axes.end(), mesh_.axisNames[i]) != axes.end())
        meshOrder.push_back(i);
    TensorType r = t;
    r.shape.clear();
    for (size_t i : meshOrder)
      r.shape.push_back(mesh_.axisSizes[i]);
    r.shape.insert(r.shape.end(), t.shape.begin(), t.shape.end());
    x = op1(ir::OpKind::Reshape, {x}, r);
    size_t na = meshOrder.size();
    std::vector<int64_t> perm;
    for (size_t i = 0; i < d; ++i)
      perm.push_back(int64_t(na + i));
    for (const auto &a : axes)
      perm.push_back(int64_t(std::find(meshOrder.begin(), meshOrder.end(), axisPos(a)) -
                             meshOrder.begin()));
    for (size_t i = d; i < t.shape.size(); ++i)
      perm.push_back(int64_t(na + i));
    TensorType p = r;
    for (size_t i = 0; i < perm.size(); ++i)
      p.shape[i] = r.shape[size_t(perm[i])];
    x = op1(ir::OpKind::Transpose, {x}, p, ir::Attrs{{"perm", perm}});
    TensorType out = t;
    out.shape[d] *= splitOf(axes);
    return op1(ir::OpKind::Reshape, {x}, out);
  }

  /// Dim d of `v` (whole) cut to this device's block of a split by `axes`.
  ir::Value *sliceDim(ir::Value *v, size_t d, const std::vector<std::string> &axes) {
    const TensorType &t = v->type();
    int64_t k = splitOf(axes);
    if (t.shape[d] % k != 0)
      throw Unsupported{};
    int64_t blk = t.shape[d] / k;
    std::vector<ir::Value *> ins{v};
    std::vector<int64_t> sizes = t.shape;
    sizes[d] = blk;
    for (size_t i = 0; i < t.shape.size(); ++i)
      ins.push_back(i == d ? op1(ir::OpKind::Mul, {blockIndex(axes), i32(blk)}, scalarI32())
                           : i32(0));
    TensorType s = t;
    s.shape = sizes;
    return op1(ir::OpKind::DynamicSlice, ins, s, ir::Attrs{{"sizes", sizes}});
  }

  ir::Value *reshard(ir::Value *v, const Dims &from, const Dims &to) {
    for (size_t d = 0; d < from.size(); ++d)
      if (!from[d].empty() && (d >= to.size() || from[d] != to[d]))
        v = gatherDim(v, d, from[d]);
    for (size_t d = 0; d < to.size(); ++d)
      if (!to[d].empty() && (d >= from.size() || from[d] != to[d]))
        v = sliceDim(v, d, to[d]);
    return v;
  }

  /// The local value of `v` split as `want`. Broadcasts and iotas are made
  /// again at the wanted split rather than cut from a whole copy.
  ir::Value *get(const ir::Value *v, const Dims &want) {
    auto it = map_.find(v);
    if (it == map_.end())
      throw Unsupported{}; // a value from outside the program
    Dims w = want;
    w.resize(size_t(v->type().rank()));
    if (it->second.dims == w)
      return it->second.v;
    ir::Operation *d = v->definingOp();
    if (d && remakeable(*d, w)) {
      std::string key = std::to_string(reinterpret_cast<uintptr_t>(v)) + "/" + dimsKey(w);
      auto r = remade_.find(key);
      if (r != remade_.end())
        return r->second;
      std::vector<ir::Value *> xs = remake(*d, w);
      for (unsigned i = 0; i < d->numResults(); ++i)
        remade_[std::to_string(reinterpret_cast<uintptr_t>(d->result(i))) + "/" + dimsKey(w)] =
            xs[i];
      return xs[v->index()];
    }
    return reshard(it->second.v, it->second.dims, w);
  }

  /// Ops cheaper to compute again at another split than to cut or gather:
  /// iota, broadcasts and elementwise chains over them (random bits made
  /// from counters: each device makes only its own block).
  bool remakeable(const ir::Operation &op, const Dims &w) const {
    if (op.parentOp())
      return false;
    if (op.kind() == ir::OpKind::Iota || op.kind() == ir::OpKind::BroadcastInDim)
      return true;
    if (op.kind() == ir::OpKind::Reshape)
      return op.operand(0)->type().shape == op.result(0)->type().shape || flatIota(op) ||
             leadingSplit(op, w);
    if (!op.hasTrait(ir::E) || op.numResults() == 0)
      return false;
    const Shape &s = op.result(0)->type().shape;
    for (ir::Value *o : op.operands())
      if (o->type().shape != s)
        return false;
    for (auto &r : op.results())
      if (r->type().shape != s)
        return false;
    return true;
  }

  std::vector<ir::Value *> remake(ir::Operation &op, const Dims &w) {
    if (op.kind() == ir::OpKind::Iota)
      return {iota(op, w)};
    if (op.kind() == ir::OpKind::BroadcastInDim)
      return {broadcast(op, w)};
    if (op.kind() == ir::OpKind::Reshape) {
      const TensorType &rt = op.result(0)->type();
      if (op.operand(0)->type().shape == rt.shape)
        return {get(op.operand(0), w)};
      if (flatIota(op))
        return {flatCounter(rt, w)};
      return {op1(ir::OpKind::Reshape, {get(op.operand(0), Dims{w[0]})}, localType(rt, w))};
    }
    std::vector<ir::Value *> ins;
    for (ir::Value *o : op.operands())
      ins.push_back(get(o, w));
    std::vector<TensorType> types;
    for (auto &r : op.results())
      types.push_back(localType(r->type(), w));
    ir::Operation *c = b_.create(op.kind(), ins, types, op.attrs(), op.loc(), op.stack());
    std::vector<ir::Value *> out;
    for (unsigned i = 0; i < c->numResults(); ++i)
      out.push_back(c->result(i));
    return out;
  }
  std::map<std::string, ir::Value *> remade_;
  static std::string dimsKey(const Dims &d) {
    std::string k;
    for (const auto &axes : d) {
      for (const auto &a : axes)
        k += a + ",";
      k += "|";
    }
    return k;
  }

  /// A 1-D integer iota reshaped: the flat index of each element (the
  /// counters of jax.random's partitionable threefry).
  static bool flatIota(const ir::Operation &op) {
    const ir::Operation *d = op.operand(0)->definingOp();
    return d && d->kind() == ir::OpKind::Iota && d->result(0)->type().rank() == 1 &&
           isInteger(d->result(0)->type().dtype);
  }
  /// A reshape whose only split (wanted) is on dim 0, by a count that cuts
  /// both shapes' leading dims evenly: the blocks are the same flat range.
  bool leadingSplit(const ir::Operation &op, const Dims &w) const {
    const TensorType &in = op.operand(0)->type(), &rt = op.result(0)->type();
    if (w.empty() || w[0].empty() || in.rank() == 0 || rt.rank() == 0)
      return false;
    for (size_t i = 1; i < w.size(); ++i)
      if (!w[i].empty())
        return false;
    int64_t k = splitOf(w[0]);
    return in.shape[0] % k == 0 && rt.shape[0] % k == 0;
  }
  /// sum_d (local iota_d + block offset_d) * stride_d, on the local block.
  ir::Value *flatCounter(const TensorType &rt, const Dims &w) {
    using K = ir::OpKind;
    TensorType lt = localType(rt, w);
    TensorType st{rt.dtype, {}, false};
    auto full = [&](ir::Value *scalar) {
      return op1(K::BroadcastInDim, {scalar}, lt, ir::Attrs{{"dims", std::vector<int64_t>{}}});
    };
    auto cst = [&](int64_t v) {
      return op1(K::Constant, {}, st, ir::Attrs{{"value", Array::scalarInt(rt.dtype, v)}});
    };
    ir::Value *flat = nullptr;
    int64_t stride = 1;
    for (size_t d = rt.shape.size(); d-- > 0;) {
      ir::Value *i = op1(K::Iota, {}, lt, ir::Attrs{{"dimension", int64_t(d)}});
      if (!w[d].empty()) {
        ir::Value *off =
            op1(K::Mul, {blockIndex(w[d]), i32(lt.shape[d])}, scalarI32());
        if (rt.dtype != DType::I32)
          off = op1(K::Convert, {off}, st);
        i = op1(K::Add, {i, full(off)}, lt);
      }
      if (stride != 1)
        i = op1(K::Mul, {i, full(cst(stride))}, lt);
      flat = flat ? op1(K::Add, {flat, i}, lt) : i;
      stride *= rt.shape[d];
    }
    return flat ? flat : full(cst(0));
  }

  ir::Value *broadcast(ir::Operation &op, const Dims &rd) {
    const auto &dims = op.attrs().getInts("dims");
    const TensorType &in = op.operand(0)->type();
    const TensorType &rt = op.result(0)->type();
    Dims want(size_t(in.rank()));
    for (size_t i = 0; i < dims.size(); ++i)
      if (in.shape[i] == rt.shape[size_t(dims[i])])
        want[i] = rd[size_t(dims[i])];
    return op1(ir::OpKind::BroadcastInDim, {get(op.operand(0), want)}, localType(rt, rd),
               op.attrs());
  }

  ir::Value *iota(ir::Operation &op, const Dims &rd) {
    using K = ir::OpKind;
    const TensorType &rt = op.result(0)->type();
    int64_t dim = op.attrs().getInt("dimension");
    TensorType lt = localType(rt, rd);
    ir::Value *x = op1(K::Iota, {}, lt, op.attrs());
    const auto &axes = rd[size_t(dim)];
    if (!axes.empty()) {
      ir::Value *off = op1(K::Mul, {blockIndex(axes), i32(lt.shape[size_t(dim)])}, scalarI32());
      TensorType st{rt.dtype, {}, false};
      if (rt.dtype != DType::I32)
        off = op1(K::Convert, {off}, st);
      off = op1(K::BroadcastInDim, {off}, lt, ir::Attrs{{"dims", std::vector<int64_t>{}}});
      x = op1(K::Add, {x, off}, lt);
    }
    return x;
  }

  void set(const ir::Value *v, ir::Value *local, Dims dims) {
    dims.resize(size_t(v->type().rank()));
    Dims want = dimsOf(v);
    map_[v] = Local{reshard(local, dims, want), want};
  }

  void lowerOp(ir::Operation &op);
  void lowerGeneric(ir::Operation &op);
  ir::Operation *cloneInto(ir::Operation &op, const std::vector<ir::Value *> &operands,
                           std::map<const ir::Value *, ir::Value *> &vm);
};

ir::Operation *Partitioner::cloneInto(ir::Operation &op, const std::vector<ir::Value *> &operands,
                                      std::map<const ir::Value *, ir::Value *> &vm) {
  std::vector<TensorType> rt;
  for (auto &r : op.results())
    rt.push_back(r->type());
  ir::Operation *c =
      b_.create(op.kind(), operands, rt, op.attrs(), op.loc(), op.stack(), int(op.numRegions()));
  for (unsigned i = 0; i < op.numResults(); ++i)
    vm[op.result(i)] = c->result(i);
  ir::Builder saved = b_;
  for (unsigned r = 0; r < op.numRegions(); ++r) {
    ir::Block &from = op.region(r).front();
    ir::Block &to = c->region(r).front();
    for (auto &a : from.arguments())
      vm[a.get()] = to.addArgument(a->type());
    b_.setInsertionBlock(&to);
    for (auto &inner : from.operations()) {
      std::vector<ir::Value *> ins;
      for (ir::Value *o : inner->operands()) {
        auto it = vm.find(o);
        if (it == vm.end())
          throw Unsupported{};
        ins.push_back(it->second);
      }
      cloneInto(*inner, ins, vm);
    }
  }
  b_ = saved;
  return c;
}

/// Whole operands, the op as traced, the result cut to its sharding.
void Partitioner::lowerGeneric(ir::Operation &op) {
  std::map<const ir::Value *, ir::Value *> vm;
  // Values used inside regions but defined outside are passed whole too.
  std::set<const ir::Value *> inner;
  std::vector<const ir::Value *> captured;
  op.walk([&](ir::Operation *o) {
    for (unsigned r = 0; r < o->numRegions(); ++r)
      for (auto &a : o->region(r).front().arguments())
        inner.insert(a.get());
    for (auto &res : o->results())
      inner.insert(res.get());
  });
  op.walk([&](ir::Operation *o) {
    if (o == &op)
      return;
    for (ir::Value *v : o->operands())
      if (!inner.count(v))
        captured.push_back(v);
  });
  for (const ir::Value *v : captured)
    vm[v] = get(v, {});
  std::vector<ir::Value *> ins;
  for (ir::Value *v : op.operands())
    ins.push_back(get(v, {}));
  ir::Operation *c = cloneInto(op, ins, vm);
  for (unsigned i = 0; i < op.numResults(); ++i)
    set(op.result(i), c->result(i), {});
}

void Partitioner::lowerOp(ir::Operation &op) {
  using K = ir::OpKind;
  K k = op.kind();
  if (op.numRegions() > 0 || op.hasTrait(ir::C) || op.hasTrait(ir::S))
    return lowerGeneric(op);
  if (op.numResults() == 0)
    throw Unsupported{};
  const TensorType &rt = op.result(0)->type();
  Dims rd = dimsOf(op.result(0));
  auto emit = [&](std::vector<ir::Value *> ins, const Dims &localDims) {
    std::vector<TensorType> types;
    for (auto &r : op.results())
      types.push_back(localType(r->type(), localDims));
    ir::Operation *c = b_.create(k, ins, types, op.attrs(), op.loc(), op.stack());
    for (unsigned i = 0; i < op.numResults(); ++i)
      set(op.result(i), c->result(i), localDims);
  };
  if (op.hasTrait(ir::E)) {
    for (ir::Value *v : op.operands())
      if (v->type().shape != rt.shape)
        return lowerGeneric(op);
    for (auto &r : op.results())
      if (r->type().shape != rt.shape)
        return lowerGeneric(op);
    std::vector<ir::Value *> ins;
    for (ir::Value *v : op.operands())
      ins.push_back(get(v, rd));
    return emit(ins, rd);
  }
  switch (k) {
  case K::Iota:
    return set(op.result(0), iota(op, rd), rd);
  case K::BroadcastInDim:
    return set(op.result(0), broadcast(op, rd), rd);
  case K::Transpose: {
    const auto &perm = op.attrs().getInts("perm");
    Dims want(perm.size());
    for (size_t i = 0; i < perm.size(); ++i)
      want[size_t(perm[i])] = rd[i];
    return emit({get(op.operand(0), want)}, rd);
  }
  case K::Reshape: {
    const TensorType &in = op.operand(0)->type();
    if (in.shape == rt.shape) // reshard's identity reshape: no op per device
      return set(op.result(0), get(op.operand(0), rd), rd);
    // A split on the leading dim that the reshape leaves in place.
    bool lead = !in.shape.empty() && !rt.shape.empty() && in.shape[0] == rt.shape[0];
    for (size_t i = 1; lead && i < rd.size(); ++i)
      lead = rd[i].empty();
    if (lead && !rd[0].empty())
      return emit({get(op.operand(0), Dims{rd[0]})}, rd);
    return lowerGeneric(op);
  }
  case K::ReduceSum:
  case K::ReduceMax:
  case K::ReduceMin: {
    const auto &axes = op.attrs().getInts("axes");
    Dims in = map_.count(op.operand(0)) ? map_[op.operand(0)].dims : Dims{};
    in.resize(size_t(op.operand(0)->type().rank()));
    std::vector<std::string> over;
    Dims keep;
    for (size_t d = 0; d < in.size(); ++d) {
      if (std::find(axes.begin(), axes.end(), int64_t(d)) != axes.end())
        over.insert(over.end(), in[d].begin(), in[d].end());
      else
        keep.push_back(in[d]);
    }
    ir::Value *x = get(op.operand(0), in);
    ir::Value *r = op1(k, {x}, localType(rt, keep), op.attrs());
    if (!over.empty())
      r = allReduce(k == K::ReduceSum ? K::Psum : k == K::ReduceMax ? K::Pmax : K::Pmin, r,
                    over);
    return set(op.result(0), r, keep);
  }
  case K::DotGeneral: {
    auto ints = [&](const char *n) {
      return op.attrs().has(n) ? op.attrs().getInts(n) : std::vector<int64_t>{};
    };
    auto lb = ints("lhs_batch"), rb = ints("rhs_batch"), lc = ints("lhs_contract"),
         rc = ints("rhs_contract");
    const TensorType &lt = op.operand(0)->type(), &rtp = op.operand(1)->type();
    auto have = [&](const ir::Value *v) {
      Dims d = map_.count(v) ? map_[v].dims : Dims{};
      d.resize(size_t(v->type().rank()));
      return d;
    };
    Dims fl = have(op.operand(0)), fr = have(op.operand(1));
    Dims wl(size_t(lt.rank())), wr(size_t(rtp.rank()));
    std::vector<std::string> partial;
    for (size_t i = 0; i < lc.size(); ++i)
      if (!fl[size_t(lc[i])].empty() && fl[size_t(lc[i])] == fr[size_t(rc[i])]) {
        wl[size_t(lc[i])] = wr[size_t(rc[i])] = fl[size_t(lc[i])];
        partial.insert(partial.end(), fl[size_t(lc[i])].begin(), fl[size_t(lc[i])].end());
      }
    auto usable = [&](std::vector<std::string> axes) {
      for (const auto &a : axes)
        if (std::find(partial.begin(), partial.end(), a) != partial.end())
          return std::vector<std::string>{};
      return axes;
    };
    // Result dims: batch, lhs free, rhs free.
    Dims local;
    size_t ri = 0;
    for (size_t i = 0; i < lb.size(); ++i, ++ri) {
      auto a = usable(rd[ri]);
      wl[size_t(lb[i])] = wr[size_t(rb[i])] = a;
      local.push_back(a);
    }
    auto freeDims = [&](const TensorType &t, const std::vector<int64_t> &bd,
                        const std::vector<int64_t> &cd, Dims &w) {
      for (int64_t d = 0; d < t.rank(); ++d)
        if (std::find(bd.begin(), bd.end(), d) == bd.end() &&
            std::find(cd.begin(), cd.end(), d) == cd.end()) {
          auto a = usable(rd[ri++]);
          w[size_t(d)] = a;
          local.push_back(a);
        }
    };
    freeDims(lt, lb, lc, wl);
    freeDims(rtp, rb, rc, wr);
    ir::Value *l = get(op.operand(0), wl), *r = get(op.operand(1), wr);
    ir::Value *x = op1(k, {l, r}, localType(rt, local), op.attrs());
    if (!partial.empty())
      x = allReduce(K::Psum, x, partial);
    return set(op.result(0), x, local);
  }
  default:
    return lowerGeneric(op);
  }
}

std::shared_ptr<ir::Module> Partitioner::run() {
  if (src_->funcs().size() != 1)
    throw Unsupported{};
  ir::Func &f = *src_->funcs()[0];
  bool refuse = false;
  f.walk([&](ir::Operation *o) {
    refuse |= o->kind() == ir::OpKind::Pmap || o->hasTrait(ir::S) || o->hasTrait(ir::C);
  });
  if (refuse)
    throw Unsupported{};
  ir::Operation *ret = f.entry().terminator();
  if (!ret || ret->kind() != ir::OpKind::Return)
    throw Unsupported{};
  loc_ = ret->loc();
  stack_ = ret->stack();
  auto out = std::make_shared<ir::Module>();
  ir::Func &g = out->addFunc(f.name());

  // Entry: a split argument comes in as its per-device blocks, one function
  // argument per device (the pmap's parted operand: device d reads its own
  // shard, nothing is stacked or cut); the others are read in place by
  // every device.
  std::vector<ir::Value *> pmIns;
  std::vector<int64_t> inAxes, partedIn;
  std::vector<Dims> argDims;
  layout.devices = n_;
  layout.splitArg.clear();
  layout.results.clear();
  for (auto &a : f.entry().arguments()) {
    Dims d = dimsOf(a.get());
    argDims.push_back(d);
    bool split = false;
    for (auto &axes : d)
      split |= !axes.empty();
    layout.splitArg.push_back(split);
    if (!split) {
      pmIns.push_back(g.entry().addArgument(a->type()));
      inAxes.push_back(-1);
      partedIn.push_back(0);
      continue;
    }
    TensorType lt = localType(a->type(), d);
    for (int64_t p = 0; p < n_; ++p)
      pmIns.push_back(g.entry().addArgument(lt));
    inAxes.push_back(0);
    partedIn.push_back(1);
  }
  ir::Builder top(&g.entry());
  ir::Operation *pm = top.create(ir::OpKind::Pmap, pmIns, {},
                                 ir::Attrs{{"axis_name", std::string(kAxis)},
                                           {"axis_size", n_},
                                           {"in_axes", inAxes},
                                           {"parted_in", partedIn},
                                           {"parted_out", int64_t(1)}},
                                 loc_, stack_);
  ir::Block *body = &pm->region(0).front();
  b_ = ir::Builder(body);
  for (size_t i = 0; i < f.entry().numArguments(); ++i) {
    const ir::Value *a = f.entry().argument(unsigned(i));
    bool split = layout.splitArg[i];
    TensorType t = split ? localType(a->type(), argDims[i]) : a->type();
    map_[a] = Local{body->addArgument(t), split ? argDims[i] : Dims(size_t(t.rank()))};
  }
  deviceIndex_ = op1(ir::OpKind::AxisIndex, {}, scalarI32(), ir::Attrs{{"axis_name", std::string(kAxis)}});
  for (auto &o : f.entry().operations())
    if (o.get() != ret)
      lowerOp(*o);

  // Results: each device's block stays that device's (the pmap's parted
  // results; no reassembly): result k of device d is program result
  // k * n + d.
  std::vector<ir::Value *> ys;
  std::vector<int64_t> outAxes;
  for (ir::Value *v : ret->operands()) {
    Dims d = dimsOf(v);
    ys.push_back(get(v, d));
    bool split = false;
    for (auto &axes : d)
      split |= !axes.empty();
    outAxes.push_back(split ? 0 : -1);
    layout.results.push_back(v->type());
  }
  for (ir::Value *y : ys)
    for (int64_t p = 0; p < n_; ++p)
      pm->addResult(y->type());
  pm->attrs().set("out_axes", outAxes);
  b_.create(ir::OpKind::Yield, ys, {}, {}, loc_, stack_);

  std::vector<ir::Value *> rets;
  for (unsigned i = 0; i < pm->numResults(); ++i)
    rets.push_back(pm->result(i));
  ir::Builder(&g.entry()).create(ir::OpKind::Return, rets, {}, {}, loc_, stack_);
  return out;
}

} // namespace

std::shared_ptr<ir::Module> partitionModule(const Sharding &mesh,
                                            const std::shared_ptr<ir::Module> &src,
                                            const std::map<const ir::Value *, Dims> &given,
                                            DeviceLayout &layout) {
  try {
    Partitioner p(mesh, src);
    p.given = given;
    std::shared_ptr<ir::Module> m = p.run();
    layout = p.layout;
    return m;
  } catch (Unsupported &) {
    throw PartitionUnsupported{};
  }
}

namespace {
struct KeptLayout {
  std::weak_ptr<ir::Module> module;
  DeviceLayout layout;
};
std::map<const ir::Module *, KeptLayout> &layouts() {
  static std::map<const ir::Module *, KeptLayout> m;
  return m;
}
void keepLayout(const std::shared_ptr<ir::Module> &m, DeviceLayout layout) {
  auto &t = layouts();
  for (auto it = t.begin(); it != t.end();)
    it = it->second.module.expired() ? t.erase(it) : std::next(it);
  t[m.get()] = KeptLayout{m, std::move(layout)};
}
} // namespace

const DeviceLayout *deviceLayout(const ir::Module *m) {
  auto it = layouts().find(m);
  if (it == layouts().end() || it->second.module.expired())
    return nullptr;
  return &it->second.layout;
}

std::vector<Array> layoutInputs(const DeviceLayout &layout, const std::vector<Value> &args) {
  std::vector<Array> in;
  for (size_t i = 0; i < args.size(); ++i) {
    const Value &a = args[i];
    ShardingPtr s = i < layout.splitArg.size() && layout.splitArg[i] ? shardingOf(a) : nullptr;
    if (s) {
      std::vector<Array> blocks = deviceBlocks(a, *s);
      in.insert(in.end(), blocks.begin(), blocks.end());
    } else if (a.isArray()) {
      in.push_back(a.asArray());
    } else {
      in.push_back(prims::scalarAs(a, abstractType(a).dtype, abstractType(a).weak).asArray());
    }
  }
  return in;
}

std::vector<Value> layoutResults(const DeviceLayout &layout, std::vector<Value> parts,
                                 const std::vector<ShardingPtr> &shardings) {
  std::vector<Value> out;
  size_t n = size_t(layout.devices);
  for (size_t k = 0; k < layout.results.size() && (k + 1) * n <= parts.size(); ++k) {
    ShardingPtr s = k < shardings.size() ? shardings[k] : nullptr;
    const Value &first = parts[k * n];
    if (first.isTracer()) { // parax check: abstract values of the global type
      Value r = makeAbstract(layout.results[k], first.asTracer().abstractOf);
      if (s)
        setTracerSharding(r, s);
      out.push_back(r);
      continue;
    }
    if (s && !s->replicated()) {
      std::vector<Array> shards;
      for (size_t d = 0; d < n; ++d)
        shards.push_back(parts[k * n + d].asArray());
      out.push_back(perDeviceArray(layout.results[k], std::move(shards), s));
      continue;
    }
    // Replicated: one buffer read by every device (device 0's).
    Value r = Value::array(first.asArray().withWeak(layout.results[k].weak));
    out.push_back(s ? shardedArray(r, s) : r);
  }
  return out;
}

int64_t meshSize(const Sharding &mesh) { return prod(mesh.axisSizes); }

namespace {
/// The mesh a program's split arguments share, or null (nothing to split,
/// or several meshes).
ShardingPtr argumentMesh(const TraceProgram &prog, int numDevices) {
  if (prog.module->funcs().size() != 1)
    return nullptr;
  ShardingPtr mesh;
  for (auto &a : prog.module->funcs()[0]->entry().arguments()) {
    ShardingPtr s = shardingOfIr(a.get(), prog.module);
    if (!s || s->replicated())
      continue;
    if (mesh && (mesh->axisNames != s->axisNames || mesh->axisSizes != s->axisSizes))
      return nullptr;
    mesh = s;
  }
  // A program that makes split arrays from unsplit arguments (creation
  // with out_sharding=) runs per device too.
  ir::Operation *ret = prog.module->funcs()[0]->entry().terminator();
  if (ret)
    for (ir::Value *v : ret->operands()) {
      ShardingPtr s = shardingOfIr(v, prog.module);
      if (!s || s->replicated())
        continue;
      if (mesh && (mesh->axisNames != s->axisNames || mesh->axisSizes != s->axisSizes))
        return nullptr;
      mesh = s;
    }
  if (!mesh)
    return nullptr;
  int64_t n = prod(mesh->axisSizes);
  if (n < 2 || n > numDevices)
    return nullptr;
  return mesh;
}

void partition(Evaluator &ev, TraceProgram &prog) {
  if (std::getenv("PARAX_NO_SPMD"))
    return;
  ShardingPtr mesh = argumentMesh(prog, ev.options().numDevices);
  if (!mesh)
    return;
  try {
    Partitioner p(*mesh, prog.module);
    std::shared_ptr<ir::Module> local = p.run();
    std::vector<std::string> problems = ir::verifyModule(*local);
    if (!problems.empty()) {
      // A case the pass does not cover: the global program runs.
      if (std::getenv("PARAX_DEBUG_SPMD"))
        ev.options().dumpSink("spmd: " + prog.what + " stays global: " + problems[0] + "\n");
      return;
    }
    if (std::getenv("PARAX_DEBUG_SPMD"))
      ev.options().dumpSink("spmd: " + prog.what + " runs per device\n");
    keepTracedModule(prog, prog.module); // Python tracers may still point into it
    keepLayout(local, p.layout);
    prog.module = local;
  } catch (Unsupported &) {
    if (std::getenv("PARAX_DEBUG_SPMD"))
      ev.options().dumpSink("spmd: " + prog.what + " stays global\n");
  }
}
} // namespace

bool programInputs(const TraceProgram &prog, const std::vector<Value> &args,
                   std::vector<Array> &in) {
  const DeviceLayout *l = deviceLayout(prog.module.get());
  if (!l)
    return false;
  in = layoutInputs(*l, args);
  return true;
}

void installPartition() {
  shardingHooks().partition = partition;
  shardingHooks().eager = runEagerPerDevice;
  shardingHooks().inputs = programInputs;
}

} // namespace parax::frontend::sharding
