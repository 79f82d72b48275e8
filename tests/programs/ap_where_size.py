# jnp.where(condition) with size= / fill_value= (the jit-compatible one-argument form).
import jax
import jax.numpy as jnp

c = jnp.array([1, 0, 2, 0, 3])
print(jnp.where(c, size=4, fill_value=-1))
print(jax.jit(lambda v: jnp.where(v > 0, size=2))(c))
print(jnp.nonzero(c))
