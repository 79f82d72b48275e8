# conform: error=TypeError line=6
# covers: jax.jacrev of an integer input: JAX's TypeError (jacrev shares grad's inexact-input check), at the call
import jax
import jax.numpy as jnp

print(jax.jacrev(lambda x: x * 2)(jnp.arange(3)))
