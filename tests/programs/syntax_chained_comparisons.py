# Chained comparisons evaluate each operand once and short-circuit; mixed with and/or/not.
import jax.numpy as jnp

calls = []
def val(x):
    calls.append(x)
    return x

print(1 < 2 < 3, 3 > 2 > 2, 1 < 3 >= 3 == 3 != 4)
print(val(1) < val(0) < val(5), calls)
calls = []
print(val(1) < val(2) < val(5), calls)
x = 5
print(0 <= x < 10, not 0 <= x < 3, x == 5 and x > 4 or False)
one = 1
print(None is None, one is not None, 3 in [1, 2, 3], 'a' not in 'xyz', 2 in (1, 2))
a = jnp.array([1, 5, 9])
print(a > 2, (a > 2) & (a < 8), (a < 2) | (a > 8), ~(a > 2))
print(0 or '' or [] or 'last', 1 and 2 and 3, 1 and 0 and 3, None or 0)
