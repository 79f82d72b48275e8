//===- NumpyTesting.cpp - numpy.testing, finfo and iinfo ------------------===//
//
// numpy.testing's assertions (assert_allclose, assert_array_equal,
// assert_equal, assert_almost_equal, assert_array_almost_equal) raising
// AssertionError with numpy's headline, and np.finfo / np.iinfo with the
// limits of each dtype.
//
//===----------------------------------------------------------------------===//
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NumpyInternal.h"

#include <cfloat>
#include <climits>
#include <cmath>

namespace parax::frontend::npy {

std::string formatPercent(double p);
std::string pythonFloatReprOf(double d);

namespace {

/// A read-only record (finfo/iinfo): a fixed set of attributes.
class RecordObj : public NativeObject {
public:
  RecordObj(std::string type, std::string repr, std::vector<std::pair<std::string, Value>> f)
      : type_(std::move(type)), repr_(std::move(repr)), fields_(std::move(f)) {}
  std::string typeName() const override { return type_; }
  std::string repr() const override { return repr_; }
  bool getAttr(Evaluator &, const std::string &name, Value &out) override {
    for (auto &[k, v] : fields_)
      if (k == name) {
        out = v;
        return true;
      }
    return false;
  }
  std::vector<std::string> attrNames() const override {
    std::vector<std::string> n;
    for (auto &f : fields_)
      n.push_back(f.first);
    return n;
  }

private:
  std::string type_, repr_;
  std::vector<std::pair<std::string, Value>> fields_;
};

Value scalarOf(NpDType t, double v) {
  Value s = makeNumpy(t, {}, true);
  arr(s).setF(0, v);
  return s;
}

Value scalarOfInt(NpDType t, int64_t v, bool isUnsignedMax = false) {
  Value s = makeNumpy(t, {}, true);
  if (isUnsignedMax)
    arr(s).setU(0, ~uint64_t(0));
  else
    arr(s).setI(0, v);
  return s;
}

NpDType typeArg(Evaluator &ev, const Value &v) {
  if (NumpyArrayObj *a = asNumpy(v))
    return a->dtype;
  if (v.isArray())
    return jaxToNpDType(v.asArray().dtype());
  auto d = npDTypeArg(ev, v);
  return d ? *d : NpDType::F64;
}

/// Raises numpy.testing's AssertionError for `fn`.
[[noreturn]] void mismatch(const std::string &header, int64_t bad, int64_t total,
                           const std::string &detail) {
  raise("AssertionError", "\n" + header + "\n\nMismatched elements: " + std::to_string(bad) +
                              " / " + std::to_string(total) + detail);
}

void compareArrays(Evaluator &ev, const Value &x0, const Value &y0, double rtol, double atol,
                   bool exact, const std::string &header, bool equalNan = true) {
  Value x = asNp(ev, x0), y = asNp(ev, y0);
  NumpyArrayObj &xa = arr(x), &ya = arr(y);
  if (xa.shape != ya.shape && xa.rank() != 0 && ya.rank() != 0)
    raise("AssertionError", "\n" + header + "\n\n(shapes " + shapeStr(xa.shape) + ", " +
                                shapeStr(ya.shape) + " mismatch)");
  Shape s = broadcastShapes({xa.shape, ya.shape});
  int64_t bad = 0, total = numElements(s);
  double maxAbs = 0, maxRel = 0;
  bool str = xa.dtype == NpDType::Str || ya.dtype == NpDType::Str;
  forEachBroadcast(s, {&xa, &ya}, [&](int64_t, const int64_t *o) {
    if (str) {
      std::string p = xa.dtype == NpDType::Str ? xa.store->strs[size_t(o[0])] : npScalarStr(xa);
      std::string q = ya.dtype == NpDType::Str ? ya.store->strs[size_t(o[1])] : npScalarStr(ya);
      bad += p != q;
      return;
    }
    double p = xa.getF(o[0]), q = ya.getF(o[1]);
    bool ok;
    if (std::isnan(p) || std::isnan(q))
      ok = equalNan && std::isnan(p) && std::isnan(q);
    else if (exact || std::isinf(p) || std::isinf(q))
      ok = p == q;
    else
      ok = std::fabs(p - q) <= atol + rtol * std::fabs(q);
    if (!ok) {
      ++bad;
      double d = std::fabs(p - q);
      maxAbs = std::max(maxAbs, d);
      if (q != 0)
        maxRel = std::max(maxRel, d / std::fabs(q));
    }
  });
  if (bad) {
    std::string detail = " (" + formatPercent(100.0 * double(bad) / double(total)) + ")";
    if (!str)
      detail += "\nMax absolute difference among violations: " + pythonFloatReprOf(maxAbs) +
                "\nMax relative difference among violations: " + pythonFloatReprOf(maxRel);
    mismatch(header, bad, total, detail);
  }
}

} // namespace

std::string formatPercent(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g%%", p);
  return buf;
}

std::string pythonFloatReprOf(double d) {
  Value s = makeNumpy(NpDType::F64, {}, true);
  arr(s).setF(0, d);
  return npScalarStr(arr(s));
}

void registerTesting(Evaluator &, ModuleObject &np, ModuleObject &testing) {
  testing.def("assert_allclose", [](Evaluator &ev, CallArgs &a) {
    npBind(a, {"actual", "desired", "rtol", "atol", "equal_nan", "err_msg", "verbose"}, 2,
           "assert_allclose");
    double rtol = has(a, 2) ? a.args[2].asFloat() : 1e-7, atol = has(a, 3) ? a.args[3].asFloat() : 0;
    bool eqNan = !has(a, 4) || ev.truthy(a.args[4]);
    char hdr[128];
    std::snprintf(hdr, sizeof hdr, "Not equal to tolerance rtol=%g, atol=%g", rtol, atol);
    compareArrays(ev, a.args[0], a.args[1], rtol, atol, false, hdr, eqNan);
    return Value::none();
  });
  auto equal = [](const char *name) {
    std::string n = name;
    return [n](Evaluator &ev, CallArgs &a) {
      npBind(a, {"actual", "desired", "err_msg", "verbose", "strict"}, 2, n);
      compareArrays(ev, a.args[0], a.args[1], 0, 0, true, "Arrays are not equal");
      return Value::none();
    };
  };
  testing.def("assert_array_equal", equal("assert_array_equal"));
  testing.def("assert_equal", equal("assert_equal"));
  auto almost = [](const char *name) {
    std::string n = name;
    return [n](Evaluator &ev, CallArgs &a) {
      npBind(a, {"actual", "desired", "decimal", "err_msg", "verbose"}, 2, n);
      int64_t dec = has(a, 2) ? ev.toIndex(a.args[2], "decimal") : 7;
      double tol = 1.5 * std::pow(10.0, -double(dec));
      compareArrays(ev, a.args[0], a.args[1], 0, tol, false,
                    "Arrays are not almost equal to " + std::to_string(dec) + " decimals");
      return Value::none();
    };
  };
  testing.def("assert_almost_equal", almost("assert_almost_equal"));
  testing.def("assert_array_almost_equal", almost("assert_array_almost_equal"));
  testing.def("assert_", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 2, "assert_");
    if (!ev.truthy(a.args[0]))
      raise("AssertionError", a.args.size() > 1 ? ev.str(a.args[1]) : "");
    return Value::none();
  });

  np.def("finfo", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "finfo");
    NpDType t = typeArg(ev, a.args[0]);
    if (npKind(t) != NpKind::Float)
      raise("ValueError", "data type <class 'numpy." + npDTypeName(t) + "'> not inexact");
    double eps = t == NpDType::F64 ? DBL_EPSILON : t == NpDType::F32 ? double(FLT_EPSILON) : 0.0009765625;
    double mx = t == NpDType::F64 ? DBL_MAX : t == NpDType::F32 ? double(FLT_MAX) : 65504.0;
    double tiny = t == NpDType::F64 ? DBL_MIN : t == NpDType::F32 ? double(FLT_MIN) : 6.103515625e-05;
    int64_t bits = npItemSize(t) * 8;
    int64_t prec = t == NpDType::F64 ? 15 : t == NpDType::F32 ? 6 : 3;
    std::vector<std::pair<std::string, Value>> f = {
        {"eps", scalarOf(t, eps)},          {"max", scalarOf(t, mx)},
        {"min", scalarOf(t, -mx)},          {"tiny", scalarOf(t, tiny)},
        {"smallest_normal", scalarOf(t, tiny)},
        {"resolution", scalarOf(t, std::pow(10.0, -double(prec)))},
        {"bits", Value::integer(bits)},     {"precision", Value::integer(prec)},
        {"dtype", npDTypeValue(t)}};
    return Value::object(Value::Kind::Native,
                         std::make_shared<RecordObj>("finfo", "finfo(resolution=" +
                                                                  pythonFloatReprOf(std::pow(10.0, -double(prec))) +
                                                                  ", dtype=" + npDTypeName(t) + ")",
                                                     f));
  });
  np.def("iinfo", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 1, "iinfo");
    NpDType t = typeArg(ev, a.args[0]);
    if (npKind(t) != NpKind::Int && npKind(t) != NpKind::UInt)
      raise("ValueError", "Invalid integer data type 'f'.");
    int64_t bits = npItemSize(t) * 8;
    bool u = npKind(t) == NpKind::UInt;
    int64_t mn = u ? 0 : bits == 64 ? INT64_MIN : -(int64_t(1) << (bits - 1));
    int64_t mx = u ? (bits == 64 ? -1 : (int64_t(1) << bits) - 1)
                   : (bits == 64 ? INT64_MAX : (int64_t(1) << (bits - 1)) - 1);
    std::vector<std::pair<std::string, Value>> f = {
        {"min", Value::integer(mn)},
        {"max", u && bits == 64 ? scalarOfInt(t, 0, true) : Value::integer(mx)},
        {"bits", Value::integer(bits)},
        {"dtype", npDTypeValue(t)}};
    return Value::object(Value::Kind::Native,
                         std::make_shared<RecordObj>("iinfo", "iinfo(min=" + std::to_string(mn) +
                                                                  ", max=" + std::to_string(mx) +
                                                                  ", dtype=" + npDTypeName(t) + ")",
                                                     f));
  });
}

} // namespace parax::frontend::npy
