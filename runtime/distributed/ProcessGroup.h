//===- ProcessGroup.h - this process's place in a multi-process job -*- C++ -*-===//
//
// Set up by jax.distributed.initialize (or PARAX_* / cluster variables): the
// connection to the coordinator (process 0 hosts it), the engine that moves
// collective data between processes, and the job's failure policy: a failure
// anywhere stops every process at once, each naming the process that failed
// and why. Absent (current() == nullptr) in a single-process run.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/BackendStop.h"
#include "runtime/distributed/CollectiveEngine.h"
#include "runtime/distributed/Coordinator.h"

#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace parax::runtime::dist {

struct InitOptions {
  std::string coordinatorAddress; // host:port
  std::string bindAddress;        // where process 0 listens ("" = [::]/0.0.0.0 at the port)
  int numProcesses = -1;
  int processId = -1;
  int localDevices = 1;
  double initTimeout = 300;      // JAX's initialization_timeout
  double heartbeatTimeout = 100; // JAX's heartbeat_timeout_seconds
  double shutdownTimeout = 300;  // JAX's shutdown_timeout_seconds
  std::string engine;            // "" = PARAX_ENGINE, else mpi under mpirun, else gloo
};

class ProcessGroup {
public:
  /// The job's group, or null in a single-process run.
  static ProcessGroup *current();
  /// Connects to (process 0: serves) the coordinator, waits for every
  /// process, checks they agree on the device counts, opens the engine.
  /// Throws EngineError with a message naming what is missing.
  static ProcessGroup &initialize(const InitOptions &o);
  /// The end of the program: `ok` or the error text. A failure is told to
  /// the others at once; success waits at the shutdown barrier.
  static void finish(bool ok, const std::string &error, int exitCode = 1);

  int processId() const { return pid_; }
  int numProcesses() const { return nproc_; }
  int localDevices() const { return local_; }
  double collectiveTimeout() const { return collectiveTimeout_; }
  CollectiveEngine &engine() { return *engine_; }
  CoordinatorClient &client() { return *client_; }

  /// The leader thread's place, "psum #41, prog.py:15": sent to the
  /// coordinator within a second of changing (what others' timeouts show).
  void setPosition(const std::string &where);
  /// An engine call cannot be interrupted: while one is in flight (`stop`
  /// non-null), a stop request (Ctrl-C, --timeout) that it cannot honour
  /// within half a second ends the process, telling the others why.
  void setInFlight(const StopFlag *stop, const std::string &where);
  /// The next collective's number in this process (1, 2, ...).
  uint64_t nextCollective() { return ++collectives_; }
  /// The message for a collective that timed out or failed in the engine:
  /// which processes are elsewhere and where.
  std::string whereAreTheOthers(const std::string &mine);
  /// Checks that every process's next traced program (the n-th of each)
  /// has the same collective signature (one line per collective or deciding
  /// constant); the error names the first difference.
  void checkSameProgram(const std::string &what, const std::string &signature);

  ~ProcessGroup();

private:
  ProcessGroup() = default;
  /// initialize()'s part after connecting: agree, open the engine.
  void join(const InitOptions &o, const std::string &coordinatorHost);
  [[noreturn]] static void stopJob(const std::string &why);

  int pid_ = 0, nproc_ = 1, local_ = 1;
  double collectiveTimeout_ = 300;
  std::unique_ptr<CoordinatorServer> server_;
  std::unique_ptr<CoordinatorClient> client_;
  std::unique_ptr<CollectiveEngine> engine_;
  std::mutex posMutex_;
  std::string position_, sentPosition_;
  const StopFlag *inFlightStop_ = nullptr;
  std::string inFlightWhere_;
  double inFlightStopSeen_ = 0;
  uint64_t collectives_ = 0;
  uint64_t traceChecks_ = 0;
  std::thread positionThread_;
  bool stopping_ = false;
};

} // namespace parax::runtime::dist
