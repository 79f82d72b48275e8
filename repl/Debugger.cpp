//===- Debugger.cpp - the jdb prompt of jax.debug.breakpoint --------------===//
#include "repl/Debugger.h"
#include "repl/Session.h"

#include <algorithm>

namespace parax {

namespace {
const char *kHelp =
    "jdb commands:\n"
    "  p EXPR / pp EXPR   print the value of EXPR\n"
    "  l / list           show the source around the breakpoint\n"
    "  w / where          show where the program stopped\n"
    "  c / continue       resume the program\n"
    "  q / quit           resume and ignore the remaining breakpoints\n"
    "  any other line     runs as Python with the stopped function's names\n";

} // namespace

void Debugger::list(const Loc &where) {
  if (!where.valid())
    return;
  uint32_t id = where.file, line = where.line;
  std::string text;
  for (uint32_t l = line > 3 ? line - 3 : 1; l <= line + 3; ++l) {
    std::string src = SourceRegistry::line(id, l);
    if (src.empty() && l > line)
      break;
    std::string num = std::to_string(l);
    text += (l == line ? "-> " : "   ") + std::string(4 - std::min<size_t>(4, num.size()), ' ') +
            num + "  " + src + "\n";
  }
  session_.print(text);
}

void Debugger::stop(const Loc &where, const std::string &device,
                    std::shared_ptr<frontend::Scope> scope) {
  if (quit_)
    return;
  session_.print("Entering jdb: " + where.str() + (device.empty() ? "" : " (" + device + ")") +
                 "\n");
  list(where);
  std::string line;
  int n = 0;
  while (true) {
    session_.print("(jdb) ");
    if (!std::getline(in_, line)) {
      session_.print("\n");
      return;
    }
    size_t b = line.find_first_not_of(" \t");
    std::string cmd = b == std::string::npos ? "" : line.substr(b);
    while (!cmd.empty() && (cmd.back() == ' ' || cmd.back() == '\t' || cmd.back() == '\r'))
      cmd.pop_back();
    std::string word = cmd.substr(0, cmd.find(' '));
    if (cmd.empty())
      continue;
    if (word == "c" || word == "continue" || word == "cont")
      return;
    if (word == "q" || word == "quit" || word == "exit") {
      quit_ = true;
      return;
    }
    if (word == "h" || word == "help") {
      session_.print(kHelp);
      continue;
    }
    if (word == "l" || word == "list" || word == "ll") {
      list(where);
      continue;
    }
    if (word == "w" || word == "where" || word == "bt") {
      session_.print(where.str() + (device.empty() ? "" : " (" + device + ")") + "\n");
      continue;
    }
    std::string code = cmd;
    if ((word == "p" || word == "pp") && cmd.size() > word.size())
      code = cmd.substr(word.size() + 1);
    session_.runInScope(code + "\n", "<jdb-" + std::to_string(++n) + ">", scope);
  }
}

} // namespace parax
