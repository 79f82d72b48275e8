# conform: error=TracerIntegerConversionError line=10
# expect: __index__
# expect: lax.fori_loop
import jax
import jax.numpy as jnp

@jax.jit
def f(n):
    total = 0
    for i in range(n):
        total += i
    return total

print(f(4))
