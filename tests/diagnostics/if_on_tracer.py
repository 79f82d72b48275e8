# conform: error=TracerBoolConversionError line=10
# expect: Attempted boolean conversion of traced array
# expect: lax.cond
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    s = jnp.sum(x)
    if s > 0:
        return x
    return -x

print(f(jnp.arange(3.0)))
