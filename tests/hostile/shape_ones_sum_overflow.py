# An overflowing shape must not reach a reduction kernel (it read past a 0-byte buffer).
# hostile: error=ValueError line=6
import jax.numpy as jnp

n = 2 ** 32
print(jnp.ones((n, n), dtype=jnp.float32).sum())
