//===- Coroutine.cpp - a body that runs on its own native stack -----------===//
#include "frontend/machine/Coroutine.h"
#include "ir/Diagnostics.h"
#include "ir/HostMemory.h"
#include "ir/StackGuard.h"

#include <cxxabi.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <vector>

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PARAX_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define PARAX_ASAN 1
#endif
#ifdef PARAX_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

namespace parax::frontend {

#if defined(__x86_64__)
// Saves the callee-saved registers (and the SSE/x87 control words the ABI
// also preserves) on the current stack, stores its pointer in *from, and
// continues on `to` where an earlier switch left off. A fresh stack starts
// in coroStart, which calls entry(arg) with the arguments planted in r12
// and r13.
extern "C" void parax_coro_switch(void **from, void *to);
extern "C" void parax_coro_start();
asm(R"(
  .text
  .globl parax_coro_switch
  .type parax_coro_switch,@function
parax_coro_switch:
  .cfi_startproc
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .cfi_endproc
  .size parax_coro_switch,.-parax_coro_switch

  .globl parax_coro_start
  .type parax_coro_start,@function
parax_coro_start:
  .cfi_startproc
  .cfi_undefined rip
  movq %r13, %rdi
  andq $-16, %rsp
  callq *%r12
  ud2
  .cfi_endproc
  .size parax_coro_start,.-parax_coro_start
)");
#endif

namespace {
/// Reserved per stack (only touched pages cost memory): room for Python's
/// whole recursion limit inside a body while few bodies are suspended,
/// less as more are, so thousands of suspended generators fit an address
/// space cap. Python recursion takes about 3 KiB of native stack a call.
size_t stackBytesFor(size_t live) {
  if (live < 64)
    return size_t(4) << 20; // ~1000 calls deep
  if (live < 1024)
    return size_t(1) << 20; // ~270
  return size_t(512) << 10; // ~100
}
/// What a suspended body is charged against the host budget: the pages a
/// typical body touches (a deep recursion inside one may commit more).
constexpr int64_t kStackCharge = 64 << 10;
constexpr size_t kPoolMax = 16;

size_t pageSize() {
  static size_t p = size_t(sysconf(_SC_PAGESIZE));
  return p;
}

std::atomic<size_t> gLive{0};

/// The C++ runtime's per-thread exception state (the layout libstdc++ and
/// libc++abi share): the chain of exceptions being handled by running
/// catch blocks, and the count of those in flight. A body that suspends
/// inside a catch block takes its part of the chain with it.
struct EhGlobals {
  void *caughtExceptions;
  unsigned int uncaughtExceptions;
};
EhGlobals *ehGlobals() {
  return reinterpret_cast<EhGlobals *>(abi::__cxa_get_globals());
}
} // namespace

struct Coroutine::Stack {
  char *base = nullptr; ///< The mapping, guard page first.
  size_t bytes = 0;
  HostCharge charge;
#if !defined(__x86_64__)
  ucontext_t ctx, caller;
#endif
  char *low() const { return base + pageSize(); }
  char *high() const { return base + bytes; }
};

namespace {
#if !defined(__x86_64__)
void ucontextEntry(unsigned lo, unsigned hi) {
  Coroutine::entry(reinterpret_cast<void *>(uintptr_t(lo) | (uintptr_t(hi) << 32)));
}
#endif
std::mutex gPoolMutex;
std::vector<Coroutine::Stack *> &pool() {
  static auto *p = new std::vector<Coroutine::Stack *>();
  return *p;
}
} // namespace

size_t Coroutine::liveStacks() { return gLive.load(); }

Coroutine::Coroutine(std::function<void()> body) : body_(std::move(body)) {}

Coroutine::~Coroutine() {
  // An owner that lets a suspended body go without finishing it would leak
  // whatever the body's frames hold; the stack itself goes back either way.
  releaseStack();
}

void Coroutine::releaseStack() {
  if (stack_) {
    std::lock_guard<std::mutex> lock(gPoolMutex);
    if (pool().size() < kPoolMax) {
      stack_->charge.update(0, "");
      pool().push_back(stack_);
    } else {
      munmap(stack_->base, stack_->bytes);
      delete stack_;
    }
    stack_ = nullptr;
    --gLive;
  }
}

void Coroutine::entry(void *arg) {
  auto *self = static_cast<Coroutine *>(arg);
#ifdef PARAX_ASAN
  __sanitizer_finish_switch_fiber(nullptr, &self->callerBottom_, &self->callerSize_);
#endif
  try {
    self->body_();
  } catch (...) {
    self->error_ = std::current_exception();
  }
  self->finished_ = true;
  self->body_ = nullptr;
  self->switchOut();
  __builtin_trap(); // a finished body is never resumed
}

bool Coroutine::resume() {
  if (finished_)
    return false;
  if (!stack_) {
    Stack *s = nullptr;
    {
      std::lock_guard<std::mutex> lock(gPoolMutex);
      if (!pool().empty()) {
        s = pool().back();
        pool().pop_back();
      }
    }
    if (!s) {
      size_t live = gLive.load();
      size_t bytes = stackBytesFor(live) + pageSize();
      void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
      // The guard page costs a second kernel mapping per stack; past many
      // thousands of them (the kernel's map limit) the stack guard's checks
      // alone keep a body inside its stack.
      if (m != MAP_FAILED && live < 16384 && mprotect(m, pageSize(), PROT_NONE) != 0) {
        munmap(m, bytes);
        m = MAP_FAILED;
      }
      if (m == MAP_FAILED)
        throw ParaxError("MemoryError", "no native stack left for another running generator",
                         Loc{}, "too many generators are suspended at once; exhaust or "
                                "close the ones no longer needed");
      s = new Stack;
      s->base = static_cast<char *>(m);
      s->bytes = bytes;
    }
    try {
      s->charge.update(kStackCharge, "a suspended generator");
    } catch (...) {
      std::lock_guard<std::mutex> lock(gPoolMutex);
      pool().push_back(s);
      throw;
    }
    stack_ = s;
    ++gLive;
#if defined(__x86_64__)
    // The frame parax_coro_switch pops: control words, r15..rbp, then the
    // return address (parax_coro_start) with a zero above it.
    auto *top = reinterpret_cast<uint64_t *>(reinterpret_cast<uintptr_t>(s->high()) & ~uintptr_t(15));
    uint64_t *sp = top;
    *--sp = 0;
    *--sp = reinterpret_cast<uint64_t>(&parax_coro_start);
    *--sp = 0;                                      // rbp
    *--sp = 0;                                      // rbx
    *--sp = reinterpret_cast<uint64_t>(&entry);     // r12
    *--sp = reinterpret_cast<uint64_t>(this);       // r13
    *--sp = 0;                                      // r14
    *--sp = 0;                                      // r15
    uint32_t csr;
    uint16_t cw;
    asm volatile("stmxcsr %0" : "=m"(csr));
    asm volatile("fnstcw %0" : "=m"(cw));
    --sp;
    std::memcpy(reinterpret_cast<char *>(sp), &csr, 4);
    std::memcpy(reinterpret_cast<char *>(sp) + 4, &cw, 2);
    sp_ = sp;
#else
    getcontext(&s->ctx);
    s->ctx.uc_stack.ss_sp = s->low();
    s->ctx.uc_stack.ss_size = size_t(s->high() - s->low());
    s->ctx.uc_link = nullptr;
    uintptr_t p = reinterpret_cast<uintptr_t>(this);
    makecontext(&s->ctx, reinterpret_cast<void (*)()>(&ucontextEntry), 2,
                unsigned(p & 0xffffffffu), unsigned(p >> 32));
#endif
  }
  switchIn();
  if (finished_) {
    releaseStack();
    std::exception_ptr err = std::move(error_);
    error_ = nullptr;
    if (err)
      std::rethrow_exception(err);
    return false;
  }
  return true;
}

void Coroutine::suspend() { switchOut(); }

void Coroutine::switchIn() {
  // The resumer's stack bound and exception chain are set aside; the
  // body's come back.
  if (stackguard::tlsLow == 0)
    stackguard::measureLow();
  savedLow_ = stackguard::tlsLow;
  stackguard::tlsLow = reinterpret_cast<uintptr_t>(stack_->low());
  EhGlobals *eh = ehGlobals();
  std::swap(eh->caughtExceptions, ehCaught_);
  std::swap(eh->uncaughtExceptions, ehUncaught_);
  running_ = true;
#ifdef PARAX_ASAN
  __sanitizer_start_switch_fiber(&asanFake_, stack_->low(), size_t(stack_->high() - stack_->low()));
#endif
#if defined(__x86_64__)
  parax_coro_switch(&callerSp_, sp_);
#else
  swapcontext(&stack_->caller, &stack_->ctx);
#endif
#ifdef PARAX_ASAN
  __sanitizer_finish_switch_fiber(asanFake_, nullptr, nullptr);
#endif
  // Back on the resumer's stack (the body suspended or finished).
  running_ = false;
  std::swap(eh->caughtExceptions, ehCaught_);
  std::swap(eh->uncaughtExceptions, ehUncaught_);
  stackguard::tlsLow = savedLow_;
}

void Coroutine::switchOut() {
#ifdef PARAX_ASAN
  void *fake = nullptr;
  __sanitizer_start_switch_fiber(finished_ ? nullptr : &fake, callerBottom_, callerSize_);
#endif
#if defined(__x86_64__)
  parax_coro_switch(&sp_, callerSp_);
#else
  swapcontext(&stack_->ctx, &stack_->caller);
#endif
#ifdef PARAX_ASAN
  __sanitizer_finish_switch_fiber(fake, &callerBottom_, &callerSize_);
#endif
}

} // namespace parax::frontend
