//===- Options.h - command-line flags and PARAX_* variables -----*- C++ -*-===//
//
// One table of options shared by the CLI, the REPL and the embedding API:
// each flag has an environment variable that sets its default.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace parax {

struct Options {
  int devices = 1;                 ///< --devices / PARAX_DEVICES
  std::string backend = "auto";    ///< --backend / PARAX_BACKEND
  int64_t deviceMemory = 0;        ///< --device-memory / PARAX_DEVICE_MEMORY (bytes)
  int64_t maxMemory = 0;           ///< --max-memory / PARAX_MAX_MEMORY (bytes; 0: default)
  std::vector<std::string> dumps;  ///< --dump ast|ir|llvm|asm|ptx (repeatable)
  std::string dumpDir;             ///< --dump-dir: files instead of stderr
  std::string cacheDir;            ///< --cache-dir (sets PARAX_CACHE_DIR)
  double timeout = 0;              ///< --timeout / PARAX_TIMEOUT (seconds; 0 = none)
  std::string command;             ///< "run", "check", "cache", "repl", "help" or "version"
  bool checkOnly = false;          ///< parax check: trace and plan, run nothing
  std::string program;             ///< The script path (parax cache: info|clear).
  std::vector<std::string> programArgs;
  /// --allow-read DIR / --allow-write DIR (repeatable): the directories
  /// open() may read or write; none by default.
  std::vector<std::string> allowRead, allowWrite;
  /// --allow-env NAME (repeatable): host environment variables copied into
  /// the program's os.environ; none by default.
  std::vector<std::string> allowEnv;
};

/// Parses "32GiB", "96MiB", "32480KiB", "1e9", "4096" (bytes). Returns
/// nullopt for malformed sizes and sizes of 2**63 bytes or more.
std::optional<int64_t> parseByteSize(const std::string &s);

/// A memory budget for `what` ("--device-memory"): a size from `min` bytes
/// to 1 EiB. 0, fractions of a byte and absurd sizes are errors, never
/// "unlimited".
bool parseMemoryBudget(const std::string &what, const std::string &text,
                       int64_t min, int64_t &out, std::string &error);

/// --dump-dir: creates the directory (and its parents) if it is missing;
/// false with `error` when it cannot, or when the path is not a directory.
bool prepareDumpDir(const std::string &dir, std::string &error);

/// "parax 0.1.0 (LLVM 19.1.7; backends: cpu interp)".
std::string versionText();

/// Parses argv. On a usage error returns false and sets `error`.
bool parseOptions(int argc, char **argv, Options &opts, std::string &error);

/// The usage text.
std::string usageText();

} // namespace parax
