# conform: error=TypeError line=7
# Indexing an array with a Python list is not allowed in JAX.
import jax.numpy as jnp

x = jnp.arange(5)
print(x[jnp.array([0, 2])])
print(x[[0, 2]])
