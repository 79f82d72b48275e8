import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(1 * 2**31 - 1)
print(jax.pmap(lambda a: lax.psum(a, 'i'), axis_name='i')(jnp.ones((2, 1000))))
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
print(jax.pmap(lambda a: lax.psum(a, 'i'), axis_name='i')(jnp.ones((2, -5))))
print(lax.fori_loop(0, -10**9, lambda i, c: c + i, 0))
v = 0
for _ in range(500):
    v = [v]
print(jax.jit(lambda t: t)(v) is not None)
print(len('a' * 2**62))
