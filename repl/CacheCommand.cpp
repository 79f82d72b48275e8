//===- CacheCommand.cpp - parax cache info|clear --------------------------===//
#include "repl/CacheCommand.h"
#include "codegen/JitCache.h"

#include <cstdio>

namespace parax {

namespace {

std::string bytesText(uint64_t b) {
  char buf[64];
  if (b >= (1ull << 20))
    std::snprintf(buf, sizeof buf, "%.2f MiB", double(b) / (1 << 20));
  else if (b >= 1024)
    std::snprintf(buf, sizeof buf, "%.2f KiB", double(b) / 1024);
  else
    std::snprintf(buf, sizeof buf, "%llu bytes", (unsigned long long)b);
  return buf;
}

} // namespace

int runCacheCommand(const std::string &action) {
  std::string dir = codegen::defaultJitCacheDirectory();
  if (dir.empty()) {
    std::printf("compiled-code cache: off (PARAX_CACHE_DIR=off)\n");
    return 0;
  }
  codegen::JitCache cache(dir, codegen::defaultJitCacheMaxBytes(),
                          codegen::JitCache::Mode::Inspect);
  if (!cache.enabled()) {
    bool missing = cache.refusal() == "does not exist";
    std::printf("directory: %s\nstatus:    %s\n", cache.directory().c_str(),
                missing ? "empty (does not exist yet)"
                        : ("not used: the directory " + cache.refusal()).c_str());
    if (!missing && action == "clear")
      std::printf("nothing removed\n");
    return missing || action == "info" ? 0 : 1;
  }
  if (action == "clear") {
    uint64_t failed = 0;
    uint64_t removed = cache.clear(&failed);
    std::printf("removed %llu file%s from %s\n", (unsigned long long)removed,
                removed == 1 ? "" : "s", cache.directory().c_str());
    if (failed) {
      std::fprintf(stderr, "parax: %llu file%s could not be removed\n",
                   (unsigned long long)failed, failed == 1 ? "" : "s");
      return 1;
    }
    return 0;
  }
  codegen::JitCacheStats s = cache.stats();
  std::printf("directory: %s\n", cache.directory().c_str());
  std::printf("entries:   %llu\n", (unsigned long long)s.entries);
  std::printf("bytes:     %llu (%s)\n", (unsigned long long)s.bytes,
              bytesText(s.bytes).c_str());
  std::printf("limit:     %llu (%s; PARAX_CACHE_MAX_BYTES)\n",
              (unsigned long long)cache.maxBytes(),
              bytesText(cache.maxBytes()).c_str());
  if (s.temps)
    std::printf("unfinished writes: %llu\n", (unsigned long long)s.temps);
  std::printf("build:     %s\n", codegen::paraxBuildId().c_str());
  return 0;
}

} // namespace parax
