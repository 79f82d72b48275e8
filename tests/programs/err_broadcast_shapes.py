# conform: error=ValueError line=8
# Binary op on incompatible shapes.
import jax.numpy as jnp

a = jnp.ones((3, 4))
b = jnp.ones((3,))
print((a + b[:, None]).shape)
print(a + b)
