# conform: error=NameError line=9
# expect: unbound axis name: bacth
# expect: did you mean 'batch'?
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    return lax.psum(x, axis_name='bacth')

print(jax.pmap(f, axis_name='batch')(jnp.arange(4.0)))
