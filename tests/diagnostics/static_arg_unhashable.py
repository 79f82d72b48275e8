# conform: error=ValueError line=11
# expect: Non-hashable static arguments
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnums=1)
def f(x, shape):
    return x.reshape(shape)

print(f(jnp.arange(4), [2, 2]))
