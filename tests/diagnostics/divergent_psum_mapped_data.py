# conform: parax-only error=DivergentCollectiveError line=9
# expect: mapped over the devices
# expect: lax.pmax
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return lax.cond(x > 1.0, lambda v: lax.pmax(v, 'i'), lambda v: v, x)

print(jax.pmap(f, axis_name='i')(jnp.arange(4.0)))
