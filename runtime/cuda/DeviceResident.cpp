//===- DeviceResident.cpp - device-resident compiled programs -------------===//
#include "runtime/cuda/DeviceResident.h"
#include "ir/Diagnostics.h"
#include "runtime/cpu/RtContext.h"
#include "runtime/cuda/CudaLaunch.h"
#include "codegen/DotLayout.h"
#include "codegen/EmitPTX.h"
#include "ir/OpRules.h"
#include "ir/PmapParts.h"
#include "runtime/Communicator.h"
#include "runtime/cpu/CpuBackend.h"
#include "runtime/cuda/CombineKernels.h"
#include "runtime/cuda/CublasGemm.h"
#include "runtime/cuda/NcclCliques.h"
#include "runtime/distributed/PmapCommunicator.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>

namespace {

using parax::runtime::CudaRuntime;
namespace cu = parax::cuda;

cu::CUdeviceptr dptr(const void *p) {
  return cu::CUdeviceptr(reinterpret_cast<uintptr_t>(p));
}
void *vptr(cu::CUdeviceptr p) { return reinterpret_cast<void *>(uintptr_t(p)); }

/// One compiled call's device state.
struct Call {
  CudaRuntime *rt = nullptr;
  CudaRuntime::Logical *dev = nullptr;
  std::string program;
  /// Device blocks of the call by start: size, references (-1: immortal
  /// for the call, i.e. an argument copy or a constant).
  struct Block {
    size_t bytes = 0;
    int64_t refs = 0;
    bool owned = true; ///< freed at exit (constants are the runtime's)
  };
  std::map<uintptr_t, Block> blocks;
  bool failed = false;
  /// The program's host constants (a pmap maps them for each device).
  std::vector<void *> constHost;
  std::vector<int64_t> constBytes;
  /// A pmap device's call: the pmap's devices, when they are all threads of
  /// this process (collectives then run on the devices), else 0; the
  /// events its collectives recorded (destroyed when the pmap ends).
  int pmapDevices = 0;
  std::vector<parax::cuda::CUevent> events;
  /// The GPU of each pmap device when every device is its own GPU and NCCL
  /// is loaded (its all-reduces and all-gathers then go through NCCL), else
  /// empty; `ncclAborted` is the pmap's, set when a device failed.
  std::vector<int> ncclGpus;
  std::atomic<bool> *ncclAborted = nullptr;

  /// The block holding `p`, or null (host memory).
  std::pair<const uintptr_t, Block> *find(const void *p) {
    uintptr_t a = reinterpret_cast<uintptr_t>(p);
    auto it = blocks.upper_bound(a);
    if (it == blocks.begin())
      return nullptr;
    --it;
    if (a >= it->first + std::max<size_t>(it->second.bytes, 1))
      return nullptr;
    return &*it;
  }
};

std::mutex callsMutex;
std::unordered_map<const ParaxRtContext *, Call *> calls;

Call *callOf(const ParaxRtContext *ctx) {
  std::lock_guard<std::mutex> lock(callsMutex);
  auto it = calls.find(ctx);
  return it == calls.end() ? nullptr : it->second;
}

void setError(ParaxRtContext *ctx, const std::string &what) {
  if (!ctx->error)
    ctx->error = std::make_exception_ptr(
        parax::ParaxError("RuntimeError", "cuda: " + what));
  if (Call *c = callOf(ctx))
    c->failed = true;
}

bool check(ParaxRtContext *ctx, Call &c, cu::CUresult r, const char *what) {
  if (r == cu::CUDA_SUCCESS)
    return true;
  setError(ctx, std::string(what) + ": " + cu::errorText(c.rt->api(), r));
  return false;
}

void *allocate(ParaxRtContext *ctx, Call &c, size_t bytes, int64_t refs) {
  cu::CUresult st = cu::CUDA_SUCCESS;
  cu::CUdeviceptr p = c.dev->allocator->allocate(bytes, st);
  if (!p) {
    if (st == cu::CUDA_ERROR_OUT_OF_MEMORY) {
      if (!ctx->error)
        ctx->error = std::make_exception_ptr(parax::ParaxError(
            "MemoryError", "cuda: out of device memory allocating " +
                               std::to_string(bytes) + " bytes"));
      c.failed = true;
    } else {
      check(ctx, c, st, "cuMemAlloc");
    }
    return nullptr;
  }
  c.blocks[uintptr_t(p)] = {bytes, refs, true};
  return vptr(p);
}

void freeBlock(Call &c, uintptr_t start) {
  auto it = c.blocks.find(start);
  if (it == c.blocks.end())
    return;
  if (it->second.owned)
    c.dev->allocator->free(cu::CUdeviceptr(start));
  c.blocks.erase(it);
}

bool sync(ParaxRtContext *ctx, Call &c) {
  return check(ctx, c, c.rt->api().cuStreamSynchronize(c.dev->stream),
               "cuStreamSynchronize");
}

bool download(ParaxRtContext *ctx, Call &c, void *host, const void *dev,
              size_t bytes) {
  if (bytes == 0)
    return true;
  return check(ctx, c,
               c.rt->api().cuMemcpyDtoHAsync(host, dptr(dev), bytes,
                                             c.dev->stream),
               "cuMemcpyDtoHAsync");
}

bool upload(ParaxRtContext *ctx, Call &c, void *dev, const void *host,
            size_t bytes) {
  if (bytes == 0)
    return true;
  return check(ctx, c,
               c.rt->api().cuMemcpyHtoDAsync(dptr(dev), host, bytes,
                                             c.dev->stream),
               "cuMemcpyHtoDAsync");
}

/// Host copies of device operands (host pointers pass through); the host
/// buffers are the CPU context's, released by dropHost.
bool toHost(ParaxRtContext *ctx, Call &c, void *const *ins,
            const std::vector<size_t> &bytes, std::vector<void *> &host,
            std::vector<void *> &temps) {
  bool any = false;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (!c.find(ins[i])) {
      host.push_back(ins[i]);
      continue;
    }
    void *h = ctx->allocate(bytes[i]);
    temps.push_back(h);
    host.push_back(h);
    if (!download(ctx, c, h, ins[i], bytes[i]))
      return false;
    any = true;
  }
  return !any || sync(ctx, c);
}

/// Device copies of the host results `outs` of a runtime call, replacing
/// them in place; the host buffers' references are dropped.
bool toDevice(ParaxRtContext *ctx, Call &c, void **outs,
              const std::vector<size_t> &bytes) {
  for (size_t i = 0; i < bytes.size(); ++i) {
    void *h = outs[i];
    void *d = allocate(ctx, c, bytes[i], 1);
    if (!d || !upload(ctx, c, d, h, bytes[i]))
      return false;
    ctx->release(h);
    outs[i] = d;
  }
  return true;
}

std::vector<size_t> operandBytes(const ParaxRtContext *ctx, int32_t opId) {
  std::vector<size_t> b;
  const parax::ir::Operation &op = *ctx->info->ops[size_t(opId)];
  for (const parax::ir::Value *v : op.operands())
    b.push_back(size_t(v->type().byteSize()));
  if (size_t(opId) < ctx->info->captures.size())
    for (const parax::ir::Value *v : ctx->info->captures[size_t(opId)])
      b.push_back(size_t(v->type().byteSize()));
  return b;
}

std::vector<size_t> resultBytes(const ParaxRtContext *ctx, int32_t opId) {
  std::vector<size_t> b;
  const parax::ir::Operation &op = *ctx->info->ops[size_t(opId)];
  for (unsigned i = 0; i < op.numResults(); ++i)
    b.push_back(size_t(op.result(i)->type().byteSize()));
  return b;
}

/// Runs `fn(hostIns)` on host copies of a runtime call's operands.
template <typename Fn>
int32_t onHost(ParaxRtContext *ctx, int32_t opId, void *const *ins, Fn fn) {
  Call *c = callOf(ctx);
  if (!c) {
    setError(ctx, "a runtime call outside a device-resident program");
    return 1;
  }
  std::vector<void *> host, temps;
  int32_t st = 1;
  try {
    if (toHost(ctx, *c, ins, operandBytes(ctx, opId), host, temps))
      st = fn(host.data());
  } catch (...) {
    if (!ctx->error)
      ctx->error = std::current_exception();
  }
  for (void *t : temps)
    ctx->release(t);
  return st;
}

/// The device copies of call `c`'s constants on its logical device into
/// `devConsts`: uploaded once per logical device, re-checked by content
/// (an address may be reused by another program's constant).
bool mapConstants(ParaxRtContext *ctx, Call &c, void **devConsts) {
  CudaRuntime::Logical *dev = c.dev;
  std::lock_guard<std::mutex> lock(dev->mutex);
  for (size_t i = 0; i < c.constHost.size(); ++i) {
    const void *h = c.constHost[i];
    size_t n = size_t(c.constBytes[i]);
    auto &k = dev->constants[h];
    bool same = k.dev && k.host.size() == n &&
                std::memcmp(k.host.data(), h, n) == 0;
    if (!same) {
      if (k.dev)
        dev->allocator->free(k.dev);
      cu::CUresult st = cu::CUDA_SUCCESS;
      k.dev = dev->allocator->allocate(n, st);
      if (!k.dev) {
        dev->constants.erase(h);
        check(ctx, c, st == cu::CUDA_SUCCESS ? cu::CUDA_ERROR_OUT_OF_MEMORY
                                             : st,
              "cuMemAlloc (a constant)");
        return false;
      }
      const auto *b = static_cast<const unsigned char *>(h);
      k.host.assign(b, b + n);
      if (!upload(ctx, c, vptr(k.dev), h, n))
        return false;
    }
    devConsts[i] = vptr(k.dev);
    c.blocks[uintptr_t(k.dev)] = {n, -1, false};
  }
  return true;
}

/// Device `ctx->device`'s words `mine` and every other device's, row q of
/// the result device q's: a rendezvous of the pmap's host threads through
/// its communicator (which leaves on an abort or a stop).
std::vector<int64_t> exchange(ParaxRtContext *ctx,
                              const std::vector<int64_t> &mine) {
  parax::Array a = parax::Array::allocate(parax::DType::I64,
                                          {int64_t(mine.size())});
  std::memcpy(a.raw(), mine.data(), mine.size() * sizeof(int64_t));
  parax::Array all = ctx->comm->allGather(ctx->device, a, 0, false);
  const auto *w = static_cast<const int64_t *>(all.raw());
  return std::vector<int64_t>(w, w + all.size());
}

/// The collective `opId` of a pmap device on the devices: its result is
/// written on its own stream, which waits (events, no host
/// synchronisation) for the other devices' operands, and they for its
/// reads. False (nothing done) when the op or dtype is not covered: the
/// decision depends on the op only, so every device takes the same path.
bool deviceCollective(ParaxRtContext *ctx, Call &c, int32_t opId, void *in,
                      void **out, int32_t &st);

} // namespace

extern "C" {

int32_t parax_cuda_enter(ParaxRtContext *ctx, const char *program,
                         void *const *ins, const int64_t *argBytes,
                         int32_t nArgs, void **devIns, void *const *consts,
                         const int64_t *constBytes, int32_t nConsts,
                         void **devConsts, int64_t resultBytes) {
  std::string error;
  CudaRuntime *rt = CudaRuntime::get(error);
  CudaRuntime::Logical *dev = rt ? rt->logical(ctx->device, error) : nullptr;
  if (!dev || !rt->makeCurrent(*dev, error)) {
    setError(ctx, error);
    return 1;
  }
  auto *c = new Call;
  c->rt = rt;
  c->dev = dev;
  c->program = program ? program : "";
  {
    std::lock_guard<std::mutex> lock(callsMutex);
    calls[ctx] = c;
  }
  size_t argTotal = 0;
  for (int32_t i = 0; i < nArgs; ++i)
    argTotal += size_t(argBytes[i]);
  if (rt->api().paraxFakeCallBegin)
    rt->api().paraxFakeCallBegin(c->program.c_str(), argTotal);
  (void)resultBytes;
  // Arguments: one device copy per distinct host buffer.
  std::unordered_map<const void *, void *> uploaded;
  for (int32_t i = 0; i < nArgs; ++i) {
    auto [it, fresh] = uploaded.try_emplace(ins[i], nullptr);
    if (fresh) {
      it->second = allocate(ctx, *c, size_t(argBytes[i]), -1);
      if (!it->second ||
          !upload(ctx, *c, it->second, ins[i], size_t(argBytes[i])))
        return 1;
    }
    devIns[i] = it->second;
  }
  c->constHost.assign(consts, consts + nConsts);
  c->constBytes.assign(constBytes, constBytes + nConsts);
  return mapConstants(ctx, *c, devConsts) ? 0 : 1;
}

int32_t parax_cuda_exit(ParaxRtContext *ctx, int32_t status, void **outs,
                        const int64_t *resultBytes, int32_t nResults) {
  Call *c = callOf(ctx);
  if (!c)
    return status ? status : 1; // enter failed before registering
  size_t total = 0;
  if (status == 0 && !c->failed) {
    // Each distinct device result once into a host buffer of the context.
    std::unordered_map<const void *, void *> host;
    bool any = false;
    for (int32_t i = 0; i < nResults && status == 0; ++i) {
      if (!outs[i] || !c->find(outs[i]))
        continue; // host memory (the CPU runtime reads it as it is)
      auto [it, fresh] = host.try_emplace(outs[i], nullptr);
      if (fresh) {
        try {
          it->second = ctx->allocate(size_t(resultBytes[i]));
        } catch (...) {
          if (!ctx->error)
            ctx->error = std::current_exception();
          status = 1;
          break;
        }
        if (!download(ctx, *c, it->second, outs[i], size_t(resultBytes[i])))
          status = 1;
        total += size_t(resultBytes[i]);
        any = true;
      } else {
        parax_rt_retain(ctx, it->second);
      }
      parax_cuda_release(ctx, outs[i]);
      outs[i] = it->second;
    }
    if (any && status == 0 && !sync(ctx, *c))
      status = 1;
  }
  if (c->failed && status == 0)
    status = 1;
  // What the call still holds (arguments; on an error exit, everything).
  while (!c->blocks.empty())
    freeBlock(*c, c->blocks.begin()->first);
  if (c->rt->api().paraxFakeCallEnd)
    c->rt->api().paraxFakeCallEnd(total);
  {
    std::lock_guard<std::mutex> lock(callsMutex);
    calls.erase(ctx);
  }
  delete c;
  return status;
}

void *parax_cuda_alloc(ParaxRtContext *ctx, int64_t bytes) {
  Call *c = callOf(ctx);
  if (!c) {
    setError(ctx, "allocation outside a device-resident program");
    return nullptr;
  }
  return allocate(ctx, *c, size_t(bytes < 0 ? 0 : bytes), 1);
}

void parax_cuda_retain(ParaxRtContext *ctx, void *p) {
  if (Call *c = callOf(ctx)) {
    auto it = c->blocks.find(reinterpret_cast<uintptr_t>(p));
    if (it != c->blocks.end() && it->second.refs > 0)
      ++it->second.refs;
  }
}

void parax_cuda_release(ParaxRtContext *ctx, void *p) {
  if (Call *c = callOf(ctx)) {
    auto it = c->blocks.find(reinterpret_cast<uintptr_t>(p));
    if (it != c->blocks.end() && it->second.refs > 0 &&
        --it->second.refs == 0)
      freeBlock(*c, it->first); // stream order keeps a reuse safe
  }
}

int32_t parax_cuda_is_unique(ParaxRtContext *ctx, void *p) {
  Call *c = callOf(ctx);
  if (!c)
    return 0;
  auto it = c->blocks.find(reinterpret_cast<uintptr_t>(p));
  return it != c->blocks.end() && it->second.refs == 1;
}

void parax_cuda_read(ParaxRtContext *ctx, void *host, const void *dev,
                     int64_t bytes) {
  Call *c = callOf(ctx);
  if (!c || !c->find(dev)) {
    if (c && dev) // host memory after all (a stack temporary)
      std::memcpy(host, dev, size_t(bytes));
    return;
  }
  if (!download(ctx, *c, host, dev, size_t(bytes)) || !sync(ctx, *c))
    std::memset(host, 0, size_t(bytes));
}

void parax_cuda_write(ParaxRtContext *ctx, void *dev, const void *host,
                      int64_t bytes) {
  Call *c = callOf(ctx);
  if (!c || !c->find(dev)) {
    if (c && dev)
      std::memcpy(dev, host, size_t(bytes));
    return;
  }
  // The value may live on the host stack only until the next write: the
  // driver stages pageable sources before returning.
  upload(ctx, *c, dev, host, size_t(bytes));
}

void parax_cuda_copy(ParaxRtContext *ctx, void *dst, const void *src,
                     int64_t bytes, int32_t, int32_t) {
  Call *c = callOf(ctx);
  if (!c || bytes <= 0)
    return;
  bool d = c->find(dst) != nullptr, s = c->find(src) != nullptr;
  if (d && s)
    check(ctx, *c,
          c->rt->api().cuMemcpyDtoDAsync(dptr(dst), dptr(src), size_t(bytes),
                                         c->dev->stream),
          "cuMemcpyDtoDAsync");
  else if (d)
    upload(ctx, *c, dst, src, size_t(bytes));
  else if (s)
    parax_cuda_read(ctx, dst, src, bytes);
  else
    std::memmove(dst, src, size_t(bytes));
}

void parax_cuda_fill(ParaxRtContext *ctx, void *dst, int32_t value,
                     int64_t bytes) {
  Call *c = callOf(ctx);
  if (!c || bytes <= 0)
    return;
  if (!c->find(dst)) {
    std::memset(dst, value, size_t(bytes));
    return;
  }
  check(ctx, *c,
        c->rt->api().cuMemsetD8Async(dptr(dst), (unsigned char)value,
                                     size_t(bytes), c->dev->stream),
        "cuMemsetD8Async");
}

int32_t parax_cuda_gemm(ParaxRtContext *ctx, const void *a, const void *b,
                        void *c, const int64_t *desc) {
  Call *call = callOf(ctx);
  if (!call || !call->find(a) || !call->find(b) || !call->find(c))
    return -1;
  std::string why;
  cu::Cublas *blas = cu::Cublas::get(call->rt->fake(), why);
  if (!blas) {
    static std::once_flag said;
    if (std::getenv("PARAX_CUDA_VERBOSE"))
      std::call_once(said, [&] {
        std::fprintf(stderr, "parax cuda: dots run their kernels: %s\n",
                     why.c_str());
      });
    return -1;
  }
  CudaRuntime::Logical &l = *call->dev;
  {
    std::lock_guard<std::mutex> lock(l.mutex);
    if (!l.blas && !l.blasFailed) {
      cu::cublasStatus_t st = blas->api().cublasCreate_v2(&l.blas);
      if (st == cu::CUBLAS_STATUS_SUCCESS)
        st = blas->api().cublasSetStream_v2(l.blas, l.stream);
      if (st != cu::CUBLAS_STATUS_SUCCESS) {
        l.blasFailed = true;
        if (std::getenv("PARAX_CUDA_VERBOSE"))
          std::fprintf(stderr, "parax cuda: no cuBLAS handle (status %d): "
                               "dots run their kernels\n", st);
      }
    }
    if (l.blasFailed)
      return -1;
  }
  parax::codegen::BlasGemm g;
  std::memcpy(&g, desc, sizeof g);
  const float one = 1.0f, zero = 0.0f;
  cu::cublasStatus_t st = blas->api().cublasSgemmStridedBatched(
      l.blas, int(g.opA), int(g.opB), int(g.m), int(g.n), int(g.k), &one,
      static_cast<const float *>(a), int(g.lda), g.strideA,
      static_cast<const float *>(b), int(g.ldb), g.strideB, &zero,
      static_cast<float *>(c), int(g.ldc), g.strideC, int(g.batch));
  if (st != cu::CUBLAS_STATUS_SUCCESS) {
    setError(ctx, "cublasSgemmStridedBatched failed (status " +
                      std::to_string(st) + ")");
    return 1;
  }
  return 0;
}

int32_t parax_cuda_rt_eval(ParaxRtContext *ctx, int32_t opId, void *const *ins,
                           void **outs) {
  return onHost(ctx, opId, ins, [&](void *const *h) -> int32_t {
    if (int32_t st = parax_rt_eval(ctx, opId, h, outs))
      return st;
    return toDevice(ctx, *callOf(ctx), outs, resultBytes(ctx, opId)) ? 0 : 1;
  });
}

int32_t parax_cuda_rt_collective(ParaxRtContext *ctx, int32_t opId, void *in,
                                 void **out) {
  int32_t st = 1;
  if (Call *c = callOf(ctx);
      c && c->pmapDevices > 0 && c->find(in) &&
      deviceCollective(ctx, *c, opId, in, out, st))
    return st;
  void *ins[1] = {in};
  return onHost(ctx, opId, ins, [&](void *const *h) -> int32_t {
    if (int32_t st = parax_rt_collective(ctx, opId, h[0], out))
      return st;
    return toDevice(ctx, *callOf(ctx), out, resultBytes(ctx, opId)) ? 0 : 1;
  });
}

int32_t parax_cuda_rt_debug_print(ParaxRtContext *ctx, int32_t opId,
                                  void *const *ins) {
  return onHost(ctx, opId, ins, [&](void *const *h) -> int32_t {
    return parax_rt_debug_print(ctx, opId, h);
  });
}

int32_t parax_cuda_rt_debug_breakpoint(ParaxRtContext *ctx, int32_t opId,
                                       void *const *ins) {
  return onHost(ctx, opId, ins, [&](void *const *h) -> int32_t {
    return parax_rt_debug_breakpoint(ctx, opId, h);
  });
}

} // extern "C"

//===----------------------------------------------------------------------===//
// pmap on the devices
//===----------------------------------------------------------------------===//
namespace {

/// `rows` rows of `width` bytes, `srcPitch` apart at `src`, to `dstPitch`
/// apart at `dst`, on `stream`: one copy (2D when strided).
bool copyRows(ParaxRtContext *ctx, Call &c, cu::CUstream stream, char *dst,
              size_t dstPitch, const char *src, size_t srcPitch, size_t width,
              size_t rows) {
  if (width == 0 || rows == 0)
    return true;
  const cu::DriverApi &api = c.rt->api();
  if (rows == 1 || (srcPitch == width && dstPitch == width))
    return check(ctx, c,
                 api.cuMemcpyDtoDAsync(dptr(dst), dptr(src), width * rows,
                                       stream),
                 "cuMemcpyDtoDAsync");
  cu::CudaMemcpy2D k;
  k.srcMemoryType = k.dstMemoryType = cu::CU_MEMORYTYPE_DEVICE;
  k.srcDevice = dptr(src);
  k.srcPitch = srcPitch;
  k.dstDevice = dptr(dst);
  k.dstPitch = dstPitch;
  k.WidthInBytes = width;
  k.Height = rows;
  return check(ctx, c, api.cuMemcpy2DAsync(&k, stream), "cuMemcpy2DAsync");
}

/// Axis `ax` of `t` as rows: the count of rows before it, and the bytes of
/// one index along it (everything after it).
void axisRows(const parax::TensorType &t, int64_t ax, size_t &rows,
              size_t &inner) {
  rows = 1;
  inner = size_t(parax::dtypeSize(t.dtype));
  for (int64_t i = 0; i < int64_t(t.shape.size()); ++i)
    if (i < ax)
      rows *= size_t(t.shape[size_t(i)]);
    else if (i > ax)
      inner *= size_t(t.shape[size_t(i)]);
}

/// One device of a pmap: its context (the CPU runtime's, for prints,
/// collectives and host temporaries), its call state on its logical
/// device, and its arguments, constants and results.
struct PmapDevice {
  ParaxRtContext ctx;
  Call call;
  std::vector<void *> args, consts, outs;
  std::vector<std::string> prints;
};

/// Makes `l` current on this thread; false (error set) on failure.
bool current(ParaxRtContext *ctx, Call &c, CudaRuntime::Logical *l) {
  std::string error;
  if (c.rt->makeCurrent(*l, error))
    return true;
  setError(ctx, error);
  return false;
}

} // namespace

extern "C" int32_t parax_cuda_rt_pmap(ParaxRtContext *ctx, int32_t opId,
                                      ParaxEntryFn body, void *const *ins,
                                      void **outs) {
  Call *outer = callOf(ctx);
  if (!outer) {
    setError(ctx, "a pmap outside a device-resident program");
    return 1;
  }
  std::vector<std::unique_ptr<PmapDevice>> devs;
  auto unregister = [&] {
    for (auto &d : devs) { // every device is done: no wait is still to come
      for (cu::CUevent e : d->call.events)
        d->call.rt->api().cuEventDestroy(e);
      d->call.events.clear();
    }
    std::lock_guard<std::mutex> lock(callsMutex);
    for (auto &d : devs)
      calls.erase(&d->ctx);
  };
  try {
    const parax::ir::Operation &op = *ctx->info->ops[size_t(opId)];
    const auto &caps = ctx->info->captures[size_t(opId)];
    const auto &inAxes = op.attrs().getInts("in_axes");
    const auto &outAxes = op.attrs().getInts("out_axes");
    unsigned nOps = op.numOperands(), nRes = op.numResults();
    parax::runtime::PmapCommunicator pc(
        op, int(op.attrs().getInt("axis_size")), ctx->backend->stopFlag());
    int n = pc.localDevices;
    parax::runtime::DeviceCollectives &comm = *pc.comm;
    CudaRuntime &rt = *outer->rt;
    cu::CUstream outStream = outer->dev->stream;
    // Each device's state on its logical device (global index d: GPU
    // d % #GPUs, its own stream and allocator).
    for (int d = 0; d < n; ++d) {
      auto pd = std::make_unique<PmapDevice>();
      std::string error;
      pd->call.rt = &rt;
      pd->call.dev = rt.logical(pc.offset + d, error);
      if (!pd->call.dev) {
        unregister();
        setError(ctx, error);
        return 1;
      }
      pd->call.program = outer->program;
      pd->call.constHost = outer->constHost;
      pd->call.constBytes = outer->constBytes;
      // Collectives on the devices when every device is a thread here.
      if (dynamic_cast<parax::runtime::ThreadCommunicator *>(pc.comm.get()))
        pd->call.pmapDevices = n;
      ParaxRtContext &dc = pd->ctx;
      dc.info = ctx->info;
      dc.backend = ctx->backend;
      dc.print = ctx->print;
      dc.device = pc.offset + d;
      dc.comm = &comm;
      dc.prints = &pd->prints;
      devs.push_back(std::move(pd));
      std::lock_guard<std::mutex> lock(callsMutex);
      calls[&devs.back()->ctx] = &devs.back()->call;
    }
    // One logical device per GPU: the collectives go through NCCL.
    std::vector<int> gpus;
    for (auto &d : devs)
      gpus.push_back(rt.devices()[size_t(d->call.dev->gpu)].ordinal);
    std::atomic<bool> ncclAborted{false};
    // The strict fake driver takes NCCL only when PARAX_NCCL names its own
    // (a real libnccl cannot run over fake GPUs). The pmap's clique is made
    // here, before the device threads: where NCCL cannot make it, every
    // device keeps to the devices' own collectives.
    if (devs.size() > 1 && devs[0]->call.pmapDevices > 0 &&
        std::set<int>(gpus.begin(), gpus.end()).size() == gpus.size() &&
        (!rt.fake() || std::getenv("PARAX_NCCL"))) {
      std::string why;
      cu::NcclCliques *nccl = cu::NcclCliques::get(why);
      if (nccl && nccl->comm(gpus, 0, ncclAborted, why) &&
          current(ctx, *outer, outer->dev)) {
        for (auto &d : devs) {
          d->call.ncclGpus = gpus;
          d->call.ncclAborted = &ncclAborted;
        }
      } else if (std::getenv("PARAX_CUDA_VERBOSE")) {
        std::fprintf(stderr, "parax cuda: pmap collectives without NCCL: %s\n",
                     why.c_str());
      }
    }
    auto abortNccl = [&] {
      std::string why;
      if (!devs[0]->call.ncclGpus.empty() && !ncclAborted)
        cu::NcclCliques::get(why)->abort(gpus, ncclAborted);
    };
    auto fail = [&] {
      int32_t st = 1;
      abortNccl();
      for (auto &d : devs) {
        if (d->ctx.error && !ctx->error)
          ctx->error = d->ctx.error;
        sync(ctx, d->call);
        while (!d->call.blocks.empty())
          freeBlock(d->call, d->call.blocks.begin()->first);
      }
      unregister();
      if (!ctx->error)
        setError(ctx, "pmap failed");
      return st;
    };
    // Operands, then captures: on the devices of the caller's GPU a view of
    // the caller's block (a shard along axis 0) or the block itself; on
    // another GPU, or sliced along another axis, a copy on the caller's
    // stream (ordered after whatever produced it). A parted argument
    // (ir/PmapParts.h) is one operand per device: device d gets only the
    // d-th, whole.
    parax::ir::PmapParts parts = parax::ir::pmapParts(op);
    auto place = [&](char *p, const parax::TensorType &t, int64_t ax,
                     int only) -> bool {
      if (!outer->find(p)) {
        if (ax >= 0 || only >= 0) { // a host buffer: up it goes
          void *up = allocate(ctx, *outer, size_t(t.byteSize()), 1);
          if (!up || !upload(ctx, *outer, up, p, size_t(t.byteSize())))
            return false;
          p = static_cast<char *>(up);
        } else { // a host scalar: the body reads it in place
          for (auto &d : devs)
            d->args.push_back(p);
          return true;
        }
      }
      parax::TensorType part = t;
      size_t rows = 1, inner = size_t(t.byteSize());
      if (ax >= 0) {
        axisRows(t, ax, rows, inner);
        part.shape.erase(part.shape.begin() + ax);
      }
      size_t bytes = size_t(part.byteSize());
      for (int d = only < 0 ? 0 : only; d < (only < 0 ? n : only + 1); ++d) {
        PmapDevice &pd = *devs[size_t(d)];
        char *src = ax < 0 ? p : p + size_t(d) * (ax == 0 ? bytes : inner);
        if (ax <= 0 && pd.call.dev->gpu == outer->dev->gpu) {
          pd.call.blocks[uintptr_t(src)] = {bytes, -1, false};
          pd.args.push_back(src);
          continue;
        }
        if (!current(ctx, *outer, pd.call.dev))
          return false;
        void *dst = allocate(&pd.ctx, pd.call, bytes, -1);
        if (!current(ctx, *outer, outer->dev) || !dst ||
            !copyRows(ctx, *outer, outStream, static_cast<char *>(dst),
                      ax > 0 ? inner : bytes, src,
                      ax > 0 ? size_t(t.shape[size_t(ax)]) * inner : bytes,
                      ax > 0 ? inner : bytes, ax > 0 ? rows : 1))
          return false;
        pd.args.push_back(dst);
      }
      return true;
    };
    for (unsigned a = 0; a < parts.numArgs(); ++a) {
      if (!parts.partedIn[a]) {
        unsigned k = parts.operandFor(a, 0);
        if (!place(static_cast<char *>(ins[k]), op.operand(k)->type(),
                   inAxes[a], -1))
          return fail();
        continue;
      }
      for (int d = 0; d < n; ++d) {
        unsigned k = parts.operandFor(a, d);
        if (!place(static_cast<char *>(ins[k]), op.operand(k)->type(), -1, d))
          return fail();
      }
    }
    for (size_t j = 0; j < caps.size(); ++j)
      if (!place(static_cast<char *>(ins[nOps + j]), caps[j]->type(), -1, -1))
        return fail();
    // The stacked results, in the caller's memory: each device writes its
    // part at the end of its run.
    std::vector<void *> results(nRes, nullptr);
    for (unsigned r = 0; r < nRes; ++r) {
      results[r] = allocate(ctx, *outer, size_t(op.result(r)->type().byteSize()), 1);
      if (!results[r])
        return fail();
    }
    // The devices' constants, then one wait for the caller's stream: what
    // the devices read of the caller's memory is complete.
    for (auto &d : devs) {
      d->consts.assign(std::max<size_t>(1, outer->constHost.size()), nullptr);
      if (!current(ctx, *outer, d->call.dev) ||
          !mapConstants(&d->ctx, d->call, d->consts.data()))
        return fail();
      d->ctx.consts = d->consts.data();
    }
    // The devices' streams start after the caller's work so far (what they
    // read of its memory, the copies above): an event, not a host wait.
    const cu::DriverApi &api = rt.api();
    auto record = [&](ParaxRtContext *cx, Call &owner, cu::CUstream on,
                      cu::CUevent &e) {
      if (!check(cx, owner, api.cuEventCreate(&e, cu::CU_EVENT_DISABLE_TIMING),
                 "cuEventCreate"))
        return false;
      owner.events.push_back(e);
      return check(cx, owner, api.cuEventRecord(e, on), "cuEventRecord");
    };
    cu::CUevent start = nullptr;
    if (!current(ctx, *outer, outer->dev) ||
        !record(ctx, devs[0]->call, outStream, start))
      return fail();
    for (auto &d : devs)
      if (!check(ctx, *outer, api.cuStreamWaitEvent(d->call.dev->stream, start, 0),
                 "cuStreamWaitEvent"))
        return fail();
    std::vector<cu::CUevent> ends(size_t(n), nullptr);
    std::atomic<int> firstFailed{-1};
    auto runDevice = [&](int d) {
      PmapDevice &pd = *devs[size_t(d)];
      ParaxRtContext *dc = &pd.ctx;
      parax::setCurrentDevice(d);
      bool ok = current(dc, pd.call, pd.call.dev);
      try {
        pd.outs.assign(nRes + 1, nullptr);
        if (ok)
          parax::runtime::callCompiled(body, pd.args.data(), pd.outs.data(),
                                       *dc);
      } catch (...) {
        if (!dc->error)
          dc->error = std::current_exception();
        ok = false;
      }
      ok = ok && !pd.call.failed;
      cu::CUstream s = pd.call.dev->stream;
      // Yield k's result: stacked, device 0's (unmapped), or with parted
      // results this device's own result, whole.
      for (unsigned k = 0; k < unsigned(outAxes.size()) && ok; ++k) {
        unsigned r = parts.resultFor(k, d);
        const parax::TensorType &rtype = op.result(r)->type();
        int64_t ax = parts.partedOut ? -1 : outAxes[k];
        size_t rows = 1, inner = size_t(rtype.byteSize());
        if (ax >= 0)
          axisRows(rtype, ax, rows, inner);
        if (ax < 0 && d != 0 && !parts.partedOut)
          continue; // unmapped: device 0's value
        char *part = static_cast<char *>(pd.outs[k]);
        char *dst = static_cast<char *>(results[r]) +
                    (ax < 0 ? 0 : size_t(d) * inner);
        size_t partBytes = ax < 0 ? inner : rows * inner;
        if (!pd.call.find(part)) { // a host value (a scalar): up it goes
          ok = check(dc, pd.call,
                     pd.call.rt->api().cuMemcpyHtoDAsync(dptr(dst), part, partBytes, s),
                     "cuMemcpyHtoDAsync");
          continue;
        }
        ok = copyRows(dc, pd.call, s, dst, ax < 0 ? partBytes : size_t(n) * inner,
                      part, ax < 0 ? partBytes : inner, ax < 0 ? partBytes : inner,
                      ax < 0 ? 1 : rows);
      }
      // The caller's stream waits for this event: then the results are in
      // place. A failed device waits for its stream instead. Its blocks go
      // back to its allocator: reused in this stream's order.
      if (ok)
        ok = record(dc, pd.call, s, ends[size_t(d)]);
      else
        sync(dc, pd.call);
      while (!pd.call.blocks.empty())
        freeBlock(pd.call, pd.call.blocks.begin()->first);
      if (!ok) {
        int none = -1;
        firstFailed.compare_exchange_strong(none, d);
        comm.abort();
        abortNccl(); // peers waiting in a collective for this device leave
      }
      parax::setCurrentDevice(0);
    };
    ctx->backend->pool().run(n, runDevice);
    std::string error;
    rt.makeCurrent(*outer->dev, error);
    for (cu::CUevent e : ends)
      if (e)
        check(ctx, *outer, api.cuStreamWaitEvent(outStream, e, 0),
              "cuStreamWaitEvent");
    for (auto &d : devs)
      for (auto &line : d->prints)
        (*ctx->print)(line);
    unregister();
    if (firstFailed >= 0) {
      PmapDevice &f = *devs[size_t(firstFailed.load())];
      if (f.ctx.error)
        std::rethrow_exception(f.ctx.error);
      setError(ctx, "pmap device " + std::to_string(firstFailed.load()) +
                        " failed");
      return 1;
    }
    for (unsigned r = 0; r < nRes; ++r)
      outs[r] = results[r];
    return 0;
  } catch (...) {
    unregister();
    if (!ctx->error)
      ctx->error = std::current_exception();
    return 1;
  }
}

namespace {

/// The devices `me` combines or gathers with, in the communicator's order
/// (ThreadCommunicator::membersOf): its group of a collective over some
/// mesh axes, else every device of the pmap; `pos` is its place there.
std::vector<int> membersOf(const parax::ir::Operation &op, int me, int n,
                           size_t &pos) {
  std::vector<int> members;
  pos = size_t(me);
  if (op.attrs().has("groups")) {
    const auto &groups = op.attrs().getInts("groups");
    size_t gs = size_t(op.attrs().getInt("group_size"));
    size_t at = 0;
    while (at < groups.size() && groups[at] != me)
      ++at;
    for (size_t k = at - at % gs; k < at - at % gs + gs && k < groups.size(); ++k)
      members.push_back(int(groups[k]));
    pos = at % gs;
  } else {
    for (int q = 0; q < n; ++q)
      members.push_back(q);
  }
  return members;
}

/// The collective through NCCL (every device its own GPU): an all-reduce
/// of a dtype NCCL has, or an all-gather (bytes, then rearranged when the
/// gathered axis is not the outermost). False (nothing done) for every
/// other op; like deviceCollective's, the decision depends on the op only.
bool ncclCollective(ParaxRtContext *ctx, Call &c, const parax::ir::Operation &op,
                    void *in, void **out, int32_t &st) {
  namespace ir = parax::ir;
  ir::CollectivePattern pattern = ir::collectivePattern(op.kind());
  const parax::TensorType &xt = op.operand(0)->type();
  const parax::TensorType &rtype = op.result(0)->type();
  int type = -1, red = -1;
  if (pattern == ir::CollectivePattern::AllReduce) {
    type = cu::NcclCliques::dataType(xt.dtype);
    red = cu::NcclCliques::redOp(ir::collectiveCombiner(op.kind()));
    if (type < 0 || red < 0)
      return false;
  } else if (pattern == ir::CollectivePattern::AllGather) {
    type = parax::nccl_abi::ncclInt8; // bytes: the layout is ours
  } else {
    return false;
  }
  st = 1;
  std::string error;
  cu::NcclCliques *nccl = cu::NcclCliques::get(error);
  size_t pos = 0;
  std::vector<int> members = membersOf(op, ctx->device, c.pmapDevices, pos);
  std::vector<int> gpus;
  for (int q : members)
    gpus.push_back(c.ncclGpus[size_t(q)]);
  cu::ncclComm_t comm = nccl->comm(gpus, int(pos), *c.ncclAborted, error);
  // ncclCommInitAll may leave another GPU current on this thread.
  if (!comm || !c.rt->makeCurrent(*c.dev, error)) {
    setError(ctx, error);
    return true;
  }
  cu::CUstream s = c.dev->stream;
  void *res = allocate(ctx, c, size_t(rtype.byteSize()), 1);
  if (!res)
    return true;
  size_t bytes = size_t(xt.byteSize());
  auto called = [&](cu::ncclResult_t r, const char *what) {
    if (r == cu::ncclSuccess)
      return true;
    setError(ctx, std::string(what) + ": " + nccl->errorText(r));
    return false;
  };
  bool ok = true;
  if (pattern == ir::CollectivePattern::AllReduce) {
    if (xt.numElements() > 0)
      ok = called(nccl->api().ncclAllReduce(in, res, size_t(xt.numElements()),
                                            type, red, comm, s),
                  "ncclAllReduce");
  } else if (bytes > 0) {
    // NCCL gathers rank after rank; an axis other than the outermost takes
    // a staging block and one 2D copy per member.
    int64_t axis = op.attrs().getInt("axis");
    size_t rows = 1;
    for (int64_t i = 0; i < axis; ++i)
      rows *= size_t(xt.shape[size_t(i)]);
    size_t inner = rows ? bytes / rows : 0;
    void *gathered = rows == 1 ? res : allocate(ctx, c, members.size() * bytes, 1);
    ok = gathered && called(nccl->api().ncclAllGather(in, gathered, bytes, type,
                                                      comm, s),
                            "ncclAllGather");
    for (size_t q = 0; q < members.size() && ok && rows != 1; ++q)
      ok = copyRows(ctx, c, s, static_cast<char *>(res) + q * inner,
                    members.size() * inner,
                    static_cast<char *>(gathered) + q * bytes, inner, inner, rows);
    if (gathered && gathered != res)
      parax_cuda_release(ctx, gathered); // stream-ordered
  }
  if (!ok)
    return true;
  *out = res;
  st = 0;
  return true;
}

bool deviceCollective(ParaxRtContext *ctx, Call &c, int32_t opId, void *in,
                      void **out, int32_t &st) {
  namespace ir = parax::ir;
  const ir::Operation &op = *ctx->info->ops[size_t(opId)];
  if (!c.ncclGpus.empty() && ncclCollective(ctx, c, op, in, out, st))
    return true;
  ir::CollectivePattern pattern = ir::collectivePattern(op.kind());
  const parax::TensorType &xt = op.operand(0)->type();
  const parax::TensorType &rtype = op.result(0)->type();
  cu::CombineKernel ck;
  if (pattern == ir::CollectivePattern::AllReduce) {
    ck = cu::combineKernel(ir::collectiveCombiner(op.kind()), xt.dtype);
    if (!ck.ptx)
      return false;
  } else if (pattern != ir::CollectivePattern::AllGather &&
             pattern != ir::CollectivePattern::Permute) {
    return false;
  }
  st = 1;
  const cu::DriverApi &api = c.rt->api();
  cu::CUstream s = c.dev->stream;
  const int n = c.pmapDevices, me = ctx->device;
  void *res = allocate(ctx, c, size_t(rtype.byteSize()), 1);
  if (!res)
    return true;
  auto event = [&](cu::CUevent &e) {
    if (!check(ctx, c, api.cuEventCreate(&e, cu::CU_EVENT_DISABLE_TIMING),
               "cuEventCreate"))
      return false;
    c.events.push_back(e);
    return check(ctx, c, api.cuEventRecord(e, s), "cuEventRecord");
  };
  auto waitAll = [&](const std::vector<int64_t> &rows, size_t width,
                     size_t col) {
    for (int q = 0; q < n; ++q)
      if (q != me &&
          !check(ctx, c,
                 api.cuStreamWaitEvent(
                     s,
                     reinterpret_cast<cu::CUevent>(
                         uintptr_t(rows[size_t(q) * width + col])),
                     0),
                 "cuStreamWaitEvent"))
        return false;
    return true;
  };
  // 1. Every operand is complete before anyone reads it.
  cu::CUevent ready = nullptr, done = nullptr;
  bool ok = event(ready);
  std::vector<int64_t> all = exchange(
      ctx, {int64_t(uintptr_t(in)), int64_t(uintptr_t(ready)), c.dev->gpu});
  auto operand = [&](int q) {
    return reinterpret_cast<char *>(uintptr_t(all[size_t(q) * 3]));
  };
  ok = ok && waitAll(all, 3, 1);
  // 2. This device's result, on its stream.
  std::vector<uintptr_t> staged;
  if (ok && pattern == ir::CollectivePattern::AllGather) {
    int64_t axis = op.attrs().getInt("axis");
    size_t rows = 1;
    for (int64_t i = 0; i < axis; ++i)
      rows *= size_t(xt.shape[size_t(i)]);
    size_t inner = rows ? size_t(xt.byteSize()) / rows : 0;
    size_t pos = 0;
    std::vector<int> members = membersOf(op, me, n, pos);
    for (size_t k = 0; k < members.size() && ok && inner; ++k)
      ok = copyRows(ctx, c, s, static_cast<char *>(res) + k * inner,
                    members.size() * inner, operand(members[k]), inner, inner,
                    rows);
  } else if (ok && pattern == ir::CollectivePattern::Permute) {
    const auto &pairs = op.attrs().getInts("perm");
    bool got = false;
    for (size_t i = 0; i + 1 < pairs.size() && ok; i += 2)
      if (pairs[i + 1] == me) {
        ok = copyRows(ctx, c, s, static_cast<char *>(res), 0,
                      operand(int(pairs[i])), 0, size_t(xt.byteSize()), 1);
        got = true;
      }
    if (ok && !got)
      ok = check(ctx, c,
                 api.cuMemsetD8Async(dptr(res), 0, size_t(rtype.byteSize()), s),
                 "cuMemsetD8Async");
  } else if (ok) {
    // The members in combine order (ThreadCommunicator::allReduce's).
    size_t pos = 0;
    std::vector<int> members = membersOf(op, me, n, pos);
    size_t bytes = size_t(xt.byteSize());
    // An operand on another GPU is copied here first (a peer copy), so the
    // kernel reads only this GPU's memory.
    std::vector<char *> xs;
    for (int q : members) {
      char *x = operand(q);
      if (all[size_t(q) * 3 + 2] != c.dev->gpu && ok) {
        void *t = allocate(ctx, c, bytes, 1);
        ok = t && copyRows(ctx, c, s, static_cast<char *>(t), 0, x, 0, bytes, 1);
        staged.push_back(uintptr_t(t));
        x = static_cast<char *>(t);
      }
      xs.push_back(x);
    }
    if (ok && xs.size() == 1)
      ok = copyRows(ctx, c, s, static_cast<char *>(res), 0, xs[0], 0, bytes, 1);
    uint64_t count = uint64_t(xt.numElements());
    for (size_t k = 1; k < xs.size() && ok && count; ++k) {
      // ((x0 (+) x1) (+) x2) ...: res = res (+) xk after the first step.
      uint64_t o = uint64_t(uintptr_t(res)),
               a = uint64_t(uintptr_t(k == 1 ? xs[0] : static_cast<char *>(res))),
               b = uint64_t(uintptr_t(xs[k]));
      void *params[4] = {&o, &a, &b, &count};
      std::string error;
      if (!c.rt->launch(me, ck.ptx, ck.name, params,
                        int32_t(parax::codegen::GpuKernelKind::Grid),
                        int64_t(count), ck.unpack, false, error)) {
        setError(ctx, error);
        ok = false;
      }
    }
  }
  for (uintptr_t t : staged)
    if (t)
      parax_cuda_release(ctx, reinterpret_cast<void *>(t)); // stream-ordered
  // 3. Nobody's operand is reused before every device has read it.
  ok = event(done) && ok;
  std::vector<int64_t> fin = exchange(ctx, {int64_t(uintptr_t(done))});
  ok = ok && waitAll(fin, 1, 0);
  if (!ok)
    return true;
  *out = res;
  st = 0;
  return true;
}

} // namespace
