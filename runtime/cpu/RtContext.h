//===- RtContext.h - per-device state behind the runtime ABI ----*- C++ -*-===//
//
// ParaxRtContext (opaque to compiled code) is what every parax_rt_* call
// receives: the program's ProgramInfo, the device it runs as, the
// communicator of the enclosing pmap, where debug prints go, and the buffer
// registry. The registry maps each data pointer the runtime handed out to its
// ir::Buffer and a reference count; pointers of the program's arguments and
// constants are known as "externals" (immortal for the duration of a run).
// Anything left in the registry when the context dies is released, so an
// early error exit never leaks.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/EmitLLVM.h"
#include "codegen/RuntimeABI.h"
#include "runtime/Backend.h"

#include <exception>
#include <string>
#include <unordered_map>
#include <vector>

namespace parax::runtime {

class ThreadCommunicator;
class DeviceCollectives;
class CpuBackend;

} // namespace parax::runtime

struct ParaxRtContext {
  struct Entry {
    std::shared_ptr<parax::Buffer> buffer;
    int64_t refs = 0;
  };

  const parax::codegen::ProgramInfo *info = nullptr;
  parax::runtime::CpuBackend *backend = nullptr;
  const parax::runtime::PrintSink *print = nullptr;
  void *const *consts = nullptr;
  int device = 0;
  parax::runtime::DeviceCollectives *comm = nullptr;
  /// Per-device print buffer inside a pmap (null: print directly).
  std::vector<std::string> *prints = nullptr;
  /// Inside a pmap: this device's slots of the results it computes in place
  /// (parax_rt_pmap_slot), their bytes, and whether it took each.
  std::vector<void *> slots;
  std::vector<size_t> slotBytes;
  std::vector<char> slotTaken;
  std::unordered_map<const void *, Entry> buffers;
  /// Buffers whose last reference went, kept by byte size for the next
  /// allocation of that size (a loop body allocates the same temporaries
  /// every iteration). Their registry entries stay, with no references;
  /// while spare they are not charged to the host budget nor accounted to
  /// the device, so measured peaks are the live bytes. Bounded per context.
  std::unordered_map<size_t, std::vector<void *>> spare;
  size_t spareBytes = 0;
  /// The last few spare buffers, kept out of `spare`, and the entries of
  /// the last few reused ones: a loop that alternates two buffers of one
  /// size (a carry and its successor) then allocates and releases without
  /// a hash-map lookup. Entry pointers are stable (node-based map); a reused
  /// entry leaves `recent` when its buffer leaves the registry.
  struct Hot {
    void *p = nullptr;
    size_t bytes = 0;
    Entry *e = nullptr;
  };
  static constexpr int kHot = 4;
  Hot hot[kHot];
  int hotCount = 0;
  Hot recent[kHot];
  int recentNext = 0;
  std::unordered_map<const void *, std::shared_ptr<parax::Buffer>> externals;
  std::exception_ptr error;

  ParaxRtContext() = default;
  ParaxRtContext(const ParaxRtContext &) = delete;
  ParaxRtContext &operator=(const ParaxRtContext &) = delete;
  ~ParaxRtContext();

  /// Takes one reference to `b` (registering it when new); returns its data.
  void *adopt(const std::shared_ptr<parax::Buffer> &b);
  /// A fresh buffer of `bytes` with one reference (a spare one when there
  /// is one of that size). Throws MemoryError past the host budget.
  void *allocate(size_t bytes);
  /// Drops one reference to `p`; the last one frees it or keeps it spare.
  void release(const void *p);
  /// The array at `p` viewed as `t`: shares the registered or external
  /// buffer when `p` is its start, else a copy of the bytes.
  parax::Array arrayAt(const void *p, const parax::TensorType &t) const;
};

namespace parax::runtime {

/// Runs compiled code under FTZ/DAZ (bits 15 and 6 of MXCSR), the mode of
/// the reference kernels and of XLA's CPU runtime; restores it afterwards.
class FlushDenormalGuard {
public:
  FlushDenormalGuard();
  ~FlushDenormalGuard();
  FlushDenormalGuard(const FlushDenormalGuard &) = delete;
  FlushDenormalGuard &operator=(const FlushDenormalGuard &) = delete;

private:
  unsigned saved_ = 0;
};

/// Runs `fn(ins, outs, ctx, consts)` and turns a failure status into the
/// stored exception (rethrown).
void callCompiled(ParaxEntryFn fn, void *const *ins, void **outs,
                  ParaxRtContext &ctx);

} // namespace parax::runtime
