# conform: error=TracerIntegerConversionError line=7
# range() of a traced int under jit.
import jax
import jax.numpy as jnp

def repeat_add(x, n):
    for _ in range(n):
        x = x + 1
    return x

print(repeat_add(0, 3))
print(jax.jit(repeat_add)(0, 3))
