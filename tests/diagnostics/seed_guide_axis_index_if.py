# conform: error=TracerBoolConversionError line=10
# expect: lax.axis_index('data_axis')
# expect: lax.cond(lax.axis_index
import jax
import jax.numpy as jnp
from jax import pmap, lax

def func_with_debug_print(x):
    intermediate = x * 2
    if lax.axis_index('data_axis') == 0:
        jax.debug.print("device 0: {val}", val=intermediate)
    return lax.psum(intermediate, axis_name='data_axis')

print(pmap(func_with_debug_print, axis_name='data_axis')(jnp.arange(6).reshape(2, 3)))
