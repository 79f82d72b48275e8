//===- Repl.cpp - the interactive loop ------------------------------------===//
//
// Reads lines, groups them into complete inputs (open brackets and block
// headers continue with "... "), runs each in the session and echoes the
// value of a final expression. An error never loses earlier definitions:
// the global scope lives in the session.
//
//===----------------------------------------------------------------------===//
#include "repl/Repl.h"
#include "frontend/Parser.h"
#include "repl/Session.h"

#include <iostream>
#include <string>
#include <unistd.h>

namespace parax {

int runRepl(Session &session) {
  bool tty = isatty(0);
  if (tty)
    std::cout << "parax (" << session.backend().name() << ", "
              << session.options().devices << " device"
              << (session.options().devices == 1 ? "" : "s")
              << ") - JAX programs without Python. :help for help, Ctrl-D to quit.\n";
  std::string buffer, line;
  int n = 0;
  while (true) {
    if (tty) {
      std::cout << (buffer.empty() ? ">>> " : "... ");
      std::cout.flush();
    }
    if (!std::getline(std::cin, line)) {
      if (!buffer.empty())
        session.runInteractive(buffer, "<stdin-" + std::to_string(++n) + ">");
      if (tty)
        std::cout << "\n";
      return 0;
    }
    if (buffer.empty() && (line == ":quit" || line == ":q" || line == "exit()"))
      return 0;
    if (buffer.empty() && line == ":help") {
      std::cout << "Type Python/JAX statements. :quit leaves.\n";
      continue;
    }
    buffer += line + "\n";
    if (frontend::classifyInput(buffer) == frontend::InputState::Incomplete)
      continue;
    session.runInteractive(buffer, "<stdin-" + std::to_string(++n) + ">");
    std::cout.flush();
    buffer.clear();
  }
}

} // namespace parax
