# pmap stacks 4 per-device int32[2**59] results (2**61 bytes each): int32[4,2**59] is 2**63 bytes.
# hostile: error=ValueError line=7
# hostile: args=--devices 4
import jax
import jax.numpy as jnp

out = jax.pmap(lambda i: jnp.zeros(2 ** 59, dtype=jnp.int32) + i)(jnp.arange(4))
print(out.shape)
