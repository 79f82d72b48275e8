# conform: error=TracerBoolConversionError line=8
# expect: jnp.where
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    return x if x > 0 else -x

print(f(1.0))
