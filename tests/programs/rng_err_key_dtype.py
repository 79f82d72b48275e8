# conform: error=TypeError line=7
# raw keys must be uint32[2]: an int32 array is invalid PRNG key data.
import jax
import jax.numpy as jnp

print(jax.random.normal(jax.random.PRNGKey(1), (2,)))
print(jax.random.normal(jnp.array([0, 1]), (2,)))
