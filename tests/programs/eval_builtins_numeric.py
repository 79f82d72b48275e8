# Numeric builtins: abs, min, max, sum, round (half to even), int, float, bool, divmod-free arithmetic.
import jax.numpy as jnp

print(abs(-3), abs(2.5), abs(-0.0), abs(True))
print(min(3, 1, 2), max([4, 9, 2]), min('b', 'a'), max((1, 5), (1, 7)))
print(sum([1, 2, 3]), sum([1.5, 2.5]), sum([], 7), sum([0.1] * 10))
print(round(2.5), round(3.5), round(-2.5), round(0.125, 2), round(2.675, 2), round(1234.5678, 1), round(1250, -2))
print(int(3.99), int(-3.99), int(True), float(7), float(-2), bool(0), bool(0.1), bool(''), bool('x'))
print(7 // 2, -7 // 2, 7 % 3, -7 % 3, 7 % -3, 7.5 // 2, -7.5 % 2, 2 ** -2, 9 ** 0.5)
print(1 / 3, 2 / 3, 10 / 4, 1e300 * 1e300, -(1e300 * 1e300))
x = jnp.array([3.7, -1.2])
print(abs(x), max(1, 2.5), int(x[0]), float(x[1]), round(float(x[0])), bool(x[0] > 0))
print(min(jnp.array(5), 3), sum([jnp.array(1.5), 2]))
print(float(jnp.float32(0.1)), float(jnp.array(1.0) / 3))
