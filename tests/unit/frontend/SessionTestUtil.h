//===- SessionTestUtil.h - running parax programs in-process ----*- C++ -*-===//
//
// The unit tests of the frontend, runtime and memory planner run whole
// programs through repl/Session (what `parax prog.py` does), capturing what
// the program prints (stdout), what goes to stderr (diagnostics and
// `--dump` output) and the Diagnostic of a failed run.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "repl/Session.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

namespace parax::testing {

struct RunResult {
  bool ok = false;
  std::string out; ///< print() and jax.debug.print output.
  std::string err; ///< Rendered diagnostics and --dump output.
  std::optional<Diagnostic> diag;
  /// The session, kept so that `diag` can still be rendered: a session's
  /// sources go with it (SourceSet).
  std::shared_ptr<Session> session;
};

/// Options of a test run: the reference interpreter, one device.
inline Options testOptions(int devices = 1) {
  Options o;
  o.backend = "interp";
  o.devices = devices;
  return o;
}

/// Runs `src` (named `name`) in a fresh session.
inline RunResult runProgram(const std::string &src, const Options &opts = testOptions(),
                            const std::string &name = "prog.py") {
  RunResult r;
  std::string error;
  auto session = Session::create(
      opts, [&](const std::string &s) { r.out += s; },
      [&](const std::string &s) { r.err += s; }, error);
  if (!session) {
    ADD_FAILURE() << "cannot create a session: " << error;
    return r;
  }
  r.ok = session->runSource(src, name);
  r.diag = session->lastError();
  r.session = std::move(session);
  return r;
}

/// Whether `hay` contains `needle`, with a readable failure message.
inline ::testing::AssertionResult contains(const std::string &hay,
                                           const std::string &needle) {
  if (hay.find(needle) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << needle << "\" not found in:\n" << hay;
}

/// Number of non-overlapping occurrences of `needle` in `hay`.
inline size_t countOf(const std::string &hay, const std::string &needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + needle.size()))
    ++n;
  return n;
}

} // namespace parax::testing
