//===- Launch.cpp - parax launch -n N prog.py -----------------------------===//
//
// Starts N local processes of one job (process i gets PARAX_COORDINATOR_ADDRESS
// on a free loopback port, PARAX_NUM_PROCESSES=N, PARAX_PROCESS_ID=i) and
// supervises them: the job's own control plane stops every process when one
// fails; the launcher reports which process ended how, and kills whatever is
// still running a while after the first failure so nothing is left behind.
// Its status is the failing process's own: each process that stops because
// of another's failure says so on a pipe (PARAX_LAUNCH_REPORT_FD, written
// by ProcessGroup::stopJob), so a survivor's status 1 is never mistaken for
// the cause, whichever process the launcher happens to reap first.
//
//===----------------------------------------------------------------------===//
#include "repl/Launch.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <netinet/in.h>
#include <set>
#include <string>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace parax {

namespace {
const char *kLaunchUsage =
    "usage: parax launch -n N [--port P] [--grace S] [parax options] prog.py [args...]\n"
    "  starts N processes of one job on this machine (each sees PARAX_COORDINATOR_ADDRESS,\n"
    "  PARAX_NUM_PROCESSES, PARAX_PROCESS_ID); every process runs `parax [options] prog.py`\n";

int freePort() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  sa.sin_port = 0;
  socklen_t len = sizeof sa;
  int port = 0;
  if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr *>(&sa), len) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr *>(&sa), &len) == 0)
    port = ntohs(sa.sin_port);
  if (fd >= 0)
    ::close(fd);
  return port;
}

std::vector<pid_t> gChildren;
void forwardSignal(int sig) {
  for (pid_t p : gChildren)
    if (p > 0)
      ::kill(p, sig);
}
} // namespace

int runLaunch(int argc, char **argv) {
  // argv[0] = parax, argv[1] = "launch"
  int n = 0, port = 0;
  double grace = 15;
  std::vector<std::string> pass;
  int i = 2;
  for (; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const std::string &flag) -> std::string {
      if (a.size() > flag.size() && a.compare(0, flag.size() + 1, flag + "=") == 0)
        return a.substr(flag.size() + 1);
      if (i + 1 >= argc) {
        std::fprintf(stderr, "parax launch: %s needs a value\n%s", flag.c_str(), kLaunchUsage);
        std::exit(2);
      }
      return argv[++i];
    };
    auto number = [&](const std::string &flag, const std::string &v, int lo, int hi) {
      char *end = nullptr;
      long k = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end || k < lo || k > hi) {
        std::fprintf(stderr, "parax launch: %s must be an integer from %d to %d, got '%s'\n",
                     flag.c_str(), lo, hi, v.c_str());
        std::exit(2);
      }
      return int(k);
    };
    if (a == "-n" || a.rfind("-n=", 0) == 0 || a == "--processes" || a.rfind("--processes=", 0) == 0)
      n = number("-n", value(a.rfind("--", 0) == 0 ? "--processes" : "-n"), 1, 256);
    else if (a == "--port" || a.rfind("--port=", 0) == 0)
      port = number("--port", value("--port"), 1, 65535);
    else if (a == "--grace" || a.rfind("--grace=", 0) == 0)
      grace = number("--grace", value("--grace"), 1, 3600);
    else if (a == "-h" || a == "--help") {
      std::fputs(kLaunchUsage, stdout);
      return 0;
    } else
      break;
  }
  if (n < 1) {
    std::fprintf(stderr, "parax launch: give the number of processes with -n N\n%s", kLaunchUsage);
    return 2;
  }
  for (; i < argc; ++i)
    pass.push_back(argv[i]);
  if (pass.empty()) {
    std::fprintf(stderr, "parax launch: no program\n%s", kLaunchUsage);
    return 2;
  }
  if (!port)
    port = freePort();
  std::string address = "127.0.0.1:" + std::to_string(port);
  char exe[4096];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  std::string self = len > 0 ? std::string(exe, size_t(len)) : std::string(argv[0]);

  // The pipe on which stopped survivors report themselves (one short line
  // each, "<process id>\n"; writes that small are atomic).
  int report[2] = {-1, -1};
  if (::pipe(report) == 0) {
    ::fcntl(report[0], F_SETFD, FD_CLOEXEC);
    ::fcntl(report[0], F_SETFL, O_NONBLOCK);
  }
  std::signal(SIGINT, forwardSignal);
  std::signal(SIGTERM, forwardSignal);
  for (int k = 0; k < n; ++k) {
    pid_t pid = ::fork();
    if (pid < 0) {
      std::fprintf(stderr, "parax launch: cannot start process %d: %s\n", k, std::strerror(errno));
      forwardSignal(SIGKILL);
      return 1;
    }
    if (pid == 0) {
      setenv("PARAX_COORDINATOR_ADDRESS", address.c_str(), 1);
      setenv("PARAX_NUM_PROCESSES", std::to_string(n).c_str(), 1);
      setenv("PARAX_PROCESS_ID", std::to_string(k).c_str(), 1);
      if (report[1] >= 0)
        setenv("PARAX_LAUNCH_REPORT_FD", std::to_string(report[1]).c_str(), 1);
      std::vector<char *> args{const_cast<char *>(self.c_str())};
      for (std::string &s : pass)
        args.push_back(s.data());
      args.push_back(nullptr);
      ::execv(self.c_str(), args.data());
      std::fprintf(stderr, "parax launch: cannot run %s: %s\n", self.c_str(), std::strerror(errno));
      ::_exit(127);
    }
    gChildren.push_back(pid);
  }
  if (report[1] >= 0)
    ::close(report[1]);
  int status = 0, running = n;
  std::vector<std::pair<size_t, int>> failed; // (process, status) in the order reaped
  auto firstFailure = std::chrono::steady_clock::time_point::max();
  while (running > 0) {
    int ws = 0;
    pid_t p = ::waitpid(-1, &ws, WNOHANG);
    if (p < 0 && errno != EINTR)
      break;
    if (p <= 0) {
      if (std::chrono::steady_clock::now() > firstFailure + std::chrono::duration<double>(grace)) {
        for (size_t k = 0; k < gChildren.size(); ++k)
          if (gChildren[k] > 0) {
            std::fprintf(stderr, "parax launch: process %zu still runs %.0f s after the first "
                         "failure: killing it\n", k, grace);
            ::kill(gChildren[k], SIGKILL);
          }
        firstFailure = std::chrono::steady_clock::time_point::max();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    size_t k = 0;
    while (k < gChildren.size() && gChildren[k] != p)
      ++k;
    if (k == gChildren.size())
      continue;
    gChildren[k] = -1;
    --running;
    int code = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
    if (WIFSIGNALED(ws))
      std::fprintf(stderr, "parax launch: process %zu was killed by signal %d (%s)\n", k,
                   WTERMSIG(ws), strsignal(WTERMSIG(ws)));
    else if (code != 0)
      std::fprintf(stderr, "parax launch: process %zu exited with status %d\n", k, code);
    if (code != 0) {
      failed.push_back({k, code});
      if (status == 0) {
        status = code;
        firstFailure = std::chrono::steady_clock::now();
      }
    }
  }
  // Every process has ended: the ones that stopped because of another's
  // failure reported themselves; the first other failure is the cause.
  std::set<size_t> stopped;
  std::string lines;
  char buf[512];
  ssize_t got;
  while (report[0] >= 0 && (got = ::read(report[0], buf, sizeof buf)) > 0)
    lines.append(buf, size_t(got));
  for (size_t at = 0; at < lines.size();) {
    size_t end = lines.find('\n', at);
    if (end == std::string::npos)
      break;
    stopped.insert(size_t(std::strtoul(lines.c_str() + at, nullptr, 10)));
    at = end + 1;
  }
  size_t causes = 0;
  for (auto &f : failed)
    causes += !stopped.count(f.first);
  for (auto &[k, code] : failed)
    if (!stopped.count(k)) {
      std::string others = causes > 1 ? "the first of " + std::to_string(causes) +
                                             " processes that failed on their own"
                           : failed.size() > 1 ? "the others stopped because of it"
                                               : "the only failure";
      std::fprintf(stderr, "parax launch: the job failed in process %zu (status %d; %s): "
                           "exiting with its status\n", k, code, others.c_str());
      return code;
    }
  return status;
}

} // namespace parax
