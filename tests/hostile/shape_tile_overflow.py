# tile's extent 4 * 2**62 wraps to 0: it printed [] instead of failing.
# hostile: error=ValueError line=6
# hostile: reject=[]
import jax.numpy as jnp

print(jnp.tile(jnp.ones(4), 2 ** 62))
