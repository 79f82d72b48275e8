# conform: error=TypeError line=6
# cond branches return different pytree structures.
import jax.numpy as jnp
from jax import lax

out = lax.cond(True, lambda: (1.0, 2.0), lambda: 1.0)
print(out)
