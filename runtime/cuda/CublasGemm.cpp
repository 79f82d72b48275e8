//===- CublasGemm.cpp - float32 dots through cuBLAS -----------------------===//
#include "runtime/cuda/CublasGemm.h"

#include <cstdlib>
#include <memory>

namespace parax::cuda {

Cublas *Cublas::get(bool fake, std::string &why) {
  static std::string whyNot;
  static Cublas *blas = [fake]() -> Cublas * {
    const char *env = std::getenv("PARAX_CUBLAS");
    std::string named = env ? env : "";
    if (named == "0") {
      whyNot = "cuBLAS is off (PARAX_CUBLAS=0)";
      return nullptr;
    }
    if (named.empty() && fake) {
      whyNot = "a real libcublas cannot run on the fake driver's GPUs";
      return nullptr;
    }
    auto b = std::make_unique<Cublas>();
    std::string e;
    for (const char *lib : {"libcublas.so.13", "libcublas.so.12"}) {
      std::string name = named.empty() ? lib : named;
      std::string err;
      if (loadCublas(b->api_, err, name.c_str())) {
        b->library_ = name;
        return b.release(); // lives for the process, as the driver's contexts
      }
      e += (e.empty() ? "" : "; ") + err;
      if (!named.empty())
        break;
    }
    whyNot = e;
    return nullptr;
  }();
  if (!blas)
    why = whyNot;
  return blas;
}

} // namespace parax::cuda
