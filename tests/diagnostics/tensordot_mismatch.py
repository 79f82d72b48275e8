# conform: error=TypeError line=4
# expect: tensordot requires contracted dimensions to have the same shape
import jax.numpy as jnp
c = jnp.tensordot(jnp.ones((2, 3)), jnp.ones((2, 3)), axes=1)
