# conform: error=ValueError line=6
# expect: must match the axis size (4)
import jax
import jax.numpy as jnp
from jax import lax
out = jax.pmap(lambda v: lax.psum_scatter(v, 'i'), axis_name='i')(jnp.ones((4, 3)))
