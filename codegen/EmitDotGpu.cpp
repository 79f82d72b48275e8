//===- EmitDotGpu.cpp - tiled dot_general kernels for the GPU -------------===//
//
// A float dot_general with enough outputs runs as one block of 256 threads
// per 64x64 tile of the result (GpuKernelKind::Tiles). The k range is
// walked in chunks of 16: the block stages the chunk's 64x16 panel of each
// operand in shared memory (each element read from global memory once per
// block instead of once per output), then every thread updates its 4x4
// outputs from the panels. A thread's outputs are rows ty + 16i and columns
// tx + 16j of the tile, so a warp reads at most two lhs words (broadcasts)
// and 16 consecutive rhs words per step: no bank conflicts.
//
// Each output is still one fma per k, in ascending k, starting from zero:
// the bits are those of the one-thread-per-output kernel and of the CPU's
// generic lowering. The inner loop stops at K (no padded k steps, which
// would turn a -0 sum into +0).
//
// A panel is loaded with the operand's contiguous dim fastest across the
// threads, so that global reads coalesce: k when the operand's last dim is
// contracted (x @ w.T, the lhs of x @ w), else the free dim (the rhs of
// x @ w). Its rows are padded to 65 floats so that the transposed stores
// do not conflict either.
//
//===----------------------------------------------------------------------===//
#include "codegen/DotLayout.h"
#include "codegen/Emitter.h"

#include <cstring>

namespace parax::codegen {

using llvm::Value;

namespace {
constexpr int64_t kTile = 64;   ///< rows and columns of an output tile
constexpr int64_t kChunk = 16;  ///< k steps staged per panel
constexpr int64_t kPer = 4;     ///< outputs per thread along each dim
constexpr int64_t kSide = kTile / kPer; ///< 16 threads along each dim
constexpr int64_t kPitch = kTile + 1;   ///< floats per panel row (padded)
static_assert(kSide * kSide == kGpuBlockThreads, "one thread per 4x4 outputs");
static_assert(2 * kChunk * kPitch * 4 <= kGpuSharedBytes, "panels fit");
/// Below these sizes (outputs of one product, contracted length) a dot keeps
/// the one-thread-per-output kernel: neither a tile nor a BLAS call pays.
constexpr int64_t kMinOutputs = 1024, kMinK = 8;
} // namespace

bool Emitter::emitDotTilesGpu(const std::string &opName, DType outType,
                              const DotTileShape &s, llvm::Value *dst,
                              const DotTileElem &lhsElem,
                              const DotTileElem &rhsElem) {
  if (!gpu || inKernelRegion() || s.M * s.N < kMinOutputs || s.K < kMinK ||
      (outType != DType::F32 && outType != DType::F16 &&
       outType != DType::BF16))
    return false;
  const int64_t tilesM = (s.M + kTile - 1) / kTile;
  const int64_t tilesN = (s.N + kTile - 1) / kTile;
  const int64_t tiles = s.batch * tilesM * tilesN;
  if (tiles <= 0 || tiles > (int64_t(1) << 31) - 1 ||
      !beginKernelRegion(KernelKind::Tiles, opName, tiles))
    return false;
  Value *tid = gpuThread(), *blk = gpuBlock(), *shared = gpuShared();
  Value *lhsPanel = shared;
  Value *rhsPanel = B.CreateInBoundsGEP(f32(), shared, c64(kChunk * kPitch));
  Value *batch = B.CreateUDiv(blk, c64(tilesM * tilesN));
  Value *within = B.CreateURem(blk, c64(tilesM * tilesN));
  Value *m0 = B.CreateMul(B.CreateUDiv(within, c64(tilesN)), c64(kTile));
  Value *n0 = B.CreateMul(B.CreateURem(within, c64(tilesN)), c64(kTile));
  Value *tx = B.CreateURem(tid, c64(kSide)), *ty = B.CreateUDiv(tid, c64(kSide));

  // The element of an operand at (free index `row`, k), or 0 outside it.
  auto guarded = [&](Value *inside, const std::function<Value *()> &load) {
    llvm::BasicBlock *from = B.GetInsertBlock();
    auto *yes = llvm::BasicBlock::Create(C, "tile.load", F);
    auto *join = llvm::BasicBlock::Create(C, "tile.loaded", F);
    B.CreateCondBr(inside, yes, join);
    B.SetInsertPoint(yes);
    Value *v = load();
    llvm::BasicBlock *loadedIn = B.GetInsertBlock();
    B.CreateBr(join);
    B.SetInsertPoint(join);
    llvm::PHINode *phi = B.CreatePHI(f32(), 2);
    phi->addIncoming(cf(0.0f), from);
    phi->addIncoming(v, loadedIn);
    return static_cast<Value *>(phi);
  };
  // Stages k chunk [k0, k0 + 16) of one operand: panel[kk * 65 + i] holds
  // (row r0 + i, k0 + kk); 1024 elements, 4 per thread.
  auto stage = [&](Value *panel, Value *r0, int64_t rows, bool kFastest,
                   const DotTileElem &elem, Value *k0) {
    for (int64_t q = 0; q < kTile * kChunk / kGpuBlockThreads; ++q) {
      Value *e = B.CreateAdd(tid, c64(q * kGpuBlockThreads));
      Value *i = kFastest ? B.CreateUDiv(e, c64(kChunk)) : B.CreateURem(e, c64(kTile));
      Value *kk = kFastest ? B.CreateURem(e, c64(kChunk)) : B.CreateUDiv(e, c64(kTile));
      Value *r = B.CreateAdd(r0, i), *k = B.CreateAdd(k0, kk);
      Value *inside = B.CreateAnd(B.CreateICmpSLT(r, c64(rows)),
                                  B.CreateICmpSLT(k, c64(s.K)));
      Value *v = guarded(inside, [&] { return elem(batch, r, k); });
      B.CreateStore(v, B.CreateInBoundsGEP(
                           f32(), panel,
                           B.CreateAdd(B.CreateMul(kk, c64(kPitch)), i)));
    }
  };
  const int64_t chunks = (s.K + kChunk - 1) / kChunk;
  std::vector<Value *> zeros(size_t(kPer * kPer), cf(0.0f));
  std::vector<Value *> acc = loopCarry(
      c64(0), c64(chunks), zeros,
      [&](Value *chunk, const std::vector<Value *> &c) {
        Value *k0 = B.CreateMul(chunk, c64(kChunk));
        stage(lhsPanel, m0, s.M, s.lhsKFastest, lhsElem, k0);
        stage(rhsPanel, n0, s.N, s.rhsKFastest, rhsElem, k0);
        gpuBarrier(); // the panels are complete
        Value *left = B.CreateSub(c64(s.K), k0);
        Value *steps = B.CreateSelect(B.CreateICmpSLT(left, c64(kChunk)), left,
                                      c64(kChunk));
        std::vector<Value *> next = loopCarry(
            c64(0), steps, c, [&](Value *kk, const std::vector<Value *> &a) {
              Value *row = B.CreateMul(kk, c64(kPitch));
              std::vector<Value *> l, r, out;
              for (int64_t i = 0; i < kPer; ++i) {
                Value *at = B.CreateAdd(row, B.CreateAdd(ty, c64(i * kSide)));
                l.push_back(B.CreateLoad(f32(), B.CreateInBoundsGEP(f32(), lhsPanel, at)));
                at = B.CreateAdd(row, B.CreateAdd(tx, c64(i * kSide)));
                r.push_back(B.CreateLoad(f32(), B.CreateInBoundsGEP(f32(), rhsPanel, at)));
              }
              for (int64_t i = 0; i < kPer; ++i)
                for (int64_t j = 0; j < kPer; ++j)
                  out.push_back(B.CreateIntrinsic(
                      llvm::Intrinsic::fma, {f32()},
                      {l[size_t(i)], r[size_t(j)], a[size_t(i * kPer + j)]}));
              return out;
            });
        gpuBarrier(); // every thread is done with the panels
        return next;
      });
  for (int64_t i = 0; i < kPer; ++i)
    for (int64_t j = 0; j < kPer; ++j) {
      Value *m = B.CreateAdd(m0, B.CreateAdd(ty, c64(i * kSide)));
      Value *n = B.CreateAdd(n0, B.CreateAdd(tx, c64(j * kSide)));
      auto *yes = llvm::BasicBlock::Create(C, "tile.store", F);
      auto *next = llvm::BasicBlock::Create(C, "tile.stored", F);
      B.CreateCondBr(B.CreateAnd(B.CreateICmpSLT(m, c64(s.M)),
                                 B.CreateICmpSLT(n, c64(s.N))),
                     yes, next);
      B.SetInsertPoint(yes);
      Value *at = B.CreateAdd(
          B.CreateMul(B.CreateAdd(B.CreateMul(batch, c64(s.M)), m), c64(s.N)), n);
      store(outType, dst, at, fromF32(outType, acc[size_t(i * kPer + j)]));
      B.CreateBr(next);
      B.SetInsertPoint(next);
    }
  endKernelRegion();
  return true;
}

bool Emitter::emitDotBlasGpu(const ir::Operation &op, llvm::Value *dst,
                             const std::function<void()> &kernel) {
  if (!gpu || inKernelRegion() || op.result()->type().dtype != DType::F32)
    return false;
  DotLayout L = analyzeDotLayout(op, [&](const ir::Value *v) { return repr(v); });
  BlasGemm g;
  if (!blasGemmOf(L, g) || g.batch * g.m * g.n < kMinOutputs || g.k < kMinK)
    return false;
  auto at = [&](const ir::Value *root, int64_t offset) -> Value * {
    Value *p = val(root).ptr;
    return offset ? B.CreateInBoundsGEP(f32(), p, c64(offset)) : p;
  };
  Value *desc = entryAlloca(i64(), c64(BlasGemm::kFields));
  int64_t fields[BlasGemm::kFields];
  std::memcpy(fields, &g, sizeof g);
  for (int i = 0; i < BlasGemm::kFields; ++i)
    B.CreateStore(c64(fields[i]), B.CreateConstInBoundsGEP1_64(i64(), desc, unsigned(i)));
  // 0: done by the BLAS; < 0: no BLAS here, the kernel runs; > 0: failed.
  auto *fty = llvm::FunctionType::get(
      B.getInt32Ty(), {ptrTy(), ptrTy(), ptrTy(), ptrTy(), ptrTy()}, false);
  Value *st = B.CreateCall(M.getOrInsertFunction("parax_gpu_gemm", fty),
                           {ctxArg(), at(L.bRoot, L.bOffset),
                            at(L.aRoot, L.aOffset), dst, desc});
  auto *noFail = llvm::BasicBlock::Create(C, "gemm.ok", F);
  auto *fallback = llvm::BasicBlock::Create(C, "gemm.kernel", F);
  auto *done = llvm::BasicBlock::Create(C, "gemm.done", F);
  B.CreateCondBr(B.CreateICmpSGT(st, c32(0)), failBB_, noFail);
  B.SetInsertPoint(noFail);
  B.CreateCondBr(B.CreateICmpEQ(st, c32(0)), done, fallback);
  B.SetInsertPoint(fallback);
  kernel();
  B.CreateBr(done);
  B.SetInsertPoint(done);
  return true;
}

} // namespace parax::codegen
