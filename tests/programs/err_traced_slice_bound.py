# conform: error=IndexError line=8
# Slice bounds must be static: x[:n] with traced n.
import jax
import jax.numpy as jnp

@jax.jit
def prefix(x, n):
    return x[:n]

print(prefix(jnp.arange(5), 2))
