# conform: error=TypeError line=8
# fori_loop bounds must have equal (integer) types: a float upper bound fails.
import jax.numpy as jnp
from jax import lax

n = 10 / 4
print(lax.fori_loop(0, 2, lambda i, c: c + i, 0))
print(lax.fori_loop(0, n, lambda i, c: c + i, 0))
