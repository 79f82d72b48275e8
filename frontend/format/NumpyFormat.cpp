//===- NumpyFormat.cpp - numpy-identical printing -------------------------===//
//
// str()/repr() of a JAX array as JAX prints them: numpy's array2string
// (ArrayPrint.cpp, under np.set_printoptions' options, as in JAX) over the
// array's elements, with ml_dtypes' repr for bfloat16 (numpy treats it as an
// opaque scalar type), JAX's "Array(..., dtype=...)" wrapping, numpy scalar
// str and Python's float repr.
//
//===----------------------------------------------------------------------===//

#include "frontend/format/NumpyFormat.h"

#include "frontend/format/ArrayPrint.h"
#include "frontend/format/FloatDigits.h"
#include "ir/Half.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <functional>

namespace parax::frontend {

using floatfmt::FloatKind;
using floatfmt::Trim;

namespace {

std::string intStr(const Array &a, int64_t i) {
  switch (a.dtype()) {
  case DType::I8: return std::to_string(a.data<int8_t>()[i]);
  case DType::I16: return std::to_string(a.data<int16_t>()[i]);
  case DType::I32: return std::to_string(a.data<int32_t>()[i]);
  case DType::U8: return std::to_string(a.data<uint8_t>()[i]);
  case DType::U16: return std::to_string(a.data<uint16_t>()[i]);
  case DType::U32: return std::to_string(a.data<uint32_t>()[i]);
  case DType::I64: return std::to_string(a.data<int64_t>()[i]);
  case DType::U64: return std::to_string(a.data<uint64_t>()[i]);
  default: return {};
  }
}

/// `a` as the printer reads it (JAX arrays are dense, row-major).
arrayprint::Elements elementsOf(const Array &a) {
  using arrayprint::ElementKind;
  arrayprint::Elements e;
  e.shape = a.shape();
  switch (a.dtype()) {
  case DType::Bool:
    e.kind = ElementKind::Bool;
    e.truth = [&a](int64_t i) { return a.data<uint8_t>()[i] != 0; };
    break;
  case DType::F16:
    e.kind = ElementKind::Float16;
    e.number = [&a](int64_t i) { return double(halfToFloat(a.data<uint16_t>()[i])); };
    break;
  case DType::F32:
    e.kind = ElementKind::Float32;
    e.number = [&a](int64_t i) { return double(a.data<float>()[i]); };
    break;
  case DType::F64:
    e.kind = ElementKind::Float64;
    e.number = [&a](int64_t i) { return a.data<double>()[i]; };
    break;
  case DType::BF16:
    // Not an np.floating subclass: numpy prints repr() of each scalar.
    e.kind = ElementKind::Text;
    e.text = [&a](int64_t i) { return floatfmt::bfloat16Str(a.data<uint16_t>()[i]); };
    break;
  default:
    e.kind = ElementKind::Integer;
    e.text = [&a](int64_t i) { return intStr(a, i); };
    break;
  }
  return e;
}

} // namespace

std::string arrayToStr(const Array &a) {
  if (a.rank() == 0)
    return scalarToStr(a, 0);
  if (a.size() == 0)
    return "[]";
  return arrayprint::array2string(elementsOf(a), arrayprint::globalOptions(), " ", "", "");
}

std::string arrayToRepr(const Array &a) {
  const arrayprint::PrintOptions &po = arrayprint::globalOptions();
  const std::string prefix = "Array(";
  std::string dtypeStr = "dtype=" + std::string(dtypeName(a.dtype()));
  if (a.weak())
    dtypeStr += ", weak_type=True";
  std::string s;
  if (a.size() == 0)
    s = "[], shape=" + shapeToPython(a.shape());
  else
    s = arrayprint::array2string(elementsOf(a), po, ", ", prefix, ",");
  // JAX: last_line_len = len(s) - s.rfind('\n') + 1 (rfind gives -1 when
  // there is no newline).
  size_t nl = s.rfind('\n');
  int64_t lastLineLen = int64_t(s.size()) - (nl == std::string::npos ? -1 : int64_t(nl)) + 1;
  std::string sep = " ";
  if (lastLineLen + int64_t(dtypeStr.size()) + 2 > po.linewidth)
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
