//===- ProgramSource.cpp - reading the program to run ---------------------===//
#include "repl/ProgramSource.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace parax {

namespace {
std::string tooLarge(const std::string &shown) {
  return shown + " is larger than 64 MiB, the most parax reads as a program";
}

/// Reads `fd` to its end, but never more than kMaxSourceBytes.
bool readBounded(int fd, const std::string &shown, std::string &text,
                 std::string &error) {
  char buf[1 << 16];
  while (true) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0)
      return true;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      error = "can't read " + shown + ": " + std::strerror(errno);
      return false;
    }
    if (int64_t(text.size()) + n > kMaxSourceBytes) {
      error = tooLarge(shown);
      return false;
    }
    text.append(buf, size_t(n));
  }
}
} // namespace

bool readProgramSource(const std::string &path, std::string &text,
                       std::string &error) {
  text.clear();
  bool ok;
  if (path == "-") {
    ok = readBounded(STDIN_FILENO, "<stdin>", text, error);
  } else {
    std::string shown = "file '" + path + "'";
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      error = "can't open " + shown + ": " + std::strerror(errno);
      return false;
    }
    struct stat st {};
    ok = ::fstat(fd, &st) == 0;
    if (!ok) {
      error = "can't open " + shown + ": " + std::strerror(errno);
    } else if (S_ISDIR(st.st_mode)) {
      error = "can't run " + shown + ": it is a directory";
      ok = false;
    } else if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
      // A device never ends (/dev/zero) or waits for a person (/dev/tty).
      error = "can't run " + shown + ": not a regular file";
      ok = false;
    } else if (S_ISREG(st.st_mode) && st.st_size > kMaxSourceBytes) {
      error = tooLarge(shown);
      ok = false;
    } else {
      ok = readBounded(fd, shown, text, error);
    }
    ::close(fd);
  }
  if (ok && text.compare(0, 3, "\xEF\xBB\xBF") == 0)
    text.erase(0, 3); // the UTF-8 BOM some editors write
  return ok;
}

} // namespace parax
