# lax.select: scalar or elementwise predicates, same-dtype cases, both sides evaluated; jnp.where contrast.
import jax
import jax.numpy as jnp
from jax import lax

p = jnp.array([True, False, True])
a = jnp.array([1.0, 2.0, 3.0])
b = jnp.array([-1.0, -2.0, -3.0])
print(lax.select(p, a, b), lax.select(jnp.array(True), a, b), lax.select(jnp.array(False), a, b))
print(lax.select(a > 1.5, a, jnp.zeros(3)), lax.select(p, jnp.arange(3), jnp.arange(3) * 10))
sel = jax.jit(lambda c, x: lax.select(c, x, x * 0))
print(sel(jnp.array([True, True, False]), jnp.arange(3)))
print(lax.select(jnp.array([[True, False], [False, True]]), jnp.ones((2, 2)), jnp.zeros((2, 2))))
safe = lax.select(a > 2, jnp.log(a), jnp.zeros(3))
print(safe, jnp.where(a > 2, jnp.log(a), 0.0))
print((lax.select(True, 1.0, 2.0),), (lax.select(p, a.astype(jnp.float16), b.astype(jnp.float16)),))
