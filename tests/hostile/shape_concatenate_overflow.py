# Two 2**62-element traced arrays concatenated: the total extent passes int64.
# hostile: error=ValueError line=10
import jax
import jax.numpy as jnp

@jax.jit
def f(k):
    a = jnp.zeros((2 ** 62,), dtype=jnp.bool_)
    b = jnp.zeros((2 ** 62,), dtype=jnp.bool_)
    c = jnp.concatenate([a, b])
    return c[0] | k

print(f(True))
