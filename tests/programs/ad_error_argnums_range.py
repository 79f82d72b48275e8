# conform: error=TypeError line=9
# covers: grad with argnums past the positional arguments: JAX's TypeError, at the call; has_aux with a dict aux works first
import jax
import jax.numpy as jnp

def f(x):
    return jnp.sum(x), {'n': 1}
print(jax.grad(f, has_aux=True)(jnp.ones(2)))
print(jax.grad(f, argnums=2)(jnp.ones(2)))
