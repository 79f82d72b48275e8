# conform: parax-only error=NotImplementedError line=7
# expect: parax does not support jax.vmap yet
import jax
import jax.numpy as jnp

# A look-alike (pmap) would be a wrong suggestion: vmap is a JAX name parax lacks.
print(jax.vmap(jnp.sin)(jnp.arange(4.0)))
