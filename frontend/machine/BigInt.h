//===- BigInt.h - Python ints beyond int64 ----------------------*- C++ -*-===//
//
// Python ints never overflow. parax keeps an int inline as int64 (the fast
// path every loop counter takes) and moves to a BigInt, a sign and a
// magnitude in base-2^32 limbs, only when a result leaves int64's range;
// a BigInt result that fits int64 again becomes an inline int, so a
// Value::Kind::BigInt is always outside [INT64_MIN, INT64_MAX].
//
// The arithmetic follows Python: floor division and modulo, shifts and
// bitwise operators on the infinite two's complement form, conversion to
// float correctly rounded (OverflowError past the float range), hashes
// modulo 2^61 - 1 as CPython's.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/machine/NameMap.h"
#include "frontend/machine/Value.h"
#include "frontend/syntax/Ast.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace parax::frontend {

class BigInt {
public:
  BigInt() = default;
  BigInt(int64_t v); // NOLINT: ints convert implicitly
  static BigInt fromUnsigned(uint64_t v);
  /// Digits in `base` (2..36), optional sign, no prefix or '_'; nullopt
  /// when malformed.
  static std::optional<BigInt> parse(std::string_view digits, int base);
  /// The integral value of a finite double (truncated toward zero).
  static BigInt fromDouble(double d);

  bool isZero() const { return mag_.empty(); }
  bool isNegative() const { return neg_; }
  bool fitsInt64() const;
  int64_t toInt64() const; ///< Only when fitsInt64().
  /// Correctly rounded (half to even); false when beyond the float range.
  bool toDouble(double &out) const;
  std::string toString(int base = 10, bool upper = false) const;
  /// Number of bits of |x| (int.bit_length()).
  int64_t bitLength() const;
  int64_t bitCount() const;
  /// CPython's hash (|x| mod 2^61 - 1 with x's sign; -1 becomes -2).
  int64_t hash() const;

  static int compare(const BigInt &a, const BigInt &b);
  /// Exact comparison with a finite double: -1, 0 or 1.
  static int compareDouble(const BigInt &a, double d);

  friend BigInt operator+(const BigInt &a, const BigInt &b);
  friend BigInt operator-(const BigInt &a, const BigInt &b);
  friend BigInt operator*(const BigInt &a, const BigInt &b);
  BigInt operator-() const;
  /// Floor division and modulo (Python's //, %); b must not be zero.
  static void divMod(const BigInt &a, const BigInt &b, BigInt &q, BigInt &r);
  /// a ** e for e >= 0.
  static BigInt pow(const BigInt &a, uint64_t e);
  /// (a ** e) % m for e >= 0, m != 0 (Python's sign of the result).
  static BigInt powMod(const BigInt &a, const BigInt &e, const BigInt &m);
  BigInt shiftLeft(uint64_t n) const;
  BigInt shiftRight(uint64_t n) const; ///< floor(x / 2^n)
  friend BigInt operator&(const BigInt &a, const BigInt &b);
  friend BigInt operator|(const BigInt &a, const BigInt &b);
  friend BigInt operator^(const BigInt &a, const BigInt &b);
  BigInt operator~() const { return -*this - BigInt(1); }
  static BigInt gcd(BigInt a, BigInt b);
  /// floor(sqrt(x)) for x >= 0.
  static BigInt isqrt(const BigInt &x);
  /// The magnitude as little- or big-endian bytes of `length`; false when
  /// it does not fit (x must be non-negative; signed forms are built on it).
  const std::vector<uint32_t> &limbs() const { return mag_; }
  static BigInt fromLimbs(std::vector<uint32_t> limbs, bool negative);

private:
  void trim();
  bool neg_ = false;
  std::vector<uint32_t> mag_; ///< little-endian, no leading zero limbs
};

/// A BigInt value on the heap, charged to the host-memory budget.
struct BigIntObj : Object {
  BigInt v;
  explicit BigIntObj(BigInt b);

private:
  HostCharge charge_;
};

/// The Python int for `b`: inline when it fits int64, else Kind::BigInt.
Value intValue(BigInt b);
/// bool, int or BigInt.
inline bool isPyInt(const Value &v) { return v.isInt() || v.isBool() || v.isBigInt(); }
/// The BigInt of a bool, int or BigInt.
BigInt toBigInt(const Value &v);
const BigInt &bigOf(const Value &v);

/// a op b for two Python floats (Operators.cpp; the float half of int,
/// float and BigInt arithmetic); nullopt for an operator floats lack.
std::optional<Value> floatBinary(BinOpKind op, double x, double y);
/// Python's binary operator on two ints (at least one a BigInt, or an int64
/// result that overflowed) or an int and a float. Raises as Python does.
Value bigBinary(BinOpKind op, const Value &a, const Value &b);
/// -1, 0 or 1 for two Python numbers of which one is a BigInt (floats
/// compare exactly); `unordered` is set for NaN.
int compareBigNumbers(const Value &a, const Value &b, bool &unordered);
/// float(x) for an int: OverflowError "int too large to convert to float".
double intToDouble(const Value &v);
/// The decimal digits of an int (str/repr).
std::string intToString(const Value &v);
/// int(text, base) with Python's rules (sign, whitespace, '_', prefixes
/// with base 0); ValueError naming the text when malformed.
Value parseIntText(const std::string &text, int64_t base);
/// int(d) for a finite float.
Value intFromDouble(double d);
/// format(x, spec) for a BigInt (int64 ints use applyFormatSpec).
std::string formatBigInt(const BigInt &v, const std::string &spec);
/// round(x, -digits) for an int: to a multiple of 10^digits, ties to even.
Value roundIntToTens(const Value &x, int64_t digits);
/// JAX refuses an int beyond int32 ("Python int ... too large to convert
/// to int32"): for a BigInt reaching an array operation.
[[noreturn]] void raiseIntTooLargeForJax(const Value &v);

class Evaluator;
/// pow (with a modulus), hex, bin, oct, chr, ord and the int methods'
/// class-level forms (NumberBuiltins.cpp).
void installNumberBuiltins(Evaluator &ev, NameMap<Value> &b);
/// x.bit_length(), x.to_bytes(...), ... on an int; None if no such name.
Value intMethod(Evaluator &ev, const Value &self, const std::string &name);

} // namespace parax::frontend
