# Python ints never overflow: int64 results that do not fit become
# arbitrary-precision ints, with Python's arithmetic, printing, hashing,
# comparisons and conversions.
import math

print(2**100, -2**63 - 1, 2**63, 9223372036854775807 + 1, -9223372036854775808 - 1)
print(12345678901234567890123456789 * 98765432109876543210, 0xFFFFFFFFFFFFFFFFFFFF, 0o7777777777777777777777, 0b1 << 70)
x = 3**80
print(x, x // 7, x % 7, -x // 7, -x % 7, x // -7, divmod(x, 10**20), divmod(-x, 10**20))
print(x / 3**79, x / 7, 10**30 / 10**10, (2**200) / (3**100), 1 / 2**64)
print(x - x, x + 1 - x, (x * x) // x == x, x**2 % (10**9 + 7), -(x) == x * -1)
print(pow(3, 200, 1000), pow(2, 10**5, 10**9 + 7), pow(-7, 91, 13), pow(3, -1, 7), pow(5, 3, -7))
print(abs(-2**90), -(-2**90), +(2**90), ~(2**70), ~(-2**70), bool(2**90), not 2**90)
print((2**70) & (2**69 + 5), (-2**70) | 3, (2**70) ^ (2**70 - 1), -2**70 & 0xFFFF, (-2**70) >> 3, (2**70) >> 69, 1 << 100)
print(2**64 > 2**63, -2**64 < -2**63, 2**100 == 2.0**100, 2**100 + 1 > 2.0**100, 2**53 + 1 == 2.0**53)
print(2**100 < float("inf"), 10**400 > 1e308, -10**400 < -1e308, max(2**70, 3, 5.5), min(-2**70, 0), sorted([2**65, -1, 2**64, 3.5]))
print(float(2**100), float(-3**50), float(2**1023 * 3 // 2), int(1e20), int(-1.5e19), int(2.0**70))
print(hash(2**100), hash(-2**100), hash(2**61 - 1), hash(2**61), hash(-2**64), hash(10**30) == hash(float(10**30)) or True)
print(str(10**25), repr(-10**25), f"{2**70:,}", f"{2**70:_}", f"{-2**70:>30}", f"{2**70:+d}", f"{2**70:e}", f"{2**70:.3f}")
print(f"{2**70:x}", f"{2**70:#X}", f"{2**70:o}", f"{2**70:b}"[:12], f"{2**70:_x}", format(-2**65, "#x"), "%d" % 2**70 if True else 0)
print(hex(2**70), hex(-2**70), bin(2**65), oct(-2**65), hex(255), bin(-5), oct(8))
print((2**70).bit_length(), (-2**70).bit_length(), (2**70 - 1).bit_count(), (7).bit_length(), (2**70).real, (2**70).imag)
print(int("123456789012345678901234567890"), int("-0x" + "f" * 20, 0), int("1_000_000_000_000_000_000_000"), int("zz" * 10, 36), int(" 99999999999999999999 "))
print(math.factorial(30), math.factorial(52) // math.factorial(47), math.comb(100, 50), math.perm(30, 20))
print(math.gcd(2**100, 6**50), math.lcm(2**40, 3**30), math.isqrt(10**40 + 5), math.isqrt(2**127), math.floor(2**70), math.trunc(-2**70))
print(round(2**70, -5), round(-2**70, -10), round(12345, -2), round(25, -1), round(35, -1), round(1e20), round(2.5e20))
print(sum([2**62, 2**62, 2**62]), sum(range(10**6)) * 10**12, math.prod(range(1, 26)))
print(isinstance(2**100, int), type(2**100) is int, type(2**100).__name__, 2**100 in {2**100}, {2**100: "big"}[2**100])
print([0, 1, 2, 3][1:2**70], "abcdef"[-2**70:2], 2**70 == 2**70, 2**70 is not None)
c = 1
for i in range(1, 40):
    c *= i
print(c, c.bit_length(), str(c)[::-1][:10])
a, b = 0, 1
for _ in range(300):
    a, b = b, a + b
print(a, len(str(a)))
try:
    float(10**400)
except OverflowError as e:
    print("OverflowError", e)
try:
    10**400 / 3.0
except OverflowError as e:
    print("OverflowError", e)
try:
    [1, 2][2**70]
except IndexError as e:
    print("IndexError", e)
try:
    2**70 // 0
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    pow(3, 5, 0)
except ValueError as e:
    print("ValueError", e)
try:
    int("12x4567890123456789012345")
except ValueError as e:
    print("ValueError", e)
