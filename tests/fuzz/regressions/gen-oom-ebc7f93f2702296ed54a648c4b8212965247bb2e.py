import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(x0[-1, -2**62:2**62])
x1 = jnp.zeros((65536, 16, 0, 7), dtype=jnp.uint32)
print(jax.jit(lambda a: a * 2 + 1)(x0))
print(x0[1:0, 1:0])
print(jax.jit(lambda a: a * 2 + 1)(x0))
x2 = jnp.zeros((1 << 31, 0), dtype=jnp.float64)
