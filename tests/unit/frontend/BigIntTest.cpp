// Python's unbounded ints (machine/BigInt.h): the arithmetic and
// conversions against values CPython computes.
#include "frontend/machine/BigInt.h"
#include "frontend/machine/Hashing.h"

#include <gtest/gtest.h>

using namespace parax::frontend;

namespace {
BigInt big(const char *digits) { return *BigInt::parse(digits, 10); }
std::string dec(const BigInt &b) { return b.toString(); }
} // namespace

TEST(BigInt, ParsesAndPrintsInEveryBase) {
  EXPECT_EQ(dec(big("-123456789012345678901234567890")), "-123456789012345678901234567890");
  EXPECT_EQ(BigInt::parse("ff", 16)->toString(10), "255");
  EXPECT_EQ(BigInt::pow(BigInt(3), 100).toString(16), "5a4653ca673768565b41f775d6947d55cf3813d1");
  EXPECT_EQ(BigInt(0).toString(2), "0");
  EXPECT_FALSE(BigInt::parse("12z", 10).has_value());
  EXPECT_FALSE(BigInt::parse("-", 10).has_value());
}

TEST(BigInt, ArithmeticMatchesCPython) {
  BigInt a = BigInt::pow(BigInt(3), 100), b = -BigInt::pow(BigInt(7), 40);
  EXPECT_EQ(dec(a * b), "-3281308568039581748395642480093966474338060004992194607013785124859301780174746001");
  BigInt q, r;
  BigInt::divMod(a, b, q, r); // floor division: the remainder takes b's sign
  EXPECT_EQ(dec(q), "-80947580322983");
  EXPECT_EQ(dec(r), "-3109637263136400250631737457992982");
  BigInt::divMod(-a, BigInt(12345678901234567), q, r);
  EXPECT_EQ(dec(q), "-41745579555003136856408890733925");
  EXPECT_EQ(dec(r), "8268987102063474");
  EXPECT_EQ(dec(a - a), "0");
  EXPECT_FALSE((a - a).isNegative());
}

TEST(BigInt, BitOperationsUseInfiniteTwosComplement) {
  BigInt a = BigInt::pow(BigInt(3), 100), b = -BigInt::pow(BigInt(7), 40);
  EXPECT_EQ(dec(a ^ b), "-515377520732005680473521937301565619873662329362");
  EXPECT_EQ(dec(a & b), "515377520732005322352111079019600575570315313681");
  EXPECT_EQ(dec(a | b), "-358121410858281965044303347015681");
  EXPECT_EQ(dec(a.shiftRight(37)), "3749864996149054284880266130244281322");
  EXPECT_EQ(dec(b.shiftRight(37)), "-46324608854112942832155"); // floor
  EXPECT_EQ(dec(b.shiftLeft(5)), "-203737784349088895543725924455168032");
  EXPECT_EQ(dec(~BigInt(0)), "-1");
}

TEST(BigInt, ConvertsToFloatRoundingHalfToEven) {
  double d = 0;
  ASSERT_TRUE(BigInt::pow(BigInt(2), 64).toDouble(d));
  EXPECT_EQ(d, 18446744073709551616.0);
  ASSERT_TRUE((BigInt::pow(BigInt(2), 53) + BigInt(1)).toDouble(d));
  EXPECT_EQ(d, 9007199254740992.0); // a tie rounds to even
  ASSERT_TRUE((BigInt::pow(BigInt(2), 54) + BigInt(3)).toDouble(d));
  EXPECT_EQ(d, 18014398509481988.0);
  ASSERT_TRUE((-BigInt::pow(BigInt(2), 1000)).toDouble(d));
  EXPECT_EQ(d, -1.0715086071862673e+301);
  EXPECT_FALSE(BigInt::pow(BigInt(2), 1024).toDouble(d));
  EXPECT_EQ(BigInt::compareDouble(BigInt::pow(BigInt(2), 1024), 1.7976931348623157e308), 1);
  EXPECT_EQ(BigInt::compareDouble(BigInt::pow(BigInt(2), 53) + BigInt(1), 9007199254740992.0), 1);
  EXPECT_EQ(BigInt::compareDouble(BigInt(-3), -2.5), -1);
}

TEST(BigInt, NumberTheory) {
  BigInt a = BigInt::pow(BigInt(3), 100);
  EXPECT_EQ(dec(BigInt::isqrt(a)), "717897987691852588770249");
  EXPECT_EQ(dec(BigInt::gcd(a, BigInt::pow(BigInt(3), 40) * BigInt(2))), "12157665459056928801");
  EXPECT_EQ(dec(BigInt::powMod(a, BigInt(12345), BigInt(1000000007))), "742709011");
  EXPECT_EQ(a.bitLength(), 159);
}

TEST(BigInt, ValuesStayInlineWhenTheyFitInt64) {
  EXPECT_TRUE(intValue(BigInt(INT64_MAX)).isInt());
  EXPECT_TRUE(intValue(BigInt(INT64_MIN)).isInt());
  EXPECT_TRUE(intValue(BigInt(INT64_MAX) + BigInt(1)).isBigInt());
  EXPECT_TRUE(intValue(BigInt(INT64_MIN) - BigInt(1)).isBigInt());
}

TEST(Hashing, MatchesCPythonWithHashSeedZero) {
  // Values printed by CPython 3.11 run with PYTHONHASHSEED=0.
  EXPECT_EQ(strHash(""), 0);
  EXPECT_EQ(strHash("a"), 4644417185603328019);
  EXPECT_EQ(strHash("abc"), -4594863902769663758);
  EXPECT_EQ(strHash("hello world"), -5642461784034726774);
  EXPECT_EQ(strHash("abcdefgh"), 4574395652268504554);
  EXPECT_EQ(strHash("abcdefghijklmnop"), -7712962755478248686);
  EXPECT_EQ(strHash("\xc3\xa9"), 6047309291227476195);                       // é (1-byte kind)
  EXPECT_EQ(strHash("na\xc3\xafve caf\xc3\xa9"), -3140414782110216922);      // naïve café
  EXPECT_EQ(strHash("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e"), 7116994712188270); // 日本語 (2-byte)
  EXPECT_EQ(strHash("\xf0\x9f\x99\x82"), -3580763040787020986);              // 🙂 (4-byte)
  EXPECT_EQ(bytesHash("abc"), -4594863902769663758);
  EXPECT_EQ(BigInt::pow(BigInt(2), 100).hash(), 549755813888);
  EXPECT_EQ((-BigInt::pow(BigInt(2), 100)).hash(), -549755813888);
}
