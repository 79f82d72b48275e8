# conform: parax-only error=DivergentCollectiveError line=10
# expect: trip count
# expect: lax.all_gather
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    def body(i, c):
        return c + lax.all_gather(c, 'i').sum()
    return lax.fori_loop(0, lax.axis_index('i') + 1, body, x)

print(jax.pmap(f, axis_name='i')(jnp.arange(4.0)))
