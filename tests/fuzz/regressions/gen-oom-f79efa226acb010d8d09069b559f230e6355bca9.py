import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
v = 0
for _ in range(1):
    v = [v]
print(jnp.array(v).shape)
print(lax.fori_loop(0, -10**9, lambda i, c: c + i, 0))
print(x0.astype(jnp.bool_))
x1 = jnp.repeat(x0, 10**5)
print(len([0] * 1))
def r(n):
    return 0 if n == 0 else 1 + r(n - 1)
print(r(1))
print(x0[::-1, -1])
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
