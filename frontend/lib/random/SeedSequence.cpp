//===- SeedSequence.cpp - numpy's entropy pooling -------------------------===//
#include "frontend/lib/random/SeedSequence.h"

namespace parax::frontend::rng {

namespace {
constexpr uint32_t kInitA = 0x43b0d7e5u, kMultA = 0x931e8875u;
constexpr uint32_t kInitB = 0x8b51f9ddu, kMultB = 0x58f38dedu;
constexpr uint32_t kMixMultL = 0xca01f9ddu, kMixMultR = 0x4973f715u;
constexpr int kXShift = 16;

/// One hashing step; `hashConst` advances with every call.
uint32_t hashmix(uint32_t value, uint32_t &hashConst) {
  value ^= hashConst;
  hashConst *= kMultA;
  value *= hashConst;
  return value ^ (value >> kXShift);
}

uint32_t mix(uint32_t x, uint32_t y) {
  uint32_t r = kMixMultL * x - kMixMultR * y;
  return r ^ (r >> kXShift);
}
} // namespace

std::vector<uint32_t> wordsOf(uint64_t v) {
  std::vector<uint32_t> w{uint32_t(v)};
  if (v >> 32)
    w.push_back(uint32_t(v >> 32));
  return w;
}

SeedSequence::SeedSequence(std::vector<uint32_t> entropy, std::vector<uint32_t> spawnKey)
    : entropy_(std::move(entropy)), spawnKey_(std::move(spawnKey)), pool_(kPoolSize, 0) {
  // The assembled entropy: the run entropy, padded to the pool size when a
  // spawn key follows it.
  std::vector<uint32_t> all = entropy_;
  if (!spawnKey_.empty() && all.size() < size_t(kPoolSize))
    all.resize(kPoolSize, 0);
  all.insert(all.end(), spawnKey_.begin(), spawnKey_.end());

  uint32_t hashConst = kInitA;
  for (size_t i = 0; i < pool_.size(); ++i)
    pool_[i] = hashmix(i < all.size() ? all[i] : 0u, hashConst);
  for (size_t src = 0; src < pool_.size(); ++src)
    for (size_t dst = 0; dst < pool_.size(); ++dst)
      if (src != dst)
        pool_[dst] = mix(pool_[dst], hashmix(pool_[src], hashConst));
  for (size_t src = pool_.size(); src < all.size(); ++src)
    for (size_t dst = 0; dst < pool_.size(); ++dst)
      pool_[dst] = mix(pool_[dst], hashmix(all[src], hashConst));
}

SeedSequence SeedSequence::spawnChild() {
  std::vector<uint32_t> key = spawnKey_;
  key.push_back(childrenSpawned_++);
  return SeedSequence(entropy_, std::move(key));
}

std::vector<uint32_t> SeedSequence::generateState32(size_t nWords) const {
  std::vector<uint32_t> out(nWords);
  uint32_t hashConst = kInitB;
  for (size_t i = 0; i < nWords; ++i) {
    uint32_t v = pool_[i % pool_.size()];
    v ^= hashConst;
    hashConst *= kMultB;
    v *= hashConst;
    v ^= v >> kXShift;
    out[i] = v;
  }
  return out;
}

std::vector<uint64_t> SeedSequence::generateState64(size_t nWords) const {
  std::vector<uint32_t> w = generateState32(2 * nWords);
  std::vector<uint64_t> out(nWords);
  for (size_t i = 0; i < nWords; ++i)
    out[i] = uint64_t(w[2 * i]) | (uint64_t(w[2 * i + 1]) << 32);
  return out;
}

} // namespace parax::frontend::rng
