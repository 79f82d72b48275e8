# conform: error=TracerBoolConversionError line=9
# Python `while` on axis_index inside pmap (device-dependent value) cannot be traced.
import jax
import jax.numpy as jnp
from jax import lax

def f(x):
    k = 0
    while lax.axis_index('i') > k:
        k += 1
    return x * k

print(jax.pmap(f, axis_name='i')(jnp.arange(4.0)))
