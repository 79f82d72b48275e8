# math module scalar functions that parax lacks (the contract: math "constants and scalar functions").
import math

print(math.asinh(1.0), math.acosh(2.0), math.atanh(0.5))
print(math.copysign(1.0, -0.0), math.fmod(7.0, 3.0), math.remainder(7.0, 3.0))
print(math.ldexp(1.0, 3), math.frexp(8.0), math.modf(2.5))
print(math.lcm(4, 6), math.comb(5, 2), math.perm(5, 2), math.isqrt(17))
print(math.cbrt(8.0), math.exp2(3.0), math.dist([0, 0], [3, 4]))
