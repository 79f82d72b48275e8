//===- CombineKernels.cpp - the device collectives' reduction kernels -----===//
#include "runtime/cuda/CombineKernels.h"
#include "runtime/Kernels.h"
#include "runtime/cuda/GpuEmulation.h"

#include <cstring>
#include <map>
#include <mutex>
#include <string>

namespace parax::cuda {

namespace {

struct Spec {
  const char *ptxType; ///< ld/st type
  const char *reg;     ///< register type
  int shift;           ///< log2 of the element size
  const char *inst;    ///< the combine, e.g. "add.rn.ftz.f32"
};

/// The PTX of kernel `name`: out[i] = a[i] inst b[i], grid-stride.
std::string ptxFor(const std::string &name, const Spec &s) {
  std::string t = s.ptxType, r = s.reg;
  return ".version 7.0\n.target sm_75\n.address_size 64\n\n"
         ".visible .entry " + name +
         "(.param .u64 out, .param .u64 a, .param .u64 b, .param .u64 n)\n{\n"
         "  .reg .pred %p;\n  .reg .b32 %r<5>;\n  .reg .b64 %rd<13>;\n"
         "  .reg ." + r + " %v<4>;\n"
         "  ld.param.u64 %rd1, [out];\n  ld.param.u64 %rd2, [a];\n"
         "  ld.param.u64 %rd3, [b];\n  ld.param.u64 %rd4, [n];\n"
         "  cvta.to.global.u64 %rd1, %rd1;\n  cvta.to.global.u64 %rd2, %rd2;\n"
         "  cvta.to.global.u64 %rd3, %rd3;\n"
         "  mov.u32 %r1, %ctaid.x;\n  mov.u32 %r2, %ntid.x;\n"
         "  mov.u32 %r3, %tid.x;\n  mov.u32 %r4, %nctaid.x;\n"
         "  mul.wide.u32 %rd5, %r1, %r2;\n  cvt.u64.u32 %rd6, %r3;\n"
         "  add.u64 %rd5, %rd5, %rd6;\n  mul.wide.u32 %rd7, %r4, %r2;\n"
         "LOOP:\n  setp.ge.u64 %p, %rd5, %rd4;\n  @%p bra DONE;\n"
         "  shl.b64 %rd8, %rd5, " + std::to_string(s.shift) + ";\n"
         "  add.u64 %rd9, %rd2, %rd8;\n  ld.global." + t + " %v1, [%rd9];\n"
         "  add.u64 %rd10, %rd3, %rd8;\n  ld.global." + t + " %v2, [%rd10];\n"
         "  " + s.inst + " %v3, %v1, %v2;\n"
         "  add.u64 %rd11, %rd1, %rd8;\n  st.global." + t + " [%rd11], %v3;\n"
         "  add.u64 %rd5, %rd5, %rd7;\n  bra LOOP;\nDONE:\n  ret;\n}\n";
}

/// The host compilation: this emulated thread's elements, each through the
/// CPU's combine (out may alias a).
template <ir::OpKind K, DType D> void hostCombine(void **params) {
  char *out = *static_cast<char **>(params[0]);
  const char *a = *static_cast<char **>(params[1]);
  const char *b = *static_cast<char **>(params[2]);
  uint64_t n = *static_cast<uint64_t *>(params[3]);
  size_t es = size_t(dtypeSize(D));
  alignas(8) unsigned char y[8];
  for (int64_t i = parax_gpu_first(); uint64_t(i) < n; i += parax_gpu_stride()) {
    runtime::binaryOpInto(K, D, a + size_t(i) * es, b + size_t(i) * es, y, 1);
    std::memcpy(out + size_t(i) * es, y, es);
  }
}

} // namespace

CombineKernel combineKernel(ir::OpKind op, DType dtype) {
  using K = ir::OpKind;
  struct Entry {
    K op;
    DType d;
    Spec spec;
    void (*unpack)(void **);
  };
#define PARAX_COMBINE(OP, D, T, R, S, I)                                       \
  Entry{K::OP, DType::D, Spec{T, R, S, I}, &hostCombine<K::OP, DType::D>}
  static const Entry table[] = {
      PARAX_COMBINE(Add, F32, "f32", "f32", 2, "add.rn.ftz.f32"),
      PARAX_COMBINE(Add, I32, "u32", "b32", 2, "add.s32"),
      PARAX_COMBINE(Max, I32, "u32", "b32", 2, "max.s32"),
      PARAX_COMBINE(Min, I32, "u32", "b32", 2, "min.s32"),
      PARAX_COMBINE(Add, U32, "u32", "b32", 2, "add.u32"),
      PARAX_COMBINE(Max, U32, "u32", "b32", 2, "max.u32"),
      PARAX_COMBINE(Min, U32, "u32", "b32", 2, "min.u32"),
      PARAX_COMBINE(Add, I64, "u64", "b64", 3, "add.s64"),
      PARAX_COMBINE(Max, I64, "u64", "b64", 3, "max.s64"),
      PARAX_COMBINE(Min, I64, "u64", "b64", 3, "min.s64"),
      PARAX_COMBINE(Add, U64, "u64", "b64", 3, "add.u64"),
      PARAX_COMBINE(Max, U64, "u64", "b64", 3, "max.u64"),
      PARAX_COMBINE(Min, U64, "u64", "b64", 3, "min.u64"),
  };
#undef PARAX_COMBINE
  static std::mutex m;
  static std::map<std::pair<int, int>, std::pair<std::string, std::string>> made;
  for (const Entry &e : table) {
    if (e.op != op || e.d != dtype)
      continue;
    std::lock_guard<std::mutex> lock(m);
    auto &[ptx, name] = made[{int(op), int(dtype)}];
    if (ptx.empty()) {
      name = std::string("parax_combine_") + e.spec.inst;
      for (char &c : name)
        if (c == '.')
          c = '_';
      ptx = ptxFor(name, e.spec);
    }
    // Stable: map nodes do not move.
    return {ptx.c_str(), name.c_str(), e.unpack};
  }
  return {};
}

} // namespace parax::cuda
