# zeros_like / ones_like / empty_like with an overflowing shape= argument.
# hostile: error=ValueError line=7
import jax.numpy as jnp

x = jnp.arange(4)
print(jnp.ones_like(x, shape=(2, 2)))
print(jnp.zeros_like(x, shape=(2 ** 40, 2 ** 40)).sum())
