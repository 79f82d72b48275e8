# conform: error=TypeError line=6
# switch index must be an integer.
import jax.numpy as jnp
from jax import lax

print(lax.switch(jnp.float32(1.0), [lambda: 1, lambda: 2], ))
