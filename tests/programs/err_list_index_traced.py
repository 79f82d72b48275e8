# conform: error=TracerIntegerConversionError line=10
# Indexing a Python list with a traced int.
import jax
import jax.numpy as jnp

weights = [0.5, 1.5, 2.5]

@jax.jit
def pick(i):
    return weights[i] * 2

print(pick(1))
