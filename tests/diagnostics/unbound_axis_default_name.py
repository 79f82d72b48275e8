# conform: error=NameError line=9
# expect: unbound axis name: i
# expect: axis_name='i'
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return lax.psum(x, 'i')

print(jax.pmap(f)(jnp.arange(4.0)))
