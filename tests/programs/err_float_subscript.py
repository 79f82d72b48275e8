# conform: error=TypeError line=7
# Indexing an array with a float.
import jax.numpy as jnp

x = jnp.arange(5)
i = 6 / 3
print(x[i])
