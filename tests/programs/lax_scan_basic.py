# scan: carries and stacked outputs, reverse, xs=None with length, ys=None, 2-D xs.
import jax
import jax.numpy as jnp
from jax import lax

xs = jnp.array([3, 1, 4, 1, 5, 9])
def cum(c, x):
    c = c + x
    return c, c
print(lax.scan(cum, 0, xs))
print(lax.scan(cum, 0, xs, reverse=True))
print(lax.scan(lambda c, _: (c * 2, c), 1, None, length=6))
print(lax.scan(lambda c, x: (c + x, None), 0.0, jnp.arange(5.0)))
m = jnp.arange(12.0).reshape(4, 3)
last, rows = lax.scan(lambda c, row: (row, row.sum() + c.sum()), jnp.zeros(3), m)
print(last, rows)
carry, ys = lax.scan(lambda c, x: (c, x * 2), 0, jnp.arange(0))
print(carry, ys, ys.shape)
print(lax.scan(lambda c, x: (c + 1, c * x), 0, xs, length=6)[1])
