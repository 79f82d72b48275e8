# conform: error=ValueError line=3
import jax.numpy as jnp
s = jnp.sort(jnp.ones(3), axis=2)
