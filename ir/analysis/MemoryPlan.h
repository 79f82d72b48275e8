//===- MemoryPlan.h - per-device peak memory of a program -------*- C++ -*-===//
//
// Buffer liveness over the IR, simulated in execution order: every op
// result is a buffer on the device that computes it (reshape aliases its
// operand, constants already exist), released after its last use; a loop
// body counts once (simulated for two iterations so that carries replaced
// by fresh buffers are seen), an unrolled Python loop counts as unrolled,
// cond takes its worst branch, and a pmap region is simulated once per
// device. The result is what the program allocates beyond the memory that
// already exists when it starts (its arguments and constants), per device,
// with the buffers that are live at each device's peak.
//
// A compiled backend stores fewer values than the interpreter (fused values
// are never stored, rank-0 values live in registers, loop carries may be
// updated in place) and makes temporaries the interpreter does not (lazy
// operands of runtime calls). It describes those decisions with a
// StorageModel (codegen::FusionPlan for the CPU backend); given one, the
// simulation follows the compiled code's buffer discipline instead.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Operation.h"

#include <string>
#include <vector>

namespace parax::ir {

/// A buffer live at a device's peak.
struct PlannedBuffer {
  const Value *value = nullptr; ///< The SSA value that owns it.
  int64_t bytes = 0;
  Loc loc;                      ///< Where it was created.
  TraceStack stack;
  std::string what;             ///< "f32[2048,2048] from tanh"
  int count = 1;                ///< Identical buffers merged (same line, size).
  /// Distinct SSA values among them: >1 means trace-time copies of one line
  /// (an unrolled Python loop); 1 is one value held twice (a loop carry's
  /// old and new buffer).
  int sources = 1;
};

struct DevicePlan {
  int64_t peak = 0;                  ///< Bytes above the starting baseline.
  std::vector<PlannedBuffer> atPeak; ///< Largest first.
};

struct MemoryPlan {
  std::vector<DevicePlan> devices; ///< One per device the program touches.
  int worstDevice() const;
  int64_t maxPeak() const;
};

/// How a compiled backend stores the values of one program: what the
/// planner needs to simulate the buffers the generated code allocates.
/// Implemented by codegen::FusionPlan (which ir/ does not depend on).
class StorageModel {
public:
  enum class Storage : uint8_t {
    Scalar, ///< In a register: no memory.
    Lazy,   ///< Never stored: consumers compute its elements inline.
    Buffer, ///< Materialised in a runtime buffer.
  };
  virtual ~StorageModel();
  virtual Storage storage(const Value *v) const = 0;
  /// Whether `v` owns a buffer reference that its block drops (materialised
  /// op results, owned loop carries).
  virtual bool holdsRef(const Value *v) const = 0;
  /// Where references are dropped: right after `op`, on entry of `b`
  /// (unused arguments), at `b`'s terminator.
  virtual const std::vector<const Value *> &releaseAfter(const Operation *op) const = 0;
  virtual const std::vector<const Value *> &releaseAtEntry(const Block *b) const = 0;
  virtual const std::vector<const Value *> &releaseAtTerminator(const Block *b) const = 0;
  /// Whether `op` (not a structured op, collective or print) runs the
  /// runtime's reference kernel on buffers: its lazy operands are
  /// materialised into temporaries for the call, and the runtime copies
  /// operands it does not own (views, spilled scalars, embedded constants).
  virtual bool runsRuntimeKernel(const Operation &op) const = 0;
  /// Scratch bytes `op` allocates while it runs, beyond its stored results.
  virtual int64_t scratchBytes(const Operation &op) const = 0;
  /// Whether `op` (dynamic_update_slice) writes into its operand 0's
  /// buffer when, at run time, nothing else references that buffer.
  virtual bool mayUpdateInPlace(const Operation &op) const = 0;
  /// Whether a stored constant is handed to the code in the program's
  /// constant table (memory the runtime knows) rather than embedded.
  virtual bool constantInTable(const Operation &constant) const = 0;
  /// Whether carry `k` of a fori_loop/scan is kept in loop-owned buffers:
  /// the yield is written into a spare buffer (allocated when there is
  /// none), the old carry, once the loop made it, becomes the spare instead
  /// of being released (a spare already there is released), and the spare
  /// is released after the loop. Not owned by the loop: the init.
  virtual bool recyclesCarry(const Operation &loop, unsigned k) const {
    (void)loop;
    (void)k;
    return false;
  }
};

/// Plans `f` (a program entry) for `numDevices` devices. Without a model the
/// plan is the reference interpreter's (every op result is a buffer); with
/// one it is the compiled backend's that the model describes.
MemoryPlan planMemory(const Func &f, int numDevices,
                      const StorageModel *model = nullptr);

} // namespace parax::ir
