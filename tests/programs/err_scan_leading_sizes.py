# conform: error=ValueError line=7
# scan xs leaves with different leading sizes.
import jax.numpy as jnp
from jax import lax

xs = (jnp.arange(3), jnp.arange(4))
print(lax.scan(lambda c, x: (c + x[0] + x[1], None), 0, xs))
