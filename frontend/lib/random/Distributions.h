//===- Distributions.h - numpy's sampling algorithms ------------*- C++ -*-===//
//
// The algorithms numpy's Generator and legacy RandomState turn raw bits
// into samples with, over any bit generator: the ziggurat normal and
// exponential, bounded integers (masked rejection for RandomState, Lemire's
// method for Generator, with numpy's buffering of 8/16-bit draws), the
// shuffle interval, the binomial (inversion / BTPE, the legacy variant
// kept apart) and the Poisson (multiplication / PTRS).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

namespace parax::frontend::rng {

/// The bits a distribution draws from (numpy's bitgen_t).
class BitSource {
public:
  virtual ~BitSource() = default;
  virtual uint32_t next32() = 0;
  virtual uint64_t next64() = 0;
  virtual double nextDouble() = 0;
  float nextFloat() { return float(next32() >> 8) * (1.0f / 16777216.0f); }
};

template <typename G> class BitSourceOf : public BitSource {
public:
  explicit BitSourceOf(G &g) : g_(g) {}
  uint32_t next32() override { return g_.next32(); }
  uint64_t next64() override { return g_.next64(); }
  double nextDouble() override { return g_.nextDouble(); }

private:
  G &g_;
};

double standardNormal(BitSource &bits);
float standardNormalF(BitSource &bits);
double standardExponential(BitSource &bits);
float standardExponentialF(BitSource &bits);

/// The smallest all-ones mask >= max.
uint64_t genMask(uint64_t max);
/// A value in [0, max] by masked rejection (numpy's random_interval, what
/// both shuffles use).
uint64_t randomInterval(BitSource &bits, uint64_t max);

/// The 32-bit buffer numpy splits into 8- or 16-bit draws; it lives for
/// one fill (one call of randint/integers).
struct SmallDrawBuffer {
  int count = 0;
  uint32_t bits = 0;
};
/// A value in [0, rng] for an integer dtype `bits` wide (8, 16, 32, 64; 1
/// for bool), as numpy's random_bounded_uint*_fill draws it.
uint64_t boundedUint(BitSource &bits, uint64_t rng, int width, bool masked,
                     SmallDrawBuffer &buf);

/// The three draws numpy's gamma and beta are built from: Generator uses
/// the ziggurat normal and exponential, RandomState its legacy polar
/// gaussian and -log(1 - U).
class BasicDraws {
public:
  virtual ~BasicDraws() = default;
  virtual double uniform() = 0;
  virtual double normal() = 0;
  virtual double exponential() = 0;
};
/// Marsaglia and Tsang's method (shape > 1) or Johnk-type rejection.
double standardGamma(BasicDraws &d, double shape);
/// Johnk's algorithm for a, b <= 1, else a ratio of gammas; the legacy
/// variant lacks Generator's tiny-parameter shortcut and log-space guard.
double beta(BasicDraws &d, double a, double b, bool legacy);
/// These three are shared by RandomState and Generator.
double laplace(BitSource &bits, double loc, double scale);
double gumbel(BitSource &bits, double loc, double scale);
double logistic(BitSource &bits, double loc, double scale);

/// numpy's binomial_t: the setup BTPE/inversion reuse while n and p repeat.
struct BinomialCache {
  bool has = false;
  int64_t nsave = 0, m = 0;
  double psave = 0, r = 0, q = 0, fm = 0, p1 = 0, xm = 0, xl = 0, xr = 0, c = 0, laml = 0,
         lamr = 0, p2 = 0, p3 = 0, p4 = 0;
};
/// Generator.binomial (legacy = false) or RandomState.binomial (the numpy
/// 1.16 algorithm, kept for stream compatibility).
int64_t binomial(BitSource &bits, double p, int64_t n, BinomialCache &cache, bool legacy);
int64_t poisson(BitSource &bits, double lam);
/// log(Gamma(x)) as numpy's random_loggam computes it.
double loggam(double x);

} // namespace parax::frontend::rng
