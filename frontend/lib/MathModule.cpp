//===- MathModule.cpp - Python's math module ------------------------------===//
#include "frontend/Evaluator.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/Modules.h"

#include <cmath>

namespace parax::frontend {

namespace {
double num(const Value &v, const char *fn) {
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
    if (a.args[0].isInt() || a.args[0].isBool())
      return Value::integer(a.args[0].asInt());
    double x = num(a.args[0], "floor");
    if (!std::isfinite(x))
      raise(std::isnan(x) ? "ValueError" : "OverflowError", "cannot convert float to integer");
    return Value::integer(int64_t(std::floor(x)));
  });
  m.def("ceil", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "ceil");
    if (a.args[0].isInt() || a.args[0].isBool())
      return Value::integer(a.args[0].asInt());
    double x = num(a.args[0], "ceil");
    if (!std::isfinite(x))
      raise(std::isnan(x) ? "ValueError" : "OverflowError", "cannot convert float to integer");
    return Value::integer(int64_t(std::ceil(x)));
  });
  m.def("trunc", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 1, 1, "trunc");
    return Value::integer(int64_t(std::trunc(num(a.args[0], "trunc"))));
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
    int64_t g = 0;
    for (const Value &v : a.args) {
      int64_t x = std::llabs(ev.toIndex(v, "gcd"));
      while (x) {
        int64_t t = g % x;
        g = x;
        x = t;
      }
    }
    return Value::integer(g);
  });
  m.def("factorial", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "factorial");
    int64_t n = ev.toIndex(a.args[0], "factorial");
    if (n < 0)
      raise("ValueError", "factorial() not defined for negative values");
    if (n > 20)
      raise("OverflowError", "integer overflow: parax ints are 64-bit");
    int64_t r = 1;
    for (int64_t i = 2; i <= n; ++i)
      r *= i;
    return Value::integer(r);
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
    long double s = 0;
    for (const Value &v : ev.iterate(a.args[0], a.loc))
      s += num(v, "fsum");
    return Value::floating(double(s));
  });
  m.def("isclose", [](Evaluator &, CallArgs &a) {
    expectPositional(a, 2, 2, "isclose");
    double x = num(a.args[0], "isclose"), y = num(a.args[1], "isclose");
    double rt = argOr(a, 99, "rel_tol", Value::floating(1e-9)).asFloat();
    double at = argOr(a, 99, "abs_tol", Value::floating(0)).asFloat();
    return Value::boolean(x == y || std::fabs(x - y) <= std::max(rt * std::max(std::fabs(x), std::fabs(y)), at));
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
