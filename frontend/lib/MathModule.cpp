//===- MathModule.cpp - Python's math module ------------------------------===//
#include "frontend/machine/BuiltinSubclass.h"
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Modules.h"
#include "frontend/lib/NumpyArray.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <vector>
#include <numeric>

namespace parax::frontend {

namespace {
double num(const Value &v0, const char *fn) {
  // numpy scalars and size-1 arrays convert through __float__.
  Value v = numpyScalarAsPython(unwrapBuiltin(v0)); // an int/float subclass is its value
  if (NumpyArrayObj *a = asNumpy(v); a && a->rank() == 0 && a->dtype != NpDType::Str)
    return a->getF(a->offsets()[0]);
  if (v.isBigInt())
    return intToDouble(v);
  if (!v.isNumber())
    raise("TypeError", std::string("must be real number, not ") + typeName(v),
          std::string("math.") + fn + " works on Python numbers; use jnp." + fn +
              " for arrays");
  return v.asFloat();
}

double checkDomain(double r, const char *fn) {
  if (std::isnan(r))
    raise("ValueError", "math domain error");
  (void)fn;
  return r;
}

/// CPython's rule: a NaN result from non-NaN inputs is a domain error, an
/// infinite result from finite inputs a range error.
double checked(double r, std::initializer_list<double> in) {
  bool anyNan = false, allFinite = true;
  for (double x : in) {
    anyNan |= std::isnan(x);
    allFinite &= std::isfinite(x);
  }
  if (std::isnan(r) && !anyNan)
    raise("ValueError", "math domain error");
  if (std::isinf(r) && allFinite)
    raise("OverflowError", "math range error");
  return r;
}

/// An int argument of the integer functions (any size), by __index__.
BigInt intArg(Evaluator &ev, const Value &v, const char *fn) {
  if (isPyInt(v))
    return toBigInt(v);
  return BigInt(ev.toIndex(v, fn));
}

BigInt nonNegativeBig(Evaluator &ev, const Value &v, const char *fn, const char *what) {
  BigInt n = intArg(ev, v, fn);
  if (n.isNegative())
    raise("ValueError", std::string(what) + " must be a non-negative integer");
  return n;
}

/// The product lo * (lo+1) * ... * hi by halves, so the multiplications
/// stay balanced (factorial(10000) is then quick).
BigInt rangeProduct(int64_t lo, int64_t hi) {
  if (lo > hi)
    return BigInt(1);
  if (hi - lo < 8) {
    BigInt r(lo);
    for (int64_t i = lo + 1; i <= hi; ++i)
      r = r * BigInt(i);
    return r;
  }
  int64_t mid = lo + (hi - lo) / 2;
  return rangeProduct(lo, mid) * rangeProduct(mid + 1, hi);
}

int64_t nonNegative(Evaluator &ev, const Value &v, const char *fn, const char *what) {
  int64_t n = ev.toIndex(v, fn);
  if (n < 0)
    raise("ValueError", std::string(what) + " must be a non-negative integer");
  return n;
}
} // namespace

void installMathModule(Evaluator &ev, ModuleObject &m) {
  m.set("pi", Value::floating(M_PI));
  m.set("e", Value::floating(M_E));
  m.set("tau", Value::floating(2 * M_PI));
  m.set("inf", Value::floating(INFINITY));
  m.set("nan", Value::floating(NAN));
  struct F {
    const char *name;
    double (*fn)(double);
  };
  for (F f : {F{"sqrt", std::sqrt}, F{"exp", std::exp}, F{"sin", std::sin}, F{"cos", std::cos},
              F{"tan", std::tan}, F{"asin", std::asin}, F{"acos", std::acos},
              F{"atan", std::atan}, F{"sinh", std::sinh}, F{"cosh", std::cosh},
              F{"tanh", std::tanh}, F{"log2", std::log2}, F{"log10", std::log10},
              F{"log1p", std::log1p}, F{"expm1", std::expm1}, F{"fabs", std::fabs},
              F{"erf", std::erf}, F{"erfc", std::erfc}, F{"gamma", std::tgamma},
              F{"lgamma", std::lgamma}})
    m.def(f.name, [f](Evaluator &, CallArgs &a) {
      expectPositional(a, 1, 1, f.name);
      double x = num(a.args[0], f.name);
      if ((std::string(f.name) == "sqrt" && x < 0) ||
          ((std::string(f.name) == "log2" || std::string(f.name) == "log10") && x <= 0))
        raise("ValueError", "math domain error");
      return Value::floating(checkDomain(f.fn(x), f.name));
    });
  m.def("log", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 2, "log");
    double x = num(a.args[0], "log");
    if (x <= 0)
      raise("ValueError", "math domain error");
    double r = std::log(x);
    if (a.args.size() == 2)
      r /= std::log(num(a.args[1], "log"));
    return Value::floating(r);
  });
  m.def("pow", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "pow");
    return Value::floating(std::pow(num(a.args[0], "pow"), num(a.args[1], "pow")));
  });
  m.def("atan2", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "atan2");
    return Value::floating(std::atan2(num(a.args[0], "atan2"), num(a.args[1], "atan2")));
  });
  m.def("hypot", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "hypot");
    return Value::floating(std::hypot(num(a.args[0], "hypot"), num(a.args[1], "hypot")));
  });
  m.def("floor", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "floor");
    if (isPyInt(a.args[0]))
      return intValue(toBigInt(a.args[0]));
    double x = num(a.args[0], "floor");
    if (!std::isfinite(x))
      raise(std::isnan(x) ? "ValueError" : "OverflowError", "cannot convert float to integer");
    return intFromDouble(std::floor(x));
  });
  m.def("ceil", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "ceil");
    if (isPyInt(a.args[0]))
      return intValue(toBigInt(a.args[0]));
    double x = num(a.args[0], "ceil");
    if (!std::isfinite(x))
      raise(std::isnan(x) ? "ValueError" : "OverflowError", "cannot convert float to integer");
    return intFromDouble(std::ceil(x));
  });
  m.def("trunc", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "trunc");
    if (isPyInt(a.args[0]))
      return intValue(toBigInt(a.args[0]));
    return intFromDouble(std::trunc(num(a.args[0], "trunc")));
  });
  for (const char *n : {"isnan", "isinf", "isfinite"})
    m.def(n, [n](Evaluator &, CallArgs &a) {
      expectPositional(a, 1, 1, n);
      double x = num(a.args[0], n);
      std::string s = n;
      return Value::boolean(s == "isnan" ? std::isnan(x) : s == "isinf" ? std::isinf(x)
                                                                          : std::isfinite(x));
    });
  m.def("gcd", [](Evaluator &ev, CallArgs &a) {
    BigInt g(0);
    for (const Value &v : a.args)
      g = BigInt::gcd(g, intArg(ev, v, "gcd"));
    return intValue(g);
  });
  m.def("factorial", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "factorial");
    if (a.args[0].isFloat())
      raise("TypeError", "'float' object cannot be interpreted as an integer");
    if (a.args[0].isBigInt())
      raise(bigOf(a.args[0]).isNegative() ? "ValueError" : "OverflowError",
            bigOf(a.args[0]).isNegative() ? "factorial() not defined for negative values"
                                          : "factorial() argument should not exceed 9223372036854775807");
    int64_t n = ev.toIndex(a.args[0], "factorial");
    if (n < 0)
      raise("ValueError", "factorial() not defined for negative values");
    HostMemory::require(int64_t(double(n) * std::log2(double(n) + 1) / 8), "an int");
    return intValue(rangeProduct(2, n));
  });
  m.def("prod", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "prod");
    Value acc = Value::integer(1);
    for (const Value &v : ev.iterate(a.args[0], a.loc))
      acc = ev.binary(BinOpKind::Mul, acc, v, a.loc);
    return acc;
  });
  m.def("fsum", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "fsum");
    // Exactly rounded, as CPython's: the sum is kept as non-overlapping
    // partials (Shewchuk's algorithm), rounded once at the end.
    std::vector<double> partials;
    double special = 0; // inf/nan inputs: IEEE's sum of them
    bool sawSpecial = false;
    for (const Value &v : ev.iterate(a.args[0], a.loc)) {
      double x = num(v, "fsum");
      if (!std::isfinite(x)) {
        special = sawSpecial ? special + x : x;
        sawSpecial = true;
        continue;
      }
      size_t k = 0;
      for (double y : partials) {
        if (std::fabs(x) < std::fabs(y))
          std::swap(x, y);
        double hi = x + y, lo = y - (hi - x);
        if (lo != 0)
          partials[k++] = lo;
        x = hi;
      }
      if (!std::isfinite(x))
        raise("OverflowError", "intermediate overflow in fsum");
      partials.resize(k);
      partials.push_back(x);
    }
    if (sawSpecial) {
      if (std::isnan(special))
        raise("ValueError", "-inf + inf in fsum");
      return Value::floating(special);
    }
    double hi = 0;
    size_t n = partials.size();
    if (n > 0) {
      hi = partials[--n];
      double lo = 0;
      while (n > 0) {
        double x = hi, y = partials[--n];
        hi = x + y;
        lo = y - (hi - x);
        if (lo != 0)
          break;
      }
      // Half-way cases: round as the exact sum would.
      if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
        double y = lo * 2, x = hi + y;
        if (y == x - hi)
          hi = x;
      }
    }
    return Value::floating(hi);
  });
  m.def("nextafter", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "nextafter");
    return Value::floating(std::nextafter(num(a.args[0], "nextafter"), num(a.args[1], "nextafter")));
  });
  m.def("ulp", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "ulp");
    double x = std::fabs(num(a.args[0], "ulp"));
    if (std::isnan(x) || std::isinf(x))
      return Value::floating(x);
    double up = std::nextafter(x, INFINITY);
    if (std::isinf(up))
      return Value::floating(x - std::nextafter(x, 0.0));
    return Value::floating(up - x);
  });
  m.def("isclose", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "isclose");
    double x = num(a.args[0], "isclose"), y = num(a.args[1], "isclose");
    double rt = argOr(a, 99, "rel_tol", Value::floating(1e-9)).asFloat();
    double at = argOr(a, 99, "abs_tol", Value::floating(0)).asFloat();
    return Value::boolean(x == y || std::fabs(x - y) <= std::max(rt * std::max(std::fabs(x), std::fabs(y)), at));
  });
  // Inverse hyperbolics, cube root, base-2 exponential.
  for (F f : {F{"asinh", std::asinh}, F{"acosh", std::acosh}, F{"atanh", std::atanh},
              F{"cbrt", std::cbrt}, F{"exp2", std::exp2}})
    m.def(f.name, [f](Evaluator &, CallArgs &a) {
      expectPositional(a, 1, 1, f.name);
      double x = num(a.args[0], f.name);
      if (std::string(f.name) == "atanh" && std::fabs(x) >= 1)
        raise("ValueError", "math domain error");
      return Value::floating(checked(f.fn(x), {x}));
    });
  m.def("copysign", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "copysign");
    return Value::floating(std::copysign(num(a.args[0], "copysign"), num(a.args[1], "copysign")));
  });
  m.def("fmod", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "fmod");
    double x = num(a.args[0], "fmod"), y = num(a.args[1], "fmod");
    return Value::floating(checked(std::fmod(x, y), {x, y}));
  });
  m.def("remainder", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "remainder");
    double x = num(a.args[0], "remainder"), y = num(a.args[1], "remainder");
    return Value::floating(checked(std::remainder(x, y), {x, y}));
  });
  m.def("modf", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "modf");
    double x = num(a.args[0], "modf"), ip = 0;
    double frac = std::modf(x, &ip);
    return Value::tuple({Value::floating(frac), Value::floating(ip)});
  });
  m.def("frexp", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "frexp");
    double x = num(a.args[0], "frexp");
    int e = 0;
    double mant = x;
    if (std::isfinite(x) && x != 0)
      mant = std::frexp(x, &e);
    return Value::tuple({Value::floating(mant), Value::integer(e)});
  });
  m.def("ldexp", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "ldexp");
    double x = num(a.args[0], "ldexp");
    if (!a.args[1].isInt() && !a.args[1].isBool())
      raise("TypeError", "Expected an int as second argument to ldexp.");
    int64_t e = std::clamp<int64_t>(a.args[1].asInt(), -100000, 100000);
    return Value::floating(checked(std::ldexp(x, int(e)), {x}));
  });
  m.def("lcm", [](Evaluator &ev, CallArgs &a) {
    BigInt l(1);
    for (const Value &v : a.args) {
      BigInt x = intArg(ev, v, "lcm");
      if (x.isNegative())
        x = -x;
      if (x.isZero() || l.isZero()) {
        l = BigInt(0);
        continue;
      }
      BigInt q, r;
      BigInt::divMod(l, BigInt::gcd(l, x), q, r);
      l = q * x;
    }
    return intValue(l);
  });
  m.def("comb", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "comb");
    BigInt n = nonNegativeBig(ev, a.args[0], "comb", "n"),
           k = nonNegativeBig(ev, a.args[1], "comb", "k");
    if (BigInt::compare(k, n) > 0)
      return Value::integer(0);
    if (BigInt::compare(n - k, k) < 0)
      k = n - k;
    if (!k.fitsInt64() || k.toInt64() > 10000000)
      raise("OverflowError", "min(n - k, k) must not exceed 9223372036854775807");
    BigInt r(1), q, rem;
    for (int64_t i = 0; i < k.toInt64(); ++i) {
      // exact: r * (n - i) is a multiple of i + 1
      BigInt::divMod(r * (n - BigInt(i)), BigInt(i + 1), q, rem);
      r = q;
    }
    return intValue(r);
  });
  m.def("perm", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "perm");
    int64_t n = nonNegative(ev, a.args[0], "perm", "n");
    Value kv = argOr(a, 1, "k");
    int64_t k = kv.isNone() ? n : nonNegative(ev, kv, "perm", "k");
    if (k > n)
      return Value::integer(0);
    if (k == 0)
      return Value::integer(1);
    return intValue(rangeProduct(n - k + 1, n));
  });
  m.def("isqrt", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "isqrt");
    if (a.args[0].isBigInt()) {
      if (bigOf(a.args[0]).isNegative())
        raise("ValueError", "isqrt() argument must be nonnegative");
      return intValue(BigInt::isqrt(bigOf(a.args[0])));
    }
    int64_t n = ev.toIndex(a.args[0], "isqrt");
    if (n < 0)
      raise("ValueError", "isqrt() argument must be nonnegative");
    auto r = int64_t(std::sqrt(double(n)));
    while (__int128(r) * r > n)
      --r;
    while (__int128(r + 1) * (r + 1) <= n)
      ++r;
    return Value::integer(r);
  });
  m.def("dist", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 2, 2, "dist");
    std::vector<Value> p = ev.iterate(a.args[0], a.loc), q = ev.iterate(a.args[1], a.loc);
    if (p.size() != q.size())
      raise("ValueError", "both points must have the same number of dimensions");
    long double s = 0;
    for (size_t i = 0; i < p.size(); ++i) {
      long double d = (long double)num(p[i], "dist") - num(q[i], "dist");
      s += d * d;
    }
    return Value::floating(double(std::sqrt(s)));
  });
  m.def("radians", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "radians");
    return Value::floating(num(a.args[0], "radians") * M_PI / 180.0);
  });
  m.def("degrees", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "degrees");
    return Value::floating(num(a.args[0], "degrees") * 180.0 / M_PI);
  });
}

} // namespace parax::frontend
