import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(lax.fori_loop(0, 10**8, lambda i, c: c + i, 0))
x1 = jnp.tile(x0, (1 << 31,))
print(len('a' * 10))
