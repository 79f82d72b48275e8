//===- Coordinator.cpp - parax's control plane between processes ----------===//
#include "runtime/distributed/Coordinator.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <set>
#include <sstream>
#include <sys/socket.h>
#include <unistd.h>

namespace parax::runtime::dist {

namespace {

double now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

bool writeAll(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t k = ::send(fd, p, n, MSG_NOSIGNAL);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return false;
    p += k;
    n -= size_t(k);
  }
  return true;
}

bool readAll(int fd, char *p, size_t n) {
  while (n) {
    ssize_t k = ::recv(fd, p, n, 0);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return false;
    p += k;
    n -= size_t(k);
  }
  return true;
}

bool sendFrame(int fd, const std::string &header, const std::string &body) {
  std::string msg = header + "\n" + body;
  uint32_t len = uint32_t(msg.size());
  char lenBytes[4] = {char(len & 0xff), char((len >> 8) & 0xff), char((len >> 16) & 0xff),
                      char((len >> 24) & 0xff)};
  return writeAll(fd, lenBytes, 4) && writeAll(fd, msg.data(), msg.size());
}

bool recvFrame(int fd, std::string &header, std::string &body) {
  unsigned char lenBytes[4];
  if (!readAll(fd, reinterpret_cast<char *>(lenBytes), 4))
    return false;
  uint32_t len = uint32_t(lenBytes[0]) | uint32_t(lenBytes[1]) << 8 | uint32_t(lenBytes[2]) << 16 |
                 uint32_t(lenBytes[3]) << 24;
  if (len > (1u << 30))
    return false;
  std::string msg(len, '\0');
  if (!readAll(fd, msg.data(), len))
    return false;
  size_t nl = msg.find('\n');
  if (nl == std::string::npos)
    return false;
  header = msg.substr(0, nl);
  body = msg.substr(nl + 1);
  return true;
}

std::vector<std::string> words(const std::string &s) {
  std::istringstream in(s);
  std::vector<std::string> w;
  std::string t;
  while (in >> t)
    w.push_back(t);
  return w;
}

std::string listOf(const std::vector<int> &pids) {
  std::string s = pids.size() == 1 ? "process " : "processes ";
  for (size_t i = 0; i < pids.size(); ++i)
    s += (i ? ", " : "") + std::to_string(pids[i]);
  return s;
}

bool resolve(const std::string &host, int port, sockaddr_storage &sa, socklen_t &len) {
  addrinfo hints{}, *res = nullptr;
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  std::string h = host;
  if (h.size() > 2 && h.front() == '[' && h.back() == ']')
    h = h.substr(1, h.size() - 2);
  if (getaddrinfo(h.c_str(), std::to_string(port).c_str(), &hints, &res) != 0 || !res)
    return false;
  std::memcpy(&sa, res->ai_addr, res->ai_addrlen);
  len = socklen_t(res->ai_addrlen);
  freeaddrinfo(res);
  return true;
}

} // namespace

bool splitHostPort(const std::string &addr, std::string &host, int &port) {
  size_t colon = addr.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 >= addr.size())
    return false;
  host = addr.substr(0, colon);
  std::string p = addr.substr(colon + 1);
  if (p.find_first_not_of("0123456789") != std::string::npos || p.size() > 5)
    return false;
  port = std::stoi(p);
  return port > 0 && port < 65536;
}

//===----------------------------------------------------------------------===//
// Server
//===----------------------------------------------------------------------===//

struct CoordinatorServer::Impl {
  struct Client {
    int fd = -1;
    int pid = -1;
    double lastSeen = 0;
    bool bye = false;
  };
  int listenFd = -1;
  int wakeFd[2] = {-1, -1};
  int nproc;
  double hbTimeout;
  std::vector<Client> clients;
  std::map<std::string, std::string> kv;
  std::multimap<std::string, std::pair<int, std::string>> pendingGets; // key -> (fd, req)
  std::map<std::string, std::map<int, std::pair<int, std::string>>> barriers; // name -> pid -> (fd, req)
  std::vector<std::pair<int, std::string>> goodbyeWaiters;
  std::map<int, std::string> positions;
  std::set<int> byes;
  bool failed = false;
  std::thread thread;

  void reply(int fd, const std::string &req, const std::string &body) {
    sendFrame(fd, "OK " + req, body);
  }

  void abortAll(int culprit, const std::string &why) {
    if (failed)
      return;
    failed = true;
    // Process 0 (which hosts this service) last: it exits on the news, and
    // the service with it, so the others must have theirs first.
    for (int pass = 0; pass < 2; ++pass)
      for (Client &c : clients)
        if (c.fd >= 0 && c.pid != culprit && (c.pid == 0) == (pass == 1))
          sendFrame(c.fd, "ABORT", why);
  }

  void checkGoodbyes() {
    if (int(byes.size()) < nproc - 1)
      return;
    for (auto &w : goodbyeWaiters)
      reply(w.first, w.second, "");
    goodbyeWaiters.clear();
  }

  void handle(Client &c, const std::string &header, const std::string &body) {
    std::vector<std::string> w = words(header);
    if (w.empty())
      return;
    const std::string &cmd = w[0];
    c.lastSeen = now();
    if (cmd == "HELLO" && w.size() >= 3) {
      c.pid = std::stoi(w[1]);
      if (std::stoi(w[2]) != nproc)
        abortAll(-1, "process " + w[1] + " was started for " + w[2] + " processes, process 0 for " +
                         std::to_string(nproc));
      for (Client &o : clients)
        if (&o != &c && o.fd >= 0 && o.pid == c.pid)
          abortAll(-1, "two processes both say they are process " + w[1] +
                           " (check PARAX_PROCESS_ID / process_id)");
    } else if (cmd == "SET" && w.size() >= 2) {
      kv[w[1]] = body;
      auto range = pendingGets.equal_range(w[1]);
      for (auto it = range.first; it != range.second; ++it)
        reply(it->second.first, it->second.second, body);
      pendingGets.erase(range.first, range.second);
    } else if (cmd == "GET" && w.size() >= 3) {
      auto it = kv.find(w[2]);
      if (it != kv.end())
        reply(c.fd, w[1], it->second);
      else
        pendingGets.emplace(w[2], std::make_pair(c.fd, w[1]));
    } else if (cmd == "BARRIER" && w.size() >= 3) {
      auto &b = barriers[w[2]];
      b[c.pid] = {c.fd, w[1]};
      if (int(b.size()) == nproc) {
        for (auto &kvp : b)
          reply(kvp.second.first, kvp.second.second, "");
        barriers.erase(w[2]);
      }
    } else if (cmd == "WHO" && w.size() >= 3) { // who has not reached barrier w[2]
      std::string missing;
      auto it = barriers.find(w[2]);
      for (int p = 0; p < nproc; ++p)
        if (it == barriers.end() || !it->second.count(p))
          missing += std::to_string(p) + " ";
      reply(c.fd, w[1], missing);
    } else if (cmd == "POS") {
      positions[c.pid] = body;
    } else if (cmd == "WHERE" && w.size() >= 2) {
      std::string table;
      for (int p = 0; p < nproc; ++p) {
        bool connected = false;
        for (Client &o : clients)
          connected |= o.fd >= 0 && o.pid == p;
        std::string where = positions.count(p) ? positions[p] : "";
        if (!connected && !byes.count(p))
          where = "not connected to the coordinator";
        table += where + '\n';
      }
      reply(c.fd, w[1], table);
    } else if (cmd == "FAIL") {
      abortAll(c.pid, "process " + std::to_string(c.pid) + " failed: " + body);
    } else if (cmd == "BYE") {
      c.bye = true;
      byes.insert(c.pid);
      checkGoodbyes();
    } else if (cmd == "GOODBYES" && w.size() >= 2) {
      goodbyeWaiters.emplace_back(c.fd, w[1]);
      checkGoodbyes();
    }
  }

  void drop(Client &c) {
    ::close(c.fd);
    int fd = c.fd;
    c.fd = -1;
    for (auto it = pendingGets.begin(); it != pendingGets.end();)
      it = it->second.first == fd ? pendingGets.erase(it) : std::next(it);
    if (!c.bye && c.pid >= 0)
      abortAll(c.pid, "process " + std::to_string(c.pid) +
                          " is gone: its connection to the coordinator closed before it finished "
                          "(it was killed or crashed)");
  }

  void loop() {
    double lastPing = 0;
    while (true) {
      std::vector<pollfd> fds{{wakeFd[0], POLLIN, 0}, {listenFd, POLLIN, 0}};
      for (Client &c : clients)
        if (c.fd >= 0)
          fds.push_back({c.fd, POLLIN, 0});
      int r = ::poll(fds.data(), fds.size(), 200);
      if (r < 0 && errno != EINTR)
        return;
      if (fds[0].revents)
        return; // shutting down
      if (fds[1].revents & POLLIN) {
        int fd = ::accept(listenFd, nullptr, nullptr);
        if (fd >= 0) {
          int one = 1;
          setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          Client c;
          c.fd = fd;
          c.lastSeen = now();
          clients.push_back(c);
        }
      }
      for (size_t i = 2; i < fds.size(); ++i) {
        if (!fds[i].revents)
          continue;
        for (Client &c : clients) {
          if (c.fd != fds[i].fd)
            continue;
          std::string h, b;
          if (!recvFrame(c.fd, h, b))
            drop(c);
          else
            handle(c, h, b);
          break;
        }
      }
      double t = now();
      for (Client &c : clients)
        if (c.fd >= 0 && !c.bye && c.pid >= 0 && t - c.lastSeen > hbTimeout) {
          abortAll(c.pid, "process " + std::to_string(c.pid) + " stopped answering heartbeats for " +
                              std::to_string(int(hbTimeout)) + " s");
          c.lastSeen = t;
        }
      if (t - lastPing > 1.0) {
        lastPing = t;
        for (Client &c : clients)
          if (c.fd >= 0)
            sendFrame(c.fd, "PING", "");
      }
    }
  }
};

CoordinatorServer::CoordinatorServer(const std::string &bindAddress, int numProcesses,
                                     double heartbeatTimeout)
    : impl_(std::make_unique<Impl>()) {
  impl_->nproc = numProcesses;
  impl_->hbTimeout = heartbeatTimeout;
  std::string host;
  int port = 0;
  if (!splitHostPort(bindAddress, host, port))
    throw EngineError("the coordinator address '" + bindAddress + "' is not host:port");
  sockaddr_storage sa{};
  socklen_t len = 0;
  if (!resolve(host, port, sa, len))
    throw EngineError("cannot resolve the coordinator address '" + bindAddress + "'");
  int fd = ::socket(sa.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr *>(&sa), len) != 0 || ::listen(fd, 128) != 0) {
    std::string e = std::strerror(errno);
    if (fd >= 0)
      ::close(fd);
    throw EngineError("process 0 cannot serve the coordinator on " + bindAddress + ": " + e);
  }
  impl_->listenFd = fd;
  if (::pipe2(impl_->wakeFd, O_CLOEXEC) != 0)
    throw EngineError("cannot start the coordinator: pipe: " + std::string(std::strerror(errno)));
  impl_->thread = std::thread([this] { impl_->loop(); });
}

CoordinatorServer::~CoordinatorServer() {
  if (impl_->thread.joinable()) {
    char c = 1;
    (void)!::write(impl_->wakeFd[1], &c, 1);
    impl_->thread.join();
  }
  for (auto &c : impl_->clients)
    if (c.fd >= 0)
      ::close(c.fd);
  ::close(impl_->listenFd);
  ::close(impl_->wakeFd[0]);
  ::close(impl_->wakeFd[1]);
}

//===----------------------------------------------------------------------===//
// Client
//===----------------------------------------------------------------------===//

CoordinatorClient::CoordinatorClient(const std::string &address, int processId, int numProcesses,
                                     double timeoutSeconds, double heartbeatTimeout,
                                     AbortHandler onAbort)
    : pid_(processId), nproc_(numProcesses), heartbeatTimeout_(heartbeatTimeout),
      address_(address), onAbort_(std::move(onAbort)) {
  std::string host;
  int port = 0;
  if (!splitHostPort(address, host, port))
    throw EngineError("the coordinator address '" + address + "' is not host:port");
  double deadline = now() + timeoutSeconds;
  std::string lastError;
  while (true) {
    sockaddr_storage sa{};
    socklen_t len = 0;
    if (resolve(host, port, sa, len)) {
      int fd = ::socket(sa.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
      if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr *>(&sa), len) == 0) {
        fd_ = fd;
        break;
      }
      lastError = std::strerror(errno);
      if (fd >= 0)
        ::close(fd);
    } else {
      lastError = "cannot resolve the host name";
    }
    if (now() > deadline)
      throw EngineTimeout("process " + std::to_string(pid_) +
                          " could not reach the coordinator (process 0) at " + address + " within " +
                          std::to_string(int(timeoutSeconds)) + " s: " + lastError +
                          " (is process 0 running, and is the address the same everywhere?)");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  int one = 1;
  setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  lastHeard_ = now();
  send("HELLO " + std::to_string(pid_) + " " + std::to_string(nproc_), "");
  reader_ = std::thread([this] { readerLoop(); });
  heartbeat_ = std::thread([this] { heartbeatLoop(); });
}

CoordinatorClient::~CoordinatorClient() {
  leaving_ = true;
  if (fd_ >= 0)
    ::shutdown(fd_, SHUT_RDWR);
  {
    std::lock_guard<std::mutex> lock(m_);
    cv_.notify_all();
  }
  if (reader_.joinable())
    reader_.join();
  if (heartbeat_.joinable())
    heartbeat_.join();
  if (fd_ >= 0)
    ::close(fd_);
}

void CoordinatorClient::send(const std::string &header, const std::string &body) {
  std::lock_guard<std::mutex> lock(sendMutex_);
  if (!sendFrame(fd_, header, body)) {
    std::lock_guard<std::mutex> l2(m_);
    if (broken_.empty())
      broken_ = "lost the connection to the coordinator (process 0, at " + address_ + ")";
    cv_.notify_all();
  }
}

void CoordinatorClient::readerLoop() {
  std::string h, b;
  while (recvFrame(fd_, h, b)) {
    lastHeard_ = now();
    std::vector<std::string> w = words(h);
    if (w.empty())
      continue;
    if (w[0] == "OK" && w.size() >= 2) {
      std::lock_guard<std::mutex> lock(m_);
      replies_[std::stoull(w[1])] = {true, b};
      cv_.notify_all();
    } else if (w[0] == "ABORT") {
      {
        std::lock_guard<std::mutex> lock(m_);
        broken_ = b;
        cv_.notify_all();
      }
      if (onAbort_ && !leaving_) // a process that is failing itself says its own error
        onAbort_(b);
    }
  }
  if (leaving_)
    return;
  std::string why = "lost the connection to the coordinator at " + address_ +
                    ": process 0, which hosts it, is gone (it failed, was killed or crashed)";
  {
    std::lock_guard<std::mutex> lock(m_);
    if (broken_.empty())
      broken_ = why;
    cv_.notify_all();
  }
  if (onAbort_)
    onAbort_(why);
}

void CoordinatorClient::heartbeatLoop() {
  while (!leaving_) {
    for (int i = 0; i < 10 && !leaving_; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (leaving_)
      return;
    send("PING", "");
    if (now() - lastHeard_ > heartbeatTimeout_) {
      if (onAbort_)
        onAbort_("the coordinator (process 0, at " + address_ + ") stopped answering for " +
                 std::to_string(int(heartbeatTimeout_)) + " s");
      return;
    }
  }
}

std::string CoordinatorClient::request(const std::string &header, const std::string &body,
                                       double timeoutSeconds, const std::string &what) {
  uint64_t req;
  {
    std::lock_guard<std::mutex> lock(m_);
    req = nextReq_++;
  }
  std::vector<std::string> w = words(header);
  std::string h = w[0] + " " + std::to_string(req) + header.substr(w[0].size());
  send(h, body);
  std::unique_lock<std::mutex> lock(m_);
  auto until = std::chrono::steady_clock::now() +
               std::chrono::microseconds(int64_t(timeoutSeconds * 1e6));
  while (true) {
    auto it = replies_.find(req);
    if (it != replies_.end()) {
      std::string r = std::move(it->second.second);
      replies_.erase(it);
      return r;
    }
    if (!broken_.empty())
      throw EngineAborted(broken_);
    if (cv_.wait_until(lock, until) == std::cv_status::timeout && !replies_.count(req))
      throw EngineTimeout(what);
  }
}

void CoordinatorClient::set(const std::string &key, const std::string &value) {
  send("SET " + key, value);
}

std::string CoordinatorClient::get(const std::string &key, double timeoutSeconds) {
  return request("GET " + key, "", timeoutSeconds,
                 "waited " + std::to_string(int(timeoutSeconds)) +
                     " s for the key '" + key + "' in the coordinator's store");
}

void CoordinatorClient::barrier(const std::string &name, double timeoutSeconds) {
  try {
    request("BARRIER " + name, "", timeoutSeconds, "");
  } catch (EngineTimeout &) {
    std::vector<int> missing;
    for (const std::string &p : words(request("WHO " + name, "", 10, "the coordinator is silent")))
      missing.push_back(std::stoi(p));
    throw EngineTimeout(listOf(missing) + (missing.size() == 1 ? " has" : " have") +
                        " not reached " + name + " within " +
                        std::to_string(int(timeoutSeconds)) + " s");
  }
}

void CoordinatorClient::reportPosition(const std::string &where) { send("POS", where); }

std::vector<std::string> CoordinatorClient::positions(double timeoutSeconds) {
  std::string table = request("WHERE", "", timeoutSeconds, "the coordinator is silent");
  std::vector<std::string> r;
  std::istringstream in(table);
  std::string line;
  while (std::getline(in, line))
    r.push_back(line);
  r.resize(size_t(nproc_));
  return r;
}

void CoordinatorClient::reportFailure(const std::string &why) {
  leaving_ = true;
  send("FAIL", why);
}

void CoordinatorClient::goodbye() {
  leaving_ = true;
  send("BYE", "");
}

void CoordinatorClient::waitForGoodbyes(double timeoutSeconds) {
  try {
    request("GOODBYES", "", timeoutSeconds, "");
  } catch (EngineError &) {
    // the others are gone or late: process 0 leaves anyway
  }
}

} // namespace parax::runtime::dist
