# conform: error=ValueError line=7|6
# pmap in_axes given as a list (not a tuple) is not a prefix of the argument tuple.
import jax
import jax.numpy as jnp

f = jax.pmap(lambda a, b: a + b, in_axes=[0, None])
print(f(jnp.arange(4), 2))
