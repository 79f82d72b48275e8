# Named binary functions and operators: add/subtract/multiply/divide/power/maximum/minimum, comparisons.
import jax.numpy as jnp

a = jnp.array([1.0, -2.0, 3.5, 0.0])
b = jnp.array([2.0, 2.0, -1.0, 4.0])
print(jnp.add(a, b), jnp.subtract(a, b), jnp.multiply(a, b), jnp.divide(a, b), jnp.true_divide(a, 2))
print(jnp.power(a, 2), jnp.power(jnp.abs(a), 0.5), a ** b, jnp.power(jnp.array([2, 3]), jnp.array([3, 2])))
print(jnp.power(jnp.array([2, 3]), jnp.array([-1, 0])), jnp.array([2, 3]) ** 2, jnp.array([2, 3]) ** 2.0)
print(jnp.maximum(a, b), jnp.minimum(a, b), jnp.maximum(a, 1), jnp.minimum(jnp.arange(4), 2))
print(jnp.maximum(jnp.array([jnp.nan, 1.0]), jnp.array([0.0, jnp.nan])), jnp.minimum(jnp.array([jnp.nan]), 0.0))
print(jnp.equal(a, 0), jnp.not_equal(a, b), jnp.less(a, b), jnp.less_equal(a, 0), jnp.greater(a, b), jnp.greater_equal(a, 3.5))
print(a == b, a < b, a >= 0, 2 < a, 1.0 == jnp.array([1, 2]))
print(jnp.floor_divide(jnp.array([7, -7]), 2), jnp.remainder(jnp.array([7, -7]), 3), jnp.mod(jnp.array([7.5]), -2.0))
print(2 - a, 1 / b, 2 ** jnp.arange(4), 10 % jnp.array([3, 4]), 7 // jnp.array([2.0]))
