# A 10 GB eager array under a 1 GiB host budget: MemoryError before allocating.
# hostile: error=MemoryError line=6 timeout=20
# hostile: args=--max-memory 1GiB
import jax.numpy as jnp

x = jnp.zeros((50000, 50000), dtype=jnp.float32)
print(x[0, 0])
