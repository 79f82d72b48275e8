# conform: error=ValueError line=5
import jax
import jax.numpy as jnp

jax.vmap(lambda a: a * 2, out_axes=None)(jnp.ones(3))
