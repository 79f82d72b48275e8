# conform: error=TypeError line=7
# Integer arrays cannot be raised to a negative Python int power.
import jax.numpy as jnp

x = jnp.array([1, 2, 4])
print(x ** 2)
print(x ** -1)
