# conform: error=TypeError line=6
# expect: cannot reshape array of shape (6,)
import jax.numpy as jnp

x = jnp.arange(6)
print(x.reshape(4, 2))
