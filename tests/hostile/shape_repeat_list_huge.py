# repeats that sum past int64: no host loop over 2**63 indices.
# hostile: error=ValueError line=6
# hostile: timeout=20
import jax.numpy as jnp

print(jnp.repeat(jnp.ones(2), [2 ** 62, 2 ** 62]))
