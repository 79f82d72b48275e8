import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2 + 1, 1.0))(10**8))
x1 = jnp.zeros((), dtype=jnp.float32)
print(lax.fori_loop(0, -10**9, lambda i, c: c + i, 0))
def r(n):
    return 0 if n == 0 else 1 + r(n - 1)
print(r(1))
x2 = jnp.zeros((1,), dtype=jnp.uint8)
print(jax.pmap(lambda a: lax.psum(a, 'i'), axis_name='i')(jnp.ones((2, 16))))
print(x2[-2**62:2**62, -1])
print(jax.pmap(lambda a: lax.psum(a, 'i'), axis_name='i')(jnp.ones((2, 7))))
