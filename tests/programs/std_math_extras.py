import math

print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]))
print(math.fsum([]), math.fsum([1, 2, 3]), math.fsum([0.1, 0.2, 0.3]), math.fsum([1e308, 1e308, -1e308]) if False else 0)
print(math.fsum([float("inf"), 1.0]), math.fsum([2.0 ** 53, 1.0, 1.0]), math.fsum([2.0 ** 53, -0.5, 1e-16]))
try:
    math.fsum([float("inf"), -float("inf")])
except ValueError as e:
    print("ValueError:", e)
print(math.nextafter(1.0, 2.0), math.nextafter(1.0, 0.0), math.nextafter(0.0, 1.0), math.nextafter(5.0, 5.0))
print(math.ulp(1.0), math.ulp(1e300), math.ulp(0.0), math.ulp(-2.0), math.ulp(float("inf")))
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.comb(10, 3), math.perm(5, 2), math.prod([1, 2, 3, 4]))
print(math.gcd(12, 18), math.lcm(4, 6), math.log2(8), math.log1p(1e-10), math.expm1(1e-10), math.isfinite(1.0), math.inf, math.nan != math.nan)
