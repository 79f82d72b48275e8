//===- Coordinator.h - parax's control plane between processes --*- C++ -*-===//
//
// A small TCP service hosted by process 0 (on JAX_COORDINATOR_ADDRESS /
// PARAX_COORDINATOR_ADDRESS) that every process, process 0 included,
// connects to: a key-value store (dist::KeyValueStore; Gloo's rendezvous and
// the trace-hash check go through it), named barriers, heartbeats both ways,
// and the abort broadcast that keeps a job from hanging: the moment one
// process reports a failure, or its connection drops without a goodbye, every
// other process is told which process failed and why.
//
// Wire format: frames of [u32 little-endian length][header line '\n' body].
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/distributed/CollectiveEngine.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace parax::runtime::dist {

/// Splits "host:port" (also "[v6]:port"); false when malformed.
bool splitHostPort(const std::string &addr, std::string &host, int &port);

/// The service itself; runs on its own thread until the job ends.
class CoordinatorServer {
public:
  /// Binds `bindAddress` ("host:port"); throws EngineError naming it.
  CoordinatorServer(const std::string &bindAddress, int numProcesses, double heartbeatTimeout);
  ~CoordinatorServer();
  CoordinatorServer(const CoordinatorServer &) = delete;
  CoordinatorServer &operator=(const CoordinatorServer &) = delete;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// One process's connection to the service.
class CoordinatorClient : public KeyValueStore {
public:
  /// Called (on the client's reader thread) when the job must stop: another
  /// process failed, or the coordinator is gone. The text names the process.
  using AbortHandler = std::function<void(const std::string &why)>;

  /// Connects (retrying until `timeoutSeconds`), says hello; throws
  /// EngineTimeout / EngineError with a message that names the address.
  CoordinatorClient(const std::string &address, int processId, int numProcesses,
                    double timeoutSeconds, double heartbeatTimeout, AbortHandler onAbort);
  ~CoordinatorClient() override;

  void set(const std::string &key, const std::string &value) override;
  std::string get(const std::string &key, double timeoutSeconds) override;
  /// Waits until every process reached barrier `name`; on timeout the
  /// message names the processes that did not arrive.
  void barrier(const std::string &name, double timeoutSeconds);
  /// Where this process is (shown to the others when a collective of
  /// theirs times out); cheap, sent at most when it changes and matters.
  void reportPosition(const std::string &where);
  /// Every process's last reported position, "" when unknown.
  std::vector<std::string> positions(double timeoutSeconds);
  /// Tells everyone this process failed (they abort at once); from then on
  /// the coordinator going away is expected, not news.
  void reportFailure(const std::string &why);
  /// A clean goodbye: this process's connection closing is no failure.
  void goodbye();
  /// Process 0 (which hosts the service) waits for the others' goodbyes
  /// before it exits and takes the service down.
  void waitForGoodbyes(double timeoutSeconds);

  int processId() const { return pid_; }

private:
  std::string request(const std::string &header, const std::string &body, double timeoutSeconds,
                      const std::string &what);
  void send(const std::string &header, const std::string &body);
  void readerLoop();
  void heartbeatLoop();

  int fd_ = -1;
  int pid_, nproc_;
  double heartbeatTimeout_;
  std::string address_;
  AbortHandler onAbort_;
  std::mutex sendMutex_;
  std::mutex m_;
  std::condition_variable cv_;
  uint64_t nextReq_ = 1;
  std::map<uint64_t, std::pair<bool, std::string>> replies_; // ok?, body
  std::string broken_;   // why the connection is unusable ("" while fine)
  std::atomic<bool> leaving_{false};
  std::atomic<double> lastHeard_{0};
  std::thread reader_, heartbeat_;
};

} // namespace parax::runtime::dist
