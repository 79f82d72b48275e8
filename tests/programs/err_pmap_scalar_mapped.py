# conform: error=ValueError line=8
# A Python scalar argument mapped over axis 0 (the default in_axes) has no axis to split.
import jax
import jax.numpy as jnp

f = jax.pmap(lambda a, b: a * b)
print(jax.pmap(lambda a, b: a * b, in_axes=(0, None))(jnp.arange(4.0), 2.0))
print(f(jnp.arange(4.0), 2.0))
