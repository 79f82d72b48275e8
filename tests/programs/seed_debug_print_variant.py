# conform: sort-lines
# Seed variant: debug print inside pmap of a per-device intermediate, gated with lax.cond instead of Python if.
import jax
import jax.numpy as jnp
from jax import pmap, lax

def func_with_debug_print(x):
    intermediate = x * 2
    idx = lax.axis_index('data_axis')
    lax.cond(idx == 0, lambda v: jax.debug.print("device 0 intermediate: {val}", val=v), lambda v: None, intermediate)
    result = lax.psum(intermediate, axis_name='data_axis')
    jax.debug.print("device {id} result: {res}", id=idx, res=result)
    return result

data = jnp.arange(4 * 3).reshape((4, 3))
output = pmap(func_with_debug_print, axis_name='data_axis')(data)
print(output)
