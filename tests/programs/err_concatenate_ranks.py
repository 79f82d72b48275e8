# conform: error=TypeError line=5
# concatenate arrays of different ranks.
import jax.numpy as jnp

print(jnp.concatenate([jnp.ones((2, 2)), jnp.ones(2)]))
