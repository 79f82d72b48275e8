# conform: error=TypeError line=6
# covers: has_aux misuse in jax.vjp: the function returns a single array, JAX's TypeError 'expected function with aux output to return a two-element tuple', at the call
import jax
import jax.numpy as jnp

out, f_vjp, aux = jax.vjp(lambda x: jnp.sin(x), jnp.ones(2), has_aux=True)
print(out)
