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
  std::vector<std::string> dumps;  ///< --dump ast|ir|llvm|asm|ptx (repeatable)
  std::string dumpDir;             ///< --dump-dir: files instead of stderr
  double timeout = 0;              ///< --timeout / PARAX_TIMEOUT (seconds; 0 = none)
  std::string command;             ///< "run", "check", "repl" or "help"
  bool checkOnly = false;          ///< parax check: trace and plan, run nothing
  std::string program;             ///< The script path.
  std::vector<std::string> programArgs;
};

/// Parses "32GiB", "96MiB", "32480KiB", "1e9", "4096" (bytes). Returns
/// nullopt for malformed sizes.
std::optional<int64_t> parseByteSize(const std::string &s);

/// Parses argv. On a usage error returns false and sets `error`.
bool parseOptions(int argc, char **argv, Options &opts, std::string &error);

/// The usage text.
std::string usageText();

} // namespace parax
