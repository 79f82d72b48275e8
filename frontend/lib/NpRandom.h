//===- NpRandom.h - numpy.random, shared by its files -----------*- C++ -*-===//
//
// numpy.random in parax: the legacy RandomState (MT19937, the numpy 1.16
// algorithms) and Generator (PCG64 seeded through SeedSequence), each a
// native object whose methods draw through frontend/lib/random/. This
// header holds what the files share: the generator states, argument
// decoding (size=, array-like parameters, dtypes) and result building.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/lib/random/Distributions.h"
#include "frontend/lib/random/MT19937.h"
#include "frontend/lib/random/PCG64.h"
#include "frontend/lib/random/SeedSequence.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Value.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace parax::frontend::nprandom {

/// RandomState's state: the twister and the cached second gaussian of the
/// polar method, and the binomial setup cache.
struct LegacyState {
  rng::MT19937 mt;
  bool hasGauss = false;
  double gauss = 0;
  rng::BinomialCache binomial;
  rng::BitSourceOf<rng::MT19937> bits{mt};
};

/// Generator's state: PCG64 and the SeedSequence it was seeded from.
struct GeneratorState {
  rng::PCG64 pcg;
  std::shared_ptr<rng::SeedSequence> seedSeq;
  rng::BinomialCache binomial;
  rng::BitSourceOf<rng::PCG64> bits{pcg};
};

/// Seeds from the clock: a program has no OS entropy (no host access).
std::vector<uint32_t> clockEntropy();

// --- Arguments ---------------------------------------------------------------
/// size=: None (a scalar result), an int or a sequence of ints.
std::optional<Shape> sizeArg(Evaluator &ev, const Value &v);
/// MemoryError (before drawing) when n draws would not fit the host budget.
void requireDraws(int64_t n);
/// An array-like of numbers flattened: Python numbers, nested lists and
/// tuples, arrays (anything with tolist()).
struct NumbersArg {
  Shape shape;
  std::vector<double> values;
  bool isScalar() const { return shape.empty(); }
};
NumbersArg numbersArg(Evaluator &ev, const Value &v, const std::string &what);
/// A Python int, or an integer scalar of an array type (a 0-d array, a
/// numpy integer scalar); nullopt for anything else.
std::optional<int64_t> integerScalar(Evaluator &ev, const Value &v);
/// The name of a dtype argument ("float64", "int32", "bool"); dflt for None.
std::string dtypeArgName(Evaluator &ev, const Value &v, const std::string &dflt);
/// numpy broadcasting of parameter shapes with the size= shape.
Shape broadcastShape(const std::vector<Shape> &shapes, const std::optional<Shape> &size);
/// The flat index into `param` for element `i` of an array of `out` shape.
int64_t broadcastIndex(const Shape &param, const Shape &out, int64_t i);
int64_t numElements(const Shape &s);

// --- Results -----------------------------------------------------------------
/// A float64 numpy array (a Python float when shape is nullopt).
Value floatResult(const std::optional<Shape> &shape, const std::vector<double> &v);
/// A float32 numpy array (a Python float when shape is nullopt).
Value float32Result(const std::optional<Shape> &shape, const std::vector<double> &v);
/// An integer numpy array of dtype `dtype` ("int64", "int32", "uint8",
/// "bool"...); a Python int/bool when shape is nullopt.
Value intResult(const std::optional<Shape> &shape, const std::vector<int64_t> &v,
                const std::string &dtype = "int64");

// --- Shared algorithms ---------------------------------------------------------
/// numpy's shuffle of `x` in place along its first axis (both RandomState
/// and Generator draw with random_interval).
void shuffleInPlace(Evaluator &ev, rng::BitSource &bits, const Value &x, Loc loc);
/// permutation(x): a shuffled arange for an int, a shuffled copy otherwise.
Value permutation(Evaluator &ev, rng::BitSource &bits, const Value &x, Loc loc);
/// a[idx] for choice: the population's elements at the drawn indices.
Value takeFromPopulation(Evaluator &ev, const Value &a, const std::optional<Shape> &shape,
                         const std::vector<int64_t> &idx, Loc loc);
/// choice's population size: an int, or the first dimension of an array-like.
int64_t populationSize(Evaluator &ev, const Value &a, const std::optional<Shape> &size,
                       bool legacy, bool &isInt);
/// The cumulative distribution choice draws against (p normalised by its
/// last cumulative sum), after numpy's checks of p.
/// `legacy` picks RandomState's messages over Generator's.
std::vector<double> choiceCdf(Evaluator &ev, const Value &p, int64_t popSize, bool legacy);
/// cdf.searchsorted(u, side='right').
int64_t searchRight(const std::vector<double> &cdf, double u);
/// The indices of choice(..., replace=False, p=p): numpy's repeated draws
/// against the renormalised remaining weights. `uniforms(n)` draws n.
std::vector<int64_t> choiceNoReplaceWeighted(
    Evaluator &ev, const Value &p, int64_t popSize, int64_t size, bool legacy,
    const std::function<std::vector<double>(int64_t)> &uniforms);

/// Bounded integers: numpy's width for a dtype name (64, 32, 16, 8, 1) and
/// its range; ValueError when [low, high] leaves it.
struct IntDType {
  std::string name;
  int width;
  bool isSigned;
  int64_t min, max; // as int64 (uint64's max is clamped)
};
IntDType intDTypeInfo(const std::string &name);

/// One call of randint/integers with scalar or array bounds. `closed`
/// means high is included.
Value boundedIntegers(Evaluator &ev, rng::BitSource &bits, const Value &low, const Value &high,
                      const Value &size, const std::string &dtype, bool closed, bool masked);

/// Native methods: name -> builtin bound to a state (or null).
Value randomStateMethod(const std::string &name, const std::shared_ptr<LegacyState> &st);
std::vector<std::string> randomStateMethodNames();
Value generatorMethod(const std::string &name, const std::shared_ptr<GeneratorState> &st,
                      const Value &bitGenerator);
std::vector<std::string> generatorMethodNames();

/// Seeds RandomState as numpy's _legacy_seeding: None, an int in
/// [0, 2**32-1], or a 1-d sequence of such ints.
void legacySeed(Evaluator &ev, LegacyState &st, const Value &seed);
/// A SeedSequence from default_rng's seed: None, an int >= 0, a sequence.
std::shared_ptr<rng::SeedSequence> seedSequenceFrom(Evaluator &ev, const Value &seed);

} // namespace parax::frontend::nprandom

namespace parax::frontend::nprandom {

/// A distribution with array-like parameters: each parameter is checked
/// (`check` raises numpy's error), broadcast against the others and size=,
/// and `draw` receives one element's parameter values.
struct DistParam {
  Value value;
  const char *name;
  std::function<void(double)> check;
};
Value drawContinuous(Evaluator &ev, const std::vector<DistParam> &params, const Value &size,
                     const std::function<double(const double *)> &draw);
Value drawDiscrete(Evaluator &ev, const std::vector<DistParam> &params, const Value &size,
                   const std::function<int64_t(const double *)> &draw);

} // namespace parax::frontend::nprandom

namespace parax::frontend::nprandom {

/// gamma, standard_gamma, beta, chisquare, laplace, gumbel, logistic: one
/// implementation for RandomState and Generator over their own draws.
bool isSharedDistribution(const std::string &name);
Value sharedDistribution(Evaluator &ev, const std::string &name, CallArgs &a,
                         rng::BitSource &bits, rng::BasicDraws &draws, bool legacy);

} // namespace parax::frontend::nprandom
