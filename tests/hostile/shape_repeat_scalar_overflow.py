# repeat by a scalar whose product with the axis overflows (under jit, no memory needed).
# hostile: error=ValueError line=8
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    return jnp.repeat(x, 2 ** 62, axis=0)[0]

print(f(jnp.ones((8, 2))))
