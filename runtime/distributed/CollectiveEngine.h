//===- CollectiveEngine.h - collectives between processes -------*- C++ -*-===//
//
// The one interface behind which parax reaches the engines made for moving
// data between processes: Gloo (coordinator-launched jobs), MPI (jobs
// started by mpirun/srun) and NCCL (GPUs). Each engine lives in its own
// shared library (libparax_engine_<name>.so) that links the engine and is
// dlopen()ed on first use, so a single-process parax needs none of them.
//
// Engines move plain contiguous buffers between process ranks; which device
// of which process a value belongs to is the caller's business (the
// hierarchical communicator combines a process's devices first, then calls
// the engine once per collective).
//
// Never hang: every call returns within `EngineConfig::timeoutSeconds` or
// throws EngineTimeout; `shouldStop` is polled while waiting; after abort()
// (called from another thread when the control plane reports a dead peer)
// every pending and later call throws EngineAborted promptly.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace parax::runtime::dist {

/// Element types engines reduce (bool travels as U8 with Max/Min).
enum class ElemType : uint8_t { F32, F64, F16, BF16, I8, I16, I32, I64, U8, U16, U32, U64 };
enum class ReduceOp : uint8_t { Sum, Prod, Max, Min };

size_t elemSize(ElemType t);

/// The control plane's key-value store (parax's coordinator, or the
/// engine's own). Gloo rendezvous and NCCL's unique id go through it.
class KeyValueStore {
public:
  virtual ~KeyValueStore() = default;
  virtual void set(const std::string &key, const std::string &value) = 0;
  /// Blocks until `key` is set or `timeoutSeconds` passes (then throws
  /// EngineTimeout naming the key).
  virtual std::string get(const std::string &key, double timeoutSeconds) = 0;
};

struct EngineConfig {
  int rank = 0;
  int size = 1;
  KeyValueStore *store = nullptr; // may be null for engines that bootstrap themselves (MPI)
  double timeoutSeconds = 300;    // PARAX_COLLECTIVE_TIMEOUT
  std::function<bool()> shouldStop; // interrupt/abort poll; may be empty
  std::string hostAddress = "127.0.0.1"; // where this process listens (Gloo's TCP device)
};

struct EngineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct EngineTimeout : EngineError {
  using EngineError::EngineError;
};
struct EngineAborted : EngineError {
  using EngineError::EngineError;
};

class CollectiveEngine {
public:
  virtual ~CollectiveEngine() = default;
  virtual const char *name() const = 0; // "gloo", "mpi", "nccl", "tcp"
  virtual int rank() const = 0;
  virtual int size() const = 0;

  /// In place over all ranks, or over `group` (ascending ranks including
  /// this one) when given.
  virtual void allReduce(void *buf, size_t count, ElemType t, ReduceOp op,
                         const std::vector<int> *group = nullptr) = 0;
  /// `out` holds size()*bytes (or group->size()*bytes), rank order.
  virtual void allGather(const void *in, void *out, size_t bytes,
                         const std::vector<int> *group = nullptr) = 0;
  /// `in` and `out` hold size()*bytes; block r of `in` goes to rank r.
  virtual void allToAll(const void *in, void *out, size_t bytes) = 0;
  /// Sends `in` to `sendTo` and receives `out` from `recvFrom` (either may
  /// be -1 for none); the building block of ppermute.
  virtual void sendRecv(const void *in, int sendTo, void *out, int recvFrom, size_t bytes) = 0;
  virtual void broadcast(void *buf, size_t bytes, int root) = 0;
  virtual void barrier() = 0;
  /// Thread-safe; wakes every waiting call with EngineAborted.
  virtual void abort() = 0;
};

/// Loads libparax_engine_<name>.so (next to the parax binary or library,
/// then the loader's path) and creates the engine. Returns null with `why`
/// set (which library, dlerror, the engine's own message) when it cannot.
std::unique_ptr<CollectiveEngine> openEngine(const std::string &name, const EngineConfig &config,
                                             std::string *why);

} // namespace parax::runtime::dist

/// Each engine library exports exactly this entry point.
extern "C" parax::runtime::dist::CollectiveEngine *
parax_engine_create(const parax::runtime::dist::EngineConfig *config, char *err, size_t errlen);
