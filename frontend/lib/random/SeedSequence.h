//===- SeedSequence.h - numpy's entropy pooling -----------------*- C++ -*-===//
//
// numpy.random.SeedSequence: the user's entropy (an int as 32-bit words,
// least significant first) is hashed into a pool of four words, from which
// generate_state draws as many 32- or 64-bit words as a bit generator wants.
// Spawn keys are appended to the entropy as numpy does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace parax::frontend::rng {

class SeedSequence {
public:
  static constexpr int kPoolSize = 4;

  SeedSequence(std::vector<uint32_t> entropy, std::vector<uint32_t> spawnKey = {});

  std::vector<uint32_t> generateState32(size_t nWords) const;
  std::vector<uint64_t> generateState64(size_t nWords) const;

  /// The next child of spawn(): this entropy, the spawn key extended by the
  /// number of children spawned so far.
  SeedSequence spawnChild();
  uint32_t childrenSpawned() const { return childrenSpawned_; }

  const std::vector<uint32_t> &pool() const { return pool_; }
  const std::vector<uint32_t> &entropy() const { return entropy_; }
  const std::vector<uint32_t> &spawnKey() const { return spawnKey_; }

private:
  std::vector<uint32_t> entropy_, spawnKey_, pool_;
  uint32_t childrenSpawned_ = 0;
};

/// An unsigned integer as 32-bit words, least significant first ([0] for 0).
std::vector<uint32_t> wordsOf(uint64_t v);

} // namespace parax::frontend::rng
