# conform: error=TypeError line=7
# expect: cond_fun must return a boolean scalar
import jax
import jax.numpy as jnp
from jax import lax

print(lax.while_loop(lambda c: c, lambda c: c - 1.0, 3.0))
