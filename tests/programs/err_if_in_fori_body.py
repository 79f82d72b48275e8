# conform: error=TracerBoolConversionError line=7
# fori_loop bodies are always traced, even outside jit: `if` on the carry fails.
import jax.numpy as jnp
from jax import lax

def body(i, acc):
    if acc > 5:
        return acc
    return acc + i

print(lax.fori_loop(0, 10, body, 0))
