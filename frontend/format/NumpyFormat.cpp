//===- NumpyFormat.cpp - numpy-identical printing -------------------------===//
//
// A port of the parts of numpy's arrayprint.py that str()/repr() of a JAX
// array go through (numpy 2.4 defaults: precision 8, floatmode 'maxprec',
// linewidth 75, threshold 1000, edgeitems 3, sign '-'): the per-dtype
// element formatters (FloatingFormat, IntegerFormat, BoolFormat, and
// ml_dtypes' repr for bfloat16, which numpy treats as an opaque scalar type),
// the summarised corner data they are sized on, and _formatArray's line
// wrapping and nesting. Digits come from FloatDigits.cpp (numpy's Dragon4).
//
//===----------------------------------------------------------------------===//

#include "frontend/format/NumpyFormat.h"

#include "frontend/format/FloatDigits.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <functional>

namespace parax::frontend {

using floatfmt::FloatKind;
using floatfmt::Trim;

namespace {

constexpr int kLineWidth = 75;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;
constexpr int kPrecision = 8;

/// Raw bits of element `i` of a float16/float32 array.
uint64_t floatBits(const Array &a, int64_t i) {
  if (a.dtype() == DType::F64)
    return a.data<uint64_t>()[i];
  if (a.dtype() == DType::F32)
    return a.data<uint32_t>()[i];
  return a.data<uint16_t>()[i];
}

/// Row-major strides of a shape.
std::vector<int64_t> stridesOf(const Shape &shape) {
  std::vector<int64_t> st(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;)
    st[i - 1] = st[i] * shape[i];
  return st;
}

/// Flat indices of the elements numpy sizes its formatter on: all of them,
/// or with summarisation the leading/trailing kEdgeItems along every axis
/// longer than 2 * kEdgeItems (numpy's _leading_trailing).
std::vector<int64_t> summaryIndices(const Array &a, bool summarise) {
  std::vector<int64_t> out;
  if (!summarise) {
    out.resize(size_t(a.size()));
    for (int64_t i = 0; i < a.size(); ++i)
      out[size_t(i)] = i;
    return out;
  }
  const Shape &shape = a.shape();
  std::vector<int64_t> strides = stridesOf(shape);
  std::function<void(size_t, int64_t)> walk = [&](size_t axis, int64_t off) {
    if (axis == shape.size()) {
      out.push_back(off);
      return;
    }
    int64_t n = shape[axis];
    for (int64_t i = 0; i < n; ++i) {
      if (n > 2 * kEdgeItems && i == kEdgeItems)
        i = n - kEdgeItems;
      walk(axis + 1, off + i * strides[axis]);
    }
  };
  walk(0, 0);
  return out;
}

using ElementFormatter = std::function<std::string(int64_t)>;

/// numpy's FloatingFormat for float16 / float32 / float64 (default options).
class FloatingFormat {
public:
  FloatingFormat(const Array &a, const std::vector<int64_t> &data)
      : a_(a),
        kind_(a.dtype() == DType::F64   ? FloatKind::F64
              : a.dtype() == DType::F32 ? FloatKind::F32
                                        : FloatKind::F16) {
    fillFormat(data);
  }

  std::string operator()(int64_t i) const {
    uint64_t bits = floatBits(a_, i);
    double v = value(bits);
    if (!std::isfinite(v)) {
      std::string ret = std::isnan(v) ? "nan" : (v < 0 ? "-inf" : "inf");
      int pad = padLeft_ + padRight_ + 1 - int(ret.size());
      return std::string(size_t(std::max(pad, 0)), ' ') + ret;
    }
    floatfmt::Options o;
    o.scientific = expFormat_;
    o.precision = precision_;
    o.minDigits = minDigits_;
    o.unique = true;
    o.trim = trim_;
    o.padLeft = padLeft_;
    if (expFormat_)
      o.expDigits = expSize_;
    else
      o.padRight = padRight_;
    return floatfmt::dragon4(bits, kind_, o);
  }

private:
  double value(uint64_t bits) const {
    switch (kind_) {
    case FloatKind::F64: return std::bit_cast<double>(bits);
    case FloatKind::F32: return double(bitsToFloat(uint32_t(bits)));
    default: return double(halfToFloat(uint16_t(bits)));
    }
  }
  /// Rounds a result to the array's dtype (numpy computes the max/min
  /// ratio in the dtype).
  double toDType(double f) const {
    switch (kind_) {
    case FloatKind::F64: return f;
    case FloatKind::F32: return float(f);
    default: return halfToFloat(floatToHalf(float(f)));
    }
  }

  void fillFormat(const std::vector<int64_t> &data) {
    std::vector<uint64_t> finite;
    bool anyNonFinite = false, negInf = false;
    double maxVal = 0, minVal = 0;
    bool anyNonZero = false;
    for (int64_t i : data) {
      uint64_t bits = floatBits(a_, i);
      double v = value(bits);
      if (!std::isfinite(v)) {
        anyNonFinite = true;
        negInf |= std::isinf(v) && v < 0;
        continue;
      }
      finite.push_back(bits);
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
      double cutoffMax = kind_ == FloatKind::F64   ? 1e8
                         : kind_ == FloatKind::F32 ? double(1e6f)
                                                   : 1e3;
      double minThresh = kind_ == FloatKind::F64   ? 1e-4
                         : kind_ == FloatKind::F32 ? double(1e-4f)
                                                   : halfToFloat(0x068e);
      double ratio = toDType(maxVal / minVal);
      expFormat_ = maxVal >= cutoffMax || minVal < minThresh || ratio > 1000.;
    }

    if (finite.empty()) {
      padLeft_ = 0;
      padRight_ = 0;
      trim_ = Trim::Zeros;
      expSize_ = -1;
      minDigits_ = -1;
    } else if (expFormat_) {
      floatfmt::Options o;
      o.scientific = true;
      o.precision = kPrecision;
      o.trim = Trim::Zeros;
      int maxExp = 0, maxFrac = 0, maxInt = 0;
      for (uint64_t bits : finite) {
        std::string s = floatfmt::dragon4(bits, kind_, o);
        size_t e = s.find('e'), dot = s.find('.');
        maxExp = std::max(maxExp, int(s.size() - e - 1));
        maxInt = std::max(maxInt, int(dot));
        maxFrac = std::max(maxFrac, int(e - dot - 1));
      }
      expSize_ = maxExp - 1;
      trim_ = Trim::Keep;
      precision_ = maxFrac;
      minDigits_ = maxFrac;
      padLeft_ = maxInt;
      padRight_ = expSize_ + 2 + precision_;
    } else {
      floatfmt::Options o;
      o.precision = kPrecision;
      o.trim = Trim::Zeros;
      int maxFrac = 0, maxInt = 0;
      for (uint64_t bits : finite) {
        std::string s = floatfmt::dragon4(bits, kind_, o);
        size_t dot = s.find('.');
        maxInt = std::max(maxInt, int(dot));
        maxFrac = std::max(maxFrac, int(s.size() - dot - 1));
      }
      padLeft_ = maxInt;
      padRight_ = maxFrac;
      expSize_ = -1;
      trim_ = Trim::Zeros; // floatmode 'maxprec'
      minDigits_ = 0;
    }

    if (anyNonFinite) {
      int offset = padRight_ + 1;
      padLeft_ = std::max({padLeft_, 3 - offset, 3 + int(negInf) - offset});
    }
  }

  const Array &a_;
  FloatKind kind_;
  bool expFormat_ = false;
  int precision_ = kPrecision;
  int minDigits_ = -1;
  Trim trim_ = Trim::Zeros;
  int padLeft_ = 0, padRight_ = 0, expSize_ = -1;
};

std::string intStr(const Array &a, int64_t i) {
  switch (a.dtype()) {
  case DType::I8:
    return std::to_string(a.data<int8_t>()[i]);
  case DType::I16:
    return std::to_string(a.data<int16_t>()[i]);
  case DType::I32:
    return std::to_string(a.data<int32_t>()[i]);
  case DType::U8:
    return std::to_string(a.data<uint8_t>()[i]);
  case DType::U16:
    return std::to_string(a.data<uint16_t>()[i]);
  case DType::U32:
    return std::to_string(a.data<uint32_t>()[i]);
  case DType::I64:
    return std::to_string(a.data<int64_t>()[i]);
  case DType::U64:
    return std::to_string(a.data<uint64_t>()[i]);
  default:
    return {};
  }
}

/// The element formatter numpy's _get_format_function would pick, sized on
/// the elements `data`.
ElementFormatter makeFormatter(const Array &a,
                               const std::vector<int64_t> &data) {
  switch (a.dtype()) {
  case DType::Bool: {
    // " True" so that True and False align, except in 0-d arrays.
    std::string trueStr = a.rank() == 0 ? "True" : " True";
    return [&a, trueStr](int64_t i) {
      return a.data<uint8_t>()[i] ? trueStr : std::string("False");
    };
  }
  case DType::F16:
  case DType::F32:
  case DType::F64:
    return FloatingFormat(a, data);
  case DType::BF16:
    // Not an np.floating subclass: numpy prints repr() of each scalar.
    return [&a](int64_t i) {
      return floatfmt::bfloat16Str(a.data<uint16_t>()[i]);
    };
  default: {
    // IntegerFormat: right-aligned to the longer of str(max), str(min).
    // The longest of all is str(max) or str(min) (uint64 past INT64_MAX
    // would not compare right through getInt).
    size_t width = 0;
    for (int64_t i : data)
      width = std::max(width, intStr(a, i).size());
    return [&a, width](int64_t i) {
      std::string s = intStr(a, i);
      if (s.size() < width)
        s.insert(0, width - s.size(), ' ');
      return s;
    };
  }
  }
}

/// numpy's _extendLine (single-line words, legacy=False).
void extendLine(std::string &s, std::string &line, const std::string &word,
                int lineWidth, const std::string &nextLinePrefix) {
  bool needsWrap = int(line.size() + word.size()) > lineWidth;
  if (line.size() <= nextLinePrefix.size())
    needsWrap = false; // wrapping would not help
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
  ArrayPrinter(const Array &a, ElementFormatter fmt, std::string separator,
               bool summarise)
      : a_(a), fmt_(std::move(fmt)), sep_(std::move(separator)),
        summarise_(summarise), strides_(stridesOf(a.shape())) {
    size_t end = sep_.find_last_not_of(" \t\n");
    sepStripped_ = end == std::string::npos ? "" : sep_.substr(0, end + 1);
  }

  std::string print(const std::string &nextLinePrefix, int lineWidth) {
    return recurse(0, 0, nextLinePrefix, lineWidth);
  }

private:
  std::string recurse(size_t axis, int64_t offset,
                      const std::string &hangingIndent, int currWidth) {
    const size_t axesLeft = a_.shape().size() - axis;
    if (axesLeft == 0)
      return fmt_(offset);
    const std::string nextHangingIndent = hangingIndent + " ";
    const int nextWidth = currWidth - 1; // room for the ']'
    const int64_t len = a_.shape()[axis];
    const int64_t stride = strides_[axis];
    const bool showSummary = summarise_ && 2 * kEdgeItems < len;
    const int64_t leading = showSummary ? kEdgeItems : 0;
    const int64_t trailing = showSummary ? kEdgeItems : len;
    auto child = [&](int64_t i) {
      return recurse(axis + 1, offset + i * stride, nextHangingIndent,
                     nextWidth);
    };

    std::string s;
    if (axesLeft == 1) {
      const int elemWidth = currWidth - std::max(int(sepStripped_.size()), 1);
      std::string line = hangingIndent;
      for (int64_t i = 0; i < leading; ++i) {
        extendLine(s, line, child(i), elemWidth, hangingIndent);
        line += sep_;
      }
      if (showSummary) {
        extendLine(s, line, "...", elemWidth, hangingIndent);
        line += sep_;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLine(s, line, child(len - i), elemWidth, hangingIndent);
        line += sep_;
      }
      extendLine(s, line, child(len - 1), elemWidth, hangingIndent);
      s += line;
    } else {
      const std::string lineSep =
          sepStripped_ + std::string(axesLeft - 1, '\n');
      for (int64_t i = 0; i < leading; ++i)
        s += hangingIndent + child(i) + lineSep;
      if (showSummary)
        s += hangingIndent + "..." + lineSep;
      for (int64_t i = trailing; i > 1; --i)
        s += hangingIndent + child(len - i) + lineSep;
      s += hangingIndent + child(len - 1);
    }
    return "[" + s.substr(hangingIndent.size()) + "]";
  }

  const Array &a_;
  ElementFormatter fmt_;
  std::string sep_, sepStripped_;
  bool summarise_;
  std::vector<int64_t> strides_;
};

/// np.array2string(a, max_line_width=lineWidth, separator=sep,
/// prefix=prefix) for a non-empty array (legacy=False; includes 0-d).
std::string array2string(const Array &a, int lineWidth, const std::string &sep,
                         const std::string &prefix) {
  bool summarise = a.size() > kThreshold;
  std::vector<int64_t> data = summaryIndices(a, summarise);
  ElementFormatter fmt = makeFormatter(a, data);
  ArrayPrinter printer(a, std::move(fmt), sep, summarise);
  return printer.print(" " + std::string(prefix.size(), ' '), lineWidth);
}

} // namespace

std::string arrayToStr(const Array &a) {
  if (a.rank() == 0)
    return scalarToStr(a, 0);
  if (a.size() == 0)
    return "[]";
  return array2string(a, kLineWidth, " ", "");
}

std::string arrayToRepr(const Array &a) {
  const std::string prefix = "Array(";
  std::string dtypeStr = "dtype=" + std::string(dtypeName(a.dtype()));
  if (a.weak())
    dtypeStr += ", weak_type=True";
  std::string s;
  if (a.size() == 0)
    s = "[], shape=" + shapeToPython(a.shape());
  else // suffix=',' takes one column off the line width
    s = array2string(a, kLineWidth - 1, ", ", prefix);
  // JAX: last_line_len = len(s) - s.rfind('\n') + 1 (rfind gives -1 when
  // there is no newline).
  size_t nl = s.rfind('\n');
  int64_t lastLineLen =
      int64_t(s.size()) - (nl == std::string::npos ? -1 : int64_t(nl)) + 1;
  std::string sep = " ";
  if (lastLineLen + int64_t(dtypeStr.size()) + 2 > kLineWidth)
    sep = std::string(prefix.size(), ' ');
  return prefix + s + "," + sep + dtypeStr + ")";
}

std::string scalarToStr(const Array &a, int64_t i) {
  switch (a.dtype()) {
  case DType::Bool:
    return a.data<uint8_t>()[i] ? "True" : "False";
  case DType::F16:
    return floatfmt::numpyScalarStr(a.data<uint16_t>()[i], FloatKind::F16);
  case DType::F32:
    return floatfmt::numpyScalarStr(a.data<uint32_t>()[i], FloatKind::F32);
  case DType::F64:
    return floatfmt::numpyScalarStr(a.data<uint64_t>()[i], FloatKind::F64);
  case DType::BF16:
    return floatfmt::bfloat16Str(a.data<uint16_t>()[i]);
  default:
    return intStr(a, i);
  }
}

std::string pythonFloatRepr(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  // Shortest round-trip digits, as in "d.ddde+XX".
  char buf[64];
  auto res =
      std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  std::string out;
  size_t pos = 0;
  if (sci[0] == '-') {
    out = "-";
    pos = 1;
  }
  size_t e = sci.find('e');
  std::string digits;
  for (size_t i = pos; i < e; ++i)
    if (sci[i] != '.')
      digits += sci[i];
  int exp10 = std::stoi(sci.substr(e + 1));
  int decpt = exp10 + 1; // digits = 0.d1d2... * 10^decpt
  const int nd = int(digits.size());
  if (decpt <= -4 || decpt > 16) {
    // CPython's repr switches to exponent form here.
    out += digits[0];
    if (nd > 1) {
      out += '.';
      out.append(digits, 1);
    }
    out += 'e';
    out += exp10 < 0 ? '-' : '+';
    int ae = exp10 < 0 ? -exp10 : exp10;
    if (ae < 10)
      out += '0';
    out += std::to_string(ae);
  } else if (decpt <= 0) {
    out += "0.";
    out.append(size_t(-decpt), '0');
    out += digits;
  } else if (decpt >= nd) {
    out += digits;
    out.append(size_t(decpt - nd), '0');
    out += ".0";
  } else {
    out.append(digits, 0, size_t(decpt));
    out += '.';
    out.append(digits, size_t(decpt));
  }
  return out;
}

std::string float32Repr(float v) {
  return floatfmt::numpyScalarStr(floatfmt::bitsOfF32(v), FloatKind::F32);
}

} // namespace parax::frontend
