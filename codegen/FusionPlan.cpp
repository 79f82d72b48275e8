//===- FusionPlan.cpp - which values get buffers, and when they die -------===//
//
// Algorithm:
//  1. Representation, decided on demand with memoisation (operands first):
//     rank-0 -> Scalar; non-fusible kinds -> Buffer; a constant is Lazy when
//     it is a splat, else Buffer; a fusible value is Lazy when it is cheap
//     (an index-only op whose data operand is stored, scalar or cheap) or
//     when all its uses are by one op of its own block that fuses that
//     operand slot; otherwise Buffer.
//  2. Ownership: materialised op results hold a reference; so do the carry
//     arguments of loop bodies. Function arguments, constants, scan x-slices,
//     pmap shards and cond/while-cond arguments are borrowed.
//  3. Liveness per block: the effective uses of a value are its users mapped
//     to their ancestor op in the block, except that a lazy user contributes
//     its own effective uses. The reference dies after the last of them
//     (at the terminator, on block entry when unused).
//  4. As an ir::StorageModel it also tells the memory planner what the
//     emitter does beyond that: which ops call runtime kernels, scratch
//     buffers, in-place updates, constants passed by table.
//
//===----------------------------------------------------------------------===//
#include "codegen/FusionPlan.h"
#include "codegen/DotLayout.h"
#include "codegen/EmitLLVM.h"
#include "ir/Diagnostics.h"
#include "ir/DotOperandView.h"
#include "ir/OpRules.h"

#include <algorithm>
#include <cstring>
#include <unordered_set>

namespace parax::codegen {

using ir::OpKind;

namespace {
const std::vector<const ir::Value *> kNone;

bool isIndexOnly(OpKind k) {
  switch (k) {
  case OpKind::Iota:
  case OpKind::Reshape:
  case OpKind::BroadcastInDim:
  case OpKind::Transpose:
  case OpKind::Slice:
  case OpKind::Rev:
  case OpKind::DynamicSlice:
    return true;
  default:
    return false;
  }
}

/// reduce_* and argmax/argmin (ir/ops/Reductions.def): loops over their
/// operand that the emitter writes itself.
bool isReduceOrArg(OpKind k) {
  ir::ReduceFamily f = ir::reduceFamily(k);
  return f == ir::ReduceFamily::Reduce || f == ir::ReduceFamily::Arg;
}

bool isSplat(const Array &a) {
  if (a.size() <= 1)
    return true;
  size_t w = size_t(dtypeSize(a.dtype()));
  const char *p = static_cast<const char *>(a.raw());
  for (int64_t i = 1; i < a.size(); ++i)
    if (std::memcmp(p, p + size_t(i) * w, w) != 0)
      return false;
  return true;
}

/// The op of `b` that contains `user` (itself when it is in `b`).
const ir::Operation *ancestorIn(const ir::Block &b, const ir::Operation *user) {
  const ir::Operation *cur = user;
  while (cur && cur->parentBlock() != &b)
    cur = cur->parentOp();
  return cur;
}
} // namespace

bool FusionPlan::isFusibleKind(OpKind k) {
  if (ir::hasTrait(k, ir::E))
    return true;
  switch (k) {
  case OpKind::Iota:
  case OpKind::Reshape:
  case OpKind::BroadcastInDim:
  case OpKind::Transpose:
  case OpKind::Slice:
  case OpKind::Rev:
  case OpKind::DynamicSlice:
  case OpKind::Pad:
  case OpKind::Concatenate:
  case OpKind::Take:
    return true;
  default:
    return false;
  }
}

bool FusionPlan::fusesOperand(const ir::Operation &op, unsigned slot) {
  OpKind k = op.kind();
  if (op.hasTrait(ir::E))
    return true;
  switch (k) {
  case OpKind::Reshape:
  case OpKind::Transpose:
  case OpKind::Rev:
  case OpKind::Slice:
  case OpKind::Pad:
  case OpKind::Concatenate:
  case OpKind::Yield:
  case OpKind::Return:
    return true;
  case OpKind::DynamicSlice:
    return slot == 0;
  case OpKind::BroadcastInDim:
    return op.operand(0)->type().numElements() ==
           op.result()->type().numElements();
  case OpKind::DynamicUpdateSlice:
    return slot == 1;
  default:
    return isReduceOrArg(k);
  }
}

FusionPlan::FusionPlan(const ir::Func &entry, bool gpu)
    : gpu_(gpu), entryBlock_(&entry.entry()) {
  planBlock(entry.entry(), false);
  liveness(entry.entry());
}

Repr FusionPlan::repr(const ir::Value *v) const {
  auto it = repr_.find(v);
  PARAX_ASSERT(it != repr_.end()) << "value without a representation";
  return it->second;
}

bool FusionPlan::holdsRef(const ir::Value *v) const {
  auto it = holds_.find(v);
  return it != holds_.end() && it->second;
}

bool FusionPlan::cheap(const ir::Value *v) const {
  auto it = cheap_.find(v);
  return it != cheap_.end() && it->second;
}

bool FusionPlan::decideCheap(const ir::Value *v) {
  auto it = cheap_.find(v);
  if (it != cheap_.end())
    return it->second;
  bool c = false;
  const ir::Operation *op = v->definingOp();
  if (op && op->kind() == OpKind::Constant)
    c = isSplat(op->attrs().getArray("value"));
  else if (op && isIndexOnly(op->kind())) {
    if (op->kind() == OpKind::Iota) {
      c = true;
    } else {
      const ir::Value *data = op->operand(0);
      Repr r = decide(data);
      c = r != Repr::Lazy || decideCheap(data);
    }
  }
  cheap_[v] = c;
  return c;
}

bool FusionPlan::hostScalar(const ir::Value *v) {
  const ir::Operation *op = v->definingOp();
  if (!gpu_ || !op || op->numRegions())
    return true; // arguments, loop carries, control flow's results
  // What a loop carry, a predicate or a region's operand receives is the
  // host's (carries are phis); only the program's own results may be
  // one-element buffers.
  for (const ir::Operation *u : v->users())
    if (u->numRegions() ||
        (u->hasTrait(ir::T) && u->parentBlock() != entryBlock_))
      return true;
  if (isReduceOrArg(op->kind()))
    return false;
  if (!isFusibleKind(op->kind()) || op->kind() == OpKind::Constant)
    return true;
  // Elementwise math: on the device when an operand is there already.
  for (const ir::Value *o : op->operands())
    if (decide(o) != Repr::Scalar)
      return false;
  return true;
}

Repr FusionPlan::decide(const ir::Value *v) {
  auto it = repr_.find(v);
  if (it != repr_.end())
    return it->second;
  Repr r = Repr::Buffer;
  const ir::Operation *op = v->definingOp();
  if (v->type().rank() == 0 && hostScalar(v)) {
    r = Repr::Scalar;
  } else if (!op) {
    r = Repr::Buffer;
  } else if (op->kind() == OpKind::Constant) {
    // A splat is Lazy (a register in the loops that read it), except where
    // a dot reads it: a dot needs a buffer, and a lazy one is filled at
    // each use (twice a step in an RNN's scan body); the constant's own
    // data, passed by table, costs nothing.
    bool readByDot = false;
    for (const ir::Operation *u : v->users())
      readByDot |= u->kind() == OpKind::DotGeneral;
    r = decideCheap(v) && !readByDot ? Repr::Lazy : Repr::Buffer;
  } else if (isFusibleKind(op->kind())) {
    // Operands first (cheapness looks at them).
    for (const ir::Value *o : op->operands())
      decide(o);
    if (decideCheap(v)) {
      r = Repr::Lazy;
    } else {
      const ir::Operation *user = nullptr;
      bool ok = !v->users().empty();
      for (const ir::Operation *u : v->users()) {
        if (user && u != user)
          ok = false;
        user = u;
      }
      if (ok && user->parentBlock() != op->parentBlock())
        ok = false;
      if (ok)
        for (unsigned s = 0; s < user->numOperands(); ++s)
          if (user->operand(s) == v && !fusesOperand(*user, s))
            ok = false;
      r = ok ? Repr::Lazy : Repr::Buffer;
    }
  }
  repr_[v] = r;
  return r;
}

void FusionPlan::planBlock(const ir::Block &b, bool argsOwned) {
  for (auto &a : b.arguments()) {
    decide(a.get());
    holds_[a.get()] = argsOwned && repr_[a.get()] == Repr::Buffer;
  }
  for (auto &opPtr : b.operations()) {
    const ir::Operation &op = *opPtr;
    for (auto &r : op.results()) {
      Repr rp = decide(r.get());
      holds_[r.get()] = rp == Repr::Buffer && op.kind() != OpKind::Constant;
    }
    switch (op.kind()) {
    case OpKind::ForiLoop:
      planBlock(op.region(0).front(), true);
      break;
    case OpKind::Scan: {
      const ir::Block &body = op.region(0).front();
      planBlock(body, true);
      // The x-slices are views into the scanned operands.
      size_t nCarry = size_t(op.attrs().getInt("num_carry"));
      for (unsigned i = unsigned(nCarry); i < body.numArguments(); ++i)
        holds_[body.argument(i)] = false;
      break;
    }
    case OpKind::While:
      planBlock(op.region(0).front(), false);
      planBlock(op.region(1).front(), true);
      break;
    default:
      for (unsigned i = 0; i < op.numRegions(); ++i)
        planBlock(op.region(i).front(), false);
      break;
    }
  }
}

void FusionPlan::effectiveUses(const ir::Block &b, const ir::Value *v,
                               std::vector<const ir::Operation *> &out) {
  std::unordered_set<const ir::Operation *> seen;
  for (const ir::Operation *u : v->users()) {
    if (!seen.insert(u).second)
      continue;
    const ir::Operation *a = ancestorIn(b, u);
    if (!a)
      continue;
    if (a == u && !u->hasTrait(ir::T)) {
      // A lazy result reads `v` wherever it is finally computed; any other
      // result reads it here.
      bool here = u->numResults() == 0;
      for (auto &r : u->results()) {
        if (repr(r.get()) == Repr::Lazy)
          effectiveUses(b, r.get(), out);
        else
          here = true;
      }
      if (!here)
        continue;
    }
    out.push_back(a);
  }
}

void FusionPlan::liveness(const ir::Block &b) {
  std::unordered_map<const ir::Operation *, size_t> index;
  size_t i = 0;
  for (auto &op : b.operations())
    index[op.get()] = i++;
  auto place = [&](const ir::Value *v, const ir::Operation *def) {
    if (!holdsRef(v))
      return;
    std::vector<const ir::Operation *> uses;
    effectiveUses(b, v, uses);
    const ir::Operation *last = nullptr;
    for (const ir::Operation *u : uses)
      if (!last || index[u] > index[last])
        last = u;
    if (!last) {
      if (def)
        after_[def].push_back(v);
      else
        entry_[&b].push_back(v);
    } else if (last->hasTrait(ir::T)) {
      term_[&b].push_back(v);
    } else {
      after_[last].push_back(v);
    }
  };
  for (auto &a : b.arguments())
    place(a.get(), nullptr);
  for (auto &op : b.operations()) {
    for (auto &r : op->results())
      place(r.get(), op.get());
    for (unsigned k = 0; k < op->numRegions(); ++k)
      liveness(op->region(k).front());
  }
}

const std::vector<const ir::Value *> &
FusionPlan::releaseAfter(const ir::Operation *op) const {
  auto it = after_.find(op);
  return it == after_.end() ? kNone : it->second;
}

const std::vector<const ir::Value *> &
FusionPlan::releaseAtEntry(const ir::Block *b) const {
  auto it = entry_.find(b);
  return it == entry_.end() ? kNone : it->second;
}

const std::vector<const ir::Value *> &
FusionPlan::releaseAtTerminator(const ir::Block *b) const {
  auto it = term_.find(b);
  return it == term_.end() ? kNone : it->second;
}

//===----------------------------------------------------------------------===//
// The emitter's storage decisions (ir::StorageModel)
//===----------------------------------------------------------------------===//
namespace {
/// Whether computing `v` lazily reads the buffer of `x`.
bool lazilyReads(const FusionPlan &plan, const ir::Value *v,
                 const ir::Value *x) {
  if (v == x)
    return true;
  if (plan.repr(v) != Repr::Lazy)
    return false;
  for (const ir::Value *o : v->definingOp()->operands())
    if (lazilyReads(plan, o, x))
      return true;
  return false;
}
} // namespace

bool FusionPlan::mayUpdateInPlace(const ir::Operation &op) const {
  if (op.kind() != OpKind::DynamicUpdateSlice ||
      repr(op.result()) == Repr::Scalar)
    return false;
  const ir::Value *x = op.operand(0);
  const auto &dying = releaseAfter(&op);
  if (repr(x) != Repr::Buffer || !holdsRef(x) ||
      std::find(dying.begin(), dying.end(), x) == dying.end() ||
      lazilyReads(*this, op.operand(1), x))
    return false;
  for (unsigned i = 2; i < op.numOperands(); ++i)
    if (op.operand(i) == x)
      return false;
  return true;
}

namespace {
/// Carries up to this size are recycled: bigger ones would keep a spare
/// alive through the body's temporaries, and their allocation is cheap next
/// to the work of an iteration.
constexpr int64_t kRecycledCarryBytes = int64_t(1) << 16;

/// Whether every use of buffer `v` (or of a lazy reshape aliasing it) only
/// reads it inside `body`: compiled elementwise, reduction or dot code,
/// never a terminator, region, runtime call or in-place update that could
/// keep or hand on the pointer.
bool onlyRead(const FusionPlan &plan, const ir::Value *v,
              const ir::Block &body) {
  for (const ir::Operation *u : v->users()) {
    if (u->parentBlock() != &body || u->hasTrait(ir::T) || u->numRegions())
      return false;
    if (u->kind() == OpKind::Reshape && plan.repr(u->result()) == Repr::Lazy) {
      if (!onlyRead(plan, u->result(), body))
        return false;
      continue;
    }
    bool compiled = FusionPlan::isFusibleKind(u->kind()) ||
                    (isReduceOrArg(u->kind()) && !plan.f64RunsKernel(*u)) ||
                    (u->kind() == OpKind::DotGeneral &&
                     !plan.f64RunsKernel(*u) && !plan.dotRunsKernel(*u));
    if (!compiled || plan.runsRuntimeKernel(*u))
      return false;
  }
  return true;
}
} // namespace

bool FusionPlan::recyclesCarry(const ir::Operation &loop, unsigned k) const {
  if (loop.kind() != OpKind::ForiLoop && loop.kind() != OpKind::Scan)
    return false;
  const ir::Block &body = loop.region(0).front();
  unsigned argNo = loop.kind() == OpKind::ForiLoop ? k + 1 : k;
  if (argNo >= body.numArguments() || k >= body.terminator()->numOperands())
    return false;
  const ir::Value *arg = body.argument(argNo);
  const ir::Value *y = body.terminator()->operand(k);
  if (repr(arg) != Repr::Buffer || !holdsRef(arg) ||
      arg->type().byteSize() > kRecycledCarryBytes)
    return false;
  // The yield is computed (not a reshape of a stored value): it can be
  // written into any buffer.
  const ir::Value *root = y;
  while (repr(root) == Repr::Lazy && root->definingOp() &&
         root->definingOp()->kind() == OpKind::Reshape)
    root = root->definingOp()->operand(0);
  if (repr(y) != Repr::Lazy || repr(root) != Repr::Lazy)
    return false;
  return onlyRead(*this, arg, body);
}

bool FusionPlan::dotRunsKernel(const ir::Operation &op) const {
  const Shape &ls = op.operand(0)->type().shape,
              &rs = op.operand(1)->type().shape;
  const auto &lb = op.attrs().getInts("lhs_batch");
  const auto &rb = op.attrs().getInts("rhs_batch");
  const auto &lc = op.attrs().getInts("lhs_contract");
  const auto &rc = op.attrs().getInts("rhs_contract");
  auto freeCount = [](const Shape &s, const std::vector<int64_t> &bd,
                      const std::vector<int64_t> &cd) {
    int64_t n = 1;
    for (int64_t i = 0; i < int64_t(s.size()); ++i)
      if (std::find(bd.begin(), bd.end(), i) == bd.end() &&
          std::find(cd.begin(), cd.end(), i) == cd.end())
        n *= s[size_t(i)];
    return n;
  };
  int64_t Mn = freeCount(ls, lb, lc), Nn = freeCount(rs, rb, rc), Kn = 1;
  for (int64_t i : lc)
    Kn *= ls[size_t(i)];
  // From 8 rows (the AVX-512 micro-kernel's height) and 2^17 multiply-adds
  // the runtime GEMM beats the compiled loops, call included: an RNN cell's
  // 8 x 256 x 256 runs 5% faster, a data-parallel MLP step's layers 30%,
  // and the module LLVM compiles is 25-30% shorter (docs/speed.md).
  return isFloat(op.operand(0)->type().dtype) && Mn >= 8 && Nn >= 16 &&
         Mn * Nn * Kn >= (int64_t(1) << 17);
}


ir::StorageModel::Storage FusionPlan::storage(const ir::Value *v) const {
  switch (repr(v)) {
  case Repr::Scalar:
    return Storage::Scalar;
  case Repr::Lazy:
    return Storage::Lazy;
  case Repr::Buffer:
    break;
  }
  return Storage::Buffer;
}

bool FusionPlan::f64RunsKernel(const ir::Operation &op) const {
  // (reduce_and/or never see float64: the verifier's dtype class.)
  if (op.kind() != OpKind::DotGeneral && (gpu_ || !isReduceOrArg(op.kind())))
    return false;
  return op.numOperands() > 0 && op.operand(0)->type().dtype == DType::F64;
}

bool FusionPlan::runsRuntimeKernel(const ir::Operation &op) const {
  if (f64RunsKernel(op))
    return true;
  switch (op.kind()) {
  case OpKind::Constant:
  case OpKind::DynamicUpdateSlice:
  case OpKind::ForiLoop:
  case OpKind::Scan:
  case OpKind::While:
  case OpKind::Cond:
  case OpKind::Pmap:
  case OpKind::DebugPrint:
  case OpKind::DebugBreakpoint:
    return false;
  case OpKind::DotGeneral:
    return dotRunsKernel(op);
  default:
    // Reductions and collectives have their own emitters.
    return !isReduceOrArg(op.kind()) && !ir::hasTrait(op.kind(), ir::C) &&
           !isFusibleKind(op.kind());
  }
}

int64_t FusionPlan::scratchBytes(const ir::Operation &op) const {
  if (op.kind() != OpKind::DotGeneral)
    return 0;
  const TensorType &rt = op.result()->type();
  DType d = op.operand(0)->type().dtype;
  bool fl = isFloat(d);
  if (dotRunsKernel(op) || f64RunsKernel(op))
    return ir::dotKernelScratchBytes(op);
  // The compiled float32 loops may first copy the rhs (DotLayout.h).
  if (int64_t b = analyzeDotLayout(op, [&](const ir::Value *v) {
                    return repr(v);
                  }).scratchBytes())
    return b;
  // emitDot accumulates float16/bfloat16 products, and a rank-0 result,
  // in a scratch buffer of the result's shape.
  if (repr(op.result()) == Repr::Scalar || (fl && d != DType::F32))
    return rt.numElements() * dtypeSize(fl ? DType::F32 : d);
  return 0;
}

bool FusionPlan::constantInTable(const ir::Operation &constant) const {
  return constant.attrs().getArray("value").size() > kMaxEmbeddedConstant;
}

} // namespace parax::codegen
