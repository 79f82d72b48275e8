# Subscript syntax: slices with all fields, negative steps, tuples of slices, None, Ellipsis.
import jax.numpy as jnp

lst = list(range(10))
print(lst[2:5], lst[:3], lst[7:], lst[::3], lst[::-1], lst[-3:], lst[:-7], lst[8:2:-2], lst[5:2])
t = tuple(lst)
print(t[1:4], t[-1], t[::-4])
x = jnp.arange(24).reshape(2, 3, 4)
print(x[1, 2, 3], x[-1, -1, -1])
print(x[:, 1])
print(x[..., 0])
print(x[0, ..., ::2])
print(x[None, 0, :, None].shape, x[:, :, None].shape, x[..., None].shape)
print(x[1, ::-1, 1:3])
print(x[0][1][2], x[0, 1][2])
print(x[(1, 0)], x[1:, 1:, 1:].shape)
s = 1
print(x[s].shape, x[s:].shape, x[-s:, :s].shape)
