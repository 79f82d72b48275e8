# The same for pmap: every device's buffers are host memory.
# hostile: error=MemoryError line=8 timeout=30
# hostile: args=--devices 2 --max-memory 1GiB
import jax
import jax.numpy as jnp

f = jax.pmap(lambda x: jnp.zeros((20000, 20000)) + x)
print(f(jnp.arange(2.0))[0, 0, 0])
