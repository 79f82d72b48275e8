//===- LineEditor.h - terminal line editing (libedit) -----------*- C++ -*-===//
//
// The REPL's line input on a terminal: editing, history kept across
// sessions in ~/.parax_history, and tab completion. Built on libedit's
// readline-compatible API (BSD licensed; not GNU readline).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace parax {

class LineEditor {
public:
  using Completer = std::function<std::vector<std::string>(const std::string &word)>;
  /// Loads the history file ($HOME/.parax_history).
  explicit LineEditor(Completer completer);
  /// Saves the history file (atomically; see save()).
  ~LineEditor();

  enum class Status { Line, Eof, Interrupted };
  /// Reads one line (without its newline) into `line`. Ctrl-C while typing
  /// gives Interrupted (the caller drops the pending input, as Python does).
  Status read(const std::string &prompt, std::string &line);
  /// Remembers a line in the history (and the history file).
  void remember(const std::string &line);

  /// Set by the SIGINT handler; read() reports and clears it.
  static volatile int sigintPending;
  /// Set by the SIGHUP/SIGTERM handler (the terminal closed): reads end
  /// with Eof, so the REPL returns and the history is saved whole.
  static volatile int hangupPending;

private:
  /// Writes the history to a temporary file renamed over the history file:
  /// an interrupted or failed write leaves the old file as it was.
  void save();
  std::string historyPath_;
};

} // namespace parax
