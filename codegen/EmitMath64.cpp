//===- EmitMath64.cpp - float64 semantics of elementwise ops --------------===//
//
// float64 element functions as LLVM IR, bit-for-bit those of the reference
// kernels (runtime/KernelsLoops.inc, namespace m64): arithmetic in double,
// libm's double functions (exp, log, sin, ...) under JAX's decompositions of
// sinh/cosh/asin/acos/asinh/acosh/atanh/logistic, XLA's max/min (NaN
// propagates, -0 < +0, denormals count as zero) and the saturating
// float->int conversion; erf_inv is the kernels' polynomial plus three
// guarded Newton steps. float64 dots, and on the CPU float64 reductions and
// arg-reductions, call the runtime kernels instead (FusionPlan::f64RunsKernel);
// the GPU's float64 reductions, scans and scatters combine through
// ReduceCombiner.h.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "ir/Diagnostics.h"

namespace parax::codegen {

using ir::OpKind;
using llvm::Value;

namespace {

struct DM {
  Emitter &e;
  llvm::IRBuilder<> &B;
  explicit DM(Emitter &em) : e(em), B(em.B) {}

  Value *c(double v) { return llvm::ConstantFP::get(e.f64(), v); }
  Value *bits(Value *x) { return B.CreateBitCast(x, e.i64()); }
  Value *fromBits(Value *i) { return B.CreateBitCast(i, e.f64()); }
  Value *c64u(uint64_t v) { return llvm::ConstantInt::get(e.i64(), v); }
  Value *isNan(Value *x) { return B.CreateFCmpUNO(x, x); }
  Value *sel(Value *cnd, Value *a, Value *b) { return B.CreateSelect(cnd, a, b); }
  Value *add(Value *a, Value *b) { return B.CreateFAdd(a, b); }
  Value *sub(Value *a, Value *b) { return B.CreateFSub(a, b); }
  Value *mul(Value *a, Value *b) { return B.CreateFMul(a, b); }
  Value *div(Value *a, Value *b) { return B.CreateFDiv(a, b); }
  Value *un(llvm::Intrinsic::ID id, Value *x) { return B.CreateUnaryIntrinsic(id, x); }
  Value *fabs(Value *x) { return un(llvm::Intrinsic::fabs, x); }
  Value *sqrt(Value *x) { return un(llvm::Intrinsic::sqrt, x); }

  /// A libm double function.
  Value *libm(const char *name, llvm::ArrayRef<Value *> args) {
    std::vector<llvm::Type *> tys(args.size(), e.f64());
    auto *fty = llvm::FunctionType::get(e.f64(), tys, false);
    llvm::FunctionCallee fc = e.M.getOrInsertFunction(name, fty);
    if (auto *fn = llvm::dyn_cast<llvm::Function>(fc.getCallee())) {
      fn->addFnAttr(llvm::Attribute::NoUnwind);
      fn->addFnAttr(llvm::Attribute::WillReturn);
      fn->setDoesNotAccessMemory();
    }
    return B.CreateCall(fc, args);
  }

  Value *daz(Value *x) {
    Value *b = bits(x);
    Value *denorm =
        B.CreateICmpEQ(B.CreateAnd(b, c64u(0x7ff0000000000000ull)), c64u(0));
    return fromBits(sel(denorm, B.CreateAnd(b, c64u(0x8000000000000000ull)), b));
  }
  Value *sign(Value *x) {
    x = daz(x);
    Value *keep = B.CreateOr(isNan(x), B.CreateFCmpOEQ(x, c(0.0)));
    return sel(keep, x, B.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, c(1.0), x));
  }
  Value *maxf(Value *a, Value *b, bool isMax) {
    a = daz(a);
    b = daz(b);
    Value *r = sel(isMax ? B.CreateFCmpOGT(a, b) : B.CreateFCmpOLT(a, b), a, b);
    Value *ab = isMax ? B.CreateAnd(bits(a), bits(b)) : B.CreateOr(bits(a), bits(b));
    r = sel(B.CreateFCmpOEQ(a, b), fromBits(ab), r);
    r = sel(isNan(b), b, r);
    return sel(isNan(a), a, r);
  }
};

const double kLn2 = 0.69314718055994530942;

Value *poly(DM &m, Value *w, std::initializer_list<double> cs) {
  auto it = cs.begin();
  Value *p = m.c(*it++);
  for (; it != cs.end(); ++it)
    p = m.add(m.c(*it), m.mul(p, w));
  return p;
}

/// m64::erfInv of runtime/KernelsLoops.inc, step for step.
Value *erfInv(DM &m, Value *x) {
  auto &B = m.B;
  Value *w = B.CreateFNeg(
      m.libm("log", {m.mul(m.sub(m.c(1.0), x), m.add(m.c(1.0), x))}));
  Value *pSmall = poly(m, m.sub(w, m.c(2.5)),
                       {2.81022636e-08, 3.43273939e-07, -3.5233877e-06,
                        -4.39150654e-06, 0.00021858087, -0.00125372503,
                        -0.00417768164, 0.246640727, 1.50140941});
  Value *pBig = poly(m, m.sub(m.sqrt(w), m.c(3.0)),
                     {-0.000200214257, 0.000100950558, 0.00134934322,
                      -0.00367342844, 0.00573950773, -0.0076224613,
                      0.00943887047, 1.00167406, 2.83297682});
  Value *y = m.mul(m.sel(B.CreateFCmpOLT(w, m.c(5.0)), pSmall, pBig), x);
  Value *done = B.getFalse();
  for (int i = 0; i < 3; ++i) {
    Value *d = m.div(m.sub(m.libm("erf", {y}), x),
                     m.mul(m.c(1.1283791670955126),
                           m.libm("exp", {B.CreateFNeg(m.mul(y, y))})));
    done = B.CreateOr(done, m.isNan(d));
    y = m.sel(done, y, m.sub(y, d));
  }
  Value *inf = m.c(__builtin_inf());
  Value *edge = m.sel(B.CreateFCmpOEQ(x, m.c(-1.0)), B.CreateFNeg(inf),
                      m.sel(B.CreateFCmpOEQ(x, m.c(1.0)), inf, m.c(__builtin_nan(""))));
  Value *outside = B.CreateOr(B.CreateFCmpOLE(x, m.c(-1.0)), B.CreateFCmpOGE(x, m.c(1.0)));
  outside = B.CreateOr(outside, m.isNan(x));
  y = m.sel(B.CreateFCmpOEQ(x, m.c(0.0)), x, y);
  return m.sel(outside, edge, y);
}

/// JAX's float64 decompositions, as m64:: in runtime/KernelsLoops.inc.
Value *asin64(DM &m, Value *x) {
  Value *s = m.sqrt(m.mul(m.sub(m.c(1.0), x), m.add(x, m.c(1.0))));
  Value *a = m.libm("atan2", {x, m.add(s, m.c(1.0))});
  return m.add(a, a);
}
Value *acos64(DM &m, Value *x) {
  Value *s = m.sqrt(m.mul(m.sub(m.c(1.0), x), m.add(x, m.c(1.0))));
  return m.libm("atan2", {s, x});
}
Value *sinh64(DM &m, Value *x) {
  auto &B = m.B;
  Value *em = m.libm("expm1", {x});
  Value *small =
      m.mul(m.add(em, m.div(em, m.add(em, m.c(1.0)))), m.c(0.5));
  Value *large = m.sub(m.libm("exp", {m.add(x, m.c(-kLn2))}),
                       m.libm("exp", {m.sub(m.c(-kLn2), x)}));
  return m.sel(B.CreateFCmpOLT(m.fabs(x), m.c(1.0)), small, large);
}
Value *cosh64(DM &m, Value *x) {
  return m.add(m.libm("exp", {m.add(x, m.c(-kLn2))}),
               m.libm("exp", {m.sub(m.c(-kLn2), x)}));
}
Value *asinh64(DM &m, Value *x) {
  auto &B = m.B;
  Value *ax = m.fabs(x);
  Value *big = m.add(m.libm("log", {ax}), m.c(kLn2));
  Value *x2 = m.mul(x, x);
  Value *q = m.div(x2, m.add(m.sqrt(m.add(x2, m.c(1.0))), m.c(1.0)));
  Value *small = m.libm("log1p", {m.add(ax, q)});
  Value *v = m.sel(B.CreateFCmpOGE(ax, m.c(1.3407807929942596e+154)), big, small);
  return m.mul(m.sign(x), v);
}
Value *acosh64(DM &m, Value *x) {
  auto &B = m.B;
  Value *big = m.add(m.libm("log", {x}), m.c(kLn2));
  Value *a = m.sqrt(m.add(x, m.c(-1.0))), *b = m.sqrt(m.add(x, m.c(1.0)));
  Value *small = m.libm("log1p", {m.mul(a, m.add(b, a))});
  return m.sel(B.CreateFCmpOGE(x, m.c(8.9884656743115795e+307)), big, small);
}
Value *atanh64(DM &m, Value *x) {
  auto &B = m.B;
  Value *r = m.mul(m.sub(m.libm("log1p", {x}), m.libm("log1p", {B.CreateFNeg(x)})),
                   m.c(0.5));
  return m.sel(B.CreateFCmpOGT(m.fabs(x), m.c(1.0)), m.c(__builtin_nan("")), r);
}
Value *logistic64(DM &m, Value *x) {
  return m.div(m.c(1.0), m.add(m.libm("exp", {m.B.CreateFNeg(x)}), m.c(1.0)));
}
Value *floorDiv64(DM &m, Value *a, Value *b) {
  auto &B = m.B;
  Value *mod = B.CreateFRem(a, b);
  Value *xc = m.sel(B.CreateFCmpOEQ(b, m.c(0.0)), a, m.sub(a, mod));
  Value *dv = m.div(xc, b);
  Value *ind = B.CreateAnd(B.CreateFCmpUNE(mod, m.c(0.0)),
                           B.CreateFCmpUNE(m.sign(b), m.sign(mod)));
  dv = m.sel(ind, m.sub(dv, m.c(1.0)), dv);
  return m.un(llvm::Intrinsic::round, dv);
}
Value *mod64(DM &m, Value *a, Value *b) {
  auto &B = m.B;
  Value *t = B.CreateFRem(a, b);
  Value *plus = B.CreateAnd(
      B.CreateICmpNE(B.CreateFCmpOLT(t, m.c(0.0)), B.CreateFCmpOLT(b, m.c(0.0))),
      B.CreateFCmpUNE(t, m.c(0.0)));
  return m.sel(plus, m.add(t, b), t);
}

} // namespace

Value *Emitter::unaryF64(OpKind k, Value *x) {
  DM m(*this);
  // The E64 column of ir/ops/ElementwiseUnary.def.
  Value *r = nullptr;
#define NONE nullptr
  switch (k) {
#define PARAX_UNARY(Name, Operands, Result, K32, K64, KI, KB, E32, E64, EI)                \
  case OpKind::Name:                                                           \
    r = E64;                                                                   \
    break;
#include "ir/ops/ElementwiseUnary.def"
  default:
    break;
  }
#undef NONE
  if (!r)
    throw ParaxError("InternalError", std::string("unary op ") + mnemonic(k) +
                                          " on float64");
  return r;
}

Value *Emitter::flushDenormalF64(Value *x) { return DM(*this).daz(x); }

Value *Emitter::binaryF64(OpKind k, Value *a, Value *b) {
  DM m(*this);
  // The E64 column of ir/ops/ElementwiseBinary.def.
  Value *r = nullptr;
#define NONE nullptr
  switch (k) {
#define PARAX_BINARY(Name, Operands, K32, K64, KI, Bool, E32, E64, EI)         \
  case OpKind::Name:                                                           \
    r = E64;                                                                   \
    break;
#include "ir/ops/ElementwiseBinary.def"
  default:
    break;
  }
#undef NONE
  if (!r)
    throw ParaxError("InternalError", std::string("binary op ") + mnemonic(k) +
                                          " on float64");
  return r;
}

Value *Emitter::convertF64(DType from, DType to, Value *x) {
  DM m(*this);
  if (from == DType::F64) {
    if (to == DType::Bool)
      return B.CreateZExt(B.CreateFCmpUNE(x, m.c(0.0)), i8());
    if (to == DType::F32)
      return B.CreateFPTrunc(x, f32());
    if (isFloat(to)) // float16/bfloat16 round via float32, as the kernels
      return fromF32(to, B.CreateFPTrunc(x, f32()));
    // Truncation toward zero, saturating, NaN -> 0.
    llvm::Type *t = elemTy(to);
    unsigned w = t->getIntegerBitWidth();
    bool sgn = isSigned(to);
    llvm::APInt lo = sgn ? llvm::APInt::getSignedMinValue(w) : llvm::APInt::getMinValue(w);
    llvm::APInt hi = sgn ? llvm::APInt::getSignedMaxValue(w) : llvm::APInt::getMaxValue(w);
    double dlo = sgn ? double(lo.getSExtValue()) : 0.0;
    double dhi = sgn ? double(hi.getSExtValue()) : double(hi.getZExtValue());
    Value *safe = m.sel(m.isNan(x), m.c(0.0), x);
    // Clamp first so the conversion itself is always in range.
    Value *inRange = B.CreateAnd(B.CreateFCmpOGT(safe, m.c(dlo)), B.CreateFCmpOLT(safe, m.c(dhi)));
    Value *cv = m.sel(inRange, safe, m.c(0.0));
    Value *tr = sgn ? B.CreateFPToSI(cv, t) : B.CreateFPToUI(cv, t);
    Value *r = B.CreateSelect(B.CreateFCmpOGE(safe, m.c(dhi)), llvm::ConstantInt::get(t, hi), tr);
    return B.CreateSelect(B.CreateFCmpOLE(safe, m.c(dlo)), llvm::ConstantInt::get(t, lo), r);
  }
  // to == F64
  if (from == DType::F32)
    return B.CreateFPExt(x, f64());
  if (isFloat(from))
    return B.CreateFPExt(toF32(from, x), f64());
  if (isSigned(from))
    return B.CreateSIToFP(x, f64());
  return B.CreateUIToFP(x, f64()); // unsigned and bool (0/1)
}

} // namespace parax::codegen
