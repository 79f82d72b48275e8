//===- NcclCliques.cpp - NCCL between the GPUs of one process -------------===//
#include "runtime/cuda/NcclCliques.h"

#include <algorithm>
#include <cstdlib>
#include <memory>

namespace parax::cuda {

NcclCliques *NcclCliques::get(std::string &why) {
  static std::string whyNot;
  static NcclCliques *cliques = []() -> NcclCliques * {
    const char *env = std::getenv("PARAX_NCCL");
    if (env && std::string(env) == "0") {
      whyNot = "NCCL is off (PARAX_NCCL=0)";
      return nullptr;
    }
    auto c = std::make_unique<NcclCliques>();
    std::string e;
    if (!loadNccl(c->api_, e, env && *env ? env : "libnccl.so.2")) {
      whyNot = e;
      return nullptr;
    }
    return c.release(); // lives for the process, as the driver's contexts
  }();
  if (!cliques)
    why = whyNot;
  return cliques;
}

ncclComm_t NcclCliques::comm(const std::vector<int> &gpus, int rank,
                             const std::atomic<bool> &aborted,
                             std::string &error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (aborted) {
    error = "another device of the pmap failed (its NCCL communicators were "
            "aborted)";
    return nullptr;
  }
  std::vector<ncclComm_t> &comms = cliques_[gpus];
  if (comms.empty()) {
    std::vector<ncclComm_t> made(gpus.size(), nullptr);
    ncclResult_t r =
        api_.ncclCommInitAll(made.data(), int(gpus.size()), gpus.data());
    if (r != ncclSuccess) {
      cliques_.erase(gpus);
      error = "ncclCommInitAll over " + std::to_string(gpus.size()) +
              " GPUs: " + errorText(r);
      return nullptr;
    }
    comms = std::move(made);
  }
  return comms[size_t(rank)];
}

void NcclCliques::abort(const std::vector<int> &gpus,
                        std::atomic<bool> &aborted) {
  std::lock_guard<std::mutex> lock(mutex_);
  aborted = true;
  for (auto it = cliques_.begin(); it != cliques_.end();) {
    bool shares = false;
    for (int g : it->first)
      shares = shares || std::find(gpus.begin(), gpus.end(), g) != gpus.end();
    if (!shares) {
      ++it;
      continue;
    }
    for (ncclComm_t c : it->second)
      api_.ncclCommAbort(c);
    it = cliques_.erase(it);
  }
}

std::string NcclCliques::errorText(ncclResult_t r) const {
  const char *t = api_.ncclGetErrorString ? api_.ncclGetErrorString(r) : nullptr;
  return (t ? std::string(t) : "NCCL error") + " (" + std::to_string(r) + ")";
}

int NcclCliques::dataType(DType t) {
  using namespace nccl_abi;
  switch (t) {
  case DType::I8: return ncclInt8;
  case DType::U8: return ncclUint8;
  case DType::I32: return ncclInt32;
  case DType::U32: return ncclUint32;
  case DType::I64: return ncclInt64;
  case DType::U64: return ncclUint64;
  case DType::F16: return ncclFloat16;
  case DType::BF16: return ncclBfloat16;
  case DType::F32: return ncclFloat32;
  case DType::F64: return ncclFloat64;
  case DType::Bool:
  case DType::I16:
  case DType::U16:
    return -1;
  }
  return -1;
}

int NcclCliques::redOp(ir::OpKind op) {
  using namespace nccl_abi;
  switch (op) {
  case ir::OpKind::Add: return ncclSum;
  case ir::OpKind::Max: return ncclMax;
  case ir::OpKind::Min: return ncclMin;
  default: return -1;
  }
}

} // namespace parax::cuda
