import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(jax.jit(lambda a: jnp.sin(a) @ a.T)(x0))
l = [1]
for _ in range(64):
    l = l + l
print(len(l))
