# conform: error=TypeError line=6
# randint only accepts integer dtypes.
import jax
import jax.numpy as jnp

print(jax.random.randint(jax.random.PRNGKey(0), (3,), 0, 10, dtype=jnp.float32))
