# conform: error=TracerBoolConversionError line=8
# expect: jnp.logical_and
import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    return (x > 0) and (y > 0)

print(f(1.0, 2.0))
