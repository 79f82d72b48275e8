# A jit program whose buffers would pass the host budget stops before it runs (compiled code cannot fail an allocation halfway).
# hostile: error=MemoryError line=8 timeout=30
# hostile: args=--max-memory 1GiB
import jax
import jax.numpy as jnp

f = jax.jit(lambda x: jnp.zeros((50000, 50000)) + x)
print(f(1.0)[0, 0])
