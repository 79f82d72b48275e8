# conform: parax-only error=DivergentCollectiveError line=11
# expect: lax.psum over axis 'i' is inside a lax.switch branch whose index depends on lax.axis_index('i')
# expect: note: the lax.switch whose control varies between devices
# expect: make the index uniform
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return lax.switch(lax.axis_index('i') % 2,
                      [lambda v: lax.psum(v, 'i'),
                       lambda v: v],
                      x)

print(jax.pmap(f, axis_name='i')(jnp.arange(4.0)))
