//===- Options.cpp - command-line flags and PARAX_* variables -------------===//
#include "repl/Options.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <llvm/Config/llvm-config.h>
#include <unistd.h>
#include <utility>

namespace parax {

namespace {
/// A host budget below this could not run the interpreter itself.
constexpr int64_t kMinHostBudget = int64_t(1) << 20;
} // namespace

std::optional<int64_t> parseByteSize(const std::string &s) {
  size_t i = 0;
  while (i < s.size() && (std::isdigit((unsigned char)s[i]) || s[i] == '.' ||
                          s[i] == 'e' || s[i] == 'E' || s[i] == '+'))
    ++i;
  if (i == 0)
    return std::nullopt;
  char *end = nullptr;
  std::string num = s.substr(0, i);
  double v = std::strtod(num.c_str(), &end);
  if (*end || !std::isfinite(v) || v < 0)
    return std::nullopt;
  std::string unit = s.substr(i);
  for (auto &c : unit)
    c = char(std::tolower((unsigned char)c));
  double mult = 1;
  if (unit.empty() || unit == "b")
    mult = 1;
  else if (unit == "k" || unit == "kb")
    mult = 1e3;
  else if (unit == "m" || unit == "mb")
    mult = 1e6;
  else if (unit == "g" || unit == "gb")
    mult = 1e9;
  else if (unit == "t" || unit == "tb")
    mult = 1e12;
  else if (unit == "kib")
    mult = 1024.0;
  else if (unit == "mib")
    mult = 1024.0 * 1024;
  else if (unit == "gib")
    mult = 1024.0 * 1024 * 1024;
  else if (unit == "tib")
    mult = 1024.0 * 1024 * 1024 * 1024;
  else
    return std::nullopt;
  double bytes = std::floor(v * mult);
  if (!(bytes < 9223372036854775808.0))
    return std::nullopt;
  return int64_t(bytes);
}

bool parseMemoryBudget(const std::string &what, const std::string &text,
                       int64_t min, int64_t &out, std::string &error) {
  auto v = parseByteSize(text);
  std::string example = " (e.g. 32GiB, 512MiB)";
  if (!v && !text.empty() && std::isdigit((unsigned char)text[0]) &&
      text.find_first_not_of("0123456789.eE+") == std::string::npos) {
    error = what + ": '" + text + "' is too large; the most is 1EiB";
    return false;
  }
  if (!v) {
    error = what + ": cannot parse size '" + text + "'" + example;
    return false;
  }
  if (*v < min) {
    error = what + ": '" + text + "' is too small; the least is " +
            (min >= (1 << 20) ? std::to_string(min >> 20) + "MiB"
                              : std::to_string(min) + " byte") +
            " (it never means unlimited)";
    return false;
  }
  if (*v > (int64_t(1) << 60)) {
    error = what + ": '" + text + "' is too large; the most is 1EiB";
    return false;
  }
  out = *v;
  return true;
}

bool prepareDumpDir(const std::string &dir, std::string &error) {
  std::error_code ec;
  if (std::filesystem::exists(dir, ec)) {
    if (!std::filesystem::is_directory(dir, ec)) {
      error = "--dump-dir: '" + dir + "' is not a directory";
      return false;
    }
  } else if (!std::filesystem::create_directories(dir, ec) && ec) {
    error = "--dump-dir: cannot create '" + dir + "': " + ec.message();
    return false;
  }
  if (access(dir.c_str(), W_OK | X_OK) != 0) {
    error = "--dump-dir: '" + dir + "' is not writable";
    return false;
  }
  return true;
}

std::string versionText() {
  // cuda is always built in; it runs where a GPU and its driver are found.
  return "parax " PARAX_VERSION " (LLVM " LLVM_VERSION_STRING
         "; backends: cpu, interp, cuda)\n";
}

namespace {
/// A --timeout value: a positive number of seconds.
std::optional<double> parseSeconds(const std::string &s) {
  char *end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || *end || !std::isfinite(v) || v <= 0)
    return std::nullopt;
  return v;
}
} // namespace

std::string usageText() {
  return "usage: parax [options] [prog.py | - [args...]]\n"
         "       parax check [options] prog.py\n"
         "       parax cache info|clear [--cache-dir DIR]\n"
         "       parax launch -n N [options] prog.py [args...]   (a job of N processes)\n"
         "\n"
         "Runs a JAX program (a subset of Python + JAX) on the CPU or a GPU.\n"
         "Without a program, starts the interactive REPL.\n"
         "\n"
         "options:\n"
         "  --devices N           number of devices (PARAX_DEVICES; default 1)\n"
         "  --backend B           auto|cpu|cuda|interp (PARAX_BACKEND)\n"
         "  --device-memory SIZE  per-device memory budget, e.g. 32GiB\n"
         "                        (PARAX_DEVICE_MEMORY)\n"
         "  --dump WHAT           print ast|ir|llvm|asm|ptx to stderr\n"
         "  --dump-dir DIR        write dumps to files in DIR instead (created\n"
         "                        if missing)\n"
         "  --cache-dir DIR       compiled-code cache (PARAX_CACHE_DIR; 'off'\n"
         "                        disables it; default ~/.cache/parax)\n"
         "  --max-memory SIZE     host memory that the program's values may hold,\n"
         "                        e.g. 4GiB (PARAX_MAX_MEMORY; default half the RAM);\n"
         "                        beyond it, MemoryError\n"
         "  --timeout SECONDS     stop a program (each REPL input) that runs longer,\n"
         "                        with TimeoutError at its line (PARAX_TIMEOUT)\n"
         "  --allow-read DIR      let the program read files under DIR (open(),\n"
         "                        np.loadtxt ...; repeatable, or PARAX_ALLOW_READ=\n"
         "                        DIR1:DIR2; default: no files)\n"
         "  --allow-write DIR     let the program write files under DIR (repeatable;\n"
         "                        PARAX_ALLOW_WRITE)\n"
         "  --allow-env NAME      copy host environment variable NAME into the\n"
         "                        program's os.environ (repeatable; default: none)\n"
         "  --version             print the version, LLVM version and backends\n"
         "  -h, --help            show this help\n"
         "\n"
         "`parax -` (or a program piped on stdin) runs the program read from\n"
         "stdin.\n";
}

bool parseOptions(int argc, char **argv, Options &o, std::string &error) {
  if (const char *d = std::getenv("PARAX_DEVICES"))
    o.devices = std::atoi(d);
  if (const char *b = std::getenv("PARAX_BACKEND"))
    o.backend = b;
  if (const char *m = std::getenv("PARAX_DEVICE_MEMORY"))
    if (!parseMemoryBudget("PARAX_DEVICE_MEMORY", m, 1, o.deviceMemory, error))
      return false;
  if (const char *m = std::getenv("PARAX_MAX_MEMORY"))
    if (!parseMemoryBudget("PARAX_MAX_MEMORY", m, kMinHostBudget, o.maxMemory, error))
      return false;
  if (const char *t = std::getenv("PARAX_TIMEOUT")) {
    auto v = parseSeconds(t);
    if (!v) {
      error = "PARAX_TIMEOUT must be a positive number of seconds, got '" +
              std::string(t) + "'";
      return false;
    }
    o.timeout = *v;
  }
  // PARAX_ALLOW_READ / PARAX_ALLOW_WRITE: ':'-separated directories, as
  // repeated --allow-read / --allow-write.
  for (auto [name, list] : {std::pair{"PARAX_ALLOW_READ", &o.allowRead},
                            std::pair{"PARAX_ALLOW_WRITE", &o.allowWrite}})
    if (const char *v = std::getenv(name)) {
      std::string dirs = v;
      size_t start = 0;
      while (start <= dirs.size()) {
        size_t end = dirs.find(':', start);
        if (end == std::string::npos)
          end = dirs.size();
        if (end > start)
          list->push_back(dirs.substr(start, end - start));
        start = end + 1;
      }
    }
  o.command = "repl";
  int i = 1;
  if (i < argc && (std::string(argv[i]) == "check" ||
                   std::string(argv[i]) == "cache")) {
    o.command = argv[i];
    ++i;
  }
  for (; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](std::string &out) {
      size_t eq = a.find('=');
      if (eq != std::string::npos) {
        out = a.substr(eq + 1);
        return true;
      }
      if (i + 1 >= argc) {
        error = "option " + a + " needs a value";
        return false;
      }
      out = argv[++i];
      return true;
    };
    std::string key = a.substr(0, a.find('='));
    if (!o.program.empty()) {
      o.programArgs.push_back(a);
      continue;
    }
    if (key == "--devices") {
      std::string v;
      if (!value(v))
        return false;
      char *end = nullptr;
      long n = std::strtol(v.c_str(), &end, 10);
      if (*end || n < 1 || n > 64) {
        error = "--devices must be an integer from 1 to 64, got '" + v + "'";
        return false;
      }
      o.devices = int(n);
    } else if (key == "--backend") {
      if (!value(o.backend))
        return false;
    } else if (key == "--device-memory") {
      std::string v;
      if (!value(v))
        return false;
      if (!parseMemoryBudget("--device-memory", v, 1, o.deviceMemory, error))
        return false;
    } else if (key == "--max-memory") {
      std::string v;
      if (!value(v))
        return false;
      if (!parseMemoryBudget("--max-memory", v, kMinHostBudget, o.maxMemory, error))
        return false;
    } else if (key == "--dump") {
      std::string v;
      if (!value(v))
        return false;
      if (v != "ast" && v != "ir" && v != "llvm" && v != "asm" && v != "ptx") {
        error = "--dump takes ast, ir, llvm, asm or ptx, got '" + v + "'";
        return false;
      }
      o.dumps.push_back(v);
    } else if (key == "--timeout") {
      std::string v;
      if (!value(v))
        return false;
      auto t = parseSeconds(v);
      if (!t) {
        error = "--timeout must be a positive number of seconds, got '" + v + "'";
        return false;
      }
      o.timeout = *t;
    } else if (key == "--allow-read" || key == "--allow-write" || key == "--allow-env") {
      std::string v;
      if (!value(v))
        return false;
      if (v.empty()) {
        error = key + (key == "--allow-env" ? " needs a variable name" : " needs a directory");
        return false;
      }
      (key == "--allow-read" ? o.allowRead : key == "--allow-write" ? o.allowWrite : o.allowEnv)
          .push_back(v);
    } else if (key == "--dump-dir") {
      if (!value(o.dumpDir))
        return false;
    } else if (key == "--cache-dir") {
      if (!value(o.cacheDir))
        return false;
      if (o.cacheDir.empty()) {
        error = "--cache-dir needs a directory (or 'off')";
        return false;
      }
    } else if (a == "-h" || a == "--help") {
      o.command = "help";
      return true;
    } else if (a == "--version") {
      o.command = "version";
      return true;
    } else if (!a.empty() && a[0] == '-' && a != "-") {
      error = "unknown option '" + a + "'";
      return false;
    } else {
      o.program = a;
      if (o.command == "repl")
        o.command = "run";
    }
  }
  if (o.command == "cache" && o.program != "info" && o.program != "clear") {
    error = "parax cache takes info or clear";
    return false;
  }
  if (o.command == "check" && o.program.empty()) {
    error = "parax check needs a program";
    return false;
  }
  if (o.backend != "auto" && o.backend != "cpu" && o.backend != "cuda" &&
      o.backend != "interp") {
    error = "--backend must be auto, cpu, cuda or interp, got '" + o.backend + "'";
    return false;
  }
  if (o.devices < 1 || o.devices > 64) {
    error = "the device count must be from 1 to 64";
    return false;
  }
  return true;
}

} // namespace parax
