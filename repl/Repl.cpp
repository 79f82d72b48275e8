//===- Repl.cpp - the interactive loop ------------------------------------===//
//
// Reads lines, groups them into complete inputs (open brackets and block
// headers continue with "... "), runs each in the session and echoes the
// value of a final expression. An error never loses earlier definitions:
// the global scope lives in the session.
//
// On a terminal, lines come from libedit (LineEditor: editing, history,
// completion) and Ctrl-C interrupts: while typing it drops the pending
// input; while a program runs it sets the session's stop flag, which stops
// the program with KeyboardInterrupt at its next statement (or the next
// loop iteration of the interp backend or of code the cpu backend
// compiled). SIGHUP (the terminal closed) and SIGTERM end the REPL through
// its normal exit, saving the history. When stdin is not a terminal the
// loop reads plain lines and leaves the signals alone.
//
//===----------------------------------------------------------------------===//
#include "repl/Repl.h"
#include "frontend/syntax/Parser.h"
#include "repl/Completion.h"
#include "repl/LineEditor.h"
#include "repl/ReplCommands.h"
#include "repl/Session.h"

#include <csignal>
#include <iostream>
#include <memory>
#include <string>
#include <unistd.h>

namespace parax {

namespace {
runtime::StopFlag *gStop = nullptr; // the session's, set before the handler

void onSigint(int) {
  LineEditor::sigintPending = 1;
  if (gStop)
    gStop->request(runtime::StopFlag::Interrupt);
}

/// The terminal closed (or the REPL was told to end): stop a running
/// program, end the read, and leave through the normal exit, which saves
/// the history. Dying here by default is what emptied ~/.parax_history.
void onSighup(int) {
  LineEditor::hangupPending = 1;
  if (gStop)
    gStop->request(runtime::StopFlag::Interrupt);
}

void installSigint() {
  struct sigaction sa {};
  sa.sa_handler = onSigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0; // no SA_RESTART: a read in progress returns EINTR
  sigaction(SIGINT, &sa, nullptr);
  sa.sa_handler = onSighup;
  sigaction(SIGHUP, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

bool isCommand(const std::string &buffer, const std::string &line) {
  return buffer.empty() && !line.empty() && line[0] == ':';
}
} // namespace

int runRepl(Session &session) {
  bool tty = isatty(0) && isatty(1);
  std::unique_ptr<LineEditor> editor;
  if (tty) {
    std::cout << "parax (" << session.backend().name() << ", "
              << session.options().devices << " device"
              << (session.options().devices == 1 ? "" : "s")
              << ") - JAX programs without Python. :help for help, Ctrl-D to quit.\n";
    editor = std::make_unique<LineEditor>(
        [&session](const std::string &w) { return completions(session, w); });
    gStop = &session.stopFlag();
    installSigint();
  }
  auto run = [&](const std::string &text, int n) {
    LineEditor::sigintPending = 0; // the session clears its stop flag
    session.runInteractive(text, "<stdin-" + std::to_string(n) + ">");
    std::cout.flush();
  };
  std::string buffer, line;
  int n = 0;
  while (true) {
    std::string prompt = buffer.empty() ? ">>> " : "... ";
    bool got;
    if (editor) {
      LineEditor::Status st = editor->read(prompt, line);
      if (st == LineEditor::Status::Interrupted) {
        std::cout << "\nKeyboardInterrupt\n";
        buffer.clear();
        continue;
      }
      got = st == LineEditor::Status::Line;
      if (got)
        editor->remember(line);
    } else {
      got = bool(std::getline(std::cin, line));
    }
    if (!got) {
      if (!buffer.empty() && !LineEditor::hangupPending)
        run(buffer, ++n);
      if (tty)
        std::cout << "\n";
      return 0;
    }
    if (buffer.empty() && line == "exit()")
      return 0;
    if (isCommand(buffer, line)) {
      session.stopFlag().clear();
      if (!runReplCommand(session, line))
        return 0;
      continue;
    }
    buffer += line + "\n";
    if (frontend::classifyInput(buffer) == frontend::InputState::Incomplete)
      continue;
    run(buffer, ++n);
    buffer.clear();
    if (std::optional<int> status = session.exitStatus()) // sys.exit() ends the REPL
      return *status;
  }
}

} // namespace parax
