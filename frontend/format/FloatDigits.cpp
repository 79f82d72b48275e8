//===- FloatDigits.cpp - numpy's Dragon4 float-to-decimal -----------------===//
//
// A small arbitrary-precision implementation of the Steele-White / Burger-
// Dybvig free-format algorithm with the exact conventions of numpy's
// dragon4.c: IEEE round-half-even margins ("isEven"), the digit-exponent
// estimate, the fractional cutoff clamp, min-digits extension past the
// shortest digits, the final-digit rounding with carry, and the positional /
// scientific layout with numpy's trim and padding modes. std::to_chars cannot
// be used here: numpy needs float16 shortest digits, a cutoff after N
// fraction digits and exact digits beyond the shortest ones.
//
//===----------------------------------------------------------------------===//

#include "frontend/format/FloatDigits.h"

#include "ir/Half.h"

#include <cmath>
#include <cstdio>

namespace parax::frontend::floatfmt {

namespace {

/// Unsigned big integer: little-endian 32-bit blocks in fixed inline
/// storage (no allocation), no leading zero block. 40 blocks hold every
/// intermediate of a binary64 conversion (at most ~1140 bits).
class BigInt {
public:
  static constexpr int kMaxBlocks = 40;

  BigInt() = default;
  explicit BigInt(uint64_t v) { set(v); }

  void set(uint64_t v) {
    size_ = 0;
    if (v)
      blocks_[size_++] = uint32_t(v);
    if (v >> 32)
      blocks_[size_++] = uint32_t(v >> 32);
  }
  static BigInt pow2(unsigned n) {
    BigInt r;
    r.size_ = int(n / 32) + 1;
    for (int i = 0; i < r.size_; ++i)
      r.blocks_[i] = 0;
    r.blocks_[r.size_ - 1] = uint32_t(1) << (n % 32);
    return r;
  }
  bool isZero() const { return size_ == 0; }

  void shiftLeft(unsigned n) {
    if (isZero() || n == 0)
      return;
    const int words = int(n / 32), bits = int(n % 32);
    if (bits == 0) {
      for (int i = size_ - 1; i >= 0; --i)
        blocks_[i + words] = blocks_[i];
    } else {
      blocks_[size_ + words] = 0;
      for (int i = size_ - 1; i >= 0; --i) {
        uint64_t v = uint64_t(blocks_[i]) << bits;
        blocks_[i + words + 1] |= uint32_t(v >> 32);
        blocks_[i + words] = uint32_t(v);
      }
      ++size_;
    }
    for (int i = 0; i < words; ++i)
      blocks_[i] = 0;
    size_ += words;
    trim();
  }
  void mulSmall(uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < size_; ++i) {
      uint64_t p = uint64_t(blocks_[i]) * m + carry;
      blocks_[i] = uint32_t(p);
      carry = p >> 32;
    }
    if (carry)
      blocks_[size_++] = uint32_t(carry);
    if (m == 0)
      size_ = 0;
  }
  void mulPow10(unsigned n) {
    for (; n >= 9; n -= 9)
      mulSmall(1000000000u);
    static const uint32_t kPow10[] = {
        1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    if (n)
      mulSmall(kPow10[n]);
  }
  void add(const BigInt &o) {
    for (int i = size_; i < o.size_; ++i)
      blocks_[i] = 0;
    const int n = size_ > o.size_ ? size_ : o.size_;
    uint64_t carry = 0;
    for (int i = 0; i < n; ++i) {
      uint64_t s =
          uint64_t(blocks_[i]) + carry + (i < o.size_ ? o.blocks_[i] : 0);
      blocks_[i] = uint32_t(s);
      carry = s >> 32;
    }
    size_ = n;
    if (carry)
      blocks_[size_++] = uint32_t(carry);
  }
  /// this -= o; requires this >= o.
  void sub(const BigInt &o) {
    int64_t borrow = 0;
    for (int i = 0; i < size_; ++i) {
      int64_t d = int64_t(blocks_[i]) - borrow -
                  (i < o.size_ ? int64_t(o.blocks_[i]) : 0);
      borrow = d < 0;
      blocks_[i] = uint32_t(d + (borrow << 32));
    }
    trim();
  }
  int compare(const BigInt &o) const {
    if (size_ != o.size_)
      return size_ < o.size_ ? -1 : 1;
    for (int i = size_ - 1; i >= 0; --i)
      if (blocks_[i] != o.blocks_[i])
        return blocks_[i] < o.blocks_[i] ? -1 : 1;
    return 0;
  }
  /// Divides by `d` knowing the quotient is below 10; keeps the remainder.
  uint32_t divmodDigit(const BigInt &d) {
    uint32_t q = 0;
    if (size_ >= 2 && d.size_ == size_) {
      // Estimate from the top 64 bits (never too high), then correct.
      uint64_t top = uint64_t(blocks_[size_ - 1]) << 32 | blocks_[size_ - 2];
      uint64_t dtop =
          (uint64_t(d.blocks_[size_ - 1]) << 32 | d.blocks_[size_ - 2]) + 1;
      q = uint32_t(top / dtop);
      if (q) {
        BigInt t = d;
        t.mulSmall(q);
        sub(t);
      }
    }
    while (compare(d) >= 0) {
      sub(d);
      ++q;
    }
    return q;
  }

private:
  void trim() {
    while (size_ > 0 && blocks_[size_ - 1] == 0)
      --size_;
  }
  uint32_t blocks_[kMaxBlocks];
  int size_ = 0;
};

/// A finite value as mantissa * 2^exponent plus what Dragon4 needs to know
/// about its neighbours.
struct Decomposed {
  uint64_t mantissa = 0;
  int exponent = 0;
  int mantissaBit = 0;         ///< Index of the highest set mantissa bit.
  bool unequalMargins = false; ///< The gap below is half the gap above.
  bool negative = false;
  bool isInf = false, isNan = false;
};

int log2u64(uint64_t v) { return v ? 63 - __builtin_clzll(v) : 0; }

Decomposed decompose(uint64_t bits, FloatKind kind) {
  int manBits, expBits, bias;
  switch (kind) {
  case FloatKind::F16:
    manBits = 10, expBits = 5, bias = 15;
    break;
  case FloatKind::F32:
    manBits = 23, expBits = 8, bias = 127;
    break;
  default:
    manBits = 52, expBits = 11, bias = 1023;
    break;
  }
  Decomposed d;
  uint64_t man = bits & ((uint64_t(1) << manBits) - 1);
  uint64_t exp = (bits >> manBits) & ((uint64_t(1) << expBits) - 1);
  d.negative = (bits >> (manBits + expBits)) & 1;
  if (exp == (uint64_t(1) << expBits) - 1) {
    d.isInf = man == 0;
    d.isNan = man != 0;
    return d;
  }
  if (exp != 0) {
    d.mantissa = (uint64_t(1) << manBits) | man;
    d.exponent = int(exp) - bias - manBits;
    d.mantissaBit = manBits;
    d.unequalMargins = exp != 1 && man == 0;
  } else {
    d.mantissa = man;
    d.exponent = 1 - bias - manBits;
    d.mantissaBit = log2u64(man);
    d.unequalMargins = false;
  }
  return d;
}

/// The digits "d1d2..." of a value, d1 standing for d1 * 10^exp10.
struct DigitString {
  std::string digits;
  int exp10 = 0;
};

/// numpy's Dragon4(): cutoffMax / cutoffMin count fraction digits when
/// `fractional`, else significant digits; -1 means none.
DigitString generateDigits(const Decomposed &v, bool unique, bool fractional,
                           int cutoffMax, int cutoffMin) {
  DigitString out;
  if (v.mantissa == 0) {
    out.digits = "0";
    return out;
  }
  const bool isEven = (v.mantissa & 1) == 0;
  const bool unequal = v.unequalMargins;
  BigInt value(v.mantissa), scale, marginLow, marginHigh;
  // value/scale is the number; the margins are half the gaps to the
  // neighbouring floats, all pre-multiplied by 2 (4 with unequal margins).
  if (v.exponent > 0) {
    value.shiftLeft(unsigned(v.exponent) + (unequal ? 2 : 1));
    scale.set(unequal ? 4 : 2);
    marginLow = BigInt::pow2(unsigned(v.exponent));
  } else {
    value.shiftLeft(unequal ? 2 : 1);
    scale = BigInt::pow2(unsigned(-v.exponent) + (unequal ? 2 : 1));
    marginLow.set(1);
  }
  auto updateHigh = [&] {
    marginHigh = marginLow;
    if (unequal)
      marginHigh.shiftLeft(1);
  };
  updateHigh();

  const double kLog10Of2 = 0.30102999566398119521373889472449;
  int k = int(std::ceil(double(v.mantissaBit + v.exponent) * kLog10Of2 - 0.69));
  if (cutoffMax >= 0 && fractional && k <= -cutoffMax)
    k = -cutoffMax + 1;
  if (k > 0) {
    scale.mulPow10(unsigned(k));
  } else if (k < 0) {
    value.mulPow10(unsigned(-k));
    marginLow.mulPow10(unsigned(-k));
    updateHigh();
  }
  if (value.compare(scale) >= 0) {
    ++k; // the estimate was one too low
  } else {
    value.mulSmall(10);
    marginLow.mulSmall(10);
    updateHigh();
  }

  // numpy's buffer holds 16384 characters; that bounds the digit count.
  int cutoffMaxExp = k - 16384;
  if (cutoffMax >= 0) {
    int desired = fractional ? -cutoffMax : k - cutoffMax;
    if (desired > cutoffMaxExp)
      cutoffMaxExp = desired;
  }
  int cutoffMinExp = k;
  if (cutoffMin >= 0) {
    int desired = fractional ? -cutoffMin : k - cutoffMin;
    if (desired < cutoffMinExp)
      cutoffMinExp = desired;
  }
  out.exp10 = k - 1;

  bool low = false, high = false;
  uint32_t digit = 0;
  if (unique) {
    for (;;) {
      --k;
      digit = value.divmodDigit(scale);
      BigInt valueHigh = value;
      valueHigh.add(marginHigh);
      int c = value.compare(marginLow);
      low = isEven ? c <= 0 : c < 0;
      c = valueHigh.compare(scale);
      high = isEven ? c >= 0 : c > 0;
      if (((low || high) && k <= cutoffMinExp) || k == cutoffMaxExp)
        break;
      out.digits += char('0' + digit);
      value.mulSmall(10);
      marginLow.mulSmall(10);
      updateHigh();
    }
  } else {
    for (;;) {
      --k;
      digit = value.divmodDigit(scale);
      if (value.isZero() || k == cutoffMaxExp)
        break;
      out.digits += char('0' + digit);
      value.mulSmall(10);
    }
  }

  // Round the final digit: towards the only legal side, else to nearest
  // with ties to an even digit.
  bool roundDown = low;
  if (low == high) {
    BigInt twice = value;
    twice.shiftLeft(1);
    int c = twice.compare(scale);
    roundDown = c < 0;
    if (c == 0)
      roundDown = (digit & 1) == 0;
  }
  if (roundDown) {
    out.digits += char('0' + digit);
  } else if (digit == 9) {
    for (;;) {
      if (out.digits.empty()) {
        out.digits = "1";
        out.exp10 += 1;
        break;
      }
      if (out.digits.back() != '9') {
        out.digits.back() += 1;
        break;
      }
      out.digits.pop_back();
    }
  } else {
    out.digits += char('0' + digit + 1);
  }
  return out;
}

std::string formatPositional(const Decomposed &v, char sign, const Options &o) {
  std::string buf;
  int hasSign = 0;
  if (sign) {
    buf += sign;
    hasSign = 1;
  }
  DigitString ds =
      generateDigits(v, o.unique, o.fractional, o.precision, o.minDigits);
  const int nd = int(ds.digits.size());
  int numWhole, numFrac = 0;
  if (ds.exp10 >= 0) {
    numWhole = ds.exp10 + 1;
    if (nd <= numWhole) {
      buf += ds.digits;
      buf.append(size_t(numWhole - nd), '0');
    } else {
      buf.append(ds.digits, 0, size_t(numWhole));
      buf += '.';
      buf.append(ds.digits, size_t(numWhole));
      numFrac = nd - numWhole;
    }
  } else {
    int zeros = -(ds.exp10 + 1);
    buf += "0.";
    buf.append(size_t(zeros), '0');
    buf += ds.digits;
    numFrac = zeros + nd;
    numWhole = 1;
  }
  if (o.trim != Trim::DptZeros && numFrac == 0)
    buf += '.';

  int addDigits = o.unique ? o.minDigits : o.precision;
  int desiredFrac = addDigits < 0 ? 0 : addDigits;
  if (!o.fractional)
    desiredFrac = addDigits - numWhole;
  if (o.trim == Trim::LeaveOneZero) {
    if (numFrac == 0) {
      buf += '0';
      ++numFrac;
    }
  } else if (o.trim == Trim::Keep && desiredFrac > numFrac) {
    buf.append(size_t(desiredFrac - numFrac), '0');
    numFrac = desiredFrac;
  }
  if (o.trim != Trim::Keep && numFrac > 0) {
    while (buf.back() == '0') {
      buf.pop_back();
      --numFrac;
    }
    if (buf.back() == '.') {
      if (o.trim == Trim::LeaveOneZero) {
        buf += '0';
        ++numFrac;
      } else if (o.trim == Trim::DptZeros) {
        buf.pop_back();
      }
    }
  }
  if (o.padRight >= numFrac) {
    if (o.trim == Trim::DptZeros && numFrac == 0)
      buf += ' ';
    buf.append(size_t(o.padRight - numFrac), ' ');
  }
  if (o.padLeft > numWhole + hasSign)
    buf.insert(0, size_t(o.padLeft - numWhole - hasSign), ' ');
  return buf;
}

std::string formatScientific(const Decomposed &v, char sign, const Options &o) {
  std::string buf;
  int leftChars = 1 + (sign ? 1 : 0);
  if (o.padLeft > leftChars)
    buf.append(size_t(o.padLeft - leftChars), ' ');
  if (sign)
    buf += sign;
  DigitString ds = generateDigits(v, o.unique, /*fractional=*/false,
                                  o.precision < 0 ? -1 : o.precision + 1,
                                  o.minDigits < 0 ? -1 : o.minDigits + 1);
  buf += ds.digits[0];
  int numFrac = int(ds.digits.size()) - 1;
  if (numFrac > 0) {
    buf += '.';
    buf.append(ds.digits, 1);
  }
  if (o.trim != Trim::DptZeros && numFrac == 0)
    buf += '.';
  int addDigits = o.unique ? o.minDigits : o.precision;
  if (addDigits < 0)
    addDigits = 0;
  if (o.trim == Trim::LeaveOneZero) {
    if (numFrac == 0) {
      buf += '0';
      ++numFrac;
    }
  } else if (o.trim == Trim::Keep && addDigits > numFrac) {
    buf.append(size_t(addDigits - numFrac), '0');
    numFrac = addDigits;
  }
  if (o.trim != Trim::Keep && numFrac > 0) {
    while (buf.back() == '0') {
      buf.pop_back();
      --numFrac;
    }
    if (o.trim == Trim::LeaveOneZero && buf.back() == '.') {
      buf += '0';
      ++numFrac;
    }
  }
  int e = ds.exp10;
  buf += 'e';
  buf += e >= 0 ? '+' : '-';
  if (e < 0)
    e = -e;
  std::string expDigits = std::to_string(e);
  int minExp = o.expDigits < 0 ? 2 : (o.expDigits > 5 ? 5 : o.expDigits);
  if (int(expDigits.size()) < minExp)
    buf.append(size_t(minExp) - expDigits.size(), '0');
  buf += expDigits;
  return buf;
}

} // namespace

std::string dragon4(uint64_t bits, FloatKind kind, const Options &opts) {
  Decomposed v = decompose(bits, kind);
  char sign = v.negative ? '-' : (opts.sign ? '+' : 0);
  if (v.isNan)
    return "nan";
  if (v.isInf)
    return sign ? std::string(1, sign) + "inf" : "inf";
  return opts.scientific ? formatScientific(v, sign, opts)
                         : formatPositional(v, sign, opts);
}

std::string numpyScalarStr(uint64_t bits, FloatKind kind) {
  long double absval, maxPositional;
  switch (kind) {
  case FloatKind::F16:
    absval = std::fabs(halfToFloat(uint16_t(bits)));
    maxPositional = 1e3L;
    break;
  case FloatKind::F32:
    absval = std::fabs(bitsToFloat(uint32_t(bits)));
    maxPositional = 1e6L;
    break;
  default:
    absval = std::fabs(std::bit_cast<double>(bits));
    maxPositional = 1e16L;
    break;
  }
  bool positional = std::isnan(absval) || absval == 0 ||
                    (absval < maxPositional && absval >= 1e-4L);
  Options o;
  o.fractional = false; // CutoffMode_TotalLength (no cutoff is given)
  o.scientific = !positional;
  o.trim = positional ? Trim::LeaveOneZero : Trim::DptZeros;
  return dragon4(bits, kind, o);
}

std::string bfloat16Str(uint16_t bits) {
  float f = bf16ToFloat(bits);
  if (std::isnan(f))
    return "nan";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", double(f));
  return buf;
}

} // namespace parax::frontend::floatfmt
