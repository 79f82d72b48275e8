# conform: error=ValueError line=5
import jax
import jax.numpy as jnp

jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))
