# conform: error=TypeError line=7
# In-place item assignment on an immutable array.
import jax.numpy as jnp

x = jnp.zeros(5)
print(x.at[1].set(3.0))
x[1] = 3.0
print(x)
