# conform: error=TracerBoolConversionError line=9
# expect: lax.while_loop
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    i = 0
    while x[i] > 0:
        i += 1
    return i

print(f(jnp.ones(3)))
