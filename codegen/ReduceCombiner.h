//===- ReduceCombiner.h - how a reduction or scan combines -------*- C++ -*-===//
//
// Shared by the reductions (EmitReduce.cpp) and the GPU's cumulative ops
// (EmitCumulativeGpu.cpp): the combiner of ir/ops/Reductions.def in
// "compute form" (float dtypes as f32, the others in their storage type).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/Emitter.h"
#include "ir/Diagnostics.h"

#include <limits>

namespace parax::codegen {

/// How a reduction combines (k: its combiner, ir/ops/Reductions.def), in
/// "compute form": float16/bfloat16/float32 as f32, the others (float64
/// included) in their storage type. float64 sums and products flush
/// denormal operands and results as the CPU's reference kernels do under
/// FTZ/DAZ (runtime/KernelsReduce.cpp), so a GPU scan or scatter gives
/// their bits.
struct Combiner {
  using Value = llvm::Value;
  using OpKind = ir::OpKind;
  Emitter &e;
  OpKind k;
  DType d;

  bool isF() const { return isFloat(d) && d != DType::F64; } ///< f32 compute form
  llvm::Type *type() { return isF() ? e.f32() : e.elemTy(d); }
  bool orderFree() const {
    return !(isFloat(d) && (k == OpKind::Add || k == OpKind::Mul));
  }
  Value *identity() {
    if (isFloat(d)) { // exact in float32 and float64 alike
      double v = k == OpKind::Mul   ? 1.0
                 : k == OpKind::Max ? -std::numeric_limits<double>::infinity()
                 : k == OpKind::Min ? std::numeric_limits<double>::infinity()
                                    : 0.0;
      return llvm::ConstantFP::get(type(), v);
    }
    llvm::Type *t = type();
    unsigned w = t->getIntegerBitWidth();
    if (d == DType::Bool) {
      bool one = k == OpKind::Mul || k == OpKind::Min ||
                 k == OpKind::And;
      return e.B.getInt8(one ? 1 : 0);
    }
    switch (k) {
    case OpKind::Mul:
      return llvm::ConstantInt::get(t, 1);
    case OpKind::Max:
      return llvm::ConstantInt::get(t, isSigned(d)
                                           ? llvm::APInt::getSignedMinValue(w)
                                           : llvm::APInt::getMinValue(w));
    case OpKind::Min:
      return llvm::ConstantInt::get(t, isSigned(d)
                                           ? llvm::APInt::getSignedMaxValue(w)
                                           : llvm::APInt::getMaxValue(w));
    case OpKind::And:
      return llvm::ConstantInt::getAllOnesValue(t);
    default:
      return llvm::ConstantInt::get(t, 0);
    }
  }
  /// acc (+) v. With `vector`, the form the loop vectoriser accepts as a
  /// reduction: reassociable sums/products, and max/min as
  /// llvm.maximum/minimum of the denormal-flushed value (the same result as
  /// the kernels' NaN-propagating, -0 < +0, DAZ max/min; only a NaN's
  /// payload may differ).
  Value *combine(Value *a, Value *b, bool vector = false) {
    auto &B = e.B;
    if (d == DType::F64) {
      auto ftz = [&](Value *x) { return e.flushDenormalF64(x); };
      switch (k) {
      case OpKind::Add:
        return ftz(B.CreateFAdd(ftz(a), ftz(b)));
      case OpKind::Mul:
        return ftz(B.CreateFMul(ftz(a), ftz(b)));
      case OpKind::Max:
      case OpKind::Min: // XLA's: NaN propagates, -0 < +0, denormals as zero
        return e.binaryOp(k, DType::F64, a, b);
      default:
        throw ParaxError("InternalError", std::string(mnemonic(k)) +
                                              " is not defined for floats");
      }
    }
    if (isF()) {
      llvm::FastMathFlags fmf;
      if (vector)
        fmf.setAllowReassoc();
      switch (k) {
      case OpKind::Add: {
        auto *r = llvm::cast<llvm::Instruction>(B.CreateFAdd(a, b));
        r->setFastMathFlags(fmf);
        return r;
      }
      case OpKind::Mul: {
        auto *r = llvm::cast<llvm::Instruction>(B.CreateFMul(a, b));
        r->setFastMathFlags(fmf);
        return r;
      }
      case OpKind::Max:
      case OpKind::Min:
        if (vector) {
          Value *bb = e.B.CreateBitCast(b, e.i32());
          Value *den = B.CreateICmpEQ(B.CreateAnd(bb, e.c32(0x7f800000)),
                                      e.c32(0));
          b = B.CreateBitCast(
              B.CreateSelect(den, B.CreateAnd(bb, e.c32(int32_t(0x80000000u))),
                             bb),
              e.f32());
          return B.CreateBinaryIntrinsic(k == OpKind::Max
                                             ? llvm::Intrinsic::maximum
                                             : llvm::Intrinsic::minimum,
                                         a, b);
        }
        return e.binaryOp(k == OpKind::Max ? OpKind::Max : OpKind::Min,
                          DType::F32, a, b);
      default:
        break;
      }
      throw ParaxError("InternalError", std::string(mnemonic(k)) +
                                            " is not defined for floats");
    }
    if (d == DType::Bool) {
      bool isOr = k == OpKind::Add || k == OpKind::Max ||
                  k == OpKind::Or;
      return isOr ? B.CreateOr(a, b) : B.CreateAnd(a, b);
    }
    switch (k) {
    case OpKind::Add:
      return B.CreateAdd(a, b);
    case OpKind::Mul:
      return B.CreateMul(a, b);
    case OpKind::Max:
      return e.binaryOp(OpKind::Max, d, a, b);
    case OpKind::Min:
      return e.binaryOp(OpKind::Min, d, a, b);
    case OpKind::And:
      return B.CreateAnd(a, b);
    default:
      return B.CreateOr(a, b);
    }
  }
  Value *load(Value *storage) { return isF() ? e.toF32(d, storage) : storage; }
  Value *store(Value *v) { return isF() ? e.fromF32(d, v) : v; }
};

} // namespace parax::codegen
