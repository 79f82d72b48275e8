//===- NpRandomGenerator.cpp - numpy's Generator --------------------------===//
//
// Generator's methods over PCG64: ziggurat normals and exponentials,
// Lemire-bounded integers, float32 variants, and choice's Floyd sampling
// without replacement.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/NpRandom.h"
#include "frontend/lib/LibUtil.h"

#include <cmath>

namespace parax::frontend::nprandom {

namespace {
void nonNegative(double x, const char *what) {
  if (x < 0 || std::isnan(x))
    raise("ValueError", std::string(what) + " < 0");
}

/// Generator's primitives for gamma and beta: the ziggurat draws.
class ZigguratDraws : public rng::BasicDraws {
public:
  explicit ZigguratDraws(GeneratorState &s) : s_(s) {}
  double uniform() override { return s_.pcg.nextDouble(); }
  double normal() override { return rng::standardNormal(s_.bits); }
  double exponential() override { return rng::standardExponential(s_.bits); }

private:
  GeneratorState &s_;
};

std::vector<double> uniforms(GeneratorState &s, int64_t n) {
  std::vector<double> v(static_cast<size_t>(n));
  for (double &x : v)
    x = s.pcg.nextDouble();
  return v;
}

/// A float64 or float32 fill of size= (random, standard_normal, ...).
Value fill(Evaluator &ev, const Value &sizeV, const std::string &dtype,
           const std::function<double()> &f64, const std::function<float()> &f32) {
  if (dtype != "float64" && dtype != "float32")
    raise("TypeError", "Unsupported dtype dtype('" + dtype + "') for this method",
          "Generator draws floats as float64 or float32");
  std::optional<Shape> size = sizeArg(ev, sizeV);
  std::vector<double> v(static_cast<size_t>(size ? numElements(*size) : 1));
  for (double &x : v)
    x = dtype == "float32" ? double(f32()) : f64();
  return dtype == "float32" ? float32Result(size, v) : floatResult(size, v);
}

/// Floyd's sampling of `size` distinct indices below popSize, then numpy's
/// shuffle of them (choice(..., replace=False) without p).
std::vector<int64_t> floydSample(GeneratorState &s, int64_t popSize, int64_t size, bool shuffle) {
  std::vector<int64_t> idx(static_cast<size_t>(size));
  rng::SmallDrawBuffer unused;
  auto bounded = [&](uint64_t hi) { return rng::boundedUint(s.bits, hi, 64, false, unused); };
  int64_t cutoff = shuffle ? 50 : 20;
  if (popSize > 10000 && size > popSize / cutoff) {
    // Tail shuffle: the last `size` slots of a partial Fisher-Yates.
    requireDraws(popSize);
    std::vector<int64_t> all(static_cast<size_t>(popSize));
    for (int64_t i = 0; i < popSize; ++i)
      all[size_t(i)] = i;
    for (int64_t i = popSize - 1; i >= std::max<int64_t>(popSize - size, 1); --i)
      std::swap(all[size_t(i)], all[size_t(bounded(uint64_t(i)))]);
    idx.assign(all.end() - size, all.end());
    return idx;
  }
  uint64_t mask = rng::genMask(uint64_t(1.2 * double(size)));
  std::vector<uint64_t> set(size_t(mask + 1), UINT64_MAX);
  for (int64_t j = popSize - size; j < popSize; ++j) {
    uint64_t val = bounded(uint64_t(j));
    uint64_t loc = val & mask;
    while (set[loc] != UINT64_MAX && set[loc] != val)
      loc = (loc + 1) & mask;
    if (set[loc] == UINT64_MAX) {
      set[loc] = val;
      idx[size_t(j - popSize + size)] = int64_t(val);
    } else {
      // val was taken: insert j itself.
      loc = uint64_t(j) & mask;
      while (set[loc] != UINT64_MAX)
        loc = (loc + 1) & mask;
      set[loc] = uint64_t(j);
      idx[size_t(j - popSize + size)] = j;
    }
  }
  if (shuffle)
    for (int64_t i = size - 1; i >= 1; --i)
      std::swap(idx[size_t(i)], idx[size_t(bounded(uint64_t(i)))]);
  return idx;
}
} // namespace

std::vector<std::string> generatorMethodNames() {
  return {"random",      "integers",    "standard_normal", "normal",   "uniform",
          "choice",      "permutation", "shuffle",         "exponential",
          "standard_exponential",       "binomial",        "poisson",  "lognormal",
          "bit_generator", "gamma",     "standard_gamma",  "beta",     "chisquare",
          "laplace",     "gumbel",      "logistic", "pareto", "weibull", "power", "rayleigh",
          "standard_cauchy", "triangular"};
}

Value generatorMethod(const std::string &name, const std::shared_ptr<GeneratorState> &st,
                      const Value &bitGenerator) {
  using Impl = BuiltinFunction::Impl;
  GeneratorState *s = st.get();
  std::shared_ptr<GeneratorState> keep = st;
  auto method = [&](Impl impl) {
    return makeBuiltin("Generator." + name, [keep, impl](Evaluator &ev, CallArgs &a) {
      return impl(ev, a);
    });
  };
  if (name == "bit_generator")
    return bitGenerator;
  if (isSharedDistribution(name))
    return method([s, name](Evaluator &ev, CallArgs &a) {
      ZigguratDraws draws(*s);
      return sharedDistribution(ev, name, a, s->bits, draws, false);
    });
  if (name == "random")
    return method([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"size", "dtype", "out"}, 0, "random");
      if (!argOr(a, 2, "out", Value::none()).isNone())
        raise("NotImplementedError", "Generator.random(out=...) is not part of parax",
              "use the returned array");
      return fill(ev, argOr(a, 0, "size", Value::none()),
                  dtypeArgName(ev, argOr(a, 1, "dtype", Value::none()), "float64"),
                  [s] { return s->pcg.nextDouble(); }, [s] { return s->bits.nextFloat(); });
    });
  if (name == "standard_normal")
    return method([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"size", "dtype", "out"}, 0, "standard_normal");
      if (!argOr(a, 2, "out", Value::none()).isNone())
        raise("NotImplementedError", "Generator.standard_normal(out=...) is not part of parax",
              "use the returned array");
      return fill(ev, argOr(a, 0, "size", Value::none()),
                  dtypeArgName(ev, argOr(a, 1, "dtype", Value::none()), "float64"),
                  [s] { return rng::standardNormal(s->bits); },
                  [s] { return rng::standardNormalF(s->bits); });
    });
  if (name == "standard_exponential")
    return method([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"size", "dtype", "method", "out"}, 0, "standard_exponential");
      Value m = argOr(a, 2, "method", Value::str("zig"));
      bool inv = m.isStr() && m.asStr() == "inv";
      if (!m.isStr() || (m.asStr() != "zig" && !inv))
        raise("ValueError", "method must be either 'inv' or 'zig'");
      return fill(ev, argOr(a, 0, "size", Value::none()),
                  dtypeArgName(ev, argOr(a, 1, "dtype", Value::none()), "float64"),
                  [s, inv] {
                    return inv ? -std::log1p(-s->pcg.nextDouble())
                               : rng::standardExponential(s->bits);
                  },
                  [s, inv] {
                    return inv ? float(-std::log1p(-double(s->bits.nextFloat())))
                               : rng::standardExponentialF(s->bits);
                  });
    });
  if (name == "integers")
    return method([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"low", "high", "size", "dtype", "endpoint"}, 1, "integers");
      std::string dtype = dtypeArgName(ev, argOr(a, 3, "dtype", Value::none()), "int64");
      if (dtype == "float64" || dtype == "float32")
        raise("TypeError", "Unsupported dtype dtype('" + dtype + "') for integers");
      bool endpoint = ev.truthy(argOr(a, 4, "endpoint", Value::boolean(false)));
      return boundedIntegers(ev, s->bits, argOr(a, 0, "low", Value::none()),
                             argOr(a, 1, "high", Value::none()),
                             argOr(a, 2, "size", Value::none()), dtype, endpoint, false);
    });
  if (name == "normal" || name == "lognormal")
    return method([s, name](Evaluator &ev, CallArgs &a) {
      bool logn = name == "lognormal";
      bindArgs(a, {logn ? "mean" : "loc", logn ? "sigma" : "scale", "size"}, 0, name);
      Value loc = argOr(a, 0, logn ? "mean" : "loc", Value::floating(0.0));
      Value scale = argOr(a, 1, logn ? "sigma" : "scale", Value::floating(1.0));
      const char *what = logn ? "sigma" : "scale";
      return drawContinuous(
          ev, {{loc, "loc", nullptr}, {scale, what, [what](double x) { nonNegative(x, what); }}},
          argOr(a, 2, "size", Value::none()), [s, logn](const double *p) {
            double x = p[0] + p[1] * rng::standardNormal(s->bits);
            return logn ? std::exp(x) : x;
          });
    });
  if (name == "uniform")
    return method([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"low", "high", "size"}, 0, "uniform");
      Value low = argOr(a, 0, "low", Value::floating(0.0));
      Value high = argOr(a, 1, "high", Value::floating(1.0));
      return drawContinuous(ev, {{low, "low", nullptr}, {high, "high", nullptr}},
                            argOr(a, 2, "size", Value::none()), [s](const double *p) {
                              double range = p[1] - p[0];
                              if (!std::isfinite(range))
                                raise("OverflowError", "high - low range exceeds valid bounds");
                              if (range < 0)
                                raise("ValueError", "high - low < 0");
                              return p[0] + range * s->pcg.nextDouble();
                            });
    });
  if (name == "exponential")
    return method([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"scale", "size"}, 0, "exponential");
      return drawContinuous(ev,
                            {{argOr(a, 0, "scale", Value::floating(1.0)), "scale",
                              [](double x) { nonNegative(x, "scale"); }}},
                            argOr(a, 1, "size", Value::none()), [s](const double *p) {
                              return p[0] * rng::standardExponential(s->bits);
                            });
    });
  if (name == "binomial")
    return method([s](Evaluator &ev, CallArgs &a) {
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
            return rng::binomial(s->bits, p[1], int64_t(p[0]), s->binomial, false);
          });
    });
  if (name == "poisson")
    return method([s](Evaluator &ev, CallArgs &a) {
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
    });
  if (name == "permutation")
    return method([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"x", "axis"}, 1, "permutation");
      Value axis = argOr(a, 1, "axis", Value::integer(0));
      if (!(axis.isInt() && axis.asInt() == 0))
        raise("NotImplementedError", "Generator.permutation(axis=...) other than 0 is not part "
                                     "of parax", "transpose the array first");
      return permutation(ev, s->bits, a.args[0], a.loc);
    });
  if (name == "shuffle")
    return method([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"x", "axis"}, 1, "shuffle");
      Value axis = argOr(a, 1, "axis", Value::integer(0));
      if (!(axis.isInt() && axis.asInt() == 0))
        raise("NotImplementedError", "Generator.shuffle(axis=...) other than 0 is not part of "
                                     "parax", "transpose the array first");
      shuffleInPlace(ev, s->bits, a.args[0], a.loc);
      return Value::none();
    });
  if (name == "choice")
    return method([s](Evaluator &ev, CallArgs &a) {
      bindArgs(a, {"a", "size", "replace", "p", "axis", "shuffle"}, 1, "choice");
      Value pop = a.args[0];
      std::optional<Shape> size = sizeArg(ev, argOr(a, 1, "size", Value::none()));
      bool replace = ev.truthy(argOr(a, 2, "replace", Value::boolean(true)));
      Value p = argOr(a, 3, "p", Value::none());
      Value axis = argOr(a, 4, "axis", Value::integer(0));
      if (!(axis.isInt() && axis.asInt() == 0))
        raise("NotImplementedError", "Generator.choice(axis=...) other than 0 is not part of "
                                     "parax", "transpose the array first");
      bool shuffle = ev.truthy(argOr(a, 5, "shuffle", Value::boolean(true)));
      bool isInt = false;
      int64_t popSize = populationSize(ev, pop, size, false, isInt);
      std::optional<std::vector<double>> cdf;
      if (!p.isNone())
        cdf = choiceCdf(ev, p, popSize, false);
      int64_t n = size ? numElements(*size) : 1;
      std::vector<int64_t> idx;
      if (replace) {
        if (cdf) {
          for (double u : uniforms(*s, n))
            idx.push_back(searchRight(*cdf, u));
        } else {
          // integers(0, pop_size, size=shape): Lemire's method.
          rng::SmallDrawBuffer buf;
          for (int64_t i = 0; i < n; ++i)
            idx.push_back(
                int64_t(rng::boundedUint(s->bits, uint64_t(popSize - 1), 64, false, buf)));
        }
      } else {
        if (n > popSize)
          raise("ValueError", "Cannot take a larger sample than population when replace is False",
                "ask for at most " + std::to_string(popSize) + " samples, or pass replace=True");
        if (cdf)
          idx = choiceNoReplaceWeighted(ev, p, popSize, n, false,
                                        [s](int64_t k) { return uniforms(*s, k); });
        else
          idx = floydSample(*s, popSize, n, shuffle);
      }
      if (isInt)
        return intResult(size, idx);
      return takeFromPopulation(ev, pop, size, idx, a.loc);
    });
  return Value();
}

} // namespace parax::frontend::nprandom
