import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(jnp.bfloat16(True) % float('nan'))
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
x1 = jnp.array([0, 0], dtype=jnp.float32)
print(jax.jit(lambda a: a * 2 + 1)(x0))
print(jax.pmap(lambda a: lax.psum(a, 'i'), axis_name='i')(jnp.ones((2, 0))))
def r(n):
    return 0 if n == 0 else 1 + r(n - 1)
print(r(100))
def r(n):
    return 0 if n == 0 else 1 + r(n - 1)
print(r(100))
