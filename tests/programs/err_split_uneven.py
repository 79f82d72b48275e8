# conform: error=ValueError line=6
# split into sections that do not divide the axis.
import jax.numpy as jnp

print(jnp.split(jnp.arange(6), 3))
print(jnp.split(jnp.arange(7), 3))
