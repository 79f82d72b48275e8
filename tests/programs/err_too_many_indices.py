# conform: error=IndexError line=7
# More indices than dimensions.
import jax.numpy as jnp

m = jnp.arange(6).reshape(2, 3)
print(m[1, 2])
print(m[1, 2, 0])
