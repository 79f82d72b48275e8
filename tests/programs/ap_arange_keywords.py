# jnp.arange called with keyword arguments.
import jax.numpy as jnp

print(jnp.arange(start=1, stop=4))
print(jnp.arange(0, 6, step=2))
print(jnp.arange(2, stop=5, dtype=jnp.float32))
print(jnp.arange(start=0.5, stop=2.0, step=0.5))
