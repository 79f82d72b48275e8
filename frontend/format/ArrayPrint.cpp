//===- ArrayPrint.cpp - numpy's array2string, for every array kind --------===//
//
// A port of the parts of numpy's arrayprint.py that str()/repr() of an array
// go through, under the print options (precision, suppress, threshold,
// edgeitems, linewidth, floatmode, sign, nanstr/infstr). Digits come from
// FloatDigits.cpp (numpy's Dragon4).
//
//===----------------------------------------------------------------------===//
#include "frontend/format/ArrayPrint.h"

#include "frontend/format/FloatDigits.h"
#include "ir/Half.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace parax::frontend::arrayprint {

using floatfmt::FloatKind;
using floatfmt::Trim;

PrintOptions &globalOptions() {
  static PrintOptions o;
  return o;
}

namespace {

FloatKind floatKindOf(ElementKind k) {
  return k == ElementKind::Float64   ? FloatKind::F64
         : k == ElementKind::Float32 ? FloatKind::F32
                                     : FloatKind::F16;
}

uint64_t bitsOf(double v, FloatKind k) {
  if (k == FloatKind::F64)
    return floatfmt::bitsOfF64(v);
  if (k == FloatKind::F32)
    return floatfmt::bitsOfF32(float(v));
  return floatToHalf(float(v));
}

std::vector<int64_t> rowMajorStrides(const Shape &shape) {
  std::vector<int64_t> st(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;)
    st[i - 1] = st[i] * shape[i];
  return st;
}

/// Flat indices of the elements numpy sizes its formatter on: all of them,
/// or with summarisation the leading/trailing `edge` along every axis longer
/// than 2 * edge (numpy's _leading_trailing).
std::vector<int64_t> summaryIndices(const Shape &shape, bool summarise, int64_t edge) {
  std::vector<int64_t> out;
  int64_t n = numElements(shape);
  if (!summarise) {
    out.resize(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
      out[size_t(i)] = i;
    return out;
  }
  std::vector<int64_t> strides = rowMajorStrides(shape);
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

/// numpy's FloatingFormat for float16 / float32 / float64.
class FloatingFormat {
public:
  FloatingFormat(const Elements &a, const std::vector<int64_t> &data, const PrintOptions &po)
      : a_(a), kind_(floatKindOf(a.kind)), po_(po) {
    precision_ = po.floatmode == "unique" ? -1 : po.precision;
    fill(data);
  }

  std::string operator()(int64_t i) const {
    double v = a_.number(i);
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
    return floatfmt::dragon4(bitsOf(v, kind_), kind_, o);
  }

private:
  double inType(double v) const {
    if (kind_ == FloatKind::F32)
      return double(float(v));
    if (kind_ == FloatKind::F16)
      return double(halfToFloat(floatToHalf(float(v))));
    return v;
  }

  void fill(const std::vector<int64_t> &data) {
    std::vector<double> finite;
    bool anyNonFinite = false, negInf = false, anyNonZero = false;
    double maxVal = 0, minVal = 0;
    for (int64_t i : data) {
      double v = a_.number(i);
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
      // numpy >= 2.3: the cutoff is 10**min(8, finfo(dtype).precision), and
      // the Python-float thresholds are cast to the dtype (NEP 50).
      double cutoff = kind_ == FloatKind::F64 ? 1e8 : kind_ == FloatKind::F32 ? 1e6 : 1e3;
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
        std::string s = floatfmt::dragon4(bitsOf(v, kind_), kind_, o);
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
        std::string s = floatfmt::dragon4(bitsOf(v, kind_), kind_, o);
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

  const Elements &a_;
  FloatKind kind_;
  const PrintOptions &po_;
  bool exp_ = false, unique_ = true;
  int precision_ = 8, minDigits_ = -1;
  Trim trim_ = Trim::Zeros;
  int padLeft_ = 0, padRight_ = 0, expSize_ = -1;
};

/// The element formatter numpy's _get_format_function picks, sized on the
/// elements `data`.
ElementFormatter makeFormatter(const Elements &a, const std::vector<int64_t> &data,
                               const PrintOptions &po) {
  switch (a.kind) {
  case ElementKind::Bool: {
    // " True" so that True and False align, except in 0-d arrays.
    std::string t = a.shape.empty() ? "True" : " True";
    return [&a, t](int64_t i) { return a.truth(i) ? t : std::string("False"); };
  }
  case ElementKind::Float16:
  case ElementKind::Float32:
  case ElementKind::Float64: return FloatingFormat(a, data, po);
  case ElementKind::Text: return a.text;
  case ElementKind::Integer: break;
  }
  // IntegerFormat: right-aligned to the widest of the sized elements.
  auto signed_ = [&a, sign = po.sign](int64_t i) {
    std::string s = a.text(i);
    if (sign == '+' && s[0] != '-')
      s = "+" + s;
    return s;
  };
  size_t width = 0;
  for (int64_t i : data)
    width = std::max(width, signed_(i).size());
  return [signed_, width](int64_t i) {
    std::string s = signed_(i);
    if (s.size() < width)
      s.insert(0, width - s.size(), ' ');
    return s;
  };
}

/// numpy's _extendLine (single-line words, legacy=False).
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

/// numpy's _formatArray: nested brackets, row wrapping and summarisation.
class ArrayPrinter {
public:
  ArrayPrinter(const Shape &shape, ElementFormatter fmt, std::string sep, bool summarise,
               int64_t edge)
      : shape_(shape), fmt_(std::move(fmt)), sep_(std::move(sep)), summarise_(summarise),
        edge_(edge), strides_(rowMajorStrides(shape)) {
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

} // namespace

std::string array2string(const Elements &a, const PrintOptions &po, const std::string &sep,
                         const std::string &prefix, const std::string &suffix) {
  bool summarise = numElements(a.shape) > po.threshold;
  std::vector<int64_t> data = summaryIndices(a.shape, summarise, po.edgeitems);
  ElementFormatter fmt = makeFormatter(a, data, po);
  if (a.shape.empty())
    return fmt(0);
  ArrayPrinter printer(a.shape, std::move(fmt), sep, summarise, po.edgeitems);
  return printer.print(" " + std::string(prefix.size(), ' '), po.linewidth - int(suffix.size()));
}

} // namespace parax::frontend::arrayprint
