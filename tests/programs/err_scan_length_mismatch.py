# conform: error=ValueError line=7
# scan length disagrees with the leading axis of xs.
import jax.numpy as jnp
from jax import lax

xs = jnp.arange(10)
print(lax.scan(lambda c, x: (c + x, None), 0, xs, length=5))
