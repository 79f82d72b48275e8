# conform: error=ValueError line=7
# expect: got the list
# expect: in_axes=(0, None)
import jax
import jax.numpy as jnp

f = jax.pmap(lambda a, b: a * b, in_axes=[0, None])
print(f(jnp.ones(4), 2.0))
