# A compiled fori_loop over a 16-element carry that stays in loop-owned
# buffers (no runtime call per iteration): --timeout still stops it.
# hostile: args=--timeout 2
# hostile: error=TimeoutError line=11
# hostile: timeout=30
import jax
import jax.numpy as jnp
from jax import lax

v = jnp.ones(16, dtype=jnp.float32)
print(jax.jit(lambda v: lax.fori_loop(0, 2000000000, lambda i, c: c * 0.5 + v, v))(v))
