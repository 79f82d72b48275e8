//===- BigInt.cpp - Python ints beyond int64 ------------------------------===//
#include "frontend/machine/BigInt.h"
#include "frontend/format/FormatSpec.h"
#include "frontend/machine/Builtins.h"
#include "frontend/machine/Evaluator.h"
#include "frontend/machine/Hashing.h"
#include "ir/Diagnostics.h"
#include "runtime/BackendStop.h"

#include <algorithm>
#include <cmath>

namespace parax::frontend {

//===----------------------------------------------------------------------===//
// Magnitude arithmetic (little-endian base-2^32 limbs)
//===----------------------------------------------------------------------===//
namespace {
using Limbs = std::vector<uint32_t>;

void trimLimbs(Limbs &a) {
  while (!a.empty() && a.back() == 0)
    a.pop_back();
}

int cmpMag(const Limbs &a, const Limbs &b) {
  if (a.size() != b.size())
    return a.size() < b.size() ? -1 : 1;
  for (size_t i = a.size(); i-- > 0;)
    if (a[i] != b[i])
      return a[i] < b[i] ? -1 : 1;
  return 0;
}

Limbs addMag(const Limbs &a, const Limbs &b) {
  const Limbs &x = a.size() >= b.size() ? a : b, &y = a.size() >= b.size() ? b : a;
  Limbs r(x.size() + 1);
  uint64_t carry = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    carry += uint64_t(x[i]) + (i < y.size() ? y[i] : 0);
    r[i] = uint32_t(carry);
    carry >>= 32;
  }
  r[x.size()] = uint32_t(carry);
  trimLimbs(r);
  return r;
}

/// a - b for |a| >= |b|.
Limbs subMag(const Limbs &a, const Limbs &b) {
  Limbs r(a.size());
  int64_t borrow = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    int64_t d = int64_t(a[i]) - (i < b.size() ? int64_t(b[i]) : 0) - borrow;
    borrow = d < 0;
    r[i] = uint32_t(d + (borrow ? (int64_t(1) << 32) : 0));
  }
  trimLimbs(r);
  return r;
}

/// Long operations on huge ints poll the running program's stop flag, so
/// Ctrl-C and --timeout interrupt them.
void pollStop() {
  if (Evaluator *ev = currentEvaluator())
    if (const runtime::StopFlag *stop = ev->options().stop)
      stop->check(Loc{});
}

Limbs schoolbookMul(const Limbs &a, const Limbs &b);

/// r += x << (32 * shift), r long enough.
void addShifted(Limbs &r, const Limbs &x, size_t shift) {
  uint64_t carry = 0;
  size_t i = 0;
  for (; i < x.size(); ++i) {
    uint64_t t = uint64_t(r[i + shift]) + x[i] + carry;
    r[i + shift] = uint32_t(t);
    carry = t >> 32;
  }
  for (size_t k = i + shift; carry; ++k) {
    uint64_t t = uint64_t(r[k]) + carry;
    r[k] = uint32_t(t);
    carry = t >> 32;
  }
}

/// Karatsuba above a few dozen limbs: 3**(10**7) squares in seconds, not hours.
Limbs mulMag(const Limbs &a, const Limbs &b) {
  constexpr size_t kKaratsuba = 48;
  if (a.size() < kKaratsuba || b.size() < kKaratsuba)
    return schoolbookMul(a, b);
  pollStop();
  size_t h = std::max(a.size(), b.size()) / 2;
  auto low = [h](const Limbs &x) {
    Limbs r(x.begin(), x.begin() + std::min(h, x.size()));
    trimLimbs(r);
    return r;
  };
  auto high = [h](const Limbs &x) {
    return x.size() > h ? Limbs(x.begin() + h, x.end()) : Limbs{};
  };
  Limbs a0 = low(a), a1 = high(a), b0 = low(b), b1 = high(b);
  Limbs z0 = mulMag(a0, b0), z2 = mulMag(a1, b1);
  Limbs z1 = mulMag(addMag(a0, a1), addMag(b0, b1));
  z1 = subMag(subMag(z1, z0), z2);
  Limbs r(a.size() + b.size() + 1, 0);
  addShifted(r, z0, 0);
  addShifted(r, z1, h);
  addShifted(r, z2, 2 * h);
  trimLimbs(r);
  return r;
}

Limbs schoolbookMul(const Limbs &a, const Limbs &b) {
  if (a.empty() || b.empty())
    return {};
  Limbs r(a.size() + b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    uint64_t carry = 0, ai = a[i];
    if (!ai)
      continue;
    for (size_t j = 0; j < b.size(); ++j) {
      uint64_t t = ai * b[j] + r[i + j] + carry;
      r[i + j] = uint32_t(t);
      carry = t >> 32;
    }
    for (size_t k = i + b.size(); carry; ++k) {
      uint64_t t = uint64_t(r[k]) + carry;
      r[k] = uint32_t(t);
      carry = t >> 32;
    }
  }
  trimLimbs(r);
  return r;
}

/// a = a * m + add, in place.
void mulAddSmall(Limbs &a, uint32_t m, uint32_t add) {
  uint64_t carry = add;
  for (uint32_t &l : a) {
    uint64_t t = uint64_t(l) * m + carry;
    l = uint32_t(t);
    carry = t >> 32;
  }
  if (carry)
    a.push_back(uint32_t(carry));
}

/// a /= d in place; returns the remainder.
uint32_t divSmall(Limbs &a, uint32_t d) {
  uint64_t rem = 0;
  for (size_t i = a.size(); i-- > 0;) {
    uint64_t cur = (rem << 32) | a[i];
    a[i] = uint32_t(cur / d);
    rem = cur % d;
  }
  trimLimbs(a);
  return uint32_t(rem);
}

/// Knuth's algorithm D: q = a / b, r = a % b for magnitudes, b non-empty.
void divModMag(const Limbs &a, const Limbs &b, Limbs &q, Limbs &r) {
  if (cmpMag(a, b) < 0) {
    q.clear();
    r = a;
    return;
  }
  if (b.size() == 1) {
    q = a;
    uint32_t rem = divSmall(q, b[0]);
    r.clear();
    if (rem)
      r.push_back(rem);
    return;
  }
  // Normalise so the divisor's top limb has its high bit set.
  int s = __builtin_clz(b.back());
  auto shl = [s](const Limbs &x, size_t extra) {
    Limbs y(x.size() + extra, 0);
    for (size_t i = 0; i < x.size(); ++i) {
      uint64_t v = uint64_t(x[i]) << s;
      y[i] |= uint32_t(v);
      if (i + 1 < y.size())
        y[i + 1] |= uint32_t(v >> 32);
    }
    return y;
  };
  Limbs v = shl(b, 0);
  Limbs u = shl(a, 1);
  size_t n = v.size(), m = a.size() - n;
  q.assign(m + 1, 0);
  const uint64_t base = uint64_t(1) << 32;
  for (size_t j = m + 1; j-- > 0;) {
    if ((j & 4095) == 0)
      pollStop();
    uint64_t num = (uint64_t(u[j + n]) << 32) | u[j + n - 1];
    uint64_t qhat = num / v[n - 1], rhat = num % v[n - 1];
    while (qhat >= base || qhat * v[n - 2] > ((rhat << 32) | u[j + n - 2])) {
      --qhat;
      rhat += v[n - 1];
      if (rhat >= base)
        break;
    }
    // u[j..j+n] -= qhat * v
    int64_t borrow = 0;
    uint64_t carry = 0;
    for (size_t i = 0; i < n; ++i) {
      uint64_t p = qhat * v[i] + carry;
      carry = p >> 32;
      int64_t t = int64_t(u[i + j]) - borrow - int64_t(uint32_t(p));
      borrow = t < 0;
      u[i + j] = uint32_t(t + (borrow ? int64_t(base) : 0));
    }
    int64_t t = int64_t(u[j + n]) - borrow - int64_t(carry);
    borrow = t < 0;
    u[j + n] = uint32_t(t + (borrow ? int64_t(base) : 0));
    if (borrow) { // qhat was one too large: add v back
      --qhat;
      uint64_t c = 0;
      for (size_t i = 0; i < n; ++i) {
        uint64_t sum = uint64_t(u[i + j]) + v[i] + c;
        u[i + j] = uint32_t(sum);
        c = sum >> 32;
      }
      u[j + n] = uint32_t(uint64_t(u[j + n]) + c);
    }
    q[j] = uint32_t(qhat);
  }
  trimLimbs(q);
  // Remainder: u[0..n) >> s
  r.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    uint64_t lo = u[i] >> s;
    uint64_t hi = s && i + 1 < u.size() ? (uint64_t(u[i + 1]) << (32 - s)) : 0;
    r[i] = uint32_t(lo | hi);
  }
  trimLimbs(r);
}

/// Two's complement limbs of x, `n` limbs long (n covers |x| plus a sign).
Limbs toTwos(const Limbs &mag, bool neg, size_t n) {
  Limbs r(n, 0);
  std::copy(mag.begin(), mag.end(), r.begin());
  if (neg) {
    uint64_t carry = 1;
    for (uint32_t &l : r) {
      uint64_t t = uint64_t(uint32_t(~l)) + carry;
      l = uint32_t(t);
      carry = t >> 32;
    }
  }
  return r;
}

BigInt fromTwos(Limbs r) {
  bool neg = !r.empty() && (r.back() & 0x80000000u);
  if (neg) {
    uint64_t carry = 1;
    for (uint32_t &l : r) {
      uint64_t t = uint64_t(uint32_t(~l)) + carry;
      l = uint32_t(t);
      carry = t >> 32;
    }
  }
  return BigInt::fromLimbs(std::move(r), neg);
}

enum class BitOp { And, Or, Xor };
BigInt bitwise(const BigInt &a, const BigInt &b, BitOp op) {
  size_t n = std::max(a.limbs().size(), b.limbs().size()) + 1;
  Limbs x = toTwos(a.limbs(), a.isNegative(), n), y = toTwos(b.limbs(), b.isNegative(), n);
  for (size_t i = 0; i < n; ++i)
    x[i] = op == BitOp::And ? x[i] & y[i] : op == BitOp::Or ? x[i] | y[i] : x[i] ^ y[i];
  return fromTwos(std::move(x));
}
} // namespace

//===----------------------------------------------------------------------===//
// BigInt
//===----------------------------------------------------------------------===//
BigInt::BigInt(int64_t v) {
  neg_ = v < 0;
  uint64_t m = neg_ ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  while (m) {
    mag_.push_back(uint32_t(m));
    m >>= 32;
  }
}

BigInt BigInt::fromUnsigned(uint64_t v) {
  BigInt r;
  while (v) {
    r.mag_.push_back(uint32_t(v));
    v >>= 32;
  }
  return r;
}

BigInt BigInt::fromLimbs(std::vector<uint32_t> limbs, bool negative) {
  BigInt r;
  r.mag_ = std::move(limbs);
  r.neg_ = negative;
  r.trim();
  return r;
}

void BigInt::trim() {
  trimLimbs(mag_);
  if (mag_.empty())
    neg_ = false;
}

std::optional<BigInt> BigInt::parse(std::string_view s, int base) {
  bool neg = false;
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-'))
    neg = s[i++] == '-';
  if (i == s.size())
    return std::nullopt;
  BigInt r;
  // Chunks of digits that fit one limb multiply in at once.
  uint32_t chunkMul = 1, chunk = 0;
  for (; i < s.size(); ++i) {
    char c = s[i];
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'z' ? c - 'a' + 10
            : c >= 'A' && c <= 'Z' ? c - 'A' + 10
                                   : 99;
    if (d >= base)
      return std::nullopt;
    if (uint64_t(chunkMul) * uint64_t(base) > 0xffffffffull) {
      mulAddSmall(r.mag_, chunkMul, chunk);
      chunkMul = 1;
      chunk = 0;
    }
    chunkMul *= uint32_t(base);
    chunk = chunk * uint32_t(base) + uint32_t(d);
  }
  mulAddSmall(r.mag_, chunkMul, chunk);
  r.neg_ = neg;
  r.trim();
  return r;
}

BigInt BigInt::fromDouble(double d) {
  d = std::trunc(d);
  bool neg = d < 0;
  d = std::fabs(d);
  int e;
  double m = std::frexp(d, &e); // d = m * 2^e, 0.5 <= m < 1
  if (d == 0)
    return BigInt();
  uint64_t mant = uint64_t(std::ldexp(m, 53));
  BigInt r = fromUnsigned(mant);
  r = e >= 53 ? r.shiftLeft(uint64_t(e - 53)) : r.shiftRight(uint64_t(53 - e));
  return neg ? -r : r;
}

bool BigInt::fitsInt64() const {
  if (mag_.size() > 2)
    return false;
  uint64_t m = mag_.empty() ? 0 : mag_[0] | (mag_.size() > 1 ? uint64_t(mag_[1]) << 32 : 0);
  return neg_ ? m <= (uint64_t(1) << 63) : m < (uint64_t(1) << 63);
}

int64_t BigInt::toInt64() const {
  uint64_t m = mag_.empty() ? 0 : mag_[0] | (mag_.size() > 1 ? uint64_t(mag_[1]) << 32 : 0);
  return neg_ ? int64_t(uint64_t(0) - m) : int64_t(m);
}

int64_t BigInt::bitLength() const {
  if (mag_.empty())
    return 0;
  return int64_t(mag_.size() - 1) * 32 + (32 - __builtin_clz(mag_.back()));
}

int64_t BigInt::bitCount() const {
  int64_t n = 0;
  for (uint32_t l : mag_)
    n += __builtin_popcount(l);
  return n;
}

bool BigInt::toDouble(double &out) const {
  int64_t len = bitLength();
  if (len > 1024) {
    return false;
  }
  double r;
  if (len <= 64) {
    uint64_t m = mag_.empty() ? 0 : mag_[0] | (mag_.size() > 1 ? uint64_t(mag_[1]) << 32 : 0);
    r = double(m); // the hardware rounds half to even
  } else {
    // The top 64 bits with every lower bit folded into the last one (a
    // sticky bit): rounding that to 53 bits rounds the whole value.
    BigInt top = BigInt::fromLimbs(mag_, false).shiftRight(uint64_t(len - 64));
    uint64_t m = top.mag_[0] | (uint64_t(top.mag_[1]) << 32);
    bool sticky = false;
    uint64_t cut = uint64_t(len - 64);
    for (size_t i = 0; i < cut / 32 && !sticky; ++i)
      sticky = mag_[i] != 0;
    if (!sticky && cut % 32)
      sticky = (mag_[cut / 32] & ((1u << (cut % 32)) - 1)) != 0;
    r = std::ldexp(double(m | (sticky ? 1 : 0)), int(len - 64));
  }
  if (std::isinf(r))
    return false;
  out = neg_ ? -r : r;
  return true;
}

std::string BigInt::toString(int base, bool upper) const {
  if (mag_.empty())
    return "0";
  const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string s;
  if (base == 2 || base == 8 || base == 16) {
    int bits = base == 2 ? 1 : base == 8 ? 3 : 4;
    int64_t len = bitLength();
    for (int64_t pos = 0; pos < len; pos += bits) {
      uint32_t d = 0;
      for (int k = 0; k < bits && pos + k < len; ++k)
        d |= ((mag_[size_t((pos + k) / 32)] >> ((pos + k) % 32)) & 1u) << k;
      s += digits[d];
    }
  } else {
    // Nine decimal digits per division by 10^9.
    HostMemory::require(int64_t(mag_.size()) * 10, "the digits of an int");
    Limbs m = mag_;
    size_t rounds = 0;
    while (!m.empty()) {
      if ((++rounds & 1023) == 0)
        pollStop();
      uint32_t chunk = divSmall(m, 1000000000u);
      for (int k = 0; k < 9; ++k) {
        s += char('0' + chunk % 10);
        chunk /= 10;
        if (m.empty() && chunk == 0)
          break;
      }
    }
    while (s.size() > 1 && s.back() == '0')
      s.pop_back();
  }
  if (neg_)
    s += '-';
  std::reverse(s.begin(), s.end());
  return s;
}

int64_t BigInt::hash() const {
  constexpr uint64_t kModulus = (uint64_t(1) << 61) - 1;
  unsigned __int128 x = 0;
  for (size_t i = mag_.size(); i-- > 0;)
    x = ((x << 32) | mag_[i]) % kModulus;
  int64_t h = int64_t(uint64_t(x));
  if (neg_)
    h = -h;
  return h == -1 ? -2 : h;
}

int BigInt::compare(const BigInt &a, const BigInt &b) {
  if (a.neg_ != b.neg_)
    return a.neg_ ? -1 : 1;
  int c = cmpMag(a.mag_, b.mag_);
  return a.neg_ ? -c : c;
}

int BigInt::compareDouble(const BigInt &a, double d) {
  if (std::isinf(d))
    return d > 0 ? -1 : 1;
  double t = std::trunc(d);
  int c = compare(a, fromDouble(t));
  if (c != 0)
    return c;
  return d > t ? -1 : d < t ? 1 : 0;
}

BigInt operator+(const BigInt &a, const BigInt &b) {
  BigInt r;
  if (a.neg_ == b.neg_) {
    r.mag_ = addMag(a.mag_, b.mag_);
    r.neg_ = a.neg_;
  } else if (cmpMag(a.mag_, b.mag_) >= 0) {
    r.mag_ = subMag(a.mag_, b.mag_);
    r.neg_ = a.neg_;
  } else {
    r.mag_ = subMag(b.mag_, a.mag_);
    r.neg_ = b.neg_;
  }
  r.trim();
  return r;
}

BigInt BigInt::operator-() const {
  BigInt r = *this;
  r.neg_ = !neg_;
  r.trim();
  return r;
}

BigInt operator-(const BigInt &a, const BigInt &b) { return a + (-b); }

BigInt operator*(const BigInt &a, const BigInt &b) {
  HostMemory::require(int64_t(a.mag_.size() + b.mag_.size()) * 4, "an int");
  BigInt r;
  r.mag_ = mulMag(a.mag_, b.mag_);
  r.neg_ = a.neg_ != b.neg_;
  r.trim();
  return r;
}

void BigInt::divMod(const BigInt &a, const BigInt &b, BigInt &q, BigInt &r) {
  Limbs qm, rm;
  divModMag(a.mag_, b.mag_, qm, rm);
  q = fromLimbs(std::move(qm), a.neg_ != b.neg_);
  r = fromLimbs(std::move(rm), a.neg_);
  // Truncated to floored: when the signs differ and there is a remainder.
  if (!r.isZero() && a.neg_ != b.neg_) {
    q = q - BigInt(1);
    r = r + b;
  }
}

BigInt BigInt::pow(const BigInt &a, uint64_t e) {
  // The result's size is known up front: refuse before computing it.
  double bits = double(a.bitLength()) * double(e);
  if (bits > 8.0 * 1e12)
    HostMemory::require(INT64_MAX, "an int");
  HostMemory::require(int64_t(bits / 8) * 3, "an int");
  BigInt r(1), base = a;
  while (e) {
    if (e & 1)
      r = r * base;
    e >>= 1;
    if (e)
      base = base * base;
  }
  return r;
}

BigInt BigInt::powMod(const BigInt &a, const BigInt &e, const BigInt &m) {
  BigInt q, base, r(1);
  divMod(a, m, q, base);
  int64_t bits = e.bitLength();
  for (int64_t i = bits; i-- > 0;) {
    divMod(r * r, m, q, r);
    if ((e.mag_[size_t(i / 32)] >> (i % 32)) & 1u)
      divMod(r * base, m, q, r);
  }
  divMod(r, m, q, r); // e == 0: 1 % m
  return r;
}

BigInt BigInt::shiftLeft(uint64_t n) const {
  if (mag_.empty())
    return *this;
  HostMemory::require(int64_t(mag_.size() * 4 + n / 8), "an int");
  size_t limbs = size_t(n / 32);
  int bits = int(n % 32);
  Limbs r(limbs + mag_.size() + 1, 0);
  for (size_t i = 0; i < mag_.size(); ++i) {
    uint64_t v = uint64_t(mag_[i]) << bits;
    r[i + limbs] |= uint32_t(v);
    r[i + limbs + 1] |= uint32_t(v >> 32);
  }
  return fromLimbs(std::move(r), neg_);
}

BigInt BigInt::shiftRight(uint64_t n) const {
  if (neg_) // floor: -((|x| - 1) >> n) - 1
    return -((-*this - BigInt(1)).shiftRight(n)) - BigInt(1);
  size_t limbs = size_t(n / 32);
  if (limbs >= mag_.size())
    return BigInt();
  int bits = int(n % 32);
  Limbs r(mag_.size() - limbs);
  for (size_t i = 0; i < r.size(); ++i) {
    uint64_t lo = mag_[i + limbs] >> bits;
    uint64_t hi = bits && i + limbs + 1 < mag_.size()
                      ? uint64_t(mag_[i + limbs + 1]) << (32 - bits)
                      : 0;
    r[i] = uint32_t(lo | hi);
  }
  return fromLimbs(std::move(r), false);
}

BigInt operator&(const BigInt &a, const BigInt &b) { return bitwise(a, b, BitOp::And); }
BigInt operator|(const BigInt &a, const BigInt &b) { return bitwise(a, b, BitOp::Or); }
BigInt operator^(const BigInt &a, const BigInt &b) { return bitwise(a, b, BitOp::Xor); }

BigInt BigInt::gcd(BigInt a, BigInt b) {
  a.neg_ = b.neg_ = false;
  while (!b.isZero()) {
    BigInt q, r;
    divMod(a, b, q, r);
    a = std::move(b);
    b = std::move(r);
  }
  return a;
}

BigInt BigInt::isqrt(const BigInt &x) {
  if (x.isZero())
    return x;
  // Newton's iteration from a power of two above the root.
  BigInt r = BigInt(1).shiftLeft(uint64_t((x.bitLength() + 1) / 2));
  for (;;) {
    BigInt q, rem;
    divMod(x, r, q, rem);
    BigInt next = (r + q).shiftRight(1);
    if (compare(next, r) >= 0)
      return r;
    r = std::move(next);
  }
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//
BigIntObj::BigIntObj(BigInt b) : v(std::move(b)) {
  charge_.update(64 + int64_t(v.limbs().capacity()) * 4, "an int");
}

Value intValue(BigInt b) {
  if (b.fitsInt64())
    return Value::integer(b.toInt64());
  return Value::object(Value::Kind::BigInt, std::make_shared<BigIntObj>(std::move(b)));
}

const BigInt &bigOf(const Value &v) { return v.as<BigIntObj>()->v; }

BigInt toBigInt(const Value &v) {
  if (v.isBigInt())
    return bigOf(v);
  return BigInt(v.asInt());
}

double intToDouble(const Value &v) {
  if (!v.isBigInt())
    return double(v.asInt());
  double d;
  if (!bigOf(v).toDouble(d))
    raise("OverflowError", "int too large to convert to float");
  return d;
}

std::string intToString(const Value &v) {
  if (!v.isBigInt())
    return std::to_string(v.asInt());
  // Python refuses decimal strings past 4300 digits (CVE-2020-10735).
  if (bigOf(v).bitLength() > 14000) {
    // 14300 bits have more than 4300 digits: refuse without converting.
    std::string s = bigOf(v).bitLength() > 14300 ? std::string(4302, '9') : bigOf(v).toString();
    if (s.size() - (s[0] == '-') > 4300)
      raise("ValueError", "Exceeds the limit (4300 digits) for integer string conversion; "
                          "use sys.set_int_max_str_digits() to increase the limit");
    return s;
  }
  return bigOf(v).toString();
}

int compareBigNumbers(const Value &a, const Value &b, bool &unordered) {
  unordered = false;
  if (a.isFloat() || b.isFloat()) {
    double d = a.isFloat() ? a.asFloat() : b.asFloat();
    if (std::isnan(d)) {
      unordered = true;
      return 0;
    }
    if (a.isFloat())
      return -BigInt::compareDouble(toBigInt(b), d);
    return BigInt::compareDouble(toBigInt(a), d);
  }
  return BigInt::compare(toBigInt(a), toBigInt(b));
}

namespace {
[[noreturn]] void unsupportedBig(const char *sym, const Value &a, const Value &b) {
  raise("TypeError", std::string("unsupported operand type(s) for ") + sym +
                         ": '" + typeName(a) + "' and '" + typeName(b) + "'");
}

/// int / int, correctly rounded as CPython's true division.
double trueDivide(const BigInt &a, const BigInt &b) {
  double x, y;
  if (a.toDouble(x) && b.toDouble(y) && a.bitLength() <= 53 && b.bitLength() <= 53)
    return x / y;
  // Scale so the quotient has 64+ significant bits, then round once.
  int64_t shift = a.bitLength() - b.bitLength() - 66;
  BigInt na = a, nb = b;
  if (shift > 0)
    nb = nb.shiftLeft(uint64_t(shift));
  else
    na = na.shiftLeft(uint64_t(-shift));
  BigInt q, r;
  BigInt::divMod(na.isNegative() ? -na : na, nb.isNegative() ? -nb : nb, q, r);
  if (!r.isZero())
    q = q | BigInt(1); // sticky bit
  double m;
  q.toDouble(m);
  if (shift > 1100)
    raise("OverflowError", "integer division result too large for a float");
  double res = std::ldexp(m, int(std::clamp<int64_t>(shift, -2000, 2000)));
  if (std::isinf(res))
    raise("OverflowError", "integer division result too large for a float");
  return (a.isNegative() != b.isNegative()) ? -res : res;
}
} // namespace

Value bigBinary(BinOpKind op, const Value &a, const Value &b) {
  static const char *syms[] = {"+", "-", "*", "/", "//", "%", "**", "@",
                               "&", "|", "^", "<<", ">>"};
  if (a.isFloat() || b.isFloat()) {
    // Mixed with a float: the int converts (OverflowError if it cannot).
    double x = a.isFloat() ? a.asFloat() : intToDouble(a);
    double y = b.isFloat() ? b.asFloat() : intToDouble(b);
    if (std::optional<Value> r = floatBinary(op, x, y))
      return *r;
    unsupportedBig(syms[int(op)], a, b);
  }
  BigInt x = toBigInt(a), y = toBigInt(b);
  switch (op) {
  case BinOpKind::Add: return intValue(x + y);
  case BinOpKind::Sub: return intValue(x - y);
  case BinOpKind::Mul: return intValue(x * y);
  case BinOpKind::Div:
    if (y.isZero())
      raise("ZeroDivisionError", "division by zero");
    return Value::floating(trueDivide(x, y));
  case BinOpKind::FloorDiv:
  case BinOpKind::Mod: {
    if (y.isZero())
      raise("ZeroDivisionError", op == BinOpKind::Mod ? "integer modulo by zero"
                                                      : "integer division or modulo by zero");
    BigInt q, r;
    BigInt::divMod(x, y, q, r);
    return intValue(op == BinOpKind::FloorDiv ? q : r);
  }
  case BinOpKind::Pow: {
    if (y.isNegative()) {
      if (x.isZero())
        raise("ZeroDivisionError", "0.0 cannot be raised to a negative power");
      return Value::floating(std::pow(intToDouble(a), intToDouble(b)));
    }
    if (!y.fitsInt64()) {
      // Only 0, 1 and -1 have such powers that fit anywhere.
      if (x.isZero() || BigInt::compare(x, BigInt(1)) == 0)
        return intValue(x);
      if (BigInt::compare(x, BigInt(-1)) == 0)
        return Value::integer((y.limbs()[0] & 1) ? -1 : 1);
      HostMemory::require(INT64_MAX, "an int");
    }
    return intValue(BigInt::pow(x, uint64_t(y.toInt64())));
  }
  case BinOpKind::BitAnd: return intValue(x & y);
  case BinOpKind::BitOr: return intValue(x | y);
  case BinOpKind::BitXor: return intValue(x ^ y);
  case BinOpKind::LShift:
  case BinOpKind::RShift:
    if (y.isNegative())
      raise("ValueError", "negative shift count");
    if (op == BinOpKind::RShift) {
      if (!y.fitsInt64() || y.toInt64() > x.bitLength())
        return Value::integer(x.isNegative() ? -1 : 0);
      return intValue(x.shiftRight(uint64_t(y.toInt64())));
    }
    if (x.isZero())
      return Value::integer(0);
    if (!y.fitsInt64())
      raise("OverflowError", "too many digits in integer");
    return intValue(x.shiftLeft(uint64_t(y.toInt64())));
  case BinOpKind::MatMul:
    break;
  }
  unsupportedBig(syms[int(op)], a, b);
}

Value parseIntText(const std::string &text, int64_t base) {
  auto bad = [&]() -> Value {
    raise("ValueError", "invalid literal for int() with base " + std::to_string(base) +
                            ": " + pyStrRepr(text));
  };
  if (base != 0 && (base < 2 || base > 36))
    raise("ValueError", "int() base must be >= 2 and <= 36, or 0");
  size_t b = 0, e = text.size();
  while (b < e && std::isspace((unsigned char)text[b]))
    ++b;
  while (e > b && std::isspace((unsigned char)text[e - 1]))
    --e;
  std::string s = text.substr(b, e - b);
  std::string sign;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    sign = s.substr(0, 1);
    s.erase(0, 1);
  }
  int realBase = int(base);
  auto prefixBase = [&](char c) {
    c = char(std::tolower((unsigned char)c));
    return c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
  };
  if (s.size() >= 2 && s[0] == '0' && prefixBase(s[1]) &&
      (base == 0 || base == prefixBase(s[1]))) {
    realBase = prefixBase(s[1]);
    s.erase(0, 2);
    if (!s.empty() && s[0] == '_') // 0x_ff
      s.erase(0, 1);
  } else if (base == 0) {
    realBase = 10;
    // Base 0: a decimal with leading zeros is only 0 itself.
    if (s.size() > 1 && s[0] == '0' && s.find_first_not_of("0_") != std::string::npos)
      return bad();
  }
  // Underscores only between digits.
  std::string digits;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '_') {
      if (i == 0 || i + 1 == s.size() || s[i + 1] == '_')
        return bad();
      continue;
    }
    digits += s[i];
  }
  if (digits.empty())
    return bad();
  // Python caps decimal conversions at 4300 digits (CVE-2020-10735).
  if (realBase == 10 && digits.size() > 4300)
    raise("ValueError", "Exceeds the limit (4300 digits) for integer string conversion: "
                        "value has " + std::to_string(digits.size()) +
                        " digits; use sys.set_int_max_str_digits() to increase the limit");
  auto r = BigInt::parse(sign + digits, realBase);
  if (!r)
    return bad();
  return intValue(std::move(*r));
}

Value intFromDouble(double d) {
  if (std::isnan(d))
    raise("ValueError", "cannot convert float NaN to integer");
  if (std::isinf(d))
    raise("OverflowError", "cannot convert float infinity to integer");
  if (std::fabs(d) < 9.2e18)
    return Value::integer(int64_t(d));
  return intValue(BigInt::fromDouble(d));
}

std::string formatBigInt(const BigInt &v, const std::string &spec) {
  BigInt mag = v.isNegative() ? -v : v;
  BigIntDigits d;
  d.negative = v.isNegative();
  d.digits = [mag](int base) { return mag.toString(base); };
  d.toDouble = [v]() {
    double x;
    if (!v.toDouble(x))
      raise("OverflowError", "int too large to convert to float");
    return x;
  };
  return applyFormatSpec({d}, spec);
}

} // namespace parax::frontend
