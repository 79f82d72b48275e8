# conform: error=TypeError line=7
# reshape to a shape of a different size.
import jax.numpy as jnp

x = jnp.arange(12)
print(x.reshape(3, 4).shape)
print(x.reshape(5, -1))
