# conform: error=AssertionError line=7
# A failing assert with a message, on a concrete array comparison.
import jax.numpy as jnp

x = jnp.arange(4)
assert x.shape == (4,)
assert jnp.sum(x) == 7, "sum is not 7"
print('unreachable')
