# Array methods mirror jnp functions: sum/mean/max/min/prod/argmax/argmin/all/any/cumsum/reshape/astype/T/clip/round.
import jax.numpy as jnp

x = jnp.arange(12.0).reshape(3, 4) - 5.5
print(x.sum(), x.sum(axis=0), x.mean(axis=1, keepdims=True).shape, x.max(), x.min(axis=-1))
print(x.prod(axis=0), x.argmax(), x.argmin(axis=1), (x > 0).all(), (x > 0).any(axis=1))
print(x.cumsum(axis=0)[-1], x.reshape(2, 6).shape, x.reshape((4, -1)).shape, x.T.shape, x.astype(jnp.int32)[0])
print(x.clip(-1, 1)[1], x.round()[0], x.round(1)[2], x.squeeze().shape, x[None].squeeze(0).shape)
print(x.transpose().shape, x.swapaxes(0, 1).shape, x.ndim, x.size, x.shape, x.dtype)
print(jnp.arange(3).astype(jnp.float16).dtype, x.reshape(-1)[:3], abs(x)[0])
