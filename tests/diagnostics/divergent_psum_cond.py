# conform: parax-only error=DivergentCollectiveError line=11
# expect: lax.psum over axis 'i'
# expect: lax.cond
# expect: wait forever
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return lax.cond(lax.axis_index('i') == 0,
                    lambda v: lax.psum(v, 'i'),
                    lambda v: v,
                    x)

print(jax.pmap(f, axis_name='i')(jnp.arange(4.0)))
