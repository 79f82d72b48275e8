//===- FakeCudaDriver.cpp - a strict functional libcuda stand-in ----------===//
//
// Built as a shared library and loaded through PARAX_CUDA_DRIVER, it lets
// `--backend cuda` run whole programs without a GPU, strictly:
//  - device memory is an arena the host cannot touch: it is mapped
//    PROT_NONE except while the fake itself runs a copy or a kernel, so a
//    host access to a device pointer faults (the test fails with SIGSEGV);
//    there is no pageable memory access (HMM attribute 0);
//  - streams are queues: launches, async copies and memsets run in order
//    only when the stream is synchronised (a host read that forgot to
//    synchronise sees stale bytes); a launch copies its argument values,
//    sized by the kernel's .param list in the PTX, at enqueue time;
//  - a kernel runs its emulated host compilation, which parax binds to
//    the function before each launch (paraxFakeBindHostKernel), with the
//    launch's real grid and block;
//  - it counts launches, synchronisations and host<->device bytes, per
//    compiled call (paraxFakeCallBegin/End) and in total, and logs them to
//    $PARAX_FAKE_CUDA_LOG: "launch NAME grid G block B params P" lines and
//    "call PROGRAM launches L syncs S h2d B d2h B d2d B allocs A args X
//    results Y" lines.
// PARAX_FAKE_CUDA_DEVICES (default 1) GPUs with PARAX_FAKE_CUDA_SMS (132)
// SMs and PARAX_FAKE_CUDA_MEMORY bytes each (default 80 GiB, reserved, not
// committed).
//
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <regex>
#include <csignal>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

#include "FakeCudaState.h"
#include <vector>

namespace fakecuda {

using HostRunner = void (*)(void (*)(void **), void **, int, unsigned,
                            unsigned);

struct Module {
  std::string ptx;
};
struct Function {
  std::string name;
  std::vector<size_t> paramBytes;
  void (*unpack)(void **) = nullptr;
  int kind = 0;
  HostRunner run = nullptr;
};
struct CallFrame {
  std::string program;
  size_t args = 0;
  Counters at; ///< the totals when the call began
};

std::recursive_mutex mu;
std::vector<Gpu> gpus;
/// The calling thread's current context (per thread, as in CUDA: a pmap's
/// device threads each work on their own GPU).
thread_local int current = 0;
Counters total;
std::vector<CallFrame> frames;
int openDepth = 0;

int fail(const char *what) {
  std::fprintf(stderr, "fake cuda: %s\n", what);
  return 1; // CUDA_ERROR_INVALID_VALUE
}

size_t envSize(const char *name, size_t dflt) {
  const char *v = std::getenv(name);
  return v && *v ? size_t(std::strtoull(v, nullptr, 10)) : dflt;
}

void logLine(const std::string &line) {
  const char *log = std::getenv("PARAX_FAKE_CUDA_LOG");
  if (!log)
    return;
  if (FILE *out = std::fopen(log, "a")) {
    std::fputs(line.c_str(), out);
    std::fclose(out);
  }
}

size_t pageRound(size_t n) {
  size_t p = size_t(sysconf(_SC_PAGESIZE));
  return (n + p - 1) / p * p;
}

void protect(int prot) {
  for (Gpu &g : gpus)
    if (g.top && mprotect(g.base, pageRound(g.top), prot) != 0) {
      std::perror("fake cuda: mprotect of the device arena");
      std::abort();
    }
}

/// Device memory readable and writable by the host only inside the fake.
void openArenas() {
  if (openDepth++ == 0)
    protect(PROT_READ | PROT_WRITE);
}
void closeArenas() {
  if (--openDepth == 0)
    protect(PROT_NONE);
}

/// A fault on the arena is a host access to device memory: say so.
struct sigaction previousSegv;
void onSegv(int sig, siginfo_t *info, void *uc) {
  uintptr_t a = uintptr_t(info->si_addr);
  for (Gpu &g : gpus)
    if (a >= uintptr_t(g.base) && a < uintptr_t(g.base) + g.capacity) {
      static const char msg[] =
          "fake cuda: the host touched device memory (SIGSEGV in the arena)\n";
      ssize_t w = write(2, msg, sizeof(msg) - 1);
      (void)w;
      break;
    }
  sigaction(SIGSEGV, &previousSegv, nullptr);
  if (previousSegv.sa_flags & SA_SIGINFO && previousSegv.sa_sigaction)
    previousSegv.sa_sigaction(sig, info, uc);
  else
    raise(sig);
}

/// The GPU whose arena holds [p, p + n) inside one live block, or -1.
int deviceOf(uintptr_t p, size_t n) {
  for (size_t i = 0; i < gpus.size(); ++i) {
    Gpu &g = gpus[i];
    auto it = g.live.upper_bound(p);
    if (it == g.live.begin())
      continue;
    --it;
    if (p >= it->first && p + n <= it->first + std::max<size_t>(it->second, 1))
      return int(i);
  }
  return -1;
}
int currentGpu() { return current; }
bool inArena(uintptr_t p) {
  for (Gpu &g : gpus)
    if (p >= uintptr_t(g.base) && p < uintptr_t(g.base) + g.capacity)
      return true;
  return false;
}

void runQueue(Stream &s) {
  openArenas();
  while (!s.queue.empty()) {
    std::function<void()> op = std::move(s.queue.front());
    s.queue.pop_front();
    op();
  }
  closeArenas();
}

std::vector<Stream *> streams;

void drainAll() {
  for (Stream *s : streams)
    runQueue(*s);
}

void init() {
  if (!gpus.empty())
    return;
  size_t n = std::max<size_t>(1, envSize("PARAX_FAKE_CUDA_DEVICES", 1));
  size_t mem = envSize("PARAX_FAKE_CUDA_MEMORY", size_t(80) << 30);
  gpus.resize(n);
  for (Gpu &g : gpus) {
    g.capacity = mem;
    void *p = mmap(nullptr, mem, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
      std::fprintf(stderr, "fake cuda: cannot reserve the device arena\n");
      std::abort();
    }
    g.base = static_cast<char *>(p);
  }
  struct sigaction sa {};
  sa.sa_sigaction = onSegv;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &previousSegv);
}

/// Byte sizes of the .param list of `.entry name(` in `ptx`.
bool paramSizes(const std::string &ptx, const std::string &name,
                std::vector<size_t> &out) {
  size_t at = ptx.find(".entry " + name + "(");
  if (at == std::string::npos)
    return false;
  size_t end = ptx.find(')', at);
  std::string list = ptx.substr(at, end - at);
  static const std::regex param(
      R"(\.param\s+(?:\.align\s+\d+\s+)?\.([usbf])(\d+)[^,\[]*(?:\[(\d+)\])?)");
  for (std::sregex_iterator it(list.begin(), list.end(), param), e; it != e;
       ++it) {
    size_t bits = size_t(std::stoul((*it)[2]));
    size_t count = (*it)[3].matched ? size_t(std::stoul((*it)[3])) : 1;
    out.push_back(std::max<size_t>(1, bits / 8) * count);
  }
  return true;
}

} // namespace fakecuda

using namespace fakecuda;

extern "C" {
int cuInit(unsigned) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  init();
  return 0;
}
int cuDriverGetVersion(int *v) {
  *v = 13000;
  return 0;
}
int cuGetErrorString(int, const char **s) {
  *s = "fake error";
  return 0;
}
int cuGetErrorName(int, const char **s) {
  *s = "CUDA_ERROR_FAKE";
  return 0;
}
int cuDeviceGetCount(int *n) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  init();
  *n = int(gpus.size());
  return 0;
}
int cuDeviceGet(int *d, int i) {
  *d = i;
  return 0;
}
int cuDeviceGetName(char *name, int len, int d) {
  std::snprintf(name, size_t(len), "Fake GPU %d", d);
  return 0;
}
int cuDeviceGetAttribute(int *v, int attr, int) {
  switch (attr) {
  case 1: *v = 1024; return 0; // max threads per block
  case 16: *v = int(envSize("PARAX_FAKE_CUDA_SMS", 132)); return 0;
  case 75: *v = 9; return 0; // compute capability 9.0
  case 76: *v = 0; return 0;
  case 88: *v = 0; return 0; // no pageable memory access
  default: return 1;
  }
}
int cuDeviceTotalMem_v2(size_t *b, int d) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  init();
  *b = gpus[size_t(d)].capacity;
  return 0;
}
int cuDevicePrimaryCtxRetain(void **c, int d) {
  static int ctx[64];
  *c = &ctx[d & 63];
  return 0;
}
int cuDevicePrimaryCtxRelease_v2(int) { return 0; }
int cuCtxSetCurrent(void *c) {
  static int ctx0;
  (void)ctx0;
  std::lock_guard<std::recursive_mutex> lock(mu);
  // The contexts are the elements of cuDevicePrimaryCtxRetain's array.
  if (c) {
    void *first = nullptr;
    cuDevicePrimaryCtxRetain(&first, 0);
    current = int(static_cast<int *>(c) - static_cast<int *>(first));
  }
  return 0;
}
int cuCtxSynchronize() {
  std::lock_guard<std::recursive_mutex> lock(mu);
  drainAll();
  ++total.syncs;
  return 0;
}
int cuModuleLoadDataEx(void **m, const void *image, unsigned, int *, void **) {
  std::string ptx = static_cast<const char *>(image);
  if (ptx.find(".target sm_") == std::string::npos ||
      ptx.find(".entry") == std::string::npos)
    return fail("module without .target or .entry");
  *m = new Module{ptx};
  return 0;
}
int cuModuleGetFunction(void **f, void *m, const char *name) {
  auto *fn = new Function;
  fn->name = name;
  if (!paramSizes(static_cast<Module *>(m)->ptx, name, fn->paramBytes)) {
    delete fn;
    return 500; // CUDA_ERROR_NOT_FOUND
  }
  *f = fn;
  return 0;
}
int cuModuleUnload(void *) { return 0; }

int paraxFakeBindHostKernel(void *f, void (*unpack)(void **), int kind,
                            HostRunner run) {
  auto *fn = static_cast<Function *>(f);
  fn->unpack = unpack;
  fn->kind = kind;
  fn->run = run;
  return 0;
}

int cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                   unsigned by, unsigned bz, unsigned, void *stream,
                   void **params, void **) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  auto *fn = static_cast<Function *>(f);
  if (gx < 1 || gy != 1 || gz != 1 || by != 1 || bz != 1 || bx < 1 ||
      bx > 1024)
    return fail("unexpected launch dimensions");
  if (!stream)
    return fail("a launch on the legacy default stream");
  if (!fn->unpack || !fn->run)
    return fail("a launch without the kernel's host compilation");
  // The argument values, copied now as the driver does.
  auto values = std::make_shared<std::vector<std::vector<unsigned char>>>();
  for (size_t i = 0; i < fn->paramBytes.size(); ++i) {
    if (!params || !params[i])
      return fail("missing kernel argument");
    const auto *b = static_cast<const unsigned char *>(params[i]);
    values->emplace_back(b, b + fn->paramBytes[i]);
  }
  auto unpack = fn->unpack;
  auto run = fn->run;
  int kind = fn->kind;
  static_cast<Stream *>(stream)->queue.push_back([=] {
    std::vector<void *> ptrs;
    for (auto &v : *values)
      ptrs.push_back(v.data());
    ptrs.push_back(nullptr);
    run(unpack, ptrs.data(), kind, gx, bx);
  });
  fn->unpack = nullptr; // bound per launch
  ++total.launches;
  logLine("launch " + fn->name + " grid " + std::to_string(gx) + " block " +
          std::to_string(bx) + " params " +
          std::to_string(fn->paramBytes.size()) + "\n");
  return 0;
}

int cuMemAlloc_v2(unsigned long long *p, size_t bytes) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  init();
  Gpu &g = gpus[size_t(current)];
  size_t n = (std::max<size_t>(bytes, 1) + 255) / 256 * 256;
  uintptr_t at = 0;
  auto it = g.freeBlocks.find(n);
  if (it != g.freeBlocks.end()) {
    at = it->second;
    g.freeBlocks.erase(it);
  } else {
    if (g.top + n > g.capacity)
      return 2; // CUDA_ERROR_OUT_OF_MEMORY
    at = uintptr_t(g.base) + g.top;
    g.top += n;
  }
  g.live[at] = n;
  g.used += n;
  ++total.allocs;
  *p = at;
  return 0;
}
int cuMemFree_v2(unsigned long long p) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  drainAll(); // cuMemFree synchronises
  for (Gpu &g : gpus) {
    auto it = g.live.find(uintptr_t(p));
    if (it == g.live.end())
      continue;
    g.freeBlocks.emplace(it->second, it->first);
    g.used -= it->second;
    g.live.erase(it);
    return 0;
  }
  return fail("cuMemFree of a pointer that is not a live allocation");
}
int cuMemGetInfo_v2(size_t *freeBytes, size_t *totalBytes) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  init();
  Gpu &g = gpus[size_t(current)];
  *freeBytes = g.capacity - g.used;
  *totalBytes = g.capacity;
  return 0;
}

int cuMemcpyHtoDAsync_v2(unsigned long long dst, const void *src, size_t n,
                         void *stream) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  if (deviceOf(dst, n) < 0)
    return fail("cuMemcpyHtoDAsync to memory that is not a live allocation");
  if (inArena(uintptr_t(src)))
    return fail("cuMemcpyHtoDAsync from device memory");
  auto staged = std::make_shared<std::vector<unsigned char>>(
      static_cast<const unsigned char *>(src),
      static_cast<const unsigned char *>(src) + n);
  static_cast<Stream *>(stream)->queue.push_back(
      [=] { std::memcpy(reinterpret_cast<void *>(dst), staged->data(), n); });
  total.h2d += n;
  return 0;
}
int cuMemcpyDtoHAsync_v2(void *dst, unsigned long long src, size_t n,
                         void *stream) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  if (deviceOf(src, n) < 0)
    return fail("cuMemcpyDtoHAsync from memory that is not a live allocation");
  if (inArena(uintptr_t(dst)))
    return fail("cuMemcpyDtoHAsync to device memory");
  static_cast<Stream *>(stream)->queue.push_back(
      [=] { std::memcpy(dst, reinterpret_cast<const void *>(src), n); });
  total.d2h += n;
  return 0;
}
int cuMemcpyDtoDAsync_v2(unsigned long long dst, unsigned long long src,
                         size_t n, void *stream) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  if (deviceOf(dst, n) < 0 || deviceOf(src, n) < 0)
    return fail("cuMemcpyDtoDAsync outside live allocations");
  static_cast<Stream *>(stream)->queue.push_back([=] {
    std::memmove(reinterpret_cast<void *>(dst),
                 reinterpret_cast<const void *>(src), n);
  });
  total.d2d += n;
  return 0;
}
int cuMemsetD8Async(unsigned long long dst, unsigned char v, size_t n,
                    void *stream) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  if (deviceOf(dst, n) < 0)
    return fail("cuMemsetD8Async outside live allocations");
  static_cast<Stream *>(stream)->queue.push_back(
      [=] { std::memset(reinterpret_cast<void *>(dst), v, n); });
  return 0;
}
/// CUDA_MEMCPY2D_v2 (runtime/cuda/CudaDriver.h's CudaMemcpy2D).
struct Memcpy2D {
  size_t srcX, srcY;
  int srcType;
  const void *srcHost;
  unsigned long long srcDevice;
  void *srcArray;
  size_t srcPitch, dstX, dstY;
  int dstType;
  void *dstHost;
  unsigned long long dstDevice;
  void *dstArray;
  size_t dstPitch, width, height;
};
int cuMemcpy2DAsync_v2(const Memcpy2D *c, void *stream) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  if (c->srcType != 2 || c->dstType != 2)
    return fail("cuMemcpy2DAsync other than device to device");
  if (c->width > c->srcPitch || c->width > c->dstPitch || c->height == 0)
    return fail("cuMemcpy2DAsync with a pitch below the width");
  // Every row must lie in one live allocation on each side.
  uintptr_t src = uintptr_t(c->srcDevice) + c->srcY * c->srcPitch + c->srcX;
  uintptr_t dst = uintptr_t(c->dstDevice) + c->dstY * c->dstPitch + c->dstX;
  size_t srcSpan = (c->height - 1) * c->srcPitch + c->width;
  size_t dstSpan = (c->height - 1) * c->dstPitch + c->width;
  if (deviceOf(src, srcSpan) < 0 || deviceOf(dst, dstSpan) < 0)
    return fail("cuMemcpy2DAsync outside live allocations");
  Memcpy2D k = *c;
  static_cast<Stream *>(stream)->queue.push_back([=] {
    for (size_t r = 0; r < k.height; ++r)
      std::memmove(reinterpret_cast<void *>(dst + r * k.dstPitch),
                   reinterpret_cast<const void *>(src + r * k.srcPitch),
                   k.width);
  });
  total.d2d += c->width * c->height;
  return 0;
}
// Events: a record is a marker in its stream's queue; a wait is an entry
// in the waiting stream that, when it runs, first runs the recorded
// stream's queue up to the marker (queues run only when synchronised, so
// a missing wait leaves the other stream's work undone: stale bytes).
struct Record {
  bool done = false;
  Stream *stream = nullptr;
};
struct Event {
  std::shared_ptr<Record> last;
};
int cuEventCreate(void **e, unsigned) {
  *e = new Event;
  return 0;
}
int cuEventDestroy_v2(void *e) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  delete static_cast<Event *>(e); // queued waits hold their record
  return 0;
}
int cuEventRecord(void *e, void *stream) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  if (!stream)
    return fail("an event recorded on the legacy default stream");
  auto r = std::make_shared<Record>();
  r->stream = static_cast<Stream *>(stream);
  static_cast<Event *>(e)->last = r;
  r->stream->queue.push_back([r] { r->done = true; });
  return 0;
}
int cuStreamWaitEvent(void *stream, void *e, unsigned) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  std::shared_ptr<Record> r = static_cast<Event *>(e)->last;
  if (!r) // never recorded: nothing to wait for
    return 0;
  static_cast<Stream *>(stream)->queue.push_back([r] {
    while (!r->done) {
      if (r->stream->queue.empty()) {
        fail("a stream waits for an event that can never complete");
        std::abort();
      }
      std::function<void()> op = std::move(r->stream->queue.front());
      r->stream->queue.pop_front();
      op();
    }
  });
  return 0;
}

// The synchronous copies (parax's resident path does not use them).
int cuMemcpyHtoD_v2(unsigned long long dst, const void *src, size_t n) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  if (deviceOf(dst, n) < 0)
    return fail("cuMemcpyHtoD to memory that is not a live allocation");
  drainAll();
  openArenas();
  std::memcpy(reinterpret_cast<void *>(dst), src, n);
  closeArenas();
  total.h2d += n;
  ++total.syncs;
  return 0;
}
int cuMemcpyDtoH_v2(void *dst, unsigned long long src, size_t n) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  if (deviceOf(src, n) < 0)
    return fail("cuMemcpyDtoH from memory that is not a live allocation");
  drainAll();
  openArenas();
  std::memcpy(dst, reinterpret_cast<const void *>(src), n);
  closeArenas();
  total.d2h += n;
  ++total.syncs;
  return 0;
}
int cuMemcpyDtoD_v2(unsigned long long dst, unsigned long long src, size_t n) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  if (deviceOf(dst, n) < 0 || deviceOf(src, n) < 0)
    return fail("cuMemcpyDtoD outside live allocations");
  drainAll();
  openArenas();
  std::memmove(reinterpret_cast<void *>(dst),
               reinterpret_cast<const void *>(src), n);
  closeArenas();
  total.d2d += n;
  return 0;
}
int cuStreamCreate(void **s, unsigned) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  auto *st = new Stream;
  streams.push_back(st);
  *s = st;
  return 0;
}
int cuStreamSynchronize(void *s) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  runQueue(*static_cast<Stream *>(s));
  ++total.syncs;
  return 0;
}
int cuStreamDestroy_v2(void *s) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  runQueue(*static_cast<Stream *>(s));
  return 0;
}

void paraxFakeCallBegin(const char *program, size_t argBytes) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  frames.push_back({program ? program : "?", argBytes, total});
}
void paraxFakeCallEnd(size_t resultBytes) {
  std::lock_guard<std::recursive_mutex> lock(mu);
  if (frames.empty())
    return;
  CallFrame f = frames.back();
  frames.pop_back();
  auto d = [](uint64_t a, uint64_t b) { return std::to_string(a - b); };
  logLine("call " + f.program + " launches " +
          d(total.launches, f.at.launches) + " syncs " +
          d(total.syncs, f.at.syncs) + " h2d " + d(total.h2d, f.at.h2d) +
          " d2h " + d(total.d2h, f.at.d2h) + " d2d " + d(total.d2d, f.at.d2d) +
          " allocs " + d(total.allocs, f.at.allocs) + " args " +
          std::to_string(f.args) + " results " + std::to_string(resultBytes) +
          "\n");
}
}
