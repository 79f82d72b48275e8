# Integer + integer-array indices separated by a slice: the advanced-index dimensions go first (numpy rule).
import jax
import jax.numpy as jnp

x = jnp.arange(24).reshape(2, 3, 4)
a = x[0, :, jnp.array([1, 2])]
print(a.shape)
print(a)
b = x[jnp.array([0, 1]), :, jnp.array([0, 3])]
print(b.shape)
print(b)
print(jax.jit(lambda v, i: v[1, :, i])(x, jnp.array([3, 0, 1])))
