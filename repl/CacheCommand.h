//===- CacheCommand.h - parax cache info|clear ------------------*- C++ -*-===//
#pragma once

#include <string>

namespace parax {

/// `parax cache info` (directory, entries, bytes, limit) or `parax cache
/// clear` (removes parax's files from it) for the directory the compiled
/// backends would use. Returns the exit status.
int runCacheCommand(const std::string &action);

} // namespace parax
