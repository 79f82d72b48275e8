# None among advanced indices: numpy places the index dims at the first
# advanced index when the advanced indices are adjacent, else in front.
import jax.numpy as jnp

x = jnp.arange(12.).reshape(3, 4)
y = jnp.arange(60).reshape(3, 4, 5)
print(x[[0, 2], None, ::-1])
print(x[[0, 2], None, ::-1].shape)
print(x[[0, 1], None, [0, 1]].shape, x[[0, 1], ..., [0, 1]].shape)
print(y[:, [0, 1], None].shape, y[None, :, [0, 1], 0].shape)
print(y[0, None, [0, 1]])
print(y[[0, 1], ..., [0, 1]])
print(y[None, [2, 0], None, 1:3, None].shape)
