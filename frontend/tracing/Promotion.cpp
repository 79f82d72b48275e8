//===- Promotion.cpp - JAX type promotion ---------------------------------===//
//
// The lattice nodes include JAX's weak categories (i*, f*) and the 64-bit
// types; with x64 disabled those exist only transiently during the join and
// the result is canonicalised to 32 bits, as JAX does.
//
//===----------------------------------------------------------------------===//
#include "frontend/tracing/Promotion.h"

#include <array>
#include <atomic>
#include <bitset>

namespace parax::frontend {

namespace {
std::atomic<bool> gX64{false};
} // namespace

bool x64Enabled() { return gX64.load(std::memory_order_relaxed); }
void setX64Enabled(bool on) { gX64.store(on, std::memory_order_relaxed); }
DType canonical(DType t) { return canonicalDType(t, x64Enabled()); }
DType defaultFloat() { return x64Enabled() ? DType::F64 : DType::F32; }
DType defaultInt() { return x64Enabled() ? DType::I64 : DType::I32; }
DType defaultUInt() { return x64Enabled() ? DType::U64 : DType::U32; }

namespace {
enum Node { B1, IW, FW, U8, U16, U32, U64, I8, I16, I32, I64, BF16, F16, F32, F64, kNodes };

/// Direct promotion edges (a -> b means a promotes to b).
const std::vector<std::vector<Node>> &edges() {
  static const std::vector<std::vector<Node>> e = [] {
    std::vector<std::vector<Node>> g(kNodes);
    g[B1] = {IW};
    g[IW] = {U8, I8};
    g[U8] = {U16, I16};
    g[U16] = {U32, I32};
    g[U32] = {U64, I64};
    g[I8] = {I16};
    g[I16] = {I32};
    g[I32] = {I64};
    g[U64] = {FW};
    g[I64] = {FW};
    g[FW] = {BF16, F16};
    g[BF16] = {F32};
    g[F16] = {F32};
    g[F32] = {F64};
    return g;
  }();
  return e;
}

using Set = std::bitset<kNodes>;

/// Upper set of each node (itself and everything it promotes to).
const std::array<Set, kNodes> &upper() {
  static const std::array<Set, kNodes> u = [] {
    std::array<Set, kNodes> r;
    for (int n = kNodes - 1; n >= 0; --n) {
      r[n].set(n);
    }
    // Fixed point over the DAG.
    bool changed = true;
    while (changed) {
      changed = false;
      for (int n = 0; n < kNodes; ++n)
        for (Node m : edges()[n]) {
          Set before = r[n];
          r[n] |= r[m];
          changed |= before != r[n];
        }
    }
    return r;
  }();
  return u;
}

Node toNode(WeakDType t) {
  if (t.weak) {
    if (isFloat(t.dtype))
      return FW;
    if (t.dtype != DType::Bool)
      return IW;
  }
  switch (t.dtype) {
  case DType::Bool: return B1;
  case DType::I8: return I8;
  case DType::I16: return I16;
  case DType::I32: return I32;
  case DType::U8: return U8;
  case DType::U16: return U16;
  case DType::U32: return U32;
  case DType::F16: return F16;
  case DType::BF16: return BF16;
  case DType::F32: return F32;
  case DType::F64: return F64;
  case DType::I64: return I64;
  case DType::U64: return U64;
  }
  return F32;
}

WeakDType nodeType(Node n) {
  switch (n) {
  case B1: return {DType::Bool, false};
  case IW: return {DType::I64, true};
  case FW: return {DType::F64, true};
  case U8: return {DType::U8, false};
  case U16: return {DType::U16, false};
  case U32: return {DType::U32, false};
  case U64: return {DType::U64, false};
  case I8: return {DType::I8, false};
  case I16: return {DType::I16, false};
  case I32: return {DType::I32, false};
  case I64: return {DType::I64, false};
  case BF16: return {DType::BF16, false};
  case F16: return {DType::F16, false};
  case F32: return {DType::F32, false};
  case F64: return {DType::F64, false};
  default: return {DType::F32, false};
  }
}

/// The lattice node's dtype, canonicalised (JAX's _default_types for the
/// weak categories: int/float of the default width).
WeakDType fromNode(Node n) {
  WeakDType t = nodeType(n);
  return {canonical(t.dtype), t.weak};
}
} // namespace

WeakDType promoteTypes(WeakDType a, WeakDType b) {
  if (a == b)
    return a;
  Node na = toNode(a), nb = toNode(b);
  Set common = upper()[na] & upper()[nb];
  // The least upper bound: the common node whose upper set is all of them.
  for (int n = 0; n < kNodes; ++n)
    if (common.test(n) && upper()[n] == common)
      return fromNode(Node(n));
  return {defaultFloat(), false};
}

WeakDType resultType(const std::vector<WeakDType> &ts) {
  WeakDType r = ts.empty() ? WeakDType{defaultFloat(), true} : ts[0];
  for (size_t i = 1; i < ts.size(); ++i)
    r = promoteTypes(r, ts[i]);
  return r;
}

WeakDType toInexact(WeakDType t) {
  if (isFloat(t.dtype))
    return t;
  // JAX's to_inexact_dtype: 64-bit integers become float64, narrower ones
  // (and bool) float32; canonicalised afterwards.
  return {canonical(is64Bit(t.dtype) ? DType::F64 : DType::F32), t.weak};
}

} // namespace parax::frontend
