# conform: error=ValueError line=7
# expect: Incompatible shapes for broadcasting
import jax.numpy as jnp

a = jnp.ones((2, 3))
b = jnp.ones((4,))
print(a + b)
