import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(1 + 0)
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
def r(n):
    return 0 if n == 0 else 1 + r(n - 1)
print(r(10))
print(jax.jit(lambda a: jnp.zeros((1 << 32, 1 << 32)))(x0))
x1 = jnp.broadcast_to(x1, (2**63 - 1, -1))
def r(n):
    return 0 if n == 0 else 1 + r(n - 1)
print(r(1001))
print(x0[0])
