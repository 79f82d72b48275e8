//===- EmitMath.cpp - scalar semantics of elementwise ops -----------------===//
//
// The element functions of the reference kernels (runtime/KernelsMath.inc,
// KernelsLoops.inc, the convert and threefry kernels) re-expressed as LLVM IR
// on one scalar, so that fused loops compute bit-for-bit what the
// interpreter computes and the loop vectoriser can still widen them:
//  - float16/bfloat16 are stored as i16 and computed in float32, rounded back
//    per op (and per intermediate where XLA evaluates a composite op in the
//    narrow type: the R rounding policy);
//  - exp/log/log1p/tanh/erf/erf_inv are XLA's polynomials with explicit
//    llvm.fma; sin/cos/tan/cbrt/pow/atan2 call libm (vectorised through
//    libmvec); rsqrt is the hardware estimate plus Newton steps;
//  - max/min propagate NaN, order -0 < +0 and treat denormals as zero;
//  - integer division/remainder by zero, shifts past the width and the
//    saturating float->int conversion follow ir/Ops.def.
// Code runs under FTZ/DAZ (set by the runtime), like the kernels.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "ir/Diagnostics.h"

namespace parax::codegen {

using ir::OpKind;
using llvm::Value;

namespace {

/// Rounding policy of composite-op intermediates (KernelsLoops.inc RNone,
/// RF16, RBF16).
enum class Rnd { None, F16, BF16 };

/// Float helpers bound to an emitter.
struct FM {
  Emitter &e;
  llvm::IRBuilder<> &B;
  explicit FM(Emitter &em) : e(em), B(em.B) {}

  Value *c(float v) { return e.cf(v); }
  Value *fma(Value *a, Value *b, Value *cc) {
    return B.CreateIntrinsic(llvm::Intrinsic::fma, {e.f32()}, {a, b, cc});
  }
  Value *un(llvm::Intrinsic::ID id, Value *x) {
    return B.CreateUnaryIntrinsic(id, x);
  }
  Value *fabs(Value *x) { return un(llvm::Intrinsic::fabs, x); }
  Value *floor(Value *x) { return un(llvm::Intrinsic::floor, x); }
  Value *sqrt(Value *x) { return un(llvm::Intrinsic::sqrt, x); }
  Value *copysign(Value *a, Value *b) {
    return B.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, a, b);
  }
  Value *bits(Value *x) { return B.CreateBitCast(x, e.i32()); }
  Value *fromBits(Value *i) { return B.CreateBitCast(i, e.f32()); }
  Value *isNan(Value *x) { return B.CreateFCmpUNO(x, x); }
  Value *sel(Value *c, Value *a, Value *b) { return B.CreateSelect(c, a, b); }
  Value *lt(Value *a, Value *b) { return B.CreateFCmpOLT(a, b); }
  Value *gt(Value *a, Value *b) { return B.CreateFCmpOGT(a, b); }
  Value *ge(Value *a, Value *b) { return B.CreateFCmpOGE(a, b); }
  Value *eq(Value *a, Value *b) { return B.CreateFCmpOEQ(a, b); }
  Value *add(Value *a, Value *b) { return B.CreateFAdd(a, b); }
  Value *sub(Value *a, Value *b) { return B.CreateFSub(a, b); }
  Value *mul(Value *a, Value *b) { return B.CreateFMul(a, b); }
  Value *div(Value *a, Value *b) { return B.CreateFDiv(a, b); }
  Value *inf() { return c(__builtin_inff()); }
  Value *nan() { return c(__builtin_nanf("")); }

  /// A libm float function (vectorisable through libmvec).
  Value *libm(const char *name, llvm::ArrayRef<Value *> args) {
    std::vector<llvm::Type *> tys(args.size(), e.f32());
    auto *fty = llvm::FunctionType::get(e.f32(), tys, false);
    llvm::FunctionCallee fc = e.M.getOrInsertFunction(name, fty);
    if (auto *fn = llvm::dyn_cast<llvm::Function>(fc.getCallee())) {
      fn->addFnAttr(llvm::Attribute::NoUnwind);
      fn->addFnAttr(llvm::Attribute::WillReturn);
      fn->setDoesNotAccessMemory();
    }
    return B.CreateCall(fc, args);
  }

  Value *r(Rnd p, Value *x) {
    if (p == Rnd::None)
      return x;
    DType d = p == Rnd::F16 ? DType::F16 : DType::BF16;
    return e.roundTo(d, x);
  }

  Value *daz(Value *x) {
    Value *b = bits(x);
    Value *denorm = B.CreateICmpEQ(B.CreateAnd(b, e.c32(0x7f800000)), e.c32(0));
    return fromBits(
        sel(denorm, B.CreateAnd(b, e.c32(int32_t(0x80000000u))), b));
  }
  Value *sign(Value *x) {
    x = daz(x);
    Value *keep = B.CreateOr(isNan(x), eq(x, c(0.0f)));
    return sel(keep, x, copysign(c(1.0f), x));
  }
  Value *maxf(Value *a, Value *b, bool isMax) {
    a = daz(a);
    b = daz(b);
    Value *r = sel(isMax ? gt(a, b) : lt(a, b), a, b);
    Value *ab = isMax ? B.CreateAnd(bits(a), bits(b))
                      : B.CreateOr(bits(a), bits(b));
    r = sel(eq(a, b), fromBits(ab), r);
    r = sel(isNan(b), b, r);
    return sel(isNan(a), a, r);
  }

  Value *exp(Value *in, bool L) {
    if (L)
      return libm("expf", {in});
    Value *nanIn = isNan(in);
    Value *x = sel(nanIn, c(0.0f), in);
    x = sel(lt(x, c(-87.8f)), c(-87.8f), x);
    x = sel(gt(x, c(88.8f)), c(88.8f), x);
    Value *n = floor(fma(x, c(1.44269504088896341f), c(0.5f)));
    n = sel(lt(n, c(-127.0f)), c(-127.0f), n);
    n = sel(gt(n, c(127.0f)), c(127.0f), n);
    Value *a = fma(c(-0.693359375f), n, x);
    a = fma(c(2.12194440e-4f), n, a);
    Value *z = fma(a, c(1.9875691500E-4f), c(1.3981999507E-3f));
    z = fma(z, a, c(8.3334519073E-3f));
    z = fma(z, a, c(4.1665795894E-2f));
    z = fma(z, a, c(1.6666665459E-1f));
    z = fma(z, a, c(5.0000001201E-1f));
    z = fma(z, mul(a, a), a);
    z = add(c(1.0f), z);
    Value *ni = B.CreateFPToSI(n, e.i32());
    Value *pow2 = fromBits(B.CreateShl(B.CreateAdd(ni, e.c32(127)), 23));
    return sel(nanIn, in, mul(z, pow2));
  }

  Value *log(Value *in, bool L) {
    if (L)
      return libm("logf", {in});
    Value *invalid = B.CreateNot(B.CreateFCmpOGT(in, c(0.0f)));
    Value *zero = eq(in, c(0.0f));
    Value *isInf = eq(in, inf());
    Value *xin = sel(invalid, c(1.0f), in);
    Value *b = bits(xin);
    Value *ex = B.CreateSub(B.CreateLShr(b, 23), e.c32(0x7f));
    Value *eF = add(c(1.0f), B.CreateSIToFP(ex, e.f32()));
    Value *x = fromBits(B.CreateOr(B.CreateAnd(b, e.c32(~0x7f800000)),
                                   e.c32(0x3f000000)));
    Value *small = lt(x, c(0.707106781186547524f));
    Value *tmp = sel(small, x, c(0.0f));
    x = sub(x, c(1.0f));
    eF = sub(eF, sel(small, c(1.0f), c(0.0f)));
    x = add(x, tmp);
    Value *x2 = mul(x, x), *x3 = mul(x2, x);
    Value *y = add(mul(x, c(7.0376836292E-2f)), c(-1.1514610310E-1f));
    Value *y1 = add(mul(x, c(-1.2420140846E-1f)), c(1.4249322787E-1f));
    Value *y2 = fma(x, c(2.0000714765E-1f), c(-2.4999993993E-1f));
    y = add(mul(y, x), c(1.1676998740E-1f));
    y1 = fma(y1, x, c(-1.6668057665E-1f));
    y2 = fma(y2, x, c(3.3333331174E-1f));
    y = add(mul(y, x3), y1);
    y = fma(y, x3, y2);
    y = mul(y, x3);
    Value *yq1 = mul(c(-2.12194440e-4f), eF);
    tmp = mul(c(0.5f), x2);
    y = add(y, yq1);
    x = sub(x, tmp);
    Value *yq2 = mul(c(0.693359375f), eF);
    x = add(x, y);
    x = add(x, yq2);
    x = sel(isInf, in, x);
    x = sel(invalid, nan(), x);
    return sel(zero, c(-__builtin_inff()), x);
  }

  Value *log1p(Value *x, bool L) {
    static const float den[7] = {1.0f,
                                 1.5062909083469192043167E1f,
                                 8.3047565967967209469434E1f,
                                 2.2176239823732856465394E2f,
                                 3.0909872225312059774938E2f,
                                 2.1642788614495947685003E2f,
                                 6.0118660497603843919306E1f};
    static const float num[7] = {4.5270000862445199635215E-5f,
                                 4.9854102823193375972212E-1f,
                                 6.5787325942061044846969E0f,
                                 2.9911919328553073277375E1f,
                                 6.0949667980987787057556E1f,
                                 5.7112963590585538103336E1f,
                                 2.0039553499201281259648E1f};
    Value *large = log(add(x, c(1.0f)), L);
    Value *x2 = mul(x, x);
    Value *d = c(0.0f), *n = c(0.0f);
    for (int i = 0; i < 7; ++i) {
      d = fma(d, x, c(den[i]));
      n = fma(n, x, c(num[i]));
    }
    Value *s = div(n, d);
    s = mul(mul(x, x2), s);
    s = fma(c(-0.5f), x2, s);
    s = add(x, s);
    return sel(lt(fabs(x), c(0.41421356237309504880f)), s, large);
  }

  Value *tanh(Value *x) {
    const float kClamp = 7.99881172180175781f;
    Value *ax = fabs(x);
    Value *cl = sel(gt(x, c(kClamp)), c(kClamp), x);
    cl = sel(lt(cl, c(-kClamp)), c(-kClamp), cl);
    Value *x2 = mul(cl, cl);
    Value *n = c(-2.76076847742355e-16f);
    n = fma(x2, n, c(2.00018790482477e-13f));
    n = fma(x2, n, c(-8.60467152213735e-11f));
    n = fma(x2, n, c(5.12229709037114e-08f));
    n = fma(x2, n, c(1.48572235717979e-05f));
    n = fma(x2, n, c(6.37261928875436e-04f));
    n = fma(x2, n, c(4.89352455891786e-03f));
    n = mul(cl, n);
    Value *d = c(1.19825839466702e-06f);
    d = fma(x2, d, c(1.18534705686654e-04f));
    d = fma(x2, d, c(2.26843463243900e-03f));
    d = fma(x2, d, c(4.89352518554385e-03f));
    Value *r = sel(lt(ax, c(0.0004f)), x, div(n, d));
    r = sel(ge(ax, c(20.0f)), copysign(c(1.0f), x), r);
    return sel(isNan(x), x, r);
  }

  Value *expm1(Rnd R, Value *x, bool L) {
    Value *h = r(R, mul(x, c(0.5f)));
    Value *t = r(R, tanh(h));
    Value *ee = r(R, exp(x, L));
    Value *small = mul(t, r(R, add(ee, c(1.0f))));
    Value *large = sub(ee, c(1.0f));
    Value *res = sel(gt(fabs(x), c(0.5f)), large, small);
    return sel(eq(h, c(0.0f)), x, res);
  }

  Value *erf(Value *x) {
    Value *clamp = B.CreateFCmpOLE(c(3.832506856900711f), fabs(x));
    Value *x2 = mul(x, x);
    Value *p = fma(x2, c(0.00022905065861350646f), c(0.0034082910107109506f));
    p = fma(x2, p, c(0.050955695062380861f));
    p = fma(x2, p, c(0.18520832239976145f));
    p = fma(x2, p, c(1.128379143519084f));
    p = mul(x, p);
    Value *q = fma(x2, c(-1.1791602954361697e-7f), c(0.000023547966471313185f));
    q = fma(x2, q, c(0.0010179625278914885f));
    q = fma(x2, q, c(0.014070470171167667f));
    q = fma(x2, q, c(0.11098505178285362f));
    q = fma(x2, q, c(0.49746925110067538f));
    q = fma(x2, q, c(1.0f));
    return sel(clamp, copysign(c(1.0f), x), div(p, q));
  }

  Value *erfInv(Value *x, bool L) {
    static const float kLo[9] = {2.81022636e-08f,  3.43273939e-07f,
                                 -3.5233877e-06f,  -4.39150654e-06f,
                                 0.00021858087f,   -0.00125372503f,
                                 -0.00417768164f,  0.246640727f,
                                 1.50140941f};
    static const float kHi[9] = {-0.000200214257f, 0.000100950558f,
                                 0.00134934322f,   -0.00367342844f,
                                 0.00573950773f,   -0.0076224613f,
                                 0.00943887047f,   1.00167406f,
                                 2.83297682f};
    Value *w = B.CreateFNeg(log1p(mul(x, B.CreateFNeg(x)), L));
    Value *ltw = lt(w, c(5.0f));
    Value *ww = sel(ltw, add(w, c(-2.5f)), add(sqrt(w), c(-3.0f)));
    Value *p = sel(ltw, c(kLo[0]), c(kHi[0]));
    for (int i = 1; i < 9; ++i)
      p = fma(p, ww, sel(ltw, c(kLo[i]), c(kHi[i])));
    Value *res = mul(p, x);
    return sel(eq(fabs(x), c(1.0f)), mul(x, inf()), res);
  }

  Value *rsqrt(Value *x, int steps) {
#if defined(__x86_64__)
    if (e.gpu) // no SSE estimate on the device: IEEE sqrt and divide
      return div(c(1.0f), sqrt(x));
    llvm::Type *v4 = llvm::FixedVectorType::get(e.f32(), 4);
    Value *vec = B.CreateInsertElement(llvm::PoisonValue::get(v4), x,
                                       uint64_t(0));
    Value *est = B.CreateIntrinsic(llvm::Intrinsic::x86_sse_rsqrt_ss, {},
                                   {vec});
    Value *y = B.CreateExtractElement(est, uint64_t(0));
    Value *inv = y;
    for (int s = 0; s < steps; ++s) {
      Value *r2 = mul(x, inv);
      Value *halfR = mul(inv, c(-0.5f));
      Value *h = fma(r2, inv, c(-1.0f));
      inv = fma(halfR, h, inv);
    }
    Value *raw = B.CreateOr(lt(x, c(1.17549435e-38f)), eq(x, inf()));
    return sel(raw, y, inv);
#else
    (void)steps;
    return div(c(1.0f), sqrt(x));
#endif
  }

  Value *sinh(Rnd R, Value *x, bool L) {
    const float kLn2 = 0.693147182f;
    Value *em = r(R, expm1(R, x, L));
    Value *small =
        r(R, mul(r(R, add(em, r(R, div(em, r(R, add(em, c(1.0f))))))),
                 c(0.5f)));
    Value *large = r(R, sub(r(R, exp(r(R, add(x, c(-kLn2))), L)),
                            r(R, exp(r(R, sub(c(-kLn2), x)), L))));
    return sel(lt(fabs(x), c(1.0f)), small, large);
  }
  Value *cosh(Rnd R, Value *x, bool L) {
    const float kLn2 = 0.693147182f;
    return add(r(R, exp(r(R, add(x, c(-kLn2))), L)),
               r(R, exp(r(R, sub(c(-kLn2), x)), L)));
  }
  Value *asin(Rnd R, Value *x) {
    Value *s = r(R, sqrt(r(R, mul(r(R, sub(c(1.0f), x)),
                                  r(R, add(x, c(1.0f)))))));
    Value *a = r(R, libm("atan2f", {x, r(R, add(s, c(1.0f)))}));
    return add(a, a);
  }
  Value *acos(Rnd R, Value *x) {
    Value *s = r(R, sqrt(r(R, mul(r(R, sub(c(1.0f), x)),
                                  r(R, add(x, c(1.0f)))))));
    return libm("atan2f", {s, x});
  }
  Value *asinh(Rnd R, Value *x, bool L) {
    const float kLn2 = 0.693147182f;
    float large = R == Rnd::None  ? 1.8446743e+19f
                  : R == Rnd::F16 ? 255.875f
                                  : 1.83746865e+19f;
    Value *ax = fabs(x);
    Value *big = r(R, add(r(R, log(ax, L)), r(R, c(kLn2))));
    Value *x2 = r(R, mul(x, x));
    Value *q = r(R, div(x2, r(R, add(r(R, sqrt(r(R, add(x2, c(1.0f))))),
                                     c(1.0f)))));
    Value *small = r(R, log1p(r(R, add(ax, q)), L));
    Value *v = sel(ge(ax, c(large)), big, small);
    return mul(sign(x), v);
  }
  Value *acosh(Rnd R, Value *x, bool L) {
    const float kLn2 = 0.693147182f;
    float large = R == Rnd::None  ? 1.70141173e+38f
                  : R == Rnd::F16 ? 32752.0f
                                  : 1.69476569e+38f;
    Value *big = r(R, add(r(R, log(x, L)), r(R, c(kLn2))));
    Value *a = r(R, sqrt(r(R, add(x, c(-1.0f)))));
    Value *b = r(R, sqrt(r(R, add(x, c(1.0f)))));
    Value *small = log1p(r(R, mul(a, r(R, add(b, a)))), L);
    return sel(ge(x, c(large)), big, small);
  }
  Value *atanh(Rnd R, Value *x, bool L) {
    Value *res = mul(r(R, sub(r(R, log1p(x, L)),
                              r(R, log1p(B.CreateFNeg(x), L)))),
                     c(0.5f));
    return sel(gt(fabs(x), c(1.0f)), nan(), res);
  }
  Value *logistic(Rnd R, Value *x, bool L) {
    return div(c(1.0f), r(R, add(r(R, exp(B.CreateFNeg(x), L)), c(1.0f))));
  }
  Value *exp2(Rnd R, Value *x, bool L) {
    return exp(r(R, mul(x, r(R, c(0.693147182f)))), L);
  }
  Value *atanScalar(Value *xin) {
    Value *ax = fabs(xin);
    Value *large = gt(ax, c(1.0f));
    Value *x = sel(large, div(c(1.0f), ax), ax);
    Value *x2 = mul(x, x);
    Value *p = fma(fma(c(1.12026982009410858154296875e-01f), x2,
                       c(7.296695709228515625e-01f)),
                   x2, c(8.109951019287109375e-01f));
    Value *q = fma(fma(fma(c(1.00917108356952667236328125e-02f), x2,
                           c(2.8318560123443603515625e-01f)),
                       x2, c(1.0f)),
                   x2, c(8.109951019287109375e-01f));
    Value *rr = mul(x, div(p, q));
    Value *res = sel(large, sub(c(1.5707963267948966f), rr), rr);
    return sel(lt(ax, c(1e-3f)), xin, copysign(res, xin));
  }
  Value *floorDiv(Rnd R, Value *x, Value *y) {
    Value *mod = r(R, B.CreateFRem(x, y));
    Value *xc = sel(eq(y, c(0.0f)), x, r(R, sub(x, mod)));
    Value *dv = r(R, div(xc, y));
    Value *ind = B.CreateAnd(B.CreateFCmpUNE(mod, c(0.0f)),
                             B.CreateFCmpUNE(sign(y), sign(mod)));
    dv = sel(ind, r(R, sub(dv, c(1.0f))), dv);
    return un(llvm::Intrinsic::round, dv);
  }
  Value *mod(Rnd R, Value *x, Value *y) {
    Value *t = r(R, B.CreateFRem(x, y));
    Value *plus = B.CreateAnd(B.CreateICmpNE(lt(t, c(0.0f)), lt(y, c(0.0f))),
                              B.CreateFCmpUNE(t, c(0.0f)));
    return sel(plus, add(t, y), t);
  }
};

/// Newton steps of XLA's rsqrt: one on AMD, two on Intel.
int rsqrtSteps() {
#if defined(__x86_64__)
  static const int steps = __builtin_cpu_is("amd") ? 1 : 2;
  return steps;
#else
  return 0;
#endif
}

} // namespace

//===----------------------------------------------------------------------===//
// float16 / bfloat16 storage
//===----------------------------------------------------------------------===//
Value *Emitter::toF32(DType d, Value *x) {
  FM m(*this);
  if (d == DType::F32)
    return x;
  // Integers / bool: value conversion.
  if (!isFloat(d))
    return isSigned(d) ? B.CreateSIToFP(x, f32()) : B.CreateUIToFP(x, f32());
  Value *h = B.CreateZExt(x, i32());
  if (d == DType::BF16)
    return m.fromBits(B.CreateShl(h, 16));
  if (d == DType::F16) {
    Value *sign = B.CreateShl(B.CreateAnd(h, c32(0x8000)), 16);
    Value *ex = B.CreateAnd(B.CreateLShr(h, 10), c32(0x1f));
    Value *man = B.CreateAnd(h, c32(0x3ff));
    Value *sub = m.fromBits(B.CreateOr(
        m.bits(m.mul(B.CreateUIToFP(man, f32()), cf(1.0f / 16777216.0f))),
        sign));
    Value *infnan = m.fromBits(
        B.CreateOr(B.CreateOr(sign, c32(0x7f800000)), B.CreateShl(man, 13)));
    Value *norm = m.fromBits(B.CreateOr(
        B.CreateOr(sign, B.CreateShl(B.CreateAdd(ex, c32(112)), 23)),
        B.CreateShl(man, 13)));
    Value *r = B.CreateSelect(B.CreateICmpEQ(ex, c32(31)), infnan, norm);
    return B.CreateSelect(B.CreateICmpEQ(ex, c32(0)), sub, r);
  }
  // Integers / bool: value conversion.
  if (isSigned(d))
    return B.CreateSIToFP(x, f32());
  return B.CreateUIToFP(x, f32());
}

Value *Emitter::fromF32(DType d, Value *f) {
  FM m(*this);
  if (d == DType::F32)
    return f;
  Value *b = m.bits(f);
  if (d == DType::BF16) {
    Value *isNan = B.CreateICmpUGT(B.CreateAnd(b, c32(0x7fffffff)),
                                   c32(0x7f800000));
    Value *nanBits = B.CreateOr(B.CreateLShr(b, 16), c32(0x40));
    Value *rounding =
        B.CreateAdd(c32(0x7fff), B.CreateAnd(B.CreateLShr(b, 16), c32(1)));
    Value *rounded = B.CreateLShr(B.CreateAdd(b, rounding), 16);
    return B.CreateTrunc(B.CreateSelect(isNan, nanBits, rounded), B.getInt16Ty());
  }
  PARAX_ASSERT(d == DType::F16) << "fromF32 of a non-float dtype";
  Value *sign = B.CreateAnd(B.CreateLShr(b, 16), c32(0x8000));
  Value *absb = B.CreateAnd(b, c32(0x7fffffff));
  Value *nanH = B.CreateOr(sign, c32(0x7e00));
  Value *infH = B.CreateOr(sign, c32(0x7c00));
  // Subnormal: value * 2^24 rounded half to even.
  Value *a = m.mul(m.fromBits(absb), cf(16777216.0f));
  Value *ia = B.CreateFPToUI(a, i32());
  Value *frac = m.sub(a, B.CreateUIToFP(ia, f32()));
  Value *up = B.CreateOr(
      m.gt(frac, cf(0.5f)),
      B.CreateAnd(m.eq(frac, cf(0.5f)),
                  B.CreateICmpNE(B.CreateAnd(ia, c32(1)), c32(0))));
  Value *subH = B.CreateOr(sign, B.CreateAdd(ia, B.CreateZExt(up, i32())));
  // Normal.
  Value *ex = B.CreateShl(B.CreateSub(B.CreateLShr(absb, 23), c32(112)), 10);
  Value *man = B.CreateAnd(B.CreateLShr(absb, 13), c32(0x3ff));
  Value *rest = B.CreateAnd(absb, c32(0x1fff));
  Value *h = B.CreateOr(ex, man);
  Value *inc = B.CreateOr(
      B.CreateICmpUGT(rest, c32(0x1000)),
      B.CreateAnd(B.CreateICmpEQ(rest, c32(0x1000)),
                  B.CreateICmpNE(B.CreateAnd(man, c32(1)), c32(0))));
  Value *normH = B.CreateOr(sign, B.CreateAdd(h, B.CreateZExt(inc, i32())));
  Value *r = B.CreateSelect(B.CreateICmpULT(absb, c32(0x38800000)), subH, normH);
  r = B.CreateSelect(B.CreateICmpUGE(absb, c32(0x477ff000)), infH, r);
  r = B.CreateSelect(B.CreateICmpUGT(absb, c32(0x7f800000)), nanH, r);
  return B.CreateTrunc(r, B.getInt16Ty());
}

Value *Emitter::roundTo(DType d, Value *f) { return toF32(d, fromF32(d, f)); }

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//
Value *Emitter::unaryOp(OpKind k, DType d, Value *x, const Shape &shape,
                        Index *idx) {
  FM m(*this);
  if (d == DType::Bool) {
    if (k == OpKind::Not)
      return B.CreateXor(x, B.getInt8(1));
    return x;
  }
  if (isInteger(d)) {
    llvm::Type *t = x->getType();
    Value *zero = llvm::ConstantInt::get(t, 0);
    auto absI = [&]() -> Value * {
      if (!isSigned(d))
        return x;
      return B.CreateSelect(B.CreateICmpSLT(x, zero), B.CreateSub(zero, x), x);
    };
    auto signI = [&]() -> Value * {
      Value *pos = isSigned(d) ? B.CreateICmpSGT(x, zero)
                               : B.CreateICmpUGT(x, zero);
      Value *neg = isSigned(d) ? B.CreateICmpSLT(x, zero) : B.getFalse();
      return B.CreateSub(B.CreateZExt(pos, t), B.CreateZExt(neg, t));
    };
    // The EI column of ir/ops/ElementwiseUnary.def.
    Value *r = nullptr;
#define NONE nullptr
    switch (k) {
#define PARAX_UNARY(Name, Operands, Result, K32, K64, KI, KB, E32, E64, EI)    \
  case OpKind::Name:                                                           \
    r = EI;                                                                    \
    break;
#include "ir/ops/ElementwiseUnary.def"
    default:
      break;
    }
#undef NONE
    if (!r)
      throw ParaxError("InternalError", std::string("unary op ") +
                                            mnemonic(k) + " on integers");
    return r;
  }
  if (d == DType::F64)
    return unaryF64(k, x);
  // Floats: policies as unaryOp in runtime/KernelsElementwise.cpp.
  Rnd R = d == DType::F16 ? Rnd::F16 : d == DType::BF16 ? Rnd::BF16 : Rnd::None;
  Rnd RX = d == DType::F16 ? Rnd::F16 : Rnd::None;
  bool xla = d == DType::F32;
  int64_t n = numElements(shape);
  Value *v = toF32(d, x);
  // XLA leaves some elements of short float32 arrays to libm (see
  // unaryFloatT in KernelsLoops.inc): `split` is where they start.
  int64_t split = n;
  if (xla && n < 16 && (k == OpKind::Exp || k == OpKind::Log)) {
    int64_t base = n >= 8 ? 8 : 0, rest = n - base;
    if (rest == 3 || rest >= 5)
      split = base;
  }
  auto withL = [&](const std::function<Value *(bool)> &f) -> Value * {
    if (split >= n)
      return f(false);
    if (split == 0)
      return f(true);
    Value *lin = idx ? linearOf(*idx) : c64(0);
    Value *a = f(false), *b = f(true);
    return B.CreateSelect(B.CreateICmpSGE(lin, c64(split)), b, a);
  };
  // atan on float32: XLA's split between atan2f and its scalar polynomial.
  auto atanXla = [&]() -> Value * {
    if (!xla)
      return m.libm("atan2f", {v, cf(1.0f)});
    int64_t vec = n == 1 ? 1 : n < 50 ? 0 : n / 4 * 4;
    if (vec >= n)
      return m.libm("atan2f", {v, cf(1.0f)});
    if (vec == 0)
      return m.atanScalar(v);
    Value *lin = idx ? linearOf(*idx) : c64(0);
    return B.CreateSelect(B.CreateICmpSLT(lin, c64(vec)),
                          m.libm("atan2f", {v, cf(1.0f)}), m.atanScalar(v));
  };
  // The float math of each op: the E32 column of ir/ops/ElementwiseUnary.def.
  Value *r = nullptr;
#define NONE nullptr
  switch (k) {
#define PARAX_UNARY(Name, Operands, Result, K32, K64, KI, KB, E32, E64, EI)                \
  case OpKind::Name:                                                           \
    r = E32;                                                                   \
    break;
#include "ir/ops/ElementwiseUnary.def"
  default:
    break;
  }
#undef NONE
  if (!r)
    throw ParaxError("InternalError", std::string("unary op ") + mnemonic(k) +
                                          " on floats");
  return fromF32(d, r);
}

//===----------------------------------------------------------------------===//
// Binary and comparisons
//===----------------------------------------------------------------------===//
Value *Emitter::binaryOp(OpKind k, DType d, Value *a, Value *b) {
  FM m(*this);
  if (d == DType::Bool) {
    // The Bool column of ir/ops/ElementwiseBinary.def.
#define BOOL_OR return B.CreateOr(a, b);
#define BOOL_AND return B.CreateAnd(a, b);
#define BOOL_XOR return B.CreateXor(a, b);
#define NONE break;
    switch (k) {
#define PARAX_BINARY(Name, Operands, K32, K64, KI, Bool, E32, E64, EI)         \
  case OpKind::Name:                                                           \
    Bool
#include "ir/ops/ElementwiseBinary.def"
    default:
      break;
    }
#undef BOOL_OR
#undef BOOL_AND
#undef BOOL_XOR
#undef NONE
    throw ParaxError("InternalError",
                     std::string("binary op ") + mnemonic(k) + " on bool");
  }
  if (d == DType::F64)
    return binaryF64(k, a, b);
  if (isFloat(d)) {
    Rnd R = d == DType::F16 ? Rnd::F16 : d == DType::BF16 ? Rnd::BF16
                                                          : Rnd::None;
    Value *x = toF32(d, a), *y = toF32(d, b), *r = nullptr;
    // The E32 column of ir/ops/ElementwiseBinary.def.
#define NONE nullptr
    switch (k) {
#define PARAX_BINARY(Name, Operands, K32, K64, KI, Bool, E32, E64, EI)         \
  case OpKind::Name:                                                           \
    r = E32;                                                                   \
    break;
#include "ir/ops/ElementwiseBinary.def"
    default:
      break;
    }
#undef NONE
    if (!r)
      throw ParaxError("InternalError", std::string("binary op ") +
                                            mnemonic(k) + " on floats");
    return fromF32(d, r);
  }
  // Integers (IntOps in KernelsLoops.inc).
  bool sgn = isSigned(d);
  llvm::Type *t = a->getType();
  unsigned bitsW = t->getIntegerBitWidth();
  auto C = [&](int64_t v) { return llvm::ConstantInt::get(t, uint64_t(v)); };
  Value *zero = C(0), *ones = llvm::ConstantInt::getAllOnesValue(t);
  Value *minV = llvm::ConstantInt::get(t, llvm::APInt::getSignedMinValue(bitsW));
  auto div = [&](Value *x, Value *y) {
    Value *bz = B.CreateICmpEQ(y, zero);
    if (!sgn) {
      Value *q = B.CreateUDiv(x, B.CreateSelect(bz, C(1), y));
      return B.CreateSelect(bz, ones, q);
    }
    Value *ovf = B.CreateAnd(B.CreateICmpEQ(x, minV), B.CreateICmpEQ(y, ones));
    Value *safe = B.CreateSelect(B.CreateOr(bz, ovf), C(1), y);
    Value *q = B.CreateSDiv(x, safe);
    q = B.CreateSelect(ovf, minV, q);
    return B.CreateSelect(bz, ones, q);
  };
  auto rem = [&](Value *x, Value *y) {
    Value *bz = B.CreateICmpEQ(y, zero);
    if (!sgn) {
      Value *r = B.CreateURem(x, B.CreateSelect(bz, C(1), y));
      return B.CreateSelect(bz, x, r);
    }
    Value *ovf = B.CreateAnd(B.CreateICmpEQ(x, minV), B.CreateICmpEQ(y, ones));
    Value *safe = B.CreateSelect(B.CreateOr(bz, ovf), C(1), y);
    Value *r = B.CreateSRem(x, safe);
    r = B.CreateSelect(ovf, zero, r);
    return B.CreateSelect(bz, x, r);
  };
  auto sgnOf = [&](Value *x) {
    return B.CreateSub(B.CreateZExt(B.CreateICmpSGT(x, zero), i32()),
                       B.CreateZExt(B.CreateICmpSLT(x, zero), i32()));
  };
  Value *wide = C(bitsW);
  auto floorDivI = [&]() -> Value * {
    Value *q = div(a, b);
    if (!sgn)
      return q;
    Value *adjust = B.CreateAnd(B.CreateICmpNE(sgnOf(a), sgnOf(b)),
                                B.CreateICmpNE(rem(a, b), zero));
    return B.CreateSelect(adjust, B.CreateSub(q, C(1)), q);
  };
  auto modI = [&]() -> Value * {
    Value *dd = B.CreateSelect(B.CreateICmpEQ(b, zero), C(1), b);
    Value *tt = rem(a, dd);
    Value *tNeg = sgn ? B.CreateICmpSLT(tt, zero) : B.getFalse();
    Value *dNeg = sgn ? B.CreateICmpSLT(dd, zero) : B.getFalse();
    Value *plus = B.CreateAnd(B.CreateICmpNE(tNeg, dNeg),
                              B.CreateICmpNE(tt, zero));
    return B.CreateSelect(plus, B.CreateAdd(tt, dd), tt);
  };
  auto powI = [&]() -> Value * {
    Value *acc = B.CreateSelect(
        B.CreateAnd(B.CreateICmpEQ(a, zero), B.CreateICmpNE(b, zero)), zero,
        C(1));
    Value *base = a, *e = b;
    for (int i = 0; i < 6; ++i) {
      Value *bit = B.CreateICmpNE(B.CreateAnd(e, C(1)), zero);
      acc = B.CreateSelect(bit, B.CreateMul(acc, base), acc);
      base = B.CreateMul(base, base);
      e = B.CreateLShr(e, 1);
    }
    return acc;
  };
  auto shiftLeftI = [&]() -> Value * {
    Value *big = B.CreateICmpUGE(b, wide);
    return B.CreateSelect(big, zero,
                          B.CreateShl(a, B.CreateSelect(big, zero, b)));
  };
  auto shiftRightLogicalI = [&]() -> Value * {
    Value *big = B.CreateICmpUGE(b, wide);
    return B.CreateSelect(big, zero,
                          B.CreateLShr(a, B.CreateSelect(big, zero, b)));
  };
  auto shiftRightArithmeticI = [&]() -> Value * {
    // Replicates the top bit, also for unsigned types (XLA's rule).
    Value *big = B.CreateICmpUGE(b, wide);
    Value *top = B.CreateICmpSLT(a, zero);
    Value *sh = B.CreateAShr(a, B.CreateSelect(big, zero, b));
    return B.CreateSelect(big, B.CreateSelect(top, ones, zero), sh);
  };
  // The EI column of ir/ops/ElementwiseBinary.def.
  Value *r = nullptr;
#define NONE nullptr
  switch (k) {
#define PARAX_BINARY(Name, Operands, K32, K64, KI, Bool, E32, E64, EI)         \
  case OpKind::Name:                                                           \
    r = EI;                                                                    \
    break;
#include "ir/ops/ElementwiseBinary.def"
  default:
    break;
  }
#undef NONE
  if (!r)
    throw ParaxError("InternalError", std::string("binary op ") + mnemonic(k) +
                                          " on integers");
  return r;
}

Value *Emitter::compareOp(OpKind k, DType d, Value *a, Value *b) {
  // The PARAX_COMPARE rows of ir/ops/ElementwiseBinary.def.
  Value *r = nullptr;
  if (isFloat(d)) {
    Value *x = d == DType::F64 ? a : toF32(d, a);
    Value *y = d == DType::F64 ? b : toF32(d, b);
    switch (k) {
#define PARAX_COMPARE(Name, CmpOp, FPred, SPred, UPred)                        \
  case OpKind::Name:                                                           \
    r = B.Create##FPred(x, y);                                                 \
    break;
#include "ir/ops/ElementwiseBinary.def"
    default:
      break;
    }
  } else {
    bool s = isSigned(d);
    switch (k) {
#define PARAX_COMPARE(Name, CmpOp, FPred, SPred, UPred)                        \
  case OpKind::Name:                                                           \
    r = s ? B.Create##SPred(a, b) : B.Create##UPred(a, b);                     \
    break;
#include "ir/ops/ElementwiseBinary.def"
    default:
      break;
    }
  }
  if (!r)
    throw ParaxError("InternalError",
                     std::string("compare op ") + mnemonic(k));
  return B.CreateZExt(r, i8());
}

//===----------------------------------------------------------------------===//
// Conversions and threefry
//===----------------------------------------------------------------------===//
Value *Emitter::convertOp(DType from, DType to, Value *x) {
  if (from == to)
    return x;
  if (from == DType::F64 || to == DType::F64)
    return convertF64(from, to, x);
  FM m(*this);
  bool srcFloat = isFloat(from), dstFloat = isFloat(to);
  if (srcFloat && to == DType::Bool) {
    if (from == DType::F32)
      return B.CreateZExt(B.CreateFCmpUNE(x, cf(0.0f)), i8());
    return B.CreateZExt(
        B.CreateICmpNE(B.CreateAnd(x, B.getInt16(0x7fff)), B.getInt16(0)),
        i8());
  }
  if (srcFloat) {
    Value *f = toF32(from, x);
    if (dstFloat)
      return fromF32(to, f);
    llvm::Type *t = elemTy(to);
    unsigned w = t->getIntegerBitWidth();
    llvm::APInt lo = isSigned(to) ? llvm::APInt::getSignedMinValue(w)
                                  : llvm::APInt::getMinValue(w);
    llvm::APInt hi = isSigned(to) ? llvm::APInt::getSignedMaxValue(w)
                                  : llvm::APInt::getMaxValue(w);
    float flo = isSigned(to) ? float(lo.getSExtValue()) : 0.0f;
    float fhi = isSigned(to) ? float(hi.getSExtValue())
                             : float(hi.getZExtValue());
    Value *tr = B.CreateTrunc(B.CreateFPToSI(
                                  B.CreateSelect(m.isNan(f), cf(0.0f), f), i64()),
                              t);
    Value *r = B.CreateSelect(B.CreateFCmpOGE(f, cf(fhi)),
                              llvm::ConstantInt::get(t, hi), tr);
    r = B.CreateSelect(B.CreateFCmpOLE(f, cf(flo)),
                       llvm::ConstantInt::get(t, lo), r);
    return B.CreateSelect(m.isNan(f), llvm::ConstantInt::get(t, 0), r);
  }
  // Integer or bool source.
  if (dstFloat)
    return fromF32(to, toF32(from, x));
  if (to == DType::Bool)
    return B.CreateZExt(
        B.CreateICmpNE(x, llvm::ConstantInt::get(x->getType(), 0)), i8());
  llvm::Type *t = elemTy(to);
  return isSigned(from) ? B.CreateSExtOrTrunc(x, t) : B.CreateZExtOrTrunc(x, t);
}

std::pair<Value *, Value *> Emitter::threefry(Value *k0, Value *k1, Value *x0,
                                              Value *x1) {
  static const uint32_t kRot[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
  Value *ks[3] = {k0, k1,
                  B.CreateXor(B.CreateXor(k0, k1), c32(0x1BD11BDA))};
  auto rotl = [&](Value *v, uint32_t r) {
    return B.CreateOr(B.CreateShl(v, r), B.CreateLShr(v, 32 - r));
  };
  x0 = B.CreateAdd(x0, ks[0]);
  x1 = B.CreateAdd(x1, ks[1]);
  for (uint32_t group = 0; group < 5; ++group) {
    for (uint32_t r : kRot[group % 2]) {
      x0 = B.CreateAdd(x0, x1);
      x1 = rotl(x1, r);
      x1 = B.CreateXor(x1, x0);
    }
    x0 = B.CreateAdd(x0, ks[(group + 1) % 3]);
    x1 = B.CreateAdd(x1, B.CreateAdd(ks[(group + 2) % 3], c32(int32_t(group + 1))));
  }
  return {x0, x1};
}

} // namespace parax::codegen
