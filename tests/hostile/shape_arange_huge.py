# arange(1e30): its length is no int64 (it became an empty array).
# hostile: error=ValueError line=7
# hostile: expect=Maximum allowed size exceeded
import jax.numpy as jnp

print(jnp.arange(3.0))
print(jnp.arange(1e30))
