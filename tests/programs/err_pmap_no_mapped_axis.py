# conform: error=ValueError line=6
# pmap with every argument replicated (in_axes=None) has no mapped axis.
import jax
import jax.numpy as jnp

print(jax.pmap(lambda a, b: a + b, in_axes=(None, None))(jnp.ones(4), 2.0))
