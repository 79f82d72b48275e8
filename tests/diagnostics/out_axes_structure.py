# conform: error=ValueError line=8
# expect: out_axes
# expect: not a tree prefix
import jax
import jax.numpy as jnp

f = jax.pmap(lambda a: (a, a * 2), out_axes=(0, 0, 0))
print(f(jnp.ones(4)))
