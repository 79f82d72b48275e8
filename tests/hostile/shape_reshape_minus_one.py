# reshape's -1 next to extents whose product overflows.
# hostile: error=ValueError line=6
import jax.numpy as jnp

x = jnp.zeros((0,))
print(jnp.reshape(x, (-1, 2 ** 40, 2 ** 40)).shape)
