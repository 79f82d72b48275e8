//===- NumpyPrint.cpp - numpy's array printing and print options ----------===//
//
// str()/repr() of numpy arrays and scalars as numpy 2 prints them, under the
// print options (precision, suppress, threshold, edgeitems, linewidth,
// floatmode, sign) that np.set_printoptions / np.printoptions change: the
// element formatters of numpy's arrayprint (FloatingFormat sized on the
// summarised data, IntegerFormat, bool and str), _formatArray's wrapping and
// nesting, and array_repr's dtype suffix. Digits come from
// format/FloatDigits (numpy's Dragon4) for float16/32/64.
//
//===----------------------------------------------------------------------===//
#include "frontend/format/FloatDigits.h"
#include "frontend/format/NumpyFormat.h"
#include "frontend/lib/LibUtil.h"
#include "frontend/lib/NumpyInternal.h"
#include "frontend/machine/Builtins.h"
#include "ir/Half.h"

#include <cmath>
#include <functional>

namespace parax::frontend {

using namespace npy;
using floatfmt::FloatKind;
using floatfmt::Trim;

namespace {

struct PrintOptions {
  int precision = 8;
  int64_t threshold = 1000;
  int64_t edgeitems = 3;
  int linewidth = 75;
  bool suppress = false;
  std::string floatmode = "maxprec";
  char sign = '-';
  std::string nanstr = "nan", infstr = "inf";
};

PrintOptions &options() {
  static PrintOptions o;
  return o;
}

FloatKind kindOf(NpDType t) {
  return t == NpDType::F64 ? FloatKind::F64 : t == NpDType::F32 ? FloatKind::F32 : FloatKind::F16;
}

uint64_t bitsOf(double v, NpDType t) {
  if (t == NpDType::F64)
    return floatfmt::bitsOfF64(v);
  if (t == NpDType::F32)
    return floatfmt::bitsOfF32(float(v));
  return floatToHalf(float(v));
}

/// The elements being printed, flattened row-major (a contiguous copy).
struct Flat {
  const NumpyArrayObj *a;
  std::vector<int64_t> offs;
  double f(int64_t i) const { return a->getF(offs[size_t(i)]); }
};

std::vector<int64_t> summaryIndices(const Shape &shape, bool summarise, int64_t edge) {
  std::vector<int64_t> out;
  int64_t n = numElements(shape);
  if (!summarise) {
    out.resize(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
      out[size_t(i)] = i;
    return out;
  }
  std::vector<int64_t> strides = cStrides(shape);
  std::function<void(size_t, int64_t)> walk = [&](size_t axis, int64_t off) {
    if (axis == shape.size()) {
      out.push_back(off);
      return;
    }
    int64_t len = shape[axis];
    for (int64_t i = 0; i < len; ++i) {
      if (len > 2 * edge && i == edge)
        i = len - edge;
      walk(axis + 1, off + i * strides[axis]);
    }
  };
  walk(0, 0);
  return out;
}

using ElementFormatter = std::function<std::string(int64_t)>;

class FloatingFormat {
public:
  FloatingFormat(const Flat &fl, const std::vector<int64_t> &data, const PrintOptions &po)
      : fl_(fl), t_(fl.a->dtype), kind_(kindOf(fl.a->dtype)), po_(po) {
    precision_ = po.floatmode == "unique" ? -1 : po.precision;
    fill(data);
  }

  std::string operator()(int64_t i) const {
    double v = fl_.f(i);
    if (!std::isfinite(v)) {
      std::string ret = std::isnan(v) ? (po_.sign == '+' ? "+" : "") + po_.nanstr
                                      : (v < 0 ? "-" : po_.sign == '+' ? "+" : "") + po_.infstr;
      int pad = padLeft_ + padRight_ + 1 - int(ret.size());
      return std::string(static_cast<size_t>(std::max(pad, 0)), ' ') + ret;
    }
    floatfmt::Options o;
    o.scientific = exp_;
    o.precision = precision_;
    o.minDigits = minDigits_;
    o.unique = unique_;
    o.trim = trim_;
    o.sign = po_.sign == '+';
    o.padLeft = padLeft_;
    if (exp_)
      o.expDigits = expSize_;
    else
      o.padRight = padRight_;
    return floatfmt::dragon4(bitsOf(v, t_), kind_, o);
  }

private:
  double inType(double v) const {
    if (t_ == NpDType::F32)
      return double(float(v));
    if (t_ == NpDType::F16)
      return double(halfToFloat(floatToHalf(float(v))));
    return v;
  }

  void fill(const std::vector<int64_t> &data) {
    std::vector<double> finite;
    bool anyNonFinite = false, negInf = false, anyNonZero = false;
    double maxVal = 0, minVal = 0;
    for (int64_t i : data) {
      double v = fl_.f(i);
      if (!std::isfinite(v)) {
        anyNonFinite = true;
        negInf |= std::isinf(v) && v < 0;
        continue;
      }
      finite.push_back(v);
      if (v == 0)
        continue;
      double av = std::fabs(v);
      if (!anyNonZero || av > maxVal)
        maxVal = av;
      if (!anyNonZero || av < minVal)
        minVal = av;
      anyNonZero = true;
    }
    if (anyNonZero) {
      double cutoff = t_ == NpDType::F64 ? 1e8 : t_ == NpDType::F32 ? 1e6 : 1e3;
      double minThresh = inType(0.0001);
      double ratio = inType(maxVal / minVal);
      exp_ = maxVal >= cutoff || (!po_.suppress && (minVal < minThresh || ratio > 1000.));
    }
    bool fixed = po_.floatmode == "fixed";
    if (finite.empty()) {
      padLeft_ = padRight_ = 0;
      trim_ = Trim::Zeros;
      expSize_ = -1;
      unique_ = true;
      minDigits_ = -1;
    } else if (exp_) {
      floatfmt::Options o;
      o.scientific = true;
      o.precision = precision_;
      o.unique = !fixed;
      o.trim = fixed ? Trim::Keep : Trim::Zeros;
      o.sign = po_.sign == '+';
      int maxExp = 0, maxFrac = 0, maxInt = 0;
      for (double v : finite) {
        std::string s = floatfmt::dragon4(bitsOf(v, t_), kind_, o);
        size_t e = s.find('e'), dot = s.find('.');
        maxExp = std::max(maxExp, int(s.size() - e - 1));
        maxInt = std::max(maxInt, int(dot));
        maxFrac = std::max(maxFrac, int(e - dot - 1));
      }
      expSize_ = maxExp - 1;
      trim_ = Trim::Keep;
      precision_ = maxFrac;
      minDigits_ = maxFrac;
      unique_ = !fixed;
      padLeft_ = maxInt;
      padRight_ = expSize_ + 2 + precision_;
    } else {
      floatfmt::Options o;
      o.precision = precision_;
      o.unique = !fixed;
      o.trim = fixed ? Trim::Keep : Trim::Zeros;
      o.sign = po_.sign == '+';
      int maxFrac = 0, maxInt = 0;
      for (double v : finite) {
        std::string s = floatfmt::dragon4(bitsOf(v, t_), kind_, o);
        size_t dot = s.find('.');
        maxInt = std::max(maxInt, int(dot));
        maxFrac = std::max(maxFrac, int(s.size() - dot - 1));
      }
      padLeft_ = maxInt;
      padRight_ = maxFrac;
      expSize_ = -1;
      unique_ = !fixed;
      if (fixed || po_.floatmode == "maxprec_equal") {
        precision_ = minDigits_ = padRight_;
        trim_ = Trim::Keep;
      } else {
        trim_ = Trim::Zeros;
        minDigits_ = 0;
      }
    }
    if (po_.sign == ' ') {
      bool anyNeg = false;
      for (double v : finite)
        anyNeg |= std::signbit(v);
      if (!anyNeg)
        ++padLeft_;
    }
    if (anyNonFinite) {
      bool neg = po_.sign != '-' || negInf;
      int offset = padRight_ + 1;
      padLeft_ = std::max({padLeft_, int(po_.nanstr.size()) - offset,
                           int(po_.infstr.size()) + int(neg) - offset});
    }
  }

  const Flat &fl_;
  NpDType t_;
  FloatKind kind_;
  const PrintOptions &po_;
  bool exp_ = false, unique_ = true;
  int precision_ = 8, minDigits_ = -1;
  Trim trim_ = Trim::Zeros;
  int padLeft_ = 0, padRight_ = 0, expSize_ = -1;
};

std::string intStr(const NumpyArrayObj &a, int64_t off) {
  if (npKind(a.dtype) == NpKind::UInt)
    return std::to_string(a.getU(off));
  return std::to_string(a.getI(off));
}

ElementFormatter makeFormatter(const Flat &fl, const std::vector<int64_t> &data,
                               const PrintOptions &po, bool zeroD) {
  const NumpyArrayObj &a = *fl.a;
  switch (npKind(a.dtype)) {
  case NpKind::Bool: {
    std::string t = zeroD ? "True" : " True";
    return [&fl, t](int64_t i) {
      return fl.a->getB(fl.offs[size_t(i)]) ? t : std::string("False");
    };
  }
  case NpKind::Float: return FloatingFormat(fl, data, po);
  case NpKind::Str:
    return [&fl](int64_t i) { return pyStrRepr(fl.a->store->strs[size_t(fl.offs[size_t(i)])]); };
  default: {
    size_t width = 0;
    for (int64_t i : data) {
      std::string s = intStr(a, fl.offs[size_t(i)]);
      if (po.sign == '+' && s[0] != '-')
        s = "+" + s;
      width = std::max(width, s.size());
    }
    char sign = po.sign;
    return [&fl, width, sign](int64_t i) {
      std::string s = intStr(*fl.a, fl.offs[size_t(i)]);
      if (sign == '+' && s[0] != '-')
        s = "+" + s;
      if (s.size() < width)
        s.insert(0, width - s.size(), ' ');
      return s;
    };
  }
  }
}

void extendLine(std::string &s, std::string &line, const std::string &word, int lineWidth,
                const std::string &nextLinePrefix) {
  bool needsWrap = int(line.size() + word.size()) > lineWidth;
  if (line.size() <= nextLinePrefix.size())
    needsWrap = false;
  if (needsWrap) {
    size_t end = line.find_last_not_of(" \t\n");
    s.append(line, 0, end == std::string::npos ? 0 : end + 1);
    s += '\n';
    line = nextLinePrefix;
  }
  line += word;
}

class ArrayPrinter {
public:
  ArrayPrinter(const Shape &shape, ElementFormatter fmt, std::string sep, bool summarise,
               int64_t edge)
      : shape_(shape), fmt_(std::move(fmt)), sep_(std::move(sep)), summarise_(summarise),
        edge_(edge), strides_(cStrides(shape)) {
    size_t end = sep_.find_last_not_of(" \t\n");
    sepStripped_ = end == std::string::npos ? "" : sep_.substr(0, end + 1);
  }
  std::string print(const std::string &nextLinePrefix, int lineWidth) {
    return recurse(0, 0, nextLinePrefix, lineWidth);
  }

private:
  std::string recurse(size_t axis, int64_t offset, const std::string &hanging, int width) {
    const size_t axesLeft = shape_.size() - axis;
    if (axesLeft == 0)
      return fmt_(offset);
    const std::string nextHanging = hanging + " ";
    const int nextWidth = width - 1;
    const int64_t len = shape_[axis], stride = strides_[axis];
    const bool summary = summarise_ && 2 * edge_ < len;
    const int64_t leading = summary ? edge_ : 0, trailing = summary ? edge_ : len;
    auto child = [&](int64_t i) { return recurse(axis + 1, offset + i * stride, nextHanging, nextWidth); };
    std::string s;
    if (axesLeft == 1) {
      const int elemWidth = width - std::max(int(sepStripped_.size()), 1);
      std::string line = hanging;
      for (int64_t i = 0; i < leading; ++i) {
        extendLine(s, line, child(i), elemWidth, hanging);
        line += sep_;
      }
      if (summary) {
        extendLine(s, line, "...", elemWidth, hanging);
        line += sep_;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLine(s, line, child(len - i), elemWidth, hanging);
        line += sep_;
      }
      extendLine(s, line, child(len - 1), elemWidth, hanging);
      s += line;
    } else {
      const std::string lineSep = sepStripped_ + std::string(axesLeft - 1, '\n');
      for (int64_t i = 0; i < leading; ++i)
        s += hanging + child(i) + lineSep;
      if (summary)
        s += hanging + "..." + lineSep;
      for (int64_t i = trailing; i > 1; --i)
        s += hanging + child(len - i) + lineSep;
      s += hanging + child(len - 1);
    }
    return "[" + s.substr(hanging.size()) + "]";
  }

  Shape shape_;
  ElementFormatter fmt_;
  std::string sep_, sepStripped_;
  bool summarise_;
  int64_t edge_;
  std::vector<int64_t> strides_;
};

/// np.array2string for a non-empty array (0-d included).
std::string array2string(const NumpyArrayObj &a, const PrintOptions &po, const std::string &sep,
                         const std::string &prefix, const std::string &suffix) {
  Flat fl{&a, a.offsets()};
  bool summarise = a.size() > po.threshold;
  std::vector<int64_t> data = summaryIndices(a.shape, summarise, po.edgeitems);
  ElementFormatter fmt = makeFormatter(fl, data, po, a.rank() == 0);
  if (a.rank() == 0)
    return fmt(0);
  ArrayPrinter printer(a.shape, std::move(fmt), sep, summarise, po.edgeitems);
  return printer.print(" " + std::string(prefix.size(), ' '), po.linewidth - int(suffix.size()));
}

std::string strDTypeRepr(const NumpyArrayObj &a) {
  if (a.dtype == NpDType::Str)
    return "'<U" + std::to_string(a.strLen) + "'";
  return npDTypeName(a.dtype);
}

std::string arrayStrWith(const NumpyArrayObj &a, const PrintOptions &po) {
  if (a.rank() == 0)
    return npScalarStr(a);
  if (a.size() == 0)
    return "[]";
  return array2string(a, po, " ", "", "");
}

std::string arrayReprWith(const NumpyArrayObj &a, const PrintOptions &po) {
  const std::string prefix = "array(";
  std::string lst = a.size() == 0 && a.rank() > 0 ? "[]" : array2string(a, po, ", ", prefix, ")");
  std::vector<std::string> extras;
  // numpy >= 2.2 also names the shape of a summarised array.
  if ((a.size() == 0 && !(a.rank() == 1)) || a.size() > po.threshold)
    extras.push_back("shape=" + shapeStr(a.shape));
  bool implied = a.dtype == NpDType::F64 || a.dtype == NpDType::I64 || a.dtype == NpDType::Bool;
  if (!implied || a.size() == 0)
    extras.push_back("dtype=" + strDTypeRepr(a));
  if (extras.empty())
    return prefix + lst + ")";
  std::string arrStr = prefix + lst + ",";
  std::string extra;
  for (size_t i = 0; i < extras.size(); ++i)
    extra += (i ? ", " : "") + extras[i];
  size_t nl = arrStr.rfind('\n');
  int64_t lastLineLen = int64_t(arrStr.size()) - (nl == std::string::npos ? 0 : int64_t(nl) + 1);
  std::string spacer = " ";
  if (lastLineLen + int64_t(extra.size()) + 1 > po.linewidth)
    spacer = "\n" + std::string(prefix.size(), ' ');
  return arrStr + spacer + extra + ")";
}

} // namespace

std::string npArrayStr(const NumpyArrayObj &a) { return arrayStrWith(a, options()); }
std::string npArrayRepr(const NumpyArrayObj &a) { return arrayReprWith(a, options()); }

std::string npScalarStr(const NumpyArrayObj &a) {
  int64_t o = a.offset;
  switch (npKind(a.dtype)) {
  case NpKind::Bool: return a.getB(o) ? "True" : "False";
  case NpKind::Float: return floatfmt::numpyScalarStr(bitsOf(a.getF(o), a.dtype), kindOf(a.dtype));
  case NpKind::Str: return a.store->strs[size_t(o)];
  default: return intStr(a, o);
  }
}

std::string npScalarRepr(const NumpyArrayObj &a) {
  int64_t o = a.offset;
  switch (npKind(a.dtype)) {
  case NpKind::Bool: return a.getB(o) ? "np.True_" : "np.False_";
  case NpKind::Str: return "np.str_(" + pyStrRepr(a.store->strs[size_t(o)]) + ")";
  default: return "np." + npDTypeName(a.dtype) + "(" + npScalarStr(a) + ")";
  }
}

namespace npy {

namespace {
/// Reads print-option keywords into `po` (set_printoptions, array2string).
void readOptions(Evaluator &ev, const CallArgs &a, PrintOptions &po, bool strict) {
  for (auto &[k, v] : a.kwargs) {
    if (v.isNone() && k != "sign")
      continue;
    if (k == "precision")
      po.precision = int(ev.toIndex(v, "precision"));
    else if (k == "threshold")
      po.threshold = v.isFloat() ? (std::isinf(v.asFloat()) ? INT64_MAX : int64_t(v.asFloat()))
                                 : ev.toIndex(v, "threshold");
    else if (k == "edgeitems")
      po.edgeitems = ev.toIndex(v, "edgeitems");
    else if (k == "linewidth" || k == "max_line_width")
      po.linewidth = int(ev.toIndex(v, "linewidth"));
    else if (k == "suppress" || k == "suppress_small")
      po.suppress = ev.truthy(v);
    else if (k == "floatmode") {
      std::string m = ev.str(v);
      if (m != "fixed" && m != "unique" && m != "maxprec" && m != "maxprec_equal")
        raise("ValueError", "floatmode option must be one of 'fixed', 'unique', 'maxprec', "
                            "'maxprec_equal'");
      po.floatmode = m;
    } else if (k == "sign") {
      if (v.isNone())
        continue;
      std::string s = ev.str(v);
      if (s != "-" && s != "+" && s != " ")
        raise("ValueError", "sign option must be one of ' ', '+', or '-'");
      po.sign = s[0];
    } else if (k == "nanstr")
      po.nanstr = ev.str(v);
    else if (k == "infstr")
      po.infstr = ev.str(v);
    else if (k == "legacy" || k == "formatter" || k == "separator" || k == "prefix" ||
             k == "suffix" || k == "override_repr")
      continue;
    else if (strict)
      raise("TypeError", "set_printoptions() got an unexpected keyword argument '" + k + "'");
  }
}

Value optionsDict() {
  PrintOptions &po = options();
  Value d = Value::dict();
  auto set = [&](const char *k, Value v) { d.asDict().set(Value::str(k), std::move(v)); };
  set("edgeitems", Value::integer(po.edgeitems));
  set("threshold", Value::integer(po.threshold));
  set("floatmode", Value::str(po.floatmode));
  set("precision", Value::integer(po.precision));
  set("suppress", Value::boolean(po.suppress));
  set("linewidth", Value::integer(po.linewidth));
  set("nanstr", Value::str(po.nanstr));
  set("infstr", Value::str(po.infstr));
  set("sign", Value::str(std::string(1, po.sign)));
  set("legacy", Value::boolean(false));
  return d;
}

/// with np.printoptions(...): sets the options, restores them on exit.
std::shared_ptr<ClassObj> printOptionsClass() {
  static std::shared_ptr<ClassObj> c = [] {
    auto k = std::make_shared<ClassObj>("printoptions", "numpy",
                                        std::vector<std::shared_ptr<ClassObj>>{});
    k->linearize();
    return k;
  }();
  return c;
}

class PrintOptionsCtx : public InstanceObj {
public:
  PrintOptionsCtx(PrintOptions next) : InstanceObj(printOptionsClass()), next(std::move(next)) {}
  PrintOptions next, saved;
};
} // namespace

void registerPrinting(Evaluator &, ModuleObject &np) {
  np.def("set_printoptions", [](Evaluator &ev, CallArgs &a) {
    static const char *names[] = {"precision", "threshold", "edgeitems", "linewidth", "suppress",
                                  "nanstr", "infstr", "formatter", "sign", "floatmode"};
    for (size_t i = 0; i < a.args.size() && i < 10; ++i)
      a.kwargs.push_back({names[i], a.args[i]});
    a.args.clear();
    readOptions(ev, a, options(), true);
    return Value::none();
  });
  np.def("get_printoptions", [](Evaluator &, CallArgs &) { return optionsDict(); });
  auto cls = printOptionsClass();
  cls->setAttr("__enter__", nativeMethod("__enter__", [](Evaluator &, CallArgs &a) {
                 auto *c = dynamic_cast<PrintOptionsCtx *>(a.args[0].as<InstanceObj>());
                 c->saved = options();
                 options() = c->next;
                 return optionsDict();
               }));
  cls->setAttr("__exit__", nativeMethod("__exit__", [](Evaluator &, CallArgs &a) {
                 auto *c = dynamic_cast<PrintOptionsCtx *>(a.args[0].as<InstanceObj>());
                 options() = c->saved;
                 return Value::boolean(false);
               }));
  np.def("printoptions", [](Evaluator &ev, CallArgs &a) {
    PrintOptions next = options();
    readOptions(ev, a, next, true);
    return Value::object(Value::Kind::Native, std::make_shared<PrintOptionsCtx>(next));
  });
  np.def("array2string", [](Evaluator &ev, CallArgs &a) {
    expectPositional(a, 1, 4, "array2string");
    PrintOptions po = options();
    if (a.args.size() > 1)
      a.kwargs.push_back({"max_line_width", a.args[1]});
    if (a.args.size() > 2)
      a.kwargs.push_back({"precision", a.args[2]});
    if (a.args.size() > 3)
      a.kwargs.push_back({"suppress_small", a.args[3]});
    readOptions(ev, a, po, false);
    std::string sep = " ", prefix, suffix;
    for (auto &[k, v] : a.kwargs) {
      if (k == "separator")
        sep = ev.str(v);
      else if (k == "prefix")
        prefix = ev.str(v);
      else if (k == "suffix")
        suffix = ev.str(v);
    }
    Value x = toNumpy(ev, a.args[0]);
    NumpyArrayObj &o = arr(x);
    if (o.size() == 0)
      return Value::str("[]");
    return Value::str(array2string(o, po, sep, prefix, suffix));
  });
  auto strOrRepr = [](bool repr) {
    return [repr](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 4, repr ? "array_repr" : "array_str");
      PrintOptions po = options();
      if (a.args.size() > 1)
        a.kwargs.push_back({"max_line_width", a.args[1]});
      if (a.args.size() > 2)
        a.kwargs.push_back({"precision", a.args[2]});
      if (a.args.size() > 3)
        a.kwargs.push_back({"suppress_small", a.args[3]});
      readOptions(ev, a, po, false);
      Value x = toNumpy(ev, a.args[0]);
      return Value::str(repr ? arrayReprWith(arr(x), po) : arrayStrWith(arr(x), po));
    };
  };
  np.def("array_str", strOrRepr(false));
  np.def("array_repr", strOrRepr(true));
  auto fmtFloat = [](bool sci) {
    return [sci](Evaluator &ev, CallArgs &a) {
      expectPositional(a, 1, 8, sci ? "format_float_scientific" : "format_float_positional");
      Value x = toNumpy(ev, a.args[0]);
      NumpyArrayObj &o = arr(x);
      NpDType t = npKind(o.dtype) == NpKind::Float ? o.dtype : NpDType::F64;
      double v = o.getF(o.offset);
      floatfmt::Options op;
      op.scientific = sci;
      op.unique = true;
      op.trim = Trim::Keep;
      for (auto &[k, val] : a.kwargs) {
        if (k == "precision" && !val.isNone())
          op.precision = int(ev.toIndex(val, "precision"));
        else if (k == "unique")
          op.unique = ev.truthy(val);
        else if (k == "trim") {
          std::string s = ev.str(val);
          op.trim = s == "k" ? Trim::Keep : s == "." ? Trim::Zeros : s == "0" ? Trim::LeaveOneZero : Trim::DptZeros;
        } else if (k == "sign")
          op.sign = ev.truthy(val);
        else if (k == "pad_left" && !val.isNone())
          op.padLeft = int(ev.toIndex(val, "pad_left"));
        else if (k == "pad_right" && !val.isNone())
          op.padRight = int(ev.toIndex(val, "pad_right"));
        else if (k == "exp_digits" && !val.isNone())
          op.expDigits = int(ev.toIndex(val, "exp_digits"));
        else if (k == "min_digits" && !val.isNone())
          op.minDigits = int(ev.toIndex(val, "min_digits"));
      }
      if (has(a, 1) && !a.args[1].isNone())
        op.precision = int(ev.toIndex(a.args[1], "precision"));
      return Value::str(floatfmt::dragon4(bitsOf(v, t), kindOf(t), op));
    };
  };
  np.def("format_float_positional", fmtFloat(false));
  np.def("format_float_scientific", fmtFloat(true));
}

} // namespace npy
} // namespace parax::frontend
