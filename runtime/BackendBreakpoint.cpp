//===- BackendBreakpoint.cpp - stopping at jax.debug.breakpoint -----------===//
//
// Devices run as threads under pmap; only one of them may hold the terminal
// at a time, so breakpoints are serialised here (device order is the order
// the threads arrive in).
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"

#include <mutex>

namespace parax::runtime {

Backend::BreakpointEvent
Backend::BreakpointEvent::at(const ir::Operation &op, std::vector<Array> values,
                             int device) {
  BreakpointEvent e;
  e.op = &op;
  std::string names = op.attrs().getString("names"), cur;
  for (char c : names + ";") {
    if (c == ';') {
      if (!cur.empty())
        e.names.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  e.values = std::move(values);
  e.device = device;
  return e;
}

void Backend::hitBreakpoint(const BreakpointEvent &e) {
  if (!breakpoint_)
    return;
  static std::mutex terminal;
  std::lock_guard<std::mutex> lock(terminal);
  breakpoint_(e);
}

} // namespace parax::runtime
