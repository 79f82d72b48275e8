//===- Location.h - source locations and trace stacks -----------*- C++ -*-===//
//
// Loc names a range in a registered source buffer. Every AST node and every IR
// op carries one. TraceFrame is an interned, immutable chain of the contexts a
// traced op was built under ("pmap(f) > fori_loop body > expensive_func"); ops
// share the chain by pointer, as MLIR's CallSiteLoc does.
//
// Sources live in a process-wide registry so that any stage can render a
// caret without threading a manager through every call; a SourceSet (one per
// interpreter or session) owns the buffers it added and removes them when
// it goes, so no source outlives the interpreter that ran it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace parax {

/// A source range. Lines and columns are 1-based; columns count code points.
/// line == 0 means "no location".
struct Loc {
  uint32_t file = 0;
  uint32_t line = 0;
  uint32_t col = 0;
  uint32_t endLine = 0; ///< Inclusive end; 0 when unknown.
  uint32_t endCol = 0;  ///< Exclusive end column on endLine.

  bool valid() const { return line != 0; }
  /// "prog.py:7:12"
  std::string str() const;
};

/// Process-wide registry of source buffers (thread-safe). Ids are never
/// reused, so a removed buffer's id can never name another one: it renders
/// as "<unknown>" with no source line.
class SourceRegistry {
public:
  /// Registers a buffer and returns its id (ids start at 1). Prefer
  /// SourceSet::add, which frees the buffer with its owner.
  static uint32_t add(std::string name, std::string text);
  /// Frees a buffer (no-op for unknown ids).
  static void remove(uint32_t file);
  /// Buffers currently registered (for leak tests).
  static size_t size();
  static std::string name(uint32_t file);
  /// The text of a 1-based line without its newline ("" if out of range).
  static std::string line(uint32_t file, uint32_t line);
  static std::string text(uint32_t file);
};

/// The source buffers one owner (an embedded Interpreter, a Session)
/// registered; they are removed from the registry with the owner. Render
/// every diagnostic that names them before the owner goes.
class SourceSet {
public:
  SourceSet() = default;
  SourceSet(const SourceSet &) = delete;
  SourceSet &operator=(const SourceSet &) = delete;
  ~SourceSet();

  uint32_t add(std::string name, std::string text);
  /// Frees one buffer of this set early (a run nothing refers to any more).
  void remove(uint32_t file);

private:
  std::vector<uint32_t> files_;
};

/// One frame of a trace stack; frames are immutable and shared.
struct TraceFrame {
  std::string label; ///< "pmap(singledevice_func)", "fori_loop body", "f"
  Loc callLoc;       ///< Where this context was entered.
  std::shared_ptr<const TraceFrame> parent;

  static std::shared_ptr<const TraceFrame>
  push(std::shared_ptr<const TraceFrame> parent, std::string label, Loc loc);
  /// "pmap(f) > fori_loop body > g" (outermost first); a run of three or
  /// more identical frames (deep recursion) shows once: "f [x998]".
  static std::string render(const std::shared_ptr<const TraceFrame> &top);
  /// Frames outermost first, runs of identical ones (same label and call
  /// site) merged: each frame with the length of its run.
  static std::vector<std::pair<const TraceFrame *, size_t>>
  runs(const std::shared_ptr<const TraceFrame> &top);
  /// Frames outermost first.
  static std::vector<const TraceFrame *>
  frames(const std::shared_ptr<const TraceFrame> &top);
};
using TraceStack = std::shared_ptr<const TraceFrame>;

/// Stacks longer than this many entries are elided in messages.
constexpr size_t kMaxChainEntries = 8;
/// `items` joined with " > ", runs of equal items collapsed to "f (x40)"
/// and, past kMaxChainEntries, the first and last 3 kept around
/// "... (N more) ..." (deep recursion must not print a 12 KB line).
std::string elideChain(const std::vector<std::string> &items);

} // namespace parax
