# conform: error=ValueError line=10
# expect: in_axes specification must be a tree prefix
# expect: a tuple of length 2
import jax
import jax.numpy as jnp

x = jnp.ones((4, 3))
y = jnp.ones((4, 3))
f = jax.pmap(lambda a, b: a + b, in_axes=(0, 0, 0))
print(f(x, y))
