//===- ProcessGroup.cpp - this process's place in a multi-process job -----===//
#include "runtime/distributed/ProcessGroup.h"
#include "ir/Diagnostics.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace parax::runtime::dist {

namespace {
int gProcessId = -1; // for messages, from the start of initialize()

std::unique_ptr<ProcessGroup> &theGroup() {
  static std::unique_ptr<ProcessGroup> g;
  return g;
}

double envSeconds(const char *name, double dflt) {
  const char *v = std::getenv(name);
  if (!v || !*v)
    return dflt;
  char *end = nullptr;
  double d = std::strtod(v, &end);
  return end && !*end && d > 0 ? d : dflt;
}
/// This host's address on the interface that reaches `host` (where the
/// engine listens for its peers); the host name when that cannot be told.
std::string addressToward(const std::string &host, int port) {
  addrinfo hints{}, *res = nullptr;
  hints.ai_socktype = SOCK_DGRAM;
  std::string h = host.size() > 2 && host.front() == '[' ? host.substr(1, host.size() - 2) : host;
  std::string found;
  if (getaddrinfo(h.c_str(), std::to_string(port).c_str(), &hints, &res) == 0 && res) {
    int fd = ::socket(res->ai_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_storage local{};
    socklen_t len = sizeof local;
    char text[INET6_ADDRSTRLEN] = "";
    if (fd >= 0 && ::connect(fd, res->ai_addr, res->ai_addrlen) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&local), &len) == 0) {
      const void *a = local.ss_family == AF_INET
                          ? static_cast<const void *>(&reinterpret_cast<sockaddr_in *>(&local)->sin_addr)
                          : static_cast<const void *>(&reinterpret_cast<sockaddr_in6 *>(&local)->sin6_addr);
      if (inet_ntop(local.ss_family, a, text, sizeof text))
        found = text;
    }
    if (fd >= 0)
      ::close(fd);
    freeaddrinfo(res);
  }
  if (found.empty()) {
    char name[256] = "";
    gethostname(name, sizeof name - 1);
    found = name;
  }
  return found;
}
} // namespace

ProcessGroup *ProcessGroup::current() { return theGroup().get(); }

void ProcessGroup::stopJob(const std::string &why) {
  // Another process failed or the coordinator is gone: this process stops
  // at once (whatever it is doing), non-zero, saying why.
  int pid = gProcessId;
  // What the program printed goes out first, unless the main thread holds
  // stdout (blocked on a full pipe, say): then leave without it, never hang.
  if (ftrylockfile(stdout) == 0) {
    fflush_unlocked(stdout);
    funlockfile(stdout);
  }
  std::string msg = "parax: process " + std::to_string(pid) + " stops: " + why + "\n";
  (void)!::write(STDERR_FILENO, msg.data(), msg.size());
  // Under parax launch: tell the launcher this process is not the cause, so
  // the job's status is the failing process's own (repl/Launch.cpp).
  if (const char *fd = std::getenv("PARAX_LAUNCH_REPORT_FD")) {
    std::string line = std::to_string(pid) + "\n";
    (void)!::write(std::atoi(fd), line.data(), line.size());
  }
  ::_exit(1);
}

ProcessGroup &ProcessGroup::initialize(const InitOptions &o) {
  if (theGroup())
    throw EngineError("jax.distributed.initialize should only be called once.");
  // A peer that dies leaves sockets that fail on the next write. The
  // engines' transports (Gloo's writev) cannot ask for MSG_NOSIGNAL, so
  // SIGPIPE would kill this process before the coordinator's word names
  // the dead one (HierarchicalCommunicator::engineCall waits for it): let
  // writes fail with EPIPE instead, as CPython always does.
  std::signal(SIGPIPE, SIG_IGN);
  std::unique_ptr<ProcessGroup> g(new ProcessGroup());
  gProcessId = o.processId;
  g->pid_ = o.processId;
  g->nproc_ = o.numProcesses;
  g->local_ = o.localDevices;
  g->collectiveTimeout_ = envSeconds("PARAX_COLLECTIVE_TIMEOUT", 300);
  std::string host;
  int port = 0;
  if (!splitHostPort(o.coordinatorAddress, host, port))
    throw EngineError("the coordinator address '" + o.coordinatorAddress +
                      "' is not host:port (e.g. 10.0.0.1:1234)");
  if (o.processId == 0)
    g->server_ = std::make_unique<CoordinatorServer>(
        o.bindAddress.empty() ? "0.0.0.0:" + std::to_string(port) : o.bindAddress, o.numProcesses,
        o.heartbeatTimeout);
  g->client_ = std::make_unique<CoordinatorClient>(
      o.coordinatorAddress, o.processId, o.numProcesses, o.initTimeout, o.heartbeatTimeout,
      [](const std::string &why) { stopJob(why); });
  CoordinatorClient &c = *g->client_;
  try {
    g->join(o, host);
  } catch (EngineError &e) {
    // the others would wait for this process until their own timeouts
    if (!dynamic_cast<EngineAborted *>(&e)) {
      c.reportFailure(std::string("jax.distributed.initialize: ") + e.what());
      try {
        c.positions(2); // a round trip: the coordinator has it before it may go
      } catch (EngineError &) {
      }
    }
    throw;
  }
  theGroup() = std::move(g);
  return *theGroup();
}

void ProcessGroup::join(const InitOptions &o, const std::string &host) {
  ProcessGroup *g = this;
  CoordinatorClient &c = *client_;
  c.set("devices/" + std::to_string(o.processId), std::to_string(o.localDevices));
  c.barrier("jax.distributed.initialize", o.initTimeout);
  for (int p = 0; p < o.numProcesses; ++p) {
    std::string d = c.get("devices/" + std::to_string(p), o.initTimeout);
    if (d != std::to_string(o.localDevices))
      throw EngineError("process " + std::to_string(p) + " has " + d +
                        " local devices and process " + std::to_string(o.processId) + " has " +
                        std::to_string(o.localDevices) +
                        "; parax needs the same number in every process (--devices / PARAX_DEVICES)");
  }
  std::string engine = o.engine;
  if (engine.empty() && std::getenv("PARAX_ENGINE"))
    engine = std::getenv("PARAX_ENGINE");
  // Under mpirun/srun the MPI engine is the natural one; where its library
  // is not installed, the job still runs on Gloo.
  bool chosen = !engine.empty();
  if (engine.empty())
    engine = std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") ? "mpi" : "gloo";
  EngineConfig cfg;
  cfg.rank = o.processId;
  cfg.size = o.numProcesses;
  cfg.store = &c;
  cfg.timeoutSeconds = g->collectiveTimeout_;
  if (const char *h = std::getenv("PARAX_HOST_ADDRESS"))
    cfg.hostAddress = h;
  else if (host != "127.0.0.1" && host != "localhost" && host != "[::1]")
    cfg.hostAddress = addressToward(host, 9); // the interface that reaches process 0
  std::string why;
  g->engine_ = openEngine(engine, cfg, &why);
  if (!g->engine_ && !chosen && engine != "gloo" && why.rfind("cannot load", 0) == 0) {
    std::string first = why;
    engine = "gloo";
    g->engine_ = openEngine(engine, cfg, &why);
    if (!g->engine_)
      why = first + "; and " + why;
  }
  if (!g->engine_)
    throw EngineError(why + " (PARAX_ENGINE chooses the engine: gloo, mpi, ...)");
  c.barrier("the " + engine + " engine's start", o.initTimeout);
  g->positionThread_ = std::thread([pg = g] {
    while (true) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      std::string send;
      {
        std::lock_guard<std::mutex> lock(pg->posMutex_);
        if (pg->stopping_)
          return;
        if (pg->inFlightStop_ && pg->inFlightStop_->stopped()) {
          double t = std::chrono::duration<double>(
                         std::chrono::steady_clock::now().time_since_epoch()).count();
          if (pg->inFlightStopSeen_ == 0) {
            pg->inFlightStopSeen_ = t;
          } else if (t - pg->inFlightStopSeen_ > 0.5) {
            ParaxError e = pg->inFlightStop_->error(Loc{});
            std::string why = e.diag().kind + ": " + e.what() + " while waiting in " +
                              pg->inFlightWhere_;
            std::string msg = "parax: process " + std::to_string(pg->pid_) + ": " + why + "\n";
            (void)!::write(STDERR_FILENO, msg.data(), msg.size());
            pg->client_->reportFailure(why);
            try {
              pg->client_->positions(2);
            } catch (EngineError &) {
            }
            if (ftrylockfile(stdout) == 0) {
              fflush_unlocked(stdout);
              funlockfile(stdout);
            }
            ::_exit(1);
          }
        }
        if (pg->position_ == pg->sentPosition_)
          continue;
        send = pg->sentPosition_ = pg->position_;
      }
      pg->client_->reportPosition(send);
    }
  });
}

ProcessGroup::~ProcessGroup() {
  {
    std::lock_guard<std::mutex> lock(posMutex_);
    stopping_ = true;
  }
  if (positionThread_.joinable())
    positionThread_.join();
  engine_.reset();
  client_.reset();
  server_.reset();
}

void ProcessGroup::setInFlight(const StopFlag *stop, const std::string &where) {
  std::lock_guard<std::mutex> lock(posMutex_);
  inFlightStop_ = stop;
  inFlightWhere_ = where;
  inFlightStopSeen_ = 0;
}

void ProcessGroup::setPosition(const std::string &where) {
  std::lock_guard<std::mutex> lock(posMutex_);
  position_ = where;
}

std::string ProcessGroup::whereAreTheOthers(const std::string &mine) {
  std::vector<std::string> pos;
  try {
    pos = client_->positions(5);
  } catch (EngineError &e) {
    return e.what();
  }
  std::string r;
  for (int p = 0; p < nproc_; ++p) {
    if (p == pid_ || pos[size_t(p)] == mine)
      continue;
    r += (r.empty() ? "" : "; ") + std::string("process ") + std::to_string(p) + " is " +
         (pos[size_t(p)].empty() ? std::string("at no collective yet") : pos[size_t(p)]);
  }
  return r.empty() ? "every process is " + mine : r;
}

void ProcessGroup::checkSameProgram(const std::string &what, const std::string &signature) {
  uint64_t seq = ++traceChecks_;
  std::string key = "trace/" + std::to_string(seq) + "/";
  client_->set(key + std::to_string(pid_), what + "\n" + signature);
  auto lines = [](const std::string &s) {
    std::vector<std::string> r;
    size_t pos = 0;
    while (pos < s.size()) {
      size_t nl = s.find('\n', pos);
      if (nl == std::string::npos)
        nl = s.size();
      r.push_back(s.substr(pos, nl - pos));
      pos = nl + 1;
    }
    return r;
  };
  std::vector<std::string> mine = lines(signature);
  for (int p = 0; p < nproc_; ++p) {
    if (p == pid_)
      continue;
    std::string theirs;
    try {
      theirs = client_->get(key + std::to_string(p), collectiveTimeout_);
    } catch (EngineTimeout &) {
      throw EngineTimeout("process " + std::to_string(p) + " did not trace a program #" +
                          std::to_string(seq) + " (here: " + what + ") within " +
                          std::to_string(int(collectiveTimeout_)) +
                          " s (PARAX_COLLECTIVE_TIMEOUT); " + whereAreTheOthers("tracing " + what));
    }
    size_t nl = theirs.find('\n');
    std::string theirWhat = theirs.substr(0, nl);
    std::vector<std::string> other = lines(nl == std::string::npos ? "" : theirs.substr(nl + 1));
    if (other == mine)
      continue;
    size_t k = 0;
    while (k < mine.size() && k < other.size() && mine[k] == other[k])
      ++k;
    auto at = [](const std::vector<std::string> &v, size_t k) {
      return k < v.size() ? v[k] : std::string("no further collective");
    };
    throw EngineError("process " + std::to_string(p) + " traced a different program as its #" +
                      std::to_string(seq) + " (" + theirWhat + ") than process " +
                      std::to_string(pid_) + " (" + what + "): process " + std::to_string(p) +
                      " has '" + at(other, k) + "' where process " + std::to_string(pid_) +
                      " has '" + at(mine, k) + "'; their collectives could not meet");
  }
}

void ProcessGroup::finish(bool ok, const std::string &error, int exitCode) {
  ProcessGroup *g = current();
  if (!g)
    return;
  if (!ok) {
    std::string why = error;
    while (!why.empty() && (why.back() == '\n' || why.back() == ' '))
      why.pop_back();
    if (why.size() > 4000)
      why = why.substr(why.size() - 4000);
    g->client_->reportFailure(why.empty() ? "it exited with an error" : why);
    try {
      g->client_->positions(2); // a round trip: the coordinator has the failure
    } catch (EngineError &) {
    }
    g->client_->goodbye();
    std::fflush(stdout);
    std::fflush(stderr);
    ::_exit(exitCode); // the others are told; nothing of the job is left to wait for
  }
  g->setPosition("at the end of the program");
  g->client_->reportPosition("at the end of the program");
  try {
    g->client_->barrier("the end of the program (the shutdown barrier)", envSeconds("PARAX_SHUTDOWN_TIMEOUT", 300));
  } catch (EngineAborted &) {
    // the abort handler (on the coordinator's thread) says why and exits
    std::this_thread::sleep_for(std::chrono::seconds(2));
    ::_exit(1);
  } catch (EngineError &e) {
    std::fflush(stdout);
    std::string msg = "parax: process " + std::to_string(g->pid_) + ": " + e.what() + "\n";
    (void)!::write(STDERR_FILENO, msg.data(), msg.size());
    g->client_->reportFailure(e.what());
    ::_exit(1);
  }
  g->client_->goodbye();
  if (g->pid_ == 0)
    g->client_->waitForGoodbyes(10);
  theGroup().reset();
}

} // namespace parax::runtime::dist
