# conform: error=TypeError line=8
# expect: cond branches must have equal output types
# expect: float32[2]
import jax
import jax.numpy as jnp
from jax import lax

print(lax.cond(True, lambda x: x, lambda x: jnp.ones(2), 1.0))
