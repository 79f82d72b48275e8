# Integer array indices (gather): clamping, negative entries, 2-D index arrays, combined with slices.
import jax.numpy as jnp

x = jnp.arange(10) * 10
m = jnp.arange(12).reshape(3, 4)
idx = jnp.array([0, 2, -1, 20, -20])
print(x[idx])
print(x[jnp.array([[1, 2], [3, 4]])])
print(m[jnp.array([2, 0])], m[jnp.array([2, 0]), 1], m[:, jnp.array([3, 0])])
print(m[jnp.array([0, 1, 2]), jnp.array([3, 2, 1])])
print(x.at[idx].get(), x.at[25].get(), x.at[-25].get())
