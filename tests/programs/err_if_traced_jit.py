# conform: error=TracerBoolConversionError line=8
# A Python `if` on a traced value inside jit.
import jax
import jax.numpy as jnp

@jax.jit
def relu(x):
    if x > 0:
        return x
    return 0.0

print(relu(jnp.float32(1.0)))
