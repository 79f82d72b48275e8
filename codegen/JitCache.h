//===- JitCache.h - the on-disk cache of compiled programs ------*- C++ -*-===//
//
// One file per compiled program, `parax-<32 hex>.pxc`, in a directory that
// this user owns and nobody else can write. A file is a header followed by
// the object file (the payload), all integers little-endian:
//
//   "PARAXJC\0" | u32 format version | u32 header bytes | u64 payload bytes
//   | SHA-256 of the full cache key | SHA-256 of the payload
//
// An entry reaches LLVM only when every field checks out; anything else
// (truncated, flipped, garbage, another key's entry, an older format) is
// deleted and the program recompiled. The hash catches damage, not a hostile
// writer (who could recompute it): that is what the directory policy is for.
// Writes go to an O_EXCL temp file in the same directory, then rename; an
// I/O failure anywhere means "no cache" with at most one warning per
// process, never an error at the user's line, never LLVM's fatal paths. The
// directory is bounded (PARAX_CACHE_MAX_BYTES, default 256 MiB): a sweep
// evicts the least recently used entries (a hit touches the entry's mtime).
// Sweeps run at most once a minute per directory, or after a process stored
// an eighth of the limit, so the bound can be overshot by what is stored in
// between; start-up does not read the whole directory every time.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace parax::codegen {

using CacheDigest = std::array<uint8_t, 32>;

/// SHA-256 of `data`.
CacheDigest sha256(std::string_view data);
/// The first `bytes` bytes of `d` as lowercase hex.
std::string digestHex(const CacheDigest &d, size_t bytes = 32);

constexpr uint32_t kCacheFormatVersion = 1;
constexpr size_t kCacheHeaderBytes = 88;

/// Header + payload: the bytes of one cache file for the key `keyDigest`.
std::string encodeCacheEntry(const CacheDigest &keyDigest,
                             std::string_view payload);
/// The payload inside `entry` when it is a well-formed, undamaged entry for
/// `keyDigest` (a view into `entry`); otherwise nullopt and `why` says what
/// was wrong.
std::optional<std::string_view> decodeCacheEntry(std::string_view entry,
                                                 const CacheDigest &keyDigest,
                                                 std::string &why);

struct JitCacheStats {
  uint64_t entries = 0, bytes = 0; ///< parax-* files, temp files excluded
  uint64_t temps = 0;              ///< unfinished writes (*.tmp.*)
};

class JitCache {
public:
  /// Use: create the directory (0700) when missing and warn when it is
  /// refused. Inspect (`parax cache info/clear`): neither.
  enum class Mode { Use, Inspect };

  /// `dir` empty: disabled. A directory that is not a directory, is owned by
  /// someone else or can be written by group or others is refused.
  JitCache(std::string dir, uint64_t maxBytes, Mode mode);

  bool enabled() const { return usable_; }
  const std::string &directory() const { return dir_; }
  /// Why the directory is not used ("" when it is, or when off).
  const std::string &refusal() const { return refusal_; }
  uint64_t maxBytes() const { return maxBytes_; }

  /// The verified payload stored for `key`, or nullopt (a miss, or a bad
  /// entry, which is deleted).
  std::optional<std::string> load(const CacheDigest &key);
  /// Stores `payload` for `key` atomically, then, when a sweep is due,
  /// evicts down to maxBytes.
  /// After a failed write the process stops writing (one warning).
  void store(const CacheDigest &key, std::string_view payload);
  /// Deletes the entry for `key`, which its user found unusable (warns).
  void reject(const CacheDigest &key, const std::string &why);

  JitCacheStats stats() const;
  /// Removes every parax-* file (entries and temp files; nothing else).
  /// Returns how many were removed; `failed` counts the ones that stayed.
  uint64_t clear(uint64_t *failed = nullptr);

  std::string pathFor(const CacheDigest &key) const;

private:
  /// Deletes temp files older than a few minutes and, oldest first, entries
  /// beyond maxBytes (never `keep`).
  void sweep(const std::string &keep);
  /// Whether a sweep is due (see kSweepIntervalSeconds in JitCache.cpp).
  bool sweepDue() const;
  void discard(const std::string &path, const std::string &why);
  void warn(const std::string &what) const;

  std::string dir_, refusal_;
  uint64_t maxBytes_;
  bool usable_ = false, writesFailed_ = false;
  uint64_t storedSinceSweep_ = 0; ///< bytes this process stored since its last sweep
  std::mutex mutex_;
};

/// PARAX_CACHE_DIR ("off", "0" or empty: "" = no cache), else
/// $XDG_CACHE_HOME/parax, else $HOME/.cache/parax.
std::string defaultJitCacheDirectory();
/// PARAX_CACHE_MAX_BYTES (bytes, or with a K/M/G/KiB/MiB/GiB suffix),
/// default 256 MiB; a malformed value warns and keeps the default.
uint64_t defaultJitCacheMaxBytes();
/// This build of parax: its version and the GNU build id of the binary that
/// holds the code generator (a rebuild with different code gets new keys,
/// an identical rebuild shares them).
std::string paraxBuildId();

} // namespace parax::codegen
