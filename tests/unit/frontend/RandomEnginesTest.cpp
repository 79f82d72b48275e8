// The bit generators and sampling algorithms behind random and numpy.random,
// against values printed by the reference implementations (CPython 3.11,
// numpy 2.4 and the MT19937 reference outputs).
#include "frontend/lib/random/CPythonSeed.h"
#include "frontend/lib/random/Distributions.h"
#include "frontend/lib/random/MT19937.h"
#include "frontend/lib/random/PCG64.h"
#include "frontend/lib/random/SeedSequence.h"
#include "frontend/lib/random/Sha512.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

using namespace parax::frontend::rng;

namespace {
PCG64 pcgFromSeed(std::vector<uint32_t> entropy) {
  SeedSequence seq(std::move(entropy));
  std::vector<uint64_t> w = seq.generateState64(4);
  PCG64 g;
  g.seed(w.data());
  return g;
}
} // namespace

TEST(MT19937, ReferenceOutputs) {
  MT19937 mt; // init_genrand(5489), the reference default
  EXPECT_EQ(mt.next32(), 3499211612u);
  MT19937 byArray;
  byArray.seedArray({0x123, 0x234, 0x345, 0x456}); // mt19937ar.out
  EXPECT_EQ(byArray.next32(), 1067595299u);
  EXPECT_EQ(byArray.next32(), 955945823u);
}

TEST(MT19937, NumpySeedsAnIntWithInitGenrand) {
  // np.random.RandomState(0).randint(0, 2**32, size=5, dtype=np.uint64)
  MT19937 mt;
  mt.seedInt(0);
  for (uint32_t want : {2357136044u, 2546248239u, 3071714933u, 3626093760u, 2588848963u})
    EXPECT_EQ(mt.next32(), want);
  // RandomState([1, 2, 3]): init_by_array
  MT19937 arr;
  arr.seedArray({1, 2, 3});
  for (uint32_t want : {2619334238u, 1552691353u, 3808334787u})
    EXPECT_EQ(arr.next32(), want);
}

TEST(MT19937, CPythonSeeding) {
  // random.Random(0).getrandbits(32) x3
  MT19937 mt;
  mt.seedArray(seedKeyForInt(0));
  for (uint32_t want : {3626764237u, 1654615998u, 3255389356u})
    EXPECT_EQ(mt.next32(), want);
  // Random(-0) and Random(0) agree; Random("abc") hashes with SHA-512.
  MT19937 s;
  s.seedArray(seedKeyForStr("abc"));
  EXPECT_EQ(s.next32(), 3315820543u);
  EXPECT_EQ(s.next32(), 4246262336u);
  // random.seed(0); random.random()
  MT19937 d;
  d.seedArray(seedKeyForInt(0));
  EXPECT_DOUBLE_EQ(d.nextDouble(), 0.8444218515250481);
}

TEST(CPythonSeed, FloatHashMatchesCPython) {
  EXPECT_EQ(pythonFloatHash(1.5), 1152921504606846977LL);
  EXPECT_EQ(pythonFloatHash(-2.25), -576460752303423490LL);
  EXPECT_EQ(pythonFloatHash(3.0), 3);
  EXPECT_EQ(pythonFloatHash(-1.0), -2); // -1 is reserved
  EXPECT_EQ(seedKeyForInt(-5), seedKeyForInt(5));
  EXPECT_EQ(seedKeyForInt(uint64_t(1) << 32), (std::vector<uint32_t>{0, 1}));
}

TEST(Sha512, Fips180Examples) {
  auto hex = [](const std::array<uint8_t, 64> &d) {
    std::string s;
    char buf[3];
    for (uint8_t b : d) {
      std::snprintf(buf, sizeof buf, "%02x", b);
      s += buf;
    }
    return s;
  };
  EXPECT_EQ(hex(sha512("abc")),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
            "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
  EXPECT_EQ(hex(sha512("")),
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
            "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e");
}

TEST(SeedSequence, GenerateStateMatchesNumpy) {
  // np.random.SeedSequence(0).generate_state(4)
  EXPECT_EQ(SeedSequence({0}).generateState32(4),
            (std::vector<uint32_t>{2968811710u, 3677149159u, 745650761u, 2884920346u}));
  // SeedSequence([1, 2**40]): the big int contributes two words
  EXPECT_EQ(SeedSequence({1, 0, 256}).generateState32(3),
            (std::vector<uint32_t>{2946415092u, 616684486u, 2452353942u}));
  // SeedSequence(5, spawn_key=(1,)): entropy padded to the pool size
  EXPECT_EQ(SeedSequence({5}, {1}).generateState32(2),
            (std::vector<uint32_t>{3767054407u, 1612269649u}));
  EXPECT_EQ(wordsOf(uint64_t(1) << 40), (std::vector<uint32_t>{0, 256}));
}

TEST(SeedSequence, SpawnExtendsTheSpawnKey) {
  // np.random.SeedSequence(42).spawn(2), each child's generate_state(2)
  SeedSequence parent({42});
  SeedSequence a = parent.spawnChild(), b = parent.spawnChild();
  EXPECT_EQ(parent.childrenSpawned(), 2u);
  EXPECT_EQ(a.spawnKey(), (std::vector<uint32_t>{0}));
  EXPECT_EQ(a.generateState32(2), (std::vector<uint32_t>{2684470948u, 3757501821u}));
  EXPECT_EQ(b.generateState32(2), (std::vector<uint32_t>{4091952314u, 31242083u}));
}

TEST(PCG64, RawDrawsMatchNumpy) {
  // np.random.PCG64(0).random_raw(3)
  PCG64 g = pcgFromSeed({0});
  EXPECT_EQ(g.next64(), 11749869230777074271ULL);
  EXPECT_EQ(g.next64(), 4976686463289251617ULL);
  EXPECT_EQ(g.next64(), 755828109848996024ULL);
  // 32-bit draws are the low then the high half of one 64-bit draw.
  PCG64 h = pcgFromSeed({0});
  EXPECT_EQ(h.next32(), uint32_t(11749869230777074271ULL));
  EXPECT_EQ(h.next32(), uint32_t(11749869230777074271ULL >> 32));
}

TEST(Distributions, ZigguratMatchesNumpy) {
  PCG64 g = pcgFromSeed({0});
  BitSourceOf<PCG64> bits(g);
  for (double want : {0.1257302210933933, -0.1321048632913019, 0.6404226504432821})
    EXPECT_DOUBLE_EQ(standardNormal(bits), want);
  PCG64 e = pcgFromSeed({0});
  BitSourceOf<PCG64> ebits(e);
  for (double want : {0.6799319039689096, 1.0195971014658647, 0.019806662589055352})
    EXPECT_DOUBLE_EQ(standardExponential(ebits), want);
  PCG64 f = pcgFromSeed({0});
  BitSourceOf<PCG64> fbits(f);
  for (float want : {1.1176220178604126f, -1.3871248960494995f, -0.4265716075897217f})
    EXPECT_FLOAT_EQ(standardNormalF(fbits), want);
}

TEST(Distributions, BoundedIntegersLemireAndMasked) {
  // default_rng(3).integers(0, 10, size=6) and integers(0, 2**40, size=2)
  PCG64 g = pcgFromSeed({3});
  BitSourceOf<PCG64> bits(g);
  SmallDrawBuffer buf;
  for (uint64_t want : {8, 0, 1, 2, 1, 8})
    EXPECT_EQ(boundedUint(bits, 9, 64, false, buf), want);
  PCG64 w = pcgFromSeed({3});
  BitSourceOf<PCG64> wbits(w);
  for (uint64_t want : {94172255183ULL, 260375905581ULL})
    EXPECT_EQ(boundedUint(wbits, (uint64_t(1) << 40) - 1, 64, false, buf), want);
  // RandomState(3).randint(0, 10, size=6): masked rejection
  MT19937 mt;
  mt.seedInt(3);
  BitSourceOf<MT19937> mbits(mt);
  for (uint64_t want : {8, 9, 3, 8, 8, 0})
    EXPECT_EQ(boundedUint(mbits, 9, 64, true, buf), want);
  EXPECT_EQ(genMask(9), 15u);
  EXPECT_EQ(genMask(16), 31u);
}

TEST(Distributions, BinomialAndPoissonMatchNumpy) {
  // RandomState(3).binomial(100, 0.4, size=4): the legacy BTPE
  MT19937 mt;
  mt.seedInt(3);
  BitSourceOf<MT19937> bits(mt);
  BinomialCache cache;
  for (int64_t want : {42, 41, 38, 37})
    EXPECT_EQ(binomial(bits, 0.4, 100, cache, true), want);
  // default_rng(3).binomial(100, 0.4, size=4)
  PCG64 g = pcgFromSeed({3});
  BitSourceOf<PCG64> gbits(g);
  BinomialCache gcache;
  for (int64_t want : {40, 38, 35, 44})
    EXPECT_EQ(binomial(gbits, 0.4, 100, gcache, false), want);
  // RandomState(3).poisson(30, size=4) (PTRS) and poisson(3, size=4)
  MT19937 p;
  p.seedInt(3);
  BitSourceOf<MT19937> pbits(p);
  for (int64_t want : {31, 26, 23, 18})
    EXPECT_EQ(poisson(pbits, 30.0), want);
  MT19937 q;
  q.seedInt(3);
  BitSourceOf<MT19937> qbits(q);
  for (int64_t want : {5, 1, 1, 0})
    EXPECT_EQ(poisson(qbits, 3.0), want);
  EXPECT_DOUBLE_EQ(loggam(1.0), 0.0);
  EXPECT_NEAR(loggam(10.0), std::lgamma(10.0), 1e-12);
}
