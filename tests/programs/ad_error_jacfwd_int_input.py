# conform: error=TypeError line=6
# covers: jax.jacfwd of an integer input: JAX's TypeError 'jacfwd requires real-valued inputs', at the call
import jax
import jax.numpy as jnp

print(jax.jacfwd(lambda x: x * 2)(jnp.arange(3)))
