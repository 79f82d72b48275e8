# conform: error=ValueError line=7
# expect: must be non-negative
import jax
import jax.numpy as jnp

f = jax.pmap(lambda a: a * 2, in_axes=-1)
print(f(jnp.ones((3, 4))))
