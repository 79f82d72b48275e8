# The element count of (2**32, 2**32) overflows 64-bit size arithmetic: a located error, not size 0.
# hostile: error=ValueError line=6
# hostile: expect=array is too big
import jax.numpy as jnp

x = jnp.zeros((1 << 32, 1 << 32), dtype=jnp.int32)
print(x[0, 0:4])
