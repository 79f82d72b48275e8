# conform: error=NameError line=8
# expect: unbound axis name: i
# expect: jax.pmap(f
import jax
import jax.numpy as jnp
from jax import lax

print(lax.axis_index('i'))
