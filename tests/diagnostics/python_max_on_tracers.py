# conform: error=TracerBoolConversionError line=8
# expect: jnp.maximum
import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    return max(x, y)

print(f(1.0, 2.0))
