import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2 + 1, 1.0))(10**8))
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2 + 1, 1.0))(10**8))
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2 + 1, 1.0))(10**8))
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2 + 1, 1.0))(10**8))
print(jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c * 2 + 1, 1.0))(10**8))
