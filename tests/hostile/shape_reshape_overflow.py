# An empty array reshaped to extents whose product wraps to 0 (2**32 * 2**32 mod 2**64).
# hostile: error=ValueError line=6
import jax.numpy as jnp

x = jnp.zeros((0,))
y = x.reshape(2 ** 32, 2 ** 32)
print(y.shape, y[1, 1])
