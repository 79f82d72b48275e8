# conform: error=ValueError line=8
# ppermute destinations must be unique.
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return lax.ppermute(x, 'i', [(0, 1), (1, 1), (2, 3), (3, 0)])

print(jax.pmap(f, axis_name='i')(jnp.arange(4.0)))
