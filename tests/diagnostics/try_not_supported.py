# conform: parax-only error=NotImplementedError line=5
# expect: try
import jax.numpy as jnp

try:
    x = jnp.ones(3)
except ValueError:
    pass
