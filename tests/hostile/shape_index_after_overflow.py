# full + indexing on an overflowing shape: stopped at the full, never indexed (it segfaulted).
# hostile: error=ValueError line=5
import jax.numpy as jnp

x = jnp.full((2 ** 33, 2 ** 31), 7, dtype=jnp.int8)
print(x[5, 5])
