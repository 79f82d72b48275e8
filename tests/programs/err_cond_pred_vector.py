# conform: error=TypeError line=8
# cond predicate must be a scalar, not a vector.
import jax.numpy as jnp
from jax import lax

x = jnp.array([1.0, -1.0])
print(lax.cond(x[0] > 0, lambda: 1.0, lambda: 0.0))
print(lax.cond(x > 0, lambda: 1.0, lambda: 0.0))
