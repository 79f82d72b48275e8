# Two traced operands that fit broadcast together to 2**64 elements.
# hostile: error=ValueError line=10
import jax
import jax.numpy as jnp

@jax.jit
def f(k):
    a = jnp.zeros((2 ** 32, 1), dtype=jnp.int8)
    b = jnp.zeros((1, 2 ** 32), dtype=jnp.int8)
    c = a + b
    return c[0, 0] + k

print(f(1))
