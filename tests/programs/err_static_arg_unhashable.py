# conform: error=ValueError line=11
# A static argument must be hashable: a list is not.
import jax
import jax.numpy as jnp

def f(x, dims):
    return x.reshape(dims)

g = jax.jit(f, static_argnums=1)
print(g(jnp.arange(6), (2, 3)).shape)
print(g(jnp.arange(6), [3, 2]).shape)
