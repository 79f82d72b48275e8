import jax
import jax.numpy as jnp
from jax import lax
import numpy as np
import math

x0 = jnp.arange(12.0).reshape(3, 4)
print(len('a' * 2**31))
print(x0[-1, -1])
print(x0[-1, -1])
print(x0[-1, -1])
print(x0[-1, -1])
