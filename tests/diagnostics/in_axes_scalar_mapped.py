# conform: error=ValueError line=8
# expect: out of bounds for its rank-0 value
# expect: in_axes=None
import jax
import jax.numpy as jnp

f = jax.pmap(lambda a, b: a * b, in_axes=(0, 0))
print(f(jnp.ones(4), 2.0))
