//===- NpRandomState.cpp - numpy's legacy RandomState ---------------------===//
//
// RandomState's methods over MT19937, with the algorithms numpy keeps
// frozen for it: the polar Box-Muller gaussian with its cached second
// value, -log(1-U) exponentials, masked-rejection integers, and the numpy
// 1.16 binomial.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/NpRandom.h"
#include "frontend/lib/LibUtil.h"

#include <cmath>

namespace parax::frontend::nprandom {

namespace {
double legacyGauss(LegacyState &s) {
  if (s.hasGauss) {
    s.hasGauss = false;
    double g = s.gauss;
    s.gauss = 0;
    return g;
  }
  double x1, x2, r2;
  do {
    x1 = 2.0 * s.mt.nextDouble() - 1.0;
    x2 = 2.0 * s.mt.nextDouble() - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  double f = std::sqrt(-2.0 * std::log(r2) / r2);
  s.gauss = f * x1;
  s.hasGauss = true;
  return f * x2;
}

/// rand(d0, d1, ...) / randn(d0, ...): the dimensions as separate ints.
std::optional<Shape> dimsArg(Evaluator &ev, const CallArgs &a, const std::string &fn) {
  if (!a.kwargs.empty())
    raise("TypeError", fn + "() got an unexpected keyword argument '" + a.kwargs[0].first + "'");
  if (a.args.empty())
    return std::nullopt;
  Shape s;
  for (const Value &d : a.args) {
    if (d.isSequence())
      raise("TypeError", "'tuple' object cannot be interpreted as an integer",
            "rand/randn take the dimensions as separate ints: rand(2, 3), not rand((2, 3))");
    s.push_back(ev.toIndex(d, fn));
    if (s.back() < 0)
      raise("ValueError", "negative dimensions are not allowed");
  }
  return s;
}

std::vector<double> uniforms(LegacyState &s, int64_t n) {
  std::vector<double> v(static_cast<size_t>(n));
  for (double &x : v)
    x = s.mt.nextDouble();
  return v;
}

/// RandomState's primitives for gamma and beta.
class LegacyDraws : public rng::BasicDraws {
public:
  explicit LegacyDraws(LegacyState &s) : s_(s) {}
  double uniform() override { return s_.mt.nextDouble(); }
  double normal() override { return legacyGauss(s_); }
  double exponential() override { return -std::log(1.0 - s_.mt.nextDouble()); }

private:
  LegacyState &s_;
};

void nonNegative(double x, const char *what) {
  if (x < 0 || std::isnan(x))
    raise("ValueError", std::string(what) + " < 0");
}
} // namespace

void legacySeed(Evaluator &ev, LegacyState &st, const Value &seed) {
  st.hasGauss = false;
  st.gauss = 0;
  st.binomial = rng::BinomialCache{};
  if (seed.isNone()) {
    rng::SeedSequence seq(clockEntropy());
    std::vector<uint32_t> words = seq.generateState32(rng::MT19937::kN);
    for (int i = 0; i < rng::MT19937::kN; ++i)
      st.mt.key[size_t(i)] = words[size_t(i)];
    st.mt.key[0] = 0x80000000u;
    st.mt.pos = rng::MT19937::kN;
    return;
  }
  if (std::optional<int64_t> asInt = integerScalar(ev, seed)) {
    int64_t s = *asInt;
    if (s < 0 || s > int64_t(UINT32_MAX))
      raise("ValueError", "Seed must be between 0 and 2**32 - 1",
            "RandomState takes a seed in [0, 2**32 - 1]; reduce it, e.g. seed % 2**32");
    st.mt.seedInt(uint32_t(s));
    return;
  }
  if (seed.isFloat())
    raise("TypeError",
          "Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'",
          "seed RandomState with an int in [0, 2**32 - 1] (or a list of them)");
  NumbersArg arr = numbersArg(ev, seed, "seed");
  if (arr.values.empty())
    raise("ValueError", "Seed must be non-empty");
  if (arr.shape.size() > 1)
    raise("ValueError", "Seed array must be 1-d");
  std::vector<uint32_t> key;
  for (double v : arr.values) {
    if (v != std::floor(v))
      raise("TypeError", "Cannot cast array data from dtype('float64') to dtype('int64') "
                         "according to the rule 'safe'");
    if (v < 0 || v > double(UINT32_MAX))
      raise("ValueError", "Seed must be between 0 and 2**32 - 1");
    key.push_back(uint32_t(v));
  }
  st.mt.seedArray(key);
}

std::vector<std::string> randomStateMethodNames() {
  return {"seed",        "rand",        "randn",          "random_sample",
          "random",      "sample",      "ranf",           "standard_normal",
          "normal",      "uniform",     "randint",        "random_integers",
          "choice",      "permutation", "shuffle",        "binomial",
          "poisson",     "exponential", "standard_exponential", "lognormal",
          "get_state",   "set_state",   "gamma",          "standard_gamma",
          "beta",        "chisquare",   "laplace",        "gumbel",
          "logistic", "pareto", "weibull", "power", "rayleigh",
          "standard_cauchy", "triangular"};
}

Value randomStateMethod(const std::string &name, const std::shared_ptr<LegacyState> &st) {
  using Impl = BuiltinFunction::Impl;
  auto method = [&](Impl impl) { return makeBuiltin("RandomState." + name, std::move(impl)); };
  LegacyState *s = st.get();
  std::shared_ptr<LegacyState> keep = st;
  auto bound = [keep](Impl impl) -> Impl {
    return [keep, impl](Evaluator &ev, CallArgs &a) { return impl(ev, a); };
  };

  if (name == "seed")
    return method(bound([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"seed"}, 0, "seed");
      legacySeed(ev, *s, argOr(a, 0, "seed", Value::none()));
      return Value::none();
    }));
  if (name == "random_sample" || name == "random" || name == "sample" || name == "ranf")
    return method(bound([s, name](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"size"}, 0, name);
      std::optional<Shape> size = sizeArg(ev, argOr(a, 0, "size", Value::none()));
      return floatResult(size, uniforms(*s, size ? numElements(*size) : 1));
    }));
  if (name == "rand")
    return method(bound([s](Evaluator &ev, CallArgs &a) {
      std::optional<Shape> size = dimsArg(ev, a, "rand");
      return floatResult(size, uniforms(*s, size ? numElements(*size) : 1));
    }));
  if (name == "randn" || name == "standard_normal")
    return method(bound([s, name](Evaluator &ev, CallArgs &a) {
      std::optional<Shape> size;
      if (name == "randn") {
        size = dimsArg(ev, a, "randn");
      } else {
        bindArgs(a, {"size"}, 0, name);
        size = sizeArg(ev, argOr(a, 0, "size", Value::none()));
      }
      std::vector<double> v(static_cast<size_t>(size ? numElements(*size) : 1));
      for (double &x : v)
        x = legacyGauss(*s);
      return floatResult(size, v);
    }));
  if (name == "normal" || name == "lognormal")
    return method(bound([s, name](Evaluator &ev, CallArgs &a) {
      bool logn = name == "lognormal";
      bindArgs(a, {logn ? "mean" : "loc", logn ? "sigma" : "scale", "size"}, 0, name);
      Value loc = argOr(a, 0, logn ? "mean" : "loc", Value::floating(0.0));
      Value scale = argOr(a, 1, logn ? "sigma" : "scale", Value::floating(1.0));
      const char *what = logn ? "sigma" : "scale";
      return drawContinuous(ev, {{loc, "loc", nullptr}, {scale, what, [what](double x) { nonNegative(x, what); }}},
                            argOr(a, 2, "size", Value::none()), [s, logn](const double *p) {
                              double x = p[0] + p[1] * legacyGauss(*s);
                              return logn ? std::exp(x) : x;
                            });
    }));
  if (name == "uniform")
    return method(bound([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"low", "high", "size"}, 0, "uniform");
      Value low = argOr(a, 0, "low", Value::floating(0.0));
      Value high = argOr(a, 1, "high", Value::floating(1.0));
      return drawContinuous(ev, {{low, "low", nullptr}, {high, "high", nullptr}},
                            argOr(a, 2, "size", Value::none()), [s](const double *p) {
                              double range = p[1] - p[0];
                              if (!std::isfinite(range))
                                raise("OverflowError", "Range exceeds valid bounds");
                              return p[0] + range * s->mt.nextDouble();
                            });
    }));
  if (name == "randint" || name == "random_integers")
    return method(bound([s, name](Evaluator &ev, CallArgs &a) {
      if (name == "random_integers") {
        bindArgs(a, {"low", "high", "size"}, 1, name);
        Value high = argOr(a, 1, "high", Value::none());
        Value low = argOr(a, 0, "low", Value::none());
        if (high.isNone()) {
          high = low;
          low = Value::integer(1);
        }
        return boundedIntegers(ev, s->bits, low, high, argOr(a, 2, "size", Value::none()),
                               "int64", true, true);
      }
      bindArgs(a, {"low", "high", "size", "dtype"}, 1, name);
      std::string dtype = dtypeArgName(ev, argOr(a, 3, "dtype", Value::none()), "int64");
      if (dtype == "float64" || dtype == "float32")
        raise("TypeError", "Unsupported dtype dtype('" + dtype + "') for randint");
      return boundedIntegers(ev, s->bits, argOr(a, 0, "low", Value::none()),
                             argOr(a, 1, "high", Value::none()),
                             argOr(a, 2, "size", Value::none()), dtype, false, true);
    }));
  if (name == "permutation")
    return method(bound([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"x"}, 1, "permutation");
      return permutation(ev, s->bits, a.args[0], a.loc);
    }));
  if (name == "shuffle")
    return method(bound([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"x"}, 1, "shuffle");
      shuffleInPlace(ev, s->bits, a.args[0], a.loc);
      return Value::none();
    }));
  if (name == "choice")
    return method(bound([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"a", "size", "replace", "p"}, 1, "choice");
      Value pop = a.args[0];
      std::optional<Shape> size = sizeArg(ev, argOr(a, 1, "size", Value::none()));
      bool replace = ev.truthy(argOr(a, 2, "replace", Value::boolean(true)));
      Value p = argOr(a, 3, "p", Value::none());
      bool isInt = false;
      int64_t popSize = populationSize(ev, pop, size, true, isInt);
      std::optional<std::vector<double>> cdf;
      if (!p.isNone())
        cdf = choiceCdf(ev, p, popSize, true);
      int64_t n = size ? numElements(*size) : 1;
      std::vector<int64_t> idx;
      if (replace) {
        if (cdf) {
          for (double u : uniforms(*s, n))
            idx.push_back(searchRight(*cdf, u));
        } else {
          // randint(0, pop_size, size=shape): int64 masked rejection.
          rng::SmallDrawBuffer buf;
          for (int64_t i = 0; i < n; ++i)
            idx.push_back(int64_t(rng::boundedUint(s->bits, uint64_t(popSize - 1), 64, true, buf)));
        }
      } else {
        if (n > popSize)
          raise("ValueError",
                "Cannot take a larger sample than population when 'replace=False'",
                "ask for at most " + std::to_string(popSize) + " samples, or pass replace=True");
        if (cdf) {
          idx = choiceNoReplaceWeighted(ev, p, popSize, n, true,
                                        [s](int64_t k) { return uniforms(*s, k); });
        } else {
          // permutation(pop_size)[:size]
          requireDraws(popSize);
          std::vector<int64_t> perm(static_cast<size_t>(popSize));
          for (int64_t i = 0; i < popSize; ++i)
            perm[size_t(i)] = i;
          for (int64_t i = popSize - 1; i >= 1; --i)
            std::swap(perm[size_t(i)], perm[size_t(rng::randomInterval(s->bits, uint64_t(i)))]);
          idx.assign(perm.begin(), perm.begin() + n);
        }
      }
      if (isInt)
        return intResult(size, idx);
      return takeFromPopulation(ev, pop, size, idx, a.loc);
    }));
  if (name == "binomial")
    return method(bound([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"n", "p", "size"}, 2, "binomial");
      return drawDiscrete(
          ev,
          {{a.args[0], "n", [](double x) { if (x < 0 || std::isnan(x)) raise("ValueError", "n < 0"); }},
           {a.args[1], "p",
            [](double x) {
              if (!(x >= 0 && x <= 1))
                raise("ValueError", "p < 0, p > 1 or p is NaN");
            }}},
          argOr(a, 2, "size", Value::none()), [s](const double *p) {
            return rng::binomial(s->bits, p[1], int64_t(p[0]), s->binomial, true);
          });
    }));
  if (name == "poisson")
    return method(bound([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"lam", "size"}, 0, "poisson");
      return drawDiscrete(ev,
                          {{argOr(a, 0, "lam", Value::floating(1.0)), "lam",
                            [](double x) {
                              if (!(x >= 0))
                                raise("ValueError", "lam < 0 or lam is NaN");
                              if (x >= 9.223372006484771e18)
                                raise("ValueError", "lam value too large");
                            }}},
                          argOr(a, 1, "size", Value::none()),
                          [s](const double *p) { return rng::poisson(s->bits, p[0]); });
    }));
  if (name == "exponential" || name == "standard_exponential")
    return method(bound([s, name](Evaluator &ev, CallArgs &a) {
      bool standard = name == "standard_exponential";
      if (standard)
        bindArgs(a, {"size"}, 0, name);
      else
        bindArgs(a, {"scale", "size"}, 0, name);
      Value scale = standard ? Value::floating(1.0) : argOr(a, 0, "scale", Value::floating(1.0));
      Value size = argOr(a, standard ? 0 : 1, "size", Value::none());
      return drawContinuous(ev, {{scale, "scale", [](double x) { nonNegative(x, "scale"); }}}, size,
                            [s](const double *p) {
                              return p[0] * -std::log(1.0 - s->mt.nextDouble());
                            });
    }));
  if (isSharedDistribution(name))
    return method(bound([s, name](Evaluator &ev, CallArgs &a) {
      LegacyDraws draws(*s);
      return sharedDistribution(ev, name, a, s->bits, draws, true);
    }));
  if (name == "get_state")
    return method(bound([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"legacy"}, 0, "get_state");
      std::vector<Value> key;
      for (uint32_t k : s->mt.key)
        key.push_back(Value::integer(k));
      return Value::tuple({Value::str("MT19937"), Value::list(std::move(key)),
                           Value::integer(s->mt.pos), Value::integer(s->hasGauss),
                           Value::floating(s->gauss)});
    }));
  if (name == "set_state")
    return method(bound([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"state"}, 1, "set_state");
      const Value &state = a.args[0];
      if (!state.isSequence() || state.elements().size() < 3 ||
          !state.elements()[0].isStr() || state.elements()[0].asStr() != "MT19937")
        raise("ValueError", "state is not a legacy MT19937 state",
              "pass what get_state() returned");
      NumbersArg key = numbersArg(ev, state.elements()[1], "state");
      if (key.values.size() != size_t(rng::MT19937::kN))
        raise("ValueError", "state must be 624 longs");
      for (int i = 0; i < rng::MT19937::kN; ++i)
        s->mt.key[size_t(i)] = uint32_t(int64_t(key.values[size_t(i)]));
      s->mt.pos = int(ev.toIndex(state.elements()[2], "pos"));
      if (state.elements().size() >= 5) {
        s->hasGauss = ev.truthy(state.elements()[3]);
        s->gauss = state.elements()[4].asFloat();
      } else {
        s->hasGauss = false;
        s->gauss = 0;
      }
      return Value::none();
    }));
  return Value();
}

} // namespace parax::frontend::nprandom
