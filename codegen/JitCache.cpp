//===- JitCache.cpp - the on-disk cache of compiled programs --------------===//
//
// POSIX calls throughout (no llvm::raw_fd_ostream: its destructor turns a
// failed write into report_fatal_error, "LLVM ERROR: IO failure", which
// ends the process - an embedding host included).
//
//===----------------------------------------------------------------------===//
#include "codegen/JitCache.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/SHA256.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace parax::codegen {

namespace {

constexpr char kMagic[8] = {'P', 'A', 'R', 'A', 'X', 'J', 'C', '\0'};
constexpr const char *kPrefix = "parax-";
constexpr const char *kTempMarker = ".tmp.";
/// A temp file this old belongs to a writer that died.
constexpr time_t kStaleTempSeconds = 10 * 60;
constexpr uint64_t kDefaultMaxBytes = 256ull << 20;
/// A sweep reads every entry's size (30,000 entries: ~65 ms), so a process
/// sweeps only when the directory has not been swept for a minute (the
/// stamp file's mtime says when it last was) or when it has itself stored
/// an eighth of the limit since its own last sweep.
constexpr time_t kSweepIntervalSeconds = 60;
constexpr const char *kSweepStamp = ".parax-swept";

void putLE(std::string &out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out.push_back(char((v >> (8 * i)) & 0xff));
}

uint64_t getLE(std::string_view in, size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i)
    v |= uint64_t((unsigned char)in[at + i]) << (8 * i);
  return v;
}

std::string errnoText() { return std::strerror(errno); }

bool isOurs(const char *name) {
  return std::strncmp(name, kPrefix, std::strlen(kPrefix)) == 0;
}

bool isTemp(const char *name) { return std::strstr(name, kTempMarker); }

/// mkdir -p, creating missing components 0700.
bool makeDirectories(const std::string &dir) {
  for (size_t i = 1; i <= dir.size(); ++i) {
    if (i < dir.size() && dir[i] != '/')
      continue;
    std::string part = dir.substr(0, i);
    if (::mkdir(part.c_str(), 0700) != 0 && errno != EEXIST)
      return false;
  }
  return true;
}

/// A write past RLIMIT_FSIZE raises SIGXFSZ, whose default action kills the
/// process. While this is alive the signal is blocked in this thread, so
/// the write fails with EFBIG instead; a SIGXFSZ it caused is consumed.
class FileSizeSignalBlock {
public:
  FileSizeSignalBlock() {
    sigemptyset(&set_);
    sigaddset(&set_, SIGXFSZ);
    pthread_sigmask(SIG_BLOCK, &set_, &old_);
    sigset_t pending;
    sigpending(&pending);
    wasPending_ = sigismember(&pending, SIGXFSZ) == 1;
  }
  ~FileSizeSignalBlock() {
    sigset_t pending;
    if (!wasPending_ && sigpending(&pending) == 0 &&
        sigismember(&pending, SIGXFSZ) == 1) {
      timespec zero{0, 0};
      sigtimedwait(&set_, nullptr, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }

private:
  sigset_t set_, old_;
  bool wasPending_ = false;
};

/// Writes `data` to the new file `temp` and renames it to `path`. "" on
/// success, else what failed; the temp file never survives a failure.
std::string writeAtomically(const std::string &temp, const std::string &path,
                            std::string_view data) {
  FileSizeSignalBlock block;
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
                  0600);
  if (fd < 0)
    return "cannot create a file there (" + errnoText() + ")";
  std::string error;
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      error = n < 0 ? errnoText() : "no progress";
      break;
    }
    done += size_t(n);
  }
  // close() reports deferred write errors on some file systems.
  if (::close(fd) != 0 && error.empty())
    error = errnoText();
  if (error.empty() && ::rename(temp.c_str(), path.c_str()) != 0)
    error = "rename: " + errnoText();
  if (!error.empty()) {
    ::unlink(temp.c_str());
    return "cannot write an entry (" + error + ")";
  }
  return "";
}

/// One warning per process for the whole cache: the first problem is
/// worth knowing about, a stream of them is noise.
std::atomic<bool> warned{false};

} // namespace

CacheDigest sha256(std::string_view data) {
  return llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(data.data()), data.size()));
}

std::string digestHex(const CacheDigest &d, size_t bytes) {
  static const char *hex = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < bytes && i < d.size(); ++i) {
    s.push_back(hex[d[i] >> 4]);
    s.push_back(hex[d[i] & 15]);
  }
  return s;
}

std::string encodeCacheEntry(const CacheDigest &keyDigest,
                             std::string_view payload) {
  std::string out(kMagic, sizeof kMagic);
  putLE(out, kCacheFormatVersion, 4);
  putLE(out, kCacheHeaderBytes, 4);
  putLE(out, payload.size(), 8);
  out.append(reinterpret_cast<const char *>(keyDigest.data()), keyDigest.size());
  CacheDigest h = sha256(payload);
  out.append(reinterpret_cast<const char *>(h.data()), h.size());
  out.append(payload);
  return out;
}

std::optional<std::string_view> decodeCacheEntry(std::string_view entry,
                                                 const CacheDigest &keyDigest,
                                                 std::string &why) {
  if (entry.size() < kCacheHeaderBytes) {
    why = "truncated header (" + std::to_string(entry.size()) + " bytes)";
    return std::nullopt;
  }
  if (entry.substr(0, sizeof kMagic) != std::string_view(kMagic, sizeof kMagic)) {
    why = "not a parax cache entry";
    return std::nullopt;
  }
  uint64_t version = getLE(entry, 8, 4), header = getLE(entry, 12, 4);
  if (version != kCacheFormatVersion || header != kCacheHeaderBytes) {
    why = "format version " + std::to_string(version) + ", expected " +
          std::to_string(kCacheFormatVersion);
    return std::nullopt;
  }
  uint64_t length = getLE(entry, 16, 8);
  if (length != entry.size() - kCacheHeaderBytes) {
    why = "payload is " + std::to_string(entry.size() - kCacheHeaderBytes) +
          " bytes, header says " + std::to_string(length);
    return std::nullopt;
  }
  if (entry.substr(24, 32) !=
      std::string_view(reinterpret_cast<const char *>(keyDigest.data()), 32)) {
    why = "entry belongs to another key";
    return std::nullopt;
  }
  std::string_view payload = entry.substr(kCacheHeaderBytes);
  CacheDigest h = sha256(payload);
  if (entry.substr(56, 32) !=
      std::string_view(reinterpret_cast<const char *>(h.data()), 32)) {
    why = "content hash mismatch";
    return std::nullopt;
  }
  return payload;
}

JitCache::JitCache(std::string dir, uint64_t maxBytes, Mode mode)
    : dir_(std::move(dir)), maxBytes_(maxBytes) {
  while (dir_.size() > 1 && dir_.back() == '/')
    dir_.pop_back();
  if (dir_.empty())
    return;
  if (mode == Mode::Use && !makeDirectories(dir_)) {
    refusal_ = "cannot create it (" + errnoText() + ")";
  } else {
    struct stat st;
    if (::stat(dir_.c_str(), &st) != 0) {
      refusal_ = errno == ENOENT ? "does not exist" : errnoText();
    } else if (!S_ISDIR(st.st_mode)) {
      refusal_ = "is not a directory";
    } else if (st.st_uid != ::geteuid()) {
      refusal_ = "is owned by uid " + std::to_string(st.st_uid) +
                 ", not by this user (uid " + std::to_string(::geteuid()) + ")";
    } else if (st.st_mode & (S_IWGRP | S_IWOTH)) {
      char mode[8];
      std::snprintf(mode, sizeof mode, "%04o", unsigned(st.st_mode & 07777));
      refusal_ = std::string("can be written by other users (mode ") + mode +
                 "): fix it with chmod go-w " + dir_;
    }
  }
  usable_ = refusal_.empty();
  if (mode == Mode::Use) {
    if (!usable_)
      warn("not used: the directory " + refusal_ +
           " (--cache-dir DIR or PARAX_CACHE_DIR=off to silence this)");
    else if (sweepDue())
      sweep("");
  }
}

bool JitCache::sweepDue() const {
  if (storedSinceSweep_ > maxBytes_ / 8)
    return true;
  struct stat st;
  if (::lstat((dir_ + "/" + kSweepStamp).c_str(), &st) != 0 || !S_ISREG(st.st_mode))
    return true;
  time_t now = std::time(nullptr);
  return now - st.st_mtime >= kSweepIntervalSeconds || st.st_mtime > now;
}

void JitCache::warn(const std::string &what) const {
  if (warned.exchange(true))
    return;
  std::fflush(stdout);
  std::fprintf(stderr, "parax: warning: compiled-code cache %s: %s\n",
               dir_.c_str(), what.c_str());
  std::fflush(stderr);
}

std::string JitCache::pathFor(const CacheDigest &key) const {
  return dir_ + "/" + kPrefix + digestHex(key, 16) + ".pxc";
}

void JitCache::discard(const std::string &path, const std::string &why) {
  ::unlink(path.c_str());
  const char *base = std::strrchr(path.c_str(), '/');
  warn("discarded the damaged entry " + std::string(base ? base + 1 : path) +
       " (" + why + ") and recompiled");
}

std::optional<std::string> JitCache::load(const CacheDigest &key) {
  if (!usable_)
    return std::nullopt;
  std::lock_guard<std::mutex> lock(mutex_);
  std::string path = pathFor(key);
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    if (errno == ELOOP)
      discard(path, "a symbolic link");
    else if (errno != ENOENT)
      warn("cannot read an entry (" + errnoText() + ")");
    return std::nullopt;
  }
  std::string why, data;
  struct stat st;
  if (::fstat(fd, &st) != 0)
    why = errnoText();
  else if (!S_ISREG(st.st_mode))
    why = "not a regular file";
  else if (st.st_uid != ::geteuid())
    why = "owned by another user";
  else if (uint64_t(st.st_size) > std::max<uint64_t>(maxBytes_, kCacheHeaderBytes))
    why = "larger than the whole cache";
  else {
    data.resize(size_t(st.st_size));
    size_t done = 0;
    while (done < data.size()) {
      ssize_t n = ::read(fd, data.data() + done, data.size() - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0) {
        why = n < 0 ? "read: " + errnoText() : "shorter than its size";
        break;
      }
      done += size_t(n);
    }
  }
  std::optional<std::string_view> payload;
  if (why.empty())
    payload = decodeCacheEntry(data, key, why);
  if (!payload) {
    ::close(fd);
    discard(path, why);
    return std::nullopt;
  }
  // Least recently used = oldest mtime; a read-only cache just stays as is.
  timespec now[2] = {{0, UTIME_NOW}, {0, UTIME_NOW}};
  ::futimens(fd, now);
  ::close(fd);
  return std::string(*payload);
}

void JitCache::store(const CacheDigest &key, std::string_view payload) {
  if (!usable_)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (writesFailed_)
    return;
  std::string entry = encodeCacheEntry(key, payload);
  if (entry.size() > maxBytes_)
    return;
  static std::atomic<unsigned> counter{0};
  std::string path = pathFor(key);
  std::string temp = path + kTempMarker + std::to_string(::getpid()) + "." +
                     std::to_string(counter++);
  std::string error = writeAtomically(temp, path, entry);
  if (!error.empty()) {
    writesFailed_ = true;
    warn(error + "; compiled code is not cached by this process");
    return;
  }
  storedSinceSweep_ += entry.size();
  if (sweepDue())
    sweep(path);
}

void JitCache::reject(const CacheDigest &key, const std::string &why) {
  if (!usable_)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  discard(pathFor(key), why);
}

void JitCache::sweep(const std::string &keep) {
  struct Entry {
    std::string path;
    uint64_t bytes;
    timespec mtime;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  storedSinceSweep_ = 0;
  int stamp = ::open((dir_ + "/" + kSweepStamp).c_str(),
                     O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0600);
  if (stamp >= 0) {
    timespec now[2] = {{0, UTIME_NOW}, {0, UTIME_NOW}};
    ::futimens(stamp, now);
    ::close(stamp);
  }
  DIR *d = ::opendir(dir_.c_str());
  if (!d)
    return;
  time_t now = std::time(nullptr);
  while (dirent *e = ::readdir(d)) {
    if (!isOurs(e->d_name))
      continue;
    std::string path = dir_ + "/" + e->d_name;
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
      continue;
    if (isTemp(e->d_name)) {
      if (now - st.st_mtime > kStaleTempSeconds)
        ::unlink(path.c_str());
      continue;
    }
    entries.push_back({path, uint64_t(st.st_size), st.st_mtim});
    total += uint64_t(st.st_size);
  }
  ::closedir(d);
  if (total <= maxBytes_)
    return;
  std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
    if (a.mtime.tv_sec != b.mtime.tv_sec)
      return a.mtime.tv_sec < b.mtime.tv_sec;
    return a.mtime.tv_nsec < b.mtime.tv_nsec;
  });
  for (const Entry &e : entries) {
    if (total <= maxBytes_)
      break;
    if (e.path == keep)
      continue;
    if (::unlink(e.path.c_str()) == 0 || errno == ENOENT)
      total -= e.bytes;
  }
}

JitCacheStats JitCache::stats() const {
  JitCacheStats s;
  if (!usable_)
    return s;
  DIR *d = ::opendir(dir_.c_str());
  if (!d)
    return s;
  while (dirent *e = ::readdir(d)) {
    if (!isOurs(e->d_name))
      continue;
    struct stat st;
    std::string path = dir_ + "/" + e->d_name;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
      continue;
    if (isTemp(e->d_name)) {
      ++s.temps;
      continue;
    }
    ++s.entries;
    s.bytes += uint64_t(st.st_size);
  }
  ::closedir(d);
  return s;
}

uint64_t JitCache::clear(uint64_t *failed) {
  uint64_t removed = 0, stayed = 0;
  if (usable_) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (DIR *d = ::opendir(dir_.c_str())) {
      std::vector<std::string> paths;
      while (dirent *e = ::readdir(d))
        if (isOurs(e->d_name))
          paths.push_back(dir_ + "/" + e->d_name);
      ::closedir(d);
      for (const std::string &p : paths) {
        struct stat st;
        if (::lstat(p.c_str(), &st) != 0 || S_ISDIR(st.st_mode))
          continue;
        if (::unlink(p.c_str()) == 0)
          ++removed;
        else
          ++stayed;
      }
    }
  }
  if (failed)
    *failed = stayed;
  return removed;
}

std::string defaultJitCacheDirectory() {
  if (const char *env = std::getenv("PARAX_CACHE_DIR")) {
    std::string v = env;
    if (v.empty() || v == "off" || v == "0")
      return "";
    return v;
  }
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg)
    return std::string(xdg) + "/parax";
  const char *home = std::getenv("HOME");
  if (home && *home)
    return std::string(home) + "/.cache/parax";
  return "";
}

namespace {

uint64_t parseMaxBytes() {
  const char *env = std::getenv("PARAX_CACHE_MAX_BYTES");
  if (!env || !*env)
    return kDefaultMaxBytes;
  char *end = nullptr;
  errno = 0;
  unsigned long long n = std::strtoull(env, &end, 10);
  std::string unit = end ? end : "";
  for (char &c : unit)
    c = char(std::tolower((unsigned char)c));
  uint64_t mult = 0;
  if (unit.empty() || unit == "b")
    mult = 1;
  else if (unit == "k" || unit == "kib")
    mult = 1ull << 10;
  else if (unit == "m" || unit == "mib")
    mult = 1ull << 20;
  else if (unit == "g" || unit == "gib")
    mult = 1ull << 30;
  if (end == env || errno || mult == 0 || n > UINT64_MAX / mult || env[0] == '-') {
    std::fprintf(stderr,
                 "parax: warning: PARAX_CACHE_MAX_BYTES: cannot parse '%s' "
                 "(e.g. 256MiB); using 256MiB\n",
                 env);
    return kDefaultMaxBytes;
  }
  return n * mult;
}

} // namespace

uint64_t defaultJitCacheMaxBytes() {
  static const uint64_t bytes = parseMaxBytes(); // one warning when malformed
  return bytes;
}

namespace {

struct BuildIdSearch {
  uintptr_t address;
  std::string id;
};

/// dl_iterate_phdr callback: the NT_GNU_BUILD_ID note of the object that
/// maps `address`.
int findBuildId(dl_phdr_info *info, size_t, void *data) {
  auto *search = static_cast<BuildIdSearch *>(data);
  bool mine = false;
  for (int i = 0; i < info->dlpi_phnum && !mine; ++i) {
    const ElfW(Phdr) &p = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + p.p_vaddr;
    mine = p.p_type == PT_LOAD && search->address >= start &&
           search->address < start + p.p_memsz;
  }
  if (!mine)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &p = info->dlpi_phdr[i];
    if (p.p_type != PT_NOTE)
      continue;
    const char *at = reinterpret_cast<const char *>(info->dlpi_addr + p.p_vaddr);
    const char *end = at + p.p_memsz;
    auto align4 = [](size_t n) { return (n + 3) & ~size_t(3); };
    while (at + sizeof(ElfW(Nhdr)) <= end) {
      const auto *n = reinterpret_cast<const ElfW(Nhdr) *>(at);
      const char *name = at + sizeof(ElfW(Nhdr));
      const char *desc = name + align4(n->n_namesz);
      if (desc + n->n_descsz > end)
        break;
      if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
          std::memcmp(name, "GNU", 4) == 0) {
        static const char *hex = "0123456789abcdef";
        for (size_t k = 0; k < n->n_descsz; ++k) {
          search->id.push_back(hex[(unsigned char)desc[k] >> 4]);
          search->id.push_back(hex[(unsigned char)desc[k] & 15]);
        }
        return 1;
      }
      at = desc + align4(n->n_descsz);
    }
  }
  return 1;
}

} // namespace

std::string paraxBuildId() {
  static const std::string id = [] {
    BuildIdSearch search{reinterpret_cast<uintptr_t>(&findBuildId), ""};
    dl_iterate_phdr(findBuildId, &search);
    std::string v = "parax " PARAX_VERSION_STRING;
    if (!search.id.empty())
      return v + " build " + search.id;
    // Linked without --build-id: the binary's size and mtime stand in.
    struct stat st;
    if (::stat("/proc/self/exe", &st) == 0)
      return v + " binary " + std::to_string(st.st_size) + ":" +
             std::to_string(st.st_mtime);
    return v;
  }();
  return id;
}

} // namespace parax::codegen
