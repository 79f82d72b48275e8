# conform: error=NameError line=8
# axis_index with a misspelled axis name inside pmap.
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return x + lax.axis_index('devcies')

print(jax.pmap(f, axis_name='devices')(jnp.zeros(4)))
