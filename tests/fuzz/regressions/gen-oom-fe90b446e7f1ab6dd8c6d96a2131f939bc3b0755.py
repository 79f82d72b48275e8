import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(127 & True)
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2 + 1, 1.0))(-10**9))
x1 = jnp.zeros((2**63 - 1, 0, 0), dtype=jnp.float32)
print(jax.pmap(lambda a: lax.psum(a, 'i'), axis_name='i')(jnp.ones((2, -1))))
print(float('inf') >> 0)
print(True + -0.0)
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2 + 1, 1.0))(0))
