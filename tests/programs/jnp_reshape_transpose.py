# reshape (tuple, varargs, -1 inference, order C), transpose (default and axes), .T, swapaxes.
import jax.numpy as jnp

x = jnp.arange(24)
print(x.reshape(4, 6).shape, x.reshape((2, 3, 4)).shape, x.reshape(-1, 8).shape, x.reshape(2, -1, 3).shape)
print(jnp.reshape(x, (6, -1)), x.reshape(24, 1).shape, x.reshape(-1).shape)
y = x.reshape(2, 3, 4)
print(jnp.transpose(y).shape, jnp.transpose(y, (1, 0, 2)).shape, y.transpose(2, 0, 1).shape, y.T.shape)
print(jnp.transpose(y, (2, 1, 0))[1])
m = jnp.arange(6).reshape(2, 3)
print(m.T, m.T.reshape(2, 3), jnp.swapaxes(y, 0, 2).shape, jnp.swapaxes(y, -1, 1)[0])
print(jnp.arange(5).T, jnp.array(3).reshape(1, 1), jnp.zeros((2, 3)).reshape(3, 2, 1).shape)
print(jnp.transpose(y, (-1, 0, 1)).shape, m.reshape(3, -1).T)
