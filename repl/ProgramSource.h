//===- ProgramSource.h - reading the program to run -------------*- C++ -*-===//
//
// `parax prog.py` and `parax -` (or a program piped on stdin) read their
// source here: a directory or a device (/dev/zero) is refused, a pipe or
// fifo is read up to a size bound instead of without end, a UTF-8 byte
// order mark is dropped as Python drops it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>

namespace parax {

/// The largest program source parax reads (64 MiB).
constexpr int64_t kMaxSourceBytes = int64_t(64) << 20;

/// Reads `path` ("-": stdin) into `text`. On failure returns false with
/// `error` saying why, as Python says it ("can't open file 'x.py': No such
/// file or directory"); the command then exits with status 2.
bool readProgramSource(const std::string &path, std::string &text,
                       std::string &error);

} // namespace parax
