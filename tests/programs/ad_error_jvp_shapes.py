# conform: error=ValueError line=6
# covers: jax.jvp with a tangent whose shape differs from its primal: JAX's ValueError, at the call
import jax
import jax.numpy as jnp

print(jax.jvp(lambda x: x * 2, (jnp.ones(3),), (jnp.ones(2),)))
