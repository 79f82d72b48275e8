# Static indexing: ints, negative, out-of-range ints are clamped, slices with steps, None, Ellipsis.
import jax.numpy as jnp

x = jnp.arange(10)
m = jnp.arange(12).reshape(3, 4)
print(x[0], x[-1], x[3], x[-4])
print(x[11], x[-11], x[100], x[-100])
print(m[5], m[1, 10], m[-5, -1])
print(x[2:100], x[-100:3], x[::-3], x[8:2:-2], x[5:2], x[::4], x[-1:-4:-1])
print(m[None, 1, ..., None].shape, m[..., 1], m[:, None].shape, m[..., None, :].shape)
print(m[::2, ::-1], m[1:, 1:3], m[-1], m[:, -1])
t = jnp.arange(24).reshape(2, 3, 4)
print(t[..., 1:3].shape, t[1, ...].shape, t[..., 0, 0], t[0, ..., 1], t[:, ::2, 1::2])
print(x[jnp.array(3)], m[jnp.array(-1)], m[1][2], m[1, 2])
