# conform: error=TracerBoolConversionError line=9
# The same jitted function works under disable_jit() but fails once jit is enabled again.
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    print('inside f', x)
    if x.sum() > 2:
        return x * 2
    return x

with jax.disable_jit():
    print(f(jnp.arange(3.0)))
print(f(jnp.arange(3.0)))
