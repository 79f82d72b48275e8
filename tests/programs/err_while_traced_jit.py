# conform: error=TracerBoolConversionError line=7
# A Python `while` whose condition depends on a traced argument.
import jax
import jax.numpy as jnp

def halve_until_small(x):
    while x > 1.0:
        x = x / 2
    return x

print(halve_until_small(10.0))
print(jax.jit(halve_until_small)(10.0))
