# conform: error=ValueError line=7
# expect: pmap requires at least one argument with a mapped axis
import jax
import jax.numpy as jnp

f = jax.pmap(lambda a: a * 2, in_axes=None)
print(f(jnp.ones(4)))
