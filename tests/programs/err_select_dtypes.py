# conform: error=TypeError line=7
# lax.select does not promote: int32 and float32 cases.
import jax.numpy as jnp
from jax import lax

p = jnp.array([True, False])
print(lax.select(p, jnp.array([1, 2]), jnp.array([1.0, 2.0])))
