# conform: error=IndexError line=9
# expect: static start/stop/step
# expect: lax.dynamic_slice
import jax
import jax.numpy as jnp

@jax.jit
def f(x, n):
    return x[:n]

print(f(jnp.arange(5), 2))
