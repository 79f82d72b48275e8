//===- BackendStop.cpp - the stop word and the timeout watchdog -----------===//
#include "runtime/BackendStop.h"

#include <chrono>
#include <cstdio>

namespace parax::runtime {

ParaxError StopFlag::error(const Loc &loc) const {
  if (reason() == Timeout)
    return ParaxError("TimeoutError", "the program ran past " + timeoutName_, loc,
                      "raise the timeout if the program needs longer, or check "
                      "the loop's stopping condition");
  return ParaxError("KeyboardInterrupt", "the program was interrupted", loc);
}

void Watchdog::arm(double seconds) {
  disarm();
  if (!(seconds > 0))
    return;
  std::lock_guard<std::mutex> lock(m_);
  armed_ = true;
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                      std::chrono::duration<double>(seconds));
  thread_ = std::thread([this, deadline] {
    std::unique_lock<std::mutex> l(m_);
    if (!cv_.wait_until(l, deadline, [&] { return !armed_; }))
      flag_.request(StopFlag::Timeout);
  });
}

void Watchdog::disarm() {
  {
    std::lock_guard<std::mutex> lock(m_);
    armed_ = false;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

std::string formatSeconds(double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", seconds);
  return buf;
}

} // namespace parax::runtime
