# 3 * 2**62 * 4 elements: the error is the shape's (at the call), not 1 << 62's (a valid int).
# hostile: error=ValueError line=6
# hostile: expect=shape_zeros_3d_caret.py:6:5: error: ValueError: array is too big
# hostile: reject=OverflowError
import jax.numpy as jnp
x = jnp.zeros((3, 1 << 62, 4), dtype=jnp.int32)
print(x.shape)
