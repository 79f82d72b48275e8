//===- Diagnostics.h - user-facing errors ----------------------*- C++ -*-===//
//
// A Diagnostic is what a user sees for a mistake in their program: the kind
// (the Python/JAX exception name, e.g. "TypeError"), the message, the
// location with the source line and a caret, notes, the trace stack and a
// hint. User errors travel as ParaxError (an exception that carries the
// Diagnostic) through the evaluator and tracer; they never cross LLVM frames
// and never call exit(). Compiler bugs use PARAX_ASSERT instead.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Location.h"

#include <exception>
#include <sstream>
#include <string>
#include <vector>

namespace parax {

struct DiagNote {
  Loc loc; ///< May be invalid: then the note has no source line.
  std::string text;
};

struct Diagnostic {
  std::string severity = "error"; ///< "note": a remark, rendered without a kind
  std::string kind;    ///< "TypeError", "SyntaxError", "RESOURCE_EXHAUSTED"...
  std::string message; ///< May span lines; the first is the headline.
  Loc loc;
  std::vector<DiagNote> notes;
  TraceStack stack;
  std::string hint;

  /// The full text, e.g.
  ///   prog.py:7:12: error: TypeError: message
  ///       source line
  ///              ^~~~
  ///   note: ...
  ///     in pmap(f) > fori_loop body > body
  ///   hint: ...
  std::string render() const;
};

/// The exception that carries a user error.
class ParaxError : public std::exception {
public:
  explicit ParaxError(Diagnostic d) : diag_(std::move(d)) {}
  ParaxError(std::string kind, std::string message, Loc loc = {},
             std::string hint = {});
  const char *what() const noexcept override { return diag_.message.c_str(); }
  Diagnostic &diag() { return diag_; }
  const Diagnostic &diag() const { return diag_; }

private:
  Diagnostic diag_;
};

/// Source lines wider than this are shown as a window around the caret.
constexpr size_t kMaxSourceColumns = 200;
/// Columns kept before the caret in such a window.
constexpr size_t kSourceContext = 60;

/// Renders the source line of `loc` and a caret line under its range; a line
/// over kMaxSourceColumns is cut to a window around the caret, with "..."
/// on each elided side.
std::string renderCaret(const Loc &loc);
/// Terminal display width of a UTF-8 string (CJK counts 2).
size_t displayWidth(const std::string &utf8);

/// Internal invariant failure: prints and aborts. Never for user errors.
[[noreturn]] void internalError(const char *file, int line,
                                const std::string &msg);

namespace detail {
struct AssertStream {
  const char *file;
  int line;
  const char *cond;
  std::ostringstream os;
  AssertStream(const char *f, int l, const char *c) : file(f), line(l), cond(c) {}
  template <typename T> AssertStream &operator<<(const T &v) {
    os << v;
    return *this;
  }
  [[noreturn]] ~AssertStream() noexcept(false) {
    internalError(file, line, std::string(cond) + ": " + os.str());
  }
};
} // namespace detail

} // namespace parax

/// PARAX_ASSERT(cond) << "message";  (lazily evaluated, aborts on failure)
#define PARAX_ASSERT(c)                                                        \
  if (c) {                                                                     \
  } else                                                                       \
    ::parax::detail::AssertStream(__FILE__, __LINE__, #c)
