//===- LineEditor.cpp - terminal line editing (libedit) -------------------===//
//
// libedit's readline layer with two adjustments: its own signal handling is
// off (the REPL's SIGINT handler interrupts running programs), and it reads
// through getcFn so that Ctrl-C while typing ends the read instead of being
// retried. '.' is not a word break, so "jnp.li<TAB>" completes attributes.
//
//===----------------------------------------------------------------------===//
#include "repl/LineEditor.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <editline/readline.h>
#include <string>
#include <unistd.h>

namespace parax {

volatile int LineEditor::sigintPending = 0;
volatile int LineEditor::hangupPending = 0;

namespace {
LineEditor::Completer gCompleter;
std::vector<std::string> gMatches;

int getcFn(FILE *) {
  unsigned char c;
  while (true) {
    if (LineEditor::hangupPending)
      return EOF;
    ssize_t n = ::read(STDIN_FILENO, &c, 1);
    if (n == 1)
      return c;
    if (n < 0 && errno == EINTR && !LineEditor::sigintPending &&
        !LineEditor::hangupPending)
      continue;
    return EOF;
  }
}

char *generator(const char *text, int state) {
  static size_t next;
  if (state == 0) {
    gMatches = gCompleter ? gCompleter(text) : std::vector<std::string>{};
    next = 0;
  }
  return next < gMatches.size() ? strdup(gMatches[next++].c_str()) : nullptr;
}

char **complete(const char *text, int, int) {
  rl_attempted_completion_over = 1; // never fall back to file names
  return rl_completion_matches(text, generator);
}

char gBreaks[] = " \t\n\"'`@$><=;|&{}()[],+-*/%~^!:";
} // namespace

LineEditor::LineEditor(Completer completer) {
  gCompleter = std::move(completer);
  if (const char *home = std::getenv("HOME"))
    historyPath_ = std::string(home) + "/.parax_history";
  rl_readline_name = "parax";
  rl_catch_signals = 0;
  rl_getc_function = getcFn;
  rl_attempted_completion_function = complete;
  rl_completer_word_break_characters = gBreaks;
  rl_completion_append_character = '\0';
  rl_initialize();
  using_history();
  stifle_history(1000);
  if (!historyPath_.empty())
    read_history(historyPath_.c_str());
}

LineEditor::~LineEditor() { save(); }

void LineEditor::save() {
  if (historyPath_.empty())
    return;
  // A symlinked history file (dotfile managers) is replaced at its target.
  std::string path = historyPath_;
  if (char *real = realpath(historyPath_.c_str(), nullptr)) {
    path = real;
    std::free(real);
  }
  std::string tmp = path + ".tmp." + std::to_string(getpid());
  if (write_history(tmp.c_str()) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0)
    std::remove(tmp.c_str());
}

LineEditor::Status LineEditor::read(const std::string &prompt, std::string &line) {
  sigintPending = 0;
  char *text = readline(prompt.c_str());
  if (hangupPending) {
    std::free(text);
    return Status::Eof;
  }
  if (sigintPending) {
    sigintPending = 0;
    std::free(text);
    return Status::Interrupted;
  }
  if (!text)
    return Status::Eof;
  line = text;
  std::free(text);
  return Status::Line;
}

void LineEditor::remember(const std::string &line) {
  if (line.find_first_not_of(" \t") == std::string::npos)
    return;
  add_history(line.c_str());
  save(); // a crash or a kill later loses nothing typed so far
}

} // namespace parax
