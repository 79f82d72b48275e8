//===- CublasGemm.h - float32 dots through cuBLAS ---------------*- C++ -*-===//
//
// A float32 dot_general whose operands are strided views of device blocks
// is one cublasSgemmStridedBatched call on the logical device's stream
// (codegen emitDotBlasGpu emits parax_gpu_gemm, the device-resident program
// calls it as parax_cuda_gemm). libcublas is opened with dlopen: PARAX_CUBLAS
// names the library (the strict fake driver's own in the tests),
// PARAX_CUBLAS=0 turns it off; else libcublas.so.13, then .12. Without it
// the dot's tiled kernel runs. Each logical device gets one handle, made on
// first use in its GPU's context and bound to its stream; the default math
// mode keeps float32 products in full precision (no TF32).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/cuda/CudaDriver.h"

#include <string>

namespace parax::cuda {

class Cublas {
public:
  /// The process's cuBLAS, or null when it is off or cannot be loaded
  /// (`why` says which). `fake`: the driver is the strict fake, which
  /// takes only a cuBLAS that PARAX_CUBLAS names (its own).
  static Cublas *get(bool fake, std::string &why);
  const CublasApi &api() const { return api_; }
  /// The library that was loaded.
  const std::string &library() const { return library_; }

private:
  CublasApi api_;
  std::string library_;
};

} // namespace parax::cuda
