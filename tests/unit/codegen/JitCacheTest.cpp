// The JIT cache's entry format (verify/reject) and directory policy.
#include "codegen/JitCache.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace parax::codegen;

namespace {

CacheDigest keyOf(const std::string &s) { return sha256(s); }

std::string readFile(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void writeFile(const std::string &path, const std::string &data) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << data;
}

/// A fresh private directory, removed with its files.
struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/parax-jitcache-XXXXXX";
    path = ::mkdtemp(tmpl);
  }
  ~TempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
};

} // namespace

TEST(JitCacheTest, Sha256KnownVectors) {
  EXPECT_EQ(digestHex(sha256("")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(digestHex(sha256("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(JitCacheTest, EntryRoundTrips) {
  std::string payload("\x7f" "ELF object bytes\0with a nul", 28);
  std::string entry = encodeCacheEntry(keyOf("k"), payload);
  EXPECT_EQ(entry.size(), kCacheHeaderBytes + payload.size());
  std::string why;
  auto got = decodeCacheEntry(entry, keyOf("k"), why);
  ASSERT_TRUE(got) << why;
  EXPECT_EQ(*got, payload);
  auto empty = decodeCacheEntry(encodeCacheEntry(keyOf("k"), ""), keyOf("k"), why);
  ASSERT_TRUE(empty) << why;
  EXPECT_TRUE(empty->empty());
}

TEST(JitCacheTest, EveryFlippedByteIsRejected) {
  std::string entry = encodeCacheEntry(keyOf("k"), "some object code");
  for (size_t i = 0; i < entry.size(); ++i)
    for (unsigned char bit : {0x01, 0x80}) {
      std::string bad = entry;
      bad[i] = char(bad[i] ^ bit);
      std::string why;
      EXPECT_FALSE(decodeCacheEntry(bad, keyOf("k"), why))
          << "byte " << i << " bit " << int(bit);
      EXPECT_FALSE(why.empty());
    }
}

TEST(JitCacheTest, EveryTruncationAndExtensionIsRejected) {
  std::string entry = encodeCacheEntry(keyOf("k"), "some object code");
  std::string why;
  for (size_t n = 0; n < entry.size(); ++n)
    EXPECT_FALSE(decodeCacheEntry(entry.substr(0, n), keyOf("k"), why)) << n;
  EXPECT_FALSE(decodeCacheEntry(entry + '\0', keyOf("k"), why));
  EXPECT_NE(why.find("payload"), std::string::npos) << why;
}

TEST(JitCacheTest, AnotherKeysEntryIsRejected) {
  std::string entry = encodeCacheEntry(keyOf("program A"), "code");
  std::string why;
  EXPECT_FALSE(decodeCacheEntry(entry, keyOf("program B"), why));
  EXPECT_NE(why.find("another key"), std::string::npos) << why;
}

TEST(JitCacheTest, StoreThenLoadAndDamagedEntryIsDeleted) {
  TempDir t;
  JitCache cache(t.path, 1 << 20, JitCache::Mode::Use);
  ASSERT_TRUE(cache.enabled()) << cache.refusal();
  cache.store(keyOf("k"), "object");
  auto got = cache.load(keyOf("k"));
  ASSERT_TRUE(got);
  EXPECT_EQ(*got, "object");
  EXPECT_FALSE(cache.load(keyOf("other")));
  std::string path = cache.pathFor(keyOf("k"));
  struct stat st;
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 077, 0u);
  std::string bytes = readFile(path);
  bytes.back() ^= 1;
  writeFile(path, bytes);
  EXPECT_FALSE(cache.load(keyOf("k")));
  EXPECT_NE(::access(path.c_str(), F_OK), 0) << "the damaged entry stays";
}

TEST(JitCacheTest, SharedDirectoryIsRefused) {
  TempDir t;
  ASSERT_EQ(::chmod(t.path.c_str(), 0777), 0);
  JitCache cache(t.path, 1 << 20, JitCache::Mode::Inspect);
  EXPECT_FALSE(cache.enabled());
  EXPECT_NE(cache.refusal().find("other users"), std::string::npos) << cache.refusal();
  cache.store(keyOf("k"), "object");
  EXPECT_NE(::access(cache.pathFor(keyOf("k")).c_str(), F_OK), 0);
}

TEST(JitCacheTest, EvictionKeepsTheDirectoryUnderTheLimit) {
  TempDir t;
  const size_t entryBytes = kCacheHeaderBytes + 1000;
  JitCache cache(t.path, 3 * entryBytes, JitCache::Mode::Use);
  std::string payload(1000, 'x');
  for (int i = 0; i < 10; ++i) {
    cache.store(keyOf("k" + std::to_string(i)), payload);
    JitCacheStats s = cache.stats();
    EXPECT_LE(s.bytes, 3 * entryBytes);
    EXPECT_TRUE(cache.load(keyOf("k" + std::to_string(i)))) << "the newest entry went";
  }
  EXPECT_EQ(cache.stats().entries, 3u);
  // An entry bigger than the whole cache is not stored.
  cache.store(keyOf("huge"), std::string(4 * entryBytes, 'y'));
  EXPECT_FALSE(cache.load(keyOf("huge")));
}

TEST(JitCacheTest, StartUpSweepsOnlyWhenTheDirectoryWasNotSweptRecently) {
  TempDir t;
  const size_t entryBytes = kCacheHeaderBytes + 1000;
  {
    JitCache cache(t.path, 10 * entryBytes, JitCache::Mode::Use);
    for (int i = 0; i < 5; ++i)
      cache.store(keyOf("k" + std::to_string(i)), std::string(1000, 'x'));
  }
  // Swept a moment ago (by the stores): a process starting with a lower
  // limit does not read the directory again...
  { JitCache lower(t.path, 2 * entryBytes, JitCache::Mode::Use); }
  JitCache inspect(t.path, 10 * entryBytes, JitCache::Mode::Inspect);
  EXPECT_EQ(inspect.stats().entries, 5u);
  // ...but once the last sweep is a minute old, start-up sweeps.
  std::string stamp = t.path + "/.parax-swept";
  timespec old[2] = {{std::time(nullptr) - 120, 0}, {std::time(nullptr) - 120, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, stamp.c_str(), old, 0), 0);
  { JitCache lower(t.path, 2 * entryBytes, JitCache::Mode::Use); }
  EXPECT_EQ(inspect.stats().entries, 2u);
  // Storing more than an eighth of the limit since the last sweep sweeps.
  JitCache small(t.path, 2 * entryBytes, JitCache::Mode::Use);
  small.store(keyOf("new"), std::string(1000, 'y'));
  EXPECT_EQ(inspect.stats().entries, 2u);
  EXPECT_TRUE(small.load(keyOf("new")));
}

TEST(JitCacheTest, ClearRemovesOnlyParaxFiles) {
  TempDir t;
  JitCache cache(t.path, 1 << 20, JitCache::Mode::Use);
  cache.store(keyOf("a"), "1");
  cache.store(keyOf("b"), "2");
  writeFile(t.path + "/notes.txt", "mine");
  EXPECT_EQ(cache.clear(), 2u);
  EXPECT_EQ(cache.stats().entries, 0u);
  EXPECT_EQ(readFile(t.path + "/notes.txt"), "mine");
}
