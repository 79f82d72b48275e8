//===- Emitter.h - state shared by the Emit*.cpp files ----------*- C++ -*-===//
//
// Internal to codegen/. The Emitter walks a function's blocks in order and
// keeps, for every SSA value, its CgValue: a register (Scalar), a data
// pointer (Buffer) or nothing (Lazy: `elem` recomputes an element from the
// value's operands at an Index). Loop nests, runtime calls and reference
// counting helpers live here too; the per-op-family lowering is split over
// EmitElementwise.cpp (element generators, materialisation, shape ops),
// EmitMath.cpp (scalar float/int semantics), EmitReduce.cpp (reductions,
// dot), EmitControlFlow.cpp (loops, cond) and EmitCollectives.cpp (pmap,
// collectives, debug print, runtime-kernel fallback).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/EmitLLVM.h"
#include "codegen/EmitPTX.h"
#include "codegen/FusionPlan.h"
#include "codegen/LLVMHeaders.h"

#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace parax::codegen {

/// A value during emission.
struct CgValue {
  Repr repr = Repr::Lazy;
  llvm::Value *scalar = nullptr; ///< Scalar: the element (storage type).
  llvm::Value *ptr = nullptr;    ///< Buffer: the data pointer.
  /// Buffer pointing into another buffer (scan x-slices, pmap shards): never
  /// retained or released, copied when it escapes through a terminator.
  bool view = false;
};

/// A position inside an array of `shape`: per-dimension indices and/or the
/// row-major linear index (each derived from the other on demand), plus the
/// elements already computed at this position (so `x * x` of a lazy `x`
/// computes it once).
struct Index {
  Shape shape;
  std::vector<llvm::Value *> dims; ///< Empty until known (rank > 0).
  llvm::Value *linear = nullptr;
  std::unordered_map<const ir::Value *, llvm::Value *> memo;
};

/// GPU mode (codegen/EmitPTX.cpp): the same lowering, with the code that
/// touches array elements marked as kernel regions to be outlined.
using KernelKind = GpuKernelKind;
struct KernelRegion {
  llvm::Function *fn = nullptr;
  llvm::BasicBlock *begin = nullptr; ///< dominates the region
  std::vector<llvm::BasicBlock *> blocks;
  KernelKind kind = KernelKind::Grid;
  int64_t elements = 0; ///< Grid: the loop's trip count
  std::string op;       ///< the op it lowers (for reports)
  /// The host branch into `begin`: buffers a region allocates are allocated
  /// before it (the allocation is a host call), and those it releases are
  /// released after the region.
  llvm::Instruction *entry = nullptr;
  std::vector<llvm::Value *> deferredReleases;
  /// CPU parallel loops (EmitParallelCpu.cpp): the region is a loop over
  /// [lo, hi) of [0, n); lo and hi are placeholders defined in front of the
  /// region, which become the chunk bounds of parax_rt_parallel_for.
  bool cpuParallel = false;
  llvm::Instruction *lo = nullptr, *hi = nullptr;
  llvm::Value *ctx = nullptr;
  int64_t n = 0, grain = 0;
};

class Emitter;
/// Outlines the CPU parallel loops parallelLoop marked (EmitParallelCpu.cpp).
void outlineParallelLoops(Emitter &e);

class Emitter {
public:
  Emitter(llvm::LLVMContext &c, llvm::Module &m, const FusionPlan &plan,
          ProgramInfo &info);

  /// Emits `parax_main` for the entry function.
  void emitEntry(const ir::Func &f);

  // --- Types and constants ------------------------------------------------
  llvm::Type *elemTy(DType d);
  llvm::Type *i8() { return B.getInt8Ty(); }
  llvm::Type *i32() { return B.getInt32Ty(); }
  llvm::Type *i64() { return B.getInt64Ty(); }
  llvm::Type *f32() { return B.getFloatTy(); }
  llvm::Type *f64() { return B.getDoubleTy(); }
  llvm::PointerType *ptrTy() { return B.getPtrTy(); }
  llvm::Constant *c64(int64_t v) { return B.getInt64(uint64_t(v)); }
  llvm::Constant *c32(int32_t v) { return B.getInt32(uint32_t(v)); }
  llvm::Constant *cf(float v) { return llvm::ConstantFP::get(f32(), v); }
  /// Element `i` of `a` as an LLVM constant of elemTy(a.dtype()).
  llvm::Constant *constElem(const Array &a, int64_t i);
  /// The zero / one of a dtype in storage form.
  llvm::Value *zeroOf(DType d);

  // --- Blocks, ops, values ------------------------------------------------
  /// Emits every op of `b` except its terminator, with reference drops.
  void emitOps(const ir::Block &b);
  /// The terminator's operands as values that each own one reference (or
  /// are scalars); lazy operands are materialised (into `dests[i]` when
  /// given and non-null). Drops the references dying at the terminator.
  std::vector<CgValue> emitTerminator(const ir::Block &b,
                                      const std::vector<llvm::Value *> *dests =
                                          nullptr);
  void emitOp(const ir::Operation &op);
  void releaseValues(const std::vector<const ir::Value *> &vs);
  CgValue &val(const ir::Value *v);
  void bind(const ir::Value *v, CgValue cv) { vals_[v] = std::move(cv); }
  Repr repr(const ir::Value *v) const { return plan.repr(v); }

  // --- Elements -------------------------------------------------------------
  /// Element of `v` at `idx` (an index into v's shape), in storage form.
  llvm::Value *elem(const ir::Value *v, Index &idx);
  /// Element of result `res` of a fusible op at `idx`.
  llvm::Value *compute(const ir::Operation &op, unsigned res, Index &idx);
  llvm::Value *linearOf(Index &idx);
  const std::vector<llvm::Value *> &dimsOf(Index &idx);
  Index makeIndex(const Shape &s, std::vector<llvm::Value *> dims);
  Index makeLinearIndex(const Shape &s, llvm::Value *linear);
  /// The index into a reshape's operand (shape `to`) of the element at
  /// `idx` of its result: dim by dim where the two shapes group into runs of
  /// equal size, so a split or merge of dims costs a div/mod by that run's
  /// sizes only (none where dims carry over), not a decomposition of the
  /// whole flat index.
  Index reshapedIndex(Index &idx, const Shape &to);
  /// Computes, where a fusible op stands, the scalars its element
  /// generator needs (clamped dynamic_slice starts).
  void prepareLazy(const ir::Operation &op);
  const std::vector<llvm::Value *> &params(const ir::Operation &op);

  // --- Memory ---------------------------------------------------------------
  llvm::Value *elemPtr(DType d, llvm::Value *base, llvm::Value *linear);
  llvm::Value *load(DType d, llvm::Value *base, llvm::Value *linear);
  void store(DType d, llvm::Value *base, llvm::Value *linear, llvm::Value *v);
  /// A fresh runtime buffer for `t`; a failed allocation leaves the
  /// function through its failure exit (the error is in the context).
  llvm::Value *alloc(const TensorType &t);
  void failIfNull(llvm::Value *p);
  void retain(llvm::Value *p);
  void release(llvm::Value *p);
  /// A buffer holding `v`: its own pointer when it has one (or is a reshape
  /// of one), else a fresh materialisation (`fresh` set: release it after).
  llvm::Value *bufferOf(const ir::Value *v, bool &fresh);
  /// The stored value a lazy reshape chain aliases (`v` itself when it is
  /// stored); null when `v` is computed.
  const ir::Value *aliasRoot(const ir::Value *v);
  /// Whether `v` is (a reshape of) a view into another buffer.
  bool isView(const ir::Value *v);
  /// A fresh buffer holding `v` (one reference).
  llvm::Value *materialize(const ir::Value *v);
  /// Writes every element of `v` to `dst` (row-major, v's shape).
  void emitInto(const ir::Value *v, llvm::Value *dst);
  /// Writes every element of result `res` of fusible `op` to `dst`.
  void computeInto(const ir::Operation &op, unsigned res, llvm::Value *dst);
  /// The pointer of a stack slot holding scalar `s` of dtype `d`.
  llvm::Value *spill(DType d, llvm::Value *s);
  llvm::Value *entryAlloca(llvm::Type *t, llvm::Value *count = nullptr);
  void memcpyBytes(llvm::Value *dst, llvm::Value *src, int64_t bytes);

  // --- Loops ----------------------------------------------------------------
  /// for (iv = lo; iv < hi; ++iv) body(iv), i64 induction variable.
  void loop(llvm::Value *lo, llvm::Value *hi,
            const std::function<void(llvm::Value *)> &body);
  void loop(int64_t n, const std::function<void(llvm::Value *)> &body) {
    loop(c64(0), c64(n), body);
  }
  /// A loop carrying values: `body(iv, carries)` returns the next carries;
  /// returns the carries after the last iteration.
  std::vector<llvm::Value *> loopCarry(
      llvm::Value *lo, llvm::Value *hi, std::vector<llvm::Value *> inits,
      const std::function<std::vector<llvm::Value *>(
          llvm::Value *, const std::vector<llvm::Value *> &)> &body);
  /// At the back edge of structured loop `loop`: leaves through the failure
  /// exit with KeyboardInterrupt/TimeoutError at the loop's location when
  /// the stop word is set (one relaxed load, a branch expected not taken).
  void pollStop(const ir::Operation &loop);
  /// for (iv = lo; iv < hi; ++iv) carries = body(iv, carries), the loop of
  /// structured op `op` (fori_loop, scan), polling the stop word: each
  /// iteration, or once per chunk of iterations when `scalarBody`.
  using CountedBody = std::function<std::vector<CgValue>(
      llvm::Value *, const std::vector<CgValue> &)>;
  /// Loop-owned carries (FusionPlan::recyclesCarry): a stack slot holding
  /// the spare buffer (null when none) and a flag set once the carry is a
  /// buffer the loop made. beginRecycling sets them up in front of the loop
  /// (returns the carries' slots, null where not recycled); spareFor takes
  /// the spare for a yield (allocating when there is none); the old carry's
  /// planned release becomes "keep it as the spare" (releaseValues);
  /// endRecycling, after the loop, releases the spares.
  struct Recycled {
    llvm::Value *slot = nullptr, *owned = nullptr;
  };
  std::vector<Recycled> beginRecycling(const ir::Operation &loop,
                                       unsigned numCarries);
  llvm::Value *spareFor(const Recycled &r, const TensorType &t);
  void markOwned(const std::vector<Recycled> &rs);
  void endRecycling(const ir::Operation &loop, const std::vector<Recycled> &rs);
  void recycleRelease(const Recycled &r, llvm::Value *p);
  std::vector<CgValue> countedLoop(const ir::Operation &op, llvm::Value *lo,
                                   llvm::Value *hi,
                                   const std::vector<CgValue> &inits,
                                   bool scalarBody, const CountedBody &body);
  /// for (iv = 0; iv < n; ++iv) body(iv), split over the CPU's worker pool
  /// when n x workPerIter is large enough to pay for it (CPU mode, outside
  /// any other region); the body must only compute and store (no runtime
  /// calls), else the loop stays serial (EmitParallelCpu.cpp).
  void parallelLoop(int64_t n, int64_t workPerIter,
                    const std::function<void(llvm::Value *)> &body);
  /// Whether parallelLoop(n, workPerIter) would split the loop.
  bool splitsLoop(int64_t n, int64_t workPerIter) const;
  /// Attaches parax's loop metadata to a loop's back edge.
  void markLoop(llvm::Instruction *latchBr);
  /// Row-major loop nest over `shape`; `body` gets the full index. With
  /// `parallelOuter`, the outermost loop is a parallelLoop.
  void loopNest(const Shape &shape, const std::function<void(Index &)> &body,
                bool parallelOuter = false, int64_t workPerElem = 1);
  /// The interleave count markLoop gives loops (1: a reduction's loop sets
  /// more, for independent accumulators).
  int loopInterleave = 1;
  /// A loop over all elements of `shape` that writes `gen(idx)` into `dst`:
  /// flat when `linearOnly`, else a nest; vectorisable either way.
  void fillLoop(const Shape &shape, DType d, llvm::Value *dst, bool linearOnly,
                const std::function<llvm::Value *(Index &)> &gen);
  /// Loads emitted while a scope is set carry !noalias against stores tagged
  /// with it (destinations the loop writes are fresh memory).
  llvm::MDNode *newNoAliasScope();
  llvm::MDNode *noAliasScope() const { return noAliasScope_; }
  void setNoAliasScope(llvm::MDNode *s) { noAliasScope_ = s; }
  /// Whether elements of `v` can be computed from the linear index alone.
  bool linearOnly(const ir::Value *v);

  // --- Runtime calls --------------------------------------------------------
  llvm::FunctionCallee rt(const char *name);
  /// Calls a status-returning runtime function; branches to the failure
  /// exit when it is nonzero.
  void checkedCall(const char *name, llvm::ArrayRef<llvm::Value *> args);
  llvm::Value *ctxArg() { return rtCtx_; }
  /// Registers `op` with the runtime; returns its id.
  int32_t opId(const ir::Operation &op);
  /// Array of pointers on the stack.
  llvm::Value *ptrArray(llvm::ArrayRef<llvm::Value *> ptrs);
  /// A value as a buffer pointer for a runtime call (scalars are spilled);
  /// appends temporaries to release afterwards to `temps`.
  llvm::Value *argBuffer(const ir::Value *v, std::vector<llvm::Value *> &temps);

  // --- Per-family lowering (one file each) --------------------------------
  llvm::Value *unaryOp(ir::OpKind k, DType d, llvm::Value *x,
                       const Shape &shape, Index *idx);
  llvm::Value *binaryOp(ir::OpKind k, DType d, llvm::Value *a, llvm::Value *b);
  llvm::Value *compareOp(ir::OpKind k, DType d, llvm::Value *a, llvm::Value *b);
  llvm::Value *convertOp(DType from, DType to, llvm::Value *x);
  llvm::Value *toF32(DType d, llvm::Value *x);
  llvm::Value *fromF32(DType d, llvm::Value *f);
  /// float64 elementwise ops and conversions (EmitMath64.cpp): libm's double
  /// functions under JAX's decompositions, as runtime/KernelsLoops.inc m64.
  llvm::Value *unaryF64(ir::OpKind k, llvm::Value *x);
  llvm::Value *binaryF64(ir::OpKind k, llvm::Value *a, llvm::Value *b);
  /// `x` with a denormal float64 replaced by zero of its sign: what the
  /// CPU's flush-to-zero/denormals-are-zero modes do to operands and
  /// results, written out for targets without them (PTX has no f64 .ftz).
  llvm::Value *flushDenormalF64(llvm::Value *x);
  /// Converts to / from float64 (either side F64, from != to).
  llvm::Value *convertF64(DType from, DType to, llvm::Value *x);
  llvm::Value *roundTo(DType d, llvm::Value *f);
  std::pair<llvm::Value *, llvm::Value *>
  threefry(llvm::Value *k0, llvm::Value *k1, llvm::Value *x0, llvm::Value *x1);

  void emitReduce(const ir::Operation &op);
  void emitArgReduce(const ir::Operation &op);
  void emitDot(const ir::Operation &op);
  /// float32 dots on the CPU whose operands are (views of) buffers, in
  /// register-blocked loops that follow the operands' layout
  /// (EmitDotCpu.cpp); false, with nothing emitted, when it does not apply.
  bool emitDotBlockedF32(const ir::Operation &op);
  /// A dot_general's sizes for the tiled GPU kernel: `batch` products of
  /// [M, K] x [K, N]; per operand, whether its last dim is contracted.
  struct DotTileShape {
    int64_t batch = 1, M = 0, N = 0, K = 0;
    bool lhsKFastest = true, rhsKFastest = false;
  };
  /// An operand's element (batch, free index, k) as float32.
  using DotTileElem =
      std::function<llvm::Value *(llvm::Value *, llvm::Value *, llvm::Value *)>;
  /// GPU mode: the dot as one block per 64x64 output tile, stored to `dst`
  /// (EmitDotGpu.cpp); false, with nothing emitted, when it does not apply.
  bool emitDotTilesGpu(const std::string &opName, DType outType,
                       const DotTileShape &s, llvm::Value *dst,
                       const DotTileElem &lhsElem, const DotTileElem &rhsElem);
  /// GPU mode: a float32 dot whose operands are strided views as a call of
  /// the BLAS (parax_gpu_gemm: cuBLAS where it is loaded), `kernel()`
  /// emitted as the fallback where it is not; false, with nothing emitted,
  /// when the layout does not fit a BLAS call.
  bool emitDotBlasGpu(const ir::Operation &op, llvm::Value *dst,
                      const std::function<void()> &kernel);
  /// GPU mode: a cumulative op as a kernel over its lines, bit-identical to
  /// the runtime's (EmitCumulativeGpu.cpp); false, with nothing emitted,
  /// when it keeps the runtime kernel (float64).
  bool emitCumulativeGpu(const ir::Operation &op);
  /// GPU mode: scatter as a copy kernel and an update kernel over columns
  /// (EmitScatterGpu.cpp); false when it keeps the runtime kernel (float64).
  bool emitScatterGpu(const ir::Operation &op);
  void emitDynamicUpdateSlice(const ir::Operation &op);
  void emitFori(const ir::Operation &op);
  void emitScan(const ir::Operation &op);
  void emitWhile(const ir::Operation &op);
  void emitCond(const ir::Operation &op);
  void emitPmap(const ir::Operation &op);
  void emitCollective(const ir::Operation &op);
  void emitDebugPrint(const ir::Operation &op);
  void emitFallback(const ir::Operation &op);

  // --- Function state -------------------------------------------------------
  /// Starts a new ParaxEntryFn-shaped function `name` (sets F, args, the
  /// failure exit); `finishFunction` returns 0 from the current block.
  llvm::Function *beginFunction(const std::string &name);
  void finishFunction();
  llvm::Value *insArg() { return insArg_; }
  llvm::Value *outsArg() { return outsArg_; }
  llvm::Value *constsArg() { return constsArg_; }

  // --- GPU mode (off for the CPU backend) -----------------------------------
  bool gpu = false;
  std::vector<KernelRegion> kernelRegions;
  bool inKernelRegion() const { return regionOpen_ >= 0; }
  /// Opens a region at the insertion point (no nesting: false if one is open).
  bool beginKernelRegion(KernelKind kind, const std::string &op,
                         int64_t elements = 0);
  void endKernelRegion();
  /// Grid regions: the first index and the stride of this thread (calls the
  /// device module defines with the nvvm special registers).
  llvm::Value *gridStart();
  llvm::Value *gridStride();
  /// The op being emitted (attached to each instruction as !parax.op in GPU
  /// mode, so that host-side leftovers can be reported by op).
  unsigned opMetadataKind();
  /// emitOp in GPU mode: tags instructions with the op, and runs small
  /// reductions and arg-reductions as one single-thread kernel each (big
  /// reductions and dots open parallel regions themselves).
  void emitOpGpu(const ir::Operation &op);
  /// for (i = first; i < n; i += stride) body(i): a grid-stride loop.
  void gridLoop(int64_t n, const std::function<void(llvm::Value *)> &body);
  /// Block regions: this thread's index, the block's barrier, and the
  /// block's shared scratch (kGpuBlock slots of up to 8 bytes).
  static constexpr int64_t kGpuBlock = kGpuBlockThreads;
  llvm::Value *gpuThread();
  /// Blocks kernels: this thread's block index (ctaid.x).
  llvm::Value *gpuBlock();
  void gpuBarrier();
  llvm::Value *gpuShared();
  /// Whether a reduction runs as a parallel kernel (else one thread).
  static bool gpuReducesInParallel(const ir::Operation &op);
  std::string currentOp = "result";

  llvm::LLVMContext &C;
  llvm::Module &M;
  llvm::IRBuilder<> B;
  const FusionPlan &plan;
  ProgramInfo &info;
  llvm::Function *F = nullptr;

private:
  std::unordered_map<const ir::Value *, CgValue> vals_;
  std::unordered_map<const ir::Operation *, int32_t> opIds_;
  std::unordered_map<const ir::Value *, bool> linearOnly_;
  std::unordered_map<const ir::Operation *, std::vector<llvm::Value *>>
      params_;
  /// References already handed on (in-place updates); skipped when their
  /// planned release comes.
  std::unordered_set<const ir::Value *> transferred_;
  /// Recycled loop carries (block arguments) -> their slots.
  std::unordered_map<const ir::Value *, Recycled> recycled_;
  llvm::Value *insArg_ = nullptr, *outsArg_ = nullptr, *rtCtx_ = nullptr,
              *constsArg_ = nullptr;
  llvm::BasicBlock *allocaBB_ = nullptr, *failBB_ = nullptr;
  /// The stop word's address, loaded once per function (in allocaBB_).
  llvm::Value *stopWord_ = nullptr;
  int pmapCounter_ = 0;
  llvm::MDNode *noAliasScope_ = nullptr;
  int regionOpen_ = -1; ///< index into kernelRegions
  std::unordered_set<llvm::BasicBlock *> regionBefore_;

  friend struct TransferGuard;

public:
  void markTransferred(const ir::Value *v) { transferred_.insert(v); }
  int nextPmapIndex() { return pmapCounter_++; }
  /// Saves/restores per-function state around emitting an outlined body.
  struct FunctionState {
    llvm::Function *F;
    llvm::Value *ins, *outs, *ctx, *consts;
    llvm::BasicBlock *allocaBB, *failBB;
    llvm::Value *stopWord;
    llvm::IRBuilderBase::InsertPoint ip;
  };
  FunctionState saveFunction();
  void restoreFunction(const FunctionState &s);
};

/// Raises an InternalError for IR the code generator does not handle.
[[noreturn]] void unsupported(const ir::Operation &op, const std::string &why);

} // namespace parax::codegen
